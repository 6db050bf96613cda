package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/urfave/cli/v2"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
	"github.com/archon-memory/archon/server"
	archonmcp "github.com/archon-memory/archon/server/mcp"
	"github.com/archon-memory/archon/server/service"
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
			"commands find it through .archon/" + server.DiscoveryFile + " and go through it. Stops gracefully on SIGINT/SIGTERM.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Usage: "listen address (default: serve.addr, " + server.DefaultAddr + ")"},
			&cli.StringFlag{Name: "token-file", Usage: "file holding the bearer token (default: $ARCHON_SERVE_TOKEN, else serve.token_file)"},
			&cli.StringFlag{Name: "cors", Usage: "comma-separated origins allowed from browsers (default: serve.cors_origins; none)"},
			&cli.Int64Flag{Name: "max-body-bytes", Usage: "largest request body (default: serve.max_body_bytes, 8 MiB; conversations up to 64 MiB)"},
			&cli.DurationFlag{Name: "timeout", Usage: "longest request (default: serve.request_timeout, 60s)"},
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			return a.serve(c)
		},
	}
}

// serveOptions reads the server options: flags, then the serve section of
// the configuration (archon.yaml or ARCHON_SERVE_*), then defaults. The
// token comes from --token-file, ARCHON_SERVE_TOKEN or serve.token_file.
func (a *app) serveOptions(c *cli.Context, cfg *config.Loaded) (server.Options, error) {
	sc := cfg.Serve
	timeout, err := time.ParseDuration(sc.RequestTimeout)
	if err != nil { // checked when the configuration was loaded
		return server.Options{}, fmt.Errorf("serve.request_timeout: %w", err)
	}
	opt := server.Options{
		Addr: sc.Addr, Logger: a.logger, RequestTimeout: timeout, MaxBodyBytes: int64(sc.MaxBodyBytes),
		CORSOrigins: append([]string(nil), sc.CORSOrigins...),
	}
	if v := c.String("addr"); v != "" {
		opt.Addr = v
	}
	if v := c.Duration("timeout"); v != 0 {
		if v < 0 {
			return opt, usagef("--timeout %s: want a positive duration", v)
		}
		opt.RequestTimeout = v
	}
	if v := c.Int64("max-body-bytes"); v != 0 {
		if v < 1024 {
			return opt, usagef("--max-body-bytes %d: want at least 1024", v)
		}
		opt.MaxBodyBytes = v
	}
	if c.String("cors") != "" {
		opt.CORSOrigins = splitList(c.String("cors"))
	}
	opt.Token = a.getenv("ARCHON_SERVE_TOKEN")
	file := c.String("token-file")
	if file == "" && opt.Token == "" && sc.TokenFile != "" {
		file = sc.TokenFile
		if !filepath.IsAbs(file) {
			root, err := a.root(c)
			if err != nil {
				return opt, err
			}
			file = filepath.Join(root, file)
		}
	}
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return opt, fmt.Errorf("token file: %w", err)
		}
		opt.Token = strings.TrimSpace(string(b))
		if opt.Token == "" {
			return opt, fmt.Errorf("token file %s is empty", file)
		}
	}
	return opt, nil
}

// setGC applies serve.gc_percent unless GOGC is set: a long-lived service
// with a small heap otherwise collects many times a second under load.
func (a *app) setGC(cfg *config.Loaded) {
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
	switch d, err := server.Find(c.Context, ws.StateDir(), 2*time.Second); {
	case err == nil:
		return fmt.Errorf("archon serve already runs for %s (pid %d at %s)", ws.Root(), d.PID, d.URL)
	case !errors.Is(err, server.ErrNoService):
		return err
	}
	ln, err := net.Listen("tcp", opt.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer ln.Close()
	metrics := server.NewMetrics()
	metrics.SetIndexDir(rag.IndexDir(ws))
	a.setGC(cfg)
	svc, err := service.Open(c.Context, ws, cfg, service.Options{Logger: a.logger, Version: version, Observer: metrics})
	if err != nil {
		return err
	}
	defer func() {
		if err := svc.Close(); err != nil {
			a.logger.Error("closing the indexes", "err", err)
		}
	}()
	opt.Metrics = metrics
	opt.MCP = archonmcp.HTTPHandler(archonmcp.NewServer(svc, version), opt.MaxBodyBytes)
	sched, err := a.scheduler(cfg, svc, metrics.JobRan)
	if err != nil {
		return err
	}
	opt.Jobs = sched
	srv, err := server.New(svc, opt)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String()
	d := server.Discovery{PID: os.Getpid(), Addr: ln.Addr().String(), URL: url, Token: opt.Token, Started: time.Now().UTC(), Version: version}
	if err := server.WriteDiscovery(ws.StateDir(), d); err != nil {
		return err
	}
	defer server.RemoveDiscovery(ws.StateDir(), d.PID)
	fmt.Fprintf(a.stderr, "archon serve: %s (API %s/v1, MCP %s/mcp, metrics %s/metrics); workspace %s\n", url, url, url, url, ws.Root())
	sched.Start()
	err = srv.Run(c.Context, ln)
	a.stopJobs(sched) // the job in progress finishes before the indexes close
	a.logger.Info("archon serve stopped", "err", err)
	return err
}

func (a *app) mcpCommand() *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "run the MCP server over stdio",
		Description: "Serves the MCP tools and resources on stdin/stdout. When archon serve runs for the workspace, relays\n" +
			"to its /mcp endpoint instead (it owns the indexes).",
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			ws, cfg, err := a.workspace(c)
			if err != nil {
				return err
			}
			d, err := server.Find(c.Context, ws.StateDir(), 2*time.Second)
			if err == nil {
				return relayMCP(c.Context, d)
			}
			if !errors.Is(err, server.ErrNoService) {
				return err
			}
			svc, err := service.Open(c.Context, ws, cfg, service.Options{Logger: a.logger, Version: version})
			if err != nil {
				return err
			}
			defer svc.Close()
			return archonmcp.RunStdio(c.Context, archonmcp.NewServer(svc, version))
		},
	}
}

// bearer adds the token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// relayMCP copies MCP messages between stdio and the service's /mcp.
func relayMCP(ctx context.Context, d *server.Discovery) error {
	hc := &http.Client{}
	if d.Token != "" {
		hc.Transport = bearer{d.Token, http.DefaultTransport}
	}
	remote, err := (&sdk.StreamableClientTransport{Endpoint: d.URL + "/mcp", HTTPClient: hc}).Connect(ctx)
	if err != nil {
		return fmt.Errorf("connect to archon serve at %s: %w", d.URL, err)
	}
	defer remote.Close()
	local, err := (&sdk.StdioTransport{}).Connect(ctx)
	if err != nil {
		return err
	}
	defer local.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errc := make(chan error, 2)
	pipe := func(from, to sdk.Connection) {
		for {
			msg, err := from.Read(ctx)
			if err == nil {
				err = to.Write(ctx, msg)
			}
			if err != nil {
				errc <- err
				return
			}
		}
	}
	go pipe(local, remote)
	go pipe(remote, local)
	err = <-errc
	if errors.Is(err, context.Canceled) || errors.Is(err, net.ErrClosed) || strings.Contains(fmt.Sprint(err), "EOF") {
		return nil
	}
	return err
}

// routed makes the commands that use the indexes (search, get, index, and
// log, so that entries are indexed at once) go through a running archon
// serve, which owns the indexes; without one they run as before. The
// output is the same either way.
func (a *app) routed(cmds []*cli.Command) []*cli.Command {
	remote := map[string]func(*cli.Context, *server.Client) error{
		"search": a.remoteSearch, "get": a.remoteGet, "index": a.remoteIndex, "log": a.remoteLog,
	}
	for _, cmd := range cmds {
		fn, ok := remote[cmd.Name]
		if !ok || cmd.Action == nil {
			continue
		}
		direct := cmd.Action
		cmd.Action = func(c *cli.Context) error {
			cl, err := a.service(c)
			if err != nil {
				return err
			}
			if cl == nil {
				return direct(c)
			}
			a.logger.Debug("going through archon serve", "command", c.Command.Name)
			return fn(c, cl)
		}
	}
	return cmds
}

// service returns a client of the workspace's running archon serve, or
// nil when none runs (a stale discovery file is removed).
func (a *app) service(c *cli.Context) (*server.Client, error) {
	if a.getenv("ARCHON_NO_SERVE") == "1" {
		return nil, nil
	}
	root, err := a.root(c)
	if err != nil {
		return nil, err
	}
	d, err := server.Find(c.Context, root+string(os.PathSeparator)+".archon", 5*time.Second)
	if errors.Is(err, server.ErrNoService) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return server.NewClient(d, 0), nil
}

// remoteErr turns an API error into the error the command would have
// returned itself.
func remoteErr(err error) error {
	var ae *server.APIError
	if errors.As(err, &ae) {
		return errors.New(ae.Message)
	}
	return fmt.Errorf("archon serve: %w", err)
}

func (a *app) remoteIndexRun(c *cli.Context, cl *server.Client) (*rag.IndexStats, error) {
	var st rag.IndexStats
	if err := cl.Do(c.Context, http.MethodPost, "/v1/index", nil, &st); err != nil {
		return nil, remoteErr(err)
	}
	return &st, nil
}

func (a *app) remoteIndex(c *cli.Context, cl *server.Client) error {
	if err := noArgs(c); err != nil {
		return err
	}
	st, err := a.remoteIndexRun(c, cl)
	if err != nil {
		return err
	}
	return a.printIndexStats(c, st)
}

func (a *app) remoteSearch(c *cli.Context, cl *server.Client) error {
	format, batch, err := searchMode(c)
	if err != nil {
		return err
	}
	_, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	index := func() (*rag.IndexStats, error) { return a.remoteIndexRun(c, cl) }
	search := func(q rag.Query) (*rag.Response, error) {
		f := q.Filter
		r := service.SearchRequest{Query: q.Text, TopK: q.TopK, Threshold: q.Threshold,
			Tags: f.Tags, AllTags: f.AllTags, Agents: f.Agents, Projects: f.Projects, Layers: f.Layers,
			Since: f.Since, Until: f.Until}
		var resp rag.Response
		if err := cl.Do(c.Context, http.MethodPost, "/v1/search", r, &resp); err != nil {
			return nil, remoteErr(err)
		}
		return &resp, nil
	}
	return a.runSearch(c, cfg, format, batch, index, search)
}

func (a *app) remoteGet(c *cli.Context, cl *server.Client) error {
	if c.Args().Len() != 1 {
		return usagef("get takes exactly one ID (from a search result)")
	}
	var item rag.Item
	path := "/v1/items/" + pathEscape(c.Args().First()) + "?context=" + strconv.Itoa(c.Int("context"))
	if err := cl.Do(c.Context, http.MethodGet, path, nil, &item); err != nil {
		return remoteErr(err)
	}
	return a.printItem(c, &item)
}

func (a *app) remoteLog(c *cli.Context, cl *server.Client) error {
	_, cfg, err := a.workspace(c)
	if err != nil {
		return err
	}
	e, err := a.entryFromFlags(c, cfg)
	if err != nil {
		return err
	}
	req := service.LogRequest{Text: e.Text, Agent: e.Agent, Tags: e.Tags, Date: e.Date, Time: e.Time}
	var stored memory.Entry
	if err := cl.Do(c.Context, http.MethodPost, "/v1/log", req, &stored); err != nil {
		return remoteErr(err)
	}
	return a.printLogged(c, stored)
}

// writeJSONLine prints v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func pathEscape(s string) string { return url.PathEscape(s) }
