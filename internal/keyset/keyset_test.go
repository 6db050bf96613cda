package keyset

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "set.json")
	s, err := Load(path)
	if err != nil || len(s) != 0 {
		t.Fatalf("missing: %v %v", s, err)
	}
	s["b"], s["a"] = true, true
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "[\n  \"a\",\n  \"b\"\n]\n" {
		t.Fatalf("file: %q", b)
	}
	back, err := Load(path)
	if err != nil || len(back) != 2 || !back["a"] {
		t.Fatalf("back: %v %v", back, err)
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := Load(path); err == nil {
		t.Fatal("a damaged file is an error")
	}
}

// TestConcurrentSaves has sets loaded at the same time save their own
// keys, from goroutines and from another process's point of view alike
// (each Save locks the file): no key is lost.
func TestConcurrentSaves(t *testing.T) {
	path := filepath.Join(t.TempDir(), "set.json")
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Load(path)
			if err != nil {
				errs <- err
				return
			}
			s[fmt.Sprint("k", i)] = true
			errs <- s.Save(path)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := Load(path)
	if err != nil || len(s) != n {
		t.Fatalf("%d keys of %d saved: %v %v", len(s), n, s, err)
	}
}

// TestJournal: keys added one by one are kept without a Save (a process
// killed midway), a torn last line is no key, and a Save folds the
// journal into the file.
func TestJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "set.json")
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"u1", "u2"} {
		if err := s.Add(path, k); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.OpenFile(path+".journal", os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("u3-torn") // cut short by a kill
	f.Close()
	back, err := Load(path)
	if err != nil || len(back) != 2 || !back["u1"] || !back["u2"] {
		t.Fatalf("after adds: %v %v", back, err)
	}
	if err := back.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".journal"); !os.IsNotExist(err) {
		t.Fatalf("journal still there: %v", err)
	}
	again, err := Load(path)
	if err != nil || len(again) != 2 {
		t.Fatalf("after save: %v %v", again, err)
	}
	if err := s.Add(path, "a\nb"); err == nil {
		t.Fatal("a key of two lines was taken")
	}
}

// TestLoadBesideSaves: a Load (which takes no lock) beside Adds and
// Saves sees every key whose Add returned before it began: a Save moves a
// key from the journal into the file, never out of both.
func TestLoadBesideSaves(t *testing.T) {
	path := filepath.Join(t.TempDir(), "set.json")
	var added atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := Set{}
		for i := range 500 {
			if err := s.Add(path, fmt.Sprint("k", i)); err != nil {
				t.Error(err)
				return
			}
			added.Store(int64(i + 1))
			if err := (Set{}).Save(path); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for {
		select {
		case <-done:
			return
		default:
		}
		n := added.Load()
		s, err := Load(path)
		if err != nil {
			continue // a torn read of neither file is retried
		}
		for i := range n {
			if !s[fmt.Sprint("k", i)] {
				t.Fatalf("a Load missed k%d, added before it began", i)
			}
		}
	}
}
