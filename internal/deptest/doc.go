// Package deptest holds no code, only a test: it keeps the module's import
// graph pointing down the tiers (foundation, engines, app, server and
// client, commands), in the spirit of tailscale's tstest/deptest.
//
// The test parses the imports of every non-test .go file in the module
// with go/parser (ImportsOnly), so it needs neither a build that compiles
// nor the go tool, and fails on any import against the intended direction,
// naming the file, the import and the rule it breaks. The tier table is at
// the top of deptest_test.go; a new package must be placed in it.
package deptest
