package server

import (
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// sameOrigin refuses requests a web page could have made on the user's
// behalf, with 403:
//   - on a loopback listener, a Host that is not a loopback name
//     (localhost, 127.0.0.1, [::1], ...): a page that rebinds its own DNS
//     name to 127.0.0.1 still sends its own name as Host;
//   - an Origin that is neither the request's own (scheme-less host:port
//     match) nor one of Options.CORSOrigins ("*" allows any): a page on
//     another site. Clients that are not browsers send no Origin;
//   - with no Origin, a request that changes something (not GET, HEAD or
//     OPTIONS) whose Sec-Fetch-Site says another site sent it, as net/http's
//     CrossOriginProtection does.
func (s *Server) sameOrigin(r *http.Request) error {
	if s.loopback && !loopbackHost(r.Host) {
		return apiErr(http.StatusForbidden, CodeForbidden, "Host %q is not a loopback name: archon serves localhost only", r.Host)
	}
	if p := s.port.Load(); s.loopback && p != nil {
		if _, port, err := net.SplitHostPort(r.Host); err == nil && port != *p {
			return apiErr(http.StatusForbidden, CodeForbidden, "Host %q names port %s, archon serves on %s", r.Host, port, *p)
		}
	}
	origin := r.Header.Get("Origin")
	if slices.Contains(s.opt.CORSOrigins, "*") || origin != "" && slices.Contains(s.opt.CORSOrigins, origin) {
		return nil
	}
	if origin == "" {
		// A browser that sends no Origin still says where a request
		// comes from in Sec-Fetch-Site: a change another site asks for
		// is refused.
		if err := s.cop.Check(r); err != nil {
			return apiErr(http.StatusForbidden, CodeForbidden, "a request from another site (Sec-Fetch-Site %q) may not change anything here", r.Header.Get("Sec-Fetch-Site"))
		}
		return nil
	}
	u, err := url.Parse(origin)
	if err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host) {
		return nil
	}
	return apiErr(http.StatusForbidden, CodeForbidden, "Origin %q may not call archon (allow it in serve.cors_origins)", origin)
}

// loopbackHost reports whether a Host header names this machine's
// loopback interface.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
