package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Delegated reports whether an archon.yaml section's keys are declared and
// checked by another package ("context": package monitor), so Load skips it.
func Delegated(section string) bool { return section == "context" }

// Loaded is a configuration together with where each value came from.
type Loaded struct {
	Config
	// Sources maps each key name to the source of its value.
	Sources map[string]Source
	// File is the archon.yaml that was read, or "" when there was none.
	File string
}

// Load builds the configuration from the defaults, the file at path (skipped
// when it does not exist) and env, a list of KEY=VALUE pairs such as
// os.Environ(). Flags are applied afterwards with SetFlag.
func Load(path string, env []string) (*Loaded, error) {
	l := &Loaded{Config: Default(), Sources: map[string]Source{}}
	for _, k := range Keys() {
		l.Sources[k.Name] = FromDefault
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("config: %w", err)
	default:
		if err := l.applyYAML(path, data); err != nil {
			return nil, err
		}
		l.File = path
	}
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	for _, k := range Keys() {
		if v, ok := vars[k.Env]; ok {
			if err := k.set(&l.Config, v); err != nil {
				return nil, fmt.Errorf("config: environment %s: %w", k.Env, err)
			}
			l.Sources[k.Name] = FromEnv
		}
	}
	return l, nil
}

// SetFlag applies a value given on the command line.
func (l *Loaded) SetFlag(name, value string) error {
	if err := l.Set(name, value); err != nil {
		return err
	}
	l.Sources[name] = FromFlag
	return nil
}

// applyYAML reads archon.yaml, reporting unknown keys and bad values with
// the file, line and key.
func (l *Loaded) applyYAML(path string, data []byte) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	if len(doc.Content) == 0 {
		return nil // empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: the file must be a mapping of sections (workspace:, log:, ...)", path, root.Line)
	}
	keys := Keys()
	sections := map[string][]Key{}
	var sectionNames []string
	for _, k := range keys {
		sec, _, _ := strings.Cut(k.Name, ".")
		if _, ok := sections[sec]; !ok {
			sectionNames = append(sectionNames, sec)
		}
		sections[sec] = append(sections[sec], k)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		kn, vn := root.Content[i], root.Content[i+1]
		if Delegated(kn.Value) {
			continue
		}
		sec, ok := sections[kn.Value]
		if !ok {
			return fmt.Errorf("%s:%d: unknown section %q (known sections: %s, context)", path, kn.Line, kn.Value, strings.Join(sectionNames, ", "))
		}
		if vn.Kind == yaml.ScalarNode && vn.Tag == "!!null" {
			continue
		}
		if vn.Kind != yaml.MappingNode {
			return fmt.Errorf("%s:%d: section %q must be a mapping of keys", path, vn.Line, kn.Value)
		}
		for j := 0; j+1 < len(vn.Content); j += 2 {
			ckn, cvn := vn.Content[j], vn.Content[j+1]
			name := kn.Value + "." + ckn.Value
			k, ok := LookupKey(name)
			if !ok {
				var names []string
				for _, k := range sec {
					names = append(names, strings.TrimPrefix(k.Name, kn.Value+"."))
				}
				sort.Strings(names)
				return fmt.Errorf("%s:%d: unknown key %q (keys in %s: %s)", path, ckn.Line, name, kn.Value, strings.Join(names, ", "))
			}
			if err := setNode(&l.Config, k, cvn); err != nil {
				return fmt.Errorf("%s:%d: %w", path, cvn.Line, err)
			}
			l.Sources[name] = FromFile
		}
	}
	return nil
}

func setNode(c *Config, k Key, n *yaml.Node) error {
	if k.Type == "list" {
		var list []string
		switch {
		case n.Kind == yaml.SequenceNode:
			for _, item := range n.Content {
				if item.Kind != yaml.ScalarNode {
					return fmt.Errorf("%s: every item must be a plain value", k.Name)
				}
				list = append(list, item.Value)
			}
		case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		default:
			return fmt.Errorf("%s: want a list such as [a, b]", k.Name)
		}
		return k.setParsed(c, fmt.Sprint(list), list)
	}
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("%s: want a single %s value", k.Name, k.Type)
	}
	if n.Tag == "!!null" {
		return k.setParsed(c, "", nil)
	}
	return k.setParsed(c, n.Value, nil)
}

// Template renders archon.yaml with every key at its default value and a
// one-line comment, as written by `archon init`.
func Template() []byte {
	def := Default()
	var b bytes.Buffer
	b.WriteString("# archon configuration. Every key is listed with its default value.\n")
	b.WriteString("# Precedence: command-line flags > environment (ARCHON_<SECTION>_<KEY>) > this file > defaults.\n")
	cur := ""
	for _, k := range Keys() {
		sec, key, _ := strings.Cut(k.Name, ".")
		if sec != cur {
			cur = sec
			fmt.Fprintf(&b, "\n%s:\n", sec)
		}
		doc := k.Doc
		if k.Allowed != "" {
			doc += " [" + k.Allowed + "]"
		}
		fmt.Fprintf(&b, "  # %s\n  %s: %s\n", doc, key, yamlValue(k.value(&def).Interface()))
	}
	return b.Bytes()
}

func yamlValue(v any) string {
	out, err := yaml.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSpace(string(out))
	if list, ok := v.([]string); ok {
		if len(list) == 0 {
			return "[]"
		}
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = yamlValue(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if s == "" {
		return `""`
	}
	return s
}
