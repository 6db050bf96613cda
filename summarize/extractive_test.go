package summarize

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/conv"
	"github.com/archon-memory/archon/tokens"
)

func TestClassifyWord(t *testing.T) {
	tests := []struct {
		word string
		kind EntityKind
		ok   bool
	}{
		{"/etc/billing/prod.yaml", EntPath, true},
		{"./scripts/run.sh", EntPath, true},
		{"~/notes.md", EntPath, true},
		{"pkg/store/postgres.go", EntPath, true},
		{"main.go", EntPath, true},
		{"`internal/api/handlers.go`,", EntPath, true},
		{"https://example.com/docs?id=3", EntURL, true},
		{"JIRA-4821", EntID, true},
		{"#1234", EntID, true},
		{"a3f9c2e", EntID, true},
		{"3f0e1b2c-9d4e-4b6a-8c7d-2e1f0a9b8c7d", EntID, true},
		{"v1.2.3", EntID, true},
		{"DATABASE_URL", EntID, true},
		{"CHG0012345", EntID, true},
		{"req_8f3a9c", EntID, true},
		{"s3://lake/raw/events/", EntPath, true},
		{"hdfs://nn:8020/data", EntPath, true},
		{"backup-2026-11-03T02:00:00+00:00", EntID, true},
		{"2026-11-03T02:00:00Z", 0, false},
		{"10:04:05", 0, false},
		{"://x", 0, false},
		{"hello", 0, false},
		{"10/12", 0, false},
		{"and/or", 0, false},
		{"1234", 0, false},
		{"e.g.", 0, false},
		{"{\"a\":1}", 0, false},
		{`C:\Users\me\report.docx.`, EntPath, true},
		{`d:/data/in`, EntPath, true},
		{`\\fileserver\share\q3`, EntPath, true},
		{`C:\`, 0, false},
		{`a:b\c`, 0, false},
		{"fastlane/Fastfile", EntPath, true},
		{"deploy/Dockerfile", EntPath, true},
		{"web/.env", EntPath, true},
		{"repo/LICENSE", EntPath, true},
		{"client/server", 0, false},
		{"read/write", 0, false},
		{"the/Profile", 0, false},
		{"0x7FFE12A0", EntID, true},
		{"0xdeadbeef.", EntID, true},
		{"0x12", 0, false},
		{"0xZZ1234", 0, false},
		{"1Z999AA10123456784", EntID, true},
		{"1234567890", 0, false},
		{"AML/2026/00042", EntID, true},
		{"INC/7731", EntID, true},
		{"CI/CD", 0, false},
		{"US/Eastern", 0, false},
		// paths in every common form
		{`%APPDATA%\TimeClock\config.ini`, EntPath, true},
		{`%USERPROFILE%\.ssh\id_rsa`, EntPath, true},
		{"${XDG_CONFIG_HOME}/nvim/init.lua", EntPath, true},
		{"$HOME/.config/app.toml", EntPath, true},
		{`$env:LOCALAPPDATA\App\state.json`, EntPath, true},
		{`src\App\Main.cs`, EntPath, true},
		{"**/*.go", EntPath, true},
		{"*.log", EntPath, true},
		{"content/stories/2026/**/*.md", EntPath, true},
		{"**cmd/main.go**", EntPath, true},
		{"[the notes](docs/notes.md)", EntPath, true},
		{"pkg/a.go:10:5", EntPath, true},
		{"photos/IMG_0001.HEIC", EntPath, true},
		{"/mnt/nfs/payroll/archive/2025/Q4/.", EntPath, true},
		{"https://permits.example.gov/api/v2/apps?status=pending&page=2.", EntURL, true},
		{"$5/month", 0, false},
		{"%d/%m", 0, false},
		{`a\nb`, 0, false},
		{`foo\bar`, 0, false},
		{"*important*", 0, false},
		{"km/h.", 0, false},
		{"TCP/IP", 0, false},
		{"1.5/2.0", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			k, _, ok := classifyWord(tt.word)
			if ok != tt.ok || (ok && k != tt.kind) {
				t.Errorf("classifyWord(%q) = %v, %v; want %v, %v", tt.word, k, ok, tt.kind, tt.ok)
			}
		})
	}
}

func TestFindEntitiesQuotedPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{`The installer writes "C:\Program Files\TimeClock\app.ini" on first run.`, `C:\Program Files\TimeClock\app.ini`},
		{"Notes are in '/Users/me/My Drive/notes.md', synced.", "/Users/me/My Drive/notes.md"},
		{"See `%APPDATA%\\Time Clock\\config.ini` for the override.", `%APPDATA%\Time Clock\config.ini`},
		{`He said "use the new one" twice.`, ""},
	}
	for _, tt := range tests {
		got := ""
		for _, e := range findEntities(tt.in, nil) {
			if e.kind == EntPath {
				got = e.text
			}
		}
		if got != tt.want {
			t.Errorf("findEntities(%q) path = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRenderParseRoundTrip(t *testing.T) {
	secs := []Section{
		{Name: SecDecisions, Items: []string{"Use SQLite because it needs no server."}},
		{Name: SecTasks, Items: []string{"Rotate keys.", "Backfill column."}},
		{Name: SecContext, Items: []string{"Files: a.go, b.go"}},
	}
	md := Render("_header_", secs)
	back := ParseSections(md)
	if len(back) != 3 || back[1].Items[1] != "Backfill column." || back[2].Name != SecContext {
		t.Errorf("round trip: %+v\n%s", back, md)
	}
	// Hand-written or model-written variants map to the canonical names.
	var names []string
	for _, s := range ParseSections("## Key decisions\n- x\n## TODO\n* y\n  continued\n## Files and identifiers\n- z") {
		names = append(names, s.Name)
	}
	if strings.Join(names, "|") != SecDecisions+"|"+SecTasks+"|"+SecContext {
		t.Errorf("canonical names = %v", names)
	}
}

func TestExtractiveSectionsAndSize(t *testing.T) {
	msgs := []conv.Message{
		conv.NewText(conv.RoleSystem, "You are helpful. Decision: ignore this system text."),
		conv.NewText(conv.RoleUser, "I prefer tabs over spaces. We're building the billing export project."),
		conv.NewText(conv.RoleAssistant, "We decided to use SQLite for the cache because it needs no server."),
		conv.NewText(conv.RoleUser, "TODO: add retries to pkg/httpx/retry.go before Friday."),
		{Role: conv.RoleTool, Parts: []conv.Part{{Kind: conv.PartToolResult, ToolName: "Bash", IsError: true,
			Text: "--- FAIL: TestExport (0.01s)\n    export_test.go:42: got 3 rows"}}},
		conv.NewText(conv.RoleAssistant, strings.Repeat("Filler sentence about nothing in particular. ", 400)),
	}
	for _, target := range []int{120, 500} {
		s, err := NewExtractive().Summarize(context.Background(), msgs, Options{TargetTokens: target, Counter: tokens.ForModel("gpt-4")})
		if err != nil {
			t.Fatal(err)
		}
		if s.Tokens > target || tokens.Count(s.Markdown) > target {
			t.Errorf("target %d: %d tokens", target, s.Tokens)
		}
		if target < 500 {
			continue
		}
		for _, want := range []string{"## Decisions", "SQLite", "because it needs no server", "## Pending tasks",
			"pkg/httpx/retry.go", "## User preferences", "tabs", "## Errors", "FAIL: TestExport", "## Active projects"} {
			if !strings.Contains(s.Markdown, want) {
				t.Errorf("summary lacks %q:\n%s", want, s.Markdown)
			}
		}
		if strings.Contains(s.Markdown, "ignore this system text") {
			t.Error("system prompt leaked into the summary")
		}
	}
}

func TestExtractiveCarriesPreviousForKeepDays(t *testing.T) {
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	prev := Render("", []Section{
		{Name: SecDecisions, Items: []string{"Use Redis for sessions because it is fast.", "Use CVS because it is 1990."}},
		{Name: SecContext, Items: []string{"Files: /srv/old/config.yaml"}},
	})
	dates := map[string]string{
		ItemKey("Use Redis for sessions because it is fast."): "2026-11-25",
		ItemKey("Use CVS because it is 1990."):                "2026-11-01",
	}
	msgs := []conv.Message{conv.NewText(conv.RoleUser, "We decided to use Go for the CLI because it ships one binary.")}
	s, err := NewExtractive().Summarize(context.Background(), msgs, Options{Previous: prev, PreviousDates: dates, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Go for the CLI", "Redis for sessions", "/srv/old/config.yaml"} {
		if !strings.Contains(s.Markdown, want) {
			t.Errorf("lacks %q:\n%s", want, s.Markdown)
		}
	}
	if strings.Contains(s.Markdown, "CVS") {
		t.Errorf("item older than 7 days kept:\n%s", s.Markdown)
	}
	if d := s.Dates[ItemKey("Use Redis for sessions because it is fast.")]; d != "2026-11-25" {
		t.Errorf("carried item date = %q", d)
	}
	if d := s.Dates[ItemKey("We decided to use Go for the CLI because it ships one binary.")]; d != "2026-11-29" {
		t.Errorf("new item date = %q", d)
	}
}

func TestExtractiveEmptyAndCancelled(t *testing.T) {
	s, err := NewExtractive().Summarize(context.Background(), nil, Options{})
	if err != nil || !strings.HasPrefix(s.Markdown, Title) {
		t.Errorf("empty: %v %q", err, s.Markdown)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewExtractive().Summarize(ctx, nil, Options{}); err == nil {
		t.Error("cancelled context: no error")
	}
}
