//go:build ablate

package summarize

import (
	"os"
	"strings"
)

// cueEnabled reports whether the cue phrases of a section are used. In
// builds with the "ablate" tag, ARCHON_EVAL_ABLATE lists sections whose cue
// lists are switched off ("decision,task"), so that the retention
// evaluation shows what the summarizer keeps of facts said in words no cue
// knows, as a set written by someone else would say them:
//
//	ARCHON_EVAL_ABLATE=decision,task go test -tags ablate -run Retention -v ./summarize/
func cueEnabled(section string) bool {
	off := os.Getenv("ARCHON_EVAL_ABLATE")
	switch section {
	case SecDecisions:
		return !strings.Contains(off, "decision")
	case SecTasks:
		return !strings.Contains(off, "task")
	}
	return true
}

// ablating is true in builds with the "ablate" tag.
const ablating = true
