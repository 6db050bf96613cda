package memory

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// intent is an append record: the write an append is about to make.
type intent struct {
	Path string `json:"path"`
	Dev  uint64 `json:"dev"`
	Ino  uint64 `json:"ino"`
	Off  int64  `json:"off"`
	Len  int64  `json:"len"`
	// Sum is the SHA-256 of the whole write.
	Sum []byte `json:"sum"`
	// Head is the write's first intentHead bytes.
	Head []byte `json:"head"`
	// Chunks are the SHA-256 of each full intentChunk bytes, in order.
	Chunks []byte `json:"chunks,omitempty"`
}

func newIntent(f *os.File, rel string, off int64, data []byte) (*intent, error) {
	id, err := identity(f)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	it := &intent{Path: rel, Dev: id.dev, Ino: id.ino, Off: off, Len: int64(len(data)), Sum: sum[:],
		Head: data[:min(len(data), intentHead)]}
	for i := 0; (i+1)*intentChunk <= len(data); i++ {
		c := sha256.Sum256(data[i*intentChunk : (i+1)*intentChunk])
		it.Chunks = append(it.Chunks, c[:]...)
	}
	return it, nil
}

// prefixOf reports whether got (shorter than the write) is a prefix of
// the recorded write: its first bytes match Head and every full chunk its
// checksum. Bytes past Head in a last partial chunk cannot be checked.
func (it *intent) prefixOf(got []byte) bool {
	h := min(len(got), len(it.Head))
	if !bytes.Equal(got[:h], it.Head[:h]) {
		return false
	}
	for i := 0; (i+1)*intentChunk <= len(got); i++ {
		c := sha256.Sum256(got[i*intentChunk : (i+1)*intentChunk])
		if (i+1)*32 > len(it.Chunks) || !bytes.Equal(c[:], it.Chunks[i*32:(i+1)*32]) {
			return false
		}
	}
	return true
}

func (it *intent) sumOf(parts ...[]byte) bool {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
	}
	return bytes.Equal(h.Sum(nil), it.Sum)
}

// journal is the open append record of one log.
type journal struct {
	f       *os.File // nil: no record, and none to be written
	created bool     // the file is new: its directory needs an fsync
	dir     string
}

func (w *Workspace) journalPath(rel string) string {
	return filepath.Join(w.StateDir(), appendsDir, strings.ReplaceAll(rel, "/", "_")+".intent")
}

// openJournal opens the append record of rel; with create it makes the
// file (and its directory) when missing.
func (w *Workspace) openJournal(rel string, create bool) (*journal, error) {
	p := w.journalPath(rel)
	j := &journal{dir: filepath.Dir(p)}
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		if !create {
			return j, nil
		}
		if err := os.MkdirAll(j.dir, 0o755); err != nil {
			return nil, fmt.Errorf("append record: %w", err)
		}
		f, err = os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
		j.created = true
	}
	if err != nil {
		return nil, fmt.Errorf("append record: %w", err)
	}
	j.f = f
	return j, nil
}

func (j *journal) close() {
	if j.f != nil {
		j.f.Close()
	}
}

// pending returns the pending record, if there is a valid one.
func (j *journal) pending() (*intent, bool) {
	if j.f == nil {
		return nil, false
	}
	data, err := io.ReadAll(io.NewSectionReader(j.f, 0, 1<<30))
	if err != nil {
		return nil, false
	}
	state, rest, ok1 := bytes.Cut(data, []byte{'\n'})
	body, rest, ok2 := bytes.Cut(rest, []byte{'\n'})
	sum, _, ok3 := bytes.Cut(rest, []byte{'\n'})
	if !ok1 || !ok2 || !ok3 || string(state) != "P" {
		return nil, false
	}
	want := sha256.Sum256(body)
	if hex.EncodeToString(want[:]) != string(sum) {
		return nil, false // a record torn while it was written: its write never began
	}
	var it intent
	if json.Unmarshal(body, &it) != nil || len(it.Sum) != sha256.Size || it.Off < 0 || it.Len <= 0 {
		return nil, false
	}
	return &it, true
}

// begin makes it the pending record, durably, before the write begins.
func (j *journal) begin(it *intent) error {
	body, err := json.Marshal(it)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	rec := make([]byte, 0, len(body)+70)
	rec = append(rec, "P\n"...)
	rec = append(rec, body...)
	rec = append(rec, '\n')
	rec = append(rec, hex.EncodeToString(sum[:])...)
	rec = append(rec, '\n')
	// Padded to whole blocks, the file keeps its size from one record to
	// the next, and fdatasync need not commit any metadata.
	for len(rec)%recordBlock != 0 {
		rec = append(rec, '\n')
	}
	if _, err := j.f.WriteAt(rec, 0); err != nil {
		return fmt.Errorf("append record: %w", err)
	}
	if fi, err := j.f.Stat(); err != nil || fi.Size() != int64(len(rec)) {
		if err := j.f.Truncate(int64(len(rec))); err != nil {
			return fmt.Errorf("append record: %w", err)
		}
	}
	if err := datasync(j.f); err != nil {
		return fmt.Errorf("append record: fsync: %w", err)
	}
	if j.created {
		if err := syncDir(j.dir); err != nil {
			return fmt.Errorf("append record: %w", err)
		}
		if err := syncDir(filepath.Dir(j.dir)); err != nil {
			return fmt.Errorf("append record: %w", err)
		}
		j.created = false
	}
	return nil
}

// done marks the record done. After an append it need not be durable: a
// record found pending whose write is whole is recognized as such. After
// a repair it is fsynced, so that the record cannot act twice.
func (j *journal) done(durable bool) error {
	if j.f == nil {
		return nil
	}
	if _, err := j.f.WriteAt([]byte{'D'}, 0); err != nil {
		return err
	}
	if durable {
		return datasync(j.f)
	}
	return nil
}
