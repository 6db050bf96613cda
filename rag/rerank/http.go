package rerank

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/archon-memory/archon/internal/httpjson"
)

// HTTPError is a non-2xx answer from a reranking server.
type HTTPError = httpjson.Error

// client posts JSON and retries HTTP 429 and 5xx answers at most MaxRetries
// times with short, doubling backoff, never past the caller's deadline (see
// [httpjson.Client]). Network errors are not retried, so an unreachable
// server fails fast. The options are put together on each call, so that
// tests can shorten the backoff in the fields below.
type client struct {
	s          settings      // the bearer key and its variable
	backoff    time.Duration // first retry delay; doubles each time
	maxBackoff time.Duration // cap, also on the server's Retry-After
}

func newClient(s settings) *client {
	return &client{s: s, backoff: 200 * time.Millisecond, maxBackoff: 2 * time.Second}
}

// post sends in as JSON to url and returns the body of a 2xx answer.
func (c *client) post(ctx context.Context, url string, in any) ([]byte, error) {
	return httpjson.New(httpjson.Options{
		MaxRetries: MaxRetries, Backoff: c.backoff, MaxBackoff: c.maxBackoff,
		Key: c.s.key, KeyEnv: c.s.keyEnv, MissingKeyHint: "no API key sent: name its variable in APIKeyEnv",
		ReportAttempts: true, FailFastOnDeadline: true, MaxResponseBytes: 8 << 20,
	}).Post(ctx, url, in)
}

// excerpt returns at most n bytes of data as one line of valid UTF-8.
func excerpt(data []byte, n int) string { return httpjson.Excerpt(data, n) }

// badResponse wraps ErrBadResponse with a reason and a body excerpt.
func badResponse(url string, data []byte, format string, args ...any) error {
	return fmt.Errorf("POST %s: %w: %s: %s", url, ErrBadResponse, fmt.Sprintf(format, args...), excerpt(data, 200))
}

// statusIs reports whether err is an HTTPError with one of the codes.
func statusIs(err error, codes ...int) (*HTTPError, bool) {
	var he *HTTPError
	if !errors.As(err, &he) {
		return nil, false
	}
	for _, c := range codes {
		if he.StatusCode == c {
			return he, true
		}
	}
	return he, false
}
