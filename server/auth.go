package server

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/archon-memory/archon/app"
	"github.com/modelcontextprotocol/go-sdk/auth"
)

// Scopes a route needs (the API keys of shared mode carry them; the
// service's own token and the dashboard's session have them all).
const (
	scopeRead  = app.ScopeRead
	scopeWrite = app.ScopeWrite
	scopeAdmin = app.ScopeAdmin
)

// principal is who a request comes from: an API key, or (key nil) the
// service's token, the dashboard or an open loopback, which may do
// anything.
type principal struct {
	key *app.Key
}

// allows reports whether p has scope.
func (p *principal) allows(scope string) bool { return p.key == nil || p.key.Allows(scope) }

// forbidden is the answer to p asking for what needs scope.
func (p *principal) forbidden(method, path, scope string) error {
	return apiErr(http.StatusForbidden, CodeForbidden, "API key %s has scopes %v; %s %s needs %s", p.key.ID, p.key.Scopes, method, path, scope)
}

type principalKey struct{}

func principalOf(r *http.Request) *principal {
	if p, ok := r.Context().Value(principalKey{}).(*principal); ok {
		return p
	}
	return &principal{}
}

// bearerToken returns the token of a Bearer Authorization header; the
// scheme's name is case-insensitive (RFC 9110 section 11.1).
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return tok, true
}

// authenticate finds who r comes from: the service's token, an API key
// of the shared store (Options.Keys), the dashboard's session cookie, or,
// on a service with no token, anyone. It returns r with the principal and
// the caller (key, request id) in its context, or the error to answer.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (*http.Request, error) {
	rid := requestID(r)
	w.Header().Set("X-Request-Id", rid)
	p := &principal{}
	var still func(context.Context) bool // whether the caller may still read, for a long answer (a live stream)
	if tok, ok := bearerToken(r.Header.Get("Authorization")); ok {
		tok = strings.TrimSpace(tok)
		switch {
		case s.opt.Token != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(s.opt.Token)) == 1:
		case s.opt.Keys != nil:
			k, err := s.opt.Keys(r.Context(), tok)
			switch {
			case errors.Is(err, app.ErrOtherTenant):
				return nil, apiErr(http.StatusForbidden, CodeForbidden, "%v", err)
			case errors.Is(err, app.ErrUnknownKey):
				return nil, apiErr(http.StatusUnauthorized, CodeUnauthorized, "unknown or revoked API key")
			case err != nil:
				return nil, apiErr(http.StatusServiceUnavailable, CodeUnavailable, "the key cannot be checked now: %v", err)
			}
			p = &principal{key: k}
			still = func(ctx context.Context) bool { // revoked: gone; the store not answering: no news
				_, err := s.opt.Keys(ctx, tok)
				return !errors.Is(err, app.ErrUnknownKey) && !errors.Is(err, app.ErrOtherTenant)
			}
		case s.opt.Token != "":
			return nil, apiErr(http.StatusUnauthorized, CodeUnauthorized, "missing or wrong bearer token (Authorization: Bearer TOKEN)")
		}
	} else if s.opt.Token != "" && !s.cookieAuthorized(r) {
		return nil, apiErr(http.StatusUnauthorized, CodeUnauthorized, "missing or wrong bearer token (Authorization: Bearer TOKEN)")
	} else if s.opt.Token != "" {
		still = func(context.Context) bool { return s.cookieAuthorized(r) } // until a sign-out, or its age
	}
	r.Header.Set("X-Request-Id", rid) // for handlers that only see headers (MCP tools)
	ctx := context.WithValue(r.Context(), principalKey{}, p)
	if still != nil {
		ctx = context.WithValue(ctx, stillKey{}, still)
	}
	c := app.Caller{RequestID: rid}
	if p.key != nil {
		c.KeyID, c.Tenant = p.key.ID, p.key.Tenant
	}
	ctx = app.WithCaller(ctx, c)
	return r.WithContext(ctx), nil
}

// authorized reports whether r may see the dashboard: the token, the
// session cookie, or a service without a token (API keys sign in to the
// API, not to the dashboard).
func (s *Server) authorized(r *http.Request) bool {
	if s.opt.Token == "" {
		return true
	}
	if tok, ok := bearerToken(r.Header.Get("Authorization")); ok { // the scheme in any case, as the API reads it
		return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(s.opt.Token)) == 1
	}
	return s.cookieAuthorized(r)
}

// requestID is the caller's X-Request-Id when it is a sane one (at most
// 128 printable ASCII characters), else a new one.
func requestID(r *http.Request) string {
	id := r.Header.Get("X-Request-Id")
	if id != "" && len(id) <= 128 && strings.IndexFunc(id, func(c rune) bool { return c > unicode.MaxASCII || !unicode.IsPrint(c) }) < 0 {
		return id
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// needs is the scope rt needs: its own, else read for GET, write for others.
func (rt *route) needs() string {
	switch {
	case rt.scope != "":
		return rt.scope
	case rt.method == http.MethodGet:
		return scopeRead
	}
	return scopeWrite
}

// needScope wraps a handler outside the route table with the scope it
// needs.
func needScope(scope string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := principalOf(r); !p.allows(scope) {
			writeError(w, p.forbidden(r.Method, r.URL.Path, scope))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// mcpScopes hands the caller's API key to the MCP tools as the SDK's
// token info (scopes, the key id as the user): they run outside the
// request's context and check the scope each tool needs. A caller without
// a key (the service's token, a service without one) has every scope.
func mcpScopes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalOf(r)
		if p.key == nil {
			next.ServeHTTP(w, r)
			return
		}
		verify := func(context.Context, string, *http.Request) (*auth.TokenInfo, error) {
			return &auth.TokenInfo{Scopes: p.key.Scopes, UserID: p.key.ID, Expiration: time.Now().Add(time.Hour),
				Extra: map[string]any{"tenant": p.key.Tenant}}, nil
		}
		auth.RequireBearerToken(verify, nil)(next).ServeHTTP(w, r)
	})
}

// homeOnly refuses the keys of tenants other than the node's own: what
// the node itself streams (events, metrics) is its own tenant's.
func (s *Server) homeOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := principalOf(r); p.key != nil && s.opt.Tenant != "" && p.key.Tenant != s.opt.Tenant {
			writeError(w, apiErr(http.StatusForbidden, CodeForbidden, "%s is the stream of tenant %s; the key is of %s", r.URL.Path, s.opt.Tenant, p.key.Tenant))
			return
		}
		next.ServeHTTP(w, r)
	})
}

type stillKey struct{}

// stillAuthorized reports whether the caller of a request that is still
// being answered (a live stream) may still read: a signed-out session or a
// revoked key may not.
func stillAuthorized(ctx context.Context) bool {
	still, _ := ctx.Value(stillKey{}).(func(context.Context) bool)
	return still == nil || still(ctx)
}
