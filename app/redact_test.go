package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretsNeverStored: a key pasted into a log entry, a knowledge item
// or a MEMORY.md section reaches disk as a typed placeholder, and a
// <private> span not at all.
func TestSecretsNeverStored(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	const key = "AKIAIOSFODNN7EXAMPLE"
	if _, err := l.Log(ctx, LogRequest{Text: "deploy used " + key + " <private>door code quokka-4471</private> today"}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddItem(ctx, ItemInput{Kind: "note", Title: "CI secret", Body: "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.AddSection(ctx, SectionRequest{Heading: "Keys", Text: "Stripe: sk_live_51Habcdefghijklmnopqrstuv"}); err != nil {
		t.Fatal(err)
	}
	// The private span is checked by its words: digits alone turn up in
	// binary index files and nanosecond stamps by chance.
	var all strings.Builder
	filepath.WalkDir(ws.Root(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			all.Write(data)
		}
		return nil
	})
	for _, leaked := range []string{key, "door code", "quokka-4471", "ghp_abcdefghij", "sk_live_51H"} {
		if strings.Contains(all.String(), leaked) {
			t.Errorf("%q reached the disk", leaked)
		}
	}
	if !strings.Contains(all.String(), "[redacted:aws-access-key]") || !strings.Contains(all.String(), "[redacted:stripe-key]") {
		t.Error("placeholders missing")
	}
}
