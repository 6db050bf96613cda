package server

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// checked records the routes whose success answers were checked against
// their OpenAPI schema by any test of the package (see checkResponse).
var checked sync.Map // "METHOD /v1/path" -> true

// TestMain runs the tests, then, when all of them ran, fails unless every
// route's success answer was checked against its schema at least once.
func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		var missed []string
		for _, rt := range (&Server{}).routes() {
			if _, ok := checked.Load(rt.method + " " + rt.path); !ok {
				missed = append(missed, rt.method+" "+rt.path)
			}
		}
		if len(missed) > 0 {
			fmt.Fprintf(os.Stderr, "no test checked the success answer of %s against its OpenAPI schema\n", strings.Join(missed, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// checkResponse validates a 2xx JSON answer to method path against the
// schema the OpenAPI document gives it.
func (ts *testServer) checkResponse(t testing.TB, method, path string, status int, data []byte) {
	t.Helper()
	if status < 200 || status > 299 || len(data) == 0 {
		return
	}
	p, _, _ := strings.Cut(path, "?")
	i := slices.IndexFunc(ts.srv.table, func(rt route) bool { return rt.method == method && routePattern(rt.path).MatchString(p) })
	if i < 0 {
		return // not a /v1 route of the table
	}
	rt := ts.srv.table[i]
	if ts.spec == nil {
		raw, _ := json.Marshal(ts.srv.openAPI())
		if err := json.Unmarshal(raw, &ts.spec); err != nil {
			t.Fatal(err)
		}
	}
	spec := ts.spec
	op := spec["paths"].(map[string]any)[rt.path].(map[string]any)[strings.ToLower(method)].(map[string]any)
	r, ok := op["responses"].(map[string]any)[fmt.Sprint(status)].(map[string]any)
	if !ok {
		t.Errorf("%s %s answered %d, which its OpenAPI description does not list", method, rt.path, status)
		return
	}
	schema := r["content"].(map[string]any)["application/json"].(map[string]any)["schema"]
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Errorf("%s %s: %v", method, path, err)
		return
	}
	comps := spec["components"].(map[string]any)["schemas"].(map[string]any)
	if err := validate(v, schema, comps, "$"); err != nil {
		t.Errorf("%s %s: the answer does not match its OpenAPI schema: %v\n%s", method, path, err, data)
		return
	}
	checked.Store(method+" "+rt.path, true)
}

// routePattern matches the paths of a route's path template.
func routePattern(p string) *regexp.Regexp {
	parts := pathParamRe.Split(p, -1)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return regexp.MustCompile("^" + strings.Join(parts, `[^/]+`) + "$")
}

// validate checks v against the parts of JSON Schema the OpenAPI document
// uses: $ref, anyOf, type (one or a list), properties, required,
// additionalProperties and items.
func validate(v, schema any, comps map[string]any, at string) error {
	s, _ := schema.(map[string]any)
	if ref, ok := s["$ref"].(string); ok {
		return validate(v, comps[strings.TrimPrefix(ref, "#/components/schemas/")], comps, at)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var errs []string
		for _, alt := range alts {
			err := validate(v, alt, comps, at)
			if err == nil {
				return nil
			}
			errs = append(errs, err.Error())
		}
		return fmt.Errorf("%s: none of: %s", at, strings.Join(errs, "; "))
	}
	if t, ok := s["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.Contains(types, jsonType(v)) && !(jsonType(v) == "integer" && slices.Contains(types, "number")) {
			return fmt.Errorf("%s: %s, want %s", at, jsonType(v), strings.Join(types, " or "))
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		required, _ := s["required"].([]any)
		for _, name := range required {
			if _, ok := v[name.(string)]; !ok {
				return fmt.Errorf("%s: lacks required %q", at, name)
			}
		}
		for k, x := range v {
			sub, ok := props[k]
			if !ok {
				switch ap := s["additionalProperties"].(type) {
				case bool:
					if !ap {
						return fmt.Errorf("%s: %q is not in the schema", at, k)
					}
					continue
				case map[string]any:
					sub = ap
				default:
					continue
				}
			}
			if err := validate(x, sub, comps, at+"."+k); err != nil {
				return err
			}
		}
	case []any:
		for i, x := range v {
			if err := validate(x, s["items"], comps, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonType is the JSON Schema type of a decoded JSON value.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// TestEveryRouteAnswersItsSchema calls each route the other tests leave
// out with a request it accepts, so that every success answer is checked
// against the OpenAPI description (checkResponse, TestMain).
func TestEveryRouteAnswersItsSchema(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	conv := `{"conversation": [{"role": "user", "content": "Let us use PostgreSQL for the billing service."}, {"role": "assistant", "content": "Agreed: PostgreSQL, because we need transactions. Next I will write the schema."}]}`
	var e struct{ ID string }
	ts.json(t, "POST", "/v1/log", map[string]any{"text": "Chose SQLite for the cache."}, 201, &e)
	var backups []struct{ File, ID string }
	var item struct{ ID string }
	var exp struct{ Document string }
	steps := []struct {
		method, path string
		body         func() string
		out          any
	}{
		{"GET", "/v1/status", nil, nil},
		{"GET", "/v1/items/" + e.ID + "?context=1", nil, nil},
		{"GET", "/v1/logs", nil, nil},
		{"GET", "/v1/files/MEMORY.md", nil, nil},
		{"POST", "/v1/context/gate", func() string { return conv }, nil},
		{"POST", "/v1/summarize", func() string { return conv }, nil},
		{"POST", "/v1/summarize", func() string { return conv }, nil}, // the first version is a backup
		{"GET", "/v1/context/log", nil, nil},
		{"GET", "/v1/models", nil, nil},
		{"GET", "/v1/context/profile", nil, nil},
		{"GET", "/v1/warmth", nil, nil},
		{"POST", "/v1/memory-tool", func() string { return `{"command": "view", "path": "/memories"}` }, nil},
		{"POST", "/v1/doctor", func() string { return `{}` }, nil},
		{"POST", "/v1/projects", func() string { return `{"name": "Billing"}` }, nil},
		{"GET", "/v1/projects", nil, nil},
		{"GET", "/v1/projects/P1", nil, nil},
		{"PATCH", "/v1/projects/P1", func() string { return `{"description": "invoices"}` }, nil},
		{"POST", "/v1/tasks", func() string { return `{"title": "Write the schema", "project": "P1"}` }, nil},
		{"GET", "/v1/tasks/T1", nil, nil},
		{"PATCH", "/v1/tasks/T1", func() string { return `{"priority": "high"}` }, nil},
		{"POST", "/v1/tasks/T1/done", nil, nil},
		{"POST", "/v1/knowledge", func() string { return `{"kind": "pattern", "title": "Retry with backoff"}` }, &item},
		{"GET", "/v1/knowledge", nil, nil},
		{"GET", "/v1/knowledge/K1", nil, nil},
		{"PATCH", "/v1/knowledge/K1", func() string { return `{"body": "three tries", "promotion": "none"}` }, nil}, // "none" as the CLI writes it
		{"POST", "/v1/knowledge/K1/observe", func() string { return `{"agent": "planner", "success": true}` }, nil},
		{"GET", "/v1/knowledge/export", nil, &exp},
		{"POST", "/v1/knowledge/import", func() string { b, _ := json.Marshal(map[string]string{"document": exp.Document}); return string(b) }, nil},
		{"POST", "/v1/wisdom/sections", func() string { return `{"heading": "Retries", "text": "Retry with backoff."}` }, nil},
		{"GET", "/v1/backups", nil, &backups},
		{"GET", "/v1/backups/{backup}", nil, nil},
		{"POST", "/v1/backups/restore", func() string { return fmt.Sprintf(`{"file": %q, "id": %q}`, backups[0].File, backups[0].ID) }, nil},
		{"GET", "/v1/jobs", nil, nil},
		{"POST", "/v1/jobs/reindex/run", nil, nil},
	}
	for _, s := range steps {
		path := s.path
		if strings.Contains(path, "{backup}") {
			if len(backups) == 0 {
				t.Fatal("no backup listed")
			}
			path = strings.ReplaceAll(path, "{backup}", backups[0].ID) + "?file=" + backups[0].File
		}
		var body []byte
		if s.body != nil {
			body = []byte(s.body())
		}
		st, data := ts.call(t, s.method, path, testToken, body)
		if st < 200 || st > 299 {
			t.Fatalf("%s %s: status %d: %s", s.method, path, st, data)
		}
		if s.out != nil {
			if err := json.Unmarshal(data, s.out); err != nil {
				t.Fatalf("%s %s: %v", s.method, path, err)
			}
		}
	}
}
