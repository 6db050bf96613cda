package server

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
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
	for _, rt := range s.table {
		ok, what := "200", "success"
		if rt.created {
			ok, what = "201", "created"
		}
		op := map[string]any{
			"summary":     rt.summary,
			"operationId": operationID(rt),
			"responses": map[string]any{
				ok:        map[string]any{"description": what, "content": map[string]any{"application/json": map[string]any{"schema": map[string]any{}}}},
				"default": errResp,
			},
		}
		if rt.accepts {
			op["responses"].(map[string]any)["202"] = map[string]any{"description": "still running after the request's time; its status", "content": map[string]any{"application/json": map[string]any{"schema": map[string]any{}}}}
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
				"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.request))}}}
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
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{"title": "archon", "version": "1",
			"description": "Local memory service for AI agents. Errors: {\"error\": {\"code\", \"message\"}}. " +
				"Send Authorization: Bearer TOKEN when the server has a token. MCP (streamable HTTP) is at /mcp, metrics at /metrics."},
		"paths": paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer"}},
			"schemas": map[string]any{"Error": map[string]any{"type": "object", "required": []string{"error"},
				"properties": map[string]any{"error": map[string]any{"type": "object", "required": []string{"code", "message"},
					"properties": map[string]any{"code": map[string]any{"type": "string"}, "message": map[string]any{"type": "string"}}}}}},
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

// schemaOf is a JSON schema of t from its json tags.
func schemaOf(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == rawMessageType:
		return map[string]any{}
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case reflect.PointerTo(t).Implements(unmarshaler) && t.Kind() != reflect.Struct:
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
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object"}
	case reflect.Struct:
		props := map[string]any{}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous {
				if sub, ok := schemaOf(f.Type)["properties"].(map[string]any); ok {
					for k, v := range sub {
						props[k] = v
					}
				}
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = schemaOf(f.Type)
		}
		return map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	}
	return map[string]any{}
}

func (s *Server) openapi(r *http.Request) (int, any, error) { return ok(s.openAPI(), nil) }
