// Package server is archon serve: an HTTP JSON API under /v1 over one
// shared engine set (package service), the MCP server at /mcp, Prometheus
// metrics at /metrics, bearer-token auth, body and time limits, and a
// discovery file under .archon/ through which the CLI finds it.
package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/archon-memory/archon/server/service"
)

// Error codes of the error envelope {"error": {"code", "message"}}.
const (
	CodeBadJSON      = "invalid_json"
	CodeBadUTF8      = "invalid_utf8"
	CodeInvalid      = "invalid_request"
	CodeUnauthorized = "unauthorized"
	CodeNotFound     = "not_found"
	CodeMethod       = "method_not_allowed"
	CodeTooLarge     = "payload_too_large"
	CodeMediaType    = "unsupported_media_type"
	CodeConflict     = "conflict"
	CodeTimeout      = "timeout"
	CodeInternal     = "internal"
)

// APIError is an error answered with a status and the error envelope.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

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
	switch service.KindOf(err) {
	case service.Invalid:
		return apiErr(http.StatusBadRequest, CodeInvalid, "%s", msg)
	case service.NotFound:
		return apiErr(http.StatusNotFound, CodeNotFound, "%s", msg)
	case service.Conflict:
		return apiErr(http.StatusConflict, CodeConflict, "%s", msg)
	case service.TooLarge:
		return apiErr(http.StatusRequestEntityTooLarge, CodeTooLarge, "%s", msg)
	case service.Timeout:
		return apiErr(http.StatusServiceUnavailable, CodeTimeout, "the request ran out of time: %s", msg)
	case service.Cancelled:
		return apiErr(499, "cancelled", "%s", msg)
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
