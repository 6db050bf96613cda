package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxFrameBytes bounds one message of the stdio transport: more than any
// tool takes (memory_log's 4 MiB entry, escaped as JSON).
const MaxFrameBytes = 32 << 20

// RunStdio serves s over stdin and stdout until the client leaves or ctx
// ends.
func RunStdio(ctx context.Context, s *sdk.Server) error {
	return s.Run(ctx, &lineTransport{in: os.Stdin, out: os.Stdout, max: MaxFrameBytes})
}

// lineTransport is MCP's stdio transport, one JSON-RPC message a line,
// where a line that is no message (not JSON, a batch, over max bytes) is
// answered with a JSON-RPC error and the session goes on: the SDK's own
// stdio transport ends the session, and the client loses its tools.
type lineTransport struct {
	in  io.ReadCloser
	out io.Writer
	max int
}

func (t *lineTransport) Connect(context.Context) (sdk.Connection, error) {
	c := &lineConn{in: t.in, out: t.out, msgs: make(chan lineMsg), closed: make(chan struct{}), answered: make(chan struct{}, 1)}
	go c.readLoop(t.max)
	return c, nil
}

type lineMsg struct {
	msg jsonrpc.Message
	err error
}

// lineConn is a connection of lineTransport. Reads run in their own
// goroutine so that Close unblocks a Read.
type lineConn struct {
	in     io.ReadCloser
	mu     sync.Mutex // guards out
	out    io.Writer
	msgs   chan lineMsg
	closed chan struct{}
	once   sync.Once

	// pending counts the client's requests read and not yet answered:
	// at the end of input the session waits for their answers (a
	// scripted client that writes a call and closes stdin gets it done).
	pmu      sync.Mutex
	pending  int
	answered chan struct{} // a token after each answer written
}

// drainWait bounds how long the end of input waits for the answers of the
// requests in flight.
const drainWait = 60 * time.Second

func (c *lineConn) readLoop(limit int) {
	r := bufio.NewReaderSize(c.in, 64<<10)
	for {
		line, tail, over, err := readLine(r, limit)
		if over || len(bytes.TrimSpace(line)) > 0 {
			msg, bad := decodeLine(line, tail, over, limit)
			if bad != nil {
				if werr := c.write(bad); werr != nil {
					err = werr
				}
			} else if msg != nil { // nil: a response nothing waits for, never answered
				if r, ok := msg.(*jsonrpc.Request); ok && r.ID.IsValid() {
					c.pmu.Lock()
					c.pending++
					c.pmu.Unlock()
				}
				select {
				case c.msgs <- lineMsg{msg: msg}:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			c.drain()
			select {
			case c.msgs <- lineMsg{err: err}:
			case <-c.closed:
			}
			return
		}
	}
}

// readLine reads one line without its newline. Of a line over limit
// bytes only the first and the last idBytes are kept, where its id is
// (over); tail is the line's last idBytes.
func readLine(r *bufio.Reader, limit int) (line, tail []byte, over bool, err error) {
	n := 0
	for {
		part, err := r.ReadSlice('\n')
		switch n += len(part); {
		case n <= limit:
			line = append(line, part...)
		case len(line) < idBytes:
			over = true
			line = append(line, part[:min(len(part), idBytes-len(line))]...)
		default:
			over, line = true, line[:idBytes]
		}
		if tail = append(tail, part...); len(tail) > 2*idBytes {
			tail = append(tail[:0], tail[len(tail)-idBytes:]...)
		}
		if err != bufio.ErrBufferFull {
			tail = bytes.TrimRight(tail, "\r\n")
			return bytes.TrimRight(line, "\r\n"), tail[max(0, len(tail)-idBytes):], over, err
		}
	}
}

// idBytes is how much of a line's start and end is kept for its id.
const idBytes = 4096

// lastID matches an id that is the last member of the object a line's
// end closes (the TypeScript SDK writes the id last).
var lastID = regexp.MustCompile(`"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*\}\s*$`)

// requestID finds the id of a request that does not decode: a member of
// the object its line's start opens, before the damage, or the last one
// of the object its end closes.
func requestID(head, tail []byte) jsonrpc.ID {
	if v, ok := topLevelID(head); ok {
		id, _ := jsonrpc.MakeID(v)
		return id
	}
	if m := lastID.FindSubmatch(tail); m != nil {
		var v any
		if json.Unmarshal(m[1], &v) == nil {
			id, _ := jsonrpc.MakeID(v)
			return id
		}
	}
	return jsonrpc.ID{}
}

// topLevelID reads the members of the object data opens, up to the first
// thing that does not decode, for the value of "id".
func topLevelID(data []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	for {
		k, err := dec.Token()
		key, ok := k.(string)
		if err != nil || !ok {
			return nil, false
		}
		if key != "id" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil, false
			}
			continue
		}
		switch v, err := dec.Token(); v := v.(type) {
		case string:
			return v, err == nil
		case json.Number:
			f, ferr := v.Float64()
			return f, err == nil && ferr == nil
		}
		return nil, false
	}
}

// decodeLine decodes a line into a message, or says why it is none as an
// error answer (to the request's id when the line holds one).
func decodeLine(line, tail []byte, over bool, limit int) (jsonrpc.Message, *jsonrpc.Response) {
	fail := func(code int64, msg string) (jsonrpc.Message, *jsonrpc.Response) {
		return nil, &jsonrpc.Response{ID: requestID(line, tail), Error: &jsonrpc.Error{Code: code, Message: msg}}
	}
	if over {
		return fail(jsonrpc.CodeInvalidRequest, fmt.Sprintf("message over %d bytes", limit))
	}
	if t := bytes.TrimSpace(line); len(t) > 0 && t[0] == '[' {
		return fail(jsonrpc.CodeInvalidRequest, "batches are not supported: one message a line")
	}
	// What JSON-RPC 2.0 (and MCP: ids are never null) asks of a message,
	// checked before the SDK reads it: it drops a message it cannot place
	// (a null id, neither request nor response) without an answer.
	var env struct {
		JSONRPC       string
		ID            json.RawMessage
		Method        *string
		Result, Error json.RawMessage
	}
	if json.Unmarshal(line, &env) == nil {
		switch {
		case env.JSONRPC != "2.0":
			return fail(jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
		case env.Method != nil && string(env.ID) == "null": // a response's may be (after a parse error): never answered
			return fail(jsonrpc.CodeInvalidRequest, "invalid request: the id must not be null")
		case env.Method == nil && env.Result == nil && env.Error == nil:
			return fail(jsonrpc.CodeInvalidRequest, "invalid request: no method (a request) and no result or error (a response)")
		}
		if err := checkID(env.ID); err != nil {
			// Not answered under an id read otherwise (1.5 as 1): null.
			return nil, &jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "invalid request: " + err.Error()}}
		}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil && env.Method == nil && (env.Result != nil || env.Error != nil) {
		return nil, nil // a response (an error after a parse error has a null id): JSON-RPC answers none
	}
	if err != nil {
		return fail(jsonrpc.CodeParseError, "parse error: "+err.Error())
	}
	return msg, nil
}

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.msgs:
		return m.msg, m.err
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *lineConn) Write(_ context.Context, msg jsonrpc.Message) error {
	err := c.write(msg)
	if r, ok := msg.(*jsonrpc.Response); ok && r.ID.IsValid() {
		c.pmu.Lock()
		if c.pending > 0 {
			c.pending--
		}
		c.pmu.Unlock()
		select {
		case c.answered <- struct{}{}:
		default:
		}
	}
	return err
}

// drain waits, up to drainWait, until every request read is answered.
func (c *lineConn) drain() {
	deadline := time.NewTimer(drainWait)
	defer deadline.Stop()
	for {
		c.pmu.Lock()
		n := c.pending
		c.pmu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-c.answered:
		case <-c.closed:
			return
		case <-deadline.C:
			return
		}
	}
}

func (c *lineConn) write(msg jsonrpc.Message) error {
	if r, ok := msg.(*jsonrpc.Response); ok && r.Error != nil {
		// The SDK's refusals of a request out of turn (before initialize,
		// a second initialize) are plain errors, sent with code 0:
		// JSON-RPC has a code for them.
		var we *jsonrpc.Error
		if !errors.As(r.Error, &we) || we.Code == 0 {
			msg = &jsonrpc.Response{ID: r.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: r.Error.Error()}}
		}
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	if r, ok := msg.(*jsonrpc.Response); ok && !r.ID.IsValid() {
		// An error about a message whose id could not be read: JSON-RPC
		// 2.0 wants "id": null there, which the encoder leaves out.
		var m map[string]json.RawMessage
		if json.Unmarshal(data, &m) == nil {
			m["id"] = json.RawMessage("null")
			if b, err := json.Marshal(m); err == nil {
				data = b
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.out.Write(append(data, '\n'))
	return err
}

func (c *lineConn) Close() error {
	var err error // a second Close has nothing to close
	c.once.Do(func() {
		close(c.closed)
		err = c.in.Close()
	})
	return err
}

func (c *lineConn) SessionID() string { return "" }
