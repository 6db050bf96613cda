package app

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/archon-memory/archon/config"
	"github.com/archon-memory/archon/internal/testws"
	"github.com/archon-memory/archon/memory"
)

// damageQueries are asked before and after each damage; the answers must
// come back the same once the memory repaired itself.
var damageQueries = []string{"postgres transactions", "kafka events retry", "stripe webhook", "deploy failed", "quokka"}

// damagedWorkspace is a workspace with logs over several days, MEMORY.md
// and L3 items, indexed, and the answers to damageQueries.
func damagedWorkspace(t *testing.T) (*memory.Workspace, *config.Loaded, map[string]string) {
	t.Helper()
	ws, cfg := testws.New(t, "ARCHON_WORKSPACE_TIMEZONE=UTC")
	ctx := context.Background()
	l, err := Open(ctx, ws, cfg, Options{OneShot: true})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rng := rand.New(rand.NewPCG(4, 5))
	words := strings.Fields("postgres transactions kafka events retry stripe webhook deploy failed cache latency billing invoice auth token migration schema rollout canary")
	for i := range 120 {
		var b strings.Builder
		for range 12 {
			b.WriteString(words[rng.IntN(len(words))] + " ")
		}
		date := fmt.Sprintf("2026-11-%02d", 1+i%20)
		if _, err := l.Log(ctx, LogRequest{Text: b.String(), Agent: []string{"planner", "coder"}[i%2], Date: date, Time: "10:00"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := l.AddItem(ctx, ItemInput{Kind: "gotcha", Title: "The quokka cache drops keys on restart", Body: "Warm it from postgres."}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddSection(ctx, SectionRequest{Heading: "Deploys", Text: "Deploy failed twice on the canary; roll back first."}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		t.Fatal(err)
	}
	return ws, cfg, answers(t, l)
}

func answers(t *testing.T, m Memory) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, q := range damageQueries {
		res, err := m.Search(context.Background(), SearchRequest{Query: q, TopK: 10, Refresh: true})
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		var b strings.Builder
		for _, r := range res.Results {
			fmt.Fprintf(&b, "%s %s:%d %.4f\n", r.ID, r.Path, r.LineStart, r.Score)
		}
		out[q] = b.String()
	}
	return out
}

// A damage is done to a workspace's derived files.
type damage func(t *testing.T, root string)

func idx(root string, parts ...string) string {
	return filepath.Join(append([]string{root, memory.StateName, "index"}, parts...)...)
}

// overwrite writes n bytes of garbage at off (negative: from the end).
func overwrite(path string, off int64, n int) damage {
	return func(t *testing.T, root string) {
		p := path
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if off < 0 {
			fi, _ := f.Stat()
			off = max(0, fi.Size()+off)
		}
		junk := make([]byte, n)
		for i := range junk {
			junk[i] = byte(i*131 + 7)
		}
		if _, err := f.WriteAt(junk, off); err != nil {
			t.Fatal(err)
		}
	}
}

func truncate(rel string, frac float64) damage {
	return func(t *testing.T, root string) {
		p := filepath.Join(root, rel)
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, int64(float64(fi.Size())*frac)); err != nil {
			t.Fatal(err)
		}
	}
}

func remove(rel string) damage {
	return func(t *testing.T, root string) {
		if err := os.RemoveAll(filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
	}
}

// segment returns the first full-text segment file of sub, relative to
// the root.
func segment(t *testing.T, root, sub string) string {
	t.Helper()
	m, _ := filepath.Glob(idx(root, "fulltext", sub, "store", "*.zap"))
	if len(m) == 0 {
		t.Fatalf("no %s segment", sub)
	}
	rel, _ := filepath.Rel(root, m[0])
	return rel
}

func onSegment(sub string, d func(rel string) damage) damage {
	return func(t *testing.T, root string) { d(segment(t, root, sub))(t, root) }
}

// TestSelfRepair damages every derived file in several ways and checks
// that every command keeps working, nothing stored is lost, and search
// gives the answers it gave before the damage, in one-shot commands (the
// CLI) and in the service.
func TestSelfRepair(t *testing.T) {
	const ragdb = ".archon/index/rag.db"
	cases := []struct {
		name string
		hurt damage
	}{
		{"rag.db header garbage", overwrite(ragdb, 0, 4096)},
		{"rag.db page garbage", overwrite(ragdb, 4096*3, 4096)},
		// Pages a one-shot open reads first (it does not read the file
		// through): the damage is found by that first read.
		{"rag.db second page garbage", overwrite(ragdb, 4096, 4096)},
		{"rag.db third page garbage", overwrite(ragdb, 4096*2, 4096)},
		{"rag.db cut in half", truncate(ragdb, 0.5)},
		{"rag.db empty", truncate(ragdb, 0)},
		{"rag.db deleted", remove(ragdb)},
		{"rag.db a directory", func(t *testing.T, root string) { remove(ragdb)(t, root); os.Mkdir(filepath.Join(root, ragdb), 0o755) }},
		{"index directory deleted", remove(".archon/index")},
		{"entries segment flipped", onSegment("entries", func(rel string) damage { return overwrite(rel, 200, 64) })},
		{"entries segment footer", onSegment("entries", func(rel string) damage { return overwrite(rel, -8, 8) })},
		{"entries segment cut", onSegment("entries", func(rel string) damage { return truncate(rel, 0.6) })},
		{"sessions segment flipped", onSegment("sessions", func(rel string) damage { return overwrite(rel, 100, 32) })},
		{"sessions index deleted", remove(".archon/index/fulltext/sessions")},
		{"full-text index deleted", remove(".archon/index/fulltext")},
		{"full-text meta garbage", overwrite(".archon/index/fulltext/entries/index_meta.json", 0, 16)},
		{"full-text root.bolt garbage", overwrite(".archon/index/fulltext/entries/store/root.bolt", 0, 4096)},
		{"vectors snapshot cut", truncate(".archon/index/vectors.snap", 0.3)},
		{"vectors snapshot garbage", overwrite(".archon/index/vectors.snap", 5000, 256)},
		{"vectors snapshot deleted", remove(".archon/index/vectors.snap")},
	}
	for _, tc := range cases {
		for _, mode := range []string{"one-shot", "service"} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) {
				ws, cfg, want := damagedWorkspace(t)
				tc.hurt(t, ws.Root())
				ctx := context.Background()
				ctx, cancel := context.WithTimeout(ctx, time.Minute)
				defer cancel()
				l, err := Open(ctx, ws, cfg, Options{OneShot: mode == "one-shot", Rescan: -1})
				if err != nil {
					t.Fatalf("open after damage: %v", err)
				}
				defer l.Close()
				sameAnswers(t, l, want, "after repair")
				if _, err := l.Log(ctx, LogRequest{Text: "written after the damage: zebra crossing"}); err != nil {
					t.Fatalf("log: %v", err)
				}
				if _, err := l.Status(ctx); err != nil {
					t.Fatalf("status: %v", err)
				}
				res, err := l.Search(ctx, SearchRequest{Query: "zebra crossing", Refresh: true})
				if err != nil || len(res.Results) == 0 || !strings.Contains(res.Results[0].Snippet, "zebra") {
					t.Fatalf("search for the new entry: %v %+v", err, res)
				}
			})
		}
	}
}

// TestDamageWhileServing: a full-text segment damaged under a running
// service (garbage written over it, or cut short under its memory map, a
// SIGBUS on the next read) is damage the next search sets aside and
// rebuilds; the answers are the ones before (from a black-box review:
// every search failed with 500 until doctor --repair, or the service died).
func TestDamageWhileServing(t *testing.T) {
	for name, hurt := range map[string]func(rel string) damage{
		"garbage": func(rel string) damage { return overwrite(rel, 0, 1<<14) },
		"cut":     func(rel string) damage { return truncate(rel, 0) },
	} {
		t.Run(name, func(t *testing.T) {
			ws, cfg, want := damagedWorkspace(t)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			l, err := Open(ctx, ws, cfg, Options{Rescan: -1})
			if err != nil {
				t.Fatal(err)
			}
			defer l.Close()
			sameAnswers(t, l, want, "before the damage")
			for _, rel := range []string{segment(t, ws.Root(), "entries")} {
				hurt(rel)(t, ws.Root())
			}
			sameAnswers(t, l, want, "after the damage")
			if _, err := l.Log(ctx, LogRequest{Text: "written after the damage: zebra crossing"}); err != nil {
				t.Fatalf("log: %v", err)
			}
			res, err := l.Search(ctx, SearchRequest{Query: "zebra crossing", Refresh: true})
			if err != nil || len(res.Results) == 0 {
				t.Fatalf("search for the new entry: %v %+v", err, res)
			}
		})
	}
}

// TestDamagedKnowledge: a knowledge database that is not SQLite any more
// costs L3 only: search (L3's earlier chunks included), log, index and
// status keep working, and L3 commands fail with a message that names
// the file.
func TestDamagedKnowledge(t *testing.T) {
	for _, mode := range []string{"one-shot", "service"} {
		t.Run(mode, func(t *testing.T) {
			ws, cfg, want := damagedWorkspace(t)
			kdb := filepath.Join(ws.StateDir(), "knowledge.db")
			os.Remove(kdb + "-wal")
			os.Remove(kdb + "-shm")
			overwrite(kdb, 0, 8192)(t, ws.Root())
			ctx := context.Background()
			l, err := Open(ctx, ws, cfg, Options{OneShot: mode == "one-shot", Rescan: -1})
			if err != nil {
				t.Fatalf("open: %v", err)
			}
			defer l.Close()
			sameAnswers(t, l, want, "")
			st, err := l.Status(ctx)
			if err != nil || !strings.Contains(st.L3.Note, "unavailable") {
				t.Fatalf("status: %v %+v", err, st)
			}
			stats, err := l.Index(ctx, IndexRequest{})
			if err != nil || !strings.Contains(strings.Join(stats.Warnings, " "), "L3") {
				t.Fatalf("index: %v %+v", err, stats)
			}
			if _, err := l.Log(ctx, LogRequest{Text: "still logging"}); err != nil {
				t.Fatal(err)
			}
			if _, err := l.AddItem(ctx, ItemInput{Kind: "note", Title: "x"}); err == nil || !strings.Contains(err.Error(), "knowledge.db") {
				t.Fatalf("add item on a damaged database: %v", err)
			}
		})
	}
}

// TestDoctor: damage done while the service runs is found by Doctor,
// repaired by Doctor{Repair}, and search answers as before.
func TestDoctor(t *testing.T) {
	ws, cfg, want := damagedWorkspace(t)
	ctx := context.Background()
	l, err := Open(ctx, ws, cfg, Options{Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	rep, err := l.Doctor(ctx, DoctorRequest{})
	if err != nil || rep.Damaged != 0 {
		t.Fatalf("doctor on a sound workspace: %v %+v", err, rep)
	}
	onSegment("entries", func(rel string) damage { return overwrite(rel, 200, 64) })(t, ws.Root())
	if rep, err = l.Doctor(ctx, DoctorRequest{}); err != nil || rep.Damaged != 1 {
		t.Fatalf("doctor after damaging a segment: %v %+v", err, rep)
	}
	if rep, err = l.Doctor(ctx, DoctorRequest{Repair: true}); err != nil || rep.Damaged != 0 || rep.Repaired != 1 {
		t.Fatalf("doctor --repair: %v %+v", err, rep)
	}
	sameAnswers(t, l, want, "after repair")
	// The knowledge database is no index: what SQLite cannot read back is
	// lost, and the damaged copy is kept.
	if old, ok := l.l3.take(); ok {
		old.Close()
	}
	overwrite(filepath.Join(ws.StateDir(), "knowledge.db"), 0, 8192)(t, ws.Root())
	if rep, err = l.Doctor(ctx, DoctorRequest{}); err != nil || rep.Damaged != 1 {
		t.Fatalf("doctor after damaging knowledge.db: %v %+v", err, rep)
	}
	if rep, err = l.Doctor(ctx, DoctorRequest{Repair: true}); err != nil || rep.Damaged != 0 || rep.Repaired != 1 {
		t.Fatalf("doctor --repair: %v %+v", err, rep)
	}
	if m, _ := filepath.Glob(filepath.Join(ws.StateDir(), "knowledge.db.damaged-*")); len(m) == 0 {
		t.Fatal("the damaged knowledge database was not kept")
	}
	if _, err := l.AddItem(ctx, ItemInput{Kind: "note", Title: "L3 works again"}); err != nil {
		t.Fatalf("add item after repair: %v", err)
	}
	if rep, err = l.Doctor(ctx, DoctorRequest{}); err != nil || rep.Damaged != 0 {
		t.Fatalf("doctor after repair: %v %+v", err, rep)
	}
	// Odd markdown is reported with file and line, never rewritten.
	if err := os.WriteFile(filepath.Join(ws.Root(), memory.WisdomFile), []byte("no title\nbad \x00 byte\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err = l.Doctor(ctx, DoctorRequest{Repair: true})
	var warned []string
	for _, c := range rep.Checks {
		if c.State == "warning" && c.File == memory.WisdomFile {
			warned = append(warned, c.Detail)
		}
	}
	if err != nil || len(warned) < 2 || !strings.Contains(" "+strings.Join(warned, " "), " 2: ") {
		t.Fatalf("doctor on an odd MEMORY.md: %v %q", err, warned)
	}
	if b, _ := os.ReadFile(filepath.Join(ws.Root(), memory.WisdomFile)); string(b) != "no title\nbad \x00 byte\n" {
		t.Fatal("doctor rewrote MEMORY.md")
	}
	// A heading torn by a crash at the end of a log is cut by --repair.
	logPath := filepath.Join(ws.Root(), "memory", "2026-11-03.md")
	before, _ := os.ReadFile(logPath)
	f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n## 10:0")
	f.Close()
	rep, err = l.Doctor(ctx, DoctorRequest{Repair: true})
	repaired := false
	for _, c := range rep.Checks {
		repaired = repaired || (c.State == "repaired" && c.File == "memory/2026-11-03.md")
	}
	if after, _ := os.ReadFile(logPath); err != nil || !repaired || string(after) != string(before) {
		t.Fatalf("doctor --repair on a torn tail: %v %+v\n%q", err, rep, after[max(0, len(after)-40):])
	}
	// A log nothing reads (misnamed, a copy) and a day in two logs are
	// named, and left as they are.
	os.WriteFile(filepath.Join(ws.Root(), "memory", "2026-11-3.md"), before, 0o644)
	os.WriteFile(filepath.Join(ws.Root(), "memory", "2026-11-03 (copy).md"), before, 0o644)
	os.MkdirAll(filepath.Join(ws.Root(), "memory", "archive", "2026"), 0o755)
	os.WriteFile(filepath.Join(ws.Root(), "memory", "archive", "2026", "2026-11-03.md"), before, 0o644)
	rep, err = l.Doctor(ctx, DoctorRequest{Repair: true})
	warnings := map[string]string{}
	for _, c := range rep.Checks {
		if c.State == "warning" {
			warnings[c.File] = c.Detail
		}
	}
	if err != nil || !strings.Contains(warnings["memory/2026-11-3.md"], "not read") || !strings.Contains(warnings["memory/2026-11-03 (copy).md"], "not read") ||
		!strings.Contains(warnings["memory/archive/2026/2026-11-03.md"]+warnings["memory/2026-11-03.md"], "is also in") {
		t.Fatalf("doctor on stray and doubled logs: %v %q", err, warnings)
	}
	if _, err := os.Stat(filepath.Join(ws.Root(), "memory", "2026-11-3.md")); err != nil {
		t.Fatal("doctor touched a stray log")
	}
}

// TestCatchUp: a service opened with CatchUp answers before its index is
// rebuilt, says so in its searches, and is ready once the first run ends.
func TestCatchUp(t *testing.T) {
	ws, cfg, want := damagedWorkspace(t)
	remove(".archon/index")(t, ws.Root())
	ctx := context.Background()
	l, err := Open(ctx, ws, cfg, Options{CatchUp: true, Rescan: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	res, err := l.Search(ctx, SearchRequest{Query: "postgres"})
	if err != nil {
		t.Fatalf("search while catching up: %v", err)
	}
	if h, _ := l.Health(ctx); !h.Ready && !strings.Contains(strings.Join(res.Warnings, " "), "catching up") {
		t.Fatalf("a search before the first index run did not say so: %+v", res.Warnings)
	}
	deadline := time.Now().Add(30 * time.Second)
	for h, _ := l.Health(ctx); !h.Ready; h, _ = l.Health(ctx) {
		if time.Now().After(deadline) {
			t.Fatal("never ready")
		}
		time.Sleep(20 * time.Millisecond)
	}
	sameAnswers(t, l, want, "once caught up")
}

// sameAnswers checks that l answers damageQueries as want holds, when
// (after a repair, once caught up...).
func sameAnswers(t *testing.T, l *Local, want map[string]string, when string) {
	t.Helper()
	got := answers(t, l)
	for _, q := range damageQueries {
		if got[q] != want[q] {
			t.Errorf("search %q %s:\n%s\nbefore:\n%s", q, when, got[q], want[q])
		}
	}
}

// execDB runs stmt on the SQLite database at path.
func execDB(t *testing.T, path, stmt string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmt); err != nil {
		t.Fatal(err)
	}
}

// TestNewerIndexAdvice: an index a newer archon wrote is refused with
// what to do about it; doctor reports it as unreadable and, on request,
// sets it aside and rebuilds it, after which searches answer as before.
func TestNewerIndexAdvice(t *testing.T) {
	ws, cfg, want := damagedWorkspace(t)
	ctx := context.Background()
	execDB(t, filepath.Join(ws.StateDir(), "index", "rag.db"), "PRAGMA user_version = 999")
	l := oneShot(t, ws, cfg)
	if _, err := l.Search(ctx, SearchRequest{Query: "stripe webhook"}); err == nil || !strings.Contains(err.Error(), "archon doctor --repair") {
		t.Fatalf("search on a newer index: %v, want advice", err)
	}
	rep, err := l.Doctor(ctx, DoctorRequest{})
	if err != nil || rep.Newer != 1 || rep.Damaged != 0 || !strings.Contains(fmt.Sprint(rep.Checks), "newer archon") {
		t.Fatalf("doctor: %v %+v", err, rep)
	}
	if rep, err = l.Doctor(ctx, DoctorRequest{Repair: true}); err != nil || rep.Damaged != 0 || rep.Repaired != 1 {
		t.Fatalf("doctor --repair: %v %+v", err, rep)
	}
	sameAnswers(t, l, want, "after repair")
}

// TestNewerKnowledgeKept: a knowledge database a newer archon wrote is
// L3's own data: doctor says so and, even with --repair, leaves it as it
// is (salvaging it would copy it into this version's older schema).
func TestNewerKnowledgeKept(t *testing.T) {
	ws, cfg := workspace(t)
	ctx := context.Background()
	l := oneShot(t, ws, cfg)
	if _, err := l.AddItem(ctx, ItemInput{Kind: "note", Title: "kept by the newer archon"}); err != nil {
		t.Fatal(err)
	}
	if old, ok := l.l3.take(); ok {
		old.Close()
	}
	path := filepath.Join(ws.StateDir(), "knowledge.db")
	execDB(t, path, "CREATE TABLE future_notes (x); PRAGMA user_version = 999")
	for _, repair := range []bool{false, true} {
		rep, err := l.Doctor(ctx, DoctorRequest{Repair: repair})
		if err != nil || rep.Newer != 1 || rep.Damaged != 0 || rep.Repaired != 0 {
			t.Fatalf("doctor (repair %v): %v %+v", repair, err, rep)
		}
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v, n int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != 999 {
		t.Fatalf("user_version %d %v, want 999 kept", v, err)
	}
	if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = 'future_notes'").Scan(&n); err != nil || n != 1 {
		t.Fatalf("the newer archon's table: %d %v", n, err)
	}
	if m, _ := filepath.Glob(path + ".damaged-*"); len(m) != 0 {
		t.Fatalf("set aside as damaged: %v", m)
	}
}
