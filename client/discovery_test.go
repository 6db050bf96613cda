package client

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStaleRemovalKeepsANewerFile: the discovery file is removed only if
// it still holds what was judged stale; one a new archon serve wrote in
// the meantime stays, and RemoveDiscovery removes only its own pid's.
func TestStaleRemovalKeepsANewerFile(t *testing.T) {
	state := t.TempDir()
	path := DiscoveryPath(state)
	if err := os.WriteFile(path, []byte(`{"pid": 999999, "url": "http://127.0.0.1:1"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	stale, err := readDiscovery(path)
	if err != nil {
		t.Fatal(err)
	}
	fresh := Discovery{PID: os.Getpid(), Addr: "127.0.0.1:7420", URL: "http://127.0.0.1:7420"}
	if err := WriteDiscovery(state, fresh); err != nil { // a new archon serve starts
		t.Fatal(err)
	}
	if removed, err := removeIfSame(path, stale); removed || err != nil {
		t.Fatalf("removed the newer file: %v %v", removed, err)
	}
	if d, err := ReadDiscovery(state); err != nil || d.PID != fresh.PID {
		t.Fatalf("the newer file was not kept: %+v %v", d, err)
	}
	if err := RemoveDiscovery(state, fresh.PID+1); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDiscovery(state); err != nil {
		t.Fatalf("RemoveDiscovery removed another pid's file: %v", err)
	}
	if err := RemoveDiscovery(state, fresh.PID); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDiscovery(state); err != ErrNoService {
		t.Fatalf("RemoveDiscovery kept its own file: %v", err)
	}
	if left, _ := filepath.Glob(path + "*"); len(left) != 0 {
		t.Fatalf("left: %v", left)
	}
}

// TestStoppingServiceIsNotStale: a service that has stopped answering to
// finish a job marks its file: Find says it is stopping and keeps the
// file, where it would have removed it as naming nothing that listens.
func TestStoppingServiceIsNotStale(t *testing.T) {
	state := t.TempDir()
	d := Discovery{PID: os.Getpid(), Addr: "127.0.0.1:1", URL: "http://127.0.0.1:1"}
	if err := WriteDiscovery(state, d); err != nil {
		t.Fatal(err)
	}
	if err := MarkStopping(state, d.PID); err != nil {
		t.Fatal(err)
	}
	_, err := Find(context.Background(), state, time.Second)
	var se *StaleError
	if !errors.As(err, &se) || se.Removed || !strings.Contains(se.Reason, "stopping") {
		t.Fatalf("find: %v", err)
	}
	if _, err := ReadDiscovery(state); err != nil {
		t.Fatalf("the file of a stopping service was removed: %v", err)
	}
}
