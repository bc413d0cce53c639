#!/usr/bin/env bash
# Benchmarks (not tests): throughput and p99 latency of the catalogue, search and bag endpoints
# against /api/health on one server with 10,000 extra products, its memory and start time, the
# gzip size of a shopper's first-page JavaScript, and Lighthouse mobile scores.
# Usage: bench/run.sh [seconds per wrk run]   (needs wrk; lighthouse is fetched from npm)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
port=18080
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="$target_dir/release/ankara"
work="$(mktemp -d)"
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release --quiet

start_server() {
  local t0 t1
  t0=$(date +%s%N)
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.005; done
  t1=$(date +%s%N)
  echo "first response after start: $(( (t1 - t0) / 1000000 )) ms"
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

echo "== preparing a shop with 10,000 extra products"
start_server >/dev/null
stop_server
python3 bench/seed.py "$work/data/ankara.db" 10000
start_server

product=$(curl -s "$base/api/collections/sneakers" | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"][0]["id"])')

# wrk prints "Requests/sec:" and a latency distribution; keep req/s and p99.
measure() { # name path connections [script]
  local out
  if [ -n "${4:-}" ]; then
    out=$(wrk -t2 -c"$3" -d"${duration}s" --latency -s "$4" "$base$2")
  else
    out=$(wrk -t2 -c"$3" -d"${duration}s" --latency "$base$2")
  fi
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  printf '%-28s %10s req/s   p99 %8s\n' "$1" "$rps" "$p99" >&2
  echo "$rps"
}

echo "== throughput at 64 connections (${duration}s each)"
health=$(measure "/api/health" /api/health 64)
for endpoint in "home: featured|/api/products/featured" "home: releases|/api/releases" "home: collections|/api/collections" \
                "collection page|/api/collections/sneakers" "product|/api/products/$product"; do
  name="${endpoint%%|*}"; path="${endpoint#*|}"
  rps=$(measure "$name" "$path" 64)
  python3 -c "print(f'    ratio to /api/health: {float(\"$rps\") / float(\"$health\") * 100:.0f} %')"
done

echo "== search suggestions at 32 connections"
measure "suggest 'snek'" "/api/search/suggest?q=snek" 32 >/dev/null
measure "suggest typo 'snekers'" "/api/search/suggest?q=snekers" 32 >/dev/null

echo "== bag add and update (a signed-in customer)"
picture=$(ls data/demo/images/*-320.jpg | head -1)
curl -s -c "$work/cookies" -H 'x-requested-with: ankara' -F displayName=Bench -F email=bench@example.com \
  -F password=benchpass -F confirmPassword=benchpass -F "photo=@$picture" "$base/api/auth/signup" >/dev/null
cookie=$(awk '$6 == "ankara_session" {print $7}' "$work/cookies")
curl -s -b "ankara_session=$cookie" -H 'x-requested-with: ankara' -H 'content-type: application/json' \
  -d "{\"productId\":\"$product\"}" "$base/api/bag" >/dev/null
line=$(curl -s -b "ankara_session=$cookie" "$base/api/bag" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
cat >"$work/add.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"productId":"$product","quantity":1}'
wrk.headers["content-type"] = "application/json"
wrk.headers["x-requested-with"] = "ankara"
wrk.headers["cookie"] = "ankara_session=$cookie"
-- Keep the line under its maximum quantity: every 50th request sets it back to 1.
local n = 0
request = function()
  n = n + 1
  if n % 50 == 0 then
    return wrk.format("PATCH", "/api/bag/$line", nil, '{"quantity":1}')
  end
  return wrk.format(nil, "/api/bag")
end
LUA
measure "bag add (+ updates)" /api/bag 32 "$work/add.lua" >/dev/null
cat >"$work/update.lua" <<LUA
wrk.method = "PATCH"
wrk.body = '{"quantity":2}'
wrk.headers["content-type"] = "application/json"
wrk.headers["x-requested-with"] = "ankara"
wrk.headers["cookie"] = "ankara_session=$cookie"
LUA
measure "bag update" "/api/bag/$line" 32 "$work/update.lua" >/dev/null

echo "== server memory"
grep -E 'VmHWM|VmRSS' "/proc/$pid/status"

echo "== first-page JavaScript (gzip)"
html=$(curl -s "$base/")
total=0
for asset in $(grep -oE '/assets/[^"]+\.js' <<<"$html" | sort -u); do
  size=$(curl -s "$base$asset" | gzip -9 | wc -c)
  printf '  %-50s %7d bytes\n' "$asset" "$size"
  total=$((total + size))
done
echo "  total: $total bytes ($(( total / 1024 )) KiB)"

echo "== Lighthouse (mobile, offline, Debian Chromium)"
if [ ! -x bench/node_modules/.bin/lighthouse ]; then
  (cd bench && npm install --no-audit --no-fund --silent lighthouse@13 >/dev/null)
fi
for page in "/" "/product/$product"; do
  CHROME_PATH=/usr/bin/chromium bench/node_modules/.bin/lighthouse "$base$page" --quiet --only-categories=performance \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
    --output=json --output-path="$work/lh.json" >/dev/null 2>&1 || { echo "  lighthouse failed on $page"; continue; }
  python3 - "$page" "$work/lh.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[2]))
score = report["categories"]["performance"]["score"] * 100
lcp = report["audits"]["largest-contentful-paint"]["numericValue"]
print(f"  {sys.argv[1][:40]:<40} performance {score:.0f}   LCP {lcp / 1000:.2f} s")
PY
done
