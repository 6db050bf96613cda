// Package ui is archon's web dashboard: the page, its script and styles,
// embedded in the binary (nothing is fetched at run time), and the
// sign-in page for a service that needs a token. Package server mounts
// it at /ui/ behind the same token as /v1.
package ui

import (
	"embed"
	"html/template"
	"io/fs"
	"net/http"
)

//go:embed static
var static embed.FS

//go:embed login.tmpl
var loginPage string

//go:embed login.css
var loginCSS []byte

// ContentSecurityPolicy is sent with every dashboard answer: the page
// runs only its own script and styles, talks only to its own origin and
// cannot be framed.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// secure sets the headers every dashboard answer carries.
func secure(h http.Header) {
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin") // "no-referrer" would make a form's Origin "null"
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-cache")
}

// Files serves the dashboard's files; mount it with the /ui/ prefix
// stripped.
func Files() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	fsrv := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secure(w.Header())
		fsrv.ServeHTTP(w, r)
	})
}

var login = template.Must(template.New("login").Parse(loginPage))

// Login writes the sign-in page with status, and message when the last
// attempt failed.
func Login(w http.ResponseWriter, status int, message string) {
	secure(w.Header())
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = login.Execute(w, struct{ Message string }{message})
}

// LoginStyles serves the sign-in page's stylesheet (reachable without the
// token, like the page).
func LoginStyles(w http.ResponseWriter, r *http.Request) {
	secure(w.Header())
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	_, _ = w.Write(loginCSS)
}
