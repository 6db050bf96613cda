package server

import (
	"context"
	"net/http"

	"github.com/archon-memory/archon/app"
)

// body decodes the request body under the route's limit (set by dispatch
// in the request context).
func body[T any](r *http.Request) (T, error) {
	var v T
	err := decode(r, limitOf(r), &v)
	return v, err
}

func ok(v any, err error) (int, any, error) {
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, v, nil
}

func created(v any, err error) (int, any, error) {
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, v, nil
}

// withBody serves a route whose body is a T passed to fn.
func withBody[T, R any](fn func(context.Context, T) (R, error), status func(any, error) (int, any, error)) handlerFunc {
	return func(r *http.Request) (int, any, error) {
		in, err := body[T](r)
		if err != nil {
			return 0, nil, err
		}
		return status(fn(r.Context(), in))
	}
}

// withID serves a route on {id} whose body is a T passed to fn.
func withID[T, R any](fn func(context.Context, string, T) (R, error), status func(any, error) (int, any, error)) handlerFunc {
	return func(r *http.Request) (int, any, error) {
		id, err := pathID(r)
		if err != nil {
			return 0, nil, err
		}
		in, err := body[T](r)
		if err != nil {
			return 0, nil, err
		}
		return status(fn(r.Context(), id, in))
	}
}

// byID serves a route on {id} without a body.
func byID[R any](fn func(context.Context, string) (R, error)) handlerFunc {
	return func(r *http.Request) (int, any, error) {
		id, err := pathID(r)
		if err != nil {
			return 0, nil, err
		}
		return ok(fn(r.Context(), id))
	}
}

// withQueryInt serves a route whose one integer query parameter is passed
// to fn.
func withQueryInt[R any](name string, def int, fn func(context.Context, int) (R, error)) handlerFunc {
	return func(r *http.Request) (int, any, error) {
		n, err := queryInt(r, name, def)
		if err != nil {
			return 0, nil, err
		}
		return ok(fn(r.Context(), n))
	}
}

// convHandler serves an endpoint that takes a conversation.
func convHandler[R any](fn func(context.Context, app.ConvRequest) (R, error)) handlerFunc {
	return withBody(fn, ok)
}

// prepareHandler serves an endpoint that prepares a conversation.
func prepareHandler[R any](fn func(context.Context, app.PrepareRequest) (R, error)) handlerFunc {
	return withBody(fn, ok)
}

func (s *Server) health(r *http.Request) (int, any, error) { return ok(s.mem.Health(r.Context())) }

func (s *Server) status(r *http.Request) (int, any, error) { return ok(s.mem.Status(r.Context())) }

func (s *Server) appendLog(r *http.Request) (int, any, error) {
	return withBody(s.mem.Log, created)(r)
}

func (s *Server) search(r *http.Request) (int, any, error) { return withBody(s.mem.Search, ok)(r) }

func (s *Server) count(r *http.Request) (int, any, error) {
	return withBody(func(ctx context.Context, c app.CountRequest) (*app.Counts, error) {
		return s.mem.Count(ctx, c.Search())
	}, ok)(r)
}

func (s *Server) item(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	n, err := queryInt(r, "context", 0)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.Get(r.Context(), app.GetRequest{ID: id, Context: n}))
}

func (s *Server) file(r *http.Request) (int, any, error) { return byID(s.mem.File)(r) }

func (s *Server) index(r *http.Request) (int, any, error) {
	return ok(s.mem.Index(r.Context(), app.IndexRequest{}))
}

func (s *Server) contextLog(r *http.Request) (int, any, error) {
	return withQueryInt("n", 60, s.mem.ContextLog)(r)
}

func (s *Server) profile(r *http.Request) (int, any, error) {
	name, err := queryString(r, "name")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.Profile(r.Context(), name))
}

func (s *Server) l1(r *http.Request) (int, any, error) { return withQueryInt("budget", 0, s.mem.L1)(r) }

func (s *Server) warmth(r *http.Request) (int, any, error) {
	return withQueryInt("budget", 0, s.mem.Warmth)(r)
}

func (s *Server) forget(r *http.Request) (int, any, error) { return withBody(s.mem.Forget, ok)(r) }

func (s *Server) memoryTool(r *http.Request) (int, any, error) {
	in, err := body[app.MemoryToolRequest](r)
	if err != nil {
		return 0, nil, err
	}
	// As over MCP: view reads, every other command writes.
	if p := principalOf(r); in.Command != "view" && !p.allows(scopeWrite) {
		return 0, nil, apiErr(http.StatusForbidden, CodeForbidden, "the memory tool's %s needs the write scope; this key has read only", in.Command)
	}
	return ok(s.mem.MemoryTool(r.Context(), in))
}

func (s *Server) doctor(r *http.Request) (int, any, error) { return withBody(s.mem.Doctor, ok)(r) }

func (s *Server) archive(r *http.Request) (int, any, error) { return withBody(s.mem.Archive, ok)(r) }

func (s *Server) getModel(r *http.Request) (int, any, error) { return ok(s.mem.Model(r.Context())) }

func (s *Server) putModel(r *http.Request) (int, any, error) {
	in, err := body[app.ModelOverride](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.SetModel(r.Context(), in.Model))
}

func (s *Server) projects(r *http.Request) (int, any, error) {
	st, err := queryString(r, "status")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.Projects(r.Context(), st))
}

func (s *Server) addProject(r *http.Request) (int, any, error) {
	return withBody(s.mem.AddProject, created)(r)
}

func (s *Server) project(r *http.Request) (int, any, error) { return byID(s.mem.Project)(r) }

func (s *Server) updateProject(r *http.Request) (int, any, error) {
	return withID(s.mem.UpdateProject, ok)(r)
}

func (s *Server) tasks(r *http.Request) (int, any, error) {
	var f app.TaskFilter
	var err error
	for name, dst := range map[string]*string{"project": &f.Project, "status": &f.Status, "assignee": &f.Assignee} {
		if *dst, err = queryString(r, name); err != nil {
			return 0, nil, err
		}
	}
	if f.Ready, err = queryBool(r, "ready"); err != nil {
		return 0, nil, err
	}
	return ok(s.mem.Tasks(r.Context(), f))
}

func (s *Server) addTask(r *http.Request) (int, any, error) {
	return withBody(s.mem.AddTask, created)(r)
}

func (s *Server) task(r *http.Request) (int, any, error) { return byID(s.mem.Task)(r) }

func (s *Server) updateTask(r *http.Request) (int, any, error) {
	return withID(s.mem.UpdateTask, ok)(r)
}

func (s *Server) doneTask(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	force, err := queryBool(r, "force")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.mem.DoneTask(r.Context(), id, force))
}

func (s *Server) items(r *http.Request) (int, any, error) {
	var f app.ItemFilter
	var err error
	for name, dst := range map[string]*string{"kind": &f.Kind, "tag": &f.Tag, "project": &f.Project, "agent": &f.Agent} {
		if *dst, err = queryString(r, name); err != nil {
			return 0, nil, err
		}
	}
	return ok(s.mem.Items(r.Context(), f))
}

func (s *Server) addItem(r *http.Request) (int, any, error) {
	return withBody(s.mem.AddItem, created)(r)
}

func (s *Server) knowledgeItem(r *http.Request) (int, any, error) { return byID(s.mem.Item)(r) }

func (s *Server) updateItem(r *http.Request) (int, any, error) {
	return withID(s.mem.UpdateItem, ok)(r)
}

func (s *Server) observe(r *http.Request) (int, any, error) { return withID(s.mem.Observe, created)(r) }

func (s *Server) export(r *http.Request) (int, any, error) { return ok(s.mem.Export(r.Context())) }

func (s *Server) importL3(r *http.Request) (int, any, error) { return withBody(s.mem.Import, ok)(r) }

// promote takes its request as a body, or none (dry_run may be a query
// parameter either way).
func (s *Server) promote(r *http.Request) (int, any, error) {
	dry, err := queryBool(r, "dry_run")
	if err != nil {
		return 0, nil, err
	}
	var in app.PromoteRequest
	if r.ContentLength != 0 {
		if in, err = body[app.PromoteRequest](r); err != nil {
			return 0, nil, err
		}
	}
	in.DryRun = in.DryRun || dry
	return ok(s.mem.Promote(r.Context(), in))
}

func (s *Server) jobs(r *http.Request) (int, any, error) { return ok(s.mem.Jobs(r.Context())) }

func (s *Server) runJob(r *http.Request) (int, any, error) {
	name, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	// A job longer than a request (a first archive of years of logs)
	// goes on; the answer comes before the request's deadline: 202 with
	// the job's status, running.
	wait := s.opt.RequestTimeout * 9 / 10
	ctx, cancel := context.WithTimeout(r.Context(), wait)
	defer cancel()
	st, err := s.mem.RunJob(ctx, name)
	if err != nil && ctx.Err() != nil && r.Context().Err() == nil {
		list, lerr := s.mem.Jobs(r.Context())
		if lerr == nil {
			for _, j := range list {
				if j.Name == name {
					return http.StatusAccepted, j, nil
				}
			}
		}
	}
	return ok(st, err)
}

func (s *Server) addSection(r *http.Request) (int, any, error) {
	return withBody(s.mem.AddSection, ok)(r)
}
