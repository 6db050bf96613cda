package deptest

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ---------------------------------------------------------------------------
// The rules, as data. Edit these tables, not the code below them.
// ---------------------------------------------------------------------------

// tier orders the layers of the module, lowest first. A package may import
// packages of lower tiers freely; within its own tier the rules below apply;
// it may never import a package of a higher tier.
type tier int

const (
	foundation  tier = iota // tier 0: shared types and leaf helpers
	engine                  // tier 1: the engines built on the foundation
	application             // tier 2: app, which wires the engines together
	frontend                // tier 3: server and client, the two ways in
	command                 // tier 4: binaries and the bench harness
)

var tierNames = [...]string{
	foundation:  "foundation",
	engine:      "engine",
	application: "app",
	frontend:    "server/client",
	command:     "command",
}

func (t tier) String() string { return fmt.Sprintf("tier %d (%s)", int(t), tierNames[t]) }

// tiers places every package of the module, named by its path relative to
// the module root. A pattern "x/..." matches x and every package below it
// (as go tool patterns do); a pattern without "/..." matches one package.
// Every package found under the module root must match a row: a new package
// fails the test until it is given a tier here.
//
// A package's group is the first element of its path (rag/chunk is in group
// rag). Groups matter for tiers 1, 3 and 4, where only some imports between
// groups of the same tier are allowed (see engineEdges, frontend and
// commandEdges).
var tiers = []struct {
	pattern string
	tier    tier
}{
	// Tier 0, foundation: conversation and memory types, token counting,
	// configuration, and internal helpers. They may import each other
	// (mind cycles) and nothing above.
	{"conv", foundation},
	{"conv/...", foundation},
	{"tokens", foundation},
	{"memory", foundation},
	{"config", foundation},
	{"internal/...", foundation},

	// Tier 1, engines. An engine may import tier 0 and its own group; an
	// import into another engine group must be a row of engineEdges.
	{"rag", engine},
	{"rag/...", engine},
	{"summarize", engine},
	{"summarize/...", engine},
	{"monitor", engine},
	{"monitor/...", engine},
	{"layers", engine},
	{"layers/...", engine},
	{"archive", engine},
	{"jobs", engine},
	{"shared", engine},
	{"shared/...", engine},

	// Tier 2: app, the one place that wires engines into a service.
	{"app", application},
	{"app/...", application},

	// Tier 3: the front ends over app.Memory: the HTTP/MCP server, the
	// client, the agent connectors (hooks, installers, importers). Each may import app and below; they must not
	// import each other.
	{"server", frontend},
	{"server/...", frontend},
	{"client", frontend},
	{"client/...", frontend},
	{"agents/...", frontend},

	// Tier 4: commands and the bench harness, which may import anything
	// below (but see narrowImporters for cmd/archon).
	{"cmd/...", command},
	{"bench/...", command},
}

// engineEdges is the allow-list of imports between two different engine
// groups (tier 1). Keep it short: the usual fix for a missing edge is to
// declare an interface in the importing group and have app pass the other
// engine in. Every row must say why the edge exists.
var engineEdges = []struct{ from, to, why string }{
	// monitor compacts long conversations by asking the summarizer for
	// summaries (monitor/compact's summarize step, monitor's budget
	// checks). The reverse edge is forbidden, and the test also checks that
	// summarize does not reach monitor transitively.
	{"monitor", "summarize", "monitor uses the summarizer"},
}

// commandEdges is the allow-list of imports between two different tier-4
// groups. Tier 4 may import everything below it; these are the same-tier
// imports it needs.
var commandEdges = []struct{ from, to, why string }{
	// cmd/archon-bench is the command-line front of the bench harness: it
	// drives bench/gen (data generation) and bench/locomo (the LoCoMo run).
	{"cmd", "bench", "cmd/archon-bench runs the bench harness"},
}

// narrowImporters restricts a package further than its tier does: it may
// import only module packages matching one of the patterns in may.
var narrowImporters = []struct {
	pkg string
	may []string
	why string
}{
	// The archon CLI reaches the engines only through app (or through
	// server/client, which use app), so the CLI, the HTTP server and MCP
	// share one wiring of the engines; it never imports rag..., summarize,
	// monitor..., layers..., archive or jobs directly.
	{
		pkg: "cmd/archon",
		may: []string{"app", "client", "server", "server/...", "agents/...", "config", "memory", "conv", "internal/..."},
		why: "reach engines through app instead",
	},
}

// testTooling lists packages that exist only for tests: no non-test file
// outside the package may import them, whatever its tier, so nothing in a
// binary depends on them. _test.go files are exempt from every rule (see
// below), so tests import them freely.
var testTooling = []struct{ pkg, why string }{
	// The synthetic conversations and planted fact sets that benchmarks and
	// the summary evaluations run on.
	{"internal/convgen", "it generates conversations for tests, benchmarks and evaluations"},
	{"shared/sharedtest", "it makes a PostgreSQL schema for a test"},
}

// What the walk skips, and why:
//
//   - _test.go files, of internal and external test packages alike. Tests
//     may use real parts from above the package under test (a CLI test
//     starts a real server, an engine test uses app to build fixtures), and
//     test imports never reach the binaries, so they cannot create the
//     coupling this test guards against. They are counted in the -v log.
//   - directories named testdata, vendor or node_modules, and hidden
//     directories (.git, .ci, ...): not packages of this module.
//   - a directory with its own go.mod: another module (logged).
//   - files whose names begin with "_" or ".": the go tool ignores them
//     (logged).
//
// Nothing else is skipped: build constraints are ignored (ImportsOnly parses
// every file, so all GOOS/GOARCH and tag variants are checked), a file that
// does not parse fails the test, and so does an import of a module package
// that does not exist.
var skipDirs = map[string]bool{"testdata": true, "vendor": true, "node_modules": true}

// ---------------------------------------------------------------------------
// Classification and the rule for one import.
// ---------------------------------------------------------------------------

// match reports whether pkg matches pattern ("x" or "x/...").
func match(pattern, pkg string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// classify returns the tier of pkg, or false if no row of tiers matches.
func classify(pkg string) (tier, bool) {
	for _, r := range tiers {
		if match(r.pattern, pkg) {
			return r.tier, true
		}
	}
	return 0, false
}

// group is the first element of pkg's path.
func group(pkg string) string {
	g, _, _ := strings.Cut(pkg, "/")
	return g
}

func allowedEdge(table []struct{ from, to, why string }, from, to string) bool {
	for _, e := range table {
		if e.from == from && e.to == to {
			return true
		}
	}
	return false
}

// rule returns "" if package from may import package to (both module
// relative), or else the rule the import breaks.
func rule(from, to string) string {
	ft, ok := classify(from)
	if !ok {
		return fmt.Sprintf("package %s is not in the tier table; place it in a tier in internal/deptest/deptest_test.go", from)
	}
	tt, ok := classify(to)
	if !ok {
		return fmt.Sprintf("package %s is not in the tier table; place it in a tier in internal/deptest/deptest_test.go", to)
	}
	if from == to {
		return fmt.Sprintf("package %s imports itself (an import cycle); drop the import and use the package's names unqualified", from)
	}
	for _, tt := range testTooling {
		if match(tt.pkg, to) && !match(tt.pkg, from) {
			return fmt.Sprintf("%s is test tooling (%s): only _test.go files may import it", to, tt.why)
		}
	}
	for _, n := range narrowImporters {
		if n.pkg != from {
			continue
		}
		allowed := false
		for _, p := range n.may {
			allowed = allowed || match(p, to)
		}
		if !allowed {
			what := to + " is not on that list"
			if tt == engine {
				what = fmt.Sprintf("%s is a %s package", to, tt)
			}
			return fmt.Sprintf("%s may import only %s; %s; %s", from, strings.Join(n.may, ", "), what, n.why)
		}
	}
	if tt > ft {
		return fmt.Sprintf("%s package %s must not import %s package %s; imports point down the tiers, so move what %s needs down or declare an interface in %s instead",
			ft, from, tt, to, from, from)
	}
	fg, tg := group(from), group(to)
	if tt < ft || fg == tg {
		return ""
	}
	// Same tier, different groups.
	switch ft {
	case foundation:
		return "" // foundation packages may import each other
	case engine:
		if allowedEdge(engineEdges, fg, tg) {
			return ""
		}
		return fmt.Sprintf("engine groups %s -> %s is not allowed; declare an interface in %s instead", fg, tg, fg)
	case frontend:
		return fmt.Sprintf("%s and %s must not import each other; move what they share to app or below", fg, tg)
	case command:
		if allowedEdge(commandEdges, fg, tg) {
			return ""
		}
		return fmt.Sprintf("command groups %s -> %s is not allowed; move what they share below tier 4, or add a row to commandEdges", fg, tg)
	default:
		return fmt.Sprintf("%s groups %s -> %s is not allowed", ft, fg, tg)
	}
}

// TestRules checks the rule function itself on a table of imports, so a
// mistake in the checker shows up even while the code base is clean.
func TestRules(t *testing.T) {
	for _, tc := range []struct {
		from, to string
		want     string // "" = allowed, else a substring of the broken rule
	}{
		// foundation
		{"config", "memory", ""},
		{"internal/convgen", "conv", ""},
		{"internal/convgen", "tokens", ""},
		{"internal/httpjson", "conv", ""},
		{"memory", "rag", "tier 0 (foundation) package memory must not import tier 1 (engine) package rag"},
		{"config", "app", "must not import tier 2 (app) package app"},
		// engines
		{"rag", "rag/chunk", ""},
		{"rag/embed", "internal/httpjson", ""},
		{"layers/promote", "config", ""},
		{"monitor", "summarize", ""},
		{"monitor/compact", "summarize", ""},
		{"rag", "layers/knowledge", "engine groups rag -> layers is not allowed; declare an interface in rag instead"},
		{"summarize", "monitor", "engine groups summarize -> monitor is not allowed"},
		{"summarize", "monitor/compact", "engine groups summarize -> monitor is not allowed"},
		{"jobs", "app", "tier 1 (engine) package jobs must not import tier 2 (app) package app"},
		// app
		{"app", "rag", ""},
		{"app", "monitor/ctxlog", ""},
		{"app", "server", "must not import tier 3 (server/client) package server"},
		{"app", "app", "imports itself"},
		// server and client
		{"server", "app", ""},
		{"server/mcp", "server", ""},
		{"server", "layers/knowledge", ""},
		{"client", "app", ""},
		{"server", "client", "server and client must not import each other"},
		{"client/x", "server/mcp", "client and server must not import each other"},
		{"server", "cmd/archon", "must not import tier 4 (command) package cmd/archon"},
		// commands
		{"cmd/archon", "app", ""},
		{"cmd/archon", "server/mcp", ""},
		{"cmd/archon", "internal/httpjson", ""},
		{"cmd/archon", "conv", ""},
		{"cmd/archon", "jobs", "cmd/archon may import only app, client, server, server/..., agents/..., config, memory, conv, internal/...; jobs is a tier 1 (engine) package; reach engines through app instead"},
		{"cmd/archon", "rag/embed", "rag/embed is a tier 1 (engine) package"},
		{"cmd/archon", "tokens", "tokens is not on that list"},
		{"cmd/archon", "internal/convgen", "internal/convgen is test tooling"},
		{"cmd/archon-bench", "internal/convgen", "only _test.go files may import it"},
		{"monitor", "internal/convgen", "only _test.go files may import it"},
		{"conv", "internal/convgen", "only _test.go files may import it"},
		{"cmd/archon-bench", "rag", ""},
		{"cmd/archon-bench", "bench/gen", ""},
		{"bench/locomo", "rag", ""},
		{"bench/gen", "cmd/archon", "command groups bench -> cmd is not allowed"},
		// classification
		{"raggy", "memory", "package raggy is not in the tier table"},
		{"rag", "newthing/x", "package newthing/x is not in the tier table"},
		{"cmdx", "memory", "package cmdx is not in the tier table"},
	} {
		got := rule(tc.from, tc.to)
		switch {
		case tc.want == "" && got != "":
			t.Errorf("rule(%q, %q) = %q, want allowed", tc.from, tc.to, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("rule(%q, %q) = %q, want it to contain %q", tc.from, tc.to, got, tc.want)
		}
	}

	// The tables must agree with each other.
	for _, r := range tiers {
		for _, s := range tiers {
			if match(r.pattern, strings.TrimSuffix(s.pattern, "/...")) && r.tier != s.tier {
				t.Errorf("tier table: %q (%v) overlaps %q (%v)", r.pattern, r.tier, s.pattern, s.tier)
			}
		}
	}
	for _, tt := range testTooling {
		if _, ok := classify(tt.pkg); !ok || tt.why == "" {
			t.Errorf("test tooling %q must be in the tier table and say why it is test-only", tt.pkg)
		}
	}
	for _, table := range [][]struct{ from, to, why string }{engineEdges, commandEdges} {
		for _, e := range table {
			if e.why == "" {
				t.Errorf("allowed edge %s -> %s has no reason", e.from, e.to)
			}
		}
	}
}

// ---------------------------------------------------------------------------
// The module's import graph, parsed once.
// ---------------------------------------------------------------------------

// imp is one import of a module package in one non-test file.
type imp struct {
	file string // module-relative, slash-separated, e.g. "rag/knowledge.go"
	to   string // module-relative package path, e.g. "layers/knowledge"
}

type graph struct {
	modPath   string
	pkgs      map[string][]imp  // package -> its module imports, by file then source order
	files1    map[string]string // package -> its first non-test file, for messages
	testOnly  []string          // directories holding only _test.go files
	files     int               // non-test files parsed
	testFiles int               // _test.go files exempted
	skipped   []string          // what the walk left out, for the log
	errs      []string          // files that did not parse
}

var (
	loadOnce sync.Once
	loaded   *graph
	loadErr  error
)

func load(t *testing.T) *graph {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = parseModule(".") })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// moduleRoot finds the directory holding go.mod, from dir upward, and the
// module path it declares.
func moduleRoot(dir string) (root, modPath string, err error) {
	dir, err = filepath.Abs(dir)
	if err != nil {
		return "", "", err
	}
	for {
		f, err := os.Open(filepath.Join(dir, "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
					p := strings.TrimSpace(rest)
					if i := strings.Index(p, "//"); i >= 0 {
						p = strings.TrimSpace(p[:i])
					}
					if u, err := strconv.Unquote(p); err == nil {
						p = u
					}
					return dir, p, nil
				}
			}
			return "", "", fmt.Errorf("%s: no module line", f.Name())
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", errors.New("no go.mod found above the test's working directory")
		}
		dir = parent
	}
}

func parseModule(start string) (*graph, error) {
	root, modPath, err := moduleRoot(start)
	if err != nil {
		return nil, err
	}
	g := &graph{modPath: modPath, pkgs: map[string][]imp{}, files1: map[string]string{}}
	fset := token.NewFileSet()
	testDirs := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if skipDirs[name] || strings.HasPrefix(name, ".") {
				g.skipped = append(g.skipped, rel+"/")
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				g.skipped = append(g.skipped, rel+"/ (own go.mod: another module)")
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || !d.Type().IsRegular() {
			return nil
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		if strings.HasSuffix(name, "_test.go") {
			g.testFiles++
			testDirs[pkg] = true
			return nil
		}
		if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
			g.skipped = append(g.skipped, rel+" (ignored by the go tool)")
			return nil
		}
		if _, ok := g.pkgs[pkg]; !ok {
			g.pkgs[pkg] = nil
			g.files1[pkg] = rel
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			g.errs = append(g.errs, fmt.Sprintf("%s: does not parse, so its imports cannot be checked: %v", rel, err))
			return nil
		}
		g.files++
		for _, s := range f.Imports {
			p, err := strconv.Unquote(s.Path.Value)
			if err != nil {
				g.errs = append(g.errs, fmt.Sprintf("%s: bad import path %s", rel, s.Path.Value))
				continue
			}
			var to string
			switch {
			case p == modPath:
				to = "."
			case strings.HasPrefix(p, modPath+"/"):
				to = p[len(modPath)+1:]
			default:
				continue // standard library or another module
			}
			g.pkgs[pkg] = append(g.pkgs[pkg], imp{file: rel, to: to})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for d := range testDirs {
		if _, ok := g.pkgs[d]; !ok {
			g.testOnly = append(g.testOnly, d)
		}
	}
	sort.Strings(g.testOnly)
	return g, nil
}

func (g *graph) sortedPkgs() []string {
	var ps []string
	for p := range g.pkgs {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// display names a module-relative package in messages.
func display(pkg string) string {
	if pkg == "." {
		return "(module root)"
	}
	return pkg
}

// ---------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------

// TestImportDirection checks every import of a module package in every
// non-test file against the tier rules, and then the two transitive facts.
func TestImportDirection(t *testing.T) {
	g := load(t)
	t.Logf("module %s: %d packages, %d non-test files parsed; %d _test.go files exempt", g.modPath, len(g.pkgs), g.files, g.testFiles)
	for _, s := range g.skipped {
		t.Logf("skipped %s", s)
	}
	for _, d := range g.testOnly {
		t.Logf("%s holds only _test.go files: nothing to check", d)
	}
	for _, e := range g.errs {
		t.Error(e)
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range c.run(g) {
				t.Error(v)
			}
		})
	}
}

// checks are run in turn on the parsed graph; each returns its violations.
var checks = []struct {
	name string
	run  func(*graph) []string
}{
	{"every-package-has-a-tier", (*graph).unclassified},
	{"direct-imports", (*graph).directViolations},
	{"summarize-never-reaches-monitor", (*graph).summarizeReachesMonitor},
	{"foundation-stays-in-tier-0", (*graph).foundationEscapes},
}

func (g *graph) unclassified() []string {
	var out []string
	for _, p := range g.sortedPkgs() {
		if _, ok := classify(p); !ok {
			out = append(out, fmt.Sprintf("package %s (%s) is not in the tier table; place it in a tier in internal/deptest/deptest_test.go",
				display(p), g.firstFile(p)))
		}
	}
	return out
}

func (g *graph) directViolations() []string {
	var out []string
	for _, p := range g.sortedPkgs() {
		if _, ok := classify(p); !ok {
			continue // reported by every-package-has-a-tier
		}
		for _, im := range g.pkgs[p] {
			if _, exists := g.pkgs[im.to]; !exists {
				out = append(out, fmt.Sprintf("%s imports %s: no such package in the module (moved or deleted?); import its new path", im.file, display(im.to)))
				continue
			}
			if _, ok := classify(im.to); !ok {
				continue // reported by every-package-has-a-tier
			}
			if r := rule(p, im.to); r != "" {
				out = append(out, fmt.Sprintf("%s imports %s: %s", im.file, display(im.to), r))
			}
		}
	}
	return out
}

// summarizeReachesMonitor: monitor uses summarize (engineEdges), so
// summarize must not reach any monitor package, not even through a third
// package; that would be an import cycle in the making.
func (g *graph) summarizeReachesMonitor() []string {
	if _, ok := g.pkgs["summarize"]; !ok {
		return []string{"package summarize not found in the module: update this check"}
	}
	var out []string
	for _, v := range g.reach("summarize", func(p string) bool { return match("monitor/...", p) }) {
		out = append(out, fmt.Sprintf("summarize imports %s transitively, and must not import any monitor package: %s", v.pkg, v.chain))
	}
	return out
}

// foundationEscapes: no tier-0 package may reach a package above tier 0,
// directly or through other packages.
func (g *graph) foundationEscapes() []string {
	above := func(p string) bool {
		tt, ok := classify(p)
		return ok && tt > foundation
	}
	var out []string
	for _, p := range g.sortedPkgs() {
		if tt, ok := classify(p); !ok || tt != foundation {
			continue
		}
		for _, v := range g.reach(p, above) {
			tt, _ := classify(v.pkg)
			out = append(out, fmt.Sprintf("%s package %s imports %s package %s transitively: %s", foundation, p, tt, v.pkg, v.chain))
		}
	}
	return out
}

// firstFile names one non-test file of pkg, for messages.
func (g *graph) firstFile(pkg string) string {
	if f := g.files1[pkg]; f != "" {
		return f
	}
	return display(pkg) + "/"
}

// TestChecksOnSyntheticModule runs the checks on a small module written to
// a temporary directory, with one violation of each kind, so the checker is
// known to catch them even while the real module is clean.
func TestChecksOnSyntheticModule(t *testing.T) {
	const mod = "example.com/m"
	files := map[string]string{
		"go.mod":                    "module " + mod + " // comment\n\ngo 1.26\n",
		"memory/memory.go":          "package memory\nimport _ \"" + mod + "/conv\"\n",
		"conv/conv.go":              "package conv\nimport _ \"" + mod + "/rag/chunk\"\n", // tier 0 -> tier 1
		"rag/chunk/chunk.go":        "package chunk\nimport \"fmt\"\nvar _ = fmt.Sprint\n",
		"summarize/s.go":            "package summarize\nimport _ \"" + mod + "/rag\"\n",
		"rag/rag.go":                "package rag\nimport (\n\t_ \"" + mod + "/rag/chunk\"\n\t_ \"" + mod + "/monitor/compact\"\n)\n",
		"monitor/compact/c.go":      "package compact\nimport _ \"" + mod + "/summarize\"\n",
		"monitor/compact/c_test.go": "package compact\nimport _ \"" + mod + "/cmd/archon\"\n", // exempt
		"cmd/archon/main.go":        "//go:build ignore\n\npackage main\nimport _ \"" + mod + "/jobs\"\n",
		"jobs/jobs.go":              "package jobs\nimport _ \"" + mod + "/internal/convgen\"\n", // test tooling
		"jobs/jobs_test.go":         "package jobs\nimport _ \"" + mod + "/internal/convgen\"\n", // exempt
		"internal/convgen/gen.go":   "package convgen\n",
		"server/s.go":               "package server\nimport _ \"" + mod + "/server/gone\"\n",
		"newpkg/n.go":               "package newpkg\n",
		"broken/b.go":               "package broken\nimport (\n",
		"testdata/x/x.go":           "package x\nimport _ \"" + mod + "/cmd/archon\"\n",
		".hidden/h.go":              "package h\nimport _ \"" + mod + "/cmd/archon\"\n",
		"nested/go.mod":             "module other\n",
		"nested/n.go":               "package n\nimport _ \"" + mod + "/cmd/archon\"\n",
	}
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, err := parseModule(filepath.Join(dir, "rag", "chunk"))
	if err != nil {
		t.Fatal(err)
	}
	if g.modPath != mod {
		t.Fatalf("module path %q, want %q", g.modPath, mod)
	}
	var got []string
	got = append(got, g.errs...)
	for _, c := range checks {
		got = append(got, c.run(g)...)
	}
	want := []string{
		"broken/b.go: does not parse",
		"package broken (broken/b.go) is not in the tier table",
		"package newpkg (newpkg/n.go) is not in the tier table",
		"cmd/archon/main.go imports jobs: cmd/archon may import only",
		"conv/conv.go imports rag/chunk: tier 0 (foundation) package conv must not import tier 1 (engine) package rag/chunk",
		"rag/rag.go imports monitor/compact: engine groups rag -> monitor is not allowed; declare an interface in rag instead",
		"jobs/jobs.go imports internal/convgen: internal/convgen is test tooling",
		"server/s.go imports server/gone: no such package in the module",
		"summarize/s.go imports rag: engine groups summarize -> rag is not allowed; declare an interface in summarize instead",
		"summarize imports monitor/compact transitively, and must not import any monitor package: summarize/s.go imports rag; rag/rag.go imports monitor/compact",
		"tier 0 (foundation) package conv imports tier 1 (engine) package rag/chunk transitively: conv/conv.go imports rag/chunk",
		"tier 0 (foundation) package memory imports tier 1 (engine) package rag/chunk transitively: memory/memory.go imports conv; conv/conv.go imports rag/chunk",
	}
	for _, w := range want {
		found := false
		for _, s := range got {
			found = found || strings.Contains(s, w)
		}
		if !found {
			t.Errorf("missing violation %q", w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	if g.testFiles != 2 {
		t.Errorf("%d test files exempted, want 2", g.testFiles)
	}
}

type reached struct {
	pkg   string
	chain string // "a/x.go imports b; b/y.go imports c"
}

// reach walks the module import graph breadth-first from start and returns
// every package for which bad is true, with the shortest import chain to it.
// It does not walk on from a bad package, so each chain ends at the first
// offending package on its path and a chain is never reported twice.
func (g *graph) reach(start string, bad func(string) bool) []reached {
	type step struct{ from, file string }
	prev := map[string]step{start: {}}
	queue := []string{start}
	var out []reached
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, im := range g.pkgs[p] {
			if _, seen := prev[im.to]; seen {
				continue
			}
			if _, exists := g.pkgs[im.to]; !exists {
				continue // reported by direct-imports
			}
			prev[im.to] = step{p, im.file}
			if bad(im.to) {
				var links []string
				for q := im.to; q != start; q = prev[q].from {
					links = append(links, fmt.Sprintf("%s imports %s", prev[q].file, display(q)))
				}
				for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
					links[i], links[j] = links[j], links[i]
				}
				out = append(out, reached{im.to, strings.Join(links, "; ")})
				continue
			}
			queue = append(queue, im.to)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pkg < out[j].pkg })
	return out
}
