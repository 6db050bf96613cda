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

// l3Args is what an L3 subcommand takes: n positional arguments (-1: at
// least one, joined with spaces), shown as usage and named what in errors.
type l3Args struct {
	n           int
	usage, what string
}

var (
	l3None  = l3Args{0, "", ""}
	l3Title = l3Args{-1, "TITLE...", "a TITLE"}
	l3Item  = l3Args{1, "ID", "one item ID"}
	l3Task  = l3Args{1, "ID", "one task ID"}
	l3Ref   = l3Args{1, "ID|NAME", "one ID or NAME"}
)

// l3Action is the action of an L3 subcommand, given its arguments.
type l3Action func(c *cli.Context, m core.Memory, args []string) error

// l3Sub builds an L3 subcommand; every one takes --json. A value the
// store refuses is a mistake on the command line (exit 2).
func (a *app) l3Sub(name, usage string, args l3Args, flags []cli.Flag, fn l3Action) *cli.Command {
	flags = append(flags, &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"})
	return &cli.Command{Name: name, Usage: usage, ArgsUsage: args.usage, Flags: flags,
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			got := c.Args().Slice()
			switch {
			case args.n == 0 && len(got) > 0:
				return noArgs(c)
			case (args.n < 0 && len(got) == 0) || (args.n > 0 && len(got) != args.n):
				return usagef("%s takes %s (got %d arguments); see `archon %s --help`", commandPath(c), args.what, len(got), commandPath(c))
			case args.n < 0:
				got = []string{strings.Join(got, " ")}
			}
			return fn(c, m, got)
		})}
}

// l3Flag is a string flag.
func l3Flag(name, usage string, aliases ...string) cli.Flag {
	return &cli.StringFlag{Name: name, Usage: usage, Aliases: aliases}
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
		return "", true, usagef("--%s: stdin holds more than %d bytes", name, memory.DefaultMaxEntryBytes)
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

// summaries prints one summary line per record.
func summaries[T interface{ Summary() string }](list []T, w io.Writer) {
	for _, v := range list {
		fmt.Fprintln(w, v.Summary())
	}
}

// projectView is a project with its tasks and items (project show).
type projectView struct {
	core.Project
	Tasks []core.Task          `json:"tasks"`
	Items []core.KnowledgeItem `json:"items"`
}

func (a *app) projectCommand() *cli.Command {
	desc, status := l3Flag("description", "free markdown (- reads stdin)", "d"), l3Flag("status", "active, paused, done or archived")
	show := func(c *cli.Context, m core.Memory, p *core.Project, err error) error {
		if err != nil {
			return err
		}
		tasks, err := m.Tasks(c.Context, core.TaskFilter{Project: p.ID})
		if err != nil {
			return err
		}
		items, err := m.Items(c.Context, core.ItemFilter{Project: p.ID})
		return emit(a, c, projectView{*p, tasks, items}, err, func(v projectView, w io.Writer) {
			fmt.Fprintf(w, "%s %s [%s]\n", v.ID, v.Name, v.Status)
			l3PrintText(w, v.Description)
			summaries(v.Tasks, w)
			summaries(v.Items, w)
		})
	}
	return &cli.Command{Name: "project", Usage: "L3 projects: add, list, show, update", Subcommands: []*cli.Command{
		a.l3Sub("add", "create a project", l3Args{1, "NAME", "one NAME"}, []cli.Flag{desc, status}, func(c *cli.Context, m core.Memory, args []string) error {
			d, _, err := a.l3Text(c, "description")
			if err != nil {
				return err
			}
			p, err := m.AddProject(c.Context, core.ProjectInput{Name: args[0], Description: d, Status: c.String("status")})
			return show(c, m, p, err)
		}),
		a.l3Sub("list", "list projects", l3None, []cli.Flag{l3Flag("status", "only this status")}, func(c *cli.Context, m core.Memory, _ []string) error {
			ps, err := m.Projects(c.Context, c.String("status"))
			return emit(a, c, ps, err, summaries)
		}),
		a.l3Sub("show", "a project with its tasks and items", l3Ref, nil, func(c *cli.Context, m core.Memory, args []string) error {
			p, err := m.Project(c.Context, args[0])
			return show(c, m, p, err)
		}),
		a.l3Sub("update", "change a project", l3Ref, []cli.Flag{desc, status, l3Flag("name", "new name")}, func(c *cli.Context, m core.Memory, args []string) error {
			u := core.ProjectPatch{Name: l3Opt(c, "name"), Status: l3Opt(c, "status")}
			var err error
			if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
				return err
			}
			p, err := m.UpdateProject(c.Context, args[0], u)
			return show(c, m, p, err)
		}),
	}}
}

func (a *app) taskCommand() *cli.Command {
	fields := []cli.Flag{l3Flag("project", "project id or name", "p"), l3Flag("priority", "0-3 or low, normal, high, urgent"),
		l3Flag("assignee", "agent or person"), l3Flag("depends-on", "comma-separated task ids, e.g. T1,T2"),
		l3Flag("description", "free markdown (- reads stdin)", "d"), l3Flag("status", "todo, doing, blocked or done")}
	// A task's times read in the workspace's time zone, as its logs do.
	details := func(c *cli.Context) func(t *core.Task, w io.Writer) {
		loc, _ := a.location(c)
		return func(t *core.Task, w io.Writer) { fmt.Fprintln(w, t.Details(loc)) }
	}
	return &cli.Command{Name: "task", Usage: "L3 tasks: add, list, show, update, done", Subcommands: []*cli.Command{
		a.l3Sub("add", "create a task", l3Title, fields, func(c *cli.Context, m core.Memory, args []string) error {
			in := core.TaskInput{Title: args[0], Project: c.String("project"), Assignee: c.String("assignee"),
				DependsOn: l3List(c.String("depends-on")), Status: c.String("status")}
			var err error
			if c.IsSet("priority") {
				p, err := core.ParsePriority(c.String("priority"))
				if err != nil {
					return err
				}
				in.Priority = &p
			}
			if in.Description, _, err = a.l3Text(c, "description"); err != nil {
				return err
			}
			t, err := m.AddTask(c.Context, in)
			return emit(a, c, t, err, details(c))
		}),
		a.l3Sub("list", "list tasks: open ones by priority, then done ones", l3None, []cli.Flag{l3Flag("project", "project id or name", "p"),
			l3Flag("status", "only this status"), l3Flag("assignee", "only this assignee"),
			&cli.BoolFlag{Name: "ready", Usage: "only tasks to do whose dependencies are all done"}},
			func(c *cli.Context, m core.Memory, _ []string) error {
				ts, err := m.Tasks(c.Context, core.TaskFilter{Project: c.String("project"), Status: c.String("status"),
					Assignee: c.String("assignee"), Ready: c.Bool("ready")})
				return emit(a, c, ts, err, summaries)
			}),
		a.l3Sub("show", "one task", l3Task, nil, func(c *cli.Context, m core.Memory, args []string) error {
			t, err := m.Task(c.Context, args[0])
			return emit(a, c, t, err, details(c))
		}),
		a.l3Sub("update", "change a task (--depends-on replaces the list; \"\" clears it)", l3Task, append(fields, l3Flag("title", "new title")),
			func(c *cli.Context, m core.Memory, args []string) error {
				u := core.TaskPatch{Project: l3Opt(c, "project"), Title: l3Opt(c, "title"), Status: l3Opt(c, "status"), Assignee: l3Opt(c, "assignee")}
				if c.IsSet("priority") {
					p, err := core.ParsePriority(c.String("priority"))
					if err != nil {
						return err
					}
					u.Priority = &p
				}
				if c.IsSet("depends-on") {
					d := l3List(c.String("depends-on"))
					u.DependsOn = &d
				}
				var err error
				if u.Description, err = a.l3TextOpt(c, "description"); err != nil {
					return err
				}
				t, err := m.UpdateTask(c.Context, args[0], u)
				return emit(a, c, t, err, details(c))
			}),
		a.l3Sub("done", "mark a task done (an error if it already is)", l3Task,
			[]cli.Flag{&cli.BoolFlag{Name: "force", Usage: "even if a dependency is not done"}},
			func(c *cli.Context, m core.Memory, args []string) error {
				t, err := m.DoneTask(c.Context, args[0], c.Bool("force"))
				return emit(a, c, t, err, details(c))
			}),
	}}
}
