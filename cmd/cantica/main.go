// Command cantica is the Cantica server: `cantica serve` (the default) runs
// the web app and API; `cantica migrate` brings the database schema up to
// date and exits; `cantica liturgy` prints a computed liturgical calendar.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/web"

	_ "time/tzdata" // time zones work on machines without a zoneinfo database
)

const usage = `Usage: cantica [command] [flags]

Commands:
  serve     run the server (the default)
  migrate   apply database migrations and exit
  admin     administrators' commands (cantica admin for the list)
  liturgy   print a year of a liturgical calendar (cantica liturgy -h for the flags)
  help      show this help

Flags (each mirrors an environment variable):
`

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

func run(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		fmt.Fprint(stdout, usage+config.Usage())
		return 0
	}
	if cmd == "admin" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return admin(ctx, args, getenv, stdout, stderr)
	}
	if cmd == "liturgy" {
		return liturgyCmd(args, stdout, stderr, time.Now)
	}
	if cmd != "serve" && cmd != "migrate" {
		fmt.Fprintf(stderr, "cantica: unknown command %q\n\n%s%s", cmd, usage, config.Usage())
		return 2
	}

	cfg, err := config.Load(getenv, args)
	if err != nil {
		fmt.Fprintf(stderr, "cantica: %v\n", err)
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	slog.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch cmd {
	case "migrate":
		d, err := app.OpenDatabase(ctx, cfg)
		if err != nil {
			return fail(stderr, err)
		}
		defer d.Close()
		v, err := d.SchemaVersion(ctx)
		if err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "database %s is at schema version %d\n", cfg.Database.Kind, v)
		return 0
	default:
		webApp := web.Dist()
		if cfg.WebDir != "" {
			webApp = os.DirFS(cfg.WebDir)
		}
		if err := app.Run(ctx, cfg, logger, webApp); err != nil && !errors.Is(err, context.Canceled) {
			return fail(stderr, err)
		}
		return 0
	}
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "cantica: %v\n", err)
	return 1
}
