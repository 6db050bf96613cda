// Package httpjson is archon's client for JSON-over-HTTP model servers
// (embedding and reranking providers): it POSTs a JSON body, returns the body
// of a 2xx answer as raw bytes, and retries HTTP 429 and 5xx answers a
// bounded number of times with doubling backoff. Network errors (connection
// refused, timeouts) are never retried, so an unreachable server fails fast.
//
// The details that differ between callers (per-attempt timeout, jitter,
// headers, a bearer key and the hints printed when it is refused, the wording
// of a final error, what happens when the caller's deadline is too close to
// wait for a retry) are chosen through [Options].
package httpjson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"
)

// Defaults that New applies to zero fields of Options.
const (
	defaultBackoff          = 250 * time.Millisecond
	defaultMaxBackoff       = 8 * time.Second
	defaultMaxResponseBytes = 8 << 20
)

// Options tunes a Client. The zero value makes one attempt with no timeout
// of its own and no extra headers.
type Options struct {
	// Timeout bounds each attempt (sending the request and reading the whole
	// answer); 0 means no bound beyond the caller's context. An attempt that
	// runs out fails with an error naming the timeout and wrapping
	// context.DeadlineExceeded, and is not retried.
	Timeout time.Duration
	// MaxRetries is how many times a request answered with HTTP 429 or 5xx
	// is sent again; 0 or negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry (default 250ms); it
	// doubles for each retry after that. A longer Retry-After (in seconds)
	// from the server wins.
	Backoff time.Duration
	// MaxBackoff caps every wait, the server's Retry-After included
	// (default 8s).
	MaxBackoff time.Duration
	// Jitter draws each wait at random from [d/2, d] instead of d, so that
	// many clients refused at once do not return at once.
	Jitter bool
	// Header is added to every request, after Content-Type and Accept
	// (application/json), which it may override.
	Header http.Header
	// Key, when not empty, is sent as "Authorization: Bearer <Key>",
	// overriding any Authorization in Header.
	Key string
	// KeyEnv names the environment variable Key came from. On HTTP 401 or
	// 403 the error then ends in "(check the key in $KeyEnv)".
	KeyEnv string
	// MissingKeyHint, when KeyEnv is empty, is added in parentheses to an
	// HTTP 401 or 403 error, to say how to configure a key.
	MissingKeyHint string
	// ReportAttempts adds "(after N attempts)" to a 429 or 5xx error that
	// retrying did not cure.
	ReportAttempts bool
	// FailFastOnDeadline fails at once, with an error wrapping the last
	// answer and context.DeadlineExceeded, when the caller's deadline would
	// pass during the wait before a retry. Without it the client waits until
	// the deadline passes.
	FailFastOnDeadline bool
	// PrefixNetworkErrors starts the error of a request that got no answer
	// with "POST <url>: ", although the *url.Error under it names the
	// method and URL too.
	PrefixNetworkErrors bool
	// MaxResponseBytes is how much of a response body is read (default
	// 8 MiB); a longer body is cut there.
	MaxResponseBytes int64
}

// Client posts JSON as its Options say. It is safe for concurrent use.
type Client struct {
	hc   *http.Client
	opts Options
}

// New returns a Client with opts, defaults filled in. It does no I/O.
func New(opts Options) *Client {
	if opts.MaxRetries < 0 {
		opts.MaxRetries = 0
	}
	if opts.Backoff <= 0 {
		opts.Backoff = defaultBackoff
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = defaultMaxBackoff
	}
	if opts.MaxResponseBytes <= 0 {
		opts.MaxResponseBytes = defaultMaxResponseBytes
	}
	opts.Header = opts.Header.Clone()
	return &Client{hc: &http.Client{}, opts: opts}
}

// Post sends in, encoded as JSON, to url and returns the body of a 2xx
// answer. A non-2xx answer is an *Error (possibly wrapped, with the hints
// Options asks for); a cancelled wait before a retry wraps both the last
// *Error and the context's error.
func (c *Client) Post(ctx context.Context, url string, in any) ([]byte, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	for attempt := 0; ; attempt++ {
		data, err := c.once(ctx, url, body)
		var he *Error
		if err == nil || !errors.As(err, &he) || !he.Temporary() || attempt >= c.opts.MaxRetries {
			if err != nil {
				return nil, c.explain(err, he, attempt)
			}
			return data, nil
		}
		delay := c.delay(attempt, he)
		if dl, ok := ctx.Deadline(); ok && c.opts.FailFastOnDeadline && time.Until(dl) < delay {
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

// explain adds the hints Options asks for to the final error of Post; he is
// the *Error in err, or nil.
func (c *Client) explain(err error, he *Error, attempt int) error {
	switch {
	case he == nil:
		return err
	case he.StatusCode == http.StatusUnauthorized || he.StatusCode == http.StatusForbidden:
		if c.opts.KeyEnv != "" {
			return fmt.Errorf("%w (check the key in $%s)", err, c.opts.KeyEnv)
		}
		if c.opts.MissingKeyHint != "" {
			return fmt.Errorf("%w (%s)", err, c.opts.MissingKeyHint)
		}
	case c.opts.ReportAttempts && he.Temporary() && attempt > 0:
		return fmt.Errorf("%w (after %d attempts)", err, attempt+1)
	}
	return err
}

// delay is the wait before retry number attempt+1: Backoff doubled attempt
// times (drawn from its upper half with Jitter), or the server's Retry-After
// when that is longer, capped at MaxBackoff.
func (c *Client) delay(attempt int, he *Error) time.Duration {
	d := c.opts.Backoff
	// Beyond twice the cap every draw is capped anyway; stopping there
	// keeps d from overflowing.
	for i := 0; i < attempt && d < 2*c.opts.MaxBackoff; i++ {
		d *= 2
	}
	if c.opts.Jitter {
		d = d/2 + rand.N(d/2+1)
	}
	return min(max(d, he.RetryAfter), c.opts.MaxBackoff)
}

// once makes one attempt.
func (c *Client) once(ctx context.Context, url string, body []byte) ([]byte, error) {
	actx := ctx
	if c.opts.Timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, c.opts.Timeout)
		defer cancel()
	}
	// timedOut reports whether the attempt's own timeout, not the
	// caller's context, ended it.
	timedOut := func() bool { return ctx.Err() == nil && actx.Err() != nil }
	req, err := http.NewRequestWithContext(actx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range c.opts.Header {
		req.Header[k] = v
	}
	if c.opts.Key != "" {
		req.Header.Set("Authorization", "Bearer "+c.opts.Key)
	}
	resp, err := c.hc.Do(req)
	switch {
	case err != nil && timedOut():
		return nil, fmt.Errorf("POST %s: no answer within %s: %w", url, c.opts.Timeout, context.DeadlineExceeded)
	case err != nil && c.opts.PrefixNetworkErrors:
		return nil, fmt.Errorf("POST %s: %w", url, err)
	case err != nil:
		return nil, err // *url.Error already names the method and URL
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.opts.MaxResponseBytes))
	switch {
	case err != nil && timedOut():
		return nil, fmt.Errorf("POST %s: response not complete within %s: %w", url, c.opts.Timeout, context.DeadlineExceeded)
	case err != nil:
		return nil, fmt.Errorf("POST %s: read response: %w", url, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, newError(url, resp, data)
	}
	return data, nil
}

// Excerpt returns at most n bytes of data folded onto one line of valid
// UTF-8, with "..." after it when data was longer.
func Excerpt(data []byte, n int) string {
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
