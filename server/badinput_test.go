package server

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// unknownIDs are well-formed ids that name nothing, per path.
var unknownIDs = map[string]string{
	"/v1/items/{id}": "0123456789abcdef", "/v1/projects/{id}": "P999", "/v1/tasks/{id}": "T999",
	"/v1/tasks/{id}/done": "T999", "/v1/knowledge/{id}": "K999", "/v1/knowledge/{id}/observe": "K999",
	"/v1/jobs/{id}/run": "nosuchjob", "/v1/backups/{id}": "MEMORY-000042-20261101T000000Z.md",
}

// validBodies are accepted bodies, for routes where an unknown id must be
// reached past body validation.
var validBodies = map[string]string{
	"/v1/projects/{id}": `{"description":"x"}`, "/v1/tasks/{id}": `{"title":"x"}`,
	"/v1/knowledge/{id}": `{"title":"x"}`, "/v1/knowledge/{id}/observe": `{"agent":"a","success":true}`,
}

// TestBadInput sends every kind of bad input to every endpoint and checks
// the status and the error envelope.
func TestBadInput(t *testing.T) {
	const limit = 4096
	ts := newTestServer(t, Options{Token: testToken, MaxBodyBytes: limit, MaxConversationBytes: 2 * limit})
	type tc struct {
		name, method, path, token string
		body                      []byte
		status                    int
		code                      string
	}
	var cases []tc
	for _, rt := range ts.srv.table {
		path := strings.ReplaceAll(rt.path, "{id}", "X1")
		if id, ok := unknownIDs[rt.path]; ok {
			path = strings.ReplaceAll(rt.path, "{id}", id)
		}
		var body []byte
		if rt.body != noBody {
			body = []byte(`{}`)
		}
		name := rt.method + " " + rt.path
		cases = append(cases,
			tc{name + "/no token", rt.method, path, "", body, 401, CodeUnauthorized},
			tc{name + "/wrong token", rt.method, path, "wrong", body, 401, CodeUnauthorized},
		)
		wrongMethod := "DELETE"
		cases = append(cases, tc{name + "/unknown query parameter", rt.method, path + "?limt=5", testToken, body, 400, CodeInvalid})
		cases = append(cases, tc{name + "/wrong method", wrongMethod, path, testToken, nil, 405, CodeMethod})
		if rt.body != noBody {
			big := limit + 1
			if rt.body == largeBody {
				big = 2*limit + 1
			}
			cases = append(cases,
				tc{name + "/malformed JSON", rt.method, path, testToken, []byte(`{"a": `), 400, CodeBadJSON},
				tc{name + "/not JSON", rt.method, path, testToken, []byte(`hello`), 400, CodeBadJSON},
			)
			if !rt.optional {
				cases = append(cases, tc{name + "/empty", rt.method, path, testToken, []byte(``), 400, CodeBadJSON})
			}
			cases = append(cases,
				tc{name + "/wrong type", rt.method, path, testToken, []byte(`[1, 2]`), 400, CodeInvalid},
				tc{name + "/unknown field", rt.method, path, testToken, []byte(`{"no_such_field": 1}`), 400, CodeInvalid},
				tc{name + "/trailing data", rt.method, path, testToken, []byte(`{} {}`), 400, CodeBadJSON},
				tc{name + "/non-UTF-8", rt.method, path, testToken, []byte("{\"text\": \"caf\xe9\"}"), 400, CodeBadUTF8},
				tc{name + "/oversized", rt.method, path, testToken, append(append([]byte(`{"text": "`), bytes.Repeat([]byte("a"), big)...), `"}`...), 413, CodeTooLarge},
			)
		}
		if strings.Contains(rt.path, "{id}") {
			body := []byte(validBodies[rt.path])
			if rt.body == noBody {
				body = nil
			}
			cases = append(cases,
				tc{name + "/unknown id", rt.method, path, testToken, body, 404, CodeNotFound},
				tc{name + "/traversal", rt.method, strings.ReplaceAll(rt.path, "{id}", "..%2F..%2F..%2Fetc%2Fpasswd"), testToken, body, -1, ""},
				tc{name + "/non-UTF-8 id", rt.method, strings.ReplaceAll(rt.path, "{id}", "%FF%FE"), testToken, body, 400, CodeBadUTF8},
			)
		}
	}
	// Field-level wrong types and values.
	for _, c := range []struct{ path, body, code string }{
		{"/v1/search", `{"query": 5}`, CodeInvalid},
		{"/v1/search", `{"query": "x", "top_k": "ten"}`, CodeInvalid},
		{"/v1/search", `{"query": "x", "top_k": 100000}`, CodeInvalid},
		{"/v1/search", `{"query": "x", "since": "yesterday"}`, CodeInvalid},
		{"/v1/search", `{"query": "x", "layers": ["L9"]}`, CodeInvalid},
		{"/v1/search", `{"query": "   "}`, CodeInvalid},
		{"/v1/log", `{"text": "x", "date": "2026-13-45"}`, CodeInvalid},
		{"/v1/log", `{"text": "x", "date": "0001-01-01"}`, CodeInvalid},
		{"/v1/log", `{"text": "lone \ud800 surrogate"}`, CodeBadUTF8},
		{"/v1/forget", `{"query": "x", "top_k": -4}`, CodeInvalid},
		{"/v1/log", `{"text": "x", "agent": "two words"}`, CodeInvalid},
		{"/v1/log", `{"text": "nul\u0000byte"}`, CodeInvalid},
		{"/v1/log", `{"text": ""}`, CodeInvalid},
		{"/v1/log", `{"text": "x", "tags": "a,b"}`, CodeInvalid},
		{"/v1/context/check", `{"conversation": [{"role": 3}]}`, CodeInvalid},
		{"/v1/context/check", `{"conversation": "[[["}`, CodeInvalid},
		{"/v1/context/check", `{}`, CodeInvalid},
		{"/v1/context/check", `{"conversation": [], "format": "yaml"}`, CodeInvalid},
		{"/v1/context/gate", `{"conversation": [{"role": "user", "content": "hi"}], "profile": "nope"}`, CodeInvalid},
		{"/v1/context/prepare", `{"conversation": [{"role": "user", "content": "hi"}], "profile": "nope"}`, CodeInvalid},
		{"/v1/archive", `{"older_than": "soon"}`, CodeInvalid},
		{"/v1/tasks", `{"title": "x", "priority": "extreme"}`, CodeInvalid},
		{"/v1/tasks", `{"title": "x", "depends_on": ["T999"]}`, CodeNotFound},
		{"/v1/knowledge", `{"kind": "rumour", "title": "x"}`, CodeInvalid},
		{"/v1/tasks", `{"Title": "x"}`, CodeInvalid},
		{"/v1/tasks", `{"title": "a", "title": "b"}`, CodeInvalid},
		{"/v1/search", `{"query": "x", "Top_K": 3}`, CodeInvalid},
		{"/v1/context/check", `{"conversation": [{"role": "user", "content": "x"}], "Format": "openai"}`, CodeInvalid},
	} {
		cases = append(cases, tc{"field " + c.path + " " + c.body, "POST", c.path, testToken, []byte(c.body), 0, c.code})
	}
	cases = append(cases,
		tc{"query int", "GET", "/v1/items/abc?context=many", testToken, nil, 400, CodeInvalid},
		tc{"query bool", "GET", "/v1/tasks?ready=maybe", testToken, nil, 400, CodeInvalid},
		tc{"query utf8", "GET", "/v1/tasks?project=%FF", testToken, nil, 400, CodeBadUTF8},
		tc{"l1 budget", "GET", "/v1/l1?budget=-5", testToken, nil, 400, CodeInvalid},
		tc{"query twice", "GET", "/v1/l1?budget=5&budget=900", testToken, nil, 400, CodeInvalid},
		tc{"query malformed", "GET", "/v1/l1?budget=%zz", testToken, nil, 400, CodeInvalid},
		tc{"knowledge tag", "GET", "/v1/knowledge?tag=Bad%20Tag", testToken, nil, 400, CodeInvalid},
		tc{"no endpoint", "GET", "/v1/nothing", testToken, nil, 404, CodeNotFound},
		tc{"dot-dot path", "GET", "/v1/../../etc/passwd", testToken, nil, -1, ""},
		tc{"metrics no token", "GET", "/metrics", "", nil, 401, CodeUnauthorized},
		tc{"mcp no token", "POST", "/mcp", "", []byte(`{}`), 401, CodeUnauthorized},
		tc{"wrong content type", "POST", "/v1/search", testToken, nil, 415, CodeMediaType},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var st int
			var data []byte
			if c.code == CodeMediaType {
				req, _ := http.NewRequest(c.method, ts.hs.URL+c.path, strings.NewReader("query=x"))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Authorization", "Bearer "+testToken)
				resp, err := ts.hs.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != 415 {
					t.Fatalf("status %d", resp.StatusCode)
				}
				return
			}
			st, data = ts.call(t, c.method, c.path, c.token, c.body)
			if c.status == -1 { // traversal: refused, and nothing from outside leaks
				if (st != 400 && st != 404 && st != 301) || strings.Contains(string(data), "root:") {
					t.Fatalf("status %d: %s", st, data)
				}
				return
			}
			if c.status != 0 && st != c.status {
				t.Fatalf("status %d, want %d: %s", st, c.status, data)
			}
			if st < 400 {
				t.Fatalf("status %d for bad input: %s", st, data)
			}
			if got := errorCode(data); got != c.code {
				t.Fatalf("code %q, want %q: %s", got, c.code, data)
			}
		})
	}
}
