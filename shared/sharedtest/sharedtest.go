// Package sharedtest gives tests a PostgreSQL of their own: a fresh
// schema on the server named by ARCHON_TEST_POSTGRES, dropped when the
// test ends. Tests skip without it.
package sharedtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// EnvDSN names the variable holding the test server's connection string.
const EnvDSN = "ARCHON_TEST_POSTGRES"

// DSN returns a connection string whose search_path is a new schema,
// skipping the test when ARCHON_TEST_POSTGRES is not set.
func DSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvDSN)
	if base == "" {
		t.Skip(EnvDSN + " is not set (a PostgreSQL connection string; .ci/run sets it)")
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	schema := "archon_t_" + hex.EncodeToString(raw[:])
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", EnvDSN, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(ctx, base)
		if err != nil {
			return
		}
		defer c.Close(ctx)
		_, _ = c.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		// and the schemas made beside it (the tenants' L3: SCHEMA_l3_NAME)
		rows, err := c.Query(ctx, "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)", schema+"_l3_")
		if err != nil {
			return
		}
		names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
		for _, n := range names {
			_, _ = c.Exec(ctx, "DROP SCHEMA "+pgx.Identifier{n}.Sanitize()+" CASCADE")
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
