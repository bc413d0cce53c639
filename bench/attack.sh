#!/usr/bin/env bash
# Hardening benchmark (not a test): the server's peak memory under 16 parallel anonymous sign-ups
# carrying a decompression-bomb WebP (and a real 16-MP one), the home page's latency meanwhile,
# and the peak under 200 parallel logins. Prints figures; needs only the Rust toolchain.
# Usage: bench/attack.sh
set -euo pipefail
cd "$(dirname "$0")/.."
port=18081
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
work="$(mktemp -d)"
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT

cargo build --release --quiet --bin ankara --example attack_load
# Many sign-ups come from this one address on purpose: lift that limit, keep every other.
ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" ANKARA_SIGNUPS_PER_HOUR=100000 RUST_LOG=warn \
  "$target_dir/release/ankara" >"$work/server.log" 2>&1 &
pid=$!
until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
"$target_dir/release/examples/attack_load" "$base" "$pid"
