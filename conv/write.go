package conv

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// Write writes c in its Format: a JSON document for OpenAI and Anthropic
// (an array, or the request object it came in, with "messages" replaced),
// one line per message and kept extra line for Claude Code.
func Write(w io.Writer, c *Conversation) error {
	bw := bufio.NewWriter(w)
	var err error
	switch c.Format {
	case FormatOpenAI, "":
		err = writeJSON(bw, c, openaiMessage, "")
	case FormatAnthropic:
		err = writeJSON(bw, c, anthropicMessage, "system")
	case FormatClaudeCode:
		err = writeJSONL(bw, c)
	default:
		err = fmt.Errorf("unknown format %q", c.Format)
	}
	if err != nil {
		return fmt.Errorf("write %s conversation: %w", c.Format, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s conversation: %w", c.Format, err)
	}
	return nil
}

// Marshal returns Write's output as bytes.
func Marshal(c *Conversation) ([]byte, error) {
	var b bytes.Buffer
	err := Write(&b, c)
	return b.Bytes(), err
}

func writeJSON(w *bufio.Writer, c *Conversation, render func(*Message) json.RawMessage, systemKey string) error {
	var msgs []json.RawMessage
	var system []Part
	var systemRaw json.RawMessage
	systemCount := 0
	for i := range c.Messages {
		m := &c.Messages[i]
		if systemKey != "" && m.Role == RoleSystem {
			// Anthropic: system messages go to the top-level "system".
			system = append(system, m.Parts...)
			systemRaw = m.Raw
			systemCount++
			if m.Modified || m.Raw == nil {
				systemRaw = nil
			}
			continue
		}
		msgs = append(msgs, render(m))
	}
	env := c.Envelope
	order := c.EnvelopeOrder
	if systemKey != "" && systemCount > 0 {
		if env == nil {
			env = map[string]json.RawMessage{}
			order = []string{"system", "messages"}
		} else {
			env = cloneMap(env)
		}
		if systemCount == 1 && systemRaw != nil {
			env[systemKey] = systemRaw
		} else {
			env[systemKey] = anthropicBlocks(system, true)
		}
	}
	arr := mustJSON(msgs)
	if env == nil {
		_, err := w.Write(append(arr, '\n'))
		return err
	}
	env = cloneMap(env)
	env["messages"] = arr
	if len(order) == 0 {
		order = []string{"messages"}
	}
	_, err := w.Write(append(orderedObject(env, order), '\n'))
	return err
}

func writeJSONL(w *bufio.Writer, c *Conversation) error {
	byAnchor := map[int][]ExtraLine{}
	kept := map[int]bool{-1: true}
	for _, m := range c.Messages {
		if m.Seq >= 0 {
			kept[m.Seq] = true
		}
	}
	for _, e := range c.Extra {
		if kept[e.After] {
			byAnchor[e.After] = append(byAnchor[e.After], e)
		}
	}
	ch := &chain{written: map[string]bool{}}
	for i := 0; i < len(c.Messages) && (ch.session == "" || ch.stamp == ""); i++ {
		var l struct{ SessionID, Timestamp string }
		if json.Unmarshal(c.Messages[i].Raw, &l) == nil {
			ch.session, ch.stamp = cmp.Or(ch.session, l.SessionID), cmp.Or(ch.stamp, l.Timestamp)
		}
	}
	emit := func(raw json.RawMessage) error {
		if _, err := w.Write(ch.thread(raw)); err != nil {
			return err
		}
		return w.WriteByte('\n')
	}
	for _, e := range byAnchor[-1] {
		if err := emit(e.Raw); err != nil {
			return err
		}
	}
	for i := range c.Messages {
		m := &c.Messages[i]
		if err := emit(claudeCodeLine(m)); err != nil {
			return err
		}
		if m.Seq >= 0 {
			for _, e := range byAnchor[m.Seq] {
				if err := emit(e.Raw); err != nil {
					return err
				}
			}
			delete(byAnchor, m.Seq)
		}
	}
	return nil
}

// chain keeps a transcript's records linked when some were cut or added:
// Claude Code rebuilds a session by following each record's parentUuid
// back, so a record whose parent was cut would start the session there
// (leaving out what archon put before it), and a record archon made
// carries no uuid to follow.
type chain struct {
	written        map[string]bool // uuids written so far
	last           string          // the latest main-thread record's uuid
	afterArchon    bool            // it is one archon made: the next one follows it
	session, stamp string          // the latest sessionId and timestamp seen (first, the transcript's first)
}

// thread returns raw linked into the chain: a record archon made gets a
// uuid (derived from its predecessor and its content), the session and
// time of the record before it (the transcript's first ones when it comes
// first); a main-thread record whose parent is not in the output, or that
// follows a record archon made, takes the record before it as parent.
func (ch *chain) thread(raw json.RawMessage) json.RawMessage {
	var l struct {
		UUID        string          `json:"uuid"`
		Parent      json.RawMessage `json:"parentUuid"`
		Session     string          `json:"sessionId"`
		Stamp       string          `json:"timestamp"`
		IsSidechain bool            `json:"isSidechain"`
		Archon      bool            `json:"archon"`
	}
	if json.Unmarshal(raw, &l) != nil || l.IsSidechain || l.UUID == "" && !l.Archon {
		return raw // not a record of the chain (a summary line, a sidechain)
	}
	set := map[string]json.RawMessage{}
	if l.Archon && l.UUID == "" {
		sum := sha256.Sum256(append([]byte(ch.last), raw...))
		b := hex.EncodeToString(sum[:16])
		l.UUID = b[:8] + "-" + b[8:12] + "-" + b[12:16] + "-" + b[16:20] + "-" + b[20:32]
		set["uuid"] = mustJSON(l.UUID)
		if ch.session != "" {
			set["sessionId"] = mustJSON(ch.session)
		}
		if ch.stamp != "" {
			set["timestamp"] = mustJSON(ch.stamp)
		}
	}
	var parent string
	_ = json.Unmarshal(l.Parent, &parent)
	// The first record's parent outside the output is left alone: a
	// transcript may be a part of a longer one, and nothing was cut before it.
	if l.Archon || ch.afterArchon || parent != "" && !ch.written[parent] && ch.last != "" {
		if ch.last == "" {
			set["parentUuid"] = json.RawMessage("null")
		} else {
			set["parentUuid"] = mustJSON(ch.last)
		}
	}
	if len(set) > 0 {
		raw = patchObject(raw, set)
	}
	ch.written[l.UUID], ch.last, ch.afterArchon = true, l.UUID, l.Archon
	ch.session, ch.stamp = cmp.Or(l.Session, ch.session), cmp.Or(l.Stamp, ch.stamp)
	return raw
}

// orderedObject encodes obj with keys in order first, then any others
// sorted.
func orderedObject(obj map[string]json.RawMessage, order []string) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	seen := map[string]bool{}
	first := true
	put := func(k string) {
		v, ok := obj[k]
		if !ok || seen[k] {
			return
		}
		seen[k] = true
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.Write(mustJSON(k))
		b.WriteByte(':')
		b.Write(v)
	}
	for _, k := range order {
		put(k)
	}
	for _, k := range sortedKeys(obj) {
		put(k)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func cloneMap(m map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
