package main

import (
	"math"

	"github.com/urfave/cli/v2"
)

// intBound is the range an int flag takes when it is given. The ranges
// are the engine's own (rag top-k 1..1000, app budgets 1..1000000, the
// context log's 1..10000, ...): checked here, a value out of range is a
// usage error that names the flag ("--top-k 5000: at most 1000") instead
// of an error about a request field, or a value silently taken as the
// default.
type intBound struct {
	name   string
	lo, hi int
}

// checkInts checks the given int flags against their bounds. A flag not
// given keeps its default and is not checked.
func checkInts(c *cli.Context, bounds ...intBound) error {
	for _, b := range bounds {
		if !c.IsSet(b.name) {
			continue
		}
		switch v := c.Int(b.name); {
		case v < b.lo:
			return usagef("--%s %d: at least %d", b.name, v, b.lo)
		case v > b.hi:
			return usagef("--%s %d: at most %d", b.name, v, b.hi)
		}
	}
	return nil
}

// checkFraction checks a float flag that must be a number from 0 to 1
// (NaN is none: it compares false with both bounds).
func checkFraction(c *cli.Context, name string) error {
	if v := c.Float64(name); c.IsSet(name) && (math.IsNaN(v) || v < 0 || v > 1) {
		return usagef("--%s %g: want a number from 0 to 1", name, v)
	}
	return nil
}

// before runs checks in order, stopping at the first error.
func before(checks ...cli.BeforeFunc) cli.BeforeFunc {
	return func(c *cli.Context) error {
		for _, ch := range checks {
			if err := ch(c); err != nil {
				return err
			}
		}
		return nil
	}
}

// ints is checkInts as a BeforeFunc.
func ints(bounds ...intBound) cli.BeforeFunc {
	return func(c *cli.Context) error { return checkInts(c, bounds...) }
}

// Bounds shared by several commands.
var (
	topKBound   = intBound{"top-k", 1, 1000}
	budgetBound = intBound{"budget", 1, 1_000_000}
)
