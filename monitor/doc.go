// Package monitor watches an agent's context window and acts before it
// overflows: it counts tokens, looks up the model's window, splits usage by
// budget category, maps the percentage to a level of a threshold profile,
// and runs the level's action: a compaction pipeline or the auto-summarize
// protocol, archiving everything it cuts into the daily log.
//
// # Using it (package app does this for every front end)
//
//	l, _ := config.Load(path, os.Environ())     // every section, "context" included
//	cfg, _ := monitor.ConfigFrom(l.Context)
//	m, err := monitor.New(cfg, logger)          // one per process; keeps token caches
//	_ = m.LoadTokenCaches(ws.StateDir())        // short-lived commands: reuse counts
//	defer m.SaveTokenCaches(ws.StateDir())
//	c, err := conv.Parse(os.Stdin, format)      // package conv: openai, anthropic, claude-code
//	override, _ := monitor.LoadOverride(ws.StateDir())
//
//	// archon context check [--json]
//	r, err := m.Check(ctx, c, monitor.CheckOptions{Model: flagModel, Override: override, Profile: flagProfile})
//	json.NewEncoder(os.Stdout).Encode(r)        // the stable --json shape
//	fmt.Print(monitor.RenderText(r))            // the text view with bars
//	_ = ctxlog.Open(ws.StateDir()).Append(ctx, monitor.CheckEvent(r))
//
//	// archon context prepare: run what the level asks (or --action), print
//	// the prepared messages in the input's format
//	sum, _ := m.Summarizer(logger)
//	p, err := m.Prepare(ctx, c, monitor.PrepareOptions{CheckOptions: ..., Summarizer: sum,
//	    Workspace: ws, Log: ctxlog.Open(ws.StateDir()), Agent: "archon"})
//	conv.Write(os.Stdout, p.Conv)
//
//	// archon context gate: exit with g.ExitCode (0 go on, 3 went on after
//	// compressing, 2 must not spawn; 2 is what blocks in Claude Code hooks)
//	g, err := m.Gate(ctx, c, opts)
//
//	// archon summarize: summarize.Summarizer over c.Messages, then
//	// monitor.WriteSummary(ws, s, time.Now()) to replace MEMORY_SUMMARY.md
//
//	// archon context log
//	events, warnings, _ := ctxlog.Open(ws.StateDir()).Recent(60)
//	prof, _ := m.ProfileFor("", window)
//	fmt.Print(ctxlog.Chart(events, ctxlog.ChartOptions{Thresholds: prof.Thresholds()}))
//
//	// archon context model set X | auto
//	monitor.SaveOverride(ws.StateDir(), name, time.Now())
//
// # Sizes
//
// Report.Tokens is the context size: counted (exact cl100k/o200k for OpenAI
// models, the calibrated estimate otherwise), or for a Claude Code
// transcript the usage the API reported for the last main-thread assistant
// line plus the messages after it. Report.Limit is the window minus the
// response headroom (context.headroom, 20%); Report.Percent is
// Tokens/Limit and may exceed 100.
//
// # Profiles and actions
//
//	archon (default)  40 warn | 65 summarize | 75 critical: auto-summarize
//	grid              80 warning: slide 20 | 90 compress: summarize+slide 20 |
//	                  95 emergency: prioritize (window 10) | 100 overflow: prioritize + block
//	window            60 compact | 80 exhausted: compact + block
//
// Custom profiles come from context.profiles; context.profile_by_window
// picks one by window class (1M, 200K, 128K). See Config for every key.
//
// # What is written where
//
//   - Cut messages: today's daily log (memory/YYYY-MM-DD.md), one entry
//     "## HH:MM:SS archon #checkpoint #context" per 3 MiB, verbatim
//     (conv.Transcript), only when PrepareOptions.Workspace is set.
//   - MEMORY_SUMMARY.md: by the protocol (and WriteSummary), atomically; the
//     version it replaces goes to .archon/summary-history/<UTC time>.md (the
//     last 100 are kept), item dates to .archon/summary-history/dates.json.
//   - The context log: .archon/context-log.jsonl (package ctxlog).
//   - The model override: .archon/model-override.json.
//   - Token counts per message, for short-lived commands
//     (SaveTokenCaches): .archon/token-cache/<encoding>.bin.
//
// Subpackages: compact (compaction steps), ctxlog (context log and
// chart). The message model and formats are package conv; the synthetic
// conversations the benchmarks and evaluations run on come from
// internal/convgen, which only tests import.
package monitor
