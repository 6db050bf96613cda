package knowledge

import (
	"context"
	"database/sql"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// The store's SQL is written for SQLite. On PostgreSQL (shared mode) each
// statement is rewritten once: ? placeholders become $1, $2 ...; and the
// few SQLite functions it uses become their PostgreSQL equals.
type dialect struct {
	pg    bool
	cache *sync.Map // SQLite statement -> PostgreSQL statement
}

var (
	twoArgMax   = regexp.MustCompile(`\bmax\((\w+\.\w+),`)
	groupConcat = regexp.MustCompile(`\bgroup_concat\((\w+)\)`)
)

// sql returns q in the dialect.
func (d dialect) sql(q string) string {
	if !d.pg {
		return q
	}
	if v, ok := d.cache.Load(q); ok {
		return v.(string)
	}
	r := twoArgMax.ReplaceAllString(q, "greatest($1,")
	r = groupConcat.ReplaceAllString(r, "string_agg($1::text, ',')")
	r = strings.ReplaceAll(r, "instr(", "strpos(")
	r = rebind(r)
	d.cache.Store(q, r)
	return r
}

// rebind numbers the ? placeholders of q outside quoted strings.
func rebind(q string) string {
	var b strings.Builder
	n, quoted := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			quoted = !quoted
		case c == '?' && !quoted:
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// db is the database with statements in its dialect.
type db struct {
	*sql.DB
	d dialect
}

func (x *db) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return x.DB.ExecContext(ctx, x.d.sql(q), args...)
}

func (x *db) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return x.DB.QueryContext(ctx, x.d.sql(q), args...)
}

func (x *db) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return x.DB.QueryRowContext(ctx, x.d.sql(q), args...)
}

// begin starts a transaction whose statements are in the dialect.
func (x *db) begin(ctx context.Context) (*txn, error) {
	tx, err := x.DB.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &txn{Tx: tx, d: x.d}, nil
}

// txn is a transaction with statements in its dialect.
type txn struct {
	*sql.Tx
	d dialect
}

func (x *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return x.Tx.ExecContext(ctx, x.d.sql(q), args...)
}

func (x *txn) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return x.Tx.QueryContext(ctx, x.d.sql(q), args...)
}

func (x *txn) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return x.Tx.QueryRowContext(ctx, x.d.sql(q), args...)
}
