package embed

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
)

// dimensions tracks a remote model's vector length: configured, or learned
// from the first response and enforced afterwards.
type dimensions struct {
	configured int
	learned    atomic.Int64
}

func (d *dimensions) get() int {
	if d.configured > 0 {
		return d.configured
	}
	return int(d.learned.Load())
}

// check validates a batch of vectors from the server: one per text, all of
// the known (or, for the first batch, one common) length, each normalizable.
// It normalizes them in place.
func (d *dimensions) check(vecs [][]float32, want int) error {
	if len(vecs) != want {
		return fmt.Errorf("%w: %d vectors for %d texts", ErrBadResponse, len(vecs), want)
	}
	if want == 0 {
		return nil
	}
	n := d.get()
	first := n == 0
	if first {
		n = len(vecs[0])
		if n == 0 {
			return fmt.Errorf("%w: empty vector", ErrBadResponse)
		}
	}
	for i, v := range vecs {
		if len(v) != n {
			if d.configured > 0 {
				return fmt.Errorf("%w: vector %d has %d dimensions, configured %d", ErrBadResponse, i, len(v), n)
			}
			return fmt.Errorf("%w: vector %d has %d dimensions, expected %d", ErrBadResponse, i, len(v), n)
		}
		if err := normalize(v); err != nil {
			return fmt.Errorf("vector %d: %w", i, err)
		}
	}
	if first && !d.learned.CompareAndSwap(0, int64(n)) && d.learned.Load() != int64(n) {
		return fmt.Errorf("%w: %d dimensions, but a concurrent call learned %d", ErrBadResponse, n, d.learned.Load())
	}
	return nil
}

// remoteID formats provider/model/dimensions.
func remoteID(provider, model string, d *dimensions) string {
	return provider + "/" + model + "/" + strconv.Itoa(d.get())
}

// batched calls fn on consecutive batches of at most size texts and
// concatenates the vectors.
func batched(ctx context.Context, texts []string, size int, fn func(context.Context, []string) ([][]float32, error)) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for lo := 0; lo < len(texts); lo += size {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		hi := min(lo+size, len(texts))
		vecs, err := fn(ctx, texts[lo:hi])
		if err != nil {
			if len(texts) > size {
				return nil, fmt.Errorf("texts %d-%d of %d: %w", lo+1, hi, len(texts), err)
			}
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

func batchSize(cfg Config) int {
	if cfg.BatchSize > 0 {
		return cfg.BatchSize
	}
	return DefaultBatchSize
}
