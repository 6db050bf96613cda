package rerank

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxResponseBytes bounds how much of a response body is read.
const maxResponseBytes = 8 << 20

// bodyExcerptBytes bounds the body excerpt kept in an HTTPError.
const bodyExcerptBytes = 300

// HTTPError is a non-2xx answer from a reranking server.
type HTTPError struct {
	// URL is the endpoint that answered.
	URL string
	// StatusCode is the HTTP status code.
	StatusCode int
	// Status is the status line, e.g. "503 Service Unavailable".
	Status string
	// Body is a one-line excerpt of the response body.
	Body string

	retryAfter time.Duration // from the Retry-After header, if any
}

// Error reports the endpoint, status and body excerpt.
func (e *HTTPError) Error() string {
	msg := fmt.Sprintf("POST %s: HTTP %s", e.URL, e.Status)
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// Temporary reports whether retrying may help (HTTP 429 or 5xx).
func (e *HTTPError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// client posts JSON and retries HTTP 429 and 5xx answers at most
// maxRetries times with short, doubling backoff. Network errors are not
// retried, so an unreachable server fails fast.
type client struct {
	hc         *http.Client
	key        string // bearer key; empty sends no Authorization header
	keyEnv     string // where the key came from, for error hints
	maxRetries int
	backoff    time.Duration // first retry delay; doubles each time
	maxBackoff time.Duration // cap, also on the server's Retry-After
}

func newClient(s settings) *client {
	return &client{
		hc:         &http.Client{},
		key:        s.key,
		keyEnv:     s.keyEnv,
		maxRetries: MaxRetries,
		backoff:    200 * time.Millisecond,
		maxBackoff: 2 * time.Second,
	}
}

// post sends in as JSON to url and returns the body of a 2xx answer.
func (c *client) post(ctx context.Context, url string, in any) ([]byte, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	for attempt := 0; ; attempt++ {
		data, err := c.once(ctx, url, body)
		var he *HTTPError
		if err == nil || !errors.As(err, &he) || !he.Temporary() || attempt >= c.maxRetries {
			if he != nil && (he.StatusCode == http.StatusUnauthorized || he.StatusCode == http.StatusForbidden) {
				if c.keyEnv == "" {
					return nil, fmt.Errorf("%w (no API key sent: name its variable in APIKeyEnv)", err)
				}
				return nil, fmt.Errorf("%w (check the key in $%s)", err, c.keyEnv)
			}
			if he != nil && he.Temporary() && attempt > 0 {
				return nil, fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return data, err
		}
		delay := max(c.backoff<<attempt, he.retryAfter)
		delay = min(delay, c.maxBackoff)
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < delay {
			return nil, fmt.Errorf("%w (no time left to retry within the deadline: %w)", err, context.DeadlineExceeded)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("%w (gave up waiting to retry: %w)", err, ctx.Err())
		case <-t.C:
		}
	}
}

// once makes one attempt.
func (c *client) once(ctx context.Context, url string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err // *url.Error already names the method and URL
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return nil, fmt.Errorf("POST %s: read response: %w", url, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &HTTPError{
			URL:        url,
			StatusCode: resp.StatusCode,
			Status:     resp.Status,
			Body:       excerpt(data, bodyExcerptBytes),
			retryAfter: parseRetryAfter(resp.Header.Get("Retry-After")),
		}
	}
	return data, nil
}

// parseRetryAfter reads a Retry-After header given in seconds.
func parseRetryAfter(v string) time.Duration {
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 0
}

// excerpt returns at most n bytes of data as one line of valid UTF-8.
func excerpt(data []byte, n int) string {
	s := strings.Join(strings.Fields(string(data)), " ")
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "..."
}

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
