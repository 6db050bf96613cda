package vector

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrStale marks snapshot files that are intact but hold another state than
// the one asked for (another tag or generation): a newer state was recorded
// elsewhere, or the files were written for something else.
var ErrStale = errors.New("vector: snapshot out of date")

// Files is an index kept on disk as a snapshot plus a delta file of the
// changes since. Each state of the vectors has a generation: the snapshot
// records its own, each delta record the one it reaches. The caller keeps
// the current generation somewhere authoritative and asks for it, so a
// snapshot left behind by a crash or by another version is never used.
type Files struct {
	// Snapshot and Delta are the two files' paths.
	Snapshot, Delta string
	// Opts are the index options (they decide the signatures).
	Opts Options
	// SkipVectorCheck leaves the snapshot's vectors unread by Open, and
	// its signature and id tables unsummed (the caller knows the file is
	// the one it wrote; see VerifyVectors).
	SkipVectorCheck bool
}

// Head reads the snapshot's header and the delta file and returns the
// snapshot's generation, the delta file's size, and whether together they
// hold tag at generation gen (ok false: a rebuild is due). Of the delta it
// reads the record headers and the last record, not every vector.
func (f Files) Head(tag string, dims int, gen uint64) (base uint64, deltaSize int64, ok bool, err error) {
	info, err := ReadSnapshotInfo(f.Snapshot)
	if err != nil {
		return 0, 0, false, err
	}
	if info.Tag != tag {
		return info.Gen, 0, false, nil
	}
	last, size, has, err := DeltaHead(f.Delta, dims, info.Gen)
	if err != nil {
		return info.Gen, 0, false, err
	}
	if !has {
		return info.Gen, 0, info.Gen == gen, nil
	}
	return info.Gen, size, last == gen, nil
}

// Open opens the snapshot, applies the delta and checks that the result is
// tag at generation gen; otherwise it returns an error wrapping ErrStale,
// ErrCorrupt or fs.ErrNotExist.
func (f Files) Open(ctx context.Context, tag string, gen uint64) (*Index, error) {
	ix, info, err := openSnapshot(f.Snapshot, f.Opts, !f.SkipVectorCheck)
	if err != nil {
		return nil, err
	}
	if info.Tag != tag {
		ix.Close()
		return nil, fmt.Errorf("%w: snapshot holds %q, want %q", ErrStale, info.Tag, tag)
	}
	// Before the delta changes any of them.
	if !f.SkipVectorCheck {
		if err := ix.VerifyVectors(); err != nil {
			ix.Close()
			return nil, fmt.Errorf("%s: %w", f.Snapshot, err)
		}
	}
	recs, err := ReadDelta(f.Delta, ix.dims, info.Gen)
	if err != nil {
		ix.Close()
		return nil, err
	}
	last := info.Gen
	for i := range recs {
		if err := recs[i].Apply(ctx, ix); err != nil {
			ix.Close()
			return nil, fmt.Errorf("%w: %s: %w", ErrCorrupt, f.Delta, err)
		}
		last = recs[i].Gen
	}
	if last != gen {
		ix.Close()
		return nil, fmt.Errorf("%w: files at generation %d, want %d", ErrStale, last, gen)
	}
	return ix, nil
}

// ReadSnapshotInfo reads a snapshot's tag and generation from its header
// (without checking the rest of the file).
func ReadSnapshotInfo(path string) (SnapshotInfo, error) {
	fh, err := os.Open(path)
	if err != nil {
		return SnapshotInfo{}, fmt.Errorf("vector: open snapshot: %w", err)
	}
	defer fh.Close()
	h := make([]byte, headerSize)
	if _, err := io.ReadFull(fh, h); err != nil {
		return SnapshotInfo{}, fmt.Errorf("%w: %s: short header", ErrCorrupt, path)
	}
	le := binary.LittleEndian
	tagLen := int(le.Uint32(h[hTagLen:]))
	if string(h[:8]) != snapMagic || tagLen > maxTagLen {
		return SnapshotInfo{}, fmt.Errorf("%w: %s: bad header", ErrCorrupt, path)
	}
	return SnapshotInfo{Tag: string(h[hTag : hTag+tagLen]), Gen: le.Uint64(h[hGen:])}, nil
}
