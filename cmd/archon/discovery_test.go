package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/archon-memory/archon/client"
)

// TestDamagedDiscoveryFile: a serve.json that names no usable service never
// blocks a command. search, log, index and get work on the workspace
// directly, each with one warning line naming the file and why it is
// ignored; the file is removed when nothing owns it any more; archon serve
// starts anyway, replaces it and removes it when it stops.
func TestDamagedDiscoveryFile(t *testing.T) {
	defer func(d time.Duration) { probeTimeout = d }(probeTimeout)
	probeTimeout = 300 * time.Millisecond // the silent listener costs one probe per command

	// workspace makes a workspace with one entry; it returns its root, its
	// discovery file and the entry's id.
	workspace := func(t *testing.T) (string, string, string) {
		root := t.TempDir()
		if code, _, e := archon(t, "", "--root", root, "init"); code != 0 {
			t.Fatal(e)
		}
		if code, _, e := archon(t, "", "--root", root, "log", "--agent", "planner", "--date", "2026-11-18", "--time", "14:03",
			"Decided to use PostgreSQL: we need transactions."); code != 0 {
			t.Fatal(e)
		}
		code, out, _ := archon(t, "", "--root", root, "search", "postgres", "--format", "json")
		var found struct{ Results []struct{ ID string } }
		if code != 0 || json.Unmarshal([]byte(out), &found) != nil || len(found.Results) == 0 {
			t.Fatalf("search: %d %s", code, out)
		}
		return root, client.DiscoveryPath(filepath.Join(root, ".archon")), found.Results[0].ID
	}

	me := os.Getpid()
	file := func(v string) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte(v), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	discovery := func(pid int, url string) func(t *testing.T, path string) {
		b, _ := json.Marshal(client.Discovery{PID: pid, Addr: strings.TrimPrefix(url, "http://"), URL: url, Started: time.Now()})
		return file(string(b))
	}
	// listen serves conns with fn on a loopback port until the test ends.
	listen := func(t *testing.T, fn func(net.Conn)) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ln.Close() })
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				go fn(c)
			}
		}()
		return "http://" + ln.Addr().String()
	}
	answering := func(status int, body string) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(status)
				fmt.Fprint(w, body)
			}))
			t.Cleanup(hs.Close)
			discovery(me, hs.URL)(t, path)
		}
	}
	goneChild := exec.Command("true")
	if err := goneChild.Run(); err != nil {
		t.Fatal(err)
	}
	freePort := func() string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		return "http://" + ln.Addr().String()
	}()
	valid, _ := json.Marshal(client.Discovery{PID: me, Addr: "127.0.0.1:7420", URL: "http://127.0.0.1:7420", Started: time.Now()})

	cases := []struct {
		name    string
		setup   func(t *testing.T, path string)
		reason  string // in the warning
		removed bool   // by the first command
		rootOK  bool   // the case works as root (permissions)
	}{
		{"empty file", file(""), "empty", true, true},
		{"truncated JSON", file(string(valid[:len(valid)/2])), "not valid JSON", true, true},
		{"binary garbage", file("\x00\xff\xfe\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x80"), "not valid JSON", true, true},
		{"JSON array", file(`[1, 2, 3]`), "not a discovery object", true, true},
		{"JSON string", file(`"http://127.0.0.1:7420"`), "not a discovery object", true, true},
		{"no pid", file(`{"addr": "127.0.0.1:7420", "url": "http://127.0.0.1:7420"}`), "no valid pid", true, true},
		{"pid out of range", file(`{"pid": 4294967295, "url": "http://127.0.0.1:7420"}`), "no valid pid", true, true},
		{"no url", file(fmt.Sprintf(`{"pid": %d}`, me)), "no valid http URL", true, true},
		{"pid gone", discovery(goneChild.Process.Pid, freePort), "is gone", true, true},
		{"live pid, nothing listens", discovery(me, freePort), "nothing listens", true, true},
		{"live pid, accepts and never answers", func(t *testing.T, path string) {
			discovery(me, listen(t, func(c net.Conn) { <-t.Context().Done(); c.Close() }))(t, path)
		}, "does not answer as archon serve", false, true},
		{"live pid, accepts and hangs up", func(t *testing.T, path string) {
			discovery(me, listen(t, func(c net.Conn) { c.Close() }))(t, path)
		}, "does not answer as archon serve", false, true},
		{"live pid, speaks no HTTP", func(t *testing.T, path string) {
			discovery(me, listen(t, func(c net.Conn) { fmt.Fprint(c, "SSH-2.0-OpenSSH_9.6\r\n"); c.Close() }))(t, path)
		}, "does not answer as archon serve", false, true},
		{"live pid, a web page answers", answering(404, "<html>\n<body>Not Found</body>\n</html>\n"), "does not answer as archon serve", false, true},
		{"live pid, other JSON answers", answering(200, `{"ok": true}`), "is not archon serve", false, true},
		{"another archon serve answers", answering(200, `{"status": "ok", "pid": 1}`), "another archon serve (pid 1)", true, true},
		{"the service of another workspace answers (a copied workspace)",
			answering(200, fmt.Sprintf(`{"status": "ok", "pid": %d, "root": %q}`, me, os.TempDir())), "serves the workspace", true, true},
		{"empty directory", func(t *testing.T, path string) { os.Mkdir(path, 0o755) }, "directory", false, true},
		{"directory with files", func(t *testing.T, path string) {
			os.Mkdir(path, 0o755)
			os.WriteFile(filepath.Join(path, "x"), []byte("x"), 0o644)
		}, "directory", false, true},
		{"named pipe", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file", false, true},
		{"symlink to /dev/zero", func(t *testing.T, path string) { os.Symlink("/dev/zero", path) }, "not a regular file", false, true},
		{"too large", file(`{"pid": 1,` + strings.Repeat(" ", 1<<20) + `}`), "too large", false, true},
		{"unreadable", func(t *testing.T, path string) { file(string(valid))(t, path); os.Chmod(path, 0) }, "permission denied", false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !tc.rootOK && os.Geteuid() == 0 {
				t.Skip("root reads any file")
			}
			root, path, id := workspace(t)
			tc.setup(t, path)
			for i, args := range [][]string{
				{"search", "postgres", "--format", "json"},
				{"log", "--agent", "executor", "--json", "ran the migration"},
				{"index", "--json"},
				{"get", id, "--json"},
			} {
				start := time.Now()
				code, out, errOut := archon(t, "", append([]string{"--root", root}, args...)...)
				if code != 0 {
					t.Fatalf("archon %s: exit %d: %s", args[0], code, errOut)
				}
				if !json.Valid([]byte(out)) || (args[0] == "search" && !strings.Contains(out, "PostgreSQL")) {
					t.Fatalf("archon %s: %s", args[0], out)
				}
				// The lines about the file (an engine may warn too, e.g.
				// that it repaired an index).
				var lines []string
				for _, l := range strings.Split(errOut, "\n") {
					if strings.Contains(l, client.DiscoveryFile) {
						lines = append(lines, l)
					}
				}
				switch {
				case i == 0 || !tc.removed:
					if len(lines) != 1 || !strings.Contains(lines[0], "level=WARN") || !strings.Contains(lines[0], path) ||
						!strings.Contains(lines[0], tc.reason) || !strings.Contains(lines[0], "working on the workspace directly") ||
						strings.Contains(lines[0], "(removed)") != (i == 0 && tc.removed) {
						t.Fatalf("archon %s: want one warning naming %s and %q, got:\n%s", args[0], path, tc.reason, errOut)
					}
				case len(lines) != 0:
					t.Fatalf("archon %s after the file was removed: %s", args[0], errOut)
				}
				if i == 0 {
					t.Logf("archon %s: %s, %s", args[0], time.Since(start).Round(time.Millisecond), lines[0][strings.Index(lines[0], "msg="):])
				}
			}
			if _, err := os.Lstat(path); os.IsNotExist(err) != tc.removed {
				t.Fatalf("removed %v, want %v", os.IsNotExist(err), tc.removed)
			}

			// archon serve starts anyway and replaces the file.
			start := time.Now()
			d, stop := startServeOut(t, root)
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
				t.Fatalf("serve did not replace the file: %v %v", fi, err)
			}
			if d.PID != me || !strings.HasPrefix(d.URL, "http://127.0.0.1:") {
				t.Fatalf("discovery %+v", d)
			}
			served := time.Since(start)
			code, out, errOut := archon(t, "", "--root", root, "search", "postgres", "--format", "json")
			if code != 0 || strings.Contains(errOut, client.DiscoveryFile) || !strings.Contains(out, "PostgreSQL") {
				t.Fatalf("search through the new serve: %d %s %s", code, out, errOut)
			}
			serveErr := stop()
			if !tc.removed && !strings.Contains(serveErr, "archon serve writes its own") {
				t.Fatalf("serve did not warn about the file: %s", serveErr)
			}
			if _, err := os.Lstat(path); !os.IsNotExist(err) {
				t.Fatalf("serve left its discovery file: %v", err)
			}
			t.Logf("archon serve up after %s", served.Round(time.Millisecond))
			// No file taken aside to compare is left, no temporary file;
			// a directory with files is moved aside whole.
			left, _ := filepath.Glob(path + ".*")
			tmp, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+client.DiscoveryFile+"*"))
			if len(tmp) != 0 || (tc.name == "directory with files") != (len(left) == 1) || len(left) > 1 {
				t.Fatalf("left in .archon: %v %v", left, tmp)
			}
			if len(left) == 1 {
				if _, err := os.Stat(filepath.Join(left[0], "x")); err != nil || !strings.HasSuffix(left[0], ".bad") {
					t.Fatalf("the directory moved aside: %s %v", left[0], err)
				}
			}
		})
	}
}
