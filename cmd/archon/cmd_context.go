package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/memory"
)

// exitCode makes run() exit with a chosen status after printing nothing.
type exitCode struct {
	code int
	msg  string
}

func (e exitCode) Error() string { return e.msg }

// conversationFlags are shared by the commands that read a conversation.
func conversationFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "input", Aliases: []string{"i"}, Value: "-", Usage: "conversation file, or - for stdin"},
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "openai, anthropic or claude-code (default: detected)"},
		&cli.StringFlag{Name: "model", Aliases: []string{"m"}, Usage: "model name, for its window and tokenizer (default: the input's, then context.model)"},
		&cli.StringFlag{Name: "profile", Usage: "threshold profile: archon, grid, window or a custom one (default: context.profile)"},
		&cli.StringFlag{Name: "session", Usage: "session id: the context log and the dashboard keep checks per session"},
		&cli.StringFlag{Name: "agent", Usage: "agent whose context this is (prepare: the agent of the entries it archives, default archon)"},
	}
}

// conversation reads --input (sent as its exact bytes) with --format and
// the other flags of the commands that read a conversation.
func (a *app) conversation(c *cli.Context) (core.ConvRequest, error) {
	if _, err := conv.ParseFormat(c.String("format")); err != nil {
		return core.ConvRequest{}, usageError{fmt.Errorf("--format: %w", err)}
	}
	var r io.Reader = a.stdin
	if in := c.String("input"); in != "-" {
		file, err := os.Open(in)
		if err != nil {
			return core.ConvRequest{}, fmt.Errorf("--input: %w", err)
		}
		defer file.Close()
		r = file
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return core.ConvRequest{}, fmt.Errorf("read the conversation: %w", err)
	}
	text, _ := json.Marshal(string(data)) // a string always encodes
	return core.ConvRequest{Conversation: text, Format: c.String("format"), Model: c.String("model"),
		Profile: c.String("profile"), Largest: c.Int("largest"), Session: c.String("session"), Agent: c.String("agent")}, nil
}

// conversationAction reads the conversation, then calls fn.
func (a *app) conversationAction(fn func(c *cli.Context, m core.Memory, r core.ConvRequest) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		if err := noArgs(c); err != nil {
			return err // the conversation comes from --input or stdin
		}
		r, err := a.conversation(c)
		if err != nil {
			return err
		}
		return a.withMemory(func(c *cli.Context, m core.Memory) error { return fn(c, m, r) })(c)
	}
}

func (a *app) contextCommand() *cli.Command {
	return &cli.Command{
		Name:  "context",
		Usage: "watch an agent's context window: check, prepare, gate, log, model",
		Subcommands: []*cli.Command{
			{
				Name:  "check",
				Usage: "tokens, limit, percent, level and action for a conversation, with the largest messages",
				Flags: append(conversationFlags(),
					&cli.BoolFlag{Name: "json", Usage: "print the report as JSON (stable)"},
					&cli.IntFlag{Name: "largest", Value: 5, Usage: "how many of the largest messages to list"}),
				Before: ints(intBound{"largest", 0, 1000}),
				Action: a.conversationAction(func(c *cli.Context, m core.Memory, r core.ConvRequest) error {
					rep, err := m.Check(c.Context, r)
					return emit(a, c, rep, err, func(rep *core.Report, w io.Writer) { fmt.Fprint(w, core.RenderReport(rep)) })
				}),
			},
			{
				Name:  "show",
				Usage: "the L1 payload for session start: MEMORY_SUMMARY.md, identity files and a digest of recent logs, within a token budget",
				Description: "Kept in this order and trimmed from the end, whole lines only: the summary, identity files,\n" +
					"recent decisions, open items (tasks, errors, blockers), other recent entries (newest first).",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "budget", Usage: "token budget (default: l1.budget_tokens)"},
					&cli.BoolFlag{Name: "json", Usage: "print parts, sizes and the payload as JSON"},
				},
				Before: before(ints(budgetBound), noArgs),
				Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
					pl, err := m.L1(c.Context, c.Int("budget"))
					return emit(a, c, pl, err, func(pl *core.Payload, w io.Writer) { fmt.Fprint(w, pl.Text) })
				}),
			},
			{
				Name:  "warmth",
				Usage: "the learnings carried into a new session (MEMORY.md and L3 knowledge items), kept by priority (gotchas, patterns, preferences, fragile areas, almost-did) within a budget",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "budget", Value: core.DefaultWarmthBudget, Usage: "token budget"},
					&cli.BoolFlag{Name: "json", Usage: "print as JSON"},
				},
				Before: before(ints(budgetBound), noArgs),
				Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
					w, err := m.Warmth(c.Context, c.Int("budget"))
					return emit(a, c, w, err, func(w *core.Warmth, out io.Writer) {
						for _, l := range w.Kept {
							fmt.Fprintf(out, "%s\n", l.Text)
						}
						if len(w.Dropped) > 0 {
							a.logger.Warn("learnings over budget were left out", "dropped", len(w.Dropped), "budget", w.Budget)
						}
						for _, warn := range w.Warnings {
							fmt.Fprintln(a.stderr, "warning: "+warn)
						}
					})
				}),
			},
			a.prepareCommand(false),
			a.prepareCommand(true),
			{
				Name:  "log",
				Usage: "draw the recent context history (checks, triggers, compactions) as a chart",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "n", Value: 60, Usage: "how many recent events"},
					&cli.BoolFlag{Name: "json", Usage: "print the events as JSON"},
				},
				Before: ints(intBound{"n", 1, 10000}),
				Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
					if err := noArgs(c); err != nil {
						return err
					}
					events, err := m.ContextLog(c.Context, c.Int("n"))
					if err != nil {
						return err
					}
					if c.Bool("json") {
						return writeJSON(a.stdout, events)
					}
					if len(events) == 0 {
						fmt.Fprintln(a.stdout, "no context events yet (archon context check records one)")
						return nil
					}
					prof, err := m.Profile(c.Context, events[len(events)-1].Profile)
					if err != nil {
						return err
					}
					loc, err := a.location(c)
					if err != nil {
						return err
					}
					_, err = fmt.Fprint(a.stdout, core.Chart(events, prof.Thresholds(), loc))
					return err
				}),
			},
			{
				Name:      "model",
				Usage:     "show the runtime model override, or set it: archon context model set NAME|auto",
				ArgsUsage: "[set NAME|auto]",
				Before: func(c *cli.Context) error {
					if args := c.Args().Slice(); len(args) != 0 && (len(args) != 2 || args[0] != "set") {
						return usagef("use `archon context model` or `archon context model set NAME|auto`")
					}
					return nil
				},
				Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
					if c.Args().Len() == 2 {
						name := c.Args().Get(1)
						res, err := m.SetModel(c.Context, &name)
						if err == nil && res.Note != "" {
							a.logger.Warn(res.Note)
						}
						return err
					}
					cur, err := m.Model(c.Context)
					if err != nil {
						return err
					}
					if cur.Note != "" {
						a.logger.Warn(cur.Note)
					}
					name := "auto (none: the input's model or context.model)"
					if cur.Model != nil {
						name = *cur.Model
					}
					fmt.Fprintln(a.stdout, name)
					return nil
				}),
			},
		},
	}
}

// prepareCommand builds `context prepare` or, with gate, `context gate`.
func (a *app) prepareCommand(gate bool) *cli.Command {
	cmd := &cli.Command{
		Name:  "prepare",
		Usage: "run what the level asks for (compaction or auto-summarize) and print the prepared messages",
		Description: "Cut messages are archived verbatim in today's daily log; at the critical level MEMORY_SUMMARY.md\n" +
			"is rewritten (the old version is kept in .archon/summary-history/). --dry-run writes nothing.",
	}
	if gate {
		cmd.Name = "gate"
		cmd.Usage = "for orchestrators: compress if the level asks, then exit 0 (go on), 3 (went on after compressing) or 2 (must not spawn)"
		cmd.Description = "Prints the decision as JSON on stdout; --output FILE receives the prepared messages when compressed."
	}
	cmd.Flags = append(conversationFlags(),
		&cli.StringFlag{Name: "action", Usage: "force an action: " + strings.Join(core.Actions(), ", ")},
		&cli.BoolFlag{Name: "archive-all", Usage: "also archive the messages kept, so all is searchable now"},
		&cli.BoolFlag{Name: "dry-run", Usage: "write nothing to the workspace"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the prepared messages here instead of stdout"},
	)
	cmd.Before = func(c *cli.Context) error {
		if act := c.String("action"); act != "" && !slices.Contains(core.Actions(), act) {
			return usagef("--action: %q is not one of %s", act, strings.Join(core.Actions(), ", "))
		}
		// Checked before anything is archived or summarized: a run that
		// could not hand its messages back would leave them archived, and
		// its retry would archive them again.
		if out := c.String("output"); out != "" {
			if err := writableFile(out); err != nil {
				return usagef("--output %s: %v", out, err)
			}
		}
		return nil
	}
	cmd.Action = a.conversationAction(func(c *cli.Context, m core.Memory, cr core.ConvRequest) error {
		r := core.PrepareRequest{ConvRequest: cr, Action: c.String("action"), ArchiveAll: c.Bool("archive-all"), DryRun: c.Bool("dry-run"), AsText: true}
		if !gate {
			p, err := m.Prepare(c.Context, r)
			if err != nil {
				return err
			}
			return a.writePrepared(c, p)
		}
		g, err := m.Gate(c.Context, r)
		if err != nil {
			return err
		}
		if g.Prepared != nil && g.Prepared.Changed && c.String("output") != "" {
			if err := a.writePrepared(c, g.Prepared); err != nil {
				return err
			}
		}
		decision := struct {
			Decision string `json:"decision"`
			ExitCode int    `json:"exit_code"`
			Reason   string `json:"reason"`
		}{g.Decision, g.ExitCode, g.Reason}
		if err := writeJSON(a.stdout, decision); err != nil {
			return err
		}
		if g.ExitCode != 0 {
			return exitCode{g.ExitCode, fmt.Sprintf("gate: %s: %s", g.Decision, g.Reason)}
		}
		return nil
	})
	return cmd
}

// writableFile reports why path cannot be written atomically (a missing
// or read-only folder, a directory in its place), or nil.
func writableFile(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("a directory")
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".archon-check-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// writePrepared writes the prepared conversation to --output (atomically)
// or stdout.
func (a *app) writePrepared(c *cli.Context, p *core.Prepared) error {
	if path := c.String("output"); path != "" {
		return memory.WriteFileAtomic(path, p.Text(), 0o644)
	}
	_, err := a.stdout.Write(p.Text())
	return err
}

func (a *app) summarizeCommand() *cli.Command {
	return &cli.Command{
		Name:  "summarize",
		Usage: "summarize a conversation into MEMORY_SUMMARY.md (the old version is kept in the history)",
		Flags: append(conversationFlags()[:3], &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}),
		Action: a.conversationAction(func(c *cli.Context, m core.Memory, r core.ConvRequest) error {
			s, err := m.Summarize(c.Context, r)
			if err != nil {
				return err
			}
			if s.Fallback != "" {
				a.logger.Warn("LLM summarizer fell back to the extractive one", "why", s.Fallback)
			}
			if c.Bool("json") {
				return writeJSON(a.stdout, map[string]any{"path": s.Path, "history": s.History, "tokens": s.Tokens, "method": s.Method, "fallback": s.Fallback})
			}
			fmt.Fprintf(a.stdout, "wrote %s (%d tokens, %s)", s.Path, s.Tokens, s.Method)
			if s.History != "" {
				fmt.Fprintf(a.stdout, "; the previous version is in %s", s.History)
			}
			fmt.Fprintln(a.stdout)
			return nil
		}),
	}
}
