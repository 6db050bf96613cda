package main

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/archon-memory/archon/rag"
)

// setRankParams sets the fields of p named in spec, "Name=value,...": a
// way to measure a ranking parameter without editing the defaults.
func setRankParams(p *rag.RankParams, spec string) error {
	v := reflect.ValueOf(p).Elem()
	for _, kv := range strings.Split(spec, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("-rank: %q is not Name=value", kv)
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		f := v.FieldByName(name)
		if !f.IsValid() {
			return fmt.Errorf("-rank: rag.RankParams has no field %q", name)
		}
		switch f.Kind() {
		case reflect.Float64:
			x, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return fmt.Errorf("-rank %s: %w", name, err)
			}
			f.SetFloat(x)
		case reflect.Int:
			x, err := strconv.Atoi(val)
			if err != nil {
				return fmt.Errorf("-rank %s: %w", name, err)
			}
			f.SetInt(int64(x))
		default:
			return fmt.Errorf("-rank: field %s is a %s", name, f.Kind())
		}
	}
	return nil
}
