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
	}{{`"a"`, 0, true}, {`7`, 0, true}, {`null`, 4, false}, {`"c"`, 5, false}, {`"d"`, 6, false}}
	if len(lines) != len(want) {
		t.Fatalf("%d answers for 5 queries:\n%s", len(lines), out.String())
	}
	for i, w := range want {
		var a struct {
			QID     json.RawMessage `json:"qid"`
			Line    int             `json:"line"`
			Results []Result        `json:"results"`
			Error   string          `json:"error"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &a); err != nil {
			t.Fatal(err)
		}
		if string(a.QID) != w.qid || a.Line != w.line || (len(a.Results) > 0) != w.hits || (a.Error == "") != w.hits {
			t.Errorf("answer %d: %s", i, lines[i])
		}
	}
}
