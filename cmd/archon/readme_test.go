package main

import (
	"os"
	"strings"
	"testing"

	"github.com/archon-memory/archon/config"
)

// TestREADMEDocumentsEveryKey keeps the README's configuration reference in
// step with the key table.
func TestREADMEDocumentsEveryKey(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range config.Keys() {
		if !strings.Contains(string(data), "| `"+k.Name+"` |") {
			t.Errorf("README.md does not document %s", k.Name)
		}
	}
	var a app
	for _, c := range a.cliApp().Commands {
		if !strings.Contains(string(data), "`archon "+c.Name) {
			t.Errorf("README.md does not document archon %s", c.Name)
		}
	}
}
