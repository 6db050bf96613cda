package monitor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/archon-memory/archon/memory"
)

// OverrideFile is the name of the runtime model override under the
// workspace's state directory (.archon/).
const OverrideFile = "model-override.json"

// Override is the runtime model override: while set, every check uses
// Model whatever the input or flags name.
type Override struct {
	Model string    `json:"model"`
	SetAt time.Time `json:"set_at"`
}

// IsClear reports whether name clears the override: "", "auto" or "null".
func IsClear(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return n == "" || n == "auto" || n == "null" || n == "none"
}

// LoadOverride reads the override from stateDir; a missing file means no
// override ("" with a nil error).
func LoadOverride(stateDir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(stateDir, OverrideFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read model override: %w", err)
	}
	var o struct {
		Model *string `json:"model"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return "", fmt.Errorf("read model override %s: %w", filepath.Join(stateDir, OverrideFile), err)
	}
	if o.Model == nil || IsClear(*o.Model) {
		return "", nil
	}
	return *o.Model, nil
}

// SaveOverride sets the override to model, or clears it when IsClear(model)
// (the file is removed). The file is written atomically.
func SaveOverride(stateDir, model string, now time.Time) error {
	path := filepath.Join(stateDir, OverrideFile)
	if IsClear(model) {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("clear model override: %w", err)
		}
		return nil
	}
	if err := os.MkdirAll(stateDir, 0o755); err != nil {
		return fmt.Errorf("save model override: %w", err)
	}
	b, _ := json.MarshalIndent(Override{Model: strings.TrimSpace(model), SetAt: now.UTC()}, "", "  ")
	if err := memory.WriteFileAtomic(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("save model override: %w", err)
	}
	return nil
}
