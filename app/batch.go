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
// {"qid","query"} per line of in, one {"qid","results"} line written to out
// (with the search's "warnings", if any) for each line that is not blank,
// every query searched with base's
// filters. The qid comes back as it was given (a string or a number); a
// line that is no such object, or a query that fails, is answered with
// "error" (and the line's number), so that answers and questions pair up.
// The error at the end counts the lines that failed.
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
		ans := struct {
			QID     json.RawMessage `json:"qid"`
			Line    int             `json:"line,omitempty"`
			Results []Result        `json:"results"`
			// Warnings are the search's, as `archon search` prints them.
			Warnings []string `json:"warnings,omitempty"`
			Error    string   `json:"error,omitempty"`
		}{Results: []Result{}}
		var fields map[string]json.RawMessage
		var query string
		err := json.Unmarshal(sc.Bytes(), &fields)
		if err == nil {
			ans.QID = fields["qid"]
			if raw, ok := fields["query"]; ok {
				err = json.Unmarshal(raw, &query)
			}
		}
		if err == nil {
			r := base
			r.Query = query
			var resp *SearchResponse
			if resp, err = m.Search(ctx, r); err == nil {
				ans.Results, ans.Warnings = resp.Results, resp.Warnings
			}
		} else {
			err = fmt.Errorf("want {\"qid\": ..., \"query\": \"...\"}: %w", err)
		}
		if err != nil {
			failed++
			ans.Line, ans.Error = line, err.Error()
			log.Warn("a --queries line failed", "line", line, "err", err)
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
