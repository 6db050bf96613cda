package jsonedit

import (
	"testing"
)

func TestRoundTripKeepsOrderAndNumbers(t *testing.T) {
	for _, doc := range []string{
		"{\n  \"z\": 1.50,\n  \"a\": [1, {\"b\": null}],\n  \"m\": \"<é>\"\n}",
		"{\n    \"permissions\": {\n        \"allow\": [\n            \"Bash(go test:*)\"\n        ]\n    },\n    \"env\": {}\n}",
		"[]",
	} {
		v, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if v.IsObject() {
			want := "{\"z\":1.50,"
			if got := string(v.Marshal("")); len(got) < len(want) && v.Get("z") != nil {
				t.Fatalf("compact: %s", got)
			}
		}
		back, err := Parse(v.Marshal(Indent([]byte(doc))))
		if err != nil || string(back.Marshal("")) != string(v.Marshal("")) {
			t.Fatalf("round trip of %s: %s %v", doc, back.Marshal(""), err)
		}
	}
	v, _ := Parse([]byte(`{"z":1.50,"a":2}`))
	v.Set("b", Array())
	v.Set("z", &Value{scalar: []byte("3")})
	v.Delete("a")
	if got := string(v.Marshal("")); got != `{"z":3,"b":[]}` {
		t.Fatalf("edit: %s", got)
	}
	if Indent([]byte("{\n\t\"a\": 1\n}")) != "\t" || Indent([]byte("{}")) != "  " {
		t.Fatal("indent detection")
	}
	if _, err := Parse([]byte(`{"a":1} {}`)); err == nil {
		t.Fatal("trailing data accepted")
	}
}

func TestUntouchedPartsKeepTheirBytes(t *testing.T) {
	doc := "{\n    \"permissions\": {\"allow\": [\"Bash(go test:*)\"]},\n    \"hooks\": {\n        \"Stop\": [{\"hooks\": []}]\n    }\n}"
	v, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Marshal(Indent([]byte(doc)))); got != doc {
		t.Fatalf("untouched document changed:\n%s", got)
	}
	v.Get("hooks").Set("SessionStart", Array())
	want := "{\n    \"permissions\": {\"allow\": [\"Bash(go test:*)\"]},\n    \"hooks\": {\n        \"Stop\": [{\"hooks\": []}],\n        \"SessionStart\": []\n    }\n}"
	if got := string(v.Marshal(Indent([]byte(doc)))); got != want {
		t.Fatalf("edited document:\n%s\nwant\n%s", got, want)
	}
}
