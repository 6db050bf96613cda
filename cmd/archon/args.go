package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// reorderArgs lets users put flags after positional arguments, which
// urfave/cli v2 does not: `archon search foo --top-k 3` becomes
// `archon search --top-k 3 foo`. Global flags typed after the command
// (`archon log x --root DIR`) move before it. Everything after "--" stays
// positional, and unknown flags stay where cli will report them.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	rest := args[1:]
	global := flagArity(app.Flags)
	// Leading global flags.
	for len(rest) > 0 && isFlag(rest[0]) {
		n := consumed(rest, global)
		out = append(out, rest[:n]...)
		rest = rest[n:]
	}
	if len(rest) == 0 || rest[0] == "--" {
		return append(out, rest...)
	}
	cmds := app.Commands
	var path []string
	var cmd *cli.Command
	for len(rest) > 0 {
		c := findCommand(cmds, rest[0])
		if c == nil {
			break
		}
		cmd, cmds = c, c.Subcommands
		path = append(path, rest[0])
		rest = rest[1:]
		if len(c.Subcommands) == 0 {
			break
		}
		// Flags of a command with subcommands may sit before the subcommand.
		for len(rest) > 0 && isFlag(rest[0]) && findCommand(cmds, rest[0]) == nil {
			n := consumed(rest, flagArity(c.Flags))
			path = append(path, rest[:n]...)
			rest = rest[n:]
		}
	}
	if cmd == nil || cmd.Name == "help" {
		return append(append(out, path...), rest...)
	}
	own := flagArity(cmd.Flags)
	var globals, flags, positional []string
	for len(rest) > 0 {
		a := rest[0]
		switch {
		case a == "--":
			positional = append(positional, rest[1:]...)
			rest = nil
			continue
		case !isFlag(a):
			positional = append(positional, a)
			rest = rest[1:]
			continue
		}
		name := flagName(a)
		arity, isGlobal := own, false
		if _, ok := own[name]; !ok {
			if _, ok := global[name]; ok && name != "help" && name != "h" {
				arity, isGlobal = global, true
			}
		}
		n := consumed(rest, arity)
		if n == 1 && arity[name] && !strings.Contains(a, "=") {
			// A flag that wants a value and has none (it ends the line)
			// stays last, where cli says so, instead of taking "--" (or
			// the command, for a global one) as its value.
			if isGlobal {
				return append(append(out, globals...), a)
			}
			return append(append(append(out, globals...), path...), append(flags, a)...)
		}
		if isGlobal {
			globals = append(globals, rest[:n]...)
		} else {
			flags = append(flags, rest[:n]...)
		}
		rest = rest[n:]
	}
	out = append(out, globals...)
	out = append(out, path...)
	out = append(out, flags...)
	if len(positional) > 0 {
		out = append(out, "--")
		out = append(out, positional...)
	}
	return out
}

// isFlag reports whether a looks like a flag ("-" alone is stdin, not a flag).
func isFlag(a string) bool { return len(a) > 1 && a[0] == '-' && a != "--" }

func flagName(a string) string {
	name := strings.TrimLeft(a, "-")
	name, _, _ = strings.Cut(name, "=")
	return name
}

// consumed returns how many arguments the flag at rest[0] takes up.
func consumed(rest []string, arity map[string]bool) int {
	a := rest[0]
	if strings.Contains(a, "=") {
		return 1
	}
	if takesValue, ok := arity[flagName(a)]; ok && takesValue && len(rest) > 1 {
		return 2
	}
	return 1
}

// flagArity maps every flag name and alias to whether it takes a value.
func flagArity(flags []cli.Flag) map[string]bool {
	m := map[string]bool{"help": false, "h": false}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			m[n] = !isBool
		}
	}
	return m
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}
