package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func writeFile(t *testing.T, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "archon.yaml")
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTemplateRoundTrip(t *testing.T) {
	l, err := Load(writeFile(t, string(Template())), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l.Config, Default()) {
		t.Fatalf("template loads as %+v, want defaults %+v", l.Config, Default())
	}
	for _, k := range Keys() {
		if k.Doc == "" {
			t.Errorf("key %s has no doc", k.Name)
		}
		parts := strings.Split(k.Name, ".")
		if !strings.Contains(string(Template()), "\n"+strings.Repeat("  ", len(parts)-1)+parts[len(parts)-1]+": ") {
			t.Errorf("template lacks %s", k.Name)
		}
		if l.Sources[k.Name] != FromFile {
			t.Errorf("%s source %s, want file", k.Name, l.Sources[k.Name])
		}
	}
}

func TestPrecedence(t *testing.T) {
	p := writeFile(t, "log:\n  agent: fromfile\n  max_entry_bytes: 2048\nl1:\n  window_days: 3\n")
	env := []string{"ARCHON_LOG_AGENT=fromenv", "ARCHON_WORKSPACE_IDENTITY_FILES=A.md, B.md", "UNRELATED=1", "ARCHON_ROOT=/x"}
	l, err := Load(p, env)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.SetFlag("l1.window_days", "9"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key, want string
		src       Source
	}{
		{"log.agent", "fromenv", FromEnv},
		{"log.max_entry_bytes", "2048", FromFile},
		{"l1.window_days", "9", FromFlag},
		{"l1.budget_tokens", "1000", FromDefault},
		{"workspace.identity_files", "A.md,B.md", FromEnv},
	}
	for _, tt := range tests {
		got, err := l.Get(tt.key)
		if err != nil || got != tt.want || l.Sources[tt.key] != tt.src {
			t.Errorf("%s = %q from %s (err %v), want %q from %s", tt.key, got, l.Sources[tt.key], err, tt.want, tt.src)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, file string
		env        []string
		want       []string
	}{
		{"unknown key", "log:\n  agent: x\n  agnt: y\n", nil, []string{"archon.yaml:3:", `unknown key "log.agnt"`, "agent, max_entry_bytes"}},
		{"unknown section", "search:\n  top_k: 3\nlogs:\n  x: 1\n", nil, []string{"archon.yaml:3:", `unknown section "logs"`, "known sections: workspace"}},
		{"not a number", "l1:\n  window_days: seven\n", nil, []string{"archon.yaml:2:", "l1.window_days", `"seven" is not a whole number`, "1..3650"}},
		{"out of range", "l1:\n  budget_tokens: 5\n", nil, []string{"archon.yaml:2:", "l1.budget_tokens", "100..1000000"}},
		{"bad time zone", "workspace:\n  timezone: Mars/Olympus\n", nil, []string{"archon.yaml:2:", "unknown time zone"}},
		{"bad agent", "log:\n  agent: two words\n", nil, []string{"archon.yaml:2:", "invalid agent name"}},
		{"path outside", "workspace:\n  identity_files: [../secret.md]\n", nil, []string{"archon.yaml:2:", "inside the workspace"}},
		{"list expected", "workspace:\n  identity_files: {a: b}\n", nil, []string{"archon.yaml:2:", "want a list"}},
		{"section not a mapping", "log: 3\n", nil, []string{"archon.yaml:1:", `section "log" must be a mapping`}},
		{"not a mapping", "- a\n", nil, []string{"archon.yaml:1:", "must be a mapping"}},
		{"invalid yaml", "log: [\n", nil, []string{"archon.yaml", "yaml"}},
		{"unquoted descriptor", "jobs:\n  archive: @daily\n", nil, []string{"archon.yaml", `must be quoted: archive: "@daily"`}},
		{"bad env", "", []string{"ARCHON_L1_WINDOW_DAYS=0"}, []string{"ARCHON_L1_WINDOW_DAYS", "l1.window_days"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeFile(t, tt.file), tt.env)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestLoadMissingAndEmptyFile(t *testing.T) {
	for _, p := range []string{filepath.Join(t.TempDir(), "none.yaml"), writeFile(t, ""), writeFile(t, "log:\n")} {
		l, err := Load(p, nil)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !reflect.DeepEqual(l.Config, Default()) {
			t.Fatalf("%s: %+v", p, l.Config)
		}
	}
}

func TestMemoryOptions(t *testing.T) {
	c := Default()
	if err := c.Set("workspace.timezone", "UTC"); err != nil {
		t.Fatal(err)
	}
	o, err := c.MemoryOptions()
	if err != nil || o.Location.String() != "UTC" || o.MaxEntryBytes != c.Log.MaxEntryBytes {
		t.Fatalf("%+v %v", o, err)
	}
	if err := c.Set("no.such", "1"); err == nil {
		t.Fatal("unknown key accepted")
	}
}

func TestCheckPostgres(t *testing.T) {
	for _, tc := range []struct {
		dsn string
		ok  bool
	}{
		{"", true},
		{"postgres://archon@db.internal:5432/archon?sslmode=require", true},
		{"postgresql://h1:5432,h2:5433/archon", true},
		{"postgres:///archon?host=/var/run/postgresql", true},
		{"postgres://[::1]:5432/archon", true},
		{"host=db.internal port=5432 dbname=archon user=archon", true},
		{"host = db.internal dbname=archon password='a secret' application_name='archon node'", true},
		{"postgress://nohost::99/x y", false},
		{"mysql://db/archon", false},
		{"postgres://db:99999/archon", false},
		{"db.internal archon", false},
	} {
		if err := checkPostgres(tc.dsn); (err == nil) != tc.ok {
			t.Errorf("checkPostgres(%q) = %v, want ok %v", tc.dsn, err, tc.ok)
		}
	}
}
