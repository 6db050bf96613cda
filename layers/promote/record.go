package promote

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/archon-memory/archon/internal/jsonfile"
)

// RecordFile is the file in .archon that lists the items archon wrote
// into this workspace's MEMORY.md.
const RecordFile = "memory-md-items.json"

// record is what archon wrote into this MEMORY.md: an item recorded as
// promoted whose entry is not in the file was removed by a person only if
// archon wrote it here. The knowledge store travels (export, import, a
// shared store) and says an item was promoted somewhere; a MEMORY.md that
// never held it (a new workspace, a file made again) is not a person's
// removal.
type record struct {
	Items []string `json:"items"` // sorted
}

// loadRecord reads the record at path. A workspace from before the record
// starts it from what its MEMORY.md and the backups of it hold, and from
// the items recorded as promoted (promoted) when one of this MEMORY.md's
// backups was taken as they were: a backup is the file before a rewrite, so
// the last promotion's items are in none, but its time is the backup's.
// An item promoted elsewhere (an import, another node of a shared store)
// matches no backup of this file, and is judged again.
func loadRecord(path, backupDir string, current []byte, promoted map[string]time.Time) (map[string]bool, error) {
	var r record
	found, err := jsonfile.Read(path, &r)
	if err != nil {
		return nil, fmt.Errorf("record of MEMORY.md's items: %w", err)
	}
	here := map[string]bool{}
	for _, id := range r.Items {
		here[id] = true
	}
	if found {
		return here, nil
	}
	maps.Copy(here, MarkedItems(current))
	backups, _ := filepath.Glob(filepath.Join(backupDir, "*"))
	for _, b := range backups {
		if data, err := os.ReadFile(b); err == nil {
			maps.Copy(here, MarkedItems(data))
		}
		if at, ok := BackupTime(filepath.Base(b)); ok {
			for id, t := range promoted {
				if d := t.Sub(at); d > -time.Minute && d < time.Minute {
					here[id] = true
				}
			}
		}
	}
	return here, nil
}

// saveRecord writes here to path when it differs from what was loaded.
func saveRecord(path string, here map[string]bool, loaded int) error {
	if len(here) == loaded {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
	}
	return jsonfile.Write(path, record{Items: slices.Sorted(maps.Keys(here))}, 0o644)
}
