package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/config"
)

const adminUsage = `Usage: cantica admin COMMAND [flags]

Commands:
  grant-global-admin EMAIL            make an account a global admin
  revoke-global-admin EMAIL           take the global admin flag away
  add-member CHOIR_ID EMAIL ROLE      give an account an active membership (choir_admin, member or guest)
`

// admin runs the administrators' commands against the configured database.
func admin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, adminUsage)
		return 2
	}
	cmd, args := args[0], args[1:]
	want := map[string]int{"grant-global-admin": 1, "revoke-global-admin": 1, "add-member": 3}
	n, known := want[cmd]
	if !known || len(args) < n {
		fmt.Fprint(stderr, adminUsage)
		return 2
	}
	cfg, err := config.Load(getenv, args[n:])
	if err != nil {
		fmt.Fprintf(stderr, "cantica: %v\n", err)
		return 2
	}
	d, err := app.OpenDatabase(ctx, cfg)
	if err != nil {
		return fail(stderr, err)
	}
	defer d.Close()
	a, err := app.New(cfg, d, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Options{})
	if err != nil {
		return fail(stderr, err)
	}
	switch cmd {
	case "grant-global-admin", "revoke-global-admin":
		on := cmd == "grant-global-admin"
		if err := a.Accounts.SetGlobalAdmin(ctx, args[0], on); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "%s is %s a global admin\n", args[0], map[bool]string{true: "now", false: "no longer"}[on])
	case "add-member":
		choirID, email, role := args[0], args[1], args[2]
		if !access.ValidMembershipRole(role) {
			fmt.Fprintf(stderr, "cantica: role %q is not one of choir_admin, member, guest\n", role)
			return 2
		}
		userID, err := a.Accounts.UserIDByEmail(ctx, email)
		if err != nil {
			return fail(stderr, err)
		}
		if _, err := a.Choirs.Get(ctx, choirID); err != nil {
			return fail(stderr, err)
		}
		if err := a.Choirs.AddMember(ctx, userID, choirID, access.Role(role), time.Now()); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "%s is now an active %s of choir %s\n", email, role, choirID)
	}
	return 0
}
