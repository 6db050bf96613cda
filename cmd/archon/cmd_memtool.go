package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

func (a *app) memoryToolCommand() *cli.Command {
	return &cli.Command{
		Name:      "memory-tool",
		Usage:     "run one command of the Claude API's memory tool (memory_20250818) on /memories",
		ArgsUsage: "JSON (or - or nothing to read it from stdin)",
		Description: "The JSON is the tool's input as Claude sends it, e.g. {\"command\":\"view\",\"path\":\"/memories\"}.\n" +
			"/memories/MEMORY.md and /memories/MEMORY_SUMMARY.md are those files; /memories/daily/YYYY-MM-DD.md\n" +
			"are the daily logs (create and insert append an entry; nothing is replaced or deleted); any other\n" +
			"path is a file of the workspace's memories/ folder. What a command writes is indexed at once.\n" +
			"The answer goes to stdout; an answer that is an error for Claude goes to stderr, with exit status 1.",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json", Usage: `print {"content": ..., "is_error": ...}`}},
		Action: a.withMemory(func(c *cli.Context, m core.Memory) error {
			raw, err := a.entryText(c)
			if err != nil {
				return err
			}
			var in core.MemoryToolRequest
			dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&in); err != nil {
				return usagef("memory-tool: the input is not a memory-tool command: %v", err)
			}
			if dec.More() {
				return usagef("memory-tool: data after the JSON object")
			}
			res, err := m.MemoryTool(c.Context, in)
			if err == nil && res.IsError && !c.Bool("json") {
				return exitCode{exitFailure, res.Content}
			}
			if err := emit(a, c, res, err, func(res *core.MemoryToolResult, w io.Writer) { fmt.Fprintln(w, res.Content) }); err != nil {
				return err
			}
			if res.IsError {
				return exitCode{exitFailure, res.Content}
			}
			return nil
		}),
	}
}
