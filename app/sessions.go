package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
)

// sessionsFile keeps the latest check of each session, under the state
// directory; sessionsLock serializes its read-modify-write across
// processes (a hook's one-shot command and the service).
const (
	sessionsFile = "context-sessions.json"
	sessionsLock = "context-sessions.lock"
	// maxSessions is how many sessions the file keeps, newest first.
	maxSessions = 32
)

// ContextSession is the latest context check of one session or agent.
type ContextSession struct {
	// Key is the session id, else the agent name, else "default".
	Key     string    `json:"key"`
	Session string    `json:"session,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	Time    time.Time `json:"ts"`
	// Checks counts the checks recorded for the key.
	Checks int     `json:"checks"`
	Report *Report `json:"report"`
}

// validSession checks a session id: one printable line of at most 200
// bytes.
func validSession(s string) error {
	if len(s) > 200 || !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return Invalidf("session: at most 200 bytes of printable text")
	}
	return nil
}

// sessionKey names the session of a check.
func sessionKey(session, agent string) string {
	switch {
	case session != "":
		return session
	case agent != "":
		return agent
	}
	return "default"
}

// ContextSessions returns the latest check of each session, newest first.
func (l *Local) ContextSessions(ctx context.Context) ([]ContextSession, error) {
	list, err := readSessions(filepath.Join(l.ws.StateDir(), sessionsFile))
	if err != nil {
		return nil, err
	}
	return list, nil
}

func readSessions(path string) ([]ContextSession, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return []ContextSession{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("context sessions: %w", err)
	}
	var list []ContextSession
	if err := json.Unmarshal(b, &list); err != nil {
		// A display cache: a damaged one starts over.
		return []ContextSession{}, nil
	}
	return list, nil
}

// recordSession keeps cs as the latest check of its session, counting
// it in cs.Checks.
func (l *Local) recordSession(ctx context.Context, cs *ContextSession) error {
	if err := l.updateSessions(ctx, cs); err != nil {
		return fmt.Errorf("context sessions: %w", err)
	}
	return nil
}

func (l *Local) updateSessions(ctx context.Context, cs *ContextSession) error {
	dir := l.ws.StateDir()
	unlock, err := memory.LockPath(ctx, filepath.Join(dir, sessionsLock)) // makes dir too
	if err != nil {
		return err
	}
	defer unlock()
	path := filepath.Join(dir, sessionsFile)
	list, err := readSessions(path)
	if err != nil {
		return err
	}
	cs.Checks = 1
	if i := slices.IndexFunc(list, func(s ContextSession) bool { return s.Key == cs.Key }); i >= 0 {
		cs.Checks = list[i].Checks + 1
		list = slices.Delete(list, i, i+1)
	}
	list = slices.Insert(list, 0, *cs)
	if len(list) > maxSessions {
		list = list[:maxSessions]
	}
	b, err := json.Marshal(list)
	if err != nil {
		return err
	}
	return memory.WriteFileAtomic(path, b, 0o644)
}
