package memory

import (
	"bufio"
	"bytes"
	"hash"
	"hash/fnv"
	"io"
	"strconv"
)

// entryKeys counts a log's entries by what makes their ids alike: the
// heading without its tags (time, agent, title) and the body, leading and
// trailing blank lines and trailing white space aside. Two entries logged
// alike but for their tags have one key; an append numbers the second
// apart (Entry.Ordinal), as the index numbers its id ("-2").
type entryKeys map[uint64]int

// keyer computes the keys of the entries of a log read line by line,
// holding no more of it than a line.
type keyer struct {
	keys    entryKeys
	h       hash.Hash64
	in      bool // within an entry
	started bool // the entry's body has had a non-blank line
	blanks  int  // blank lines since the body's last non-blank one
}

func newKeyer(keys entryKeys) *keyer {
	if keys == nil {
		keys = entryKeys{}
	}
	return &keyer{keys: keys, h: fnv.New64a()}
}

// line reads one line of the log, without its line ending.
func (k *keyer) line(l []byte) {
	if boundaryRe.Match(l) {
		k.flush()
		e, ok := parseHeading(string(l))
		if !ok {
			e = Entry{Title: string(l)}
		}
		k.in, k.started, k.blanks = true, false, 0
		k.h.Reset()
		for _, s := range []string{e.Time, e.Agent, e.Title} {
			k.h.Write([]byte(s))
			k.h.Write([]byte{0})
		}
		return
	}
	if !k.in {
		return // the title, or text before the first entry
	}
	l = bytes.TrimRight(l, " \t\r")
	if len(bytes.TrimSpace(l)) == 0 {
		k.blanks++
		return
	}
	if k.started {
		k.h.Write(strconv.AppendInt(nil, int64(k.blanks), 10))
	}
	k.h.Write([]byte{1})
	k.h.Write(l)
	k.started, k.blanks = true, 0
}

// flush counts the entry read so far.
func (k *keyer) flush() {
	if k.in {
		k.keys[k.h.Sum64()]++
	}
	k.in = false
}

// readLines feeds every line of r to k and returns the number of line
// feeds read. A line longer than the reader's buffer is keyed by its
// first bufferful: it is a blob, not text two entries would share.
func (k *keyer) readLines(r io.Reader) (int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	n := 0
	for {
		l, err := br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			k.line(l)
			for err == bufio.ErrBufferFull { // the rest of the long line
				_, err = br.ReadSlice('\n')
			}
			if err == nil {
				n++
			}
		case len(l) > 0:
			if l[len(l)-1] == '\n' {
				n++
				l = l[:len(l)-1]
			}
			k.line(l)
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// keyOf is the key of an entry as Stored writes it.
func keyOf(stored string) uint64 {
	k := newKeyer(nil)
	k.readLines(bytes.NewReader([]byte(stored)))
	k.flush()
	for key := range k.keys {
		return key
	}
	return 0
}
