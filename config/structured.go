package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Structured keys (TypeMap, TypeObjects) are decoded from a yaml.Node by
// decodeNode rather than by yaml.Node.Decode, which cannot reject unknown
// fields: every error names the key path (context.models[0].window) and
// carries the line of the node at fault.

// nodeError is an error at a line of the YAML being read.
type nodeError struct {
	line int
	err  error
}

// Error returns the message without the line, which callers add in
// their own form (file:line:).
func (e *nodeError) Error() string { return e.err.Error() }

// Unwrap returns the error at the line.
func (e *nodeError) Unwrap() error { return e.err }

// errAt attaches n's line to err.
func errAt(n *yaml.Node, err error) error {
	return &nodeError{line: n.Line, err: err}
}

// lineOf returns the line err carries, or def.
func lineOf(err error, def int) int {
	var ne *nodeError
	if errors.As(err, &ne) {
		return ne.line
	}
	return def
}

// setText parses s, YAML flow or JSON, as the value of a structured key.
func (k Key) setText(c *Config, s string) error {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s), &doc); err != nil {
		return fmt.Errorf("%s: not YAML or JSON: %w", k.Name, err)
	}
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: 1}
	if len(doc.Content) > 0 {
		n = doc.Content[0]
	}
	return k.setStructured(c, n)
}

// setStructured decodes n strictly as the value of a structured key and
// stores it. Maps tagged merge:"default" start from the default value, so
// the entries given are merged over the default ones. A null node is an
// empty value.
func (k Key) setStructured(c *Config, n *yaml.Node) error {
	v := reflect.New(k.field.Type).Elem()
	if k.field.Tag.Get("merge") == "default" && v.Kind() == reflect.Map {
		def := Default()
		v.Set(reflect.MakeMap(v.Type()))
		iter := k.value(&def).MapRange()
		for iter.Next() {
			v.SetMapIndex(iter.Key(), iter.Value())
		}
	}
	if err := decodeNode(v, n, k.field.Tag, k.Name); err != nil {
		return err
	}
	switch {
	case v.Kind() == reflect.Map && v.IsNil():
		v.Set(reflect.MakeMap(v.Type()))
	case v.Kind() == reflect.Slice && v.IsNil():
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	}
	k.value(c).Set(v)
	return nil
}

// decodeNode stores n into v: mappings into maps and structs (unknown
// fields are errors), sequences into slices, scalars through setScalar with
// tag's checks. path names v in errors.
func decodeNode(v reflect.Value, n *yaml.Node, tag reflect.StructTag, path string) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	null := n.Kind == yaml.ScalarNode && n.Tag == "!!null"
	switch v.Kind() {
	case reflect.Map:
		if null {
			return nil
		}
		if n.Kind != yaml.MappingNode {
			return errAt(n, fmt.Errorf("%s: want a mapping such as {key: value}", path))
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], n.Content[i+1]
			if kn.Kind != yaml.ScalarNode {
				return errAt(kn, fmt.Errorf("%s: every key must be a plain value", path))
			}
			elem := reflect.New(v.Type().Elem()).Elem()
			if err := decodeNode(elem, vn, tag, path+"["+kn.Value+"]"); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(kn.Value), elem)
		}
		return nil
	case reflect.Slice:
		if null {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			return nil
		}
		if n.Kind != yaml.SequenceNode {
			want := "a list such as [a, b]"
			if v.Type().Elem().Kind() == reflect.Struct {
				want = "a list of mappings such as [{" + strings.Join(fieldNames(v.Type().Elem()), ": ..., ") + ": ...}]"
			}
			return errAt(n, fmt.Errorf("%s: want %s", path, want))
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			if err := decodeNode(s.Index(i), item, tag, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case reflect.Struct:
		return decodeStruct(v, n, path)
	}
	if n.Kind != yaml.ScalarNode {
		return errAt(n, fmt.Errorf("%s: want a single %s value", path, typeName(v.Type())))
	}
	s := n.Value
	if null {
		s = ""
	}
	if err := setScalar(v, path, s, tag); err != nil {
		return errAt(n, err)
	}
	return nil
}

// decodeStruct stores the mapping n into the struct v, field by yaml name.
func decodeStruct(v reflect.Value, n *yaml.Node, path string) error {
	t := v.Type()
	if n.Kind != yaml.MappingNode {
		return errAt(n, fmt.Errorf("%s: want a mapping of %s", path, strings.Join(fieldNames(t), ", ")))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		j := fieldIndex(t, kn.Value)
		if j < 0 {
			return errAt(kn, fmt.Errorf("%s: unknown field %q (fields: %s)", path, kn.Value, strings.Join(fieldNames(t), ", ")))
		}
		f := t.Field(j)
		if err := decodeNode(v.Field(j), vn, f.Tag, path+"."+kn.Value); err != nil {
			return err
		}
	}
	return nil
}

func fieldIndex(t reflect.Type, name string) int {
	for j := range t.NumField() {
		if yamlName(t.Field(j)) == name {
			return j
		}
	}
	return -1
}

func fieldNames(t reflect.Type) []string {
	names := make([]string, t.NumField())
	for j := range t.NumField() {
		names[j] = yamlName(t.Field(j))
	}
	return names
}

// allowedFor describes the accepted values of a key of type t.
func allowedFor(t reflect.Type, tag reflect.StructTag) string {
	switch typeName(t) {
	case TypeMap:
		s := "a mapping {name: " + typeName(t.Elem()) + "}"
		if a := allowed(tag); a != "" {
			s += " of values " + a
		}
		return s
	case TypeObjects:
		return "a list of " + shape(t.Elem())
	}
	return allowed(tag)
}

// shape describes the fields of a list entry, nested lists included:
// {name, levels: [{name, at}]}.
func shape(t reflect.Type) string {
	parts := make([]string, t.NumField())
	for j := range t.NumField() {
		f := t.Field(j)
		parts[j] = yamlName(f)
		if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct {
			parts[j] += ": [" + shape(f.Type.Elem()) + "]"
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// compactJSON formats a structured value for Get.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// flowYAML renders a structured value on one line for the template: a map
// as a flow mapping with sorted keys, a list of objects as JSON (which is
// YAML too).
func flowYAML(v reflect.Value) string {
	if v.Kind() != reflect.Map {
		return compactJSON(v.Interface())
	}
	keys := make([]string, 0, v.Len())
	for _, k := range v.MapKeys() {
		keys = append(keys, k.String())
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = yamlValue(k) + ": " + yamlValue(v.MapIndex(reflect.ValueOf(k)).Interface())
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
