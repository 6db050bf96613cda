package config

import (
	"fmt"
	"math"
	"net"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
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

// The values of Key.Type.
const (
	// TypeString is a string.
	TypeString = "string"
	// TypeInt is a whole number.
	TypeInt = "int"
	// TypeFloat is a number.
	TypeFloat = "float"
	// TypeBool is true or false.
	TypeBool = "bool"
	// TypeList is a list of strings: a YAML sequence in archon.yaml,
	// comma-separated in the environment and on the command line.
	TypeList = "list"
	// TypeMap is a mapping: a YAML mapping in archon.yaml, YAML flow or
	// JSON in the environment and on the command line ({history: 40}).
	TypeMap = "map"
	// TypeObjects is a list of mappings: a YAML sequence in archon.yaml,
	// YAML flow or JSON in the environment and on the command line
	// ([{name: m, window: 32000}]).
	TypeObjects = "list-of-objects"
)

// Key describes one configuration key.
type Key struct {
	// Name is section.key (or section.sub.key inside a subsection), as in
	// archon.yaml.
	Name string `json:"name"`
	// Env is the environment variable that sets it: ARCHON_ and the name in
	// upper case with dots as underscores (ARCHON_CONTEXT_LLM_TIMEOUT).
	Env string `json:"env"`
	// Doc is a one-line description.
	Doc string `json:"doc"`
	// Type is one of TypeString, TypeInt, TypeFloat, TypeBool, TypeList,
	// TypeMap or TypeObjects. Get formats maps and lists of objects as
	// compact JSON.
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
		keys = appendKeys(keys, sec.Type, yamlName(sec), []int{i})
	}
	return keys
}

// appendKeys appends the keys of the section or subsection t, named prefix;
// a struct-typed field is a subsection.
func appendKeys(keys []Key, t reflect.Type, prefix string, index []int) []Key {
	for j := range t.NumField() {
		f := t.Field(j)
		name := prefix + "." + yamlName(f)
		idx := append(append([]int{}, index...), j)
		if f.Type.Kind() == reflect.Struct {
			keys = appendKeys(keys, f.Type, name, idx)
			continue
		}
		keys = append(keys, Key{
			Name:    name,
			Env:     "ARCHON_" + strings.ToUpper(strings.ReplaceAll(name, ".", "_")),
			Doc:     f.Tag.Get("doc"),
			Type:    typeName(f.Type),
			Allowed: allowedFor(f.Type, f.Tag),
			index:   idx,
			field:   f,
		})
	}
	return keys
}

// LookupKey returns the key named name (section.key or section.sub.key).
func LookupKey(name string) (Key, bool) {
	for _, k := range Keys() {
		if k.Name == name {
			return k, true
		}
	}
	return Key{}, false
}

// Set parses and validates value for the key named name and stores it.
// Lists are comma-separated; maps and lists of objects are YAML flow or
// JSON.
func (c *Config) Set(name, value string) error {
	k, ok := LookupKey(name)
	if !ok {
		return fmt.Errorf("unknown key %q", name)
	}
	return k.set(c, value)
}

// Get returns the value of the key named name, formatted as text: lists
// comma-separated, maps and lists of objects as compact JSON.
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
	switch k.Type {
	case TypeList:
		return strings.Join(v.Interface().([]string), ",")
	case TypeMap, TypeObjects:
		return compactJSON(v.Interface())
	}
	return fmt.Sprint(v.Interface())
}

// set parses a textual value (lists are comma-separated, maps and lists of
// objects YAML flow or JSON).
func (k Key) set(c *Config, s string) error {
	switch k.Type {
	case TypeMap, TypeObjects:
		return k.setText(c, s)
	case TypeList:
		var list []string
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				list = append(list, p)
			}
		}
		return k.setList(c, list)
	}
	return setScalar(k.value(c), k.Name, s, k.field.Tag)
}

// setList validates and stores the items of a list key.
func (k Key) setList(c *Config, list []string) error {
	for _, item := range list {
		if err := check(k.field.Tag.Get("check"), item); err != nil {
			return fmt.Errorf("%s: %w", k.Name, err)
		}
	}
	k.value(c).Set(reflect.ValueOf(append([]string{}, list...)))
	return nil
}

// setScalar parses s as the string, int, float or bool v holds, checks it
// against the enum, check, min, max, gt and lt tags, and stores it. name
// names the value in errors.
func setScalar(v reflect.Value, name, s string, tag reflect.StructTag) error {
	bad := func(what string) error {
		msg := fmt.Sprintf("%s: %q is not %s", name, s, what)
		if a := allowed(tag); a != "" {
			msg += " (allowed: " + a + ")"
		}
		return fmt.Errorf("%s", msg)
	}
	switch v.Kind() {
	case reflect.String:
		if enum := tag.Get("enum"); enum != "" && !contains(strings.Split(enum, "|"), s) {
			return bad("one of the allowed values")
		}
		if err := check(tag.Get("check"), s); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		v.SetString(s)
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return bad("a whole number")
		}
		if !inRange(tag, float64(n)) {
			return bad("in range")
		}
		v.SetInt(int64(n))
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return bad("a number")
		}
		if !inRange(tag, f) {
			return bad("in range")
		}
		v.SetFloat(f)
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return bad("true or false")
		}
		v.SetBool(b)
	default:
		return fmt.Errorf("%s: unsupported type %s", name, v.Type())
	}
	return nil
}

// CheckValue checks value as the key named key (section.key) is checked
// when archon.yaml sets it: a flag standing for that key is refused alike.
func CheckValue(key, value string) error {
	k, ok := findKey(Keys(), key)
	if !ok {
		return fmt.Errorf("unknown key %q", key)
	}
	return check(k.field.Tag.Get("check"), value)
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
		if _, err := ParseSchedule(s); err != nil {
			return err
		}
	case "duration":
		if d, err := time.ParseDuration(s); err != nil || d <= 0 {
			return fmt.Errorf("%q is not a positive duration like 30s or 2m", s)
		}
	case "postgres":
		return checkPostgres(s)
	case "hostport":
		host, port, err := net.SplitHostPort(s)
		if err != nil {
			return fmt.Errorf("%q is no host:port like 127.0.0.1:7420: %v", s, err)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
			return fmt.Errorf("%q: port %q is not a number from 0 to 65535", s, port)
		}
		_ = host // any host name or address; the listener says if it cannot bind
	case "timeout":
		if d, err := time.ParseDuration(s); err != nil || d < time.Second {
			return fmt.Errorf("%q is not a duration of at least 1s like 60s", s)
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

// checkPostgres checks a PostgreSQL connection string's form as pgx reads
// it (a postgres:// URL or key=value pairs, quoted values too), without
// connecting, so that a typo is reported with the file and key rather
// than as a connection that never comes; whether the server answers is
// for the node to find.
func checkPostgres(s string) error {
	if s == "" {
		return nil
	}
	if scheme, _, ok := strings.Cut(s, "://"); ok && scheme != "postgres" && scheme != "postgresql" {
		return fmt.Errorf("scheme %q: a PostgreSQL URL starts postgres:// or postgresql://", scheme)
	}
	if _, err := pgconn.ParseConfig(s); err != nil {
		return fmt.Errorf("not a PostgreSQL connection string: %v", err)
	}
	return nil
}

// inRange checks x against the inclusive bounds min and max and the
// exclusive bounds gt and lt.
func inRange(tag reflect.StructTag, x float64) bool {
	bound := func(name string) (float64, bool) {
		s := tag.Get(name)
		if s == "" {
			return 0, false
		}
		b, _ := strconv.ParseFloat(s, 64)
		return b, true
	}
	if lo, ok := bound("min"); ok && x < lo {
		return false
	}
	if hi, ok := bound("max"); ok && x > hi {
		return false
	}
	if lo, ok := bound("gt"); ok && x <= lo {
		return false
	}
	if hi, ok := bound("lt"); ok && x >= hi {
		return false
	}
	return true
}

// allowed describes the values the tags accept, for one scalar.
func allowed(tag reflect.StructTag) string {
	if e := tag.Get("enum"); e != "" {
		return strings.ReplaceAll(e, "|", ", ")
	}
	lo, hi := tag.Get("min"), tag.Get("max")
	if lo != "" && hi != "" {
		return lo + ".." + hi
	}
	var parts []string
	switch {
	case lo != "":
		parts = append(parts, ">= "+lo)
	case tag.Get("gt") != "":
		parts = append(parts, "> "+tag.Get("gt"))
	}
	switch {
	case hi != "":
		parts = append(parts, "<= "+hi)
	case tag.Get("lt") != "":
		parts = append(parts, "< "+tag.Get("lt"))
	}
	if len(parts) > 0 {
		return strings.Join(parts, " and ")
	}
	switch tag.Get("check") {
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
	case "timeout":
		return "a duration of at least 1s like 60s"
	case "hostport":
		return "host:port like 127.0.0.1:7420"
	}
	return ""
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int:
		return TypeInt
	case reflect.Float64:
		return TypeFloat
	case reflect.Bool:
		return TypeBool
	case reflect.Map:
		return TypeMap
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Struct {
			return TypeObjects
		}
		return TypeList
	}
	return TypeString
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

// ParseSchedule parses a job's schedule: "0 3 * * *", "0 0 3 * * *"
// (with seconds), "@daily" or "@every 6h". An @every interval must be at
// least a second (cron would run a shorter or negative one every second),
// and a schedule must fire at all (the 31st of February never comes).
func ParseSchedule(spec string) (cron.Schedule, error) {
	s, err := ScheduleParser().Parse(spec)
	if err != nil {
		return nil, fmt.Errorf("schedule %q: %w (want 5 fields like \"0 3 * * *\", 6 with seconds first, @daily or @every 6h, or off)", spec, err)
	}
	if rest, ok := strings.CutPrefix(spec, "@every "); ok {
		if d, err := time.ParseDuration(strings.TrimSpace(rest)); err == nil && d < time.Second {
			return nil, fmt.Errorf("schedule %q: the interval must be at least 1s", spec)
		}
	}
	if from := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC); s.Next(from).IsZero() {
		return nil, fmt.Errorf("schedule %q never runs (no such date)", spec)
	}
	return s, nil
}

// ScheduleParser is the cron parser of job schedules: five fields, or six
// with seconds first, or a descriptor (@daily, @every 6h).
func ScheduleParser() cron.Parser {
	return cron.NewParser(cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)
}
