package summarize

import (
	"encoding/json"
	"fmt"
	"strings"
)

// table reads a table at the start of lines: a markdown table (a row of
// cells between pipes, then a |---|---| rule) or columns aligned under a
// header line ("KEY  STATUS  SUMMARY", as trackers and command-line tools
// print them). When its header names fields a record has (a state, a
// title, a decision, a reason, a due date), each row is read as a record
// (see readRecord). It returns the lines read (0 if they are no such
// table) and the units.
func table(lines []string) (int, []unit) {
	if len(lines) < 2 {
		return 0, nil
	}
	if hdr, ok := pipeCells(lines[0]); ok && isRule(lines[1]) {
		keys := headerKeys(hdr)
		if keys == nil {
			return 0, nil
		}
		n := 2
		var out []unit
		for ; n < len(lines); n++ {
			cells, ok := pipeCells(lines[n])
			if !ok {
				break
			}
			out = append(out, rowUnits(hdr, keys, cells)...)
		}
		return n, out
	}
	if n, units := csvTable(lines); n > 0 {
		return n, units
	}
	if n, units := barTable(lines); n > 0 {
		return n, units
	}
	starts := columnStarts(lines[0])
	if len(starts) < 3 {
		return 0, nil
	}
	hdr := cutColumns(lines[0], starts)
	keys := headerKeys(hdr)
	if keys == nil {
		return 0, nil
	}
	n := 1
	var out []unit
	for ; n < len(lines) && aligned(lines[n], starts); n++ {
		out = append(out, rowUnits(hdr, keys, cutColumns(lines[n], starts))...)
	}
	if n == 1 {
		return 0, nil
	}
	return n, out
}

// pipeCells splits a markdown table row ("| a | b |") into its cells.
func pipeCells(line string) ([]string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "|") || strings.Count(t, "|") < 3 {
		return nil, false
	}
	cells := strings.Split(strings.Trim(t, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, true
}

// isRule reports the line under a markdown table's header: "|---|:--:|".
func isRule(line string) bool {
	t := strings.TrimSpace(line)
	return strings.Count(t, "-") >= 3 && strings.Trim(t, "|-: ") == ""
}

// columnStarts returns where the columns of an aligned header line start:
// at its first byte and after each run of two or more spaces. A line
// that is indented, or ends a sentence, is no header.
func columnStarts(h string) []int {
	if h == "" || h[0] == ' ' || h[0] == '\t' || strings.ContainsAny(h, ".?!,;") {
		return nil
	}
	starts := []int{0}
	for i := 2; i < len(h); i++ {
		if h[i] != ' ' && h[i-1] == ' ' && h[i-2] == ' ' {
			starts = append(starts, i)
		}
	}
	return starts
}

// aligned reports whether a row fits the columns of an aligned header: a
// space before each column's start and something in the first one.
func aligned(row string, starts []int) bool {
	if row == "" || row[0] == ' ' || row[0] == '\t' {
		return false
	}
	for _, c := range starts[1:] {
		if len(row) <= c || row[c-1] != ' ' {
			return false
		}
	}
	return true
}

// cutColumns cuts a line at the column starts, trimming each cell.
func cutColumns(line string, starts []int) []string {
	cells := make([]string, len(starts))
	for k, c := range starts {
		end := len(line)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		if c < len(line) {
			cells[k] = strings.TrimSpace(line[c:min(end, len(line))])
		}
	}
	return cells
}

// headerKeys returns the field names a table header gives (lower case),
// or nil when it is no header of records: a cell is no name of one to
// three words, or none names a field records have.
func headerKeys(hdr []string) []string {
	keys := make([]string, len(hdr))
	known := false
	for i, h := range hdr {
		k := strings.ToLower(strings.Trim(h, "*_` "))
		if k == "" || len(strings.Fields(k)) > 3 {
			return nil
		}
		for j := 0; j < len(k); j++ {
			if c := k[j]; !(c == ' ' || c == '_' || c == '-' || c == '#' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
				return nil
			}
		}
		keys[i] = strings.ReplaceAll(k, "_", " ")
		for _, list := range [][]string{stateKeys, titleKeys, dueKeys, decisionKeys, reasonKeys} {
			known = known || isOneOf(keys[i], list)
		}
	}
	if !known {
		return nil
	}
	return keys
}

// rowUnits reads one row of a table as a record.
func rowUnits(hdr, keys, cells []string) []unit {
	var fs []kv
	for i, c := range cells {
		if i < len(keys) && c != "" {
			fs = append(fs, kv{keys[i], c, hdr[i] + ": " + c})
		}
	}
	if len(fs) == 0 {
		return nil
	}
	return readRecord(fs, true)
}

// csvTable reads comma-separated rows under a header that names record
// fields ("id,name,status"), as exports print them.
func csvTable(lines []string) (int, []unit) {
	hdr, keys := csvHeader(lines[0])
	if keys == nil {
		return 0, nil
	}
	n := 1
	var out []unit
	for ; n < len(lines); n++ {
		row := strings.TrimSpace(lines[n])
		if strings.Count(row, ",") != len(hdr)-1 {
			break
		}
		cells := strings.Split(row, ",")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		out = append(out, rowUnits(hdr, keys, cells)...)
	}
	if n == 1 {
		return 0, nil
	}
	return n, out
}

// csvHeader splits a CSV header line whose cells name record fields
// ("id,name,status") and returns its cells and field names, or nil.
func csvHeader(line string) ([]string, []string) {
	h := strings.TrimSpace(line)
	if strings.Count(h, ",") < 1 || strings.ContainsAny(h, " .;:") && !strings.Contains(h, ", ") {
		return nil, nil
	}
	hdr := strings.Split(h, ",")
	for i := range hdr {
		hdr[i] = strings.TrimSpace(hdr[i])
	}
	return hdr, headerKeys(hdr)
}

// barTable reads cells split by bars without the outer bars or a rule
// ("id | pri | owner | status | item"), as some CLIs and exports print
// them, under a header that names record fields.
func barTable(lines []string) (int, []unit) {
	split := func(l string) []string {
		if strings.Count(l, "|") < 2 || strings.HasPrefix(strings.TrimSpace(l), "|") {
			return nil
		}
		cells := strings.Split(l, "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		return cells
	}
	hdr := split(lines[0])
	if hdr == nil {
		return 0, nil
	}
	keys := headerKeys(hdr)
	if keys == nil {
		return 0, nil
	}
	n := 1
	var out []unit
	for ; n < len(lines); n++ {
		cells := split(lines[n])
		if len(cells) != len(hdr) {
			break
		}
		out = append(out, rowUnits(hdr, keys, cells)...)
	}
	if n == 1 {
		return 0, nil
	}
	return n, out
}

// barHeader reports a header line of a bar table (see barTable).
func barHeader(line string) bool {
	n, _ := barTable([]string{line, line})
	return n > 0
}

// jsonRecord reads a one-line JSON object a tool printed ({"task": "...",
// "status": "blocked"}, {"decision": "Foo", "rationale": "..."}) as a
// record of its fields, in the order written. ok is false for anything
// else, or for an object with fewer than two plain fields.
func jsonRecord(t string) ([]kv, bool) {
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(t))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var fs []kv
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		var value string
		switch v := v.(type) {
		case string:
			value = v
		case float64, bool:
			value = fmt.Sprint(v)
		default:
			continue // null, nested objects and lists say nothing plain
		}
		key = strings.ToLower(strings.ReplaceAll(key, "_", " "))
		fs = append(fs, kv{key, value, key + ": " + value})
	}
	return fs, len(fs) >= 2
}
