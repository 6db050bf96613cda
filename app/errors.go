package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/archon-memory/archon/jobs"
	"github.com/archon-memory/archon/layers/knowledge"
	"github.com/archon-memory/archon/layers/promote"
	"github.com/archon-memory/archon/memory"
	"github.com/archon-memory/archon/monitor"
	"github.com/archon-memory/archon/rag"
)

// Kind classifies an error for the front ends.
type Kind string

// Error kinds.
const (
	Invalid   Kind = "invalid_request" // a bad value in the request (400)
	NotFound  Kind = "not_found"       // an unknown id (404)
	Conflict  Kind = "conflict"        // the state forbids the change (409)
	TooLarge  Kind = "too_large"       // a value over its limit (413)
	Timeout   Kind = "timeout"         // the request ran out of time (503)
	Internal  Kind = "internal"        // anything else (500)
	Cancelled Kind = "cancelled"       // the client went away
	Forbidden Kind = "forbidden"       // the caller's key lacks the scope (403)
	// Unavailable: a store the request needs (the shared PostgreSQL) cannot
	// be reached (503). Its message names the store's address, which is
	// for the operator's log, not for the caller.
	Unavailable Kind = "unavailable"
)

// UnavailableMessage is what a caller over the network is told of an
// Unavailable error.
const UnavailableMessage = "a service this request needs (the shared PostgreSQL, a model's endpoint) cannot be reached; try again later"

// Error is an error with a Kind.
type Error struct {
	Kind Kind
	Err  error
}

// Error returns the message of the wrapped error.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *Error) Unwrap() error { return e.Err }

// Invalidf returns an Invalid error.
func Invalidf(format string, a ...any) error {
	return &Error{Kind: Invalid, Err: fmt.Errorf(format, a...)}
}

// Forbiddenf returns a Forbidden error.
func Forbiddenf(format string, a ...any) error {
	return &Error{Kind: Forbidden, Err: fmt.Errorf(format, a...)}
}

// wrap tags err with kind.
func wrap(kind Kind, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Kind: kind, Err: err}
}

// KindOf classifies err: an explicit Kind, else by the sentinel errors of
// the engines.
func KindOf(err error) Kind {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e.Kind
	case errors.Is(err, context.DeadlineExceeded):
		return Timeout
	case errors.Is(err, context.Canceled):
		return Cancelled
	case errors.Is(err, rag.ErrNotFound), errors.Is(err, knowledge.ErrNotFound), errors.Is(err, jobs.ErrUnknown):
		return NotFound
	case errors.Is(err, knowledge.ErrConflict), errors.Is(err, jobs.ErrBusy), errors.Is(err, promote.ErrNotCandidate):
		return Conflict
	case errors.Is(err, memory.ErrTooLarge):
		return TooLarge
	case errors.Is(err, knowledge.ErrInvalid), errors.Is(err, rag.ErrEmptyQuery),
		errors.Is(err, memory.ErrInvalidDate), errors.Is(err, memory.ErrInvalidTime),
		errors.Is(err, memory.ErrInvalidAgent), errors.Is(err, memory.ErrInvalidTag),
		errors.Is(err, memory.ErrInvalidText), errors.Is(err, memory.ErrOutside), errors.Is(err, promote.ErrInvalidVerdict),
		errors.Is(err, monitor.ErrUnknownProfile):
		return Invalid
	}
	if knowledge.Unreachable(err) {
		return Unavailable
	}
	return Internal
}

// Cause returns err without its kind: the error an Error wraps, and what
// that one wraps in turn (the engine's own error), for a front end that
// words the mistake itself ("--older-than: ...").
func Cause(err error) error {
	var e *Error
	if errors.As(err, &e) {
		if in := errors.Unwrap(e.Err); in != nil {
			return in
		}
		return e.Err
	}
	return err
}
