package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxResponseBytes bounds how much of a response body is read.
const maxResponseBytes = 256 << 20

// HTTPError is a non-2xx answer from an embedding server.
type HTTPError struct {
	// URL is the endpoint that answered.
	URL string
	// StatusCode is the HTTP status code.
	StatusCode int
	// Status is the status line, e.g. "503 Service Unavailable".
	Status string
	// Body is an excerpt of the response body.
	Body string

	retryAfter string // the Retry-After header, if any
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

// httpClient posts JSON with per-attempt timeouts and bounded retries on
// HTTP 429 and 5xx. Network errors (connection refused, timeouts) are not
// retried, so an unreachable provider fails fast.
type httpClient struct {
	client     *http.Client
	timeout    time.Duration
	maxRetries int
	backoff    time.Duration // first retry delay; doubles each time
	maxBackoff time.Duration
	header     http.Header // added to every request
}

func newHTTPClient(cfg Config) *httpClient {
	c := &httpClient{
		client:     &http.Client{},
		timeout:    cfg.Timeout,
		maxRetries: cfg.MaxRetries,
		backoff:    250 * time.Millisecond,
		maxBackoff: 8 * time.Second,
		header:     http.Header{},
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.maxRetries == 0 {
		c.maxRetries = DefaultMaxRetries
	}
	if c.maxRetries < 0 {
		c.maxRetries = 0
	}
	return c
}

// postJSON sends in as JSON to url and decodes a 2xx response into out.
func (c *httpClient) postJSON(ctx context.Context, url string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	for attempt := 0; ; attempt++ {
		err := c.once(ctx, url, body, out)
		var he *HTTPError
		if err == nil || !errors.As(err, &he) || !he.Temporary() || attempt >= c.maxRetries {
			return err
		}
		delay := c.delay(attempt, he)
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%w (gave up waiting to retry: %w)", err, ctx.Err())
		case <-t.C:
		}
	}
}

// delay is the wait before retry number attempt+1: exponential with jitter,
// or the server's Retry-After when it asks for longer, capped at maxBackoff.
func (c *httpClient) delay(attempt int, he *HTTPError) time.Duration {
	d := c.backoff << attempt
	d = d/2 + rand.N(d/2+1) // jitter in [d/2, d]
	if ra := parseRetryAfter(he); ra > d {
		d = ra
	}
	return min(d, c.maxBackoff)
}

// once makes one attempt.
func (c *httpClient) once(ctx context.Context, url string, body []byte, out any) error {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range c.header {
		req.Header[k] = v
	}
	resp, err := c.client.Do(req)
	if err != nil {
		if ctx.Err() == nil && actx.Err() != nil {
			return fmt.Errorf("POST %s: no answer within %s: %w", url, c.timeout, context.DeadlineExceeded)
		}
		return fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		if ctx.Err() == nil && actx.Err() != nil {
			return fmt.Errorf("POST %s: response not complete within %s: %w", url, c.timeout, context.DeadlineExceeded)
		}
		return fmt.Errorf("POST %s: read response: %w", url, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		he := &HTTPError{URL: url, StatusCode: resp.StatusCode, Status: resp.Status, Body: excerpt(data, 300)}
		if ra := resp.Header.Get("Retry-After"); ra != "" {
			he.retryAfter = ra
		}
		return he
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("POST %s: %w: malformed JSON (%v): %s", url, ErrBadResponse, err, excerpt(data, 120))
	}
	return nil
}

// parseRetryAfter reads a Retry-After header given in seconds.
func parseRetryAfter(he *HTTPError) time.Duration {
	if he.retryAfter == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(he.retryAfter)); err == nil && s > 0 {
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
