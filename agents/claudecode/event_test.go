package claudecode

import (
	"strings"
	"testing"
)

// TestBlankContextPrintsNothing: a payload with nothing to say (a fresh
// workspace's) prints nothing, not an empty additionalContext.
func TestBlankContextPrintsNothing(t *testing.T) {
	var b strings.Builder
	if err := (Output{Context: "\n"}).Write(&b, SessionStart); err != nil || b.Len() != 0 {
		t.Fatalf("printed %q, %v", b.String(), err)
	}
}
