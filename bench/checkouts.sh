#!/usr/bin/env bash
# The checkout part of bench/run.sh on its own (issue 27): a fresh shop with 10,000 extra products,
# every variant's stock set to 1,000,000 through `stock import`, the BENCH10 code, 32 shoppers
# buying for N seconds through the sandbox (examples/checkout_load.rs), then the same database checks.
# Usage: bench/checkouts.sh [seconds=10] [shoppers=32]. ANKARA_BIN measures another build.
# PERF=1 records a call-graph profile of the server while the load runs (needs perf; writes
# $PERF_OUT, default /tmp/checkouts.perf.data; PERF_CALLGRAPH="--call-graph dwarf,16384" for whole
# stacks, the release binary has no frame pointers). Installs curl from Debian's packages if
# missing; needs cargo and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
shoppers="${2:-32}"
port="${PORT:-18090}"
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="${ANKARA_BIN:-$target_dir/release/ankara}"
work="$(mktemp -d)"
trap '[ -z "${pid:-}" ] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; rm -rf "$work"' EXIT

command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
[ -n "${ANKARA_BIN:-}" ] || cargo build --release --quiet
cargo build --release --quiet --example checkout_load

start_server() {
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" ANKARA_SIGNUPS_PER_HOUR=100000 ANKARA_CHECKOUTS_PER_ADDRESS=100000 RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.005; done
}
start_server
kill "$pid"; wait "$pid" 2>/dev/null || true
"$bin" --data-dir "$work/data" seed --products 10000 >/dev/null
"$bin" --data-dir "$work/data" stock export "$work/stock.csv" >/dev/null
python3 bench/checkouts.py stock "$work/stock.csv"
"$bin" --data-dir "$work/data" stock import "$work/stock.csv" >/dev/null
start_server
pictures=(data/demo/images/*-320.jpg)
picture="${pictures[0]}"
curl -s -o /dev/null -c "$work/cookies" -H 'x-requested-with: ankara' -F displayName=Bench -F email=bench@example.com \
  -F password=benchpass -F confirmPassword=benchpass -F "photo=@$picture" "$base/api/auth/signup"
ANKARA_DATA_DIR="$work/data" "$bin" admin grant bench@example.com >/dev/null
curl -s -o /dev/null -b "$work/cookies" -c "$work/cookies" -H 'x-requested-with: ankara' -X POST "$base/api/auth/refresh"
curl -s -o /dev/null -b "$work/cookies" -H 'x-requested-with: ankara' -H 'content-type: application/json' \
  -d '{"code":"BENCH10","kind":"percent","percent":10}' "$base/api/admin/discounts"
stock_before=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT SUM(stock) FROM variants').fetchone()[0])" "$work/data/ankara.db")

if [ -n "${PERF:-}" ]; then
  # Start recording once the shoppers have signed up (argon2 is not part of a checkout).
  (sleep "${PERF_DELAY:-3}"; exec perf record -F 999 ${PERF_CALLGRAPH:--g} -o "${PERF_OUT:-/tmp/checkouts.perf.data}" -p "$pid" -- sleep "$((duration - 4))") \
    >"$work/perf.log" 2>&1 &
  perf_pid=$!
fi
# The load generator prints the server's CPU time per checkout too; bash's `time` gives its own.
TIMEFORMAT='  load generator CPU: %U s user + %S s system'
time SERVER_PID=$pid "$target_dir/release/examples/checkout_load" "$base" "$picture" "$shoppers" "$duration" BENCH10
[ -z "${perf_pid:-}" ] || wait "$perf_pid"
sleep 3 # the sandbox's webhooks follow each payment by two seconds
python3 bench/checkouts.py check "$work/data/ankara.db" "$stock_before"
grep -E 'VmHWM' "/proc/$pid/status" || true
# KEEP_DB=FILE keeps a copy of the database (to look at query plans on a shop after the run).
[ -z "${KEEP_DB:-}" ] || python3 -c "import sqlite3, sys; sqlite3.connect(sys.argv[1]).backup(sqlite3.connect(sys.argv[2]))" "$work/data/ankara.db" "$KEEP_DB"
