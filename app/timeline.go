package app

import (
	"context"
	"fmt"
	"os"
	"slices"
	"time"
)

// LogDay is one daily log on the timeline: its day, where it is and how
// much it holds.
type LogDay struct {
	Date     string `json:"date"`
	Path     string `json:"path"`
	Archived bool   `json:"archived"`
	Entries  int    `json:"entries"`
	Bytes    int64  `json:"bytes"`
	// Agents are the agents that wrote its entries, sorted.
	Agents []string `json:"agents"`
}

// logDay is a LogDay as read, with the size and time it was read at.
type logDay struct {
	day   LogDay
	mtime time.Time
}

// Logs lists every daily log, archived ones too, oldest first, with its
// entries and agents. A log is read again only when its size or
// modification time changed since the last call.
func (l *Local) Logs(ctx context.Context) ([]LogDay, error) {
	files, err := l.ws.ListLogs(ctx)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	cache := l.logDays
	l.mu.Unlock()
	next := make(map[string]logDay, len(files))
	out := make([]LogDay, 0, len(files))
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		abs, err := l.ws.Path(f.Path)
		if err != nil {
			return nil, err
		}
		fi, err := os.Stat(abs)
		if err != nil {
			continue // moved since it was listed (an archive run)
		}
		d, ok := cache[f.Path]
		if !ok || d.day.Bytes != fi.Size() || !d.mtime.Equal(fi.ModTime()) {
			lg, err := l.ws.ReadLog(f.Path)
			if err != nil {
				return nil, fmt.Errorf("timeline: %w", err)
			}
			d = logDay{mtime: fi.ModTime(), day: LogDay{Date: f.Date, Path: f.Path, Archived: f.Archived,
				Entries: len(lg.Entries), Bytes: fi.Size(), Agents: []string{}}}
			for _, e := range lg.Entries {
				if e.Agent != "" && !slices.Contains(d.day.Agents, e.Agent) {
					d.day.Agents = append(d.day.Agents, e.Agent)
				}
			}
			slices.Sort(d.day.Agents)
		}
		next[f.Path] = d
		out = append(out, d.day)
	}
	l.mu.Lock()
	l.logDays = next
	l.mu.Unlock()
	return out, nil
}
