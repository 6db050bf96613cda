package ui_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/archon-memory/archon/app"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/server"
)

const token = "dashboard-test-token"

// chromium finds the system Chromium; the test skips without one.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("ARCHON_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH (apt-get install chromium, or set ARCHON_CHROMIUM)")
	return ""
}

// service is archon serve in this process: a memory and its HTTP server
// on a loopback port, the hub of live events wired in.
type service struct {
	mem *app.Local
	ws  *memory.Workspace
	url string
}

func startService(t *testing.T) *service {
	t.Helper()
	ws, cfg := testws.New(t)
	metrics, events := server.NewMetrics(), server.NewEvents()
	mem, err := app.Open(context.Background(), ws, cfg, app.Options{Rescan: -1, IndexDelay: 20 * time.Millisecond,
		Observer: app.Observers{metrics, events}})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(mem, server.Options{Addr: ln.Addr().String(), Token: token, Metrics: metrics, Events: events,
		ShutdownTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
		if err := mem.Close(); err != nil {
			t.Error(err)
		}
	})
	return &service{mem: mem, ws: ws, url: "http://" + ln.Addr().String()}
}

// seed writes what every panel shows: logs (one day archived), a project
// with tasks, two promotion candidates (one promoted, so MEMORY.md has a
// backup) and a context check.
func seed(t *testing.T, s *service) {
	t.Helper()
	ctx := context.Background()
	m := s.mem
	today := time.Now().Format(time.DateOnly)
	old := time.Now().AddDate(0, 0, -40).Format(time.DateOnly)
	for _, r := range []app.LogRequest{
		{Date: old, Time: "09:00", Agent: "planner", Tags: []string{"db"}, Text: "Compared MySQL and PostgreSQL for the billing service."},
		{Date: today, Time: "10:00", Agent: "planner", Tags: []string{"db", "decision"}, Text: "Chose PostgreSQL for billing: we need transactions."},
		{Date: today, Time: "10:05", Agent: "executor", Text: "Wrote the first migration for the invoices table."},
		{Date: today, Time: "10:20", Agent: "reviewer", Text: "Reviewed the migration; asked for an index on customer_id."},
	} {
		if _, err := m.Log(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Archive(ctx, app.ArchiveRequest{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"billing", "search"} {
		if _, err := m.AddProject(ctx, app.ProjectInput{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	t1, err := m.AddTask(ctx, app.TaskInput{Title: "Invoices schema", Project: "billing", Priority: new(app.Priority(2))})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.AddTask(ctx, app.TaskInput{Title: "Invoices API", Project: "billing", DependsOn: []string{t1.ID}}); err != nil {
		t.Fatal(err)
	}
	yes := true
	for _, title := range []string{"Retry with jitter", "Pin the Go toolchain"} {
		it, err := m.AddItem(ctx, app.ItemInput{Kind: "pattern", Title: title, Body: title + " worked every time."})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []app.ObserveInput{{Agent: "planner", Project: "billing"}, {Agent: "executor", Project: "search"}, {Agent: "executor", Project: "billing"}} {
			o.Success = &yes
			if _, err := m.Observe(ctx, it.ID, o); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := m.Promote(ctx, app.PromoteRequest{Items: []string{"K1"}}); err != nil {
		t.Fatal(err)
	}
	if rep := check(t, s, ""); rep.Model == "" {
		t.Fatal("the check names no model")
	}
	if _, err := m.Index(ctx, app.IndexRequest{}); err != nil {
		t.Fatal(err)
	}
}

// check records a context check of session sess-1, as the hooks do.
func check(t *testing.T, s *service, model string) *app.Report {
	t.Helper()
	msgs := []map[string]string{{"role": "system", "content": "You are the billing planner."}}
	for range 20 {
		msgs = append(msgs, map[string]string{"role": "user", "content": strings.Repeat("Plan the invoices export. ", 40)},
			map[string]string{"role": "assistant", "content": "We export invoices as CSV first."})
	}
	b, _ := json.Marshal(msgs)
	rep, err := s.mem.Check(context.Background(), app.ConvRequest{Conversation: b, Model: model, Session: "sess-1", Agent: "planner"})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestDashboardInChromium drives the dashboard in headless Chromium:
// sign in, search and open an item, change the model and see the next
// check use it, approve a promotion and find it in MEMORY.md; bad input
// shows a message; each panel is screenshot at 1280x800 (into
// $ARCHON_UI_SCREENSHOTS when set).
func TestDashboardInChromium(t *testing.T) {
	exe := chromium(t)
	s := startService(t)
	seed(t, s)

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.WindowSize(1280, 800),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("proxy-server", "direct://"))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first call starts the browser, which lives as long as its
	// context: that one has no timeout (the steps below have theirs).
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(sctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("read %s: %v", sel, err)
		}
		return v
	}

	// Without the cookie the dashboard sends the browser to sign in.
	do("sign-in page", chromedp.Navigate(s.url+"/ui/"), chromedp.WaitVisible(chromedp.ID("token")))
	problems := watchConsole(ctx)
	if p := text("main"); !strings.Contains(p, "needs its token") {
		t.Errorf("sign-in page says: %q", p)
	}
	do("wrong token", chromedp.SendKeys(chromedp.ID("token"), "wrong"), chromedp.Submit(chromedp.ID("token")),
		chromedp.WaitVisible(chromedp.CSS(".error")))
	do("sign in", chromedp.SendKeys(chromedp.ID("token"), token), chromedp.Submit(chromedp.ID("token")),
		chromedp.WaitVisible(chromedp.ID("context-inspector")))

	// Every panel fills from the workspace.
	sessions, err := s.mem.ContextSessions(context.Background())
	if err != nil || len(sessions) != 1 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	pl, err := s.mem.L1(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	do("panels load", waitText("#current-model", sessions[0].Report.Model), waitText("#l1-tokens", fmt.Sprintf("/ %s tokens", thousands(pl.Budget))),
		chromedp.WaitVisible(chromedp.CSS("#review .candidate")), chromedp.WaitVisible(chromedp.CSS("#jobs .job")))
	// The summary's tokens as session start loads them, as archon status says them.
	st, err := s.mem.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sum := st.L1.Summary; sum.Loaded != nil && *sum.Loaded != sum.Tokens {
		do("loaded tokens", waitText("#layers", fmt.Sprintf("%s tokens to load (%s in the file)", thousands(*sum.Loaded), thousands(sum.Tokens))))
	} else {
		t.Logf("the seeded summary loads whole (%+v): the loaded figure is not checked", sum)
	}

	// Search, then open a hit with its neighbours.
	do("search", chromedp.SendKeys(chromedp.ID("search-input"), "which database did we choose for billing\n"),
		chromedp.WaitVisible(chromedp.CSS("#search-results .hit")))
	if hits := text("#search-results"); !strings.Contains(hits, "PostgreSQL") || !strings.Contains(hits, "words:") {
		t.Errorf("search results: %q", hits)
	}
	do("open a hit", chromedp.Click(chromedp.CSS("#search-results .hit")), chromedp.WaitVisible(chromedp.CSS("#item-view .item-text")))
	if item := text("#item-view .item-text"); !strings.Contains(item, "PostgreSQL") {
		t.Errorf("item view: %q", item)
	}

	// By keyboard: Escape closes the item, "/" goes to the search.
	do("keyboard", chromedp.KeyEvent("\x1b"), waitJS(`document.getElementById('item-view').hidden`),
		eval(`document.activeElement.blur()`), chromedp.KeyEvent("/"), waitJS(`document.activeElement.id === 'search-input'`),
		// (the protocol's key event types the "/" the page's keydown
		// handler cancels; a person's key press does not)
		chromedp.SetValue(chromedp.ID("search-input"), "which database did we choose for billing"))

	// Signed in with the token, the page offers to sign out.
	do("a sign-out link", chromedp.WaitVisible(chromedp.ID("sign-out")))

	// A text's own **bold** shows as written, and only the query's words
	// are marked.
	if _, err := s.mem.Log(context.Background(), app.LogRequest{Text: "the **password** rotation happened on the gateway"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.mem.Index(context.Background(), app.IndexRequest{}); err != nil {
		t.Fatal(err)
	}
	do("search a text with bold", eval(`document.getElementById("search-input").value = ""`),
		chromedp.SendKeys(chromedp.ID("search-input"), "gateway rotation\n"),
		waitJS(`[...document.querySelectorAll('#search-results mark')].some(m => m.textContent === 'gateway')`))
	if hits := text("#search-results"); !strings.Contains(hits, "the **password** rotation") {
		t.Errorf("the text's own bold: %q", hits)
	}
	do("only the query's words marked", waitJS(`![...document.querySelectorAll('#search-results mark')].some(m => m.textContent.includes('password'))`))
	// A control that reverses how text reads is shown as its code.
	if _, err := s.mem.Log(context.Background(), app.LogRequest{Text: "RTL \u202eoverride\u202c in the notes"}); err != nil {
		t.Fatal(err)
	}
	do("a direction control shown", waitJS(`document.getElementById('l1-text').textContent.includes('⟨U+202E⟩override⟨U+202C⟩')`))

	// The model override: a change is used by the next check.
	const model = "claude-sonnet-4-5"
	do("change the model", chromedp.SetValue(chromedp.ID("model-select"), model),
		eval(`document.getElementById('model-select').dispatchEvent(new Event('change'))`))
	waitFor(t, "the override to be set", func() bool {
		o, err := s.mem.Model(context.Background())
		return err == nil && o.Model != nil && *o.Model == model
	})
	if rep := check(t, s, ""); rep.Model != model {
		t.Errorf("the next check used %q, want %q", rep.Model, model)
	}
	do("the inspector shows it (live)", waitText("#current-model", model))

	// Approve the pending promotion and find it in MEMORY.md.
	do("approve", chromedp.Click(chromedp.CSS(`#review .candidate[data-id="K2"] .approve`)))
	waitFor(t, "MEMORY.md to hold the approved pattern", func() bool {
		b, err := os.ReadFile(s.ws.WisdomPath())
		return err == nil && strings.Contains(string(b), "Pin the Go toolchain")
	})
	// Its backup: shown against MEMORY.md as it is now, restored, and
	// shown again against the file restored (identical).
	row := `#backups .backup[data-file="MEMORY.md"]`
	do("show the backup", chromedp.WaitVisible(chromedp.CSS(row)), chromedp.Click(chromedp.CSS(row+" .view")),
		waitText("#backup-body", "From the current MEMORY.md"), chromedp.WaitVisible(chromedp.CSS("#backup-body .diff, #backup-body pre")))
	do("restore it", chromedp.Click(chromedp.CSS(row+" .restore")), chromedp.Click(chromedp.CSS(row+" .confirm")),
		waitText("#backups-result", "Restored MEMORY.md"), waitText("#backup-body", "Identical to the current file."))

	// Screenshots of each panel, to look at.
	dir := os.Getenv("ARCHON_UI_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, id := range []string{"context-inspector", "l1-preview", "memory-browser", "knowledge", "review", "jobs"} {
		do("scroll to "+id, chromedp.ScrollIntoView(chromedp.ID(id)))
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID(id)))
		if err != nil || len(png) < 1000 {
			t.Fatalf("screenshot of #%s: %d bytes, %v", id, len(png), err)
		}
		if err := os.WriteFile(filepath.Join(dir, id+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Bad input shows a message, never a blank panel: a huge query, an
	// unknown id, a session that lost its cookie.
	do("huge query", chromedp.SetValue(chromedp.ID("search-input"), strings.Repeat("postgres ", 2000)),
		chromedp.SendKeys(chromedp.ID("search-input"), "\n"), chromedp.WaitVisible(chromedp.CSS("#search-warnings li")))
	do("unknown id", eval(`document.querySelector('#search-results .hit').dataset.id = '0123456789abcdef'`),
		chromedp.Click(chromedp.CSS("#search-results .hit")), chromedp.WaitVisible(chromedp.CSS("#item-view .error")))
	if msg := text("#item-view .error"); !strings.Contains(msg, "0123456789abcdef") {
		t.Errorf("unknown id says: %q", msg)
	}
	do("cookie gone", clearCookies, chromedp.Click(chromedp.CSS("#jobs .run-now")), chromedp.WaitVisible(chromedp.ID("banner")))
	if b := text("#banner"); !strings.Contains(b, "sign in") {
		t.Errorf("banner without the cookie: %q", b)
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the page logged problems (a CSP violation shows here):\n%s", strings.Join(p, "\n"))
	}
	// Signed in again, "Sign out" ends the session: the dashboard asks for
	// the token once more.
	do("sign in again", chromedp.Navigate(s.url+"/ui/"), chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SendKeys(chromedp.ID("token"), token), chromedp.Submit(chromedp.ID("token")), chromedp.WaitVisible(chromedp.ID("sign-out")))
	// Signed out elsewhere (another tab): the open page says so by itself.
	do("signed out elsewhere", eval(`fetch('/ui/logout', {credentials: 'same-origin'})`), chromedp.WaitVisible(chromedp.ID("banner")))
	do("sign in after that", chromedp.Navigate(s.url+"/ui/"), chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SendKeys(chromedp.ID("token"), token), chromedp.Submit(chromedp.ID("token")), chromedp.WaitVisible(chromedp.ID("sign-out")))
	do("sign out", chromedp.Click(chromedp.ID("sign-out")), chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.Navigate(s.url+"/ui/"), chromedp.WaitVisible(chromedp.ID("token")))
}

// eval runs a script for its effect.
func eval(js string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[any](js+"; null")(ctx, t)
		return chromedp.Void{}, err
	}
}

// clearCookies drops the browser's cookies: the dashboard's session ends.
func clearCookies(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
	_, err := cdp.Call(ctx, t, network.ClearBrowserCookies, cdp.Empty{})
	return chromedp.Void{}, err
}

// waitText waits until the element's text contains want.
func waitText(sel, want string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? '').includes(%q)`, sel, want))
}

// waitJS waits until a script is true.
func waitJS(js string) chromedp.Action[chromedp.Void] {
	poll := chromedp.PollFunction[bool]("() => "+js, chromedp.WithPollingTimeout(20*time.Second))
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := poll(ctx, t)
		return chromedp.Void{}, err
	}
}

// waitFor polls cond for up to 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// watchConsole collects what shows a broken page: uncaught exceptions and
// Content-Security-Policy violations (failed requests, expected in the
// bad-input steps, are not collected). It returns what it saw so far.
func watchConsole(ctx context.Context) func() []string {
	var mu sync.Mutex
	var seen []string
	go func() {
		for msg, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if msg.Type == chromedp.ConsoleException || strings.Contains(msg.Text, "Content Security Policy") {
				mu.Lock()
				seen = append(seen, string(msg.Type)+": "+msg.Text)
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// thousands writes n with commas, as the page does (en-US).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
