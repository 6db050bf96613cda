package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// bearer adds the token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// Relay copies MCP messages between stdio and the /mcp endpoint of the
// archon serve at url (with its bearer token, if any) until either side
// closes or ctx ends.
func Relay(ctx context.Context, url, token string) error {
	hc := &http.Client{}
	if token != "" {
		hc.Transport = bearer{token, http.DefaultTransport}
	}
	remote, err := (&sdk.StreamableClientTransport{Endpoint: url + "/mcp", HTTPClient: hc}).Connect(ctx)
	if err != nil {
		return fmt.Errorf("connect to archon serve at %s: %w", url, err)
	}
	defer remote.Close()
	local, err := (&sdk.StdioTransport{}).Connect(ctx)
	if err != nil {
		return err
	}
	defer local.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errc := make(chan error, 2)
	pipe := func(from, to sdk.Connection) {
		for {
			msg, err := from.Read(ctx)
			if err == nil {
				err = to.Write(ctx, msg)
			}
			if err != nil {
				errc <- err
				return
			}
		}
	}
	go pipe(local, remote)
	go pipe(remote, local)
	err = <-errc
	if errors.Is(err, context.Canceled) || errors.Is(err, net.ErrClosed) || strings.Contains(fmt.Sprint(err), "EOF") {
		return nil
	}
	return err
}
