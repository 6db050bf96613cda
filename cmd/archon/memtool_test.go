package main

import (
	"strings"
	"testing"
)

// TestMemoryToolCLI: every command of the memory tool from the CLI, run
// on the workspace directly and through archon serve; what it writes is
// found by archon search right after.
func TestMemoryToolCLI(t *testing.T) {
	root := t.TempDir()
	if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
		t.Fatal(e)
	}
	for _, mode := range []string{"direct", "serve"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "serve" {
				_, stop := startServe(t, root)
				defer stop()
			}
			dir := "/memories/" + mode
			steps := []struct {
				stdin string
				code  int
				want  string
			}{
				{`{"command":"create","path":"` + dir + `/deploy.md","file_text":"Deploys go through ArgoCD.\n"}`, 0, "File created successfully"},
				{`{"command":"str_replace","path":"` + dir + `/deploy.md","old_str":"ArgoCD","new_str":"ArgoCD and Helmfile"}`, 0, "Helmfile"},
				{`{"command":"insert","path":"` + dir + `/deploy.md","insert_line":1,"insert_text":"Rollbacks: helm rollback."}`, 0, "2\tRollbacks"},
				{`{"command":"view","path":"` + dir + `/deploy.md","view_range":[1,1]}`, 0, "1\tDeploys go through ArgoCD and Helmfile."},
				{`{"command":"rename","old_path":"` + dir + `/deploy.md","new_path":"` + dir + `/ops/deploy.md"}`, 0, "renamed"},
				{`{"command":"create","path":"` + dir + `/tmp.md","file_text":"x"}`, 0, "created"},
				{`{"command":"delete","path":"` + dir + `/tmp.md"}`, 0, "deleted"},
				{`{"command":"view","path":"/memories"}`, 0, dir + "/ops/\n"},
				{`{"command":"view","path":"` + dir + `"}`, 0, dir + "/ops/deploy.md"},
				{`{"command":"view","path":"/memories/../archon.yaml"}`, 1, `".."`},
				{`{"command":"view","path":"/memories","bogus":1}`, 2, "not a memory-tool command"},
			}
			for _, s := range steps {
				code, out, errOut := archon(t, s.stdin, "--root", root, "memory-tool")
				if code != s.code || !strings.Contains(out+errOut, s.want) {
					t.Fatalf("memory-tool %s: %d %s%s; want %d and %q", s.stdin, code, out, errOut, s.code, s.want)
				}
			}
			code, out, errOut := archon(t, "", "--root", root, "search", "Helmfile rollback", "--no-index")
			if code != 0 || !strings.Contains(out, "memories/"+mode+"/ops/deploy.md") {
				t.Fatalf("search right after the memory tool wrote: %d %s %s", code, out, errOut)
			}
		})
	}
}
