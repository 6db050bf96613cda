package app

import (
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/monitor"
)

// CheckConfig checks what the configuration's types cannot say, so that a
// bad value stops every command when it loads (archon config and serve
// included) rather than the first one that uses it: the workspace
// options (time zone, privacy patterns) compile, and the context section
// makes a monitor (a known profile, valid custom profiles and models).
// The error names where the value was set (config.Loaded.Blame).
func CheckConfig(cfg *config.Loaded) error {
	if _, err := cfg.MemoryOptions(); err != nil {
		return wrap(Invalid, cfg.Blame(err))
	}
	mc, err := monitor.ConfigFrom(cfg.Context)
	if err != nil {
		return wrap(Invalid, cfg.Blame(err))
	}
	if _, err := monitor.New(mc, nil); err != nil {
		return wrap(Invalid, cfg.Blame(err))
	}
	return nil
}
