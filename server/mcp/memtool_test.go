package mcp

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMemoryTool runs every memory-tool command through an MCP client and
// finds what it wrote with memory_search right after.
func TestMemoryTool(t *testing.T) {
	ctx := context.Background()
	cs := inMemoryClient(t, newService(t))
	call := func(name string, args map[string]any) (string, bool) {
		t.Helper()
		r, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return r.Content[0].(*sdk.TextContent).Text, r.IsError
	}
	for _, tc := range []struct {
		args    map[string]any
		isError bool
		want    string
	}{
		{map[string]any{"command": "create", "path": "/memories/gotchas.md", "file_text": "The staging deploy needs the VPN.\n"}, false, "created"},
		{map[string]any{"command": "view", "path": "/memories/gotchas.md"}, false, "1\tThe staging deploy needs the VPN."},
		{map[string]any{"command": "str_replace", "path": "/memories/gotchas.md", "old_str": "VPN", "new_str": "WireGuard tunnel"}, false, "WireGuard tunnel"},
		{map[string]any{"command": "insert", "path": "/memories/gotchas.md", "insert_line": 0, "insert_text": "# Gotchas"}, false, "1\t# Gotchas"},
		{map[string]any{"command": "rename", "old_path": "/memories/gotchas.md", "new_path": "/memories/ops/gotchas.md"}, false, "renamed"},
		{map[string]any{"command": "create", "path": "/memories/daily/2020-01-02.md", "file_text": "Picked Hetzner for the build farm."}, false, "appended"},
		{map[string]any{"command": "create", "path": "/memories/scratch.md", "file_text": "temporary"}, false, "created"},
		{map[string]any{"command": "delete", "path": "/memories/scratch.md"}, false, "deleted"},
		{map[string]any{"command": "view", "path": "/memories"}, false, "/memories/ops/gotchas.md"},
		{map[string]any{"command": "view", "path": "/memories/../archon.yaml"}, true, `".."`},
		{map[string]any{"command": "delete", "path": "/memories/daily/2020-01-02.md"}, true, "append-only"},
	} {
		got, isErr := call("memory", tc.args)
		if isErr != tc.isError || !strings.Contains(got, tc.want) {
			t.Fatalf("memory %v: is_error=%v %q; want %v and %q", tc.args, isErr, got, tc.isError, tc.want)
		}
	}
	for q, path := range map[string]string{"WireGuard staging": "memories/ops/gotchas.md", "Hetzner build farm": "memory/2020-01-02.md"} {
		got, isErr := call("memory_search", map[string]any{"query": q, "top_k": 3})
		if isErr || !strings.Contains(got, `"path":"`+path+`"`) {
			t.Fatalf("search %q right after the write: %s", q, got)
		}
	}
	if got, _ := call("memory_search", map[string]any{"query": "temporary"}); strings.Contains(got, "scratch.md") {
		t.Fatalf("a deleted file is still found: %s", got)
	}
}
