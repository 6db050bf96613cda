// Package chunk turns workspace files into the chunks archon indexes.
//
// A daily-log entry is one chunk; a long entry is split at about MaxTokens
// with an overlap of a few lines. Free-form markdown (MEMORY.md, the summary,
// identity files, logs without entry headings) is chunked by its headings.
// Every chunk keeps the exact 1-based inclusive line range it came from, so
// an agent can read precisely those lines.
package chunk

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"regexp"
	"strings"

	"github.com/archon-memory/archon/memory"
)

// Layer names.
const (
	L1 = "L1"
	L2 = "L2"
	L3 = "L3"
	L4 = "L4"
)

// Kind names what a chunk is.
const (
	KindEntry   = "entry"   // a daily-log entry (or a part of a long one)
	KindSection = "section" // a section of a free-form markdown file
	KindItem    = "item"    // an L3 knowledge item
)

// Chunk is one indexable piece of a workspace file.
type Chunk struct {
	ID        string   `json:"id"`
	Path      string   `json:"path"`
	LineStart int      `json:"line_start"`
	LineEnd   int      `json:"line_end"`
	Date      string   `json:"date,omitempty"`
	Time      string   `json:"time,omitempty"`
	Agent     string   `json:"agent,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	Project   string   `json:"project,omitempty"`
	Layer     string   `json:"layer"`
	Kind      string   `json:"kind"`
	Title     string   `json:"title,omitempty"`
	Text      string   `json:"text"`
	// Seq is the chunk's position in its file (0-based); neighbours in a
	// conversation are Seq-1 and Seq+1 of the same Path.
	Seq int `json:"seq"`
	// Part numbers the pieces of a split entry (0 when not split).
	Part int `json:"part,omitempty"`
	// Marks name what the text is written as, when it says so in its
	// own words (see rag's written.txt): "decision", "task", "error".
	// They are derived, not part of Hash, and kept apart from Tags, which
	// are the writer's.
	Marks []string `json:"marks,omitempty"`
	// Hash is a content hash of everything indexed about the chunk; it keys
	// the embedding cache and tells whether the chunk must be re-indexed.
	Hash string `json:"hash"`
}

// Options tune chunking. The zero value uses the defaults.
type Options struct {
	// MaxTokens is the size at which a long entry or section is split
	// (default 320). Tokens are estimated as bytes/4.
	MaxTokens int
	// OverlapTokens is how much of the end of one piece starts the next
	// (default 48).
	OverlapTokens int
	// SectionTokens is the size up to which paragraphs and top-level list
	// items of a free-form markdown section are grouped into one chunk
	// (default 120): small chunks point at precise lines and keep long
	// documents from outscoring short log entries.
	SectionTokens int
}

func (o Options) withDefaults() Options {
	if o.MaxTokens <= 0 {
		o.MaxTokens = 320
	}
	if o.OverlapTokens <= 0 {
		o.OverlapTokens = 48
	}
	if o.OverlapTokens >= o.MaxTokens {
		o.OverlapTokens = o.MaxTokens / 4
	}
	if o.SectionTokens <= 0 {
		o.SectionTokens = 120
	}
	return o
}

// ProjectTagPrefix marks a tag that names the entry's project:
// "#project/billing-api" puts the entry in project billing-api.
const ProjectTagPrefix = "project/"

// Log chunks a parsed daily log. Entries become chunks; a free-form log,
// and the text above a log's first entry, is chunked by headings.
func Log(l *memory.Log, lines []string, layer string, o Options) []Chunk {
	o = o.withDefaults()
	if l.FreeForm {
		cs := Markdown(l.Path, lines, layer, o)
		for i := range cs {
			cs[i].Date = l.Date
			cs[i].Hash = hashChunk(&cs[i])
		}
		return cs
	}
	var out []Chunk
	if n := l.Entries[0].LineStart - 1; n > 0 {
		// Text a person wrote above the first entry is chunked as the
		// free-form part of the log it is.
		out = Markdown(l.Path, lines[:n], layer, o)
		for i := range out {
			out[i].Date = l.Date
		}
	}
	for _, e := range l.Entries {
		base := Chunk{
			Path: l.Path, Date: e.Date, Time: e.Time, Agent: e.Agent, Tags: e.Tags,
			Layer: layer, Kind: KindEntry, Title: e.Title,
		}
		for _, t := range e.Tags {
			if p, ok := strings.CutPrefix(t, ProjectTagPrefix); ok && base.Project == "" {
				base.Project = p
			}
		}
		// The entry body as stored, line by line, for exact ranges.
		body := lines[e.LineStart:e.LineEnd] // lines after the heading
		pieces := split(body, e.LineStart+1, o)
		if len(pieces) == 0 {
			pieces = []piece{{start: e.LineStart, end: e.LineEnd, text: ""}}
		}
		for i, p := range pieces {
			c := base
			c.LineStart, c.LineEnd = p.start, p.end
			if i == 0 {
				c.LineStart = e.LineStart // the heading belongs to the first piece
			}
			c.Text = p.text
			if len(pieces) == 1 {
				c.Text = e.Text // unescaped, as the entry reads back
			}
			c.Part = i
			if len(pieces) == 1 {
				c.Part = 0
			}
			out = append(out, c)
		}
	}
	return finish(out)
}

// EntryID is the id Log gives an entry once appended (e.Path and e.Date
// set): ids follow content, not where the entry lies in its file; an entry
// logged alike (but for its tags) after e.Ordinal others in its file is
// numbered apart ("-2" for the second).
func EntryID(e memory.Entry, o Options) string {
	data := []byte(e.Stored())
	lines := memory.SplitLines(data)
	cs := Log(memory.ParseLogLines(e.Path, data, lines), lines, "", o)
	if len(cs) == 0 {
		return ""
	}
	if e.Ordinal > 0 {
		return cs[0].ID + "-" + itoa(e.Ordinal+1)
	}
	return cs[0].ID
}

// Markdown chunks free-form markdown by headings (any level). Text before the
// first heading is a chunk of its own.
func Markdown(path string, lines []string, layer string, o Options) []Chunk {
	o = o.withDefaults()
	var out []Chunk
	start := 0
	title := ""
	var stack []string // heading titles by level
	flush := func(end int) {
		part := 0
		for _, p := range sectionPieces(lines[start:end], start+1, o) {
			if !says(p.text) {
				continue // a bare heading or a comment is never a hit
			}
			out = append(out, Chunk{
				Path: path, LineStart: p.start, LineEnd: p.end, Layer: layer,
				Kind: KindSection, Title: title, Text: p.text, Part: part,
			})
			part++
		}
	}
	inFence := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
		}
		level := memory.HeadingLevel(l)
		if inFence || level == 0 {
			continue
		}
		if i > start {
			flush(i)
		}
		start = i
		h := strings.TrimSpace(strings.TrimLeft(l, "#"))
		if level-1 < len(stack) {
			stack = stack[:level-1]
		}
		for len(stack) < level-1 {
			stack = append(stack, "")
		}
		stack = append(stack, h)
		title = strings.Join(nonEmpty(stack), " > ")
	}
	if start < len(lines) {
		flush(len(lines))
	}
	return finish(out)
}

// commentRe matches an HTML comment, over lines.
var commentRe = regexp.MustCompile(`(?s)<!--.*?(-->|$)`)

// says reports whether markdown text says anything: it holds more than
// headings, HTML comments, blank lines and rules. Templates are made of
// those (MEMORY.md's "## Patterns" before any pattern is promoted).
func says(text string) bool {
	for _, l := range strings.Split(commentRe.ReplaceAllString(text, ""), "\n") {
		t := strings.TrimSpace(l)
		if t != "" && memory.HeadingLevel(t) == 0 && strings.Trim(t, "-*_=~`") != "" {
			return true
		}
	}
	return false
}

// Finish numbers chunks, hashes them and gives them stable ids, for
// chunks built outside this package (L3 records).
func Finish(cs []Chunk) []Chunk { return finish(cs) }

// finish numbers chunks, hashes them and gives them stable ids.
func finish(cs []Chunk) []Chunk {
	seen := make(map[string]int, len(cs))
	for i := range cs {
		c := &cs[i]
		c.Seq = i
		c.Hash = hashChunk(c)
		// The id depends on content, not on the path, so it survives
		// archival moves; duplicates get an ordinal.
		sum := sha256.Sum256([]byte(c.Kind + "\x00" + c.Date + "\x00" + c.Time + "\x00" + c.Agent + "\x00" + c.Title + "\x00" + c.Text + "\x00" + itoa(c.Part) + "\x00" + path.Base(c.Path)))
		id := hex.EncodeToString(sum[:8])
		if n := seen[id]; n > 0 {
			seen[id]++
			id += "-" + itoa(n+1)
		} else {
			seen[id] = 1
		}
		c.ID = id
	}
	return cs
}

func hashChunk(c *Chunk) string {
	h := sha256.New()
	for _, s := range []string{c.Text, c.Date, c.Time, c.Agent, strings.Join(c.Tags, ","), c.Project, c.Layer, c.Kind, c.Title} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
