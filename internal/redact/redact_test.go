package redact

import (
	"os"
	"strings"
	"testing"
)

func TestPlantedSecretsRemoved(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/planted.tsv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, text, _ := strings.Cut(line, "\t")
		got, hits := r.Redact(text)
		n++
		if len(hits) != 1 || hits[0] != name {
			t.Errorf("%s: hits %v in %q -> %q", name, hits, text, got)
			continue
		}
		if name != "private" && !strings.Contains(got, "[redacted:"+name+"]") {
			t.Errorf("%s: no placeholder in %q", name, got)
		}
		for _, secret := range []string{"AbCdEf", "4f9XyZ", "EXAMPLE", "abcdefghij", "s3cr3t", "b3BlbnNz", "dXNlcjpo", "eyJhbGci", "12-34-56", "xYz0123", "XXXXXXXX"} {
			if strings.Contains(got, secret) {
				t.Errorf("%s: %q survived in %q", name, secret, got)
			}
		}
	}
	if n < 16 {
		t.Fatalf("only %d planted secrets", n)
	}
}

func TestOrdinaryTextUnchanged(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/ordinary.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if got, hits := r.Redact(line); got != line || len(hits) != 0 {
			t.Errorf("ordinary text redacted (%v):\n%s\n%s", hits, line, got)
		}
	}
}

func TestUserPatterns(t *testing.T) {
	p, err := Compile("employee-id", `\bEMP-\d{6}\b`)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := New(p)
	if got, _ := r.Redact("badge EMP-123456 at the gate"); got != "badge [redacted:employee-id] at the gate" {
		t.Errorf("got %q", got)
	}
	for _, bad := range [][2]string{{"", `x`}, {"a b", `x`}, {"ok", `(`}} {
		if _, err := Compile(bad[0], bad[1]); err == nil {
			t.Errorf("Compile(%q, %q): no error", bad[0], bad[1])
		}
	}
}

// BenchmarkRedact1MB redacts 1 MB of ordinary prose, the size of a long
// session's checkpoint.
func BenchmarkRedact1MB(b *testing.B) {
	r, _ := New()
	text := strings.Repeat("Decided to use PostgreSQL with Prisma ORM: the team knows it, and we need transactions. ", 12000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		r.Redact(text)
	}
}
