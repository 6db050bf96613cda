package embed

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/archon-memory/archon/internal/httpjson"
)

// HTTPError is a non-2xx answer from an embedding server.
type HTTPError = httpjson.Error

// httpClient posts JSON with per-attempt timeouts and bounded, jittered
// retries on HTTP 429 and 5xx (see [httpjson.Client]). Network errors are
// not retried, so an unreachable provider fails fast. The backoff lives in
// its own fields, applied on each call, so that tests can shorten it.
type httpClient struct {
	opts       httpjson.Options // all but the backoff below
	backoff    time.Duration    // first retry delay; doubles each time
	maxBackoff time.Duration
}

func newHTTPClient(cfg Config) *httpClient {
	c := &httpClient{
		opts: httpjson.Options{
			Timeout:             cfg.Timeout,
			MaxRetries:          cfg.MaxRetries,
			Jitter:              true,
			PrefixNetworkErrors: true,
			MaxResponseBytes:    256 << 20,
		},
		backoff:    250 * time.Millisecond,
		maxBackoff: 8 * time.Second,
	}
	if c.opts.Timeout <= 0 {
		c.opts.Timeout = DefaultTimeout
	}
	if c.opts.MaxRetries == 0 {
		c.opts.MaxRetries = DefaultMaxRetries
	}
	return c
}

// postJSON sends in as JSON to url and decodes a 2xx response into out.
func (c *httpClient) postJSON(ctx context.Context, url string, in, out any) error {
	opts := c.opts
	opts.Backoff, opts.MaxBackoff = c.backoff, c.maxBackoff
	data, err := httpjson.New(opts).Post(ctx, url, in)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("POST %s: %w: malformed JSON (%v): %s", url, ErrBadResponse, err, excerpt(data, 120))
	}
	return nil
}

// excerpt returns at most n bytes of data as one line of valid UTF-8.
func excerpt(data []byte, n int) string { return httpjson.Excerpt(data, n) }
