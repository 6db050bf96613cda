package ctxlog

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestAppendRecent(t *testing.T) {
	dir := t.TempDir()
	l := Open(dir)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.Append(ctx, Event{Kind: KindCheck, Tokens: i * 1000, Percent: float64(i * 5)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	// A torn or foreign line is skipped with a warning.
	f, _ := os.OpenFile(l.Path(), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{not json\n")
	f.Close()
	if err := l.Append(ctx, Event{Kind: KindCompaction, TokensBefore: 9000, TokensAfter: 4000, Saved: 5000, Percent: 30}); err != nil {
		t.Fatal(err)
	}
	all, warns, err := l.Recent(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 21 || len(warns) != 1 || warns[0].Line != 21 {
		t.Fatalf("events %d, warnings %v", len(all), warns)
	}
	last, _, _ := l.Recent(5)
	if len(last) != 5 || last[4].Kind != KindCompaction {
		t.Errorf("Recent(5) = %d events, last %q", len(last), last[len(last)-1].Kind)
	}
	empty, _, err := Open(t.TempDir()).Recent(10)
	if err != nil || len(empty) != 0 {
		t.Errorf("missing log: %v %v", empty, err)
	}
}

func TestChart(t *testing.T) {
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	var ev []Event
	for i := range 30 {
		p := float64(i * 3)
		kind := KindCheck
		if i == 25 {
			kind, p = KindProtocol, 20
		}
		ev = append(ev, Event{Time: now.Add(time.Duration(i) * time.Minute), Kind: kind, Percent: p, Saved: 100})
	}
	out := Chart(ev, ChartOptions{Width: 40, Height: 8, Thresholds: []float64{40, 65, 75}})
	for _, want := range []string{"┤", "█", "●", "┄", "30 events", "1 compactions saved 100 tokens"} {
		if !strings.Contains(out, want) {
			t.Errorf("chart lacks %q:\n%s", want, out)
		}
	}
	if got := Chart(nil, ChartOptions{}); !strings.Contains(got, "no context events") {
		t.Errorf("empty chart = %q", got)
	}
}
