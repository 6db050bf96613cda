package convgen

import (
	"strings"
	"testing"
)

// TestData decodes and checks every data file, so a bad edit fails here
// with the file, line and field instead of as a panic in a caller's test.
func TestData(t *testing.T) {
	if _, err := loadWords(); err != nil {
		t.Fatal(err)
	}
}

func TestBadWordsFile(t *testing.T) {
	good, err := data.ReadFile(wordsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, file, want string }{
		{"syntax", strings.Replace(string(good), `"projects": [`, `"projects": [,`, 1), "w.json:3: invalid character ','"},
		{"unknown field", strings.Replace(string(good), `"projects"`, `"project"`, 1), `unknown field "project"`},
		{"wrong type", strings.Replace(string(good), `"projects": [`, `"projects": [1,`, 1), "w.json:3: json: cannot unmarshal number"},
		{"missing list", `{"projects": ["atlas"]}`, `w.json: "files" is missing or empty`},
		{"empty list", `{"projects": []}`, `"projects" is missing or empty`},
		{"verbs", strings.Replace(string(good), `Let me read %s first.`, `Let me read %s and %d first.`, 1), `narrations[6] "Let me read %s and %d first." must have exactly 1 %s`},
		{"trailing", string(good) + "{}", "data after the top-level value"},
	} {
		_, err := decodeWords("w.json", []byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}
