package monitor

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

// Per-message overheads of the chat format (role markers, separators), as
// OpenAI documents them for its chat models.
const (
	messageOverhead = 4
	replyPriming    = 3
)

// Monitor checks and compacts conversations. It holds the model registry,
// the profiles and a token cache per encoding, so a long-lived Monitor
// (archon serve) re-checks a growing conversation at the cost of its new
// messages. It is safe for concurrent use.
type Monitor struct {
	cfg      Config
	reg      *Registry
	profiles map[string]Profile
	log      *slog.Logger

	mu     sync.Mutex
	caches map[tokens.Encoding]*tokens.Cache
}

// New returns a Monitor for cfg, usually ConfigFrom of the context section
// package config loaded (zero fields take their defaults). Package config
// has checked types, ranges and enums; New checks what needs the monitor's
// knowledge: user models, profiles and their levels, profile names and
// window classes, naming the entry at fault. A nil logger discards.
func New(cfg Config, logger *slog.Logger) (*Monitor, error) {
	cfg = cfg.withDefaults()
	reg, err := NewRegistry(cfg.Models...)
	if err != nil {
		return nil, err
	}
	profiles := BuiltinProfiles()
	for _, p := range cfg.Profiles {
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("context.profiles: %w", err)
		}
		profiles[p.Name] = p
	}
	if _, ok := profiles[cfg.Profile]; !ok {
		return nil, fmt.Errorf("context.profile: unknown profile %q", cfg.Profile)
	}
	for class, name := range cfg.ProfileByWindow {
		if _, err := ParseWindowClass(class); err != nil {
			return nil, fmt.Errorf("context.profile_by_window: %w", err)
		}
		if _, ok := profiles[name]; !ok {
			return nil, fmt.Errorf("context.profile_by_window[%s]: unknown profile %q", class, name)
		}
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Monitor{cfg: cfg, reg: reg, profiles: profiles, log: logger, caches: map[tokens.Encoding]*tokens.Cache{}}, nil
}

// Config returns the configuration in effect, defaults filled in.
func (m *Monitor) Config() Config { return m.cfg }

// Registry returns the model registry.
func (m *Monitor) Registry() *Registry { return m.reg }

// Profiles returns the known profiles (built-in and custom) by name.
func (m *Monitor) Profiles() map[string]Profile {
	out := make(map[string]Profile, len(m.profiles))
	for k, v := range m.profiles {
		out[k] = v
	}
	return out
}

// ErrUnknownProfile is a profile asked for by a name no profile has: the
// caller's to fix.
var ErrUnknownProfile = errors.New("unknown profile")

// ProfileFor picks the profile: name if given, else the one configured for
// the window class nearest window (profile_by_window), else the configured
// default.
func (m *Monitor) ProfileFor(name string, window int) (Profile, error) {
	if name != "" {
		p, ok := m.profiles[name]
		if !ok {
			return Profile{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, sortedKeys(m.profiles))
		}
		return p, nil
	}
	if len(m.cfg.ProfileByWindow) > 0 && window > 0 {
		if class := nearestClass(window, m.cfg.ProfileByWindow); class != "" {
			return m.profiles[m.cfg.ProfileByWindow[class]], nil
		}
	}
	return m.profiles[m.cfg.Profile], nil
}

// counterFor returns the Counter and the shared cache for a model.
func (m *Monitor) counterFor(res Resolution) *tokens.Cache {
	var c tokens.Counter
	if res.Model.Encoding != "" {
		c, _ = tokens.ForEncoding(res.Model.Encoding)
	}
	if c == nil {
		c = tokens.ForModel(res.Query)
		if c.Encoding() == tokens.Estimate {
			c = tokens.ForModel(res.Model.Name)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	cache := m.caches[c.Encoding()]
	if cache == nil {
		cache = tokens.NewCache(c, 0)
		m.caches[c.Encoding()] = cache
	}
	return cache
}

// countMessages returns the tokens of each message (0 for sidechain lines).
func countMessages(ctx context.Context, cache *tokens.Cache, msgs []conv.Message) ([]int, error) {
	texts := make([]string, len(msgs))
	for i := range msgs {
		if msgs[i].Live() {
			texts[i] = conv.Flatten(&msgs[i])
		}
	}
	counts, err := cache.CountAll(ctx, texts)
	if err != nil {
		return nil, err
	}
	for i := range counts {
		if msgs[i].Live() {
			counts[i] += messageOverhead
		}
	}
	return counts, nil
}

// messageCounter returns a cached per-message count for compaction.
func messageCounter(cache *tokens.Cache) func(*conv.Message) int {
	return func(msg *conv.Message) int {
		if !msg.Live() {
			return 0
		}
		return cache.Count(conv.Flatten(msg)) + messageOverhead
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// TokenCacheDir is the directory, under the state directory, where
// SaveTokenCaches keeps one file per encoding.
const TokenCacheDir = "token-cache"

// LoadTokenCaches fills the Monitor's token caches from stateDir, so that a
// short-lived command re-checking a conversation counts only what is new.
// Missing or stale files are ignored.
func (m *Monitor) LoadTokenCaches(stateDir string) error {
	for _, enc := range []string{string(tokens.CL100K), string(tokens.O200K), string(tokens.Estimate)} {
		counter, _ := tokens.ForEncoding(enc)
		c, err := tokens.LoadCache(filepath.Join(stateDir, TokenCacheDir, enc+".bin"), counter, 0)
		if err != nil {
			return err
		}
		if c.Stats().Entries == 0 {
			continue
		}
		m.mu.Lock()
		m.caches[counter.Encoding()] = c
		m.mu.Unlock()
	}
	return nil
}

// SaveTokenCaches writes the token caches used so far to stateDir.
func (m *Monitor) SaveTokenCaches(stateDir string) error {
	m.mu.Lock()
	caches := make(map[tokens.Encoding]*tokens.Cache, len(m.caches))
	for k, v := range m.caches {
		caches[k] = v
	}
	m.mu.Unlock()
	for enc, c := range caches {
		if err := c.Save(filepath.Join(stateDir, TokenCacheDir, string(enc)+".bin")); err != nil {
			return err
		}
	}
	return nil
}
