package config

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Template renders archon.yaml with every key at its default value and a
// one-line comment, as written by `archon init`. Subsections are nested
// mappings (context: / llm: / provider: none); maps and lists of objects
// are written on one line ({} / [] / the default mapping), with commented
// examples where the declaration has an example tag.
func Template() []byte {
	def := Default()
	ct := reflect.TypeFor[Config]()
	var b bytes.Buffer
	b.WriteString("# archon configuration. Every key is listed with its default value.\n")
	b.WriteString("# Precedence: command-line flags > environment (ARCHON_<SECTION>_<KEY>) > this file > defaults.\n")
	b.WriteString("# Keys of a subsection are ARCHON_<SECTION>_<SUB>_<KEY> (ARCHON_CONTEXT_LLM_TIMEOUT=60s); in the\n")
	b.WriteString("# environment, mappings and lists of objects are YAML flow or JSON (ARCHON_CONTEXT_BUDGETS='{history: 40}').\n")
	var cur []string
	for _, k := range Keys() {
		parts := strings.Split(k.Name, ".")
		groups, key := parts[:len(parts)-1], parts[len(parts)-1]
		same := 0
		for same < len(cur) && same < len(groups) && cur[same] == groups[same] {
			same++
		}
		for d := same; d < len(groups); d++ {
			indent := strings.Repeat("  ", d)
			doc := ct.FieldByIndex(k.index[:d+1]).Tag.Get("doc")
			if d == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%s# %s\n%s%s:\n", indent, doc, indent, groups[d])
		}
		cur = groups
		indent := strings.Repeat("  ", len(groups))
		doc := k.Doc
		if k.Allowed != "" {
			doc += " [" + k.Allowed + "]"
		}
		fmt.Fprintf(&b, "%s# %s\n", indent, doc)
		if ex := k.field.Tag.Get("example"); ex != "" {
			fmt.Fprintf(&b, "%s# for example:\n", indent)
			for _, line := range strings.Split(ex, "\n") {
				fmt.Fprintf(&b, "%s#   %s\n", indent, line)
			}
		}
		fmt.Fprintf(&b, "%s%s: %s\n", indent, key, templateValue(k, &def))
	}
	return b.Bytes()
}

// templateValue renders k's value in c on one line.
func templateValue(k Key, c *Config) string {
	switch k.Type {
	case TypeMap, TypeObjects:
		return flowYAML(k.value(c))
	}
	return yamlValue(k.value(c).Interface())
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
