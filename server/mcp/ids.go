package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// maxExactID is the largest integer id a float64 holds exactly: the SDK
// reads ids through one, so a larger one would come back as another.
const maxExactID = 1<<53 - 1

// checkID reports whether raw, a message's "id" member (nil when absent),
// is one MCP allows and the SDK answers under the same id: a string or an
// integer of at most 2^53-1. A fraction (1.5 was answered as 1), an
// exponent, a larger integer (answered rounded, or as -2^63) or any other
// JSON value is not.
func checkID(raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] == '"' || string(raw) == "null" {
		return nil // absent (a notification), a string, or null (checked apart)
	}
	const want = "the id must be a string or an integer of at most 2^53-1"
	if bytes.ContainsAny(raw, ".eE") {
		return fmt.Errorf("%s, got %s", want, raw)
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || n > maxExactID || n < -maxExactID {
		return fmt.Errorf("%s, got %.40s", want, raw)
	}
	return nil
}

// envelopeID reads the "id" member of a JSON object (nil when absent or
// when data is no object).
func envelopeID(data []byte) json.RawMessage {
	var env struct{ ID json.RawMessage }
	if json.Unmarshal(data, &env) != nil {
		return nil
	}
	return env.ID
}

// checkIDs answers a POST whose message has an id checkID refuses with a
// JSON-RPC Invalid Request error (id null: it could not be read as sent),
// before the SDK reads it as another id. Other requests pass as they are.
func checkIDs(next http.Handler, maxBody int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		r.Body.Close()
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
		if err == nil && int64(len(body)) > maxBody {
			// Said as JSON-RPC, as every other refusal (the SDK's is text).
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
				"error": map[string]any{"code": jsonrpc.CodeInvalidRequest, "message": fmt.Sprintf("invalid request: the body is over %d bytes", maxBody)}})
			return
		}
		if err != nil {
			next.ServeHTTP(w, r) // the SDK says what is wrong with it
			return
		}
		if err := checkID(envelopeID(body)); err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": nil,
				"error": map[string]any{"code": jsonrpc.CodeInvalidRequest, "message": "invalid request: " + err.Error()}})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// errReader ends a body re-read from memory with the error reading it
// met (nil: a clean end).
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}
