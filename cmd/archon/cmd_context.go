package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/layers"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/monitor/conv"
	"github.com/archon-memory/archon/monitor/ctxlog"
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
	}
}

// monitorFor builds the context monitor of the workspace, with its token
// caches loaded; save them with the returned function.
func (a *app) monitorFor(c *cli.Context) (*memory.Workspace, *monitor.Monitor, func(), error) {
	ws, _, err := a.workspace(c)
	if err != nil {
		return nil, nil, nil, err
	}
	cfg, err := monitor.LoadConfig(ws.ConfigPath())
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := monitor.New(cfg, a.logger)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: context: %w", ws.ConfigPath(), err)
	}
	if err := m.LoadTokenCaches(ws.StateDir()); err != nil {
		a.logger.Debug("token caches not loaded", "err", err)
	}
	save := func() {
		if err := m.SaveTokenCaches(ws.StateDir()); err != nil {
			a.logger.Warn("token caches not saved", "err", err)
		}
	}
	return ws, m, save, nil
}

// readConversation parses --input in --format.
func (a *app) readConversation(c *cli.Context) (*conv.Conversation, error) {
	f, err := conv.ParseFormat(c.String("format"))
	if err != nil {
		return nil, usageError{fmt.Errorf("--format: %w", err)}
	}
	var r io.Reader = a.stdin
	if in := c.String("input"); in != "-" {
		file, err := os.Open(in)
		if err != nil {
			return nil, fmt.Errorf("--input: %w", err)
		}
		defer file.Close()
		r = file
	}
	cv, err := conv.Parse(r, f)
	if err != nil {
		return nil, err
	}
	for _, w := range cv.Warnings {
		a.logger.Warn("input", "warning", w)
	}
	return cv, nil
}

// conversationRun is where the commands that read a conversation start:
// the workspace, its monitor (save its token caches when done), the parsed
// --input and the check options from the flags and the model override.
type conversationRun struct {
	ws   *memory.Workspace
	m    *monitor.Monitor
	conv *conv.Conversation
	opt  monitor.CheckOptions
	save func()
}

func (a *app) startConversation(c *cli.Context) (*conversationRun, error) {
	ws, m, save, err := a.monitorFor(c)
	if err != nil {
		return nil, err
	}
	cv, err := a.readConversation(c)
	if err == nil {
		var opt monitor.CheckOptions
		if opt, err = a.checkOptions(c, ws.StateDir()); err == nil {
			return &conversationRun{ws: ws, m: m, conv: cv, opt: opt, save: save}, nil
		}
	}
	save()
	return nil, err
}

func (a *app) checkOptions(c *cli.Context, stateDir string) (monitor.CheckOptions, error) {
	override, err := monitor.LoadOverride(stateDir)
	if err != nil {
		return monitor.CheckOptions{}, err
	}
	return monitor.CheckOptions{Model: c.String("model"), Override: override, Profile: c.String("profile"), Largest: c.Int("largest")}, nil
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
				Action: func(c *cli.Context) error {
					run, err := a.startConversation(c)
					if err != nil {
						return err
					}
					defer run.save()
					r, err := run.m.Check(c.Context, run.conv, run.opt)
					if err != nil {
						return err
					}
					if err := ctxlog.Open(run.ws.StateDir()).Append(c.Context, monitor.CheckEvent(r)); err != nil {
						a.logger.Warn("context log not written", "err", err)
					}
					if c.Bool("json") {
						return writeJSON(a.stdout, r)
					}
					_, err = fmt.Fprint(a.stdout, monitor.RenderText(r))
					return err
				},
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
				Action: func(c *cli.Context) error {
					if err := noArgs(c); err != nil {
						return err
					}
					ws, cfg, err := a.workspace(c)
					if err != nil {
						return err
					}
					budget := c.Int("budget")
					if budget == 0 {
						budget = cfg.L1.BudgetTokens
					}
					if budget < 0 {
						return usagef("--budget must be positive")
					}
					pl, err := layers.BuildPayload(c.Context, ws, layers.PayloadOptions{Budget: budget, WindowDays: cfg.L1.WindowDays})
					if err != nil {
						return err
					}
					if c.Bool("json") {
						return writeJSON(a.stdout, pl)
					}
					_, err = fmt.Fprint(a.stdout, pl.Text)
					return err
				},
			},
			{
				Name:  "warmth",
				Usage: "the learnings carried into a new session (MEMORY.md and L3 knowledge items), kept by priority (gotchas, patterns, preferences, fragile areas, almost-did) within a budget",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "budget", Value: 10000, Usage: "token budget"},
					&cli.BoolFlag{Name: "json", Usage: "print as JSON"},
				},
				Action: func(c *cli.Context) error {
					if err := noArgs(c); err != nil {
						return err
					}
					ws, _, err := a.workspace(c)
					if err != nil {
						return err
					}
					ls, err := layers.WisdomLearnings(ws)
					if err != nil {
						return err
					}
					kl, err := layers.KnowledgeLearnings(c.Context, ws)
					if err != nil {
						return err
					}
					ls = append(ls, kl...)
					w := layers.SelectWarmth(ls, c.Int("budget"))
					if c.Bool("json") {
						return writeJSON(a.stdout, w)
					}
					for _, l := range w.Kept {
						fmt.Fprintf(a.stdout, "%s\n", l.Text)
					}
					if len(w.Dropped) > 0 {
						a.logger.Warn("learnings over budget were left out", "dropped", len(w.Dropped), "budget", w.Budget)
					}
					return nil
				},
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
				Action: func(c *cli.Context) error {
					ws, m, _, err := a.monitorFor(c)
					if err != nil {
						return err
					}
					events, warnings, err := ctxlog.Open(ws.StateDir()).Recent(c.Int("n"))
					if err != nil {
						return err
					}
					for _, w := range warnings {
						a.logger.Warn("context log", "warning", w)
					}
					if c.Bool("json") {
						return writeJSON(a.stdout, events)
					}
					if len(events) == 0 {
						fmt.Fprintln(a.stdout, "no context events yet (archon context check records one)")
						return nil
					}
					last := events[len(events)-1]
					prof, err := m.ProfileFor(last.Profile, 0)
					if err != nil {
						return err
					}
					_, err = fmt.Fprint(a.stdout, ctxlog.Chart(events, ctxlog.ChartOptions{Thresholds: prof.Thresholds()}))
					return err
				},
			},
			{
				Name:      "model",
				Usage:     "show the runtime model override, or set it: archon context model set NAME|auto",
				ArgsUsage: "[set NAME|auto]",
				Action: func(c *cli.Context) error {
					ws, _, err := a.workspace(c)
					if err != nil {
						return err
					}
					args := c.Args().Slice()
					switch {
					case len(args) == 0:
						cur, err := monitor.LoadOverride(ws.StateDir())
						if err != nil {
							return err
						}
						if cur == "" {
							cur = "auto (none: the input's model or context.model)"
						}
						fmt.Fprintln(a.stdout, cur)
						return nil
					case len(args) == 2 && args[0] == "set":
						if err := os.MkdirAll(ws.StateDir(), 0o755); err != nil {
							return err
						}
						return monitor.SaveOverride(ws.StateDir(), args[1], time.Now())
					}
					return usagef("use `archon context model` or `archon context model set NAME|auto`")
				},
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
		&cli.StringFlag{Name: "action", Usage: "force an action: " + strings.Join(actionNames(), ", ")},
		&cli.StringFlag{Name: "agent", Value: "archon", Usage: "agent name of the daily-log checkpoint entries"},
		&cli.StringFlag{Name: "session", Usage: "session id for the context log"},
		&cli.BoolFlag{Name: "archive-all", Usage: "also archive the messages kept, so all is searchable now"},
		&cli.BoolFlag{Name: "dry-run", Usage: "write nothing to the workspace"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the prepared messages here instead of stdout"},
	)
	cmd.Action = func(c *cli.Context) error {
		run, err := a.startConversation(c)
		if err != nil {
			return err
		}
		defer run.save()
		ws, m, cv, copt := run.ws, run.m, run.conv, run.opt
		sum, err := m.Summarizer(a.logger)
		if err != nil {
			return err
		}
		opt := monitor.PrepareOptions{CheckOptions: copt, Action: monitor.Action(c.String("action")), Summarizer: sum,
			Agent: c.String("agent"), Session: c.String("session"), ArchiveAll: c.Bool("archive-all")}
		if opt.Action != "" && !validAction(opt.Action) {
			return usagef("--action: %q is not one of %s", opt.Action, strings.Join(actionNames(), ", "))
		}
		if !c.Bool("dry-run") {
			opt.Workspace = ws
			opt.Log = ctxlog.Open(ws.StateDir())
		}
		if gate {
			g, err := m.Gate(c.Context, cv, opt)
			if err != nil {
				return err
			}
			if g.Prepared != nil && g.Prepared.Changed && c.String("output") != "" {
				if err := a.writePrepared(c, g.Prepared); err != nil {
					return err
				}
			}
			if err := writeJSON(a.stdout, g); err != nil {
				return err
			}
			if g.ExitCode != 0 {
				return exitCode{g.ExitCode, fmt.Sprintf("gate: %s: %s", g.Decision, g.Reason)}
			}
			return nil
		}
		p, err := m.Prepare(c.Context, cv, opt)
		if err != nil {
			return err
		}
		a.logger.Info("prepared", "action", p.Action, "tokens_before", p.Before.Tokens, "tokens_after", p.After.Tokens,
			"saved", p.Saved, "archived_entries", len(p.Archived), "summary", p.SummaryPath)
		return a.writePrepared(c, p)
	}
	return cmd
}

func (a *app) writePrepared(c *cli.Context, p *monitor.Prepared) error {
	out := a.stdout
	if path := c.String("output"); path != "" {
		var buf strings.Builder
		if err := conv.Write(&buf, p.Conv); err != nil {
			return err
		}
		return memory.WriteFileAtomic(path, []byte(buf.String()), 0o644)
	}
	return conv.Write(out, p.Conv)
}

func actionNames() []string {
	var out []string
	for _, x := range monitor.Actions() {
		out = append(out, string(x))
	}
	return out
}

func validAction(x monitor.Action) bool {
	for _, y := range monitor.Actions() {
		if x == y {
			return true
		}
	}
	return false
}

func (a *app) summarizeCommand() *cli.Command {
	return &cli.Command{
		Name:  "summarize",
		Usage: "summarize a conversation into MEMORY_SUMMARY.md (the old version is kept in the history)",
		Flags: append(conversationFlags()[:3], &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}),
		Action: func(c *cli.Context) error {
			run, err := a.startConversation(c)
			if err != nil {
				return err
			}
			defer run.save()
			ws := run.ws
			sum, err := run.m.Summarizer(a.logger)
			if err != nil {
				return err
			}
			s, history, err := run.m.SummarizeToWorkspace(c.Context, ws, run.conv.Messages, sum, c.String("model"), time.Now())
			if err != nil {
				return err
			}
			if s.Fallback != "" {
				a.logger.Warn("LLM summarizer fell back to the extractive one", "why", s.Fallback)
			}
			if c.Bool("json") {
				return writeJSON(a.stdout, map[string]any{"path": memory.SummaryFile, "history": ws.Rel(history), "tokens": s.Tokens, "method": s.Method, "fallback": s.Fallback})
			}
			fmt.Fprintf(a.stdout, "wrote %s (%d tokens, %s)", memory.SummaryFile, s.Tokens, s.Method)
			if history != "" {
				fmt.Fprintf(a.stdout, "; the previous version is in %s", ws.Rel(history))
			}
			fmt.Fprintln(a.stdout)
			return nil
		},
	}
}
