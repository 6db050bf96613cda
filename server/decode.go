package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// decode reads r's JSON body into v: at most limit bytes, valid UTF-8,
// one JSON value of the right types, no unknown fields.
func decode(r *http.Request, limit int64, v any) error {
	// A body without a JSON content type is refused: a browser sends a
	// form or text/plain POST across origins without asking first.
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return apiErr(http.StatusUnsupportedMediaType, CodeMediaType, "no Content-Type: send application/json")
	}
	if mt, _, err := mime.ParseMediaType(ct); err != nil || (mt != "application/json" && mt != "text/json") {
		return apiErr(http.StatusUnsupportedMediaType, CodeMediaType, "Content-Type %q: send application/json", ct)
	}
	if ce := r.Header.Get("Content-Encoding"); ce != "" && !strings.EqualFold(ce, "identity") {
		return apiErr(http.StatusUnsupportedMediaType, CodeMediaType, "Content-Encoding %q: send the body uncompressed", ce)
	}
	data, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return apiErr(http.StatusRequestTimeout, CodeTimeout, "the request body did not arrive in time (serve.request_timeout): %v", err)
		}
		return apiErr(http.StatusBadRequest, CodeBadJSON, "reading the body: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return apiErr(http.StatusBadRequest, CodeBadJSON, "empty body: send a JSON object")
	}
	if !utf8.Valid(data) {
		return apiErr(http.StatusBadRequest, CodeBadUTF8, "the body is not valid UTF-8 (at byte %d)", firstInvalid(data))
	}
	if at := loneSurrogate(data); at >= 0 {
		return apiErr(http.StatusBadRequest, CodeBadUTF8, "the body escapes half a UTF-16 surrogate pair at byte %d (\\u%s): no character", at, data[at+2:at+6])
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(data, err)
	}
	if dec.More() {
		return apiErr(http.StatusBadRequest, CodeBadJSON, "unexpected data after the JSON value")
	}
	return exactKeys(data, reflect.TypeOf(v))
}

// exactKeys refuses what encoding/json lets through: a key that matches a
// field only when case is ignored ("Title" for "title") and a key given
// twice in one object (where the last silently wins). data decoded into a
// value of type t already.
func exactKeys(data []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return walkKeys(dec, t, "the body")
}

// walkKeys reads one JSON value from dec, checking the keys of every
// object in it against the json names of t's fields (a map's keys are
// free). at names the value in errors.
func walkKeys(dec *json.Decoder, t reflect.Type, at string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t == rawMessageType || t.Kind() == reflect.Interface {
		// A value of no fixed shape (a conversation, up to 64 MiB): its
		// keys are free, and it is skipped whole, not token by token.
		var skip json.RawMessage
		return dec.Decode(&skip)
	}
	tok, err := dec.Token()
	if err != nil {
		return jsonError(nil, err)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		var elem reflect.Type
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := walkKeys(dec, elem, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case '{':
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return jsonError(nil, err)
			}
			key := kt.(string)
			if seen[key] {
				return apiErr(http.StatusBadRequest, CodeInvalid, "%s: %q is given twice", at, key)
			}
			seen[key] = true
			var sub reflect.Type
			switch {
			case t.Kind() == reflect.Map:
				sub = t.Elem()
			case t.Kind() == reflect.Struct:
				f, ok := fieldByJSONName(t, key)
				if !ok {
					return apiErr(http.StatusBadRequest, CodeInvalid, "%s: unknown field %q (names are case-sensitive)", at, key)
				}
				sub = f.Type
			}
			if err := walkKeys(dec, sub, key); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// fieldByJSONName finds the field of struct t that encoding/json names
// exactly name, embedded structs included.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" {
			continue
		}
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			if sf, ok := fieldByJSONName(f.Type, name); ok {
				return sf, true
			}
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		if tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// jsonError explains a decoding error with its place.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return apiErr(http.StatusBadRequest, CodeBadJSON, "malformed JSON at byte %d: %v", se.Offset, err)
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "the body"
		}
		return apiErr(http.StatusBadRequest, CodeInvalid, "%s: want %s, got JSON %s", field, jsonKind(te.Type), te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apiErr(http.StatusBadRequest, CodeBadJSON, "malformed JSON: the body ends early")
	}
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	if e := toAPIError(err); e.Status != http.StatusInternalServerError {
		return e
	}
	return apiErr(http.StatusBadRequest, CodeInvalid, "%v", err)
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// checkQuery refuses a query parameter the route does not take (a typo,
// "?limt=5", would otherwise be ignored and the answer look right) and one
// given twice (which of the two counts would be a guess).
func (rt route) checkQuery(r *http.Request) error {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return apiErr(http.StatusBadRequest, CodeInvalid, "query string %q: %v", r.URL.RawQuery, err)
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if !slices.Contains(rt.query, name) {
			takes := "no query parameters"
			if len(rt.query) > 0 {
				takes = "only " + strings.Join(rt.query, ", ")
			}
			return apiErr(http.StatusBadRequest, CodeInvalid, "unknown query parameter %q: %s %s takes %s", name, rt.method, rt.path, takes)
		}
		if len(q[name]) > 1 {
			return apiErr(http.StatusBadRequest, CodeInvalid, "query parameter %s given %d times: give it once", name, len(q[name]))
		}
	}
	return nil
}

// queryInt reads an integer query parameter (def when absent).
func queryInt(r *http.Request, name string, def int) (int, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, apiErr(http.StatusBadRequest, CodeInvalid, "query parameter %s=%q: want an integer", name, s)
	}
	return n, nil
}

// queryBool reads a boolean query parameter.
func queryBool(r *http.Request, name string) (bool, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, apiErr(http.StatusBadRequest, CodeInvalid, "query parameter %s=%q: want true or false", name, s)
	}
	return b, nil
}

// queryString reads a text query parameter; it must be valid UTF-8.
func queryString(r *http.Request, name string) (string, error) {
	s := r.URL.Query().Get(name)
	if !utf8.ValidString(s) {
		return "", apiErr(http.StatusBadRequest, CodeBadUTF8, "query parameter %s is not valid UTF-8", name)
	}
	return s, nil
}

// pathID reads the {id} path value; it must be valid UTF-8.
func pathID(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if !utf8.ValidString(id) {
		return "", apiErr(http.StatusBadRequest, CodeBadUTF8, "the id in the path is not valid UTF-8")
	}
	if id == "" || len(id) > 200 {
		return "", apiErr(http.StatusNotFound, CodeNotFound, "no such id %q", id)
	}
	return id, nil
}

// jsonKind names the JSON a Go type decodes from, as a client writes it:
// the type its request schema gives (see schemas).
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	return kindOf(newSchemas().request(t))
}

func kindOf(schema map[string]any) string {
	if types, ok := schema["type"].([]string); ok { // ["integer", "string"]
		var kinds []string
		for _, t := range types {
			kinds = append(kinds, kindOf(map[string]any{"type": t}))
		}
		return strings.Join(kinds, " or ")
	}
	switch schema["type"] {
	case "string":
		return "a string"
	case "boolean":
		return "true or false"
	case "integer":
		return "an integer"
	case "number":
		return "a number"
	case "object":
		return "an object"
	case "array":
		items, _ := schema["items"].(map[string]any)
		return "an array of " + strings.TrimPrefix(strings.TrimPrefix(kindOf(items), "a "), "an ") + "s"
	}
	return "another value"
}

// loneSurrogate returns the offset of the first \u escape in data that is
// half a UTF-16 surrogate pair ("\ud800" with no low half after it, or a
// low half alone), which a JSON decoder would turn into U+FFFD, or -1.
func loneSurrogate(data []byte) int {
	escape := func(i int) (rune, bool) { // the \uXXXX escape at i
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(string(data[i+2:i+6]), 16, 32)
		return rune(n), err == nil
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		r, ok := escape(i)
		switch {
		case !ok:
			i++ // an escaped character ("\\", "\""): not the start of one
		case r >= 0xD800 && r < 0xDC00:
			if lo, ok := escape(i + 6); !ok || lo < 0xDC00 || lo > 0xDFFF {
				return i
			}
			i += 11
		case r >= 0xDC00 && r <= 0xDFFF:
			return i
		default:
			i += 5
		}
	}
	return -1
}
