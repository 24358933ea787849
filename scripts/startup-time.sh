#!/bin/sh
# Start-up time of `cantica serve`: from starting bin/cantica (built with the
# web app: make build) to the first 200 of the landing page, on a migrated
# SQLite database (a restart) and on a new one (a first start, migrations
# included). Prints the median of STARTS starts (default 10) and the processor
# time the process used until then, after the load average: on a shared
# machine the figures depend on it.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x bin/cantica ]; then
	echo "startup-time: no bin/cantica; run make build first" >&2
	exit 1
fi
uptime
exec go test -tags noui -run '^$' -bench BenchmarkStartToFirst200 -benchtime "${STARTS:-10}x" ./cmd/cantica
