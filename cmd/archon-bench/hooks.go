package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/archon-memory/archon/tokens"
)

// runHooks measures `archon hook claude-code` as Claude Code runs it: a
// whole process per event, on a transcript of about -mb megabytes made of
// the real sessions of ../shared/bench/transcripts (read, never copied
// into the repository), growing by one turn before each prompt.
func runHooks(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("hooks", flag.ExitOnError)
	bin := fs.String("archon", "", "archon binary to measure (required)")
	dir := fs.String("dir", "", "transcripts directory (default: ../shared/bench/transcripts)")
	mb := fs.Float64("mb", 3, "transcript size in MB")
	rounds := fs.Int("rounds", 20, "prompts measured")
	fs.Parse(args)
	if *bin == "" {
		return errors.New("hooks: -archon BIN is required (go build -o /tmp/archon ./cmd/archon)")
	}
	if *dir == "" {
		*dir = filepath.Join("..", "shared", "bench", "transcripts")
	}
	srcs, _ := filepath.Glob(filepath.Join(*dir, "*", "transcript.jsonl"))
	if len(srcs) == 0 {
		return fmt.Errorf("hooks: no transcripts under %s", *dir)
	}
	tmp, err := os.MkdirTemp("", "archon-hooks-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root, tr := filepath.Join(tmp, "ws"), filepath.Join(tmp, "transcript.jsonl")
	var data []byte
	for i := 0; len(data) < int(*mb*(1<<20)); i++ {
		b, err := os.ReadFile(srcs[i%len(srcs)])
		if err != nil {
			return err
		}
		data = append(data, b...)
	}
	if err := os.WriteFile(tr, data, 0o644); err != nil {
		return err
	}
	if out, err := exec.CommandContext(ctx, *bin, "--root", root, "init").CombinedOutput(); err != nil {
		return fmt.Errorf("init: %v %s", err, out)
	}
	hook := func(ev map[string]any) (time.Duration, []byte, error) {
		ev["session_id"], ev["transcript_path"], ev["cwd"] = "bench-session", tr, tmp
		in, _ := json.Marshal(ev)
		cmd := exec.CommandContext(ctx, *bin, "--root", root, "hook", "claude-code")
		cmd.Stdin = bytes.NewReader(in)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		out, err := cmd.Output()
		d := time.Since(start)
		if err == nil && stderr.Len() > 0 {
			err = errors.New(stderr.String())
		}
		return d, out, err
	}
	injected := func(out []byte) int {
		var o struct {
			HookSpecificOutput struct {
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		if json.Unmarshal(out, &o) != nil {
			return 0
		}
		return tokens.Count(o.HookSpecificOutput.AdditionalContext)
	}
	d, _, err := hook(map[string]any{"hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": nil})
	if err != nil {
		return fmt.Errorf("PreCompact: %w", err)
	}
	fmt.Printf("PreCompact on the whole %.1f MB transcript: %s   (target <= 2s)\n", float64(len(data))/(1<<20), d.Round(time.Millisecond))
	d, out, err := hook(map[string]any{"hook_event_name": "SessionStart", "source": "compact"})
	if err != nil {
		return fmt.Errorf("SessionStart compact: %w", err)
	}
	fmt.Printf("SessionStart after compaction: %s, %d tokens injected   (at most 1,500)\n", d.Round(time.Millisecond), injected(out))
	var prompt, start []time.Duration
	promptTokens, startTokens := 0, 0
	for i := 0; i < *rounds; i++ {
		if err := appendTurn(tr, i); err != nil {
			return err
		}
		d, out, err := hook(map[string]any{"hook_event_name": "UserPromptSubmit", "prompt": fmt.Sprintf("Next step %d: run the migration tests again.", i)})
		if err != nil {
			return fmt.Errorf("UserPromptSubmit: %w", err)
		}
		prompt, promptTokens = append(prompt, d), max(promptTokens, injected(out))
		d, out, err = hook(map[string]any{"hook_event_name": "SessionStart", "source": "startup"})
		if err != nil {
			return fmt.Errorf("SessionStart: %w", err)
		}
		start, startTokens = append(start, d), injected(out)
	}
	fmt.Printf("UserPromptSubmit, transcript grown by one turn: p50 %s, p95 %s over %d   (target p95 <= 100ms); at most %d tokens injected\n",
		pct(prompt, 50), pct(prompt, 95), len(prompt), promptTokens)
	fmt.Printf("SessionStart (startup): p50 %s, p95 %s over %d   (target p95 <= 100ms); %d tokens injected (l1.budget_tokens 1,000)\n",
		pct(start, 50), pct(start, 95), len(start), startTokens)
	if err := appendTurn(tr, *rounds); err != nil {
		return err
	}
	d, _, err = hook(map[string]any{"hook_event_name": "SessionEnd", "reason": "prompt_input_exit"})
	if err != nil {
		return fmt.Errorf("SessionEnd: %w", err)
	}
	fmt.Printf("SessionEnd (final checkpoint): %s   (target <= 1s)\n", d.Round(time.Millisecond))
	return nil
}

// appendTurn adds a user prompt and an assistant answer with usage, as
// Claude Code writes them.
func appendTurn(path string, i int) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	u := map[string]any{"type": "user", "isSidechain": false, "uuid": fmt.Sprintf("bench-u%d", i), "timestamp": time.Now().UTC().Format(time.RFC3339Nano),
		"message": map[string]any{"role": "user", "content": fmt.Sprintf("Next step %d: run the migration tests again.", i)}}
	a := map[string]any{"type": "assistant", "isSidechain": false, "uuid": fmt.Sprintf("bench-a%d", i), "timestamp": time.Now().UTC().Format(time.RFC3339Nano),
		"message": map[string]any{"role": "assistant", "id": fmt.Sprintf("msg_bench_%d", i), "model": "claude-sonnet-4-5",
			"content": []map[string]any{{"type": "text", "text": fmt.Sprintf("Ran the migration tests (%d): all green.", i)}},
			"usage":   map[string]int{"input_tokens": 2000 + i, "cache_read_input_tokens": 90000, "cache_creation_input_tokens": 500, "output_tokens": 40}}}
	for _, v := range []any{u, a} {
		b, _ := json.Marshal(v)
		if _, err := f.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return nil
}
