package httpjson

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// bodyExcerptBytes bounds the body excerpt kept in an Error.
const bodyExcerptBytes = 300

// Error is a non-2xx answer from a server.
type Error struct {
	// URL is the endpoint that answered.
	URL string
	// StatusCode is the HTTP status code.
	StatusCode int
	// Status is the status line, e.g. "503 Service Unavailable".
	Status string
	// Body is a one-line excerpt of the response body.
	Body string
	// RetryAfter is the wait the server asked for in a Retry-After header
	// given in seconds, or 0.
	RetryAfter time.Duration
}

// newError describes the non-2xx resp from url, whose body is data.
func newError(url string, resp *http.Response, data []byte) *Error {
	return &Error{
		URL:        url,
		StatusCode: resp.StatusCode,
		Status:     resp.Status,
		Body:       Excerpt(data, bodyExcerptBytes),
		RetryAfter: parseRetryAfter(resp.Header.Get("Retry-After")),
	}
}

// Error reports the endpoint, status and body excerpt.
func (e *Error) Error() string {
	msg := fmt.Sprintf("POST %s: HTTP %s", e.URL, e.Status)
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// Temporary reports whether retrying may help (HTTP 429 or 5xx).
func (e *Error) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// parseRetryAfter reads a Retry-After header given in seconds; an HTTP
// date or anything else reads as 0.
func parseRetryAfter(v string) time.Duration {
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 0
}
