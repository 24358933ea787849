#!/usr/bin/env bash
# with-stripe-mock.sh COMMAND… runs COMMAND with CANTICA_TEST_STRIPE_MOCK_URL
# pointing at Stripe's own mock server, stripe-mock (the billing tests talk to
# it instead of Stripe). If the variable is already set it is used as it is;
# otherwise stripe-mock is started on a free local port and stopped
# afterwards. Without the stripe-mock binary (`go install
# github.com/stripe/stripe-mock@v0.203.0`, which .ci/run does) the command
# runs without the variable, and the Stripe tests skip loudly (or fail, when
# CI is set).
set -euo pipefail

if [ -n "${CANTICA_TEST_STRIPE_MOCK_URL:-}" ]; then
  exec "$@"
fi

bin=$(command -v stripe-mock || true)
if [ -z "$bin" ]; then
  gobin=$(go env GOBIN 2>/dev/null || true)
  [ -n "$gobin" ] || gobin="$(go env GOPATH 2>/dev/null)/bin"
  [ -x "$gobin/stripe-mock" ] && bin="$gobin/stripe-mock"
fi
if [ -z "$bin" ]; then
  echo "*** with-stripe-mock: no stripe-mock binary found; the Stripe tests will be skipped. ***" >&2
  exec "$@"
fi

log=$(mktemp /tmp/cantica-stripe-mock.XXXXXX)
# Both listeners on ports the system chooses: nothing to collide with.
"$bin" -http-addr 127.0.0.1: -https-addr 127.0.0.1: >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT

addr=""
for _ in $(seq 1 100); do
  addr=$(sed -n 's/^Listening for HTTP at address: //p' "$log")
  [ -n "$addr" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$addr" ] || { echo "with-stripe-mock: stripe-mock did not start" >&2; cat "$log" >&2; exit 1; }

export CANTICA_TEST_STRIPE_MOCK_URL="http://$addr"
echo "with-stripe-mock: stripe-mock at $CANTICA_TEST_STRIPE_MOCK_URL" >&2
"$@"
