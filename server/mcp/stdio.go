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
	c := &lineConn{in: t.in, out: t.out, msgs: make(chan lineMsg), closed: make(chan struct{})}
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
}

func (c *lineConn) readLoop(limit int) {
	r := bufio.NewReaderSize(c.in, 64<<10)
	for {
		line, over, err := readLine(r, limit)
		if over || len(bytes.TrimSpace(line)) > 0 {
			msg, bad := decodeLine(line, over, limit)
			if bad != nil {
				if werr := c.write(bad); werr != nil {
					err = werr
				}
			} else {
				select {
				case c.msgs <- lineMsg{msg: msg}:
				case <-c.closed:
					return
				}
			}
		}
		if err != nil {
			select {
			case c.msgs <- lineMsg{err: err}:
			case <-c.closed:
			}
			return
		}
	}
}

// readLine reads one line without its newline. Of a line over limit
// bytes, only what came before the limit is kept (its start holds the
// id): over.
func readLine(r *bufio.Reader, limit int) (line []byte, over bool, err error) {
	n := 0
	for {
		part, err := r.ReadSlice('\n')
		switch n += len(part); {
		case n <= limit:
			line = append(line, part...)
		case len(line) < idBytes: // over: its start is enough
			over = true
			line = append(line, part[:min(len(part), idBytes-len(line))]...)
		default:
			over = true
		}
		if err != bufio.ErrBufferFull {
			return bytes.TrimRight(line, "\r\n"), over, err
		}
	}
}

// idBytes is how much of a line's start is read for its id.
const idBytes = 4096

// frameID finds the id of a request in the start of its line.
var frameID = regexp.MustCompile(`^\s*\{.*?"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)`)

// decodeLine decodes a line into a message, or says why it is none as an
// error answer (to the request's id when the start of the line holds it).
func decodeLine(line []byte, over bool, limit int) (jsonrpc.Message, *jsonrpc.Response) {
	var id jsonrpc.ID
	if m := frameID.FindSubmatch(line[:min(len(line), idBytes)]); m != nil {
		var v any
		if json.Unmarshal(m[1], &v) == nil {
			id, _ = jsonrpc.MakeID(v)
		}
	}
	fail := func(code int64, msg string) (jsonrpc.Message, *jsonrpc.Response) {
		return nil, &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: msg}}
	}
	switch t := bytes.TrimSpace(line); {
	case over:
		return fail(jsonrpc.CodeInvalidRequest, fmt.Sprintf("message over %d bytes", limit))
	case len(t) > 0 && t[0] == '[':
		return fail(jsonrpc.CodeInvalidRequest, "batches are not supported: one message a line")
	}
	msg, err := jsonrpc.DecodeMessage(line)
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

func (c *lineConn) Write(_ context.Context, msg jsonrpc.Message) error { return c.write(msg) }

func (c *lineConn) write(msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.out.Write(append(data, '\n'))
	return err
}

func (c *lineConn) Close() error {
	err := errors.ErrUnsupported
	c.once.Do(func() {
		close(c.closed)
		err = c.in.Close()
	})
	if errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}

func (c *lineConn) SessionID() string { return "" }
