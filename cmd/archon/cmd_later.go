package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// notBuilt is the action of a command whose engine does not exist yet: it
// says so plainly and fails, so that no script mistakes it for success.
func notBuilt(what string) cli.ActionFunc {
	return func(c *cli.Context) error {
		return fmt.Errorf("`archon %s` is not built yet: %s", c.Command.FullName(), what)
	}
}

// laterCommands are the DESIGN.md §2 commands whose engines come later. Their
// flags are declared now so that the command line is stable.
func (a *app) laterCommands() []*cli.Command {
	msgFormat := &cli.StringFlag{Name: "format", Usage: "input format: openai, anthropic or claude-code (default: detected)"}
	input := &cli.StringFlag{Name: "input", Aliases: []string{"i"}, Usage: "conversation file, or - for stdin", Required: true}
	model := &cli.StringFlag{Name: "model", Usage: "model name, for its context window and tokenizer"}
	return []*cli.Command{
		{
			Name:   "summarize",
			Usage:  "summarize a conversation into MEMORY_SUMMARY.md",
			Flags:  []cli.Flag{input, msgFormat, model},
			Action: notBuilt("the summarizer is still being written"),
		},
		{
			Name:  "context",
			Usage: "watch an agent's context usage",
			Subcommands: []*cli.Command{{
				Name:   "check",
				Usage:  "tokens, limit, percent, level and action for a conversation",
				Flags:  []cli.Flag{input, msgFormat, model, &cli.BoolFlag{Name: "json", Usage: "print as JSON"}},
				Action: notBuilt("the context monitor is still being written"),
			}},
		},
		{
			Name:   "archive",
			Usage:  "move daily logs older than the L1 window under memory/archive/",
			Flags:  []cli.Flag{&cli.StringFlag{Name: "older-than", Value: "7d", Usage: "age, e.g. 7d"}},
			Action: notBuilt("archival is still being written"),
		},
		{
			Name:   "serve",
			Usage:  "run the HTTP JSON API (/v1), MCP (/mcp) and scheduled jobs",
			Flags:  []cli.Flag{&cli.StringFlag{Name: "addr", Value: "127.0.0.1:7420", Usage: "listen address"}},
			Action: notBuilt("the service is still being written"),
		},
		{
			Name:   "mcp",
			Usage:  "run the MCP server over stdio",
			Action: notBuilt("the MCP server is still being written"),
		},
	}
}
