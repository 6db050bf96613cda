package config

import "testing"

// TestRedactDSN: a password in a shared store's URL or key=value string
// is shown as xxxxx; the rest stays readable.
func TestRedactDSN(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://app:hunter2@db:5432/archon?sslmode=disable", "postgres://app:xxxxx@db:5432/archon?sslmode=disable"},
		{"postgres://app@db/archon", "postgres://app@db/archon"},
		{"host=db user=app password=hunter2 dbname=archon", "host=db user=app password=xxxxx dbname=archon"},
		{"host=db password='two words' dbname=archon", "host=db password=xxxxx dbname=archon"},
		{"", ""},
	} {
		if got := RedactDSN(tc.in); got != tc.want {
			t.Errorf("RedactDSN(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
