package server

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
)

// TestUnreachableStore: a store that cannot be reached (the shared
// PostgreSQL down) is 503 unavailable, and the answer does not carry the
// database's address and user, which the driver's error names (from a
// black-box review: 500 internal, "failed to connect to `user=archon_ci
// database=...`: 127.0.0.1:15999 ... connection refused").
func TestUnreachableStore(t *testing.T) {
	op := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 15999}, Err: syscall.ECONNREFUSED}
	err := fmt.Errorf("list tasks: failed to connect to `user=archon_ci database=bbc`: %w", op)
	ae := toAPIError(err)
	if ae.Status != http.StatusServiceUnavailable || ae.Code != CodeUnavailable {
		t.Errorf("%+v, want 503 unavailable", ae)
	}
	if strings.Contains(ae.Message, "archon_ci") || strings.Contains(ae.Message, "15999") {
		t.Errorf("the answer names the database: %q", ae.Message)
	}
	if ae := toAPIError(errors.New("something else")); ae.Status != http.StatusInternalServerError {
		t.Errorf("another error: %+v", ae)
	}
}
