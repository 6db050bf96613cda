package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
)

// SearchBatch answers a batch of queries (archon search --queries): one
// {"qid","query"} per line of in, one {"qid","results"} line (with "error"
// when the query failed) written to out for each, every query searched
// with base's filters. A bad line is skipped with a warning; the error at
// the end counts the queries that failed.
func SearchBatch(ctx context.Context, m Memory, base SearchRequest, in io.Reader, out io.Writer, log *slog.Logger) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line, failed := 0, 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q struct {
			QID   string `json:"qid"`
			Query string `json:"query"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			failed++
			log.Warn("skipping a bad --queries line", "line", line, "err", err)
			continue
		}
		r := base
		r.Query = q.Query
		resp, err := m.Search(ctx, r)
		ans := struct {
			QID     string   `json:"qid"`
			Results []Result `json:"results"`
			Error   string   `json:"error,omitempty"`
		}{QID: q.QID, Results: []Result{}}
		if err != nil {
			failed++
			ans.Error = err.Error()
		} else {
			ans.Results = resp.Results
		}
		if err := enc.Encode(ans); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("--queries: line %d: %w", line+1, err)
	}
	if failed > 0 {
		return fmt.Errorf("%d of the queries failed (see stderr and the error fields)", failed)
	}
	return nil
}
