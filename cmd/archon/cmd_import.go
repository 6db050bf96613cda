package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/agents/claudecode"
	"github.com/archon-memory/archon/agents/memorybank"
	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/internal/keyset"
)

func (a *app) importCommand() *cli.Command {
	return &cli.Command{
		Name:  "import",
		Usage: "bring an agent's history into the workspace: archon import claude-code [PROJECT_DIR]",
		Subcommands: []*cli.Command{{
			Name:      "claude-code",
			Usage:     "Claude Code's transcripts of a project become #checkpoint entries on their days; its memory files become MEMORY.md sections (idempotent)",
			ArgsUsage: "[PROJECT_DIR]",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "from", Usage: "transcripts directory (default: ~/.claude/projects/<PROJECT_DIR with - for / and .>)"},
				&cli.BoolFlag{Name: "dry-run", Usage: "say what would be imported, write nothing"},
			},
			Before: func(c *cli.Context) error {
				if c.Args().Len() > 1 {
					return usagef("import claude-code takes at most one PROJECT_DIR")
				}
				return nil
			},
			Action: a.withMemory(a.importClaudeCode),
		}, {
			Name:      "memory-bank",
			Usage:     "a Cline / Roo Code memory bank: dated decision-log and progress items become entries on their dates, the context files MEMORY.md sections (idempotent)",
			ArgsUsage: "DIR",
			Flags:     []cli.Flag{&cli.BoolFlag{Name: "dry-run", Usage: "say what would be imported, write nothing"}},
			Before: func(c *cli.Context) error {
				if c.Args().Len() != 1 {
					return usagef("import memory-bank takes one DIR (e.g. memory-bank/)")
				}
				return nil
			},
			Action: a.withMemory(a.importMemoryBank),
		}},
	}
}

func (a *app) importMemoryBank(c *cli.Context, m core.Memory) error {
	root, err := a.root(c)
	if err != nil {
		return err
	}
	recPath := filepath.Join(root, ".archon", "imports", "memory-bank.json")
	rec, err := memorybank.LoadRecord(recPath)
	if err != nil {
		return err
	}
	im, err := memorybank.Plan(c.Args().First(), rec)
	if err != nil {
		return err
	}
	if c.Bool("dry-run") {
		fmt.Fprintf(a.stdout, "would import %d entries (%d imported before) and %d files as MEMORY.md sections\n", len(im.Entries), im.Known, len(im.Sections))
		return nil
	}
	logged, skipped, err := a.importEntries(c, m, im.Entries, im.Keys, rec, recPath, "the memory bank")
	if err != nil {
		return err
	}
	added, err := a.addSections(c, m, im.Sections)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "imported %d entries (%d imported before); added %d sections to MEMORY.md\n", logged, im.Known, added)
	if skipped > 0 {
		fmt.Fprintf(a.stdout, "skipped %d entries the log refused (above)\n", skipped)
	}
	return nil
}

// importEntries logs an import's entries, keys[i] naming entry i's
// source item (several entries may share one). Each key is recorded as
// soon as its last entry is logged (the record's journal), so an import
// stopped or killed midway goes on where it stopped when run again. An
// entry the log refuses (a date in the future, text it cannot hold even
// cut) is skipped and named on stderr; where says where the whole text
// is, for an entry kept cut.
func (a *app) importEntries(c *cli.Context, m core.Memory, entries []core.LogRequest, keys []string, rec keyset.Set, recPath, where string) (logged, skipped int, err error) {
	for i, e := range entries {
		if err := c.Context.Err(); err != nil {
			return logged, skipped, fmt.Errorf("stopped after %d entries (run it again to go on): %w", logged, err)
		}
		if got, err := claudecode.LogKept(c.Context, m, e, where); err != nil {
			if k := core.KindOf(err); k != core.Invalid && k != core.TooLarge {
				return logged, skipped, fmt.Errorf("after %d entries: %w", logged, err)
			}
			fmt.Fprintf(a.stderr, "skipped an entry (%s %s, from %s): %v\n", e.Date, e.Time, keys[i], err)
			skipped++
		} else if !got.Existed { // one the log holds already (its record was lost) is not logged again
			logged++
		}
		if i+1 == len(entries) || keys[i+1] != keys[i] {
			if err := rec.Add(recPath, keys[i]); err != nil {
				return logged, skipped, err
			}
		}
	}
	return logged, skipped, rec.Save(recPath)
}

// addSections adds sections to MEMORY.md and counts those that were new.
func (a *app) addSections(c *cli.Context, m core.Memory, sections []core.SectionRequest) (int, error) {
	added := 0
	for _, s := range sections {
		r, err := m.AddSection(c.Context, s)
		if k := core.KindOf(err); err != nil && (k == core.Invalid || k == core.TooLarge) {
			// A file the workspace cannot hold (not UTF-8, too big) is
			// named and left out; the others go in.
			fmt.Fprintf(a.stderr, "skipped the section %q: %v\n", s.Heading, err)
			continue
		}
		if err != nil {
			return added, err
		}
		if r.Added {
			added++
		}
		if r.Differs {
			// Its source changed since, or the section was edited: a
			// person's to reconcile (MEMORY.md is curated).
			fmt.Fprintf(a.stderr, "the section %q of MEMORY.md differs from what would be imported now: left as it is (edit it by hand to take the new text)\n", s.Heading)
		}
	}
	return added, nil
}

func (a *app) importClaudeCode(c *cli.Context, m core.Memory) error {
	project, err := filepath.Abs(c.Args().First())
	if err != nil {
		return err
	}
	if fi, err := os.Stat(project); err != nil || !fi.IsDir() {
		return fmt.Errorf("no project folder at %s", project)
	}
	dir := c.String("from")
	if dir == "" {
		if a.getenv("HOME") == "" {
			return usagef("HOME is not set: give the transcripts with --from DIR")
		}
		dir = claudecode.ProjectsDir(a.getenv("HOME"), project)
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			// A project Claude Code never ran in has no transcripts, but
			// may have its CLAUDE.md: say so, and go on.
			fmt.Fprintf(a.stderr, "no Claude Code transcripts for %s (no %s)\n", project, dir)
		}
	} else {
		if dir, err = filepath.Abs(dir); err != nil {
			return err
		}
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return fmt.Errorf("--from %s: no folder of Claude Code transcripts there", dir)
		}
	}
	root, err := a.root(c)
	if err != nil {
		return err
	}
	loc, err := a.location(c)
	if err != nil {
		return err
	}
	recPath := filepath.Join(root, ".archon", filepath.FromSlash(claudecode.ArchivedFile))
	rec, err := claudecode.LoadImportRecord(recPath)
	if err != nil {
		return err
	}
	im, err := claudecode.PlanImport(project, dir, loc, rec)
	if err != nil {
		return err
	}
	for _, w := range im.Warnings {
		fmt.Fprintln(a.stderr, w)
	}
	if c.Bool("dry-run") {
		fmt.Fprintf(a.stdout, "would import %d entries from %d sessions in %s (%d turns imported before) and %d memory files as MEMORY.md sections\n",
			len(im.Entries), im.Sessions, dir, im.Known, len(im.Sections))
		return nil
	}
	logged, skipped, err := a.importEntries(c, m, im.Entries, im.IDs, rec, recPath, "the transcript")
	if err != nil {
		return err
	}
	added, err := a.addSections(c, m, im.Sections)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "imported %d entries from %d sessions in %s (%d turns imported before); added %d sections to MEMORY.md\n",
		logged, im.Sessions, dir, im.Known, added)
	if skipped > 0 {
		fmt.Fprintf(a.stdout, "skipped %d entries the log refused (above)\n", skipped)
	}
	return nil
}
