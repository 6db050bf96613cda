package memory

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

const summaryTemplate = `# Memory summary

<!-- L1: always loaded at session start. Keep it to about 500-1000 tokens.
     archon rewrites this file when it compacts a context; earlier versions
     are kept under .archon/summary-history/. -->

## Current work

## User requests

## Pending tasks

## Decisions

## Errors

## Done

## Key points

## Critical context

## User preferences
`

// WisdomTitle is the title line of MEMORY.md.
const WisdomTitle = "# MEMORY"

const wisdomTemplate = WisdomTitle + `

<!-- L4: curated wisdom. A pattern is promoted here only once it has worked
     3+ times across agents. Write your own entries freely: archon keeps them. -->

## Patterns

## Gotchas
`

// InitResult reports what Init created.
type InitResult struct {
	// Created lists the files and directories made, relative to the root.
	Created []string `json:"created"`
	// Kept lists the files that already existed and were left untouched.
	Kept []string `json:"kept"`
}

// Init creates the workspace at root: the directory itself, memory/,
// MEMORY.md and MEMORY_SUMMARY.md templates, and each of extra (relative
// path to contents, such as archon.yaml). It is idempotent and never
// overwrites a file that exists.
func Init(ctx context.Context, root string, extra map[string][]byte) (*InitResult, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("init %s: %w", root, err)
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("init: workspace path %s is a file, not a directory", abs)
	}
	res := &InitResult{}
	for _, d := range []string{"", LogDirName} {
		p := filepath.Join(abs, d)
		if fi, err := os.Stat(p); err == nil {
			if !fi.IsDir() {
				return nil, fmt.Errorf("init: %s is a file where the daily logs' folder goes: move it away and run init again", p)
			}
			continue
		}
		if err := os.MkdirAll(p, 0o755); err != nil {
			return nil, fmt.Errorf("init: %w", err)
		}
		if d != "" {
			res.Created = append(res.Created, d+"/")
		}
	}
	files := []struct {
		name string
		data []byte
	}{
		{SummaryFile, []byte(summaryTemplate)},
		{WisdomFile, []byte(wisdomTemplate)},
	}
	for name, data := range extra {
		files = append(files, struct {
			name string
			data []byte
		}{name, data})
	}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		made, err := CreateFile(filepath.Join(abs, filepath.FromSlash(f.name)), f.data, 0o644)
		if err != nil {
			return nil, fmt.Errorf("init: %w", err)
		}
		if made {
			res.Created = append(res.Created, f.name)
		} else {
			res.Kept = append(res.Kept, f.name)
		}
	}
	return res, nil
}

// WriteText says what Init did in root, one file a line.
func (r *InitResult) WriteText(w io.Writer, root string) {
	fmt.Fprintf(w, "workspace %s\n", root)
	for _, f := range r.Created {
		fmt.Fprintf(w, "  created %s\n", f)
	}
	for _, f := range r.Kept {
		fmt.Fprintf(w, "  kept    %s (exists)\n", f)
	}
}
