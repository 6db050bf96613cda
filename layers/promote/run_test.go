package promote

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/layers/knowledge"
)

const handWritten = "# MEMORY\n\n<!-- written by alice -->\n## Patterns\n- Money is integer cents.  \n\n## Gotchas\n- Fly: listen on :PORT\r\nno newline at the end"

type fixture struct {
	s      *knowledge.Store
	opt    Options
	path   string
	backup string
}

func setup(t *testing.T, content string) *fixture {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	now := func() time.Time { return time.Date(2026, 11, 20, 14, 3, 0, 0, time.UTC) }
	s, err := knowledge.Open(ctx, filepath.Join(root, ".archon", knowledge.FileName), knowledge.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	f := &fixture{s: s, path: filepath.Join(root, "MEMORY.md"), backup: filepath.Join(root, ".archon", BackupDirName)}
	f.opt = Options{Rule: defaultRule, WisdomPath: f.path, BackupDir: f.backup, Now: now}
	if content != "" {
		if err := os.WriteFile(f.path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, title := range []string{"Deterministic keys", "Not proven", "Also proven"} {
		if _, err := s.AddItem(ctx, knowledge.Item{Kind: "pattern", Title: title, Body: "Body of " + title + ".", Tags: []string{"payments"}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range []struct {
		item, agent string
	}{{"K1", "planner"}, {"K1", "executor"}, {"K1", "planner"}, {"K2", "planner"}, {"K3", "a"}, {"K3", "b"}, {"K3", "c"}} {
		if _, err := s.Observe(ctx, knowledge.Observation{Item: o.item, Agent: o.agent, Success: true}); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f *fixture) read(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(f.path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRunPreservesHandWrittenContentAndBacksUp(t *testing.T) {
	ctx := context.Background()
	f := setup(t, handWritten)

	dry := f.opt
	dry.DryRun = true
	res, err := Run(ctx, f.s, dry)
	if err != nil || strings.Join(res.Added, ",") != "K1,K3" || f.read(t) != handWritten {
		t.Fatalf("dry run: %+v %v", res, err)
	}
	if _, err := os.Stat(f.backup); !os.IsNotExist(err) {
		t.Fatal("a dry run made a backup")
	}

	res, err = Run(ctx, f.s, f.opt)
	if err != nil {
		t.Fatal(err)
	}
	got := f.read(t)
	if !strings.HasPrefix(got, handWritten+"\n") {
		t.Fatalf("hand-written content changed:\n%q", got)
	}
	for _, want := range []string{ItemMarker("K1") + "\n### Deterministic keys\nBody of Deterministic keys.\n", ItemMarker("K3"),
		"_pattern K1, promoted 2026-11-20: 3 successes by executor, planner; #payments_", EndMarker + "\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("MEMORY.md lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, ItemMarker("K2")) {
		t.Error("K2 promoted too early")
	}
	if b, err := os.ReadFile(res.Backup); err != nil || string(b) != handWritten {
		t.Fatalf("backup %s: %q %v", res.Backup, b, err)
	}
	if it, _ := f.s.Item(ctx, "K1"); it.Promotion != knowledge.PromotionPromoted {
		t.Fatalf("promotion not recorded: %+v", it)
	}

	// Idempotent: nothing new, nothing written.
	res, err = Run(ctx, f.s, f.opt)
	if err != nil || len(res.Added) != 0 || res.Backup != "" || f.read(t) != got {
		t.Fatalf("second run: %+v %v", res, err)
	}

	// A person edits inside and outside the section and deletes K1's entry;
	// a new observation makes K2 eligible.
	start := strings.Index(got, ItemMarker("K1"))
	end := strings.Index(got, ItemMarker("K3"))
	edited := "# MEMORY (edited)\n" + got[len("# MEMORY\n"):start] + "my note inside the section\n\n" + got[end:] + "\ntrailing words"
	os.WriteFile(f.path, []byte(edited), 0o644)
	if _, err := f.s.Observe(ctx, knowledge.Observation{Item: "K2", Agent: "executor", Success: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Observe(ctx, knowledge.Observation{Item: "K2", Agent: "executor", Success: true}); err != nil {
		t.Fatal(err)
	}
	res, err = Run(ctx, f.s, f.opt)
	if err != nil || strings.Join(res.Added, ",") != "K2" {
		t.Fatalf("third run: %+v %v", res, err)
	}
	actions := map[string]string{}
	for _, d := range res.Decisions {
		actions[d.Item] = d.Action
	}
	if actions["K1"] != ActionRemoved || actions["K3"] != ActionAlready {
		t.Fatalf("decisions: %+v", res.Decisions)
	}
	after := f.read(t)
	i := strings.Index(after, ItemMarker("K2"))
	if i < 0 || after[:i] != edited[:strings.Index(edited, EndMarker)] || !strings.HasSuffix(after, EndMarker+"\n\ntrailing words") {
		t.Fatalf("edit not preserved:\n%s", after)
	}
	if strings.Contains(after, ItemMarker("K1")) {
		t.Fatal("a deleted entry came back")
	}
	if it, _ := f.s.Item(ctx, "K1"); it.Promotion != knowledge.PromotionRemoved {
		t.Fatalf("removal not recorded: %+v", it)
	}
}

func TestRunConcurrentHandEdit(t *testing.T) {
	ctx := context.Background()
	for _, edits := range []int{1, 2} {
		f := setup(t, handWritten)
		n := 0
		var last string
		f.opt.beforeRename = func() {
			n++
			if n <= edits {
				last = handWritten + "\n- edit " + strings.Repeat("!", n) + "\n"
				os.WriteFile(f.path, []byte(last), 0o644)
			}
		}
		res, err := Run(ctx, f.s, f.opt)
		got := f.read(t)
		if edits == 1 {
			if err != nil || !res.Retried || !strings.HasPrefix(got, last+"\n") || !strings.Contains(got, ItemMarker("K1")) {
				t.Fatalf("one edit: retry should keep it and add the entries: %v %+v\n%s", err, res, got)
			}
			continue
		}
		if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "nothing was written") {
			t.Fatalf("two edits: %v", err)
		}
		if got != last {
			t.Fatalf("the person's edit was lost:\n%q", got)
		}
		if ents, _ := os.ReadDir(f.backup); len(ents) != 0 {
			t.Fatalf("failed runs left backups: %v", ents)
		}
		if ents, _ := os.ReadDir(filepath.Dir(f.path)); len(ents) != 2 { // MEMORY.md and .archon
			t.Fatalf("temporary files left: %v", ents)
		}
		if it, _ := f.s.Item(ctx, "K1"); it.Promotion != "" {
			t.Fatal("a failed run recorded a promotion")
		}
	}
}

func TestRunCreatesMissingFileAndPrunesBackups(t *testing.T) {
	ctx := context.Background()
	f := setup(t, "")
	f.opt.KeepBackups = 2
	if _, err := Run(ctx, f.s, f.opt); err != nil {
		t.Fatal(err)
	}
	if got := f.read(t); !strings.HasPrefix(got, "# MEMORY\n\n"+SectionHeading+"\n") {
		t.Fatalf("new MEMORY.md: %q", got)
	}
	for i := 0; i < 4; i++ {
		it, err := f.s.AddItem(ctx, knowledge.Item{Kind: "gotcha", Title: "g"})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []string{"a", "b", "c"} {
			f.s.Observe(ctx, knowledge.Observation{Item: it.ID, Agent: a, Success: true})
		}
		if _, err := Run(ctx, f.s, f.opt); err != nil {
			t.Fatal(err)
		}
	}
	ents, _ := os.ReadDir(f.backup)
	if len(ents) != 2 || !strings.HasPrefix(ents[0].Name(), "MEMORY-000003-") || !strings.HasPrefix(ents[1].Name(), "MEMORY-000004-") {
		t.Fatalf("backups: %v", ents)
	}
}

// TestPromotedElsewhere: an item the knowledge store records as promoted
// (imported from another workspace) that this MEMORY.md never held is
// judged again and added; once archon wrote it here, a person's deleting
// it is a removal, kept out from then on.
func TestPromotedElsewhere(t *testing.T) {
	ctx := context.Background()
	f := setup(t, handWritten)
	for _, id := range []string{"K1", "K3"} {
		if err := f.s.SetPromotion(ctx, id, knowledge.PromotionPromoted); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Run(ctx, f.s, f.opt)
	if err != nil || strings.Join(res.Added, ",") != "K1,K3" {
		t.Fatalf("promoted elsewhere, added here: %+v %v", res, err)
	}
	if r := strings.Join(res.Decisions[0].Reasons, "; "); !strings.Contains(r, "promoted elsewhere") {
		t.Fatalf("reasons: %s", r)
	}
	// A person deletes K1's entry.
	got := f.read(t)
	start := strings.Index(got, ItemMarker("K1"))
	end := strings.Index(got, ItemMarker("K3"))
	if err := os.WriteFile(f.path, []byte(got[:start]+got[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = Run(ctx, f.s, f.opt)
	if err != nil || len(res.Added) != 0 || res.Decisions[0].Action != ActionRemoved {
		t.Fatalf("after a person removed K1: %+v %v", res, err)
	}
	if it, _ := f.s.Item(ctx, "K1"); it.Promotion != knowledge.PromotionRemoved {
		t.Fatalf("K1 is %q", it.Promotion)
	}
}

// TestRecordStartsFromTheFile: in a workspace from before the record, an
// item whose entry a person deleted is still a removal, whether or not a
// backup holds it (after one promotion none does: a backup is the file
// before a rewrite).
func TestRecordStartsFromTheFile(t *testing.T) {
	ctx := context.Background()
	f := setup(t, handWritten)
	if _, err := Run(ctx, f.s, f.opt); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(filepath.Dir(f.backup), RecordFile))
	got := f.read(t)
	start := strings.Index(got, ItemMarker("K1"))
	end := strings.Index(got, ItemMarker("K3"))
	if err := os.WriteFile(f.path, []byte(got[:start]+got[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(ctx, f.s, f.opt)
	if err != nil || len(res.Added) != 0 || res.Decisions[0].Action != ActionRemoved {
		t.Fatalf("%+v %v", res, err)
	}
}

// TestPromotedElsewhereBesideOwnSection: in a workspace from before the
// record whose MEMORY.md has archon's section, an item promoted in another
// workspace (imported, promoted at another time than any rewrite of this
// file) is judged again, not taken for a person's removal.
func TestPromotedElsewhereBesideOwnSection(t *testing.T) {
	ctx := context.Background()
	f := setup(t, handWritten)
	if _, err := Run(ctx, f.s, f.opt); err != nil { // K1 and K3 promoted here
		t.Fatal(err)
	}
	os.Remove(filepath.Join(filepath.Dir(f.backup), RecordFile))
	// K4, proven here too, comes in from another workspace's export that
	// promoted it two hours before.
	if _, err := f.s.AddItem(ctx, knowledge.Item{Kind: "gotcha", Title: "elsewhere"}); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"x", "y", "x"} {
		f.s.Observe(ctx, knowledge.Observation{Item: "K4", Agent: a, Success: true})
	}
	doc, err := f.s.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(doc, "## Item K4")
	k4 := strings.Replace(doc[i:], "- kind: gotcha\n", "- kind: gotcha\n- promotion: promoted 2026-11-20T12:00:00Z\n", 1)
	if _, err := f.s.Import(ctx, doc[:i]+k4, true); err != nil {
		t.Fatal(err)
	}
	if it, _ := f.s.Item(ctx, "K4"); it.Promotion != knowledge.PromotionPromoted {
		t.Fatalf("K4 as imported: %+v", it)
	}
	res, err := Run(ctx, f.s, f.opt)
	if err != nil || !slices.Contains(res.Added, "K4") {
		t.Fatalf("K4 promoted elsewhere: %+v %v", res, err)
	}
}
