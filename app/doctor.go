package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/rag"
)

// DoctorRequest asks for a check of every derived file, and optionally
// their repair.
type DoctorRequest struct {
	// Repair rebuilds what is damaged (the indexes from the files, a
	// knowledge database from what SQLite can still read of it).
	Repair bool `json:"repair,omitempty"`
}

// DoctorCheck is the state of one file.
type DoctorCheck struct {
	// File is relative to the workspace root.
	File string `json:"file"`
	// State is ok, warning (usable, but something is odd), damaged,
	// newer (written by a newer archon: sound, but unreadable by this one),
	// or repaired.
	State string `json:"state"`
	// Detail says what is wrong, or what was done.
	Detail string `json:"detail,omitempty"`
}

// DoctorReport is the answer of Doctor.
type DoctorReport struct {
	Checks []DoctorCheck `json:"checks"`
	// Damaged counts files still damaged (after repair, when asked).
	Damaged int `json:"damaged"`
	// Newer counts files a newer archon wrote that this one cannot read.
	Newer int `json:"newer"`
	// Repaired counts files repaired.
	Repaired int `json:"repaired"`
}

// Doctor checks every derived file (the index database, the full-text
// and vector indexes, the knowledge database) through, reports the
// workspace's markdown problems with file and line, and with r.Repair
// rebuilds what is damaged.
func (l *Local) Doctor(ctx context.Context, r DoctorRequest) (*DoctorReport, error) {
	rep := &DoctorReport{Checks: []DoctorCheck{}}
	add := func(c DoctorCheck) {
		switch c.State {
		case "damaged":
			rep.Damaged++
		case "newer":
			rep.Newer++
		case "repaired":
			rep.Repaired++
		}
		rep.Checks = append(rep.Checks, c)
	}
	if err := l.doctorFiles(ctx, r.Repair, add); err != nil {
		return nil, err
	}
	if err := l.doctorIndex(ctx, r.Repair, add); err != nil {
		return nil, err
	}
	if err := l.doctorKnowledge(ctx, r.Repair, add); err != nil {
		return nil, err
	}
	return rep, nil
}

// doctorFiles reports what is odd in the curated files and the daily
// logs (the files are the truth: doctor never rewrites them). With
// repair, a write a crash tore at the end of a log is settled as the next
// append would settle it: cut off whole (it was never acknowledged), or
// completed when only its final newline is missing.
func (l *Local) doctorFiles(ctx context.Context, repair bool, add func(DoctorCheck)) error {
	for _, rel := range append([]string{memory.SummaryFile, memory.WisdomFile}, l.ws.IdentityPaths()...) {
		data, err := l.ws.ReadFile(rel)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			add(DoctorCheck{File: rel, State: "warning", Detail: err.Error()})
			continue
		}
		for _, w := range memory.CheckMarkdown(rel, data) {
			add(DoctorCheck{File: rel, State: "warning", Detail: strings.TrimPrefix(w, rel+":")})
		}
	}
	strays, err := l.ws.StrayLogs(ctx)
	if err != nil {
		return err
	}
	for _, rel := range strays {
		add(DoctorCheck{File: rel, State: "warning", Detail: "not read: a daily log is named YYYY-MM-DD.md (rename it to be searched, digested and archived)"})
	}
	logs, err := l.ws.ListLogs(ctx)
	if err != nil {
		return err
	}
	where := map[string][]string{} // a day's logs
	for _, lf := range logs {
		where[lf.Date] = append(where[lf.Date], lf.Path)
		if n := len(where[lf.Date]); n > 1 {
			add(DoctorCheck{File: lf.Path, State: "warning", Detail: fmt.Sprintf("the day %s is also in %s: a day's entries belong in one log (merge them by hand)",
				lf.Date, strings.Join(where[lf.Date][:n-1], ", "))})
		}
		if repair {
			res, err := l.ws.RepairLog(ctx, lf.Path)
			if err != nil {
				add(DoctorCheck{File: lf.Path, State: "warning", Detail: err.Error()})
			} else if res.Action != memory.RepairNone {
				add(DoctorCheck{File: lf.Path, State: "repaired", Detail: fmt.Sprintf("a write torn by a crash was %s: %s", res.Action, res.Detail)})
			}
		}
		data, err := l.ws.ReadFile(lf.Path)
		if err != nil {
			add(DoctorCheck{File: lf.Path, State: "warning", Detail: err.Error()})
			continue
		}
		for _, w := range memory.ParseLog(lf.Path, data).Warnings {
			add(DoctorCheck{File: lf.Path, State: "warning", Detail: strings.TrimPrefix(w, lf.Path+":")})
		}
	}
	return nil
}

func (l *Local) doctorIndex(ctx context.Context, repair bool, add func(DoctorCheck)) error {
	// An index written by a newer archon is set aside on request.
	if _, err := l.openEngine(ctx, repair); errors.Is(err, rag.ErrNewerIndex) {
		add(DoctorCheck{File: l.ws.Rel(filepath.Join(rag.IndexDir(l.ws), "rag.db")), State: "newer",
			Detail: "written by a newer archon, unreadable by this one; use that one, or --repair to set the index aside and rebuild it from the workspace files"})
		return nil
	} else if err != nil {
		return fmt.Errorf("doctor: index: %w", err)
	}
	// Bring the index up to date first: what opening it set aside is
	// rebuilt now, and the check sees the index searches will use.
	if _, err := l.Index(ctx, IndexRequest{}); err != nil {
		return fmt.Errorf("doctor: index: %w", err)
	}
	eng, err := l.engine(ctx)
	if err != nil {
		return err
	}
	// What the engine set right by itself (when it opened, or when an
	// operation found damage) since the last doctor.
	l.mu.Lock()
	prior := eng.Repairs()[min(l.repairsSeen, len(eng.Repairs())):]
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		l.repairsSeen = len(eng.Repairs())
		l.mu.Unlock()
	}()
	findings, err := eng.Check(ctx)
	if err != nil {
		return err
	}
	var dbBad, ftBad, vecBad bool
	var dbProblem string
	for _, f := range findings {
		if f.OK {
			continue
		}
		switch f.Part {
		case rag.PartDatabase:
			dbBad, dbProblem = true, f.Problem
		case rag.PartFulltext:
			ftBad = true
		case rag.PartVectors:
			vecBad = true
		}
	}
	if repair && (dbBad || ftBad || vecBad) {
		if dbBad {
			_, err = eng.Repair(ctx, fmt.Errorf("%w: %s", rag.ErrDamagedIndex, dbProblem))
		} else {
			_, err = eng.RepairDerived(ctx, ftBad, vecBad)
		}
		if err != nil {
			return fmt.Errorf("doctor: repair the index: %w", err)
		}
	}
	for _, r := range prior {
		add(DoctorCheck{File: r.File, State: "repaired", Detail: r.Problem + "; " + r.Action})
	}
	for _, f := range findings {
		c := DoctorCheck{File: f.File, State: "ok"}
		if !f.OK {
			c.State, c.Detail = "damaged", f.Problem+" (archon doctor --repair rebuilds it from the files)"
			if repair {
				c.State, c.Detail = "repaired", f.Problem+": rebuilt from the files"
			}
		}
		add(c)
	}
	return nil
}

func (l *Local) doctorKnowledge(ctx context.Context, repair bool, add func(DoctorCheck)) error {
	path := knowledge.DefaultPath(l.ws.StateDir())
	rel := l.ws.Rel(path)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		add(DoctorCheck{File: rel, State: "ok", Detail: "no L3 yet"})
		return nil
	}
	s, err := l.store(ctx, false)
	if err == nil && s != nil {
		err = s.Check(ctx)
	}
	if err == nil {
		add(DoctorCheck{File: rel, State: "ok"})
		return nil
	}
	if errors.Is(err, knowledge.ErrNewer) {
		// L3's own data, no index: never salvaged into an older schema.
		add(DoctorCheck{File: rel, State: "newer", Detail: err.Error()})
		return nil
	}
	if !repair {
		add(DoctorCheck{File: rel, State: "damaged", Detail: err.Error() + " (archon doctor --repair keeps what SQLite can still read)"})
		return nil
	}
	if old, ok := l.l3.take(); ok {
		old.Close()
	}
	aside, lost, serr := knowledge.Salvage(ctx, path, knowledge.Options{Now: l.ws.Now, Location: l.ws.Location()})
	if serr != nil {
		add(DoctorCheck{File: rel, State: "damaged", Detail: fmt.Sprintf("%v; repair failed: %v", err, serr)})
		return nil
	}
	detail := fmt.Sprintf("%v: salvaged what SQLite could read; the damaged file is kept as %s", err, l.ws.Rel(aside))
	if lost {
		detail = fmt.Sprintf("%v: nothing could be read back, L3 starts empty (archon knowledge import FILE restores an export); the damaged file is kept as %s", err, l.ws.Rel(aside))
	}
	add(DoctorCheck{File: rel, State: "repaired", Detail: detail})
	l.Changed()
	return nil
}
