package main

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/client"
	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/server"
	archonmcp "github.com/archon-memory/archon/server/mcp"
)

// serveCommands are `archon serve` and `archon mcp`.
func (a *app) serveCommands() []*cli.Command {
	return []*cli.Command{a.serveCommand(), a.mcpCommand()}
}

func (a *app) serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "run the HTTP JSON API (/v1), MCP (/mcp), metrics and scheduled jobs",
		Description: "Listens on 127.0.0.1:7420 unless --addr (or ARCHON_SERVE_ADDR). A bearer token (ARCHON_SERVE_TOKEN or\n" +
			"--token-file) is required on any non-loopback address. While it runs it owns the indexes; other archon\n" +
			"commands find it through .archon/" + client.DiscoveryFile + " and go through it. Stops gracefully on SIGINT/SIGTERM.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Usage: "listen address (default: serve.addr, " + server.DefaultAddr + ")"},
			&cli.StringFlag{Name: "token-file", Usage: "file holding the bearer token (default: $ARCHON_SERVE_TOKEN, else serve.token_file)"},
			&cli.StringFlag{Name: "cors", Usage: "comma-separated origins allowed from browsers (default: serve.cors_origins; none)"},
			&cli.Int64Flag{Name: "max-body-bytes", Usage: "largest request body (default: serve.max_body_bytes, 8 MiB; conversations up to 64 MiB)"},
			&cli.DurationFlag{Name: "timeout", Usage: "longest request, reading its body included (default: serve.request_timeout, 60s)"},
		},
		Before: noArgs,
		Action: a.serve,
	}
}

// serveOptions reads the server options: flags, then the serve section of
// the configuration (archon.yaml or ARCHON_SERVE_*), then defaults. The
// token comes from --token-file, ARCHON_SERVE_TOKEN or serve.token_file.
func (a *app) serveOptions(c *cli.Context, cfg *config.Loaded) (server.Options, error) {
	if v := c.Duration("timeout"); v < 0 || (c.IsSet("timeout") && v < time.Second) {
		return server.Options{}, usagef("--timeout %s: want at least 1s", v)
	}
	if c.IsSet("addr") {
		if err := config.CheckValue("serve.addr", c.String("addr")); err != nil {
			return server.Options{}, usagef("--addr: %v", err)
		}
	}
	if v := c.Int64("max-body-bytes"); v != 0 && v < 1024 {
		return server.Options{}, usagef("--max-body-bytes %d: want at least 1024", v)
	}
	root, err := a.root(c)
	if err != nil {
		return server.Options{}, err
	}
	opt, err := server.OptionsFrom(server.Settings{Serve: cfg.Serve, Root: root, Token: a.getenv("ARCHON_SERVE_TOKEN"),
		TokenFile: c.String("token-file"), Addr: c.String("addr"), RequestTimeout: c.Duration("timeout"),
		MaxBodyBytes: c.Int64("max-body-bytes"), CORSOrigins: splitList(c.String("cors"))})
	opt.Logger = a.logger
	return opt, err
}

// setGC applies serve.gc_percent unless GOGC is set: a long-lived service
// with a small heap otherwise collects many times a second under load;
// and serve.memory_limit_mb unless GOMEMLIMIT is set, so that the memory
// that target lets the heap grow to stays bounded.
func (a *app) setGC(cfg *config.Loaded) {
	if a.getenv("GOMEMLIMIT") == "" && cfg.Serve.MemoryLimitMB > 0 {
		debug.SetMemoryLimit(int64(cfg.Serve.MemoryLimitMB) << 20)
	}
	if a.getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(cfg.Serve.GCPercent)
}

func (a *app) serve(c *cli.Context) error {
	ws, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	opt, err := a.serveOptions(c, cfg)
	if err != nil {
		return err
	}
	if _, err := server.New(nil, opt); err != nil { // check the address and token before opening anything
		return err
	}
	if d := a.service(c.Context, ws.StateDir(), "archon serve writes its own"); d != nil {
		return fmt.Errorf("archon serve already runs for %s (pid %d at %s)", ws.Root(), d.PID, d.URL)
	}
	ln, err := net.Listen("tcp", opt.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer ln.Close()
	metrics, events := server.NewMetrics(), server.NewEvents()
	a.setGC(cfg)
	// CatchUp: the service answers (and writes serve.json) at once, even
	// when its index must first be rebuilt; searches say so meanwhile.
	mem, err := core.Open(c.Context, ws, cfg, core.Options{Logger: a.logger, Version: version, Observer: core.Observers{metrics, events}, CatchUp: true})
	if err != nil {
		return err
	}
	defer func() {
		if err := mem.Close(); err != nil {
			a.logger.Error("closing the indexes", "err", err)
		}
	}()
	metrics.SetIndexDir(mem.IndexDir())
	opt.Metrics, opt.Events = metrics, events
	var served core.Memory = mem
	if cfg.Shared.PostgresURL != "" {
		opt.Keys = mem.CheckKey // the shared store's API keys, scoped, of this node's tenant
		opt.Tenant = cfg.Shared.Tenant
		if cfg.Shared.AnyTenant {
			// Any tenant's key: each other tenant from a replica of its own.
			tenants := core.NewTenants(mem)
			defer tenants.CloseReplicas()
			served, opt.Keys = tenants, tenants.CheckKey
		}
	}
	opt.SignOutFile = filepath.Join(ws.StateDir(), "ui-signout")
	// Stopping with a job running (one a schedule or `jobs run` started):
	// serve.json says so before the listener closes, so that a command
	// run meanwhile reads a stopping service, not a stale file to remove.
	var stopKeeping func()
	marked := false
	opt.OnStop = func() {
		stopKeeping()
		if len(mem.RunningJobs()) > 0 {
			if merr := client.MarkStopping(ws.StateDir(), os.Getpid()); merr != nil {
				a.logger.Warn("serve.json not marked as stopping", "err", merr)
			}
			marked = true
		}
	}
	// MCP carries what the API's conversation routes carry (context_check,
	// memory_log of a long text): the larger limit, as over stdio.
	opt.MCP = archonmcp.HTTPHandler(archonmcp.NewServer(served, version), cmp.Or(opt.MaxConversationBytes, server.DefaultMaxConversationBytes))
	srv, err := server.New(served, opt)
	if err != nil {
		return err
	}
	url := "http://" + reachable(ln.Addr())
	d := client.Discovery{PID: os.Getpid(), Addr: ln.Addr().String(), URL: url, Token: opt.Token, Started: time.Now().UTC(), Version: version}
	if err := client.WriteDiscovery(ws.StateDir(), d); err != nil {
		return err
	}
	defer client.RemoveDiscovery(ws.StateDir(), d.PID)
	stopKeeping = a.keepDiscovery(ws.StateDir(), d)
	defer stopKeeping() // before serve.json is removed
	fmt.Fprintf(a.stderr, "archon serve: %s (API %s/v1, MCP %s/mcp, dashboard %s/ui/, metrics %s/metrics); workspace %s\n", url, url, url, url, url, ws.Root())
	if err := mem.StartJobs(); err != nil {
		return err
	}
	err = srv.Run(c.Context, ln)
	stopKeeping() // serve.json is the stopping service's to mark and remove now
	// The job in progress finishes before the indexes close; meanwhile
	// serve.json says the service is stopping, and a second signal aborts
	// the job (archon's jobs stop at a safe point).
	if running := mem.RunningJobs(); len(running) > 0 {
		if !marked {
			if merr := client.MarkStopping(ws.StateDir(), d.PID); merr != nil {
				a.logger.Warn("serve.json not marked as stopping", "err", merr)
			}
		}
		fmt.Fprintf(a.stderr, "archon serve: stopping after the job in progress (%s); Ctrl-C again to abort it\n", strings.Join(running, ", "))
		again, done := make(chan os.Signal, 1), make(chan struct{})
		signal.Notify(again, stopSignals()...)
		defer func() { signal.Stop(again); close(done) }()
		go func() {
			select {
			case <-again:
				fmt.Fprintf(a.stderr, "archon serve: aborting %s\n", strings.Join(mem.AbortJobs(), ", "))
			case <-done:
			}
		}()
	}
	if serr := mem.StopJobs(context.Background()); serr != nil {
		a.logger.Error("stopping the jobs", "err", serr)
	}
	a.logger.Info("archon serve stopped", "err", err)
	return err
}

func (a *app) mcpCommand() *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "run the MCP server over stdio",
		Description: "Serves the MCP tools and resources on stdin/stdout. Each call goes to the archon serve running for the\n" +
			"workspace (it owns the indexes), or, when none runs, opens the workspace as a command does: no index stays\n" +
			"locked, so the CLI and other sessions' archon mcp work beside it, and a service stopped or started\n" +
			"between calls changes nothing for the client.",
		Before: noArgs,
		Action: func(c *cli.Context) error {
			ws, cfg, err := a.workspace(c)
			if err != nil {
				return err
			}
			mem := &callMemory{open: func(ctx context.Context) (core.Memory, error) {
				if m := a.served(ctx, ws.StateDir(), "serving the workspace directly"); m != nil {
					return m, nil
				}
				return a.local(ctx, ws, cfg)
			}}
			return archonmcp.RunStdio(c.Context, archonmcp.NewServer(mem, version))
		},
	}
}

// keepDiscovery makes sure, every client.RewriteEvery until the returned
// stop is called (which waits for it), that the discovery file is d: one
// removed or garbled by hand is written again, so that commands find the
// service instead of waiting for the indexes it holds.
func (a *app) keepDiscovery(stateDir string, d client.Discovery) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(client.RewriteEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			if got, err := client.ReadDiscovery(stateDir); err == nil && got.PID == d.PID && got.URL == d.URL {
				continue
			}
			if err := client.WriteDiscovery(stateDir, d); err != nil {
				a.logger.Warn("serve.json is not this service's and cannot be written again", "err", err)
			} else {
				a.logger.Warn("serve.json was not this service's (removed or garbled): written again")
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(quit); <-done }) }
}

// reachable is the address a browser or a command on this machine opens
// for a listener's: one listening on every interface ("[::]:7420",
// "0.0.0.0:7420", which a browser cannot open) is reached on loopback.
func reachable(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}
