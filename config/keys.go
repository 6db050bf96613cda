package config

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/archon-memory/archon/memory"
)

// Source says where a key's value came from.
type Source string

// The sources, weakest first.
const (
	FromDefault Source = "default"
	FromFile    Source = "file"
	FromEnv     Source = "env"
	FromFlag    Source = "flag"
)

// Key describes one configuration key.
type Key struct {
	// Name is section.key, as in archon.yaml.
	Name string `json:"name"`
	// Env is the environment variable that sets it.
	Env string `json:"env"`
	// Doc is a one-line description.
	Doc string `json:"doc"`
	// Type is "string", "int", "float", "bool" or "list".
	Type string `json:"type"`
	// Allowed describes the accepted values.
	Allowed string `json:"allowed,omitempty"`

	index []int
	field reflect.StructField
}

// Keys lists every configuration key in declaration order.
func Keys() []Key {
	var keys []Key
	ct := reflect.TypeFor[Config]()
	for i := range ct.NumField() {
		sec := ct.Field(i)
		for j := range sec.Type.NumField() {
			f := sec.Type.Field(j)
			name := yamlName(sec) + "." + yamlName(f)
			keys = append(keys, Key{
				Name:    name,
				Env:     "ARCHON_" + strings.ToUpper(strings.ReplaceAll(name, ".", "_")),
				Doc:     f.Tag.Get("doc"),
				Type:    typeName(f.Type),
				Allowed: allowed(f),
				index:   []int{i, j},
				field:   f,
			})
		}
	}
	return keys
}

// LookupKey returns the key named name (section.key).
func LookupKey(name string) (Key, bool) {
	for _, k := range Keys() {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// Set parses and validates value for the key named name and stores it.
func (c *Config) Set(name, value string) error {
	k, ok := LookupKey(name)
	if !ok {
		return fmt.Errorf("unknown key %q", name)
	}
	return k.set(c, value)
}

// Get returns the value of the key named name, formatted as text.
func (c *Config) Get(name string) (string, error) {
	k, ok := LookupKey(name)
	if !ok {
		return "", fmt.Errorf("unknown key %q", name)
	}
	return k.format(c), nil
}

func (k Key) value(c *Config) reflect.Value {
	return reflect.ValueOf(c).Elem().FieldByIndex(k.index)
}

func (k Key) format(c *Config) string {
	v := k.value(c)
	if v.Kind() == reflect.Slice {
		return strings.Join(v.Interface().([]string), ",")
	}
	return fmt.Sprint(v.Interface())
}

// set parses a textual value (lists are comma-separated).
func (k Key) set(c *Config, s string) error {
	var list []string
	if k.Type == "list" {
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				list = append(list, p)
			}
		}
	}
	return k.setParsed(c, s, list)
}

// setParsed validates and stores a scalar s, or list for list keys.
func (k Key) setParsed(c *Config, s string, list []string) error {
	v := k.value(c)
	bad := func(what string) error {
		msg := fmt.Sprintf("%s: %q is not %s", k.Name, s, what)
		if k.Allowed != "" {
			msg += " (allowed: " + k.Allowed + ")"
		}
		return fmt.Errorf("%s", msg)
	}
	switch v.Kind() {
	case reflect.String:
		if enum := k.field.Tag.Get("enum"); enum != "" && !contains(strings.Split(enum, "|"), s) {
			return bad("one of the allowed values")
		}
		if err := check(k.field.Tag.Get("check"), s); err != nil {
			return fmt.Errorf("%s: %w", k.Name, err)
		}
		v.SetString(s)
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return bad("a whole number")
		}
		if !inRange(k.field, float64(n)) {
			return bad("in range")
		}
		v.SetInt(int64(n))
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return bad("a number")
		}
		if !inRange(k.field, f) {
			return bad("in range")
		}
		v.SetFloat(f)
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return bad("true or false")
		}
		v.SetBool(b)
	case reflect.Slice:
		for _, item := range list {
			if err := check(k.field.Tag.Get("check"), item); err != nil {
				return fmt.Errorf("%s: %w", k.Name, err)
			}
		}
		v.Set(reflect.ValueOf(append([]string{}, list...)))
	default:
		return fmt.Errorf("%s: unsupported type %s", k.Name, v.Type())
	}
	return nil
}

// check runs a named validation on a string value.
func check(name, s string) error {
	switch name {
	case "":
		return nil
	case "tz":
		if _, err := loadLocation(s); err != nil {
			return fmt.Errorf("unknown time zone %q (use an IANA name such as Europe/Berlin, UTC or Local)", s)
		}
	case "agent":
		if s != "" {
			return memory.ValidateAgent(s)
		}
	case "schedule":
		if s == "off" {
			return nil
		}
		if _, err := cron.NewParser(cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor).Parse(s); err != nil {
			return fmt.Errorf("schedule %q: %v (want 5 fields like \"0 3 * * *\", 6 with seconds first, @daily, @every 6h, or off)", s, err)
		}
	case "duration":
		if d, err := time.ParseDuration(s); err != nil || d <= 0 {
			return fmt.Errorf("%q is not a positive duration like 30s or 2m", s)
		}
	case "relpath":
		if s == "" || strings.HasPrefix(s, "/") || s == ".." || strings.HasPrefix(s, "../") || strings.Contains(s, "/../") {
			return fmt.Errorf("%q must be a path inside the workspace", s)
		}
	default:
		return fmt.Errorf("unknown check %q", name)
	}
	return nil
}

func inRange(f reflect.StructField, x float64) bool {
	if m := f.Tag.Get("min"); m != "" {
		if lo, _ := strconv.ParseFloat(m, 64); x < lo {
			return false
		}
	}
	if m := f.Tag.Get("max"); m != "" {
		if hi, _ := strconv.ParseFloat(m, 64); x > hi {
			return false
		}
	}
	return true
}

func allowed(f reflect.StructField) string {
	if e := f.Tag.Get("enum"); e != "" {
		return strings.ReplaceAll(e, "|", ", ")
	}
	lo, hi := f.Tag.Get("min"), f.Tag.Get("max")
	switch {
	case lo != "" && hi != "":
		return lo + ".." + hi
	case lo != "":
		return ">= " + lo
	case hi != "":
		return "<= " + hi
	}
	switch f.Tag.Get("check") {
	case "tz":
		return "an IANA time zone name or Local"
	case "agent":
		return "one word of letters, digits, '.', '_' or '-'"
	case "relpath":
		return "paths inside the workspace"
	case "schedule":
		return "a cron line, @daily, @every 6h, or off"
	case "duration":
		return "a duration like 30s or 2m"
	}
	return ""
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int:
		return "int"
	case reflect.Float64:
		return "float"
	case reflect.Bool:
		return "bool"
	case reflect.Slice:
		return "list"
	}
	return "string"
}

func yamlName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	return name
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
