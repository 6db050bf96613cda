package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
)

// measureFromEnd is the transcript size from which a session's first
// measure starts at its last usage record instead of reading it all: a
// resumed session's transcript may run to hundreds of megabytes, and the
// usage record says how full the context was up to it.
const measureFromEnd = 8 << 20

// maxUsageLine is the longest line lastUsageLine reads: as long as a
// transcript line conv reads (64 MiB); a longer one is skipped unread.
const maxUsageLine = 64 << 20

// lastUsageLine finds the line of the last main-thread assistant message
// that reports usage in the transcript at path, reading it backwards in
// blocks: its byte offset and the number of lines before it. ok is false
// when there is none. Each byte is read once; a line is joined only when
// it is whole.
func lastUsageLine(path string) (off int64, line int, ok bool, err error) {
	return lastUsageIn(path, 1<<20)
}

// lastUsageIn is lastUsageLine reading blocks of block bytes.
func lastUsageIn(path string, block int) (off int64, line int, ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, fmt.Errorf("transcript: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, false, fmt.Errorf("transcript: %w", err)
	}
	buf := make([]byte, block)
	var pieces [][]byte // the line being read, its later pieces first
	size, over := 0, false
	lineEnd := int64(-1) // the newline that ends the line being read (-1: none yet, past a torn last line)
	// whole reports whether the line [start, lineEnd), head then pieces,
	// is a usage record.
	whole := func(head []byte) bool {
		if over || size+len(head) > maxUsageLine {
			return false
		}
		l := slices.Clone(head)
		for i := len(pieces) - 1; i >= 0; i-- {
			l = append(l, pieces[i]...)
		}
		return usageLine(l)
	}
	for pos := fi.Size(); pos > 0; {
		n := min(int64(block), pos)
		pos -= n
		b := buf[:n]
		if _, err := f.ReadAt(b, pos); err != nil && err != io.EOF {
			return 0, 0, false, fmt.Errorf("transcript: %w", err)
		}
		end := len(b)
		for i := bytes.LastIndexByte(b[:end], '\n'); i >= 0; i = bytes.LastIndexByte(b[:end], '\n') {
			if lineEnd >= 0 && whole(b[i+1:end]) {
				off, ok = pos+int64(i)+1, true
				break
			}
			lineEnd, pieces, size, over, end = pos+int64(i), nil, 0, false, i
		}
		if ok {
			break
		}
		switch {
		case lineEnd < 0:
		case size+end > maxUsageLine:
			over, pieces = true, nil
		case !over:
			pieces, size = append(pieces, slices.Clone(b[:end])), size+end
		}
	}
	if !ok && lineEnd >= 0 && whole(nil) { // the file's first line
		off, ok = 0, true
	}
	if !ok {
		return 0, 0, false, nil
	}
	line, err = countLines(f, off)
	return off, line, err == nil, err
}

// usageLine reports whether l is a main-thread assistant record with usage.
func usageLine(l []byte) bool {
	if !bytes.Contains(l, []byte(`"usage"`)) || !bytes.Contains(l, []byte(`"assistant"`)) {
		return false
	}
	var r struct {
		Type        string `json:"type"`
		IsSidechain bool   `json:"isSidechain"`
		Message     struct {
			Usage json.RawMessage `json:"usage"`
		} `json:"message"`
	}
	return json.Unmarshal(l, &r) == nil && r.Type == "assistant" && !r.IsSidechain && len(r.Message.Usage) > 0 && string(r.Message.Usage) != "null"
}

// countLines counts the newlines of f before byte off.
func countLines(f *os.File, off int64) (int, error) {
	buf := make([]byte, 1<<20)
	n := 0
	for pos := int64(0); pos < off; {
		k, err := f.ReadAt(buf[:min(int64(len(buf)), off-pos)], pos)
		n += bytes.Count(buf[:k], []byte{'\n'})
		pos += int64(k)
		if err != nil && err != io.EOF {
			return 0, fmt.Errorf("transcript: %w", err)
		}
		if k == 0 {
			break
		}
	}
	return n, nil
}
