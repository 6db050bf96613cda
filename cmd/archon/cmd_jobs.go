package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/client"
)

func (a *app) jobsCommand() *cli.Command {
	return &cli.Command{
		Name:  "jobs",
		Usage: "list the scheduled jobs (archive, reindex, summary, promote) with their last and next run",
		Description: "Asks the running archon serve, else reads .archon/jobs.json (next runs then come from the\n" +
			"schedules). Schedules are cron specs in workspace.timezone, set by jobs.archive, jobs.reindex, jobs.summary\n" +
			"and jobs.promote in archon.yaml (or ARCHON_JOBS_ARCHIVE, ...; \"off\" disables one); jobs.enabled: false disables all.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the jobs as JSON"}},
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			if err := noArgs(c); err != nil {
				return err
			}
			list, err := m.Jobs(c.Context)
			if err != nil {
				return err
			}
			loc, err := a.location(c)
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return writeJSON(a.stdout, list)
			}
			if len(list) == 0 {
				fmt.Fprintln(a.stdout, "no jobs are scheduled (jobs.enabled is false, or every schedule is off)")
				return nil
			}
			core.WriteJobs(a.stdout, list, loc)
			if _, served := m.(*client.Client); !served {
				if slices.ContainsFunc(list, func(j core.JobStatus) bool { return j.NextRun != nil }) {
					fmt.Fprintln(a.stderr, "no archon serve runs for this workspace: these run on schedule once it starts (archon jobs run NAME runs one now)")
				} else {
					fmt.Fprintln(a.stderr, "no job is scheduled (jobs.enabled: false, or every schedule off): archon jobs run NAME runs one now")
				}
			}
			return nil
		}),
		Subcommands: []*cli.Command{{
			Name:      "run",
			Usage:     "run one job now (through archon serve when it runs)",
			ArgsUsage: "NAME",
			Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the job's status as JSON"}},
			Before: func(c *cli.Context) error {
				if c.Args().Len() != 1 {
					return usagef("jobs run takes one job name: %s", strings.Join(core.JobNames(), ", "))
				}
				return nil
			},
			Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
				// An unknown name is not found alike locally and through a
				// service (exit 1).
				name := c.Args().First()
				st, err := m.RunJob(c.Context, name)
				if err != nil {
					return err
				}
				loc, err := a.location(c)
				if err != nil {
					return err
				}
				if c.Bool("json") {
					if err := writeJSON(a.stdout, st); err != nil {
						return err
					}
				} else {
					core.WriteJobs(a.stdout, []core.JobStatus{*st}, loc)
				}
				if st.Running {
					// Longer than a request to the service: it goes on there.
					fmt.Fprintf(a.stderr, "job %s still runs in archon serve; archon jobs shows its result when it ends\n", name)
					return nil
				}
				if st.LastResult == core.JobFailed {
					return fmt.Errorf("job %s failed: %s", name, st.Message)
				}
				return nil
			}),
		}},
	}
}

// location is the workspace's time zone (workspace.timezone).
func (a *app) location(c *cli.Context) (*time.Location, error) {
	root, err := a.root(c)
	if err != nil {
		return nil, err
	}
	cfg, err := a.loadConfig(root)
	if err != nil {
		return nil, err
	}
	return cfg.Location()
}
