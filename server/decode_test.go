package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestTypeErrorsSayJSON: a value of the wrong JSON type is named as a
// client writes JSON, not as the Go type it decodes into.
func TestTypeErrorsSayJSON(t *testing.T) {
	type body struct {
		Query string   `json:"query"`
		TopK  int      `json:"top_k"`
		Score float64  `json:"score"`
		Tags  []string `json:"tags"`
		Lines []int    `json:"lines"`
		On    bool     `json:"on"`
		Sub   struct{} `json:"sub"`
	}
	for in, want := range map[string]string{
		`{"query": 5}`:        "query: want a string, got JSON number",
		`{"top_k": "ten"}`:    "top_k: want an integer, got JSON string",
		`{"score": "high"}`:   "score: want a number, got JSON string",
		`{"tags": "db"}`:      "tags: want an array of strings, got JSON string",
		`{"lines": ["a"]}`:    "lines: want an integer, got JSON string",
		`{"on": "yes"}`:       "on: want true or false, got JSON string",
		`{"sub": []}`:         "sub: want an object, got JSON array",
		`[1, 2]`:              "the body: want an object, got JSON array",
		`{"lines": {"a": 1}}`: "lines: want an array of integers, got JSON object",
	} {
		var b body
		err := jsonError([]byte(in), json.Unmarshal([]byte(in), &b))
		var ae *APIError
		if !errors.As(err, &ae) || ae.Message != want {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
}

func TestLoneSurrogate(t *testing.T) {
	for in, want := range map[string]int{
		`{"text":"lone \ud800 surrogate"}`:       14,
		`{"text":"low \udc00 alone"}`:            13,
		`{"text":"a pair \ud83d\ude00 is fine"}`: -1,
		`{"text":"an escaped \\ud800 is text"}`:  -1,
		`{"text":"\" \u00e9 \n"}`:                -1,
		`{"text":"cut \ud83d"}`:                  13,
	} {
		if got := loneSurrogate([]byte(in)); got != want {
			t.Errorf("loneSurrogate(%s) = %d, want %d", in, got, want)
		}
	}
}

// TestCompressedBodyRefused: a compressed body is refused as such (415),
// not read as text that is no UTF-8.
func TestCompressedBodyRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	req, _ := http.NewRequest("POST", ts.hs.URL+"/v1/search", strings.NewReader("\x1f\x8b\x08\x00"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", "gzip")
	resp, err := ts.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("gzip body: %d, want 415", resp.StatusCode)
	}
}
