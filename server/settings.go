package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/archon-memory/archon/config"
)

// Settings are what archon serve is configured with: the serve section of
// archon.yaml (or ARCHON_SERVE_*) and the command line's overrides.
type Settings struct {
	// Serve is the serve section.
	Serve config.Serve
	// Root is the workspace root; serve.token_file is relative to it.
	Root string
	// Token is ARCHON_SERVE_TOKEN; it wins over serve.token_file.
	Token string
	// TokenFile (--token-file) wins over Token and serve.token_file.
	TokenFile string
	// Addr, RequestTimeout, MaxBodyBytes and CORSOrigins override their
	// keys when set.
	Addr           string
	RequestTimeout time.Duration
	MaxBodyBytes   int64
	CORSOrigins    []string
}

// OptionsFrom resolves s into Options: the overrides, then the keys. The
// bearer token comes from TokenFile, Token or serve.token_file, in that
// order; a token file that is empty is an error.
func OptionsFrom(s Settings) (Options, error) {
	sc := s.Serve
	timeout, err := time.ParseDuration(sc.RequestTimeout)
	if err != nil { // checked when the configuration was loaded
		return Options{}, fmt.Errorf("serve.request_timeout: %w", err)
	}
	opt := Options{Addr: sc.Addr, RequestTimeout: timeout, MaxBodyBytes: int64(sc.MaxBodyBytes),
		CORSOrigins: append([]string(nil), sc.CORSOrigins...), Token: s.Token}
	if s.Addr != "" {
		opt.Addr = s.Addr
	}
	if s.RequestTimeout > 0 {
		opt.RequestTimeout = s.RequestTimeout
	}
	if s.MaxBodyBytes > 0 {
		opt.MaxBodyBytes = s.MaxBodyBytes
	}
	if len(s.CORSOrigins) > 0 {
		opt.CORSOrigins = append([]string(nil), s.CORSOrigins...)
	}
	file := s.TokenFile
	if file == "" && opt.Token == "" && sc.TokenFile != "" {
		file = sc.TokenFile
		if !filepath.IsAbs(file) {
			file = filepath.Join(s.Root, file)
		}
	}
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return opt, fmt.Errorf("token file: %w", err)
		}
		opt.Token = strings.TrimSpace(string(b))
		if opt.Token == "" {
			return opt, fmt.Errorf("token file %s is empty", file)
		}
	}
	return opt, nil
}
