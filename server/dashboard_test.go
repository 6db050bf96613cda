package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/server/ui"
)

// stream reads server-sent events from GET /v1/events.
type stream struct {
	t      *testing.T
	events chan [2]string // name, data
}

func openStream(t *testing.T, ts *testServer, cookies ...*http.Cookie) *stream {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.hs.URL+"/v1/events", nil)
	if len(cookies) == 0 {
		req.Header.Set("Authorization", "Bearer "+testToken)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	resp, err := ts.hs.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &stream{t: t, events: make(chan [2]string, 100)}
	go func() {
		sc := bufio.NewScanner(resp.Body)
		var name, data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data = strings.TrimPrefix(line, "data: ")
			case line == "" && name != "":
				s.events <- [2]string{name, data}
				name, data = "", ""
			}
		}
		close(s.events)
	}()
	return s
}

// next returns the data of the next event called name, skipping others.
func (s *stream) next(name string) string {
	s.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				s.t.Fatalf("stream ended waiting for %q", name)
			}
			if ev[0] == name {
				return ev[1]
			}
		case <-timeout:
			s.t.Fatalf("no %q event in 10s", name)
		}
	}
}

func TestEventsStream(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	s := openStream(t, ts)

	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "Chose SSE for the live dashboard.", Agent: "planner"}, 201, nil)
	if d := s.next("entry"); !strings.Contains(d, "Chose SSE") {
		t.Errorf("entry event: %s", d)
	}
	ts.json(t, "POST", "/v1/context/check", app.ConvRequest{Conversation: openaiConversation(2), Session: "s-1", Agent: "planner"}, 200, nil)
	var cs app.ContextSession
	if err := json.Unmarshal([]byte(s.next("check")), &cs); err != nil || cs.Key != "s-1" || cs.Agent != "planner" || cs.Report == nil || cs.Report.Tokens == 0 {
		t.Errorf("check event: %+v %v", cs, err)
	}
	ts.json(t, "PUT", "/v1/model", map[string]any{"model": "gpt-4o"}, 200, nil)
	if d := s.next("change"); d != `{"what":"model"}` {
		t.Errorf("change event: %s", d)
	}
	var logged app.Entry
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "the door code is 4471", Agent: "ops"}, 201, &logged)
	s.next("entry")
	ts.json(t, "POST", "/v1/forget", app.ForgetRequest{IDs: []string{logged.ID}}, 200, nil)
	if d := s.next("change"); d != `{"what":"logs"}` { // the timeline and L1 preview reload
		t.Errorf("change event after a forget: %s", d)
	}
	// A log written by hand: the index run that reads it says so.
	os.WriteFile(filepath.Join(ts.ws.Root(), "memory", "2026-11-02.md"), []byte("# 2026-11-02\n\n## 09:00 me\nwritten by hand\n"), 0o644)
	ts.json(t, "POST", "/v1/index", nil, 200, nil)
	if d := s.next("index"); !strings.Contains(d, `"changed":1`) {
		t.Errorf("index event after a hand edit: %s", d)
	}
	ts.json(t, "POST", "/v1/jobs/reindex/run", nil, 200, nil) // its index run comes first
	if d := s.next("index"); !strings.Contains(d, `"chunks"`) || !strings.Contains(d, `"changed"`) || !strings.Contains(d, `"removed"`) {
		t.Errorf("index event: %s", d)
	}
	if d := s.next("job"); !strings.Contains(d, `"name":"reindex"`) {
		t.Errorf("job event: %s", d)
	}
	var sessions []app.ContextSession
	ts.json(t, "GET", "/v1/context/sessions", nil, 200, &sessions)
	if len(sessions) != 1 || sessions[0].Key != "s-1" || sessions[0].Checks != 1 {
		t.Errorf("sessions: %+v", sessions)
	}
	// Shutting the hub ends the stream (a server stopping does).
	ts.srv.opt.Events.Close()
	for range s.events {
	}
}

// noRedirect is a client that shows redirects instead of following them.
func noRedirect(ts *testServer, jar http.CookieJar) *http.Client {
	return &http.Client{Transport: ts.hs.Client().Transport, Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func TestDashboardSignIn(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	c := noRedirect(ts, nil)
	get := func(path string, cookie *http.Cookie) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.hs.URL+path, nil)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if r := get("/ui/", nil); r.StatusCode != 303 || r.Header.Get("Location") != "/ui/login" {
		t.Fatalf("/ui/ without the token: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
	if r := get("/ui/app.js", nil); r.StatusCode != 401 {
		t.Errorf("/ui/app.js without the token: %d", r.StatusCode)
	}
	r := get("/ui/login", nil)
	if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("login page: %d, CSP %q", r.StatusCode, r.Header.Get("Content-Security-Policy"))
	}
	login := func(token string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.hs.URL+"/ui/login", strings.NewReader(url.Values{"token": {token}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if r := login("wrong"); r.StatusCode != 401 || len(r.Cookies()) != 0 {
		t.Errorf("wrong token: %d, cookies %v", r.StatusCode, r.Cookies())
	}
	r = login(testToken)
	if r.StatusCode != 303 || len(r.Cookies()) != 1 {
		t.Fatalf("right token: %d, cookies %v", r.StatusCode, r.Cookies())
	}
	cookie := r.Cookies()[0]
	if !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode || strings.Contains(cookie.Value, testToken) {
		t.Errorf("session cookie: %+v", cookie)
	}
	if r := get("/ui/", cookie); r.StatusCode != 200 || r.Header.Get("Content-Security-Policy") != ui.ContentSecurityPolicy {
		t.Errorf("/ui/ signed in: %d, CSP %q", r.StatusCode, r.Header.Get("Content-Security-Policy"))
	}
	if r := get("/v1/status", cookie); r.StatusCode != 200 {
		t.Errorf("/v1/status with the cookie: %d", r.StatusCode)
	}
	// A change needs the dashboard's header besides the cookie.
	post := func(header bool) int {
		req, _ := http.NewRequest("POST", ts.hs.URL+"/v1/log", strings.NewReader(`{"text":"from the dashboard"}`))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(cookie)
		if header {
			req.Header.Set(uiHeader, "1")
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := post(false); st != 401 {
		t.Errorf("POST with the cookie alone: %d, want 401", st)
	}
	if st := post(true); st != 201 {
		t.Errorf("POST with the cookie and the header: %d, want 201", st)
	}
	// Another site's request carries its own origin: the cookie does not
	// count, even where serve.cors_origins would let a bearer caller in.
	for _, h := range [][2]string{{"Origin", "http://localhost:3000"}, {"Sec-Fetch-Site", "same-site"}, {"Sec-Fetch-Site", "cross-site"}} {
		req, _ := http.NewRequest("GET", ts.hs.URL+"/v1/status", nil)
		req.AddCookie(cookie)
		req.Header.Set(h[0], h[1])
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 401 && resp.StatusCode != 403 {
			t.Errorf("cookie with %s: %s: %d", h[0], h[1], resp.StatusCode)
		}
	}
	if !strings.HasPrefix(cookie.Name, "archon_ui_") || cookie.MaxAge <= 0 {
		t.Errorf("cookie %s, max-age %d: want one per port, with an end", cookie.Name, cookie.MaxAge)
	}
	// A cookie issued more than uiSessionAge ago is void, whatever the
	// browser keeps (the test knows the token and makes one).
	req, _ := http.NewRequest("GET", ts.hs.URL+"/v1/status", nil)
	old := &http.Cookie{Name: cookie.Name, Value: ts.srv.uiSession(req, time.Now().Add(-uiSessionAge-time.Minute).Unix())}
	if r := get("/v1/status", old); r.StatusCode != 401 {
		t.Errorf("a session past its age: %d", r.StatusCode)
	}
	if r := get("/ui/logout", cookie); r.StatusCode != 303 || len(r.Cookies()) != 1 || r.Cookies()[0].MaxAge >= 0 {
		t.Errorf("logout: %d %v", r.StatusCode, r.Cookies())
	}
	// Signed out, the old cookie is void though a browser sends it again;
	// signing in again makes a new one that works.
	if r := get("/v1/status", cookie); r.StatusCode != 401 {
		t.Errorf("the cookie after logout: %d", r.StatusCode)
	}
	r = login(testToken)
	if len(r.Cookies()) != 1 || r.Cookies()[0].Value == cookie.Value || get("/v1/status", r.Cookies()[0]).StatusCode != 200 {
		t.Fatalf("signing in after logout: %v", r.Cookies())
	}
	// That session (issued a second ahead, just after the sign-out) ends
	// at its own logout too.
	again := r.Cookies()[0]
	get("/ui/logout", again)
	if r := get("/v1/status", again); r.StatusCode != 401 {
		t.Errorf("the second session after its logout: %d", r.StatusCode)
	}
	forged := &http.Cookie{Name: cookie.Name, Value: strings.Repeat("0", 64)}
	if r := get("/v1/status", forged); r.StatusCode != 401 {
		t.Errorf("forged cookie: %d", r.StatusCode)
	}
}

func TestDashboardWithoutToken(t *testing.T) {
	ts := newTestServer(t, Options{})
	c := noRedirect(ts, nil)
	for path, want := range map[string]int{"/ui/": 200, "/ui/app.js": 200, "/ui/login": 303, "/ui": 301, "/ui/nothing.js": 404, "/ui/session": 200} {
		resp, err := c.Get(ts.hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// TestQuietStreamStaysOpen: a stream with nothing to tell for longer than a
// write may take gets its heartbeats and stays open (the write deadline
// once ran out during the wait and cut it at the next heartbeat).
func TestQuietStreamStaysOpen(t *testing.T) {
	e := NewEvents()
	e.heartbeat, e.writeTimeout = 60*time.Millisecond, 20*time.Millisecond
	defer e.Close()
	hs := httptest.NewServer(e)
	defer hs.Close()
	resp, err := hs.Client().Get(hs.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	pings := 0
	for pings < 4 && sc.Scan() {
		if sc.Text() == ": ping" {
			pings++
		}
	}
	if pings < 4 {
		t.Fatalf("the stream ended after %d heartbeats: %v", pings, sc.Err())
	}
}

// TestDashboardBearerInAnyCase: the dashboard reads the Authorization
// scheme in any case, as the API does.
func TestDashboardBearerInAnyCase(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	for _, scheme := range []string{"Bearer", "bearer", "BEARER"} {
		req, _ := http.NewRequest("GET", ts.hs.URL+"/ui/", nil)
		req.Header.Set("Authorization", scheme+" "+testToken)
		resp, err := noRedirect(ts, nil).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: %d", scheme, resp.StatusCode)
		}
	}
}

// TestDashboardSignOutKept: a sign-out is kept in Options.SignOutFile, so
// a restarted service does not take back the cookie signed out of; a file
// that cannot be read voids every session issued before the start.
func TestDashboardSignOutKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ui-signout")
	opt := Options{Token: testToken, SignOutFile: file}
	start := func() *Server {
		s, err := New(nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	req := httptest.NewRequest("GET", "http://127.0.0.1:8080/v1/status", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	s := start()
	old := s.uiSession(req, time.Now().Unix()-10)
	if !s.sessionValid(req, old) {
		t.Fatal("a fresh session is void")
	}
	if !start().sessionValid(req, old) {
		t.Fatal("a session is void after a restart with no sign-out")
	}
	s.logout(httptest.NewRecorder(), req)
	if s.sessionValid(req, old) {
		t.Error("the session after its sign-out")
	}
	s = start()
	if s.sessionValid(req, old) {
		t.Error("a restart took the sign-out back")
	}
	if fresh := s.uiSession(req, time.Now().Unix()+1); !s.sessionValid(req, fresh) {
		t.Error("a session issued after the sign-out is void")
	}
	// A garbled file: the sessions before the start are void, new ones not.
	if err := os.WriteFile(file, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	s = start()
	if s.sessionValid(req, s.uiSession(req, time.Now().Unix()-5)) {
		t.Error("a session from before a start with an unreadable sign-out file")
	}
	if fresh := s.uiSession(req, time.Now().Unix()+1); !s.sessionValid(req, fresh) {
		t.Error("a session issued after that start is void")
	}
}

// TestEventsEndAtSignOut: a live stream opened with the dashboard's
// session ends at its sign-out; it does not carry the entries logged
// after it (from a black-box review: it went on carrying each one).
func TestEventsEndAtSignOut(t *testing.T) {
	ts := newTestServer(t, Options{Token: testToken})
	c := noRedirect(ts, nil)
	resp, err := c.PostForm(ts.hs.URL+"/ui/login", url.Values{"token": {testToken}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(resp.Cookies()) != 1 {
		t.Fatalf("sign-in: %d %v", resp.StatusCode, resp.Cookies())
	}
	cookie := resp.Cookies()[0]
	s := openStream(t, ts, cookie)
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "before the sign-out"}, 201, nil)
	if d := s.next("entry"); !strings.Contains(d, "before the sign-out") {
		t.Fatalf("entry event: %s", d)
	}
	req, _ := http.NewRequest("GET", ts.hs.URL+"/ui/logout", nil)
	req.AddCookie(cookie)
	if resp, err = c.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "after the sign-out"}, 201, nil)
	for ev := range s.events { // the stream ends
		if strings.Contains(ev[1], "after the sign-out") {
			t.Fatalf("the stream carried an entry logged after its sign-out: %v", ev)
		}
	}
}

// TestEventsEndAtRevocation: a live stream opened with an API key ends
// once the key is revoked (as the key check sees it), and not while the
// check cannot answer.
func TestEventsEndAtRevocation(t *testing.T) {
	var revoked, down atomic.Bool
	keys := func(_ context.Context, secret string) (*app.Key, error) {
		switch {
		case secret != "archon_k1" || revoked.Load():
			return nil, app.ErrUnknownKey
		case down.Load():
			return nil, errors.New("the store does not answer")
		}
		return &app.Key{ID: "K1", Tenant: "acme", Scopes: []string{app.ScopeRead, app.ScopeWrite}}, nil
	}
	ts := newTestServer(t, Options{Token: testToken, Keys: keys})
	req, _ := http.NewRequest("GET", ts.hs.URL+"/v1/events", nil)
	req.Header.Set("Authorization", "Bearer archon_k1")
	resp, err := ts.hs.Client().Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("events with the key: %v %v", resp, err)
	}
	defer resp.Body.Close()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	wait := func(text string) bool {
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					return false
				}
				if strings.Contains(l, text) {
					return true
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("no %q in 5 s", text)
			}
		}
	}
	down.Store(true) // the key cannot be checked: the stream goes on
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "while the store is down"}, 201, nil)
	if !wait("while the store is down") {
		t.Fatal("the stream ended while the key could not be checked")
	}
	down.Store(false)
	revoked.Store(true)
	ts.json(t, "POST", "/v1/log", app.LogRequest{Text: "after the revocation"}, 201, nil)
	if wait("after the revocation") {
		t.Fatal("the stream carried an entry logged after its key was revoked")
	}
}

// TestStreamsLeaveTheOperatorRoom: an API key holds at most keyStreams
// live streams, keys together leave operatorStreams to the operator, and
// the operator's dashboard still connects when keys hold all theirs.
func TestStreamsLeaveTheOperatorRoom(t *testing.T) {
	e := NewEvents()
	defer e.Close()
	for i := range keyStreams {
		if _, err := e.subscribe("K1"); err != nil {
			t.Fatalf("stream %d of K1: %v", i, err)
		}
	}
	if _, err := e.subscribe("K1"); err == nil || !strings.Contains(err.Error(), "the most one key may") {
		t.Fatalf("a key over its share: %v", err)
	}
	for k := 2; ; k++ {
		key := fmt.Sprint("K", k)
		if _, err := e.subscribe(key); err != nil {
			if !strings.Contains(err.Error(), "kept for the operator") || len(e.subs) != maxStreams-operatorStreams {
				t.Fatalf("%s refused with %d open: %v", key, len(e.subs), err)
			}
			break
		}
		for range keyStreams - 1 {
			e.subscribe(key)
		}
	}
	for i := range operatorStreams {
		if _, err := e.subscribe(""); err != nil {
			t.Fatalf("the operator's stream %d: %v", i, err)
		}
	}
	if _, err := e.subscribe(""); err == nil {
		t.Fatal("more than maxStreams")
	}
}
