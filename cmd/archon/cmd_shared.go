package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	core "github.com/archon-memory/archon/app"
)

// withAdmin runs fn on the shared store of the workspace's configuration.
func (a *app) withAdmin(fn func(c *cli.Context, adm *core.SharedAdmin) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		_, cfg, err := a.workspace(c)
		if err != nil {
			return err
		}
		adm, err := core.OpenSharedAdmin(c.Context, cfg)
		if err != nil {
			return err
		}
		defer adm.Close()
		return fn(c, adm)
	}
}

func (a *app) tenantCommand() *cli.Command {
	return &cli.Command{
		Name:  "tenant",
		Usage: "tenants of the shared store (shared.postgres_url): add, list",
		Subcommands: []*cli.Command{
			{
				Name: "add", Usage: "create a tenant (an existing one is kept)", ArgsUsage: "NAME",
				Before: exactArgs(1),
				Action: a.withAdmin(func(c *cli.Context, adm *core.SharedAdmin) error {
					if err := adm.AddTenant(c.Context, c.Args().First()); err != nil {
						return err
					}
					fmt.Fprintf(a.stdout, "tenant %s\n", c.Args().First())
					return nil
				}),
			},
			{
				Name: "list", Usage: "the tenants with the size of their logs",
				Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print JSON"}},
				Before: noArgs,
				Action: a.withAdmin(func(c *cli.Context, adm *core.SharedAdmin) error {
					ts, err := adm.Tenants(c.Context)
					return emit(a, c, &ts, err, func(ts *[]core.Tenant, w io.Writer) {
						for _, t := range *ts {
							fmt.Fprintf(w, "%-24s %8d entries  since %s\n", t.Name, t.Entries, t.Created.UTC().Format("2006-01-02"))
						}
					})
				}),
			},
		},
	}
}

// newKey is a key as add prints it: with its secret, this once.
type newKey struct {
	*core.Key
	Secret string `json:"secret"`
}

func (a *app) keyCommand() *cli.Command {
	return &cli.Command{
		Name:  "key",
		Usage: "API keys of the shared store's tenants: add, list, revoke",
		Description: "A key belongs to one tenant and carries scopes: read (search, get, status), write (also log,\n" +
			"tasks, knowledge, MCP), admin (also doctor, archive, restore, forget, import, running jobs).\n" +
			"Only its SHA-256 is stored: the secret is printed once, by add.",
		Subcommands: []*cli.Command{
			{
				Name: "add", Usage: "create a key and print its secret (once)",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "tenant", Required: true, Usage: "the key's tenant"},
					&cli.StringFlag{Name: "scopes", Value: "read,write", Usage: "read, write, admin (comma-separated)"},
					&cli.StringFlag{Name: "note", Usage: "what the key is for"},
					&cli.BoolFlag{Name: "json", Usage: "print JSON"},
				},
				Before: noArgs,
				Action: a.withAdmin(func(c *cli.Context, adm *core.SharedAdmin) error {
					k, secret, err := adm.AddKey(c.Context, c.String("tenant"), c.String("scopes"), c.String("note"))
					return emit(a, c, &newKey{k, secret}, err, func(o *newKey, w io.Writer) {
						fmt.Fprintf(w, "%s (tenant %s, %s)\n%s\nkeep the secret now: archon stores only its hash\n", o.ID, o.Tenant, strings.Join(o.Scopes, ","), o.Secret)
					})
				}),
			},
			{
				Name: "list", Usage: "the keys, never their secrets",
				Flags:  []cli.Flag{&cli.StringFlag{Name: "tenant", Usage: "only this tenant's"}, &cli.BoolFlag{Name: "json", Usage: "print JSON"}},
				Before: noArgs,
				Action: a.withAdmin(func(c *cli.Context, adm *core.SharedAdmin) error {
					ks, err := adm.Keys(c.Context, c.String("tenant"))
					return emit(a, c, &ks, err, func(ks *[]core.Key, w io.Writer) {
						for _, k := range *ks {
							state := "live"
							if k.Revoked != nil {
								state = "revoked " + k.Revoked.UTC().Format("2006-01-02")
							}
							fmt.Fprintf(w, "%-13s %-16s %-16s %-18s %s\n", k.ID, k.Tenant, strings.Join(k.Scopes, ","), state, k.Note)
						}
					})
				}),
			},
			{
				Name: "revoke", Usage: "revoke a key (nodes stop accepting it within 30 s)", ArgsUsage: "ID",
				Before: exactArgs(1),
				Action: a.withAdmin(func(c *cli.Context, adm *core.SharedAdmin) error {
					if err := adm.RevokeKey(c.Context, c.Args().First()); err != nil {
						return err
					}
					fmt.Fprintf(a.stdout, "revoked %s\n", c.Args().First())
					return nil
				}),
			},
		},
	}
}
