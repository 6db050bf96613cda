package shared

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/archon-memory/archon/memory"
)

// ApplyFunc appends entries other nodes wrote to this node's workspace,
// in order. With recheck set, some of them may be there already (the
// node stopped between writing them and recording it): those must be
// skipped.
type ApplyFunc func(ctx context.Context, es []Entry, recheck bool) error

// NodeOptions configure a Node.
type NodeOptions struct {
	// URL is the PostgreSQL connection string.
	URL string
	// Tenant is the log this node replicates; Project the project of its
	// entries.
	Tenant, Project string
	// Host names this machine in the entries and the audit (default: the
	// host name).
	Host string
	// Apply writes others' entries to the workspace.
	Apply ApplyFunc
	// AnyTenant: the node checks the keys of every tenant (a node that
	// answers any tenant); its log is still Tenant's.
	AnyTenant bool
	// L3Changed, when set, is called when a node wrote the tenant's
	// shared L3 (a notification on L3Channel).
	L3Changed func()
	// Poll is how often the node looks for new entries when no
	// notification came (default 1s), and how soon it retries after an
	// error (growing to 10s).
	Poll time.Duration
	// KeyRefresh is how often a running node reloads its tenant's keys
	// (default 30s): a new key or a revocation reaches it that soon, in use
	// or idle.
	KeyRefresh time.Duration
	// Answer is how long one exchange with the store may take (default
	// 30s): a store that stops answering on an open connection (a network
	// that drops packets, a frozen proxy) is then an error, the node shows
	// itself disconnected and reconnects, instead of waiting for ever.
	Answer time.Duration
	Logger *slog.Logger
}

// NodeStatus says how a node stands.
type NodeStatus struct {
	Tenant string `json:"tenant"`
	Origin string `json:"origin"`
	// Connected: the last exchange with the store succeeded.
	Connected bool   `json:"connected"`
	LastError string `json:"last_error,omitempty"`
	// Applied is the last position of the tenant's log in this workspace.
	Applied int64 `json:"applied"`
	// Outbox counts the entries waiting to be sent.
	Outbox int `json:"outbox"`
	// Sent and Received count entries since the node started.
	Sent     int64 `json:"sent"`
	Received int64 `json:"received"`
	// CaughtUp is when the node first found nothing more to apply since
	// it started (nil until then).
	CaughtUp *time.Time `json:"caught_up,omitempty"`
}

// Node is a workspace in shared mode: it sends its outbox to the store
// and applies the tenant's other entries to the workspace.
type Node struct {
	opt    NodeOptions
	dir    string
	origin string
	outbox *Outbox
	kick   chan struct{}

	mu     sync.Mutex // guards st, store, closed
	st     NodeStatus
	errs   map[string]string // the last error of each step (send, follow), by step
	store  *Store
	closed bool
	keys   keyCache
}

// replicaState is what a node keeps of its place in the tenant's log.
type replicaState struct {
	Tenant  string `json:"tenant"`
	Applied int64  `json:"applied"`
	// Pending is the last position of a batch being applied: after a
	// crash, the batch up to it is applied again with recheck.
	Pending int64 `json:"pending,omitempty"`
	// Recheck: there was no state (a new replica, one whose state was
	// deleted, a copied workspace): everything it applies is rechecked
	// against the logs until it has caught up once, across restarts.
	Recheck bool `json:"recheck,omitempty"`
}

// answerTimeout is NodeOptions.Answer's default; closeWait bounds saying
// goodbye on a connection that may not answer.
const (
	answerTimeout = 30 * time.Second
	closeWait     = 2 * time.Second
)

// Origin returns the id of the node whose state is in dir, made once. A
// workspace copied (with its .archon) is another node: dir's node-path
// file records where the id was made (links resolved), and a dir found
// elsewhere makes a new id (else the two copies would each take the
// other's entries for its own and drop them), and rechecks what it
// catches up on next. A moved workspace gets a new id too, which costs a
// recheck: its position in the tenant's log stays.
func Origin(dir string) (string, error) {
	p := filepath.Join(dir, "node-id")
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	// One directory reached by two paths (a symlink, $PWD through one) is
	// one node: the path kept is the one with every link resolved.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	where := filepath.Join(dir, "node-path")
	replaced := false
	if b, err := os.ReadFile(p); err == nil && len(b) >= 8 {
		made, err := os.ReadFile(where)
		switch {
		case errors.Is(err, fs.ErrNotExist): // made before node-path was kept
			if err := memory.WriteFileAtomic(where, []byte(abs+"\n"), 0o644); err != nil {
				return "", err
			}
			return string(b[:len(b)-1]), nil
		case err != nil:
			return "", err
		case strings.TrimSuffix(string(made), "\n") == abs:
			return string(b[:len(b)-1]), nil
		}
		replaced = true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var raw [8]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	id := "node-" + hex.EncodeToString(raw[:])
	if err := memory.WriteFileAtomic(p, []byte(id+"\n"), 0o644); err != nil {
		return "", err
	}
	if replaced {
		// A copy holds what the original wrote under the old id, and may
		// send its outbox's entries, which come back as another node's:
		// what it catches up on is rechecked against its logs.
		if err := markRecheck(dir); err != nil {
			return "", err
		}
	}
	// The path last: a crash before it makes another new id.
	if err := memory.WriteFileAtomic(where, []byte(abs+"\n"), 0o644); err != nil {
		return "", err
	}
	return id, nil
}

// markRecheck sets Recheck in the replica state kept in dir, if any (a
// replica with none rechecks anyway).
func markRecheck(dir string) error {
	path := filepath.Join(dir, "replica.json")
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("replica state: %w", err)
	}
	var st replicaState
	if json.Unmarshal(b, &st) != nil {
		return nil // damaged: loadState reports it
	}
	st.Recheck = true
	b, _ = json.Marshal(st)
	return memory.WriteFileAtomic(path, b, 0o644)
}

// NewNode returns the node whose state (outbox, replica position, id)
// is in dir. It connects only when it runs.
func NewNode(dir string, opt NodeOptions) (*Node, error) {
	if err := ValidateTenant(opt.Tenant); err != nil {
		return nil, fmt.Errorf("shared.tenant: %w", err)
	}
	if opt.Poll <= 0 {
		opt.Poll = time.Second
	}
	if opt.KeyRefresh <= 0 {
		opt.KeyRefresh = keyRefresh
	}
	if opt.Answer <= 0 {
		opt.Answer = answerTimeout
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Host == "" {
		opt.Host, _ = os.Hostname()
	}
	origin, err := Origin(dir)
	if err != nil {
		return nil, fmt.Errorf("shared node: %w", err)
	}
	ob, err := OpenOutbox(dir)
	if err != nil {
		return nil, err
	}
	n := &Node{opt: opt, dir: dir, origin: origin, outbox: ob, kick: make(chan struct{}, 1)}
	n.keys.load(filepath.Join(dir, "keys.json"))
	n.st.Tenant, n.st.Origin = opt.Tenant, origin
	st, err := n.loadState()
	if err != nil {
		return nil, err
	}
	n.st.Applied = st.Applied
	return n, nil
}

// Entry fills in what the node knows of an entry it writes: tenant,
// project, host, origin, layer, time written and its id.
func (n *Node) Entry(e Entry) (Entry, error) {
	var nonce [12]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return Entry{}, err
	}
	e.Tenant, e.Origin, e.Host = n.opt.Tenant, n.origin, n.opt.Host
	if e.Project == "" {
		e.Project = n.opt.Project
	}
	if e.Layer == "" {
		e.Layer = "L2"
	}
	e.Written = time.Now().UTC()
	e.ID = EntryID(&e, hex.EncodeToString(nonce[:]))
	return e, nil
}

// Write queues e (made with Entry) for the store; once it returns, the
// entry is durable and will be sent.
func (n *Node) Write(ctx context.Context, e Entry) error {
	if err := n.outbox.Add(ctx, e); err != nil {
		return err
	}
	select {
	case n.kick <- struct{}{}:
	default:
	}
	return nil
}

var errNodeStopped = errors.New("the shared node is stopped")

// Status reports how the node stands.
func (n *Node) Status(ctx context.Context) NodeStatus {
	waiting, _ := n.outbox.Len(ctx)
	n.mu.Lock()
	defer n.mu.Unlock()
	st := n.st
	st.Outbox = waiting
	return st
}

// CaughtUp is when the node first found nothing more to apply since it
// started (nil until then): Status without reading the outbox.
func (n *Node) CaughtUp() *time.Time {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.st.CaughtUp
}

func (n *Node) note(step string, err error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.errs == nil {
		n.errs = map[string]string{}
	}
	delete(n.errs, step)
	if err != nil {
		n.errs[step] = step + ": " + err.Error()
	}
	// One step's success does not hide another's failure (a log the
	// store refuses while the node follows it well).
	n.st.Connected = len(n.errs) == 0
	n.st.LastError = strings.Join(slices.Sorted(maps.Values(n.errs)), "; ")
}

// CheckTenant reports whether the node's tenant exists in the store
// (ErrUnknownTenant if not): a misspelled shared.tenant is said at once,
// not only in the log of a send that keeps failing.
func (n *Node) CheckTenant(ctx context.Context) error {
	s, err := n.connect(ctx)
	if err != nil {
		return err
	}
	var found bool
	if err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM archon_tenants WHERE name = $1)", n.opt.Tenant).Scan(&found); err != nil {
		return wrapErr("tenant", err)
	}
	if !found {
		return fmt.Errorf("shared.tenant %q: %w (create it with archon tenant add)", n.opt.Tenant, ErrUnknownTenant)
	}
	return nil
}

// connect returns the store, opening it on first use.
func (n *Node) connect(ctx context.Context) (*Store, error) {
	n.mu.Lock()
	s, closed := n.store, n.closed
	n.mu.Unlock()
	switch {
	case closed:
		return nil, errNodeStopped
	case s != nil:
		return s, nil
	}
	s, err := Open(ctx, n.opt.URL)
	if err != nil {
		return nil, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	switch {
	case n.closed:
		s.Close()
		return nil, errNodeStopped
	case n.store != nil:
		s.Close()
		return n.store, nil
	}
	n.store = s
	return s, nil
}

// Run sends and follows until ctx ends; errors are retried.
func (n *Node) Run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); n.retry(ctx, "send", n.send) }()
	go func() { defer wg.Done(); n.retry(ctx, "follow", n.follow) }()
	go func() { defer wg.Done(); n.keepKeys(ctx) }()
	wg.Wait()
	n.mu.Lock()
	n.closed = true
	s := n.store
	n.store = nil
	n.mu.Unlock()
	if s != nil {
		// Closing waits for every connection's goodbye; one the store
		// stopped answering on takes pgx 15s to give up. Run waits
		// closeWait for that, and lets the rest finish behind it.
		closed := make(chan struct{})
		go func() { s.Close(); close(closed) }()
		select {
		case <-closed:
		case <-time.After(closeWait):
			n.opt.Logger.Warn("shared store: connections still closing", "waited", closeWait)
		}
	}
}

// Audit records a write that reached the store other than through the log
// (an L3 record's): action, the record's id and who wrote it.
func (n *Node) Audit(ctx context.Context, w Writer, agent, action, id string) error {
	s, err := n.connect(ctx)
	if err != nil {
		return err
	}
	actx, cancel := context.WithTimeout(ctx, n.opt.Answer)
	defer cancel()
	_, err = s.pool.Exec(actx, auditSQL, n.opt.Tenant, w.KeyID, agent, n.opt.Host, w.RequestID, action, id)
	return wrapErr("audit", err)
}

// retry runs loop until ctx ends, waiting longer after each failure.
func (n *Node) retry(ctx context.Context, what string, loop func(context.Context) error) {
	wait := n.opt.Poll
	for ctx.Err() == nil {
		err := loop(ctx)
		if ctx.Err() != nil {
			return
		}
		n.note(what, err)
		n.opt.Logger.Warn("shared store", "step", what, "err", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 10*time.Second)
	}
}

// send drains the outbox into the store whenever it is kicked or the
// poll interval passes.
func (n *Node) send(ctx context.Context) error {
	tick := time.NewTicker(n.opt.Poll)
	defer tick.Stop()
	for {
		for {
			es, end, err := n.outbox.Pending(ctx, 500)
			if err != nil || len(es) == 0 {
				if err != nil {
					return err
				}
				n.note("send", nil) // nothing left to send
				break
			}
			s, err := n.connect(ctx)
			if err != nil {
				return err
			}
			actx, cancel := context.WithTimeout(ctx, n.opt.Answer)
			added, err := s.Append(actx, n.opt.Tenant, es)
			cancel()
			if err != nil {
				return err
			}
			if err := n.outbox.Done(ctx, end); err != nil {
				return err
			}
			n.mu.Lock()
			n.st.Sent += int64(added)
			n.mu.Unlock()
			n.note("send", nil)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-n.kick:
		case <-tick.C:
		}
	}
}

// follow listens for the tenant's new entries and applies them, reading
// the log from the last position applied (a missed notification only
// delays an entry by the poll interval).
func (n *Node) follow(ctx context.Context) error {
	s, err := n.connect(ctx)
	if err != nil {
		return err
	}
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeWait)
		conn.Close(cctx)
		cancel()
	}()
	lctx, cancel := context.WithTimeout(ctx, n.opt.Answer)
	_, err = conn.Exec(lctx, "LISTEN "+Channel+"; LISTEN "+L3Channel)
	cancel()
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	for {
		if err := n.catchUp(ctx, s); err != nil {
			return err
		}
		n.note("follow", nil)
		wctx, cancel := context.WithTimeout(ctx, n.opt.Poll)
		nt, err := conn.WaitForNotification(wctx)
		cancel()
		if err == nil && nt.Channel == L3Channel && nt.Payload == n.opt.Tenant && n.opt.L3Changed != nil {
			n.opt.L3Changed()
		}
		if ctx.Err() != nil {
			return nil
		}
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("listen: %w", err)
		}
	}
}

// catchUp applies every entry after the last one applied.
func (n *Node) catchUp(ctx context.Context, s *Store) error {
	st, err := n.loadState()
	if err != nil {
		return err
	}
	for {
		sctx, cancel := context.WithTimeout(ctx, n.opt.Answer)
		es, err := s.Since(sctx, n.opt.Tenant, st.Applied, 1000)
		cancel()
		if err == nil && len(es) == 0 && st.Recheck {
			st.Recheck = false // caught up once: what comes now is new
			err = n.saveState(st)
		}
		if err != nil || len(es) == 0 {
			if err == nil {
				n.mu.Lock()
				if n.st.CaughtUp == nil {
					now := time.Now()
					n.st.CaughtUp = &now
				}
				n.mu.Unlock()
			}
			return err
		}
		last := es[len(es)-1].Seq
		recheck := st.Recheck || st.Pending > st.Applied
		others := es[:0:0]
		for _, e := range es {
			if e.Origin != n.origin {
				others = append(others, e)
			}
		}
		st.Pending = last
		if err := n.saveState(st); err != nil {
			return err
		}
		if len(others) > 0 {
			if err := n.opt.Apply(ctx, others, recheck); err != nil {
				return fmt.Errorf("apply: %w", err)
			}
		}
		st.Applied, st.Pending = last, 0
		if err := n.saveState(st); err != nil {
			return err
		}
		n.mu.Lock()
		n.st.Applied = last
		n.st.Received += int64(len(others))
		n.mu.Unlock()
		// The store has just answered: the status says so together
		// with what it delivered, not a moment later.
		n.note("follow", nil)
	}
}

func (n *Node) statePath() string { return filepath.Join(n.dir, "replica.json") }

func (n *Node) loadState() (replicaState, error) {
	st := replicaState{Tenant: n.opt.Tenant}
	b, err := os.ReadFile(n.statePath())
	if errors.Is(err, fs.ErrNotExist) {
		st.Recheck = true
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("replica state: %w", err)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		return st, fmt.Errorf("replica state %s is damaged: %w (delete it to read the tenant's log again; entries already here are recognised)", n.statePath(), err)
	}
	if st.Tenant != n.opt.Tenant {
		return st, fmt.Errorf("replica state: this workspace replicates tenant %q, shared.tenant says %q (a workspace replicates one tenant)", st.Tenant, n.opt.Tenant)
	}
	return st, nil
}

func (n *Node) saveState(st replicaState) error {
	b, _ := json.Marshal(st)
	return memory.WriteFileAtomic(n.statePath(), b, 0o644)
}
