package server

import (
	"context"
	"net/http"

	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/server/service"
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

func (s *Server) health(r *http.Request) (int, any, error) { return ok(s.svc.Health(), nil) }

func (s *Server) appendLog(r *http.Request) (int, any, error) {
	in, err := body[service.LogRequest](r)
	if err != nil {
		return 0, nil, err
	}
	return created(s.svc.Log(r.Context(), in))
}

func (s *Server) search(r *http.Request) (int, any, error) {
	in, err := body[service.SearchRequest](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Search(r.Context(), in))
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
	return ok(s.svc.Get(r.Context(), id, n))
}

func (s *Server) index(r *http.Request) (int, any, error) { return ok(s.svc.Index(r.Context())) }

// convHandler serves an endpoint that takes a conversation.
func convHandler[T any](fn func(context.Context, service.ConvRequest) (T, error)) handlerFunc {
	return func(r *http.Request) (int, any, error) {
		in, err := body[service.ConvRequest](r)
		if err != nil {
			return 0, nil, err
		}
		return ok(fn(r.Context(), in))
	}
}

func (s *Server) prepare(r *http.Request) (int, any, error) {
	in, err := body[service.PrepareRequest](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Prepare(r.Context(), in))
}

func (s *Server) contextLog(r *http.Request) (int, any, error) {
	n, err := queryInt(r, "n", 60)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.ContextLog(n))
}

func (s *Server) l1(r *http.Request) (int, any, error) {
	n, err := queryInt(r, "budget", 0)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.L1(r.Context(), n))
}

func (s *Server) archive(r *http.Request) (int, any, error) {
	in, err := body[service.ArchiveRequest](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Archive(r.Context(), in))
}

func (s *Server) getModel(r *http.Request) (int, any, error) { return ok(s.svc.Model()) }

func (s *Server) putModel(r *http.Request) (int, any, error) {
	in, err := body[service.ModelOverride](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.SetModel(in.Model))
}

func (s *Server) projects(r *http.Request) (int, any, error) {
	st, err := queryString(r, "status")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Knowledge().Projects(r.Context(), st))
}

func (s *Server) addProject(r *http.Request) (int, any, error) {
	in, err := body[service.ProjectInput](r)
	if err != nil {
		return 0, nil, err
	}
	return created(s.svc.AddProject(r.Context(), in))
}

func (s *Server) project(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Knowledge().Project(r.Context(), id))
}

func (s *Server) updateProject(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := body[service.ProjectPatch](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.UpdateProject(r.Context(), id, in))
}

func (s *Server) tasks(r *http.Request) (int, any, error) {
	var f knowledge.TaskFilter
	var err error
	for name, dst := range map[string]*string{"project": &f.Project, "status": &f.Status, "assignee": &f.Assignee} {
		if *dst, err = queryString(r, name); err != nil {
			return 0, nil, err
		}
	}
	if f.Ready, err = queryBool(r, "ready"); err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Knowledge().Tasks(r.Context(), f))
}

func (s *Server) addTask(r *http.Request) (int, any, error) {
	in, err := body[service.TaskInput](r)
	if err != nil {
		return 0, nil, err
	}
	return created(s.svc.AddTask(r.Context(), in))
}

func (s *Server) task(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Knowledge().Task(r.Context(), id))
}

func (s *Server) updateTask(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := body[service.TaskPatch](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.UpdateTask(r.Context(), id, in))
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
	return ok(s.svc.Knowledge().DoneTask(r.Context(), id, force))
}

func (s *Server) items(r *http.Request) (int, any, error) {
	var f knowledge.ItemFilter
	var err error
	for name, dst := range map[string]*string{"kind": &f.Kind, "tag": &f.Tag, "project": &f.Project, "agent": &f.Agent} {
		if *dst, err = queryString(r, name); err != nil {
			return 0, nil, err
		}
	}
	return ok(s.svc.Knowledge().Items(r.Context(), f))
}

func (s *Server) addItem(r *http.Request) (int, any, error) {
	in, err := body[service.ItemInput](r)
	if err != nil {
		return 0, nil, err
	}
	return created(s.svc.AddItem(r.Context(), in))
}

// itemWithObservations is a knowledge item and what agents recorded.
type itemWithObservations struct {
	knowledge.Item
	Observations []knowledge.Observation `json:"observations"`
}

func (s *Server) knowledgeItem(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	it, err := s.svc.Knowledge().Item(r.Context(), id)
	if err != nil {
		return 0, nil, err
	}
	obs, err := s.svc.Knowledge().Observations(r.Context(), it.ID)
	if obs == nil {
		obs = []knowledge.Observation{}
	}
	return ok(itemWithObservations{it, obs}, err)
}

func (s *Server) updateItem(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := body[service.ItemPatch](r)
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.UpdateItem(r.Context(), id, in))
}

func (s *Server) observe(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	in, err := body[service.ObserveInput](r)
	if err != nil {
		return 0, nil, err
	}
	return created(s.svc.Observe(r.Context(), id, in))
}

func (s *Server) promote(r *http.Request) (int, any, error) {
	dry, err := queryBool(r, "dry_run")
	if err != nil {
		return 0, nil, err
	}
	return ok(s.svc.Promote(r.Context(), dry))
}

func (s *Server) jobs(r *http.Request) (int, any, error) {
	if s.opt.Jobs == nil {
		return ok([]any{}, nil)
	}
	return ok(s.opt.Jobs.List(), nil)
}

func (s *Server) runJob(r *http.Request) (int, any, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	if s.opt.Jobs == nil {
		return 0, nil, apiErr(http.StatusNotFound, CodeNotFound, "no job %q (no jobs are scheduled)", id)
	}
	return ok(s.opt.Jobs.Run(r.Context(), id))
}
