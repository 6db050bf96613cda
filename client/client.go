// Package client is archon's typed HTTP client: Client implements
// app.Memory against a running archon serve, so a front end (the CLI)
// gets the same answers through the service as from the workspace's own
// engines. Find locates the service of a workspace through its discovery
// file (.archon/serve.json).
package client

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/archon-memory/archon/app"
)

// Client calls a running archon serve (found with Find). It is safe for
// concurrent use.
type Client struct {
	base  string
	token string
	hc    *http.Client
}

var _ app.Memory = (*Client)(nil)

// New returns a client of the service d; timeout bounds each call (0:
// none).
func New(d *Discovery, timeout time.Duration) *Client {
	return &Client{base: strings.TrimRight(d.URL, "/"), token: d.Token, hc: &http.Client{Timeout: timeout}}
}

// APIError is an error answer of the service: its status and the error
// envelope {"error": {"code", "message"}}.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error is the message with the status and code.
func (e *APIError) Error() string { return fmt.Sprintf("%s (%d %s)", e.Message, e.Status, e.Code) }

// kinds maps the envelope's codes to the error kinds of package app.
var kinds = map[string]app.Kind{
	"invalid_request": app.Invalid, "invalid_json": app.Invalid, "invalid_utf8": app.Invalid,
	"not_found": app.NotFound, "conflict": app.Conflict, "payload_too_large": app.TooLarge,
	"timeout": app.Timeout, "cancelled": app.Cancelled,
}

// Kind returns the app error kind of the answer.
func (e *APIError) Kind() app.Kind {
	if k, ok := kinds[e.Code]; ok {
		return k
	}
	return app.Internal
}

// Do sends in (JSON, nil for none) and decodes the answer into out. An
// error answer is returned as *APIError.
func (c *Client) Do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		// json.Marshal would write a bad byte as U+FFFD: the text stored
		// would not be the text given. Refused as the service refuses it.
		if field, at := invalidUTF8(reflect.ValueOf(in), ""); field != "" {
			return app.Invalidf("%s is not valid UTF-8 (first bad byte at offset %d)", field, at)
		}
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode >= 300 {
		var env struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(data, &env) == nil && env.Error != nil {
			env.Error.Status = resp.StatusCode
			return env.Error
		}
		return &APIError{Status: resp.StatusCode, Code: "internal", Message: strings.TrimSpace(string(data))}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: bad answer: %w", method, path, err)
	}
	return nil
}

// call is Do for the typed methods: an error answer becomes the error the
// local memory would have returned (its message, with its kind).
func (c *Client) call(ctx context.Context, method, path string, in, out any) error {
	if seg := badSegment(path); seg != "" {
		// An id that is empty, "." or ".." would name another route (or
		// none): refused as the service refuses a bad id.
		return app.Invalidf("bad id %q in %s %s", seg, method, path)
	}
	err := c.Do(ctx, method, path, in, out)
	var ae *APIError
	if errors.As(err, &ae) {
		return &app.Error{Kind: ae.Kind(), Err: errors.New(ae.Message)}
	}
	if err != nil {
		return fmt.Errorf("archon serve: %w", err)
	}
	return nil
}

// get is call for a GET that decodes into a new T.
func get[T any](ctx context.Context, c *Client, path string) (*T, error) {
	var v T
	if err := c.call(ctx, http.MethodGet, path, nil, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// send is call for a request with a body that decodes into a new T.
func send[T any](ctx context.Context, c *Client, method, path string, in any) (*T, error) {
	var v T
	if err := c.call(ctx, method, path, in, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// query builds a query string from name, value pairs, leaving out empty
// values.
func query(kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// id escapes a path segment.
func id(s string) string { return url.PathEscape(s) }

// badSegment returns the segment of path (before any query) that is
// empty (but at its start), "." or "..", or "" when there is none; a
// segment "" is returned as "(empty)".
func badSegment(path string) string {
	p, _, _ := strings.Cut(path, "?")
	for i, seg := range strings.Split(p, "/") {
		switch {
		case seg == "" && i > 0:
			return "(empty)"
		case seg == "." || seg == "..":
			return seg
		}
	}
	return ""
}

// Close releases idle connections.
func (c *Client) Close() error {
	c.hc.CloseIdleConnections()
	return nil
}

// invalidUTF8 finds a string in v that is not valid UTF-8 and returns its
// JSON field path and the offset of its first bad byte ("" when none).
func invalidUTF8(v reflect.Value, at string) (string, int) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); !utf8.ValidString(s) {
			for i, r := range s {
				if r == utf8.RuneError {
					if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
						return cmp.Or(at, "the text"), i
					}
				}
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return invalidUTF8(v.Elem(), at)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return "", 0 // bytes (a json.RawMessage) are sent as they are
		}
		for i := range v.Len() {
			if f, o := invalidUTF8(v.Index(i), fmt.Sprintf("%s[%d]", at, i)); f != "" {
				return f, o
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if f, o := invalidUTF8(it.Value(), fmt.Sprintf("%s[%v]", at, it.Key())); f != "" {
				return f, o
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			name = cmp.Or(name, f.Name)
			if at != "" {
				name = at + "." + name
			}
			if fld, o := invalidUTF8(v.Field(i), name); fld != "" {
				return fld, o
			}
		}
	}
	return "", 0
}
