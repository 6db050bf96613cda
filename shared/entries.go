package shared

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Entry is one entry of a tenant's shared log.
type Entry struct {
	// Seq is the entry's position in its tenant's log (0 until stored).
	Seq int64 `json:"seq,omitempty"`
	// ID is the content hash of the entry and its origin (see EntryID).
	ID      string `json:"id"`
	Tenant  string `json:"tenant"`
	Project string `json:"project,omitempty"`
	Agent   string `json:"agent,omitempty"`
	// Host is the machine that wrote it; Origin the node (workspace).
	Host   string `json:"host,omitempty"`
	Origin string `json:"origin"`
	// Date and Time place it in the daily logs.
	Date  string   `json:"date"`
	Time  string   `json:"time"`
	Layer string   `json:"layer"`
	Text  string   `json:"text"`
	Tags  []string `json:"tags,omitempty"`
	// Supersedes names the id of an entry this one replaces.
	Supersedes string    `json:"supersedes,omitempty"`
	Written    time.Time `json:"written"`
	// Writer says who wrote it, for the audit row.
	Writer Writer `json:"writer"`
}

// Writer identifies who wrote an entry: the API key, the request.
type Writer struct {
	KeyID     string `json:"key_id,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

// EntryID is the content hash of e: its tenant, origin and nonce (unique
// per write of the origin, so two identical texts written twice stay two
// entries, and a write sent twice stays one), day, time, agent, tags and
// text.
func EntryID(e *Entry, nonce string) string {
	h := sha256.New()
	for _, f := range []string{e.Tenant, e.Origin, nonce, e.Date, e.Time, e.Agent, strings.Join(e.Tags, ","), e.Text} {
		h.Write([]byte(f))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// Append stores entries in their tenant's log, in order, with one audit
// row each, and notifies the followers. An entry whose id is stored
// already is skipped (a retry after a lost answer), so sending twice
// never stores twice. It returns how many were new.
func (s *Store) Append(ctx context.Context, tenant string, es []Entry) (int, error) {
	if len(es) == 0 {
		return 0, nil
	}
	added := 0
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		added = 0
		// Positions are taken under the tenant's lock, so they commit in
		// order and a follower reading past its last one misses none.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('archon:log:' || $1, 0))", tenant); err != nil {
			return err
		}
		ids := make([]string, len(es))
		for i, e := range es {
			ids[i] = e.ID
		}
		stored := map[string]bool{}
		rows, err := tx.Query(ctx, "SELECT id FROM archon_entries WHERE tenant = $1 AND id = ANY($2)", tenant, ids)
		if err != nil {
			return err
		}
		have, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, id := range have {
			stored[id] = true
		}
		var head int64
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(seq), 0) FROM archon_entries WHERE tenant = $1", tenant).Scan(&head); err != nil {
			return err
		}
		b := &pgx.Batch{}
		for _, e := range es {
			if e.Tenant != tenant {
				return fmt.Errorf("%w: entry %s of tenant %q in the log of %q", ErrInvalid, e.ID, e.Tenant, tenant)
			}
			if stored[e.ID] {
				continue
			}
			stored[e.ID] = true
			head++
			added++
			var sup any
			if e.Supersedes != "" {
				sup = e.Supersedes
			}
			b.Queue(`INSERT INTO archon_entries (tenant, seq, id, project, agent, host, origin, day, at, layer, body, tags, supersedes, written)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
				tenant, head, e.ID, e.Project, e.Agent, e.Host, e.Origin, e.Date, e.Time, e.Layer, e.Text, nonNil(e.Tags), sup, e.Written)
			action := "log"
			if e.Layer == LayerForget {
				action = "forget"
				ts, err := e.Targets()
				if err != nil {
					return err
				}
				// The forgotten texts leave the store with the record
				// that forgets them; the rows keep their place in the log.
				// Of identical copies, the earliest Keep stay.
				for _, t := range ts {
					b.Queue(`UPDATE archon_entries SET body = '', tags = '{}' WHERE tenant = $1 AND seq IN
						(SELECT seq FROM archon_entries WHERE `+forgetTargetSQL+` ORDER BY seq OFFSET $7)`,
						tenant, LayerForget, t.Date, t.Time, t.Agent, t.Hash, max(0, t.Keep))
				}
			}
			b.Queue(auditSQL, tenant, e.Writer.KeyID, e.Agent, e.Host, e.Writer.RequestID, action, e.ID)
		}
		if added == 0 {
			return nil
		}
		b.Queue("SELECT pg_notify($1, $2)", Channel, tenant)
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return 0, wrapErr("append to the shared log", err)
	}
	return added, nil
}

// forgetTargetSQL selects the entries a forget target names ($1 tenant,
// $2 LayerForget, $3 day, $4 time, $5 agent, $6 TextHash of the text).
const forgetTargetSQL = `tenant = $1 AND layer <> $2 AND day = $3 AND at = $4 AND agent = $5
	AND encode(sha256(convert_to(btrim(body, E' \t\r\n'), 'UTF8')), 'hex') = $6`

// auditSQL adds an audit row: tenant, key id, agent, host, request id,
// action, and the id of what was written.
const auditSQL = `INSERT INTO archon_audit (tenant, key_id, agent, host, request_id, action, entry_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Since returns up to limit entries of tenant's log after position after,
// in order.
func (s *Store) Since(ctx context.Context, tenant string, after int64, limit int) ([]Entry, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, id, project, agent, host, origin, day, at, layer, body, tags, coalesce(supersedes, ''), written
		FROM archon_entries WHERE tenant = $1 AND seq > $2 ORDER BY seq LIMIT $3`, tenant, after, limit)
	if err != nil {
		return nil, wrapErr("read the shared log", err)
	}
	es, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Entry, error) {
		e := Entry{Tenant: tenant}
		err := r.Scan(&e.Seq, &e.ID, &e.Project, &e.Agent, &e.Host, &e.Origin, &e.Date, &e.Time, &e.Layer, &e.Text, &e.Tags, &e.Supersedes, &e.Written)
		return e, err
	})
	return es, wrapErr("read the shared log", err)
}
