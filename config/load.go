package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

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
		if strings.Contains(err.Error(), "cannot start any token") {
			// "archive: @daily": YAML keeps @ and ` for later use.
			return fmt.Errorf("config %s: %w (a value that starts with @ or ` must be quoted: archive: \"@daily\")", path, err)
		}
		return fmt.Errorf("config %s: %w", path, err)
	}
	if len(doc.Content) == 0 {
		return nil // empty file
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: the file must be a mapping of sections (workspace:, log:, ...)", path, root.Line)
	}
	return l.applyMapping(path, "", root, Keys())
}

// applyMapping applies n, the mapping of the section or subsection named
// prefix ("" for the top level of the file, whose keys are sections).
func (l *Loaded) applyMapping(path, prefix string, n *yaml.Node, keys []Key) error {
	seen := map[string]int{} // line of each key met, to refuse a second
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		name := kn.Value
		if prefix != "" {
			name = prefix + "." + kn.Value
		}
		if first, dup := seen[kn.Value]; dup {
			// The later one would win silently, the first one looking set.
			return fmt.Errorf("%s:%d: %q is set twice (first on line %d): keep one", path, kn.Line, name, first)
		}
		seen[kn.Value] = kn.Line
		if k, ok := findKey(keys, name); ok {
			if err := setNode(&l.Config, k, vn); err != nil {
				return fmt.Errorf("%s:%d: %w", path, lineOf(err, vn.Line), err)
			}
			l.Sources[name] = FromFile
			continue
		}
		if len(children(keys, name)) == 0 {
			if prefix == "" {
				return fmt.Errorf("%s:%d: unknown section %q (known sections: %s)", path, kn.Line, kn.Value, strings.Join(children(keys, ""), ", "))
			}
			names := children(keys, prefix)
			sort.Strings(names)
			return fmt.Errorf("%s:%d: unknown key %q (keys in %s: %s)", path, kn.Line, name, prefix, strings.Join(names, ", "))
		}
		if vn.Kind == yaml.ScalarNode && vn.Tag == "!!null" {
			continue
		}
		if vn.Kind != yaml.MappingNode {
			return fmt.Errorf("%s:%d: section %q must be a mapping of keys", path, vn.Line, name)
		}
		if err := l.applyMapping(path, name, vn, keys); err != nil {
			return err
		}
	}
	return nil
}

// findKey returns the key named name.
func findKey(keys []Key, name string) (Key, bool) {
	for _, k := range keys {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// children lists, in declaration order, the names directly inside the
// section or subsection prefix ("": the sections): its keys and
// subsections.
func children(keys []Key, prefix string) []string {
	var names []string
	for _, k := range keys {
		rest := k.Name
		if prefix != "" {
			var ok bool
			if rest, ok = strings.CutPrefix(k.Name, prefix+"."); !ok {
				continue
			}
		}
		child, _, _ := strings.Cut(rest, ".")
		if !contains(names, child) {
			names = append(names, child)
		}
	}
	return names
}

func setNode(c *Config, k Key, n *yaml.Node) error {
	switch k.Type {
	case TypeMap, TypeObjects:
		return k.setStructured(c, n)
	case TypeList:
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
		return k.setList(c, list)
	}
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("%s: want a single %s value", k.Name, k.Type)
	}
	if n.Tag == "!!null" {
		return setScalar(k.value(c), k.Name, "", k.field.Tag)
	}
	return setScalar(k.value(c), k.Name, n.Value, k.field.Tag)
}

// Row is one key of the effective configuration: its value, where the
// value came from, its environment variable and its documentation.
type Row struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source Source `json:"source"`
	Env    string `json:"env"`
	Doc    string `json:"doc"`
}

// Rows is the effective configuration, key by key.
type Rows []Row

// Effective lists every key with its value and source (archon config).
func (l *Loaded) Effective() Rows {
	var rows Rows
	for _, k := range Keys() {
		v, _ := l.Get(k.Name)
		if k.field.Tag.Get("check") == "postgres" {
			v = RedactDSN(v)
		}
		rows = append(rows, Row{k.Name, v, l.Sources[k.Name], k.Env, k.Doc})
	}
	return rows
}

// dsnPassword is a password in a key=value connection string.
var dsnPassword = regexp.MustCompile(`(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)`)

// RedactDSN shows a connection string with its password as xxxxx (a URL's
// user:password@, or password=... of key=value pairs), for printing.
func RedactDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" && u.User != nil {
		if _, has := u.User.Password(); has {
			dsn = u.Redacted()
		}
	}
	return dsnPassword.ReplaceAllString(dsn, "${1}xxxxx")
}

// WriteText writes one line per key: name, value and source.
func (rows Rows) WriteText(w io.Writer) {
	for _, r := range rows {
		fmt.Fprintf(w, "%-26s %-30s (%s)\n", r.Key, r.Value, r.Source)
	}
}

// Blame prefixes err, a problem with a key's value whose message starts
// with the key's name ("context.profile: unknown profile"), with where
// that value was set: the file, the environment variable or the flag. An
// error that names no key is returned as it is.
func (l *Loaded) Blame(err error) error {
	msg := err.Error()
	var key Key
	for _, k := range Keys() {
		rest, ok := strings.CutPrefix(msg, k.Name)
		if ok && len(k.Name) > len(key.Name) && (rest == "" || rest[0] == ':' || rest[0] == '[' || rest[0] == ' ') {
			key = k
		}
	}
	if key.Name == "" {
		return err
	}
	switch l.Sources[key.Name] {
	case FromEnv:
		return fmt.Errorf("environment %s: %w", key.Env, err)
	case FromFlag:
		return fmt.Errorf("flag: %w", err)
	case FromFile:
		return fmt.Errorf("%s: %w", l.File, err)
	}
	return err
}
