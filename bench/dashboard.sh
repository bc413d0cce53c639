#!/usr/bin/env bash
# Benchmark (not a test): how fast the admin dashboard answers with many orders. Seeds ORDERS paid
# orders (default 100,000; 1 to 3 lines each, a tenth partly refunded) spread over DAYS days
# (default 90, so the 30-day figures cover a third of them) into a demo shop, then times
# sequential GET /api/admin/dashboard requests as an admin and prints p50/p95/p99.
# Usage: bench/dashboard.sh [orders] [days] [requests]
# Needs cargo and curl (installed from Debian's packages when missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
orders="${1:-100000}"
days="${2:-90}"
requests="${3:-300}"
port=18090
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="$target_dir/release/ankara"
work="$(mktemp -d)"
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
cargo build --release --quiet
cargo build --release --quiet --example dashboard_load

start_server() {
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

echo "== a demo shop with $orders orders over $days days"
start_server
picture=$(ls data/demo/images/*-320.jpg | head -1)
curl -sf -o /dev/null -H 'x-requested-with: ankara' -F displayName=Bench -F email=boss@example.com \
  -F password=benchpass -F confirmPassword=benchpass -F "photo=@$picture" "$base/api/auth/signup"
stop_server
"$bin" --data-dir "$work/data" admin grant boss@example.com >/dev/null
"$target_dir/release/examples/dashboard_load" seed "$work/data" "$orders" "$days"
start_server
curl -s -c "$work/cookies" -H 'x-requested-with: ankara' -H 'content-type: application/json' \
  -d '{"email":"boss@example.com","password":"benchpass"}' "$base/api/auth/login" >/dev/null
cookie="ankara_session=$(awk '$6 == "ankara_session" {print $7}' "$work/cookies")"
"$target_dir/release/examples/dashboard_load" measure "$base" "$cookie" "$requests"
