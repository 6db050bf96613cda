package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// measureFromEnd is the transcript size from which a session's first
// measure starts at its last usage record instead of reading it all: a
// resumed session's transcript may run to hundreds of megabytes, and the
// usage record says how full the context was up to it.
const measureFromEnd = 8 << 20

// lastUsageLine finds the line of the last main-thread assistant message
// that reports usage in the transcript at path, reading it backwards: its
// byte offset and the number of lines before it. ok is false when there
// is none.
func lastUsageLine(path string) (off int64, line int, ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, fmt.Errorf("transcript: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, false, fmt.Errorf("transcript: %w", err)
	}
	const block = 1 << 20
	var tail []byte // the bytes from end-len(tail), whole lines after its first newline
	end := fi.Size()
	for pos := end; pos > 0 && !ok; {
		n := min(int64(block), pos)
		pos -= n
		buf := make([]byte, n)
		if _, err := f.ReadAt(buf, pos); err != nil && err != io.EOF {
			return 0, 0, false, fmt.Errorf("transcript: %w", err)
		}
		tail = append(buf, tail...)
		// Lines from the last complete one back to the first whole one.
		lines := bytes.Split(tail, []byte{'\n'})
		start := 1 // lines[0] may be cut, unless the file starts here
		if pos == 0 {
			start = 0
		}
		at := pos + int64(len(tail))
		last := len(lines) - 1
		if pos+int64(len(tail)) == end {
			at -= int64(len(lines[last])) // after the last newline: a line not written whole yet
			last--
		}
		for i := last; i >= start; i-- {
			at -= int64(len(lines[i])) + 1 // the line and its newline
			if i == len(lines)-1 {
				at++ // the region ends at this line's newline, not after it
			}
			if usageLine(lines[i]) {
				off, ok = at, true
				break
			}
		}
		tail = lines[0] // what is left to complete with the block before
		if pos == 0 || len(tail) > MaxTranscriptBytes {
			break
		}
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
