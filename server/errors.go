// Package server is archon serve's HTTP front end: a JSON API under /v1
// over one app.Memory, the MCP server at /mcp, Prometheus metrics at
// /metrics, bearer-token auth, and body and time limits. The CLI finds a
// running service through the discovery file of package client.
package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/archon-memory/archon/app"
)

// Error codes of the error envelope {"error": {"code", "message"}}.
const (
	CodeBadJSON      = "invalid_json"
	CodeBadUTF8      = "invalid_utf8"
	CodeInvalid      = "invalid_request"
	CodeUnauthorized = "unauthorized"
	CodeForbidden    = "forbidden"
	CodeNotFound     = "not_found"
	CodeMethod       = "method_not_allowed"
	CodeTooLarge     = "payload_too_large"
	CodeMediaType    = "unsupported_media_type"
	CodeConflict     = "conflict"
	CodeTimeout      = "timeout"
	CodeInternal     = "internal"
	CodeUnavailable  = "unavailable"
)

// APIError is an error answered with a status and the error envelope.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error is the message with the status and code.
func (e *APIError) Error() string { return fmt.Sprintf("%s (%d %s)", e.Message, e.Status, e.Code) }

func apiErr(status int, code, format string, a ...any) *APIError {
	return &APIError{Status: status, Code: code, Message: fmt.Sprintf(format, a...)}
}

// envelope is the error body.
type envelope struct {
	Error *APIError `json:"error"`
}

// toAPIError maps any error to its status, code and message.
func toAPIError(err error) *APIError {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return apiErr(http.StatusRequestEntityTooLarge, CodeTooLarge, "request body larger than %d bytes", mbe.Limit)
	}
	msg := err.Error()
	switch app.KindOf(err) {
	case app.Invalid:
		return apiErr(http.StatusBadRequest, CodeInvalid, "%s", msg)
	case app.NotFound:
		return apiErr(http.StatusNotFound, CodeNotFound, "%s", msg)
	case app.Conflict:
		return apiErr(http.StatusConflict, CodeConflict, "%s", msg)
	case app.TooLarge:
		return apiErr(http.StatusRequestEntityTooLarge, CodeTooLarge, "%s", msg)
	case app.Timeout:
		return apiErr(http.StatusServiceUnavailable, CodeTimeout, "the request ran out of time: %s", msg)
	case app.Cancelled:
		return apiErr(499, "cancelled", "%s", msg)
	case app.Forbidden:
		return apiErr(http.StatusForbidden, CodeForbidden, "%s", msg)
	case app.Unavailable: // the details (a database's address and user) go to the server's log
		return apiErr(http.StatusServiceUnavailable, CodeUnavailable, "%s", app.UnavailableMessage)
	}
	return apiErr(http.StatusInternalServerError, CodeInternal, "%s", msg)
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// writeError writes err in the error envelope.
func writeError(w http.ResponseWriter, err error) int {
	ae := toAPIError(err)
	if ae.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="archon"`)
	}
	writeJSON(w, ae.Status, envelope{ae})
	return ae.Status
}
