// Package jsonedit edits JSON documents that people also edit by hand:
// objects keep their keys in the order they had, numbers keep their text,
// and the document is written back with the indentation it came with.
package jsonedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Value is a JSON value: an object (ordered keys), an array, or a scalar
// kept as its JSON text.
type Value struct {
	keys   []string
	fields []*Value
	items  []*Value
	scalar json.RawMessage
	kind   byte // '{', '[' or 0 for a scalar
	// raw is the value's text as parsed; edited is set by every change, so
	// an untouched part of a document is written back byte for byte.
	raw    []byte
	edited bool
}

// Object returns an empty object.
func Object() *Value { return &Value{kind: '{'} }

// Array returns an array of items.
func Array(items ...*Value) *Value { return &Value{kind: '[', items: items} }

// Of returns v (any value encoding/json marshals) as a new Value, written
// out in the document's indentation.
func Of(v any) (*Value, error) {
	b, err := marshal(v)
	if err != nil {
		return nil, err
	}
	x, err := Parse(b)
	if err == nil {
		x.forget()
	}
	return x, err
}

// forget drops the parsed text of v and its parts.
func (v *Value) forget() {
	v.raw = nil
	for _, f := range v.fields {
		f.forget()
	}
	for _, it := range v.items {
		it.forget()
	}
}

// Parse reads one JSON document.
func Parse(data []byte) (*Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parse(dec, data)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

func parse(dec *json.Decoder, data []byte) (*Value, error) {
	start := dec.InputOffset()
	v, err := parseValue(dec, data)
	if err != nil {
		return nil, err
	}
	v.raw = bytes.TrimLeft(data[start:dec.InputOffset()], " \t\r\n,:")
	return v, nil
}

func parseValue(dec *json.Decoder, data []byte) (*Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := Object()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				item, err := parse(dec, data)
				if err != nil {
					return nil, err
				}
				v.keys, v.fields = append(v.keys, kt.(string)), append(v.fields, item)
			}
			_, err := dec.Token()
			return v, err
		case '[':
			v := Array()
			for dec.More() {
				item, err := parse(dec, data)
				if err != nil {
					return nil, err
				}
				v.items = append(v.items, item)
			}
			_, err := dec.Token()
			return v, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		return &Value{scalar: json.RawMessage(t.String())}, nil
	}
	b, err := marshal(tok)
	return &Value{scalar: b}, err
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// IsObject reports whether v is an object.
func (v *Value) IsObject() bool { return v != nil && v.kind == '{' }

// IsArray reports whether v is an array.
func (v *Value) IsArray() bool { return v != nil && v.kind == '[' }

// Get returns the field key of an object, nil when absent.
func (v *Value) Get(key string) *Value {
	if !v.IsObject() {
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.fields[i]
		}
	}
	return nil
}

// Set sets field key of an object, in place when it exists, else last.
func (v *Value) Set(key string, val *Value) {
	v.edited = true
	for i, k := range v.keys {
		if k == key {
			v.fields[i] = val
			return
		}
	}
	v.keys, v.fields = append(v.keys, key), append(v.fields, val)
}

// Delete removes field key of an object.
func (v *Value) Delete(key string) {
	for i, k := range v.keys {
		if k == key {
			v.edited = true
			v.keys = append(v.keys[:i], v.keys[i+1:]...)
			v.fields = append(v.fields[:i], v.fields[i+1:]...)
			return
		}
	}
}

// Len is the number of fields or items.
func (v *Value) Len() int {
	if v.IsObject() {
		return len(v.keys)
	}
	return len(v.items)
}

// Items returns an array's items.
func (v *Value) Items() []*Value { return v.items }

// SetItems replaces an array's items.
func (v *Value) SetItems(items []*Value) { v.items, v.edited = items, true }

// untouched reports whether v and everything in it are as parsed.
func (v *Value) untouched() bool {
	if v.raw == nil || v.edited {
		return false
	}
	for _, f := range v.fields {
		if !f.untouched() {
			return false
		}
	}
	for _, it := range v.items {
		if !it.untouched() {
			return false
		}
	}
	return true
}

// Decode decodes v into out (encoding/json rules).
func (v *Value) Decode(out any) error { return json.Unmarshal(v.Marshal(""), out) }

// Marshal encodes v, indented by indent ("" for one line).
func (v *Value) Marshal(indent string) []byte {
	var b bytes.Buffer
	v.write(&b, indent, "")
	return b.Bytes()
}

func (v *Value) write(b *bytes.Buffer, indent, prefix string) {
	if indent != "" && v.untouched() {
		b.Write(v.raw) // as it was, where it was
		return
	}
	open, close, n := byte('{'), byte('}'), len(v.keys)
	switch v.kind {
	case 0:
		b.Write(v.scalar)
		return
	case '[':
		open, close, n = '[', ']', len(v.items)
	}
	b.WriteByte(open)
	if n == 0 {
		b.WriteByte(close)
		return
	}
	inner := prefix + indent
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if indent != "" {
			b.WriteString("\n" + inner)
		}
		if v.kind == '{' {
			k, _ := marshal(v.keys[i])
			b.Write(k)
			b.WriteByte(':')
			if indent != "" {
				b.WriteByte(' ')
			}
			v.fields[i].write(b, indent, inner)
		} else {
			v.items[i].write(b, indent, inner)
		}
	}
	if indent != "" {
		b.WriteString("\n" + prefix)
	}
	b.WriteByte(close)
}

// Indent returns the indentation a document uses (its first indented
// line's leading white space), two spaces when it has none.
func Indent(data []byte) string {
	for _, l := range strings.Split(string(data), "\n")[1:] {
		if t := strings.TrimLeft(l, " \t"); t != "" && len(t) < len(l) {
			return l[:len(l)-len(t)]
		}
	}
	return "  "
}

// With sets field key to val (any value encoding/json marshals) and
// returns v, to build objects in the order their keys are read.
func (v *Value) With(key string, val any) *Value {
	x, ok := val.(*Value)
	if !ok {
		var err error
		if x, err = Of(val); err != nil {
			x = &Value{scalar: json.RawMessage("null")}
		}
	}
	v.Set(key, x)
	return v
}
