package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
)

// TestSearchBatchPairsEveryLine: every line that is not blank gets one
// answer line, in order: a qid comes back as it was given (string or
// number), and a line that is no query object is answered with its line
// number and an error rather than skipped.
func TestSearchBatchPairsEveryLine(t *testing.T) {
	ctx := context.Background()
	ws, cfg := workspace(t)
	l := oneShot(t, ws, cfg)
	if _, err := l.Log(ctx, LogRequest{Text: "Chose PostgreSQL: we need transactions."}); err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{
		`{"qid":"a","query":"postgres transactions"}`,
		`{"qid":7,"query":"postgres"}`,
		``,
		`not json`,
		`{"qid":"c","query":""}`,
		`{"qid":"d","query":42}`,
		`{"qid":"e","query":"kubernetes helm"}`,
	}, "\n")
	var out strings.Builder
	err := SearchBatch(ctx, l, SearchRequest{Refresh: true}, strings.NewReader(in), &out, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil || !strings.Contains(err.Error(), "3 of the queries failed") {
		t.Fatalf("err %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []struct {
		qid  string
		line int
		hits bool
		warn bool
	}{{`"a"`, 0, true, false}, {`7`, 0, true, false}, {`null`, 4, false, false}, {`"c"`, 5, false, false}, {`"d"`, 6, false, false}, {`"e"`, 0, false, true}}
	if len(lines) != len(want) {
		t.Fatalf("%d answers for 6 queries:\n%s", len(lines), out.String())
	}
	for i, w := range want {
		var a struct {
			QID      json.RawMessage `json:"qid"`
			Line     int             `json:"line"`
			Results  []Result        `json:"results"`
			Warnings []string        `json:"warnings"`
			Error    string          `json:"error"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &a); err != nil {
			t.Fatal(err)
		}
		// A query no entry holds a word of has no hits, no error and a
		// warning saying why.
		if string(a.QID) != w.qid || a.Line != w.line || (len(a.Results) > 0) != w.hits || (a.Error == "") != (w.hits || w.warn) || (len(a.Warnings) > 0) != w.warn {
			t.Errorf("answer %d: %s", i, lines[i])
		}
	}
}
