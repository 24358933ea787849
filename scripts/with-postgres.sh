#!/usr/bin/env bash
# with-postgres.sh COMMAND… runs COMMAND with CANTICA_TEST_DATABASE_URL pointing
# at a PostgreSQL server. If the variable is already set it is used as it is;
# otherwise a throwaway cluster is started from the installed server binaries
# (initdb/pg_ctl) in a temporary directory and removed afterwards. Without
# PostgreSQL binaries the command runs without the variable, and the Go tests
# skip their PostgreSQL pass loudly (or fail, when CI is set).
set -euo pipefail

if [ -n "${CANTICA_TEST_DATABASE_URL:-}" ]; then
  exec "$@"
fi

find_bin() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  ls -d /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1
}
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)
if [ -z "$INITDB" ] || [ -z "$PG_CTL" ]; then
  echo "*** with-postgres: no PostgreSQL server binaries (initdb, pg_ctl) found; the PostgreSQL test pass will be skipped. ***" >&2
  exec "$@"
fi

dir=$(mktemp -d /tmp/cantica-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root; run the cluster as the postgres user.
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
cleanup() {
  "${as_owner[@]}" "$PG_CTL" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$INITDB" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Unix socket only, in the temporary directory: no port to collide with.
"${as_owner[@]}" "$PG_CTL" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses='' -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

export CANTICA_TEST_DATABASE_URL="postgres://postgres@/postgres?host=$dir&sslmode=disable"
echo "with-postgres: throwaway PostgreSQL at $dir" >&2
"$@"
