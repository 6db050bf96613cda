// Package memtool serves the Claude API's memory tool (memory_20250818)
// over an archon workspace, so that any app that hands Claude the tool can
// use archon as its memory with no code of its own.
//
// The tool sees one directory, /memories:
//
//	/memories/MEMORY.md            the curated wisdom file (L4)
//	/memories/MEMORY_SUMMARY.md    the L1 summary
//	/memories/daily/YYYY-MM-DD.md  the daily logs (L2): create and insert
//	                               append an entry; nothing is replaced,
//	                               renamed or deleted
//	/memories/<anything else>      the workspace's memories/ folder (L3)
//
// Every path resolves inside the workspace or is refused, symlinks
// included. Text is redacted before it is written, and every write is
// atomic (a temporary file renamed over the old one, or an append under
// the log's lock) and made under the workspace's edit lock.
package memtool

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/archon-memory/archon/memory"
)

// The tool's commands.
const (
	View       = "view"
	Create     = "create"
	StrReplace = "str_replace"
	Insert     = "insert"
	Delete     = "delete"
	Rename     = "rename"
)

// Command is the input of one memory-tool call, as Claude sends it.
// Optional fields are pointers where the zero value is a valid argument.
type Command struct {
	Command    string  `json:"command" jsonschema:"view|create|str_replace|insert|delete|rename"`
	Path       string  `json:"path,omitempty" jsonschema:"under /memories"`
	ViewRange  []int   `json:"view_range,omitempty" jsonschema:"[first, last] line; last -1: to the end"`
	FileText   *string `json:"file_text,omitempty"`
	OldStr     *string `json:"old_str,omitempty"`
	NewStr     *string `json:"new_str,omitempty"`
	InsertLine *int    `json:"insert_line,omitempty"`
	InsertText *string `json:"insert_text,omitempty"`
	OldPath    string  `json:"old_path,omitempty"`
	NewPath    string  `json:"new_path,omitempty"`
}

// Result is the tool's answer: the text handed back to Claude as the
// tool_result, and whether it is an error Claude should act on.
type Result struct {
	Content string `json:"content"`
	IsError bool   `json:"is_error"`
	// Changed lists the workspace files the command wrote, renamed or
	// removed (for the caller to index).
	Changed []string `json:"-"`
	// Logged is the daily-log entry create or insert appended, if any
	// (for the caller to share with the team).
	Logged *memory.Entry `json:"-"`
}

// Options tune a Tool. The zero value is ready to use.
type Options struct {
	// MaxFileBytes limits what one command may write to a file; zero
	// means memory.DefaultMaxEntryBytes.
	MaxFileBytes int
	// MaxViewBytes limits one view's answer; a longer file is cut at a
	// line and the answer says which view_range reads on. Zero means
	// DefaultMaxViewBytes.
	MaxViewBytes int
	// Tags are put on the daily-log entries the tool appends.
	Tags []string
}

// DefaultMaxViewBytes is the default limit on one view's answer (about
// 16K tokens).
const DefaultMaxViewBytes = 64 << 10

// Tool runs memory-tool commands on a workspace. It is safe for
// concurrent use, also by several processes on one workspace.
type Tool struct {
	ws  *memory.Workspace
	opt Options
}

// New returns the memory tool over ws.
func New(ws *memory.Workspace, opt Options) *Tool {
	if opt.MaxFileBytes == 0 {
		opt.MaxFileBytes = memory.DefaultMaxEntryBytes
	}
	if opt.MaxViewBytes == 0 {
		opt.MaxViewBytes = DefaultMaxViewBytes
	}
	return &Tool{ws: ws, opt: opt}
}

// toolError is a failure Claude can act on (a bad path, a missing file,
// an ambiguous old_str): it becomes an error result, not a Go error.
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

func refuse(format string, args ...any) error { return &toolError{fmt.Sprintf(format, args...)} }

// Run runs one command. Failures Claude can act on come back as a Result
// with IsError set; the error is for what it cannot (the context ended,
// the disk failed).
func (t *Tool) Run(ctx context.Context, c Command) (*Result, error) {
	res, err := t.run(ctx, c)
	var te *toolError
	switch {
	case err == nil:
		return res, nil
	case errors.As(err, &te):
		return &Result{Content: te.msg, IsError: true}, nil
	case errors.Is(err, memory.ErrOutside):
		return &Result{Content: err.Error(), IsError: true}, nil
	case errors.Is(err, memory.ErrInvalidText), errors.Is(err, memory.ErrTooLarge):
		return &Result{Content: err.Error(), IsError: true}, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	default:
		return nil, fmt.Errorf("memory tool %s: %w", c.Command, err)
	}
}

func (t *Tool) run(ctx context.Context, c Command) (*Result, error) {
	if c.Command == View {
		p, err := parse(c.Path)
		if err != nil {
			return nil, err
		}
		text, err := t.view(ctx, p, c.ViewRange)
		if err != nil {
			return nil, err
		}
		return &Result{Content: text}, nil
	}
	switch c.Command {
	case Create, StrReplace, Insert, Delete, Rename:
	case "":
		return nil, refuse("missing command: one of view, create, str_replace, insert, delete, rename")
	default:
		return nil, refuse("unknown command %q: one of view, create, str_replace, insert, delete, rename", c.Command)
	}
	unlock, err := t.ws.LockEdits(ctx)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if c.Command == Rename {
		return t.rename(c)
	}
	p, err := parse(c.Path)
	if err != nil {
		return nil, err
	}
	switch c.Command {
	case Create:
		if c.FileText == nil {
			return nil, refuse("create needs file_text")
		}
		return t.create(ctx, p, *c.FileText)
	case StrReplace:
		if c.OldStr == nil || *c.OldStr == "" {
			return nil, refuse("str_replace needs a non-empty old_str")
		}
		newStr := ""
		if c.NewStr != nil {
			newStr = *c.NewStr
		}
		return t.strReplace(p, *c.OldStr, newStr)
	case Insert:
		if c.InsertLine == nil || c.InsertText == nil {
			return nil, refuse("insert needs insert_line and insert_text")
		}
		return t.insert(ctx, p, *c.InsertLine, *c.InsertText)
	default:
		return t.delete(p)
	}
}

// checkText validates text to be written: valid UTF-8, no NUL, within the
// size limit. It returns the text redacted.
func (t *Tool) checkText(field, text string) (string, error) {
	if len(text) > t.opt.MaxFileBytes {
		return "", fmt.Errorf("%w: %s is %d bytes, the limit is %d (log.max_entry_bytes)", memory.ErrTooLarge, field, len(text), t.opt.MaxFileBytes)
	}
	if strings.IndexByte(text, 0) >= 0 {
		return "", fmt.Errorf("%w: %s contains a NUL byte", memory.ErrInvalidText, field)
	}
	if !utf8.ValidString(text) {
		return "", fmt.Errorf("%w: %s is not valid UTF-8", memory.ErrInvalidText, field)
	}
	red, _ := t.ws.Redact(text)
	return red, nil
}
