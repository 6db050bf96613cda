package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/memory"
)

// knowledgeCommands are the L3 (project, task, knowledge) and L4 (promote)
// commands.
func (a *app) knowledgeCommands() []*cli.Command {
	return []*cli.Command{a.projectCommand(), a.taskCommand(), a.knowledgeCommand(), a.promoteCommand()}
}

// l3Action is the action of an L3 command.
type l3Action func(c *cli.Context, m core.Memory) error

// l3Sub builds an L3 subcommand; every one takes --json. A value the
// store refuses is a mistake on the command line (exit 2).
func (a *app) l3Sub(name, usage, argsUsage string, flags []cli.Flag, fn l3Action) *cli.Command {
	flags = append(flags, &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"})
	return &cli.Command{Name: name, Usage: usage, ArgsUsage: argsUsage, Flags: flags,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			err := fn(c, m)
			if kindOf(err) == core.Invalid {
				if _, ok := err.(usageError); !ok {
					return usageError{err}
				}
			}
			return err
		})}
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

// l3PrintText prints a description or body between blank lines.
func l3PrintText(w io.Writer, s string) {
	if s != "" {
		fmt.Fprintf(w, "\n%s\n\n", s)
	}
}

func (a *app) projectCommand() *cli.Command {
	desc, status := l3Flag("description", "free markdown (- reads stdin)", "d"), l3Flag("status", "active, paused, done or archived")
	show := func(c *cli.Context, m core.Memory, p *core.Project) error {
		tasks, err := m.Tasks(c.Context, core.TaskFilter{Project: p.ID})
		if err != nil {
			return err
		}
		items, err := m.Items(c.Context, core.ItemFilter{Project: p.ID})
		if err != nil {
			return err
		}
		v := struct {
			core.Project
			Tasks []core.Task          `json:"tasks"`
			Items []core.KnowledgeItem `json:"items"`
		}{*p, tasks, items}
		return a.out(c, v, func(w io.Writer) {
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
		a.l3Sub("add", "create a project", "NAME", []cli.Flag{desc, status}, func(c *cli.Context, m core.Memory) error {
			name, err := l3Args(c, 1, "one NAME")
			if err != nil {
				return err
			}
			d, _, err := a.l3Text(c, "description")
			if err != nil {
				return err
			}
			p, err := m.AddProject(c.Context, core.ProjectInput{Name: name[0], Description: d, Status: c.String("status")})
			if err != nil {
				return err
			}
			return show(c, m, p)
		}),
		a.l3Sub("list", "list projects", "", []cli.Flag{l3Flag("status", "only this status")}, func(c *cli.Context, m core.Memory) error {
			if err := noArgs(c); err != nil {
				return err
			}
			ps, err := m.Projects(c.Context, c.String("status"))
			if err != nil {
				return err
			}
			return a.out(c, ps, func(w io.Writer) {
				for _, p := range ps {
					fmt.Fprintln(w, p.Summary())
				}
			})
		}),
		a.l3Sub("show", "a project with its tasks and items", "ID|NAME", nil, func(c *cli.Context, m core.Memory) error {
			ref, err := l3Args(c, 1, "one ID or NAME")
			if err != nil {
				return err
			}
			p, err := m.Project(c.Context, ref[0])
			if err != nil {
				return err
			}
			return show(c, m, p)
		}),
		a.l3Sub("update", "change a project", "ID|NAME", []cli.Flag{desc, status, l3Flag("name", "new name")}, func(c *cli.Context, m core.Memory) error {
			ref, err := l3Args(c, 1, "one ID or NAME")
			if err != nil {
				return err
			}
			u := core.ProjectPatch{Name: l3Opt(c, "name"), Status: l3Opt(c, "status")}
			if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
				return err
			}
			p, err := m.UpdateProject(c.Context, ref[0], u)
			if err != nil {
				return err
			}
			return show(c, m, p)
		}),
	}}
}

func (a *app) taskCommand() *cli.Command {
	desc := l3Flag("description", "free markdown (- reads stdin)", "d")
	fields := []cli.Flag{l3Flag("project", "project id or name", "p"), l3Flag("priority", "0-3 or low, normal, high, urgent"),
		l3Flag("assignee", "agent or person"), l3Flag("depends-on", "comma-separated task ids, e.g. T1,T2"), desc,
		l3Flag("status", "todo, doing, blocked or done")}
	byID := func(fn func(c *cli.Context, m core.Memory, id string) (*core.Task, error)) l3Action {
		return func(c *cli.Context, m core.Memory) error {
			ref, err := l3Args(c, 1, "one task ID")
			if err != nil {
				return err
			}
			t, err := fn(c, m, ref[0])
			if err != nil {
				return err
			}
			return a.out(c, t, func(w io.Writer) { fmt.Fprintln(w, t.Details()) })
		}
	}
	return &cli.Command{Name: "task", Usage: "L3 tasks: add, list, show, update, done", Subcommands: []*cli.Command{
		a.l3Sub("add", "create a task", "TITLE...", fields, func(c *cli.Context, m core.Memory) error {
			title, err := l3Args(c, -1, "a TITLE")
			if err != nil {
				return err
			}
			in := core.TaskInput{Title: title[0], Project: c.String("project"), Assignee: c.String("assignee"),
				DependsOn: l3List(c.String("depends-on")), Status: c.String("status"), Priority: 1}
			if c.IsSet("priority") {
				if in.Priority, err = core.ParsePriority(c.String("priority")); err != nil {
					return err
				}
			}
			if in.Description, _, err = a.l3Text(c, "description"); err != nil {
				return err
			}
			t, err := m.AddTask(c.Context, in)
			if err != nil {
				return err
			}
			return a.out(c, t, func(w io.Writer) { fmt.Fprintln(w, t.Details()) })
		}),
		a.l3Sub("list", "list tasks: open ones by priority, then done ones", "", []cli.Flag{l3Flag("project", "project id or name", "p"),
			l3Flag("status", "only this status"), l3Flag("assignee", "only this assignee"),
			&cli.BoolFlag{Name: "ready", Usage: "only tasks to do whose dependencies are all done"}},
			func(c *cli.Context, m core.Memory) error {
				if err := noArgs(c); err != nil {
					return err
				}
				ts, err := m.Tasks(c.Context, core.TaskFilter{Project: c.String("project"), Status: c.String("status"),
					Assignee: c.String("assignee"), Ready: c.Bool("ready")})
				if err != nil {
					return err
				}
				return a.out(c, ts, func(w io.Writer) {
					for _, t := range ts {
						fmt.Fprintln(w, t.Summary())
					}
				})
			}),
		a.l3Sub("show", "one task", "ID", nil, byID(func(c *cli.Context, m core.Memory, id string) (*core.Task, error) {
			return m.Task(c.Context, id)
		})),
		a.l3Sub("update", "change a task (--depends-on replaces the list; \"\" clears it)", "ID", append(fields, l3Flag("title", "new title")),
			byID(func(c *cli.Context, m core.Memory, id string) (*core.Task, error) {
				u := core.TaskPatch{Project: l3Opt(c, "project"), Title: l3Opt(c, "title"), Status: l3Opt(c, "status"), Assignee: l3Opt(c, "assignee")}
				if c.IsSet("priority") {
					p, err := core.ParsePriority(c.String("priority"))
					if err != nil {
						return nil, err
					}
					u.Priority = &p
				}
				if c.IsSet("depends-on") {
					d := l3List(c.String("depends-on"))
					u.DependsOn = &d
				}
				var err error
				if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
					return nil, err
				}
				return m.UpdateTask(c.Context, id, u)
			})),
		a.l3Sub("done", "mark a task done (an error if it already is)", "ID",
			[]cli.Flag{&cli.BoolFlag{Name: "force", Usage: "even if a dependency is not done"}},
			byID(func(c *cli.Context, m core.Memory, id string) (*core.Task, error) {
				return m.DoneTask(c.Context, id, c.Bool("force"))
			})),
	}}
}
