package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/config"
)

// Defaults of Options.
const (
	DefaultAddr                 = config.DefaultServeAddr
	DefaultMaxBodyBytes         = config.DefaultServeMaxBodyBytes
	DefaultMaxConversationBytes = 64 << 20 // 64 MiB: long transcripts
	DefaultRequestTimeout       = 60 * time.Second
	DefaultShutdownTimeout      = 30 * time.Second
	// DefaultReadHeaderTimeout bounds reading a request's headers (at most
	// the ReadTimeout).
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout is how long a kept-alive connection may wait for
	// its next request.
	DefaultIdleTimeout = 2 * time.Minute
)

// Options configure a Server.
type Options struct {
	// Addr is where Run listens (DefaultAddr when empty).
	Addr string
	// Token, when set, is required as "Authorization: Bearer TOKEN" on every
	// request. It must be set when Addr is not a loopback address.
	Token string
	// CORSOrigins lists the origins allowed to call from a browser; empty
	// turns CORS off ("*" allows any).
	CORSOrigins []string
	// MaxBodyBytes and MaxConversationBytes limit request bodies.
	MaxBodyBytes, MaxConversationBytes int64
	// RequestTimeout limits one /v1 request.
	RequestTimeout time.Duration
	// ReadHeaderTimeout, ReadTimeout and IdleTimeout bound the reading of
	// a request's headers, of the whole request (headers and body) and
	// the wait for a kept-alive connection's next request; the connection
	// is closed when one runs out. ReadTimeout defaults to RequestTimeout,
	// ReadHeaderTimeout to DefaultReadHeaderTimeout (at most ReadTimeout),
	// IdleTimeout to DefaultIdleTimeout. They bound reading the request
	// only: once the body is read net/http clears the read deadline (for
	// its background read that notices a client leaving), and there is no
	// write timeout, so an answer (an MCP stream) may take longer.
	ReadHeaderTimeout, ReadTimeout, IdleTimeout time.Duration
	// ShutdownTimeout is how long Run waits for requests in flight.
	ShutdownTimeout time.Duration
	// OnStop, when set, is called once Run's context ends, before the
	// listener closes and the requests in flight are waited for (a
	// service marks its discovery file as stopping there, while it can
	// still be reached at its address).
	OnStop func()
	// SignOutFile, when set, keeps the dashboard's last sign-out (unix
	// seconds), so that a restart does not revive a session cookie signed
	// out of; a file that cannot be read voids every session issued before
	// the start. Empty keeps it in memory only.
	SignOutFile string
	// MCP, when set, is served at /mcp.
	MCP http.Handler
	// Metrics collects what /metrics shows (NewMetrics when nil).
	Metrics *Metrics
	// Keys, when set, checks API keys (shared mode): a bearer that is not
	// Token is looked up there, and the key's scopes bound what it may
	// do. Errors: app.ErrUnknownKey, app.ErrOtherTenant.
	Keys func(ctx context.Context, secret string) (*app.Key, error)
	// Tenant is the node's own tenant (shared mode). On a node that
	// answers any tenant, the keys of others reach the API and MCP, not
	// the node's own event stream and metrics.
	Tenant string
	// Events feeds the live stream at /v1/events (NewEvents when nil: a
	// stream that only beats, until the hub is given to the memory as
	// its observer).
	Events *Events
	// Logger receives request errors (nil: discard).
	Logger *slog.Logger
}

// Server is the HTTP front end of a memory.
type Server struct {
	mem     app.Memory
	opt     Options
	log     *slog.Logger
	handler http.Handler
	table   []route
	// loopback is set when the server listens on loopback only: then
	// requests must name a loopback host (see sameOrigin).
	loopback bool
	// port is the port Run serves on ("" before Run, or for a handler
	// mounted elsewhere); a loopback Host must name it.
	port atomic.Pointer[string]
	// cop is net/http's cross-origin protection, asked about requests
	// with no Origin (sameOrigin checks an Origin against CORSOrigins
	// itself), which it judges by their Sec-Fetch-Site.
	cop *http.CrossOriginProtection
	// signedOut is when the dashboard was last signed out of (unix
	// seconds): session cookies issued up to then are void; issued is the
	// latest issue time of a session cookie.
	signedOut, issued atomic.Int64
}

// New returns a Server for mem. It refuses a non-loopback Addr without a
// token.
func New(mem app.Memory, opt Options) (*Server, error) {
	if opt.Addr == "" {
		opt.Addr = DefaultAddr
	}
	if opt.MaxBodyBytes <= 0 {
		opt.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if opt.MaxConversationBytes <= 0 {
		opt.MaxConversationBytes = DefaultMaxConversationBytes
	}
	if opt.RequestTimeout <= 0 {
		opt.RequestTimeout = DefaultRequestTimeout
	}
	if opt.ShutdownTimeout <= 0 {
		opt.ShutdownTimeout = DefaultShutdownTimeout
	}
	if opt.ReadTimeout <= 0 {
		opt.ReadTimeout = opt.RequestTimeout
	}
	if opt.ReadHeaderTimeout <= 0 {
		opt.ReadHeaderTimeout = min(DefaultReadHeaderTimeout, opt.ReadTimeout)
	}
	if opt.IdleTimeout <= 0 {
		opt.IdleTimeout = DefaultIdleTimeout
	}
	if opt.Metrics == nil {
		opt.Metrics = NewMetrics()
	}
	if opt.Events == nil {
		opt.Events = NewEvents()
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	loop, err := IsLoopback(opt.Addr)
	if err != nil {
		return nil, err
	}
	if !loop && opt.Token == "" {
		return nil, fmt.Errorf("listening on %s (not loopback) needs a bearer token: set ARCHON_SERVE_TOKEN or --token-file", opt.Addr)
	}
	s := &Server{mem: mem, opt: opt, log: opt.Logger, loopback: loop, cop: http.NewCrossOriginProtection()}
	s.signedOut.Store(s.lastSignOut())
	s.table = s.routes()
	s.handler = s.buildMux()
	return s, nil
}

// IsLoopback reports whether addr (host:port) listens on loopback only.
func IsLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("address %q: %w (want host:port, e.g. %s)", addr, err, DefaultAddr)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

type limitKey struct{}

// limitOf returns the body limit of the route serving r.
func limitOf(r *http.Request) int64 {
	if n, ok := r.Context().Value(limitKey{}).(int64); ok {
		return n
	}
	return DefaultMaxBodyBytes
}

// buildMux routes every path to its handlers by method.
func (s *Server) buildMux() http.Handler {
	mux := http.NewServeMux()
	byPath := map[string][]route{}
	var paths []string
	for _, rt := range s.table {
		if _, ok := byPath[rt.path]; !ok {
			paths = append(paths, rt.path)
		}
		byPath[rt.path] = append(byPath[rt.path], rt)
	}
	for _, p := range paths {
		mux.Handle(p, s.guard(p, s.dispatch(byPath[p])))
	}
	mux.Handle("/metrics", s.guard("/metrics", s.homeOnly(needScope(scopeRead, http.HandlerFunc(s.opt.Metrics.serve)))))
	mux.Handle("/v1/events", s.guard("/v1/events", s.homeOnly(needScope(scopeRead, s.opt.Events))))
	s.mountUI(mux)
	if s.opt.MCP != nil {
		// Reading needs read; each tool that writes checks for write
		// itself (server/mcp), so a read-only key can search over MCP.
		mux.Handle("/mcp", s.guard("/mcp", needScope(scopeRead, mcpScopes(s.opt.MCP))))
	}
	mux.Handle("/", s.guard("other", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, apiErr(http.StatusNotFound, CodeNotFound, "no endpoint %s %s (see /v1/openapi.json)", r.Method, r.URL.Path))
	})))
	return s.cors(mux)
}

// dispatch picks the route by method and runs it with its limits.
func (s *Server) dispatch(rts []route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// HEAD is GET without the body (net/http leaves it out).
		i := slices.IndexFunc(rts, func(rt route) bool {
			return rt.method == r.Method || r.Method == http.MethodHead && rt.method == http.MethodGet
		})
		if i < 0 {
			var allow []string
			for _, rt := range rts {
				allow = append(allow, rt.method)
				if rt.method == http.MethodGet {
					allow = append(allow, http.MethodHead)
				}
			}
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, apiErr(http.StatusMethodNotAllowed, CodeMethod, "%s %s: use %s", r.Method, r.URL.Path, strings.Join(allow, " or ")))
			return
		}
		rt := rts[i]
		if p := principalOf(r); !p.allows(rt.needs()) {
			writeError(w, p.forbidden(r.Method, rt.path, rt.needs()))
			return
		}
		if err := rt.checkQuery(r); err != nil {
			writeError(w, err)
			return
		}
		limit := s.opt.MaxBodyBytes
		if rt.body == largeBody {
			limit = s.opt.MaxConversationBytes
		}
		ctx, cancel := context.WithTimeout(context.WithValue(r.Context(), limitKey{}, limit), s.opt.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		status, v, err := rt.h(r)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == context.DeadlineExceeded {
				err = apiErr(http.StatusServiceUnavailable, CodeTimeout, "%s %s took longer than %s", r.Method, r.URL.Path, s.opt.RequestTimeout)
			}
			if st := writeError(w, err); st >= 500 {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			}
			return
		}
		writeJSON(w, status, v)
	})
}

// guard wraps every endpoint: metrics, panic recovery and the token.
func (s *Server) guard(label string, next http.Handler) http.Handler {
	return s.guardWith(label, s.authenticate, next)
}

// errAnswered tells guardWith that the check answered the request itself.
var errAnswered = errors.New("answered")

// guardWith is guard with its own check of the caller, which returns the
// request to serve or the error to answer.
func (s *Server) guardWith(label string, allow func(http.ResponseWriter, *http.Request) (*http.Request, error), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic", "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
				if !sw.wrote {
					writeError(sw, apiErr(http.StatusInternalServerError, CodeInternal, "internal error"))
				}
			}
			s.opt.Metrics.observeRequest(label, r.Method, sw.status, time.Since(start))
		}()
		if err := s.sameOrigin(r); err != nil {
			writeError(sw, err)
			return
		}
		ar, err := allow(sw, r)
		if err != nil {
			if !errors.Is(err, errAnswered) {
				writeError(sw, err)
			}
			return
		}
		next.ServeHTTP(sw, ar)
	})
}

// cors answers preflights and adds the headers for allowed origins; with
// no origins configured it adds nothing (browsers then refuse).
func (s *Server) cors(next http.Handler) http.Handler {
	if len(s.opt.CORSOrigins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin != "" && (slices.Contains(s.opt.CORSOrigins, origin) || slices.Contains(s.opt.CORSOrigins, "*")) {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Add("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", "Mcp-Session-Id")
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
				// MCP from 2026-07-28 also sends Mcp-Method, Mcp-Name and
				// one Mcp-Param-NAME header per parameter a tool marks.
				allow := []string{"Authorization", "Content-Type", "Mcp-Session-Id", "Mcp-Protocol-Version", "Last-Event-ID", "Mcp-Method", "Mcp-Name"}
				for _, f := range strings.Split(r.Header.Get("Access-Control-Request-Headers"), ",") {
					if f = strings.TrimSpace(f); len(f) > len("mcp-param-") && strings.EqualFold(f[:len("mcp-param-")], "mcp-param-") {
						allow = append(allow, f)
					}
				}
				h.Set("Access-Control-Allow-Headers", strings.Join(allow, ", "))
				h.Set("Access-Control-Max-Age", "600")
				w.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status written.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Flush lets streaming handlers (MCP) flush.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Run serves on ln until ctx ends, then shuts down gracefully: no new
// connections, requests in flight finish (up to ShutdownTimeout).
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	if _, port, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		s.port.Store(&port)
	}
	// No WriteTimeout: an answer may stream for as long as it needs (a /v1
	// handler has RequestTimeout). ReadTimeout cuts a body that stalls:
	// the handler's context does not interrupt reading it.
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: s.opt.ReadHeaderTimeout,
		ReadTimeout:       s.opt.ReadTimeout,
		IdleTimeout:       s.opt.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// Live streams never end by themselves: shutting down ends them.
	hs.RegisterOnShutdown(s.opt.Events.Close)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	if s.opt.OnStop != nil {
		s.opt.OnStop()
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.opt.ShutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
