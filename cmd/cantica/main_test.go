package main

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/config"
)

func TestBadSettingStopsStartUpWithOneLine(t *testing.T) {
	for name, value := range map[string]string{"CANTICA_BASE_URL": "not a url", "CANTICA_LOG_LEVEL": "verbose"} {
		var stdout, stderr strings.Builder
		getenv := func(k string) string {
			return map[string]string{name: value}[k]
		}
		code := run([]string{"serve"}, getenv, &stdout, &stderr)
		if code != 2 {
			t.Fatalf("%s: exit code %d, want 2", name, code)
		}
		out := strings.TrimSuffix(stderr.String(), "\n")
		if strings.Contains(out, "\n") || !strings.HasPrefix(out, "cantica: "+name+": ") {
			t.Fatalf("want one line naming %s, got %q", name, stderr.String())
		}
	}
}

func TestMigrateCommand(t *testing.T) {
	dir := t.TempDir()
	getenv := func(k string) string {
		return map[string]string{"CANTICA_DATA_DIR": filepath.Join(dir, "data")}[k]
	}
	for run1 := 0; run1 < 2; run1++ {
		var stdout, stderr strings.Builder
		if code := run([]string{"migrate"}, getenv, &stdout, &stderr); code != 0 {
			t.Fatalf("migrate exit %d: %s", code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "schema version") {
			t.Fatalf("migrate said %q", stdout.String())
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"frobnicate"}, func(string) string { return "" }, &stdout, &stderr); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(stderr.String(), `unknown command "frobnicate"`) {
		t.Fatalf("%q", stderr.String())
	}
}

func TestAdminCommands(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"CANTICA_DATA_DIR": dir}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	cfg, err := config.Load(getenv, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := app.OpenDatabase(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(cfg, d, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Accounts.Register(ctx, auth.Registration{Email: "ada@example.com", Password: "Choir#Practice1", FirstName: "Ada", LastName: "L"}, auth.Client{}); err != nil {
		t.Fatal(err)
	}
	adaID, _ := a.Accounts.UserIDByEmail(ctx, "ada@example.com")
	name, country, tz := "Schola", "GB", "Europe/London"
	c, err := a.Choirs.Create(ctx, adaID, choir.Create{Details: choir.Details{Name: &name, Country: &country, TimeZone: &tz},
		AffiliationID: "00000000-0000-4000-8000-000000000201"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Accounts.Register(ctx, auth.Registration{Email: "bob@example.com", Password: "Choir#Practice1", FirstName: "Bob", LastName: "B"}, auth.Client{}); err != nil {
		t.Fatal(err)
	}
	d.Close()

	run := func(args ...string) (int, string) {
		var out, errOut strings.Builder
		code := run(append([]string{"admin"}, args...), getenv, &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := run("grant-global-admin", "ADA@example.com"); code != 0 || !strings.Contains(out, "now a global admin") {
		t.Fatalf("grant: %d %s", code, out)
	}
	if code, out := run("grant-global-admin", "nobody@example.com"); code != 1 || !strings.Contains(out, "No account found with this email.") {
		t.Fatalf("unknown address: %d %s", code, out)
	}
	if code, out := run("add-member", c.ID, "bob@example.com", "conductor"); code != 2 || !strings.Contains(out, "not one of") {
		t.Fatalf("bad role: %d %s", code, out)
	}
	if code, out := run("add-member", c.ID, "bob@example.com", "member"); code != 0 {
		t.Fatalf("add-member: %d %s", code, out)
	}
	if code, out := run("add-member", c.ID, "bob@example.com", "guest"); code != 1 || !strings.Contains(out, "already a member") {
		t.Fatalf("twice: %d %s", code, out)
	}
	if code, _ := run("frobnicate"); code != 2 {
		t.Fatal("an unknown admin command was accepted")
	}

	d, err = app.OpenDatabase(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var global bool
	var role string
	if err := d.QueryRowContext(ctx, `SELECT p.is_global_admin FROM user_profile p JOIN users u ON u.id = p.id WHERE u.email = 'ada@example.com'`).Scan(&global); err != nil || !global {
		t.Fatalf("ada is not a global admin (%v)", err)
	}
	if err := d.QueryRowContext(ctx, `SELECT m.role FROM user_choir_membership m JOIN users u ON u.id = m.user_id WHERE u.email = 'bob@example.com'`).Scan(&role); err != nil || role != "member" {
		t.Fatalf("bob's membership %q (%v)", role, err)
	}
}
