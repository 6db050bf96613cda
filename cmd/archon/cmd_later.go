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
	return []*cli.Command{
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
