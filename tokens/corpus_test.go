package tokens

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// sample is one calibration text.
type sample struct {
	kind, name, text string
}

// corpus builds prose, code and JSON samples from the Go installation (always
// present where the tests run) and from generators, in chunks of ~chunk bytes.
func corpus(t testing.TB, chunk int) []sample {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(goroot))
	var out []sample
	add := func(kind, name, text string) {
		for i := 0; len(text) > 0 && i < 6; i++ {
			end := min(chunk, len(text))
			out = append(out, sample{kind, fmt.Sprintf("%s#%d", name, i), text[:end]})
			text = text[end:]
		}
	}
	// Code and prose from Go sources: code is the file, prose its comments.
	var files []string
	_ = filepath.WalkDir(filepath.Join(root, "src"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.Contains(p, "testdata") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	var prose strings.Builder
	for _, f := range files[:min(60, len(files))] {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		add("code", filepath.Base(f), string(b))
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "// ") {
				prose.WriteString(line[3:])
				prose.WriteByte(' ')
			} else if prose.Len() > 0 && line == "" {
				prose.WriteString("\n\n")
			}
		}
	}
	add("prose", "go-comments", prose.String())
	tag := regexp.MustCompile(`<[^>]*>`)
	for _, name := range []string{"go_spec.html", "go_mem.html"} {
		if b, err := os.ReadFile(filepath.Join(root, "doc", name)); err == nil {
			add("prose", name, tag.ReplaceAllString(string(b), ""))
		}
	}
	add("prose", "generated", generatedProse(rng, 40000))
	// JSON: test vectors shipped with Go, and generated tool results.
	_ = filepath.WalkDir(filepath.Join(root, "src"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			if b, err := os.ReadFile(p); err == nil && len(b) > 2000 {
				add("json", filepath.Base(p), string(b))
			}
		}
		return nil
	})
	add("json", "generated", generatedJSON(rng, 60000, false))
	add("json", "generated-indent", generatedJSON(rng, 60000, true))
	return out
}

var proseWords = strings.Fields(`the a of to and in is that it for on with as was by be this are from at or
an have not but which they we you all were can had their one there been has would more will when if
about so no out what up into its them only other than some then could time these two may first new like
use such because database decision migration server request user team release deploy schedule budget
customer feature performance quality design review account history version support contract payment
Although Meanwhile However Therefore Yesterday Tomorrow Everyone Nobody understood considered
reliability observability configuration authentication authorization internationalization`)

func generatedProse(rng *rand.Rand, size int) string {
	var b strings.Builder
	for b.Len() < size {
		n := 6 + rng.IntN(18)
		for i := range n {
			w := proseWords[rng.IntN(len(proseWords))]
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
			if i < n-1 {
				if rng.IntN(9) == 0 {
					b.WriteByte(',')
				}
				b.WriteByte(' ')
			}
		}
		b.WriteString(". ")
		if rng.IntN(5) == 0 {
			b.WriteString("\n\n")
		}
	}
	return b.String()
}

func generatedJSON(rng *rand.Rand, size int, indent bool) string {
	var b strings.Builder
	for b.Len() < size {
		rec := map[string]any{
			"id":         rng.Int64(),
			"uuid":       fmt.Sprintf("%08x-%04x-%04x-%012x", rng.Uint32(), rng.Uint32()&0xffff, rng.Uint32()&0xffff, rng.Uint64()&0xffffffffffff),
			"path":       fmt.Sprintf("/srv/app/%s/%s_%d.go", proseWords[rng.IntN(len(proseWords))], proseWords[rng.IntN(len(proseWords))], rng.IntN(100)),
			"createdAt":  fmt.Sprintf("2026-%02d-%02dT%02d:%02d:%02dZ", 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60)),
			"score":      rng.Float64() * 100,
			"tags":       []string{proseWords[rng.IntN(len(proseWords))], proseWords[rng.IntN(len(proseWords))]},
			"isActive":   rng.IntN(2) == 0,
			"message":    generatedProse(rng, 60),
			"statusCode": 200 + rng.IntN(300),
		}
		var out []byte
		if indent {
			out, _ = json.MarshalIndent(rec, "", "  ")
		} else {
			out, _ = json.Marshal(rec)
		}
		b.Write(out)
		b.WriteByte('\n')
	}
	return b.String()
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }
