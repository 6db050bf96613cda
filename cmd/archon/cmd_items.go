package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/memory"
)

func (a *app) knowledgeCommand() *cli.Command {
	fields := []cli.Flag{l3Flag("kind", "pattern, best-practice, gotcha, decision or note", "k"), l3Flag("body", "free markdown (- reads stdin)", "b"),
		l3Flag("tags", "comma-separated tags", "t"), l3Flag("agent", "source agent (default: log.agent)", "a"), l3Flag("project", "project id or name", "p")}
	show := func(c *cli.Context, m core.Memory, it *core.KnowledgeItem, err error) error {
		if err != nil {
			return err
		}
		d, err := m.Item(c.Context, it.ID)
		return emit(a, c, d, err, func(d *core.ItemDetail, w io.Writer) {
			fmt.Fprintln(w, d.Summary())
			l3PrintText(w, d.Body)
			for _, o := range d.Observations {
				fmt.Fprintln(w, "  "+o.Summary())
			}
		})
	}
	return &cli.Command{Name: "knowledge", Usage: "L3 knowledge items: add, list, show, update, observe, export, import", Subcommands: []*cli.Command{
		a.l3Sub("add", "record a knowledge item", l3Title, fields, func(c *cli.Context, m core.Memory, args []string) error {
			if !c.IsSet("kind") {
				return usagef("knowledge add: --kind is required (%s)", strings.Join(core.Kinds(), ", "))
			}
			in := core.ItemInput{Kind: c.String("kind"), Title: args[0], Tags: splitList(c.String("tags")), Agent: c.String("agent"), Project: c.String("project")}
			var err error
			if in.Body, _, err = a.l3Text(c, "body"); err != nil {
				return err
			}
			it, err := m.AddItem(c.Context, in)
			return show(c, m, it, err)
		}),
		a.l3Sub("list", "list knowledge items", l3None, []cli.Flag{l3Flag("kind", "only this kind", "k"), l3Flag("tag", "only items with this tag", "t"),
			l3Flag("project", "only this project", "p"), l3Flag("agent", "only this source agent", "a")},
			func(c *cli.Context, m core.Memory, _ []string) error {
				items, err := m.Items(c.Context, core.ItemFilter{Kind: c.String("kind"), Tag: c.String("tag"), Project: c.String("project"), Agent: c.String("agent")})
				return emit(a, c, items, err, summaries)
			}),
		a.l3Sub("show", "one item with its observations", l3Item, nil, func(c *cli.Context, m core.Memory, args []string) error {
			return show(c, m, &core.KnowledgeItem{ID: args[0]}, nil)
		}),
		a.l3Sub("update", "change an item (--promotion none lets a removed item be promoted again)", l3Item,
			append(fields, l3Flag("title", "new title"), l3Flag("promotion", "none")), func(c *cli.Context, m core.Memory, args []string) error {
				u := core.ItemPatch{Kind: l3Opt(c, "kind"), Title: l3Opt(c, "title"), Agent: l3Opt(c, "agent"), Project: l3Opt(c, "project")}
				if c.IsSet("tags") {
					t := splitList(c.String("tags"))
					u.Tags = &t
				}
				if p := l3Opt(c, "promotion"); p != nil {
					if *p != "none" {
						return usagef("--promotion: only \"none\" can be set by hand (got %q)", *p)
					}
					u.Promotion = new(string)
				}
				var err error
				if u.Body, err = a.l3TextOpt(c, "body"); err != nil {
					return err
				}
				it, err := m.UpdateItem(c.Context, args[0], u)
				return show(c, m, it, err)
			}),
		a.l3Sub("observe", "record how an item went: --agent A --success|--failure", l3Item, []cli.Flag{l3Flag("agent", "who used it (default: log.agent)", "a"),
			&cli.BoolFlag{Name: "success", Usage: "it worked"}, &cli.BoolFlag{Name: "failure", Usage: "it did not"},
			l3Flag("project", "where it was used", "p"), l3Flag("note", "one line of context", "n")},
			func(c *cli.Context, m core.Memory, args []string) error {
				if c.Bool("success") == c.Bool("failure") {
					return usagef("knowledge observe: give exactly one of --success and --failure")
				}
				ok := c.Bool("success")
				o, err := m.Observe(c.Context, args[0], core.ObserveInput{Agent: c.String("agent"), Success: &ok, Project: c.String("project"), Note: c.String("note")})
				return emit(a, c, o, err, func(o *core.Observation, w io.Writer) { fmt.Fprintf(w, "%s recorded for %s\n", o.ID, o.Item) })
			}),
		a.l3Sub("export", "write every project, task, item and observation as one markdown document", l3None,
			[]cli.Flag{l3Flag("output", "file to write (default: stdout)", "o")}, func(c *cli.Context, m core.Memory, _ []string) error {
				doc, err := m.Export(c.Context)
				if out := c.String("output"); err == nil && out != "" && out != "-" {
					if err := memory.WriteFileAtomic(out, []byte(doc.Document), 0o644); err != nil {
						return err
					}
					return a.out(c, map[string]any{"output": out, "bytes": len(doc.Document)}, func(w io.Writer) { fmt.Fprintf(w, "exported to %s\n", out) })
				}
				if err != nil {
					return err
				}
				return a.out(c, doc, func(w io.Writer) { io.WriteString(w, doc.Document) })
			}),
		a.l3Sub("import", "load an export (idempotent; a record that differs is a conflict unless --overwrite)", l3Args{1, "FILE|-", "one FILE (or - for stdin)"},
			[]cli.Flag{&cli.BoolFlag{Name: "overwrite", Usage: "let the file win where a record differs"}}, func(c *cli.Context, m core.Memory, args []string) error {
				var data []byte
				var err error
				if args[0] == "-" {
					data, err = io.ReadAll(a.stdin)
				} else {
					data, err = os.ReadFile(args[0])
				}
				if err != nil {
					return fmt.Errorf("import: %w", err)
				}
				res, err := m.Import(c.Context, core.ImportRequest{Document: string(data), Overwrite: c.Bool("overwrite")})
				return emit(a, c, res, err, func(res *core.ImportResult, w io.Writer) {
					fmt.Fprintf(w, "added %s; unchanged %s; replaced %s\n", kindCounts(res.Added), kindCounts(res.Unchanged), kindCounts(res.Replaced))
				})
			}),
	}}
}

func (a *app) promoteCommand() *cli.Command {
	return &cli.Command{
		Name:  "promote",
		Usage: "promote proven patterns to MEMORY.md, explaining each decision",
		Description: "Candidates: items of kind pattern, best-practice, gotcha; the rule: archon.yaml's promote section.\n" +
			"Only MEMORY.md's managed section grows; the rest is kept byte for byte; backups in .archon/memory-md-backups/.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "dry-run", Usage: "decide and explain, write nothing"},
			&cli.StringSliceFlag{Name: "approve", Usage: "review: add only these candidates (item ids, repeatable)"},
			&cli.StringSliceFlag{Name: "reject", Usage: "review: turn these candidates down; they are not proposed again"},
			&cli.BoolFlag{Name: "diff", Usage: "print the diff of MEMORY.md"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}},
		Before: noArgs,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			res, err := m.Promote(c.Context, core.PromoteRequest{DryRun: c.Bool("dry-run"),
				Items: c.StringSlice("approve"), Reject: c.StringSlice("reject")})
			if err == nil && c.Bool("diff") && !c.Bool("json") {
				fmt.Fprint(a.stdout, res.Diff)
			}
			root, rerr := a.root(c)
			if err == nil {
				err = rerr
			}
			return emit(a, c, res, err, func(res *core.PromoteResult, w io.Writer) { res.WriteText(w, relTo(root)) })
		}),
	}
}

// kindCounts writes counts by kind as "2 items, 1 task" (kinds in order),
// or "nothing".
func kindCounts(n map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(n)) {
		switch {
		case n[k] == 1:
			parts = append(parts, "1 "+k)
		case n[k] > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", n[k], k))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
