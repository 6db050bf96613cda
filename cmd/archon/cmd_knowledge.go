package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
)

// knowledgeCommands are the L3 (project, task, knowledge) and L4 (promote)
// commands.
func (a *app) knowledgeCommands() []*cli.Command {
	return []*cli.Command{a.projectCommand(), a.taskCommand(), a.knowledgeCommand(), a.promoteCommand()}
}

// l3Action is the action of an L3 command: the open knowledge database
// and the configured default agent (log.agent).
type l3Action func(c *cli.Context, s *knowledge.Store, agent string) error

// l3Sub builds an L3 subcommand; every one takes --json.
func (a *app) l3Sub(name, usage, argsUsage string, flags []cli.Flag, fn l3Action) *cli.Command {
	flags = append(flags, &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"})
	return &cli.Command{Name: name, Usage: usage, ArgsUsage: argsUsage, Flags: flags, Action: func(c *cli.Context) error {
		ws, cfg, err := a.workspace(c)
		if err != nil {
			return err
		}
		s, err := l3Open(c, ws)
		if err != nil {
			return err
		}
		defer s.Close()
		return fn(c, s, cfg.Log.Agent)
	}}
}

// l3Open opens the workspace's knowledge database (.archon/knowledge.db).
func l3Open(c *cli.Context, ws *memory.Workspace) (*knowledge.Store, error) {
	return knowledge.Open(c.Context, knowledge.DefaultPath(ws.StateDir()), knowledge.Options{Now: ws.Now, Location: ws.Location()})
}

// l3Flag is a string flag.
func l3Flag(name, usage string, aliases ...string) cli.Flag {
	return &cli.StringFlag{Name: name, Usage: usage, Aliases: aliases}
}

// l3Args checks the number of positional arguments: exactly n, or at least
// one when n < 0 (joined with spaces).
func l3Args(c *cli.Context, n int, what string) ([]string, error) {
	got := c.Args().Slice()
	if (n < 0 && len(got) == 0) || (n >= 0 && len(got) != n) {
		return nil, usagef("%s takes %s (got %d arguments); see `archon %s --help`", c.Command.FullName(), what, len(got), c.Command.FullName())
	}
	if n < 0 {
		return []string{strings.Join(got, " ")}, nil
	}
	return got, nil
}

// l3Text returns flag name's value, reading stdin for "-"; set tells whether
// the flag was given.
func (a *app) l3Text(c *cli.Context, name string) (string, bool, error) {
	if !c.IsSet(name) {
		return "", false, nil
	}
	v := c.String(name)
	if v != "-" {
		return v, true, nil
	}
	data, err := io.ReadAll(io.LimitReader(a.stdin, memory.DefaultMaxEntryBytes+1))
	if err != nil {
		return "", true, fmt.Errorf("read stdin: %w", err)
	}
	if len(data) > memory.DefaultMaxEntryBytes {
		return "", true, fmt.Errorf("--%s: stdin holds more than %d bytes", name, memory.DefaultMaxEntryBytes)
	}
	return string(data), true, nil
}

// l3TextOpt is l3Text as a pointer: nil when the flag was not given.
func (a *app) l3TextOpt(c *cli.Context, name string) (*string, error) {
	v, set, err := a.l3Text(c, name)
	if err != nil || !set {
		return nil, err
	}
	return &v, nil
}

// l3Opt returns a pointer to flag name's value when it was given.
func l3Opt(c *cli.Context, name string) *string {
	if !c.IsSet(name) {
		return nil
	}
	v := c.String(name)
	return &v
}

// l3List splits a comma- or space-separated list.
func l3List(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' })
}

// l3BadValue turns a validation error into a usage error (exit 2).
func l3BadValue(err error) error {
	if errors.Is(err, knowledge.ErrInvalid) {
		return usageError{err}
	}
	return err
}

// l3Out prints v as JSON with --json, else as text.
func (a *app) l3Out(c *cli.Context, v any, text func(w io.Writer)) error {
	if c.Bool("json") {
		return writeJSON(a.stdout, v)
	}
	text(a.stdout)
	return nil
}

func (a *app) projectCommand() *cli.Command {
	desc, status := l3Flag("description", "free markdown (- reads stdin)", "d"), l3Flag("status", "active, paused, done or archived")
	show := func(c *cli.Context, s *knowledge.Store, p knowledge.Project) error {
		tasks, err := s.Tasks(c.Context, knowledge.TaskFilter{Project: p.ID})
		if err != nil {
			return err
		}
		items, err := s.Items(c.Context, knowledge.ItemFilter{Project: p.ID})
		if err != nil {
			return err
		}
		v := struct {
			knowledge.Project
			Tasks []knowledge.Task `json:"tasks"`
			Items []knowledge.Item `json:"items"`
		}{p, tasks, items}
		return a.l3Out(c, v, func(w io.Writer) {
			fmt.Fprintf(w, "%s %s [%s]\n", p.ID, p.Name, p.Status)
			l3PrintText(w, p.Description)
			for _, t := range tasks {
				fmt.Fprintln(w, t.Summary())
			}
			for _, it := range items {
				fmt.Fprintln(w, it.Summary())
			}
		})
	}
	return &cli.Command{Name: "project", Usage: "L3 projects: add, list, show, update", Subcommands: []*cli.Command{
		a.l3Sub("add", "create a project", "NAME", []cli.Flag{desc, status}, func(c *cli.Context, s *knowledge.Store, _ string) error {
			name, err := l3Args(c, 1, "one NAME")
			if err != nil {
				return err
			}
			d, _, err := a.l3Text(c, "description")
			if err != nil {
				return err
			}
			p, err := s.AddProject(c.Context, knowledge.Project{Name: name[0], Description: d, Status: c.String("status")})
			if err != nil {
				return l3BadValue(err)
			}
			return show(c, s, p)
		}),
		a.l3Sub("list", "list projects", "", []cli.Flag{l3Flag("status", "only this status")}, func(c *cli.Context, s *knowledge.Store, _ string) error {
			if err := noArgs(c); err != nil {
				return err
			}
			ps, err := s.Projects(c.Context, c.String("status"))
			if err != nil {
				return l3BadValue(err)
			}
			return a.l3Out(c, ps, func(w io.Writer) {
				for _, p := range ps {
					fmt.Fprintln(w, p.Summary())
				}
			})
		}),
		a.l3Sub("show", "a project with its tasks and items", "ID|NAME", nil, func(c *cli.Context, s *knowledge.Store, _ string) error {
			ref, err := l3Args(c, 1, "one ID or NAME")
			if err != nil {
				return err
			}
			p, err := s.Project(c.Context, ref[0])
			if err != nil {
				return err
			}
			return show(c, s, p)
		}),
		a.l3Sub("update", "change a project", "ID|NAME", []cli.Flag{desc, status, l3Flag("name", "new name")}, func(c *cli.Context, s *knowledge.Store, _ string) error {
			ref, err := l3Args(c, 1, "one ID or NAME")
			if err != nil {
				return err
			}
			u := knowledge.ProjectUpdate{Name: l3Opt(c, "name"), Status: l3Opt(c, "status")}
			if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
				return err
			}
			p, err := s.UpdateProject(c.Context, ref[0], u)
			if err != nil {
				return l3BadValue(err)
			}
			return show(c, s, p)
		}),
	}}
}

func (a *app) taskCommand() *cli.Command {
	desc := l3Flag("description", "free markdown (- reads stdin)", "d")
	fields := []cli.Flag{l3Flag("project", "project id or name", "p"), l3Flag("priority", "0-3 or low, normal, high, urgent"),
		l3Flag("assignee", "agent or person"), l3Flag("depends-on", "comma-separated task ids, e.g. T1,T2"), desc,
		l3Flag("status", "todo, doing, blocked or done")}
	show := func(c *cli.Context, t knowledge.Task) error {
		return a.l3Out(c, t, func(w io.Writer) { fmt.Fprintln(w, t.Details()) })
	}
	byID := func(fn func(c *cli.Context, s *knowledge.Store, id string) (knowledge.Task, error)) l3Action {
		return func(c *cli.Context, s *knowledge.Store, _ string) error {
			ref, err := l3Args(c, 1, "one task ID")
			if err != nil {
				return err
			}
			t, err := fn(c, s, ref[0])
			if err != nil {
				return l3BadValue(err)
			}
			return show(c, t)
		}
	}
	return &cli.Command{Name: "task", Usage: "L3 tasks: add, list, show, update, done", Subcommands: []*cli.Command{
		a.l3Sub("add", "create a task", "TITLE...", fields, func(c *cli.Context, s *knowledge.Store, _ string) error {
			title, err := l3Args(c, -1, "a TITLE")
			if err != nil {
				return err
			}
			t := knowledge.Task{Title: title[0], Project: c.String("project"), Assignee: c.String("assignee"),
				DependsOn: l3List(c.String("depends-on")), Status: c.String("status"), Priority: 1}
			if c.IsSet("priority") {
				if t.Priority, err = knowledge.ParsePriority(c.String("priority")); err != nil {
					return l3BadValue(err)
				}
			}
			if t.Description, _, err = a.l3Text(c, "description"); err != nil {
				return err
			}
			if t, err = s.AddTask(c.Context, t); err != nil {
				return l3BadValue(err)
			}
			return show(c, t)
		}),
		a.l3Sub("list", "list tasks: open ones by priority, then done ones", "", []cli.Flag{l3Flag("project", "project id or name", "p"),
			l3Flag("status", "only this status"), l3Flag("assignee", "only this assignee"),
			&cli.BoolFlag{Name: "ready", Usage: "only tasks to do whose dependencies are all done"}},
			func(c *cli.Context, s *knowledge.Store, _ string) error {
				if err := noArgs(c); err != nil {
					return err
				}
				ts, err := s.Tasks(c.Context, knowledge.TaskFilter{Project: c.String("project"), Status: c.String("status"),
					Assignee: c.String("assignee"), Ready: c.Bool("ready")})
				if err != nil {
					return l3BadValue(err)
				}
				return a.l3Out(c, ts, func(w io.Writer) {
					for _, t := range ts {
						fmt.Fprintln(w, t.Summary())
					}
				})
			}),
		a.l3Sub("show", "one task", "ID", nil, byID(func(c *cli.Context, s *knowledge.Store, id string) (knowledge.Task, error) {
			return s.Task(c.Context, id)
		})),
		a.l3Sub("update", "change a task (--depends-on replaces the list; \"\" clears it)", "ID", append(fields, l3Flag("title", "new title")),
			byID(func(c *cli.Context, s *knowledge.Store, id string) (knowledge.Task, error) {
				u := knowledge.TaskUpdate{Project: l3Opt(c, "project"), Title: l3Opt(c, "title"), Status: l3Opt(c, "status"), Assignee: l3Opt(c, "assignee")}
				if c.IsSet("priority") {
					p, err := knowledge.ParsePriority(c.String("priority"))
					if err != nil {
						return knowledge.Task{}, err
					}
					u.Priority = &p
				}
				if c.IsSet("depends-on") {
					d := l3List(c.String("depends-on"))
					u.DependsOn = &d
				}
				var err error
				if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
					return knowledge.Task{}, err
				}
				return s.UpdateTask(c.Context, id, u)
			})),
		a.l3Sub("done", "mark a task done (an error if it already is)", "ID",
			[]cli.Flag{&cli.BoolFlag{Name: "force", Usage: "even if a dependency is not done"}},
			byID(func(c *cli.Context, s *knowledge.Store, id string) (knowledge.Task, error) {
				return s.DoneTask(c.Context, id, c.Bool("force"))
			})),
	}}
}

func (a *app) knowledgeCommand() *cli.Command {
	fields := []cli.Flag{l3Flag("kind", "pattern, best-practice, gotcha, decision or note", "k"), l3Flag("body", "free markdown (- reads stdin)", "b"),
		l3Flag("tags", "comma-separated tags", "t"), l3Flag("agent", "source agent (default: log.agent)", "a"), l3Flag("project", "project id or name", "p")}
	show := func(c *cli.Context, s *knowledge.Store, it knowledge.Item) error {
		obs, err := s.Observations(c.Context, it.ID)
		if err != nil {
			return err
		}
		v := struct {
			knowledge.Item
			Observations []knowledge.Observation `json:"observations"`
		}{it, obs}
		return a.l3Out(c, v, func(w io.Writer) {
			fmt.Fprintln(w, it.Summary())
			l3PrintText(w, it.Body)
			for _, o := range obs {
				fmt.Fprintln(w, "  "+o.Summary())
			}
		})
	}
	return &cli.Command{Name: "knowledge", Usage: "L3 knowledge items: add, list, show, update, observe, export, import", Subcommands: []*cli.Command{
		a.l3Sub("add", "record a knowledge item", "TITLE...", fields, func(c *cli.Context, s *knowledge.Store, agent string) error {
			title, err := l3Args(c, -1, "a TITLE")
			if err != nil {
				return err
			}
			it := knowledge.Item{Kind: c.String("kind"), Title: title[0], Tags: l3List(c.String("tags")), Agent: cmp.Or(c.String("agent"), agent), Project: c.String("project")}
			if !c.IsSet("kind") {
				return usagef("knowledge add: --kind is required (%s)", strings.Join(knowledge.Kinds(), ", "))
			}
			if it.Body, _, err = a.l3Text(c, "body"); err != nil {
				return err
			}
			if it, err = s.AddItem(c.Context, it); err != nil {
				return l3BadValue(err)
			}
			return show(c, s, it)
		}),
		a.l3Sub("list", "list knowledge items", "", []cli.Flag{l3Flag("kind", "only this kind", "k"), l3Flag("tag", "only items with this tag", "t"),
			l3Flag("project", "only this project", "p"), l3Flag("agent", "only this source agent", "a")},
			func(c *cli.Context, s *knowledge.Store, _ string) error {
				if err := noArgs(c); err != nil {
					return err
				}
				items, err := s.Items(c.Context, knowledge.ItemFilter{Kind: c.String("kind"), Tag: c.String("tag"), Project: c.String("project"), Agent: c.String("agent")})
				if err != nil {
					return l3BadValue(err)
				}
				return a.l3Out(c, items, func(w io.Writer) {
					for _, it := range items {
						fmt.Fprintln(w, it.Summary())
					}
				})
			}),
		a.l3Sub("show", "one item with its observations", "ID", nil, func(c *cli.Context, s *knowledge.Store, _ string) error {
			ref, err := l3Args(c, 1, "one item ID")
			if err != nil {
				return err
			}
			it, err := s.Item(c.Context, ref[0])
			if err != nil {
				return l3BadValue(err)
			}
			return show(c, s, it)
		}),
		a.l3Sub("update", "change an item (--promotion none lets a removed item be promoted again)", "ID",
			append(fields, l3Flag("title", "new title"), l3Flag("promotion", "none")), func(c *cli.Context, s *knowledge.Store, _ string) error {
				ref, err := l3Args(c, 1, "one item ID")
				if err != nil {
					return err
				}
				u := knowledge.ItemUpdate{Kind: l3Opt(c, "kind"), Title: l3Opt(c, "title"), Agent: l3Opt(c, "agent"), Project: l3Opt(c, "project")}
				if c.IsSet("tags") {
					t := l3List(c.String("tags"))
					u.Tags = &t
				}
				if p := l3Opt(c, "promotion"); p != nil {
					if *p != "none" {
						return usagef("--promotion: only \"none\" can be set by hand (got %q)", *p)
					}
					u.Promotion = new(string)
				}
				if u.Body, err = a.l3TextOpt(c, "body"); err != nil {
					return err
				}
				it, err := s.UpdateItem(c.Context, ref[0], u)
				if err != nil {
					return l3BadValue(err)
				}
				return show(c, s, it)
			}),
		a.l3Sub("observe", "record how an item went: --agent A --success|--failure", "ID", []cli.Flag{l3Flag("agent", "who used it (default: log.agent)", "a"),
			&cli.BoolFlag{Name: "success", Usage: "it worked"}, &cli.BoolFlag{Name: "failure", Usage: "it did not"},
			l3Flag("project", "where it was used", "p"), l3Flag("note", "one line of context", "n")},
			func(c *cli.Context, s *knowledge.Store, agent string) error {
				ref, err := l3Args(c, 1, "one item ID")
				if err != nil {
					return err
				}
				if c.Bool("success") == c.Bool("failure") {
					return usagef("knowledge observe: give exactly one of --success and --failure")
				}
				o, err := s.Observe(c.Context, knowledge.Observation{Item: ref[0], Agent: cmp.Or(c.String("agent"), agent), Success: c.Bool("success"), Project: c.String("project"), Note: c.String("note")})
				if err != nil {
					return l3BadValue(err)
				}
				return a.l3Out(c, o, func(w io.Writer) { fmt.Fprintf(w, "%s recorded for %s\n", o.ID, o.Item) })
			}),
		a.l3Sub("export", "write every project, task, item and observation as one markdown document", "",
			[]cli.Flag{l3Flag("output", "file to write (default: stdout)", "o")}, func(c *cli.Context, s *knowledge.Store, _ string) error {
				if err := noArgs(c); err != nil {
					return err
				}
				doc, err := s.Export(c.Context)
				if err != nil {
					return err
				}
				out := c.String("output")
				if out == "" || out == "-" {
					_, err := io.WriteString(a.stdout, doc)
					return err
				}
				if err := memory.WriteFileAtomic(out, []byte(doc), 0o644); err != nil {
					return err
				}
				return a.l3Out(c, map[string]any{"output": out, "bytes": len(doc)}, func(w io.Writer) { fmt.Fprintf(w, "exported to %s\n", out) })
			}),
		a.l3Sub("import", "load an export (idempotent; a record that differs is a conflict unless --overwrite)", "FILE|-",
			[]cli.Flag{&cli.BoolFlag{Name: "overwrite", Usage: "let the file win where a record differs"}}, func(c *cli.Context, s *knowledge.Store, _ string) error {
				file, err := l3Args(c, 1, "one FILE (or - for stdin)")
				if err != nil {
					return err
				}
				var data []byte
				if file[0] == "-" {
					data, err = io.ReadAll(a.stdin)
				} else {
					data, err = os.ReadFile(file[0])
				}
				if err != nil {
					return fmt.Errorf("import: %w", err)
				}
				res, err := s.Import(c.Context, string(data), c.Bool("overwrite"))
				if err != nil {
					return err
				}
				return a.l3Out(c, res, func(w io.Writer) {
					fmt.Fprintf(w, "added %v; unchanged %v; replaced %v\n", res.Added, res.Unchanged, res.Replaced)
				})
			}),
	}}
}

// l3PrintText prints a description or body between blank lines.
func l3PrintText(w io.Writer, s string) {
	if s != "" {
		fmt.Fprintf(w, "\n%s\n\n", s)
	}
}

func (a *app) promoteCommand() *cli.Command {
	return &cli.Command{
		Name:  "promote",
		Usage: "promote proven patterns to MEMORY.md, explaining each decision",
		Description: "Candidates: items of kind pattern, best-practice, gotcha; the rule: archon.yaml's promote section.\n" +
			"Only MEMORY.md's managed section grows; the rest is kept byte for byte; backups in .archon/memory-md-backups/.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "dry-run", Usage: "decide and explain, write nothing"},
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			ws, cfg, err := a.workspace(c)
			if err != nil {
				return err
			}
			s, err := l3Open(c, ws)
			if err != nil {
				return err
			}
			defer s.Close()
			res, err := promote.Run(c.Context, s, promote.Options{
				Rule: promote.RuleFrom(cfg.Promote), WisdomPath: ws.WisdomPath(), DryRun: c.Bool("dry-run"), Now: ws.Now,
				BackupDir: ws.StateDir() + string(os.PathSeparator) + promote.BackupDirName,
			})
			if err != nil {
				return err
			}
			return a.l3Out(c, res, func(w io.Writer) { res.WriteText(w, ws.Rel) })
		},
	}
}
