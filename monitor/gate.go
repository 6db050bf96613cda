package monitor

import (
	"context"
	"fmt"

	"github.com/archon-memory/archon/conv"

	"github.com/archon-memory/archon/monitor/ctxlog"
)

// Decision is the gate's answer to an orchestrator about to spawn an agent.
type Decision string

const (
	// Proceed: go on, nothing was needed.
	Proceed Decision = "proceed"
	// Compressed: the context was compressed (Prepared.Conv); go on with it.
	Compressed Decision = "compressed"
	// Block: do not spawn.
	Block Decision = "block"
)

// Exit statuses of `archon context gate`. 2 blocks, matching Claude Code
// hooks, where exit 2 blocks the action and shows stderr to the model.
const (
	ExitProceed    = 0
	ExitBlock      = 2
	ExitCompressed = 3
)

// ExitCode returns the exit status for d.
func (d Decision) ExitCode() int {
	switch d {
	case Block:
		return ExitBlock
	case Compressed:
		return ExitCompressed
	}
	return ExitProceed
}

// GateResult is the gate's decision and what led to it.
type GateResult struct {
	Decision Decision `json:"decision"`
	ExitCode int      `json:"exit_code"`
	Reason   string   `json:"reason"`
	// Prepared holds the check and, when compressed, the new context.
	Prepared *Prepared `json:"-"`
}

// Gate decides whether an orchestrator may spawn: below any compressing
// level it proceeds; at a compressing level it runs Prepare and proceeds
// with the compressed context unless the level reached afterwards still
// blocks or the context is still over the limit; at a blocking level that
// does not compress it blocks.
func (m *Monitor) Gate(ctx context.Context, c *conv.Conversation, opt PrepareOptions) (*GateResult, error) {
	p, err := m.Prepare(ctx, c, opt)
	if err != nil {
		return nil, err
	}
	g := &GateResult{Prepared: p}
	after := p.After
	switch {
	case p.Before.Block && !p.Action.Compresses():
		g.Decision = Block
		g.Reason = fmt.Sprintf("level %s (%.0f%%) blocks spawning", p.Before.Level, p.Before.Percent)
	case p.Changed && after.Block:
		g.Decision = Block
		g.Reason = fmt.Sprintf("still at blocking level %s (%.0f%%) after %s", after.Level, after.Percent, p.Action)
	case after.Limit > 0 && after.Tokens > after.Limit:
		// Whatever the profile's levels say, a context over the limit
		// cannot be sent: the model would refuse or cut it.
		g.Decision = Block
		g.Reason = fmt.Sprintf("%d tokens are over the limit of %d (%.0f%%) after %s", after.Tokens, after.Limit, after.Percent, p.Action)
	case p.Changed:
		g.Decision = Compressed
		g.Reason = fmt.Sprintf("%s at level %s: %.0f%% -> %.0f%% (%d tokens saved)", p.Action, p.Before.Level, p.Before.Percent, after.Percent, p.Saved)
	case p.Before.Block:
		g.Decision = Block
		g.Reason = fmt.Sprintf("level %s (%.0f%%) blocks spawning and %s found nothing to cut", p.Before.Level, p.Before.Percent, p.Action)
	default:
		g.Decision = Proceed
		g.Reason = fmt.Sprintf("level %s (%.0f%%)", p.Before.Level, p.Before.Percent)
	}
	g.ExitCode = g.Decision.ExitCode()
	m.logEvent(ctx, opt, ctxlog.Event{Kind: ctxlog.KindGate, Decision: string(g.Decision), Tokens: after.Tokens,
		Percent: after.Percent, Limit: after.Limit, Level: after.Level, Model: after.Model, Profile: after.Profile, Note: g.Reason})
	return g, nil
}
