package claudecode

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestImportIsIdempotentAndDated: every turn of a project's transcripts
// lands on its own day once, with the prompts queued while it ran; the
// project's CLAUDE.md becomes one MEMORY.md section, its headings kept
// inside it.
func TestImportIsIdempotentAndDated(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	project, dir := t.TempDir(), t.TempDir()
	data, _ := os.ReadFile("testdata/session.jsonl")
	os.WriteFile(filepath.Join(dir, "s-1.jsonl"), data, 0o644)
	os.WriteFile(filepath.Join(project, "CLAUDE.md"), []byte("# Rules\n\nRun make test before pushing.\n"), 0o644)
	sub := `{"type":"user","isSidechain":true,"uuid":"sub-u1","timestamp":"2026-11-30T09:05:00.000Z","message":{"role":"user","content":"Find every caller of users.email."}}` + "\n"
	os.MkdirAll(filepath.Join(dir, "s-1", "subagents"), 0o755)
	os.WriteFile(filepath.Join(dir, "s-1", "subagents", "agent-a1.jsonl"), []byte(sub), 0o644)
	if got := ProjectsDir("/home/me", "/home/me/work/api.v2"); got != "/home/me/.claude/projects/-home-me-work-api-v2" {
		t.Fatalf("projects dir %s", got)
	}

	rec := ImportRecord{}
	for round := 0; round < 2; round++ {
		im, err := PlanImport(project, dir, time.UTC, rec)
		if err != nil {
			t.Fatal(err)
		}
		if round == 1 {
			if len(im.Entries) != 0 || im.Known != 2 {
				t.Fatalf("second import: %d entries, %d known", len(im.Entries), im.Known)
			}
			break
		}
		if len(im.Entries) != 2 || im.Sessions != 2 || len(im.Sections) != 1 {
			t.Fatalf("import: %+v", im)
		}
		if s := im.Entries[1]; !strings.Contains(s.Text, "Find every caller") || !strings.Contains(strings.Join(s.Tags, " "), "subagent session/s-1") {
			t.Fatalf("the subagent's transcript: %+v", s)
		}
		e := im.Entries[0]
		if e.Date != "2026-11-30" || e.Time != "09:00:01" || !strings.Contains(e.Text, "**user (queued):** also keep the old index") {
			t.Fatalf("entry: %+v", e)
		}
		for i, e := range im.Entries {
			if _, err := f.m.Log(ctx, e); err != nil {
				t.Fatal(err)
			}
			rec[im.IDs[i]] = true
		}
		s := im.Sections[0]
		heading := "From Claude Code: " + filepath.Base(project) + "/CLAUDE.md" // named with its project
		if s.Heading != heading || !strings.HasPrefix(s.Text, "# Rules") {
			t.Fatalf("section: %+v", s)
		}
		if r, err := f.m.AddSection(ctx, s); err != nil || !r.Added {
			t.Fatalf("add section: %+v %v", r, err)
		}
		if md, _ := os.ReadFile(f.ws.WisdomPath()); !strings.Contains(string(md), "## "+heading+"\n\n### Rules\n") {
			t.Fatalf("MEMORY.md keeps the file as one section:\n%s", md)
		}
	}
	path := filepath.Join(t.TempDir(), "rec.json")
	if err := rec.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := LoadImportRecord(path)
	if err != nil || len(back) != 2 {
		t.Fatalf("record: %v %v", back, err)
	}
}

// TestImportResumedAndGrowing: a resumed session's transcript holds the
// turns of the one it resumed again; imported together they are taken
// once. A turn imported while it ran (the transcript's last) gets what
// it added since at the next import, and nothing more after that.
func TestImportResumedAndGrowing(t *testing.T) {
	project, dir := t.TempDir(), t.TempDir()
	u1 := `{"type":"user","uuid":"u1","timestamp":"2026-11-20T10:00:00Z","message":{"role":"user","content":"Add index ZEBRAFISH"}}`
	a1 := `{"type":"assistant","uuid":"a1","timestamp":"2026-11-20T10:00:05Z","message":{"role":"assistant","id":"m1","content":[{"type":"text","text":"Done."}]}}`
	u2 := `{"type":"user","uuid":"u2","timestamp":"2026-11-21T09:00:00Z","message":{"role":"user","content":"continue"}}`
	a2 := `{"type":"assistant","uuid":"a2","timestamp":"2026-11-21T09:05:00Z","message":{"role":"assistant","id":"m2","content":[{"type":"text","text":"Renamed the OKAPI module."}]}}`
	write := func(name string, lines ...string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec := ImportRecord{}
	plan := func() *Import {
		t.Helper()
		im, err := PlanImport(project, dir, time.UTC, rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range im.IDs {
			rec[id] = true
		}
		return im
	}
	write("s1.jsonl", u1, a1)
	write("s2.jsonl", u1, a1, u2) // s1 resumed; its last turn is running
	im := plan()
	if n := strings.Count(strings.Join(texts(im), "\n"), "ZEBRAFISH"); len(im.Entries) != 2 || n != 1 {
		t.Fatalf("first import: %d entries, ZEBRAFISH %d times:\n%s", len(im.Entries), n, strings.Join(texts(im), "\n---\n"))
	}
	write("s2.jsonl", u1, a1, u2, a2) // the running turn went on
	im = plan()
	if len(im.Entries) != 1 || !strings.Contains(im.Entries[0].Text, "OKAPI") || strings.Contains(im.Entries[0].Text, "continue") {
		t.Fatalf("second import: want only the reply added since:\n%s", strings.Join(texts(im), "\n---\n"))
	}
	if im = plan(); len(im.Entries) != 0 {
		t.Fatalf("third import: %d entries, want none:\n%s", len(im.Entries), strings.Join(texts(im), "\n---\n"))
	}
}

func texts(im *Import) []string {
	var out []string
	for _, e := range im.Entries {
		out = append(out, e.Text)
	}
	return out
}

// TestImportSkipsAnUnreadableTranscript: a transcript with no valid line
// is named and left out; the others are imported.
func TestImportSkipsAnUnreadableTranscript(t *testing.T) {
	project, dir := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(dir, "good.jsonl"), []byte(`{"type":"user","uuid":"g1","timestamp":"2026-11-25T09:00:00Z","message":{"role":"user","content":"good"}}`+"\n"+`not json`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "broken.jsonl"), []byte("not json\n{\"trunc\":\n"), 0o644)
	im, err := PlanImport(project, dir, time.UTC, ImportRecord{})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Entries) != 1 || im.Sessions != 1 {
		t.Fatalf("%d entries from %d sessions, want the good one", len(im.Entries), im.Sessions)
	}
	w := strings.Join(im.Warnings, "\n")
	if !strings.Contains(w, "skipped "+filepath.Join(dir, "broken.jsonl")) || !strings.Contains(w, "good.jsonl: a line with a problem (line 2") {
		t.Fatalf("warnings:\n%s", w)
	}
}

// TestImportInTimeOrder: the turns of sessions that ran at the same time
// are logged in time order, not a transcript after the other.
func TestImportInTimeOrder(t *testing.T) {
	project, dir := t.TempDir(), t.TempDir()
	turn := func(uuid, at, text string) string {
		return `{"type":"user","uuid":"` + uuid + `","timestamp":"` + at + `","message":{"role":"user","content":"` + text + `"}}` + "\n"
	}
	os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(turn("a1", "2026-11-20T10:00:00Z", "first")+turn("a2", "2026-11-20T12:00:00Z", "third")), 0o644)
	os.WriteFile(filepath.Join(dir, "b.jsonl"), []byte(turn("b1", "2026-11-20T11:00:00Z", "second")), 0o644)
	im, err := PlanImport(project, dir, time.UTC, ImportRecord{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, e := range im.Entries {
		got = append(got, e.Time+" "+im.IDs[i])
	}
	if strings.Join(got, ",") != "10:00:00 a1,11:00:00 b1/b1,12:00:00 a2/a2" { // a transcript's last turn: recorded with its last record
		t.Fatalf("order: %v", got)
	}
}

// TestImageSaidInTheArchive: a prompt of an image alone leaves a marker
// in the archive, with the transcript line of the image.
func TestImageSaidInTheArchive(t *testing.T) {
	project, dir := t.TempDir(), t.TempDir()
	lines := `{"type":"user","uuid":"u1","timestamp":"2026-11-20T10:00:00Z","message":{"role":"user","content":"What is wrong in this screenshot?"}}` + "\n" +
		`{"type":"user","uuid":"u2","timestamp":"2026-11-20T10:00:01Z","message":{"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]}}` + "\n"
	os.WriteFile(filepath.Join(dir, "s.jsonl"), []byte(lines), 0o644)
	im, err := PlanImport(project, dir, time.UTC, ImportRecord{})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Entries) != 1 || !strings.Contains(im.Entries[0].Text, "**user:** [image at transcript line 2]") || strings.Contains(im.Entries[0].Text, "iVBOR") {
		t.Fatalf("entries: %+v", im.Entries)
	}
}
