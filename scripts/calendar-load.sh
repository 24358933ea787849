#!/usr/bin/env bash
# calendar-load.sh runs the calendar's load test: wrk (Debian package wrk)
# at 64 connections and at one against the month range of a busy choir and
# of one with ten years of history, beside a bare Go handler answering the
# same bytes, on SQLite and PostgreSQL, with and without kept answers. It
# prints a table. CANTICA_LOAD_DURATION sets each run's length (default 10s).
set -euo pipefail
cd "$(dirname "$0")/.."
CANTICA_LOAD=1 scripts/with-postgres.sh go test -tags noui -count=1 -v -timeout 30m \
  -run '^TestCalendarLoad$' ./internal/httpapi
