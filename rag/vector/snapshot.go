package vector

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"unsafe"
)

// A snapshot is an index in one file, laid out so that opening it costs a
// few milliseconds at 100,000 vectors: the file is mapped, vectors and
// signatures are used in place, and only the ids are copied (into one
// string). Little-endian throughout:
//
//	[0, 4096)   header: magic, dims, bits, seed, n, generation, section
//	            offsets, CRC-32C, tag (see the header* constants)
//	vectors     n*dims float32, unit length, at offset 4096
//	signatures  n*words uint64, 8-aligned
//	id ends     n uint32: end of each id in the id bytes
//	id bytes    the ids, back to back
//
// The CRC covers the header, signatures and ids; the vectors have their
// own (hVecCRC), checked by VerifyVectors, which reads them all. Snapshots
// are written to a temporary file and renamed, so a crash leaves the old
// one or the new one.

const (
	snapMagic  = "ARCHVEC1"
	headerSize = 4096
	// header field offsets
	hDims, hBits, hSeed, hN, hGen             = 8, 12, 16, 24, 32
	hVecOff, hSigOff, hEndsOff, hIDsOff, hEnd = 40, 48, 56, 64, 72
	hTagLen, hCRC, hTag                       = 80, 84, 88
	// hVecCRC, the header's last four bytes, holds the CRC-32C of the
	// vectors (0: not recorded, as in snapshots from before it was).
	hVecCRC   = headerSize - 4
	maxTagLen = hVecCRC - hTag
)

// ErrCorrupt marks a snapshot or delta file that cannot be used: truncated,
// garbled, or failing its checksum.
var ErrCorrupt = errors.New("vector: snapshot corrupt")

// SnapshotInfo identifies the contents of a snapshot: Tag says what the
// vectors are (archon records the embedder there) and Gen which state of
// them; callers compare both with their own records before trusting a file.
type SnapshotInfo struct {
	Tag string
	Gen uint64
}

// castagnoli returns the CRC-32C table (computed once by hash/crc32).
func castagnoli() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) }

// littleEndian reports whether the machine stores numbers little-endian,
// so that file bytes can be used as numbers in place.
func littleEndian() bool { return binary.NativeEndian.Uint16([]byte{1, 0}) == 1 }

// SnapshotWriter streams vectors into a new snapshot file. Vectors are
// written as they come; only ids and signatures (about 100 bytes a vector)
// are held until Commit.
type SnapshotWriter struct {
	path, tmp string
	dims      int
	opts      Options
	enc       *encoder
	info      SnapshotInfo
	f         *os.File
	w         *bufio.Writer
	seen      map[string]bool
	ends      []uint32
	idBytes   []byte
	sigs      []uint64
	unit      []float32
	scratch   []float32
	vecCRC    uint32 // CRC-32C of the vectors written so far
}

// NewSnapshotWriter starts writing a snapshot of dims-dimensional vectors,
// to replace path on Commit. opts must be the options the snapshot will be
// opened with (they decide the signatures).
func NewSnapshotWriter(path string, dims int, opts Options, info SnapshotInfo) (*SnapshotWriter, error) {
	if dims <= 0 {
		return nil, fmt.Errorf("vector: dimensions must be positive, got %d", dims)
	}
	if len(info.Tag) > maxTagLen {
		return nil, fmt.Errorf("vector: snapshot tag longer than %d bytes", maxTagLen)
	}
	opts = opts.withDefaults(dims)
	enc, err := newEncoder(dims, opts.Bits, opts.Seed)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("vector: write snapshot: %w", err)
	}
	sw := &SnapshotWriter{path: path, tmp: f.Name(), dims: dims, opts: opts, enc: enc, info: info, f: f,
		w: bufio.NewWriterSize(f, 1<<20), seen: map[string]bool{},
		unit: make([]float32, dims), scratch: make([]float32, enc.scratchLen())}
	if _, err := sw.w.Write(make([]byte, headerSize)); err != nil {
		sw.Abort()
		return nil, fmt.Errorf("vector: write snapshot: %w", err)
	}
	return sw, nil
}

// Add appends vectors under ids, normalized as Index.Add does. An id may
// appear once per snapshot.
func (sw *SnapshotWriter) Add(ids []string, vecs [][]float32) error {
	if len(ids) != len(vecs) {
		return fmt.Errorf("vector: snapshot add: %d ids but %d vectors", len(ids), len(vecs))
	}
	for i, v := range vecs {
		if len(v) != sw.dims {
			return fmt.Errorf("vector: snapshot add %q: got %d dimensions, want %d", ids[i], len(v), sw.dims)
		}
		if err := normalizeInto(sw.unit, v); err != nil {
			return fmt.Errorf("vector: snapshot add %q: %w", ids[i], err)
		}
		if err := sw.addUnit(ids[i], sw.unit, nil); err != nil {
			return err
		}
	}
	return nil
}

// addUnit appends one unit vector, with its signature when known.
func (sw *SnapshotWriter) addUnit(id string, u []float32, sig []uint64) error {
	if id == "" {
		return errors.New("vector: snapshot add: empty id")
	}
	if sw.seen[id] {
		return fmt.Errorf("vector: snapshot add: id %q twice", id)
	}
	sw.seen[id] = true
	if sig == nil {
		n := len(sw.sigs)
		sw.sigs = append(sw.sigs, make([]uint64, sw.enc.words)...)
		sw.enc.encode(u, sw.sigs[n:], sw.scratch)
	} else {
		sw.sigs = append(sw.sigs, sig...)
	}
	sw.idBytes = append(sw.idBytes, id...)
	if len(sw.idBytes) > math.MaxUint32 {
		return errors.New("vector: snapshot ids exceed 4 GiB")
	}
	sw.ends = append(sw.ends, uint32(len(sw.idBytes)))
	fb := floatBytes(u)
	sw.vecCRC = crc32.Update(sw.vecCRC, castagnoli(), fb)
	if _, err := sw.w.Write(fb); err != nil {
		return fmt.Errorf("vector: write snapshot: %w", err)
	}
	return nil
}

// VerifyVectors checks the snapshot's vectors against the CRC its writer
// recorded (an index not loaded from a snapshot, or one written before
// the CRC was, passes). It reads every vector: about 10 ms for 100,000 of
// 256 dimensions.
func (ix *Index) VerifyVectors() error {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	if ix.mem == nil {
		return nil
	}
	b := ix.mem.data
	want := binary.LittleEndian.Uint32(b[hVecCRC:])
	if want == 0 {
		return nil
	}
	if got := crc32.Checksum(b[headerSize:headerSize+ix.nbase*ix.dims*4], castagnoli()); got != want {
		return fmt.Errorf("%w: vectors fail their checksum", ErrCorrupt)
	}
	return nil
}

// Commit finishes the file, syncs it and renames it over the path.
func (sw *SnapshotWriter) Commit() error {
	n := len(sw.ends)
	vecEnd := headerSize + n*sw.dims*4
	sigOff := (vecEnd + 7) &^ 7
	endsOff := sigOff + len(sw.sigs)*8
	idsOff := endsOff + 4*n
	end := idsOff + len(sw.idBytes)
	sigBytes, endBytes := wordBytes(sw.sigs), uint32Bytes(sw.ends)
	_, err := sw.w.Write(make([]byte, sigOff-vecEnd))
	for _, b := range [][]byte{sigBytes, endBytes, sw.idBytes} {
		if err == nil {
			_, err = sw.w.Write(b)
		}
	}
	if err == nil {
		err = sw.w.Flush()
	}
	h := make([]byte, headerSize)
	copy(h, snapMagic)
	le := binary.LittleEndian
	le.PutUint32(h[hDims:], uint32(sw.dims))
	le.PutUint32(h[hBits:], uint32(sw.opts.Bits))
	le.PutUint64(h[hSeed:], sw.opts.Seed)
	le.PutUint64(h[hN:], uint64(n))
	le.PutUint64(h[hGen:], sw.info.Gen)
	for _, f := range [][2]int{{hVecOff, headerSize}, {hSigOff, sigOff}, {hEndsOff, endsOff}, {hIDsOff, idsOff}, {hEnd, end}} {
		le.PutUint64(h[f[0]:], uint64(f[1]))
	}
	le.PutUint32(h[hTagLen:], uint32(len(sw.info.Tag)))
	copy(h[hTag:], sw.info.Tag)
	le.PutUint32(h[hVecCRC:], sw.vecCRC)
	le.PutUint32(h[hCRC:], snapshotCRC(h, sigBytes, endBytes, sw.idBytes))
	if err == nil {
		_, err = sw.f.WriteAt(h, 0)
	}
	if err == nil {
		err = sw.f.Chmod(0o644)
	}
	if err == nil {
		err = sw.f.Sync()
	}
	if cerr := sw.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(sw.tmp, sw.path)
	}
	if err != nil {
		os.Remove(sw.tmp)
		return fmt.Errorf("vector: write snapshot %s: %w", sw.path, err)
	}
	syncDir(filepath.Dir(sw.path))
	return nil
}

// Abort abandons the snapshot and removes the temporary file.
func (sw *SnapshotWriter) Abort() {
	sw.f.Close()
	os.Remove(sw.tmp)
}

// snapshotCRC is the checksum stored in a header: over the header with its
// CRC field zeroed, then the signatures and ids.
func snapshotCRC(h []byte, parts ...[]byte) uint32 {
	hc := append([]byte(nil), h[:hTag+int(binary.LittleEndian.Uint32(h[hTagLen:]))]...)
	clear(hc[hCRC : hCRC+4])
	c := crc32.Update(0, castagnoli(), hc)
	for _, p := range parts {
		c = crc32.Update(c, castagnoli(), p)
	}
	return c
}

// WriteSnapshot writes the index's vectors to a snapshot at path.
func (ix *Index) WriteSnapshot(path string, info SnapshotInfo) error {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	sw, err := NewSnapshotWriter(path, ix.dims, ix.opts, info)
	if err != nil {
		return err
	}
	for i, id := range ix.ids {
		if err := sw.addUnit(id, ix.vec(int32(i)), ix.sig(int32(i))); err != nil {
			sw.Abort()
			return err
		}
	}
	return sw.Commit()
}

// OpenSnapshot opens the snapshot at path as an index searched with opts
// (which must give the signatures it was written with). A file that fails
// its checks returns an error wrapping ErrCorrupt; a missing one, an error
// wrapping fs.ErrNotExist. Close the index to release the file's memory.
func OpenSnapshot(path string, opts Options) (*Index, SnapshotInfo, error) {
	return openSnapshot(path, opts, true)
}

// openSnapshot is OpenSnapshot; checkTables false leaves the checksum of
// the signature and id tables unread (their bounds are still checked),
// for a file the caller has verified already.
func openSnapshot(path string, opts Options, checkTables bool) (*Index, SnapshotInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, SnapshotInfo{}, fmt.Errorf("vector: open snapshot: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, SnapshotInfo{}, fmt.Errorf("vector: open snapshot: %w", err)
	}
	if fi.Size() < headerSize || fi.Size() > math.MaxInt {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: %s: %d bytes", ErrCorrupt, path, fi.Size())
	}
	m, err := mapFile(f, int(fi.Size()))
	if err != nil {
		return nil, SnapshotInfo{}, err
	}
	ix, info, err := fromMapping(m, opts, checkTables)
	if err != nil {
		m.close()
		return nil, SnapshotInfo{}, fmt.Errorf("%s: %w", path, err)
	}
	return ix, info, nil
}

// fromMapping checks a snapshot's bytes and builds the index over them.
func fromMapping(m *mapping, opts Options, checkTables bool) (*Index, SnapshotInfo, error) {
	b := m.data
	le := binary.LittleEndian
	if string(b[:8]) != snapMagic {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: bad magic", ErrCorrupt)
	}
	dims := int(le.Uint32(b[hDims:]))
	tagLen := int(le.Uint32(b[hTagLen:]))
	if dims <= 0 || dims > 1<<20 || tagLen > maxTagLen {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: bad header", ErrCorrupt)
	}
	ix, err := New(dims, opts)
	if err != nil {
		return nil, SnapshotInfo{}, err
	}
	if int(le.Uint32(b[hBits:])) != ix.opts.Bits || le.Uint64(b[hSeed:]) != ix.opts.Seed {
		return nil, SnapshotInfo{}, fmt.Errorf("vector: snapshot signatures were made with other options")
	}
	n64 := le.Uint64(b[hN:])
	w := ix.enc.words
	if n64 > uint64(len(b))/uint64(dims*4) {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: bad count", ErrCorrupt)
	}
	n := int(n64)
	vecOff, sigOff, endsOff := le.Uint64(b[hVecOff:]), le.Uint64(b[hSigOff:]), le.Uint64(b[hEndsOff:])
	idsOff, end := le.Uint64(b[hIDsOff:]), le.Uint64(b[hEnd:])
	vecEnd := uint64(headerSize + n*dims*4)
	if vecOff != headerSize || sigOff != (vecEnd+7)&^7 || endsOff != sigOff+uint64(n*w*8) ||
		idsOff != endsOff+uint64(4*n) || end != uint64(len(b)) || idsOff > end {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: bad layout", ErrCorrupt)
	}
	sigBytes, endBytes, idBytes := b[sigOff:endsOff], b[endsOff:idsOff], b[idsOff:end]
	if checkTables && snapshotCRC(b[:headerSize], sigBytes, endBytes, idBytes) != le.Uint32(b[hCRC:]) {
		return nil, SnapshotInfo{}, fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	info := SnapshotInfo{Tag: string(b[hTag : hTag+tagLen]), Gen: le.Uint64(b[hGen:])}
	all := string(idBytes)              // one allocation for every id
	ids := make([]string, n, n+n/16+16) // room for a delta to append to
	slot := make(map[string]int32, n+n/16+16)
	start := uint32(0)
	for i := range n {
		e := le.Uint32(endBytes[4*i:])
		if e < start || int(e) > len(all) || e == start {
			return nil, SnapshotInfo{}, fmt.Errorf("%w: bad id table", ErrCorrupt)
		}
		id := all[start:e]
		if _, dup := slot[id]; dup {
			return nil, SnapshotInfo{}, fmt.Errorf("%w: id %q twice", ErrCorrupt, id)
		}
		ids[i], slot[id] = id, int32(i)
		start = e
	}
	ix.ids, ix.slot, ix.nbase, ix.mem = ids, slot, n, m
	// An index dropped without Close releases the memory when collected:
	// nothing outside the index points into it (ids are copies).
	runtime.AddCleanup(ix, func(m *mapping) { m.close() }, m)
	ix.base = bytesFloats(b[vecOff:vecEnd])
	ix.sigs = bytesWords(sigBytes)
	return ix, info, nil
}

// syncDir makes a rename in dir durable (best effort).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// floatBytes returns v as little-endian bytes (in place when possible).
func floatBytes(v []float32) []byte {
	if littleEndian() {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), 4*len(v))
	}
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// wordBytes returns v as little-endian bytes (in place when possible).
func wordBytes(v []uint64) []byte {
	if littleEndian() {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), 8*len(v))
	}
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return b
}

// uint32Bytes returns v as little-endian bytes.
func uint32Bytes(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// bytesFloats views little-endian bytes (4-aligned) as float32s, in place
// when possible. The result's capacity is its length, so appending copies.
func bytesFloats(b []byte) []float32 {
	n := len(b) / 4
	if n == 0 {
		return nil
	}
	if littleEndian() {
		return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), n)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

// bytesWords views little-endian bytes (8-aligned) as uint64s, in place when
// possible. The result's capacity is its length, so appending copies.
func bytesWords(b []byte) []uint64 {
	n := len(b) / 8
	if n == 0 {
		return nil
	}
	if littleEndian() {
		return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n)
	}
	v := make([]uint64, n)
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return v
}
