package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/archon-memory/archon/rag/chunk"
)

const chunkCols = "id, path, seq, line_start, line_end, date, time, agent, tags, project, layer, kind, title, part, hash, marks"

func scanChunk(sc interface{ Scan(...any) error }, withText bool) (chunk.Chunk, error) {
	var c chunk.Chunk
	var tags, marks string
	dest := []any{&c.ID, &c.Path, &c.Seq, &c.LineStart, &c.LineEnd, &c.Date, &c.Time, &c.Agent, &tags,
		&c.Project, &c.Layer, &c.Kind, &c.Title, &c.Part, &c.Hash, &marks}
	if withText {
		dest = append(dest, &c.Text)
	}
	if err := sc.Scan(dest...); err != nil {
		return c, err
	}
	c.Tags, c.Marks = splitList(tags), splitList(marks)
	return c, nil
}

// Chunk returns the chunk with id, text included; ok is false if none.
func (s *Store) Chunk(ctx context.Context, id string) (c chunk.Chunk, ok bool, err error) {
	row := s.db.QueryRowContext(ctx, "SELECT "+chunkCols+", text FROM chunks WHERE id = ?", id)
	c, err = scanChunk(row, true)
	if err == sql.ErrNoRows {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("chunk %s: %w", id, err)
	}
	return c, true, nil
}

// ChunksByPath returns the chunks of a file in order, text included.
func (s *Store) ChunksByPath(ctx context.Context, path string) ([]chunk.Chunk, error) {
	return s.query(ctx, true, "SELECT "+chunkCols+", text FROM chunks WHERE path = ? ORDER BY seq", path)
}

// chunksWithTextSQL reads chunks by a JSON array of ids, prepared once: a
// search reads its hits with it.
const chunksWithTextSQL = "SELECT " + chunkCols + ", text FROM chunks WHERE id IN (SELECT value FROM json_each(?))"

// Chunks returns the chunks with the given ids (in no particular order).
// withText selects whether their text is loaded.
func (s *Store) Chunks(ctx context.Context, ids []string, withText bool) ([]chunk.Chunk, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	if withText {
		js, err := json.Marshal(ids)
		if err != nil {
			return nil, err
		}
		rows, err := s.withText.QueryContext(ctx, string(js))
		if err != nil {
			return nil, err
		}
		return scanChunks(rows, true)
	}
	cols := chunkCols
	if withText {
		cols += ", text"
	}
	var out []chunk.Chunk
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, n)
		for i := range n {
			args[i] = ids[i]
		}
		cs, err := s.query(ctx, withText, "SELECT "+cols+" FROM chunks WHERE id IN (?"+strings.Repeat(",?", n-1)+")", args...)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
		ids = ids[n:]
	}
	return out, nil
}

// EachChunk calls fn for every chunk without its text, in path and seq order.
func (s *Store) EachChunk(ctx context.Context, withText bool, fn func(chunk.Chunk) error) error {
	cols := chunkCols
	if withText {
		cols += ", text"
	}
	rows, err := s.db.QueryContext(ctx, "SELECT "+cols+" FROM chunks ORDER BY path, seq")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		c, err := scanChunk(rows, withText)
		if err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return rows.Err()
}

// CountChunks returns the number of chunks.
func (s *Store) CountChunks(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM chunks").Scan(&n)
	return n, err
}

func (s *Store) query(ctx context.Context, withText bool, q string, args ...any) ([]chunk.Chunk, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return scanChunks(rows, withText)
}

// scanChunks reads every row of rows as a chunk and closes rows.
func scanChunks(rows *sql.Rows, withText bool) ([]chunk.Chunk, error) {
	defer rows.Close()
	var out []chunk.Chunk
	for rows.Next() {
		c, err := scanChunk(rows, withText)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Vectors returns the cached vectors of embedder for the given content
// hashes; hashes without a cached vector are absent from the map.
func (s *Store) Vectors(ctx context.Context, embedder string, hashes []string) (map[string][]float32, error) {
	out := make(map[string][]float32, len(hashes))
	for len(hashes) > 0 {
		n := min(len(hashes), 500)
		args := make([]any, 0, n+1)
		args = append(args, embedder)
		for _, h := range hashes[:n] {
			args = append(args, h)
		}
		rows, err := s.db.QueryContext(ctx, "SELECT hash, vec FROM vectors WHERE embedder = ? AND hash IN (?"+strings.Repeat(",?", n-1)+")", args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var h string
			var b []byte
			if err := rows.Scan(&h, &b); err != nil {
				rows.Close()
				return nil, err
			}
			out[h] = DecodeVector(b)
		}
		rows.Close()
		hashes = hashes[n:]
	}
	return out, nil
}

// PutVectors caches vectors of embedder by content hash.
func (s *Store) PutVectors(ctx context.Context, embedder string, vecs map[string][]float32) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	st, err := tx.PrepareContext(ctx, "INSERT OR REPLACE INTO vectors(hash, embedder, vec) VALUES (?, ?, ?)")
	if err != nil {
		tx.Rollback()
		return err
	}
	for h, v := range vecs {
		if _, err := st.ExecContext(ctx, h, embedder, EncodeVector(v)); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// DropVectors deletes cached vectors of every embedder but keep.
func (s *Store) DropVectors(ctx context.Context, keep string) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM vectors WHERE embedder != ?", keep)
	return err
}

// EncodeVector encodes v as little-endian float32s.
func EncodeVector(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// DecodeVector decodes little-endian float32s.
func DecodeVector(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

// neighbourhoodSQL selects, in one statement, the seed chunks (ids as a
// JSON array) and every chunk of the same file within ?2 positions.
const neighbourhoodSQL = `WITH s AS (SELECT path, seq FROM chunks WHERE id IN (SELECT value FROM json_each(?1)))
SELECT DISTINCT c.id, c.path, c.seq, c.date, c.time, c.agent, c.tags, c.project, c.layer, c.size, c.part, c.marks
FROM s JOIN chunks c ON c.path = s.path AND c.seq BETWEEN s.seq - ?2 AND s.seq + ?2`

// Position is what ranking needs to know about a chunk.
type Position struct {
	ID, Path    string
	Seq         int
	Date, Agent string
	// Time is the entry's clock time (HH:MM or HH:MM:SS; "" for text that
	// is no entry): what orders a day's entries, whatever their place in
	// the file (one logged later with an earlier --time).
	Time           string
	Tags           []string
	Project, Layer string
	// Size is the chunk's text in bytes: a long record stands on its own,
	// a short turn leans on its neighbours.
	Size int
	// Part numbers the pieces of a split entry or section (0 when not
	// split): the piece at Seq-Part starts the item.
	Part int
	// Marks are what the text is written as (chunk.Chunk.Marks).
	Marks []string
}

// Neighbourhood returns the positions of the chunks with the given ids and
// of every chunk of the same file within radius positions of one of them.
func (s *Store) Neighbourhood(ctx context.Context, ids []string, radius int) ([]Position, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := s.neighbours.QueryContext(ctx, string(js), radius)
	if err != nil {
		return nil, fmt.Errorf("neighbourhood: %w", err)
	}
	out := make([]Position, 0, len(ids)*(2*radius+1))
	err = scanPositions(rows, func(p Position) error { out = append(out, p); return nil })
	return out, err
}

// Agents returns the distinct agent names of all chunks.
func (s *Store) Agents(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT DISTINCT agent FROM chunks WHERE agent != ''")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Projects returns the projects chunks belong to, sorted.
func (s *Store) Projects(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT DISTINCT project FROM chunks WHERE project != '' ORDER BY project")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

const positionCols = "id, path, seq, date, time, agent, tags, project, layer, size, part, marks"

func scanPositions(rows *sql.Rows, fn func(Position) error) error {
	defer rows.Close()
	// Chunks share a few lists of tags and marks: one slice each
	// (read-only, clipped) instead of one per chunk.
	lists := map[string][]string{}
	shared := func(s string) []string {
		if s == "" {
			return nil
		}
		l, ok := lists[s]
		if !ok {
			l = slices.Clip(strings.Split(s, ","))
			lists[s] = l
		}
		return l
	}
	for rows.Next() {
		var p Position
		var tags, marks string
		if err := rows.Scan(&p.ID, &p.Path, &p.Seq, &p.Date, &p.Time, &p.Agent, &tags, &p.Project, &p.Layer, &p.Size, &p.Part, &marks); err != nil {
			return err
		}
		p.Tags, p.Marks = shared(tags), shared(marks)
		if err := fn(p); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EachPosition calls fn for the position of every chunk.
func (s *Store) EachPosition(ctx context.Context, fn func(Position) error) error {
	rows, err := s.db.QueryContext(ctx, "SELECT "+positionCols+" FROM chunks")
	if err != nil {
		return err
	}
	return scanPositions(rows, fn)
}

// EachPositionBetween calls fn for the position of every chunk dated from
// since to until (YYYY-MM-DD, inclusive; "" leaves that end open). Chunks
// without a date are only read when both ends are open.
func (s *Store) EachPositionBetween(ctx context.Context, since, until string, fn func(Position) error) error {
	if since == "" && until == "" {
		return s.EachPosition(ctx, fn)
	}
	if until == "" {
		until = "9999-12-31"
	}
	rows, err := s.db.QueryContext(ctx, "SELECT "+positionCols+" FROM chunks WHERE date >= ? AND date <= ? AND date != ''", since, until)
	if err != nil {
		return err
	}
	return scanPositions(rows, fn)
}

// EachPositionMarked calls fn for the position of every chunk dated since
// (YYYY-MM-DD, inclusive) or later whose marks begin with mark: marks are
// stored sorted and comma-separated, so for a mark that sorts before every
// other this is every chunk holding it, read through an index.
func (s *Store) EachPositionMarked(ctx context.Context, mark, since string, fn func(Position) error) error {
	rows, err := s.db.QueryContext(ctx, "SELECT "+positionCols+" FROM chunks WHERE (marks = ? OR (marks >= ? AND marks < ?)) AND date >= ?",
		mark, mark+",", mark+"-", since) // "-" is the byte after ","
	if err != nil {
		return err
	}
	return scanPositions(rows, fn)
}

// splitList reads a comma-separated column (empty: none).
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
