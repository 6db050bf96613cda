package app

import (
	"context"
	"sync"
	"time"

	"github.com/archon-memory/archon/rag"
)

// indexer runs the engine's Index in one goroutine. Requests that arrive
// while a run is in progress are served together by the next run, which
// starts after they were made, so a caller that waits sees every change
// written before its call. Background requests (after writes) are
// throttled to one run per Options.IndexDelay.
type indexer struct {
	l    *Local
	reqs chan chan indexResult
	kick chan struct{}
	quit chan struct{}
	wg   sync.WaitGroup

	mu      sync.Mutex
	running bool
}

type indexResult struct {
	st  *rag.IndexStats
	err error
}

func newIndexer(l *Local) *indexer {
	ix := &indexer{l: l, reqs: make(chan chan indexResult, 256), kick: make(chan struct{}, 1), quit: make(chan struct{})}
	ix.wg.Add(1)
	go ix.loop()
	return ix
}

// stop ends the loop after the run in progress.
func (ix *indexer) stop() {
	select {
	case <-ix.quit:
	default:
		close(ix.quit)
	}
	ix.wg.Wait()
}

func (ix *indexer) busy() bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.running
}

func (ix *indexer) loop() {
	defer ix.wg.Done()
	var rescan <-chan time.Time
	if ix.l.opt.Rescan > 0 {
		t := time.NewTicker(ix.l.opt.Rescan)
		defer t.Stop()
		rescan = t.C
	}
	var last time.Time
	for {
		var waiting []chan indexResult
		select {
		case <-ix.quit:
			ix.fail()
			return
		case r := <-ix.reqs:
			waiting = append(waiting, r)
		case <-ix.kick:
			// A write: wait out the delay that batches writes, unless
			// someone asks for a run meanwhile (a search right after its
			// own write): then it starts now.
			if d := ix.l.opt.IndexDelay - time.Since(last); d > 0 {
				t := time.NewTimer(d)
				select {
				case <-t.C:
				case r := <-ix.reqs:
					waiting = append(waiting, r)
				case <-ix.quit:
					t.Stop()
					ix.fail()
					return
				}
				t.Stop()
			}
		case <-rescan:
		}
		// Everyone who asked so far is served by this run.
	drain:
		for {
			select {
			case r := <-ix.reqs:
				waiting = append(waiting, r)
			case <-ix.kick:
			default:
				break drain
			}
		}
		ix.mu.Lock()
		ix.running = true
		ix.mu.Unlock()
		st, err := ix.l.runIndex()
		ix.mu.Lock()
		ix.running = false
		ix.mu.Unlock()
		last = time.Now()
		for _, w := range waiting {
			w <- indexResult{st, err}
		}
	}
}

// fail answers the requests left at shutdown.
func (ix *indexer) fail() {
	for {
		select {
		case r := <-ix.reqs:
			r <- indexResult{err: context.Canceled}
		default:
			return
		}
	}
}

// notify asks for a background run (after a write); it never blocks.
func (ix *indexer) notify() {
	select {
	case ix.kick <- struct{}{}:
	default: // a run is already pending
	}
}

// wait asks for a run that starts after this call and waits for it.
func (ix *indexer) wait(ctx context.Context) (*rag.IndexStats, error) {
	r := make(chan indexResult, 1)
	select {
	case ix.reqs <- r:
	case <-ix.quit:
		return nil, context.Canceled
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case res := <-r:
		return res.st, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// runIndex brings the index up to date; it is only called by the indexer.
func (l *Local) runIndex() (*rag.IndexStats, error) {
	// An index run is not tied to one request: it finishes even when the
	// caller gives up, so the index is never left half-updated.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	eng, err := l.engine(ctx)
	if err != nil {
		return nil, err
	}
	began := time.Now()
	// A damaged index the run meets is set aside and rebuilt, as a search
	// that meets it does.
	st, err := repaired(ctx, l, eng, func() (*rag.IndexStats, error) { return eng.Index(ctx, nil) })
	if err != nil {
		l.log.Error("index", "err", err)
	} else {
		for _, w := range st.Warnings {
			l.log.Warn(w)
		}
		l.mu.Lock()
		l.chunks, l.indexedAt, l.indexBegan = st.Chunks, time.Now(), began
		l.mu.Unlock()
		l.caughtUp.Store(true)
	}
	if l.opt.Observer != nil {
		l.opt.Observer.Indexed(st, err)
	}
	return st, err
}
