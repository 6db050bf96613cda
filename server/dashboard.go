package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/server/ui"
)

// The dashboard (/ui/) is a page in a browser, which cannot send a bearer
// header on a navigation: with a token set, /ui/login takes the token
// once and sets a session cookie, and the cookie then stands for the
// token on /ui/ and /v1, on these conditions:
//   - the request comes from the dashboard's own origin: an Origin header,
//     when sent, names this host and port (whatever serve.cors_origins
//     allows bearer callers), and Sec-Fetch-Site, when sent, is
//     same-origin or none (a navigation typed by the person);
//   - a request that changes something also carries uiHeader, which a
//     form on another page cannot set.
//
// Browsers keep cookies per host, not per port, so the cookie is named
// for the port and its value, the time it was issued and a keyed hash of
// the token, the port and that time, names the port too: another service
// on another localhost port never receives a cookie it could use here,
// and two archon services do not overwrite each other's. It is HttpOnly,
// SameSite=Strict and is void after uiSessionAge, whatever the browser
// keeps; /ui/logout drops it and voids every session issued until then
// (all the dashboard's sign-ins to this service; kept across restarts in
// Options.SignOutFile).
const (
	uiCookiePrefix = "archon_ui_"
	uiHeader       = "X-Archon-UI"
	uiSessionAge   = 12 * time.Hour
	// maxLoginBytes bounds the sign-in form.
	maxLoginBytes = 4 << 10
)

// hostPort is the port a request names in its Host ("" when none).
func hostPort(r *http.Request) string {
	if _, port, err := net.SplitHostPort(r.Host); err == nil {
		return port
	}
	return ""
}

// uiCookie names the session cookie of the service at r's port.
func uiCookie(r *http.Request) string { return uiCookiePrefix + hostPort(r) }

// uiSession is the cookie value for the token and port, issued at unix
// second at: "at.mac", mac a keyed hash of the port and at, so that the
// cookie never holds the token itself and is void when the token changes.
func (s *Server) uiSession(r *http.Request, at int64) string {
	m := hmac.New(sha256.New, []byte(s.opt.Token))
	fmt.Fprintf(m, "archon dashboard session v3, port %s, issued %d", hostPort(r), at)
	return strconv.FormatInt(at, 10) + "." + hex.EncodeToString(m.Sum(nil))
}

// sessionValid reports whether v is a session cookie of this service
// issued within uiSessionAge and after the last sign-out.
func (s *Server) sessionValid(r *http.Request, v string) bool {
	ts, _, _ := strings.Cut(v, ".")
	at, err := strconv.ParseInt(ts, 10, 64)
	now := time.Now().Unix()
	if err != nil || at <= s.signedOut.Load() || at > now+60 || now-at > int64(uiSessionAge.Seconds()) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(v), []byte(s.uiSession(r, at))) == 1
}

// cookieAuthorized reports whether r carries the dashboard's session
// cookie under the conditions above.
func (s *Server) cookieAuthorized(r *http.Request) bool {
	c, err := r.Cookie(uiCookie(r))
	if err != nil || !s.sessionValid(r, c.Value) {
		return false
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || !strings.EqualFold(u.Host, r.Host) {
			return false
		}
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return false
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		return true
	}
	return r.Header.Get(uiHeader) == "1"
}

// mountUI adds the dashboard and its sign-in to mux.
func (s *Server) mountUI(mux *http.ServeMux) {
	files := http.StripPrefix("/ui/", ui.Files())
	mux.Handle("/ui", http.RedirectHandler("/ui/", http.StatusMovedPermanently))
	mux.Handle("/ui/login.css", s.uiGuard(false, http.HandlerFunc(ui.LoginStyles)))
	mux.Handle("/ui/login", s.uiGuard(false, http.HandlerFunc(s.login)))
	mux.Handle("/ui/logout", s.uiGuard(false, http.HandlerFunc(s.logout)))
	// Whether the page was signed in to (a service with a token): it then
	// offers to sign out.
	mux.Handle("/ui/session", s.uiGuard(true, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]bool{"signed_in": s.opt.Token != ""})
	})))
	mux.Handle("/ui/", s.uiGuard(true, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, apiErr(http.StatusMethodNotAllowed, CodeMethod, "%s %s: use GET", r.Method, r.URL.Path))
			return
		}
		files.ServeHTTP(w, r)
	})))
}

// uiGuard is guard for the dashboard: the same origin rules, metrics and
// recovery, and, when auth is set, the token or the session cookie; a
// browser without either is sent to the sign-in page.
func (s *Server) uiGuard(auth bool, next http.Handler) http.Handler {
	return s.guardWith("/ui", func(w http.ResponseWriter, r *http.Request) (*http.Request, error) {
		if !auth || s.authorized(r) {
			return r, nil
		}
		if r.URL.Path == "/ui/" || strings.HasSuffix(r.URL.Path, ".html") {
			http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
			return nil, errAnswered
		}
		return nil, apiErr(http.StatusUnauthorized, CodeUnauthorized, "sign in at /ui/login first")
	}, next)
}

// login shows the sign-in page (GET) or checks the token (POST): right,
// it sets the session cookie and goes on to the dashboard.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		if s.opt.Token == "" || s.authorized(r) {
			http.Redirect(w, r, "/ui/", http.StatusSeeOther)
			return
		}
		ui.Login(w, http.StatusOK, "")
		return
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, POST")
		writeError(w, apiErr(http.StatusMethodNotAllowed, CodeMethod, "%s %s: use GET or POST", r.Method, r.URL.Path))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxLoginBytes)
	if err := r.ParseForm(); err != nil {
		ui.Login(w, http.StatusBadRequest, "The form could not be read: "+err.Error())
		return
	}
	tok := strings.TrimSpace(r.PostForm.Get("token"))
	if s.opt.Token == "" {
		http.Redirect(w, r, "/ui/", http.StatusSeeOther)
		return
	}
	if subtle.ConstantTimeCompare([]byte(tok), []byte(s.opt.Token)) != 1 {
		ui.Login(w, http.StatusUnauthorized, "That is not this archon's token.")
		return
	}
	// Issued a second after a sign-out at the earliest, so that it is not
	// void at once.
	at := max(time.Now().Unix(), s.signedOut.Load()+1)
	for prev := s.issued.Load(); at > prev && !s.issued.CompareAndSwap(prev, at); prev = s.issued.Load() {
	}
	http.SetCookie(w, &http.Cookie{Name: uiCookie(r), Value: s.uiSession(r, at), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil, MaxAge: int(uiSessionAge.Seconds())})
	http.Redirect(w, r, "/ui/", http.StatusSeeOther)
}

// lastSignOut reads the sign-out kept in Options.SignOutFile: none (0)
// when there is no file, the start when it cannot be read (every session
// before it void: better a sign-in than a sign-out undone).
func (s *Server) lastSignOut() int64 {
	if s.opt.SignOutFile == "" {
		return 0
	}
	b, err := os.ReadFile(s.opt.SignOutFile)
	if errors.Is(err, fs.ErrNotExist) {
		return 0
	}
	at, perr := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || perr != nil || at < 0 {
		s.log.Warn("dashboard sign-out unreadable: sessions issued before this start are void", "file", s.opt.SignOutFile, "err", errors.Join(err, perr))
		return time.Now().Unix()
	}
	return at
}

// logout voids the sessions issued until now, drops the session cookie
// and goes back to the sign-in page.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if s.opt.Token != "" && s.authorized(r) { // a stranger's visit signs no one out
		// Every session issued so far, one issued a second ahead of the
		// clock (just after a sign-out) too.
		at := max(time.Now().Unix(), s.issued.Load())
		s.signedOut.Store(at)
		s.opt.Events.Recheck() // the open dashboards' streams end now
		if s.opt.SignOutFile != "" {
			if err := memory.WriteFileAtomic(s.opt.SignOutFile, []byte(strconv.FormatInt(at, 10)+"\n"), 0o600); err != nil {
				// Signed out while the service runs; a restart would
				// revive the sessions: say so.
				s.log.Error("dashboard sign-out not kept for the next start", "file", s.opt.SignOutFile, "err", err)
			}
		}
	}
	http.SetCookie(w, &http.Cookie{Name: uiCookie(r), Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: -1})
	http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
}
