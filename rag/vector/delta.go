package vector

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
)

// A delta file holds the changes made since a snapshot was written, so an
// incremental update appends a few kilobytes instead of rewriting the
// snapshot. It starts with a header naming the snapshot generation it
// applies to; each record is one update:
//
//	header  "ARCHVDL1", dims uint32, 0 uint32, base generation uint64
//	record  payload length uint32, CRC-32C of payload uint32, payload:
//	        generation uint64, deleted count uint32, added count uint32,
//	        deleted ids, added ids (each a uvarint length and bytes),
//	        added vectors (count*dims float32, as given to Add)
//
// Records are appended without fsync; a crash can lose or tear the last
// record, which leaves the generation short or fails ReadDelta's CRC.

const (
	deltaMagic      = "ARCHVDL1"
	deltaHeaderSize = 24
	maxDeltaRecord  = 1 << 30
)

// DeltaRecord is one update: the ids deleted, then the vectors added (or
// replaced), and the generation the vectors reach with it.
type DeltaRecord struct {
	Gen     uint64
	Deleted []string
	IDs     []string
	Vecs    [][]float32
}

// Apply applies the record to ix: deletes first, then adds.
func (r *DeltaRecord) Apply(ctx context.Context, ix *Index) error {
	if err := ix.Delete(ctx, r.Deleted...); err != nil {
		return err
	}
	if len(r.IDs) == 0 {
		return nil
	}
	return ix.Add(ctx, r.IDs, r.Vecs)
}

// AppendDelta appends rec to the delta file at path for the snapshot of
// generation base, starting the file afresh when it is missing or belongs
// to another snapshot. It returns the file's size afterwards.
func AppendDelta(path string, dims int, base uint64, rec DeltaRecord) (int64, error) {
	if len(rec.IDs) != len(rec.Vecs) {
		return 0, fmt.Errorf("vector: delta: %d ids but %d vectors", len(rec.IDs), len(rec.Vecs))
	}
	payload := binary.LittleEndian.AppendUint64(nil, rec.Gen)
	payload = binary.LittleEndian.AppendUint32(payload, uint32(len(rec.Deleted)))
	payload = binary.LittleEndian.AppendUint32(payload, uint32(len(rec.IDs)))
	for _, ids := range [][]string{rec.Deleted, rec.IDs} {
		for _, id := range ids {
			payload = binary.AppendUvarint(payload, uint64(len(id)))
			payload = append(payload, id...)
		}
	}
	for i, v := range rec.Vecs {
		if len(v) != dims {
			return 0, fmt.Errorf("vector: delta %q: got %d dimensions, want %d", rec.IDs[i], len(v), dims)
		}
		for _, x := range v {
			payload = binary.LittleEndian.AppendUint32(payload, math.Float32bits(x))
		}
	}
	if len(payload) > maxDeltaRecord {
		return 0, errors.New("vector: delta record too large")
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return 0, fmt.Errorf("vector: delta: %w", err)
	}
	defer f.Close()
	h := make([]byte, deltaHeaderSize)
	if _, err := io.ReadFull(f, h); err != nil || string(h[:8]) != deltaMagic ||
		binary.LittleEndian.Uint32(h[8:]) != uint32(dims) || binary.LittleEndian.Uint64(h[16:]) != base {
		copy(h, deltaMagic)
		binary.LittleEndian.PutUint32(h[8:], uint32(dims))
		binary.LittleEndian.PutUint32(h[12:], 0)
		binary.LittleEndian.PutUint64(h[16:], base)
		if err := f.Truncate(0); err != nil {
			return 0, fmt.Errorf("vector: delta: %w", err)
		}
		if _, err := f.WriteAt(h, 0); err != nil {
			return 0, fmt.Errorf("vector: delta: %w", err)
		}
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return 0, fmt.Errorf("vector: delta: %w", err)
	}
	rh := binary.LittleEndian.AppendUint32(nil, uint32(len(payload)))
	rh = binary.LittleEndian.AppendUint32(rh, crc32.Checksum(payload, castagnoli()))
	// No fsync: a record lost or torn by a crash leaves the files short of
	// the generation the caller records afterwards (or fails its CRC), so
	// they are rebuilt, never trusted.
	if _, err := f.WriteAt(append(rh, payload...), end); err != nil {
		return 0, fmt.Errorf("vector: delta: %w", err)
	}
	return end + int64(len(rh)+len(payload)), nil
}

// ReadDelta returns the records of the delta file at path that apply to the
// snapshot of generation base: none when the file is missing or belongs to
// another snapshot. A torn or garbled record returns an error wrapping
// ErrCorrupt.
func ReadDelta(path string, dims int, base uint64) ([]DeltaRecord, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("vector: delta: %w", err)
	}
	le := binary.LittleEndian
	if len(b) < deltaHeaderSize || string(b[:8]) != deltaMagic {
		return nil, fmt.Errorf("%w: %s: bad delta header", ErrCorrupt, path)
	}
	if le.Uint32(b[8:]) != uint32(dims) || le.Uint64(b[16:]) != base {
		return nil, nil
	}
	var out []DeltaRecord
	for off := deltaHeaderSize; off < len(b); {
		if len(b)-off < 8 {
			return nil, fmt.Errorf("%w: %s: torn delta record", ErrCorrupt, path)
		}
		size, sum := int(le.Uint32(b[off:])), le.Uint32(b[off+4:])
		off += 8
		if size > len(b)-off || crc32.Checksum(b[off:off+size], castagnoli()) != sum {
			return nil, fmt.Errorf("%w: %s: torn delta record", ErrCorrupt, path)
		}
		rec, err := parseRecord(b[off:off+size], dims)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
		}
		out = append(out, rec)
		off += size
	}
	return out, nil
}

// DeltaHead reports, without reading the vectors, what the delta file at
// path holds for the snapshot of generation base: the generation its last
// record reaches (ok false when the file is missing, belongs to another
// snapshot or holds no record) and its size. It walks the records' length
// fields and checks the last record's checksum, so a torn or garbled tail
// returns an error wrapping ErrCorrupt, as ReadDelta does; a garbled record
// before it is left for ReadDelta, which an Open runs, to find.
func DeltaHead(path string, dims int, base uint64) (gen uint64, size int64, ok bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("vector: delta: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, 0, false, fmt.Errorf("vector: delta: %w", err)
	}
	size = fi.Size()
	le := binary.LittleEndian
	h := make([]byte, deltaHeaderSize)
	if _, err := f.ReadAt(h, 0); err != nil || string(h[:8]) != deltaMagic {
		return 0, size, false, fmt.Errorf("%w: %s: bad delta header", ErrCorrupt, path)
	}
	if le.Uint32(h[8:]) != uint32(dims) || le.Uint64(h[16:]) != base {
		return 0, size, false, nil
	}
	torn := fmt.Errorf("%w: %s: torn delta record", ErrCorrupt, path)
	last, lastSize, lastSum := int64(-1), 0, uint32(0)
	rh := make([]byte, 8)
	for off := int64(deltaHeaderSize); off < size; {
		if size-off < 8 {
			return 0, size, false, torn
		}
		if _, err := f.ReadAt(rh, off); err != nil {
			return 0, size, false, fmt.Errorf("vector: delta: %w", err)
		}
		n := int64(le.Uint32(rh))
		if n > size-off-8 {
			return 0, size, false, torn
		}
		last, lastSize, lastSum = off+8, int(n), le.Uint32(rh[4:])
		off += 8 + n
	}
	if last < 0 {
		return 0, size, false, nil
	}
	p := make([]byte, lastSize)
	if _, err := f.ReadAt(p, last); err != nil {
		return 0, size, false, fmt.Errorf("vector: delta: %w", err)
	}
	if crc32.Checksum(p, castagnoli()) != lastSum || len(p) < 8 {
		return 0, size, false, torn
	}
	return le.Uint64(p), size, true, nil
}

// parseRecord decodes one record's payload.
func parseRecord(p []byte, dims int) (DeltaRecord, error) {
	le := binary.LittleEndian
	var r DeltaRecord
	if len(p) < 16 {
		return r, errors.New("short record")
	}
	r.Gen = le.Uint64(p)
	nd, na := int(le.Uint32(p[8:])), int(le.Uint32(p[12:]))
	p = p[16:]
	if nd > len(p) || na > len(p) {
		return r, errors.New("bad counts")
	}
	readIDs := func(n int) ([]string, error) {
		ids := make([]string, 0, n)
		for range n {
			l, k := binary.Uvarint(p)
			if k <= 0 || l > uint64(len(p)-k) {
				return nil, errors.New("bad id")
			}
			ids = append(ids, string(p[k:k+int(l)]))
			p = p[k+int(l):]
		}
		return ids, nil
	}
	var err error
	if r.Deleted, err = readIDs(nd); err != nil {
		return r, err
	}
	if r.IDs, err = readIDs(na); err != nil {
		return r, err
	}
	if len(p) != na*dims*4 {
		return r, errors.New("bad vector bytes")
	}
	flat := make([]float32, na*dims)
	for i := range flat {
		flat[i] = math.Float32frombits(le.Uint32(p[4*i:]))
	}
	r.Vecs = make([][]float32, na)
	for i := range r.Vecs {
		r.Vecs[i] = flat[i*dims : (i+1)*dims : (i+1)*dims]
	}
	return r, nil
}
