package server

import (
	"net/http"
)

// The handlers of the routes a dashboard reads: sessions, models, the
// timeline and the backups.

func (s *Server) contextSessions(r *http.Request) (int, any, error) {
	return ok(s.mem.ContextSessions(r.Context()))
}

func (s *Server) models(r *http.Request) (int, any, error) { return ok(s.mem.Models(r.Context())) }

func (s *Server) logs(r *http.Request) (int, any, error) { return ok(s.mem.Logs(r.Context())) }

func (s *Server) backups(r *http.Request) (int, any, error) { return ok(s.mem.Backups(r.Context())) }

func (s *Server) backup(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	file, err := queryString(r, "file")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.Backup(r.Context(), file, id))
}

func (s *Server) restore(r *http.Request) (int, any, error) { return withBody(s.mem.Restore, ok)(r) }
