// Package store keeps the retrieval engine's derived data in SQLite: the
// chunks (metadata and text), the files they came from (for incremental
// indexing), and cached embeddings keyed by content hash and embedder.
//
// SQLite is the source of truth for derived data: the full-text and vector
// indexes are rebuilt from it or from the workspace files, never the other
// way round. The database runs in WAL mode so readers never block the writer.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"

	_ "github.com/mattn/go-sqlite3" // SQLite driver

	"github.com/archon-memory/archon/rag/chunk"
)

// Store is the retrieval database.
type Store struct {
	db         *sql.DB
	neighbours *sql.Stmt
	withText   *sql.Stmt // chunks with their text by a JSON array of ids
}

// migrations are applied in order; user_version counts how many have run.
var migrations = []string{
	`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
	CREATE TABLE files (
		path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
		hash TEXT NOT NULL, layer TEXT NOT NULL);
	CREATE TABLE chunks (
		id TEXT PRIMARY KEY, path TEXT NOT NULL, seq INTEGER NOT NULL,
		line_start INTEGER NOT NULL, line_end INTEGER NOT NULL,
		date TEXT NOT NULL, time TEXT NOT NULL, agent TEXT NOT NULL, tags TEXT NOT NULL,
		project TEXT NOT NULL, layer TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL,
		part INTEGER NOT NULL, hash TEXT NOT NULL, text TEXT NOT NULL);
	CREATE INDEX chunks_path_seq ON chunks(path, seq);
	CREATE TABLE vectors (
		hash TEXT NOT NULL, embedder TEXT NOT NULL, vec BLOB NOT NULL,
		PRIMARY KEY (hash, embedder)) WITHOUT ROWID;`,
	// A covering index for ranking, which reads positions of many chunks
	// and never their text.
	`CREATE INDEX chunks_position ON chunks(path, seq, id, date, agent, tags, project, layer);
	DROP INDEX chunks_path_seq;`,
	// Each chunk's size (bytes of text): how much a chunk stands on its
	// own, for ranking; the covering index carries it.
	`ALTER TABLE chunks ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
	UPDATE chunks SET size = length(CAST(text AS BLOB));
	DROP INDEX chunks_position;
	CREATE INDEX chunks_position ON chunks(path, seq, id, date, agent, tags, project, layer, size);`,
	// A daily log's line count and the hash of its last bytes as indexed:
	// an index run that finds the log only grew chunks the new bytes.
	`ALTER TABLE files ADD COLUMN lines INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE files ADD COLUMN tail TEXT NOT NULL DEFAULT '';`,
	// What each chunk is written as (chunk.Chunk.Marks), and the piece
	// number, in the covering index: ranking keys pieces to their item and
	// weighs what the text says it is. The marks are filled in by the
	// engine (its lexicon may change without a migration).
	`ALTER TABLE chunks ADD COLUMN marks TEXT NOT NULL DEFAULT '';
	DROP INDEX chunks_position;
	CREATE INDEX chunks_position ON chunks(path, seq, id, date, agent, tags, project, layer, size, part, marks);`,
	// The text above a daily log's first entry is chunked too: every log
	// is read again by the next run.
	`UPDATE files SET mtime_ns = 0, hash = '', tail = '' WHERE path LIKE 'memory/%';
	DELETE FROM meta WHERE key = 'file_stamps';`,
	// The chunks by their marks (sorted, so the chunks holding a mark that
	// sorts first are a range): see EachPositionMarked.
	`CREATE INDEX chunks_marks ON chunks(marks, date);`,
	// The chunks of some days (see EachPositionBetween).
	`CREATE INDEX chunks_date ON chunks(date);`,
}

// Open opens (creating or migrating) the database at path.
func Open(ctx context.Context, path string) (*Store, error) {
	// Something else where the database goes (a directory) is damage to
	// set aside, not a reason to fail for ever.
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		what := "a directory"
		if !fi.IsDir() {
			what = "a " + fi.Mode().Type().String() + " file"
		}
		return nil, fmt.Errorf("open %s: %w: %s, not a database", path, ErrDamaged, what)
	}
	dsn := "file:" + path + "?_journal_mode=WAL&_synchronous=NORMAL&_busy_timeout=10000&_foreign_keys=on"
	db, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, mark(err))
	}
	if s.neighbours, err = db.PrepareContext(ctx, neighbourhoodSQL); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, mark(err))
	}
	if s.withText, err = db.PrepareContext(ctx, chunksWithTextSQL); err != nil {
		s.neighbours.Close()
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, mark(err))
	}
	return s, nil
}

func (s *Store) migrate(ctx context.Context) error {
	var v int
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this archon understands (%d): %w", v, len(migrations), ErrNewer)
	}
	for ; v < len(migrations); v++ {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error {
	s.neighbours.Close()
	s.withText.Close()
	return s.db.Close()
}

// Meta returns the value stored under key, or "" when there is none.
func (s *Store) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// SetMeta stores value under key.
func (s *Store) SetMeta(ctx context.Context, key, value string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value)
	return err
}

// File is what the store remembers about an indexed file.
type File struct {
	Path    string
	Size    int64
	MtimeNs int64
	Hash    string
	Layer   string
	// Lines and Tail describe a daily log as indexed: its line count and
	// the hash of its last bytes (see rag's appended); empty otherwise.
	Lines int
	Tail  string
}

// Files returns every indexed file by path.
func (s *Store) Files(ctx context.Context) (map[string]File, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT path, size, mtime_ns, hash, layer, lines, tail FROM files")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]File{}
	for rows.Next() {
		var f File
		if err := rows.Scan(&f.Path, &f.Size, &f.MtimeNs, &f.Hash, &f.Layer, &f.Lines, &f.Tail); err != nil {
			return nil, err
		}
		out[f.Path] = f
	}
	return out, rows.Err()
}

// Tx is a write transaction.
type Tx struct {
	tx       *sql.Tx
	insChunk *sql.Stmt
}

// Begin starts a write transaction.
func (s *Store) Begin(ctx context.Context) (*Tx, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	t := &Tx{tx: tx}
	if t.insChunk, err = tx.PrepareContext(ctx, `INSERT OR REPLACE INTO chunks
		(id, path, seq, line_start, line_end, date, time, agent, tags, project, layer, kind, title, part, hash, text, size, marks)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`); err != nil {
		tx.Rollback()
		return nil, err
	}
	return t, nil
}

// ChunkState is what PutFile compares to decide whether a stored chunk
// must be written again.
type ChunkState struct {
	Hash                    string
	Seq, LineStart, LineEnd int
	Part                    int
}

// StateOf returns the state PutFile stores for c.
func StateOf(c *chunk.Chunk) ChunkState {
	return ChunkState{Hash: c.Hash, Seq: c.Seq, LineStart: c.LineStart, LineEnd: c.LineEnd, Part: c.Part}
}

// PutFile records a file and brings its chunks to cs. prev is what the
// store holds for the file (ChunkStates): chunks that are gone are deleted,
// new or changed ones (content, position or lines) written, and the rest
// left alone, so appending to a long log writes only the new entries.
func (t *Tx) PutFile(ctx context.Context, f File, cs []chunk.Chunk, prev map[string]ChunkState) error {
	keep := make(map[string]bool, len(cs))
	for i := range cs {
		keep[cs[i].ID] = true
	}
	for id := range prev {
		if keep[id] {
			continue
		}
		if _, err := t.tx.ExecContext(ctx, "DELETE FROM chunks WHERE id = ? AND path = ?", id, f.Path); err != nil {
			return fmt.Errorf("delete chunk %s of %s: %w", id, f.Path, err)
		}
	}
	for i := range cs {
		c := &cs[i]
		if p, ok := prev[c.ID]; ok && p == StateOf(c) {
			continue
		}
		if _, err := t.insChunk.ExecContext(ctx, c.ID, c.Path, c.Seq, c.LineStart, c.LineEnd, c.Date, c.Time, c.Agent,
			strings.Join(c.Tags, ","), c.Project, c.Layer, c.Kind, c.Title, c.Part, c.Hash, c.Text, len(c.Text),
			strings.Join(c.Marks, ",")); err != nil {
			return fmt.Errorf("insert chunk %s: %w", c.ID, err)
		}
	}
	return t.putFileRow(ctx, f)
}

func (t *Tx) putFileRow(ctx context.Context, f File) error {
	_, err := t.tx.ExecContext(ctx, `INSERT INTO files(path, size, mtime_ns, hash, layer, lines, tail) VALUES(?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns, hash = excluded.hash,
		layer = excluded.layer, lines = excluded.lines, tail = excluded.tail`,
		f.Path, f.Size, f.MtimeNs, f.Hash, f.Layer, f.Lines, f.Tail)
	return err
}

// AppendChunks adds cs, chunks new to a file that only grew, and updates
// the file's record; its other chunks stay as they are.
func (t *Tx) AppendChunks(ctx context.Context, f File, cs []chunk.Chunk) error {
	for i := range cs {
		c := &cs[i]
		if _, err := t.insChunk.ExecContext(ctx, c.ID, c.Path, c.Seq, c.LineStart, c.LineEnd, c.Date, c.Time, c.Agent,
			strings.Join(c.Tags, ","), c.Project, c.Layer, c.Kind, c.Title, c.Part, c.Hash, c.Text, len(c.Text),
			strings.Join(c.Marks, ",")); err != nil {
			return fmt.Errorf("insert chunk %s: %w", c.ID, err)
		}
	}
	return t.putFileRow(ctx, f)
}

// ChunksFrom returns the chunks of path whose seq is at least from, in
// order, text included.
func (t *Tx) ChunksFrom(ctx context.Context, path string, from int) ([]chunk.Chunk, error) {
	rows, err := t.tx.QueryContext(ctx, "SELECT "+chunkCols+", text FROM chunks WHERE path = ? AND seq >= ? ORDER BY seq", path, from)
	if err != nil {
		return nil, err
	}
	return scanChunks(rows, true)
}

// TouchFile updates a file's size and mtime without touching its chunks.
func (t *Tx) TouchFile(ctx context.Context, f File) error {
	_, err := t.tx.ExecContext(ctx, "UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?", f.Size, f.MtimeNs, f.Path)
	return err
}

// DeleteFile forgets a file and its chunks.
func (t *Tx) DeleteFile(ctx context.Context, path string) error {
	if _, err := t.tx.ExecContext(ctx, "DELETE FROM chunks WHERE path = ?", path); err != nil {
		return err
	}
	_, err := t.tx.ExecContext(ctx, "DELETE FROM files WHERE path = ?", path)
	return err
}

// Commit commits the transaction.
func (t *Tx) Commit() error { return t.tx.Commit() }

// Rollback abandons the transaction.
func (t *Tx) Rollback() error { return t.tx.Rollback() }

// ChunkStates returns the state of every chunk of path, by id.
func (t *Tx) ChunkStates(ctx context.Context, path string) (map[string]ChunkState, error) {
	rows, err := t.tx.QueryContext(ctx, "SELECT id, hash, seq, line_start, line_end, part FROM chunks WHERE path = ?", path)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]ChunkState{}
	for rows.Next() {
		var id string
		var st ChunkState
		if err := rows.Scan(&id, &st.Hash, &st.Seq, &st.LineStart, &st.LineEnd, &st.Part); err != nil {
			return nil, err
		}
		out[id] = st
	}
	return out, rows.Err()
}

// SetMeta stores value under key inside the transaction.
func (t *Tx) SetMeta(ctx context.Context, key, value string) error {
	_, err := t.tx.ExecContext(ctx, "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value)
	return err
}

// RewriteMarks sets every chunk's marks to what marks says of its text,
// in one transaction, and returns how many changed: run when the lexicon
// the marks come from changed.
func (s *Store) RewriteMarks(ctx context.Context, marks func(text string) []string) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, "SELECT id, text, marks FROM chunks")
	if err != nil {
		return 0, err
	}
	type change struct{ id, marks string }
	var changes []change
	for rows.Next() {
		var id, text, old string
		if err := rows.Scan(&id, &text, &old); err != nil {
			rows.Close()
			return 0, err
		}
		if m := strings.Join(marks(text), ","); m != old {
			changes = append(changes, change{id, m})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	upd, err := tx.PrepareContext(ctx, "UPDATE chunks SET marks = ? WHERE id = ?")
	if err != nil {
		return 0, err
	}
	defer upd.Close()
	for _, c := range changes {
		if _, err := upd.ExecContext(ctx, c.marks, c.id); err != nil {
			return 0, err
		}
	}
	return len(changes), tx.Commit()
}
