//go:build !ablate

package summarize

// cueEnabled reports whether the cue phrases of a section are used. They
// always are, but in builds with the "ablate" tag (see ablate_on.go).
func cueEnabled(string) bool { return true }

// ablating is true in builds with the "ablate" tag.
const ablating = false
