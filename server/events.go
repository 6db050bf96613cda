package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/archon-memory/archon/app"
)

// Events is the hub of the live stream (GET /v1/events, server-sent
// events): it is an app.Observer, and each stream a subscriber. A stream
// too slow to keep up loses events and is told to resync.
type Events struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
	done   chan struct{}
	// heartbeat is how often an idle stream gets a comment line, so that
	// proxies and the browser keep it open; writeTimeout bounds each write
	// (streamWriteTimeout).
	heartbeat, writeTimeout time.Duration
}

// streamWriteTimeout bounds one write to a stream: a client that stops
// reading without closing loses its stream (and its slot) instead of
// holding it, and shutdown does not wait on it.
const streamWriteTimeout = 10 * time.Second

// maxStreams bounds the live streams open at once. An API key holds at
// most keyStreams of them, and all keys together leave operatorStreams
// to the operator (the dashboard, a caller with the service's token): a
// read-scoped key cannot take every slot and cut the dashboard off.
const (
	maxStreams      = 64
	keyStreams      = 8
	operatorStreams = 8
)

// streamBuffer is how many events wait for a slow stream before it
// loses them.
const streamBuffer = 64

type event struct {
	name string
	data []byte
}

type subscriber struct {
	ch   chan event
	wake chan struct{} // Recheck: see whether the caller may still read
	key  string        // the API key's id; "" for the operator
	lost bool          // guarded by Events.mu
}

// NewEvents returns a hub with no streams.
func NewEvents() *Events {
	return &Events{subs: map[*subscriber]struct{}{}, done: make(chan struct{}), heartbeat: 25 * time.Second, writeTimeout: streamWriteTimeout}
}

// Close ends every stream (at shutdown: a stream never ends by itself).
func (e *Events) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.closed {
		e.closed = true
		close(e.done)
	}
}

// publish sends one event to every stream.
func (e *Events) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for s := range e.subs {
		select {
		case s.ch <- event{name, data}:
		default:
			s.lost = true
		}
	}
}

// Indexed implements app.Observer.
func (e *Events) Indexed(st *app.IndexStats, err error) {
	v := map[string]any{"chunks": 0}
	if st != nil {
		// What the run read changed (files edited, removed): the
		// dashboard reloads the panels that show files.
		v["chunks"], v["changed"], v["removed"] = st.Chunks, st.Changed, st.Removed
	}
	if err != nil {
		v["error"] = err.Error()
	}
	e.publish("index", v)
}

// Checked implements app.Observer.
func (e *Events) Checked(s *app.ContextSession) { e.publish("check", s) }

// JobRan implements app.Observer.
func (e *Events) JobRan(name string, err error, d time.Duration) {
	v := map[string]any{"name": name, "duration_ms": d.Milliseconds()}
	if err != nil {
		v["error"] = err.Error()
	}
	e.publish("job", v)
}

// Logged implements app.Observer.
func (e *Events) Logged(en *app.Entry) { e.publish("entry", en) }

// Updated implements app.Observer.
func (e *Events) Updated(what string) { e.publish("change", map[string]string{"what": what}) }

// subscribe adds a stream of the API key key ("" for the operator); it
// returns why not when the hub is closed or full, for everyone or for
// that key.
func (e *Events) subscribe(key string) (*subscriber, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, apiErr(http.StatusServiceUnavailable, CodeUnavailable, "archon is stopping")
	}
	mine, keys := 0, 0
	for s := range e.subs {
		if s.key != "" {
			keys++
		}
		if key != "" && s.key == key {
			mine++
		}
	}
	switch {
	case len(e.subs) >= maxStreams:
		return nil, apiErr(http.StatusServiceUnavailable, CodeUnavailable, "too many live streams open (at most %d)", maxStreams)
	case key != "" && mine >= keyStreams:
		return nil, apiErr(http.StatusTooManyRequests, CodeUnavailable, "API key %s has %d live streams open, the most one key may", key, mine)
	case key != "" && keys >= maxStreams-operatorStreams:
		return nil, apiErr(http.StatusServiceUnavailable, CodeUnavailable, "too many live streams open for API keys (at most %d: the rest are kept for the operator)", maxStreams-operatorStreams)
	}
	s := &subscriber{ch: make(chan event, streamBuffer), wake: make(chan struct{}, 1), key: key}
	e.subs[s] = struct{}{}
	return s, nil
}

// Recheck has every stream see at once whether its caller may still
// read (after a sign-out), instead of at its next event.
func (e *Events) Recheck() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for s := range e.subs {
		select {
		case s.wake <- struct{}{}:
		default: // one is pending already
		}
	}
}

func (e *Events) unsubscribe(s *subscriber) {
	e.mu.Lock()
	delete(e.subs, s)
	e.mu.Unlock()
}

// takeLost reports whether s lost events since the last call.
func (e *Events) takeLost(s *subscriber) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	lost := s.lost
	s.lost = false
	return lost
}

// ServeHTTP streams events until the client leaves or the hub closes.
func (e *Events) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		writeError(w, apiErr(http.StatusMethodNotAllowed, CodeMethod, "%s %s: use GET", r.Method, r.URL.Path))
		return
	}
	var key string
	if p := principalOf(r); p.key != nil {
		key = p.key.ID
	}
	s, err := e.subscribe(key)
	if err != nil {
		writeError(w, err)
		return
	}
	defer e.unsubscribe(s)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The browser retries after 2 s when the stream drops.
	_ = rc.SetWriteDeadline(time.Now().Add(e.writeTimeout))
	if _, err := fmt.Fprint(w, "retry: 2000\n: archon live events\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	beat := time.NewTicker(e.heartbeat)
	defer beat.Stop()
	for {
		var msg string
		select {
		case <-r.Context().Done():
			return
		case <-e.done:
			return
		case <-s.wake:
			if !stillAuthorized(r.Context()) {
				return
			}
			continue
		case <-beat.C:
			msg = ": ping\n\n"
		case ev := <-s.ch:
			msg = fmt.Sprintf("event: %s\ndata: %s\n\n", ev.name, ev.data)
		}
		// A caller signed out (the dashboard) or whose key was revoked
		// since the stream opened reads no more.
		if !stillAuthorized(r.Context()) {
			return
		}
		// The deadline bounds a write, from when it starts: set before the
		// wait, it ran out during a quiet spell and cut the stream at the
		// next heartbeat.
		_ = rc.SetWriteDeadline(time.Now().Add(e.writeTimeout))
		_, err := io.WriteString(w, msg)
		// Events were dropped while this stream lagged: the page reloads
		// what it shows.
		if err == nil && e.takeLost(s) {
			_, err = fmt.Fprint(w, "event: resync\ndata: {}\n\n")
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
	}
}
