package server

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
)

var pathParamRe = regexp.MustCompile(`\{([a-z_]+)\}`)

// openAPI builds the OpenAPI 3.1 description of the /v1 routes from the
// route table; request schemas come from the request types.
func (s *Server) openAPI() map[string]any {
	paths := map[string]any{}
	errResp := map[string]any{"description": "error", "content": map[string]any{"application/json": map[string]any{
		"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}}
	ss := newSchemas()
	for _, rt := range s.table {
		ok, what := "200", "success"
		if rt.created {
			ok, what = "201", "created"
		}
		op := map[string]any{
			"summary":     rt.summary,
			"operationId": operationID(rt),
			"responses": map[string]any{
				ok:        map[string]any{"description": what, "content": map[string]any{"application/json": map[string]any{"schema": ss.response(reflect.TypeOf(rt.response))}}},
				"default": errResp,
			},
		}
		if rt.accepts {
			op["responses"].(map[string]any)["202"] = map[string]any{"description": "still running after the request's time; its status", "content": map[string]any{"application/json": map[string]any{"schema": ss.response(reflect.TypeOf(rt.response))}}}
		}
		var params []any
		for _, m := range pathParamRe.FindAllStringSubmatch(rt.path, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		for _, q := range rt.query {
			params = append(params, map[string]any{"name": q, "in": "query", "schema": map[string]any{"type": queryType(q)}})
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.request != nil {
			op["requestBody"] = map[string]any{"required": !rt.optional, "content": map[string]any{
				"application/json": map[string]any{"schema": ss.request(reflect.TypeOf(rt.request))}}}
		}
		item, _ := paths[rt.path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[rt.path] = item
		}
		item[strings.ToLower(rt.method)] = op
	}
	paths["/v1/events"] = map[string]any{"get": map[string]any{
		"summary":     "Live events for the dashboard (Server-Sent Events: entry, check, change, index, job, resync; a comment line as heartbeat)",
		"operationId": "get_events",
		"responses": map[string]any{
			"200":     map[string]any{"description": "an event stream", "content": map[string]any{"text/event-stream": map[string]any{"schema": map[string]any{"type": "string"}}}},
			"default": errResp,
		},
	}}
	ss.comps["Error"] = map[string]any{"type": "object", "required": []string{"error"},
		"properties": map[string]any{"error": map[string]any{"type": "object", "required": []string{"code", "message"},
			"properties": map[string]any{"code": map[string]any{"type": "string"}, "message": map[string]any{"type": "string"}}}}}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{"title": "archon", "version": "1",
			"description": "Local memory service for AI agents. Errors: {\"error\": {\"code\", \"message\"}}. " +
				"Send Authorization: Bearer TOKEN when the server has a token. MCP (streamable HTTP) is at /mcp, metrics at /metrics."},
		"paths": paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}},
			"schemas":         ss.comps,
		},
		"security": []any{map[string]any{"bearer": []string{}}, map[string]any{}},
	}
}

// queryType is the type of a query parameter.
func queryType(name string) string {
	switch name {
	case "n", "budget", "context":
		return "integer"
	case "ready", "force", "dry_run":
		return "boolean"
	}
	return "string"
}

func operationID(rt route) string {
	p := strings.TrimPrefix(rt.path, "/v1/")
	p = pathParamRe.ReplaceAllString(p, "by_$1")
	p = strings.NewReplacer("/", "_", ".", "_").Replace(p)
	return strings.ToLower(rt.method) + "_" + p
}

var (
	rawMessageType = reflect.TypeOf(json.RawMessage{})
	timeType       = reflect.TypeOf(time.Time{})
	unmarshaler    = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
)

// schemas builds the JSON schemas of request and response types. A
// request's is inline, every field optional; a response's named structs
// are components (#/components/schemas/Name), their fields without
// omitempty required, and a pointer, slice or map that may be left nil
// may be null.
type schemas struct {
	comps map[string]any
	names map[reflect.Type]string
}

func newSchemas() *schemas {
	return &schemas{comps: map[string]any{}, names: map[reflect.Type]string{}}
}

// request is the inline schema of a request body of type t.
func (ss *schemas) request(t reflect.Type) map[string]any { return ss.of(t, false) }

// response is the schema of a response body of type t (its top level is
// never null).
func (ss *schemas) response(t reflect.Type) map[string]any { return ss.of(t, true) }

func (ss *schemas) of(t reflect.Type, resp bool) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessageType:
		return map[string]any{}
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case !resp && reflect.PointerTo(t).Implements(unmarshaler) && t.Kind() != reflect.Struct:
		// It decodes from more than its kind (a priority: 2 or "high"), and
		// is written back as its kind.
		return map[string]any{"type": []string{"integer", "string"}}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float64, reflect.Float32:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": ss.of(t.Elem(), resp)}
	case reflect.Map:
		if t.Elem().Kind() == reflect.Interface {
			return map[string]any{"type": "object"}
		}
		return map[string]any{"type": "object", "additionalProperties": ss.of(t.Elem(), resp)}
	case reflect.Struct:
		if !resp || t.Name() == "" {
			return ss.object(t, resp)
		}
		name, ok := ss.names[t]
		if !ok {
			name = t.Name()
			for _, taken := ss.comps[name]; taken; _, taken = ss.comps[name] {
				name = t.Name() + "_" + strings.ReplaceAll(t.PkgPath(), "/", "_")
			}
			ss.names[t] = name
			ss.comps[name] = map[string]any{} // a type that holds itself refers to this
			ss.comps[name] = ss.object(t, resp)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	return map[string]any{}
}

// object is the schema of struct t, from its json tags.
func (ss *schemas) object(t reflect.Type, resp bool) map[string]any {
	props := map[string]any{}
	var required []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			sub := ss.object(f.Type, resp)
			for k, v := range sub["properties"].(map[string]any) {
				props[k] = v
			}
			if r, ok := sub["required"].([]string); ok {
				required = append(required, r...)
			}
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs := ss.of(f.Type, resp)
		omit := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
		if resp && !omit {
			required = append(required, name)
			if k := f.Type.Kind(); k == reflect.Pointer || k == reflect.Slice || k == reflect.Map || k == reflect.Interface {
				fs = map[string]any{"anyOf": []any{fs, map[string]any{"type": "null"}}}
			}
		}
		props[name] = fs
	}
	out := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		slices.Sort(required)
		out["required"] = required
	}
	return out
}

func (s *Server) openapi(r *http.Request) (int, any, error) { return ok(s.openAPI(), nil) }
