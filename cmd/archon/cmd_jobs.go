package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/server/jobs"
	"github.com/archon-memory/archon/server/service"
)

// jobsStopWait is how long archon serve waits at shutdown for the job in
// progress (it holds the indexes, which close after it).
const jobsStopWait = 10 * time.Minute

func (a *app) jobsCommand() *cli.Command {
	return &cli.Command{
		Name:  "jobs",
		Usage: "list the scheduled jobs (archive, reindex, summary, promote) with their last and next run",
		Description: "Asks the running archon serve, else reads .archon/" + jobs.StateFile + " (next runs then come from the\n" +
			"schedules). Schedules are cron specs in workspace.timezone, set by jobs.archive, jobs.reindex, jobs.summary\n" +
			"and jobs.promote in archon.yaml (or ARCHON_JOBS_ARCHIVE, ...; \"off\" disables one); jobs.enabled: false disables all.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the jobs as JSON"}},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return a.listJobs(c)
		},
		Subcommands: []*cli.Command{{
			Name:      "run",
			Usage:     "run one job now (through archon serve when it runs)",
			ArgsUsage: "NAME",
			Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the job's status as JSON"}},
			Action: func(c *cli.Context) error {
				if c.Args().Len() != 1 {
					return usagef("jobs run takes one job name: %s", strings.Join(jobs.Names(), ", "))
				}
				return a.runJob(c, c.Args().First())
			},
		}},
	}
}

// jobSchedules returns the configured schedules (jobs.*; the config
// package has validated them); jobs.enabled false turns every job off.
func (a *app) jobSchedules(cfg *config.Loaded) map[string]string {
	specs := map[string]string{
		"archive": cfg.Jobs.Archive, "reindex": cfg.Jobs.Reindex,
		"summary": cfg.Jobs.Summary, "promote": cfg.Jobs.Promote,
	}
	for _, n := range jobs.Names() {
		if !cfg.Jobs.Enabled || strings.EqualFold(specs[n], jobs.Off) {
			specs[n] = jobs.Off
		}
	}
	return specs
}

// scheduler returns svc's jobs on the configured schedules in the
// workspace's time zone, state kept under .archon; onRun may be nil.
func (a *app) scheduler(cfg *config.Loaded, svc *service.Service, onRun func(string, error, time.Duration)) (*jobs.Scheduler, error) {
	loc, err := cfg.Location()
	if err != nil {
		return nil, err
	}
	specs := a.jobSchedules(cfg)
	return jobs.New(jobs.Define(svc, specs, a.logger), jobs.Options{
		Location: loc, StateDir: svc.Workspace().StateDir(), Logger: a.logger, OnRun: onRun,
	})
}

// stopJobs stops sched at shutdown, letting the job in progress finish.
func (a *app) stopJobs(sched *jobs.Scheduler) {
	ctx, cancel := context.WithTimeout(context.Background(), jobsStopWait)
	defer cancel()
	if err := sched.Stop(ctx); err != nil {
		a.logger.Error("stopping the jobs", "err", err)
	}
}

func (a *app) listJobs(c *cli.Context) error {
	ws, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	loc, err := cfg.Location()
	if err != nil {
		return err
	}
	var list []jobs.Status
	cl, err := a.service(c)
	if err != nil {
		return err
	}
	if cl != nil {
		if err := cl.Do(c.Context, http.MethodGet, "/v1/jobs", nil, &list); err != nil {
			return remoteErr(err)
		}
	} else {
		specs := a.jobSchedules(cfg)
		if list, err = jobs.Offline(ws.StateDir(), specs, loc, time.Now()); err != nil {
			return err
		}
	}
	if list == nil {
		list = []jobs.Status{}
	}
	if c.Bool("json") {
		return writeJSON(a.stdout, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(a.stdout, "no jobs are scheduled (jobs.enabled is false, or every schedule is off)")
		return nil
	}
	printJobs(a.stdout, list, loc)
	return nil
}

func (a *app) runJob(c *cli.Context, name string) error {
	_, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	loc, err := cfg.Location()
	if err != nil {
		return err
	}
	cl, err := a.service(c)
	if err != nil {
		return err
	}
	var st jobs.Status
	if cl != nil {
		if err := cl.Do(c.Context, http.MethodPost, "/v1/jobs/"+pathEscape(name)+"/run", nil, &st); err != nil {
			return remoteErr(err)
		}
	} else if st, err = a.runJobDirect(c, cfg, name); err != nil {
		return err
	}
	if c.Bool("json") {
		if err := writeJSON(a.stdout, st); err != nil {
			return err
		}
	} else {
		printJobs(a.stdout, []jobs.Status{st}, loc)
	}
	if st.LastResult == jobs.ResultError {
		return fmt.Errorf("job %s failed: %s", name, st.Message)
	}
	return nil
}

// runJobDirect opens the engines and runs job name in this process.
func (a *app) runJobDirect(c *cli.Context, cfg *config.Loaded, name string) (jobs.Status, error) {
	if !isJob(name) {
		return jobs.Status{}, usagef("no job %q (jobs: %s)", name, strings.Join(jobs.Names(), ", "))
	}
	ws, _, err := a.workspace(c)
	if err != nil {
		return jobs.Status{}, err
	}
	svc, err := service.Open(c.Context, ws, cfg, service.Options{Logger: a.logger, Version: version, Rescan: -1})
	if err != nil {
		return jobs.Status{}, err
	}
	defer func() {
		if err := svc.Close(); err != nil {
			a.logger.Error("closing the indexes", "err", err)
		}
	}()
	sched, err := a.scheduler(cfg, svc, nil)
	if err != nil {
		return jobs.Status{}, err
	}
	defer a.stopJobs(sched)
	v, err := sched.Run(c.Context, name)
	if err != nil {
		return jobs.Status{}, err
	}
	return v.(jobs.Status), nil
}

func isJob(name string) bool {
	for _, n := range jobs.Names() {
		if n == name {
			return true
		}
	}
	return false
}

// printJobs prints jobs as a table, times in loc.
func printJobs(w io.Writer, list []jobs.Status, loc *time.Location) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSCHEDULE\tNEXT RUN\tLAST RUN\tRESULT")
	for _, j := range list {
		result := j.LastResult
		if result == "" {
			result = "-"
		}
		if j.Message != "" {
			result += ": " + j.Message
		}
		if j.Running {
			result = "running (last: " + result + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", j.Name, j.Schedule, when(j.NextRun, loc), when(j.LastStart, loc), result)
	}
	tw.Flush()
}

// when formats t in loc, "-" for none.
func when(t *time.Time, loc *time.Location) string {
	if t == nil || t.IsZero() {
		return "-"
	}
	return t.In(loc).Format("2006-01-02 15:04 MST")
}
