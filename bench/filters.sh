#!/usr/bin/env bash
# Benchmark (not a test): a filtered, sorted collection page with 10,000 products in the one
# collection (issue 25). Seeds PRODUCTS products (default 10,000; 40–42 in Black and Brown, a quarter
# on sale), moves them all into Formal Shoes and sells out a fifth of their variants, then measures
# GET /api/collections/formal-shoes?size=42&color=Black&minPrice=…&maxPrice=60000&inStock=true&sort=price-asc:
#   - built every time: each request names another minimum price, so none is answered from the cache
#     (one connection, sequential, then CONNECTIONS connections with wrk);
#   - the same list again and again (answered from the cache) with wrk.
# Usage: bench/filters.sh [products] [seconds per wrk run] [connections]
# Needs cargo, curl, wrk, sqlite3 and python3 (curl, wrk and sqlite3 from Debian's packages when missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-10000}"
duration="${2:-10}"
connections="${3:-32}"
port=18095
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="$target_dir/release/ankara"
work="$(mktemp -d)"
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

for tool in curl wrk sqlite3; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
done
cargo build --release --quiet

start_server() {
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

echo "== Formal Shoes with $products extra products"
start_server
stop_server
"$bin" --data-dir "$work/data" seed --products "$products" >/dev/null
# The seed spreads its products over the six collections; this benchmark wants them in one, and
# some sizes sold out so "in stock only" has work to do. The shop is stopped: nothing is cached.
sqlite3 "$work/data/ankara.db" "UPDATE products SET collection_id = 'formal-shoes' WHERE id LIKE 'seed-%';
  UPDATE variants SET stock = 0 WHERE product_id LIKE 'seed-%' AND abs(random()) % 5 = 0;"
start_server
path="/api/collections/formal-shoes?size=42&color=Black&maxPrice=60000&inStock=true&sort=price-asc"
python3 - "$base$path" <<'PY'
import json, sys, urllib.request
page = json.load(urllib.request.urlopen(sys.argv[1]))
print(f"  {page['total']} products match; sizes {[(v['value'], v['count']) for v in page['facets']['sizes']]}")
PY

echo "== built every time, one connection (300 sequential requests, each another minimum price)"
for n in $(seq 1 300); do
  curl -s -o /dev/null -w '%{time_total}\n' "$base$path&minPrice=$n"
done | python3 -c '
import sys
t = sorted(float(x) * 1000 for x in sys.stdin)
pick = lambda q: t[min(len(t) - 1, int(q * len(t)))]
print(f"  p50 {pick(0.5):.2f} ms, p95 {pick(0.95):.2f} ms, p99 {pick(0.99):.2f} ms")'

# wrk prints a latency distribution; keep req/s and p50/p99.
measure() { # name connections [script]
  local out threads=$(( $2 < 2 ? $2 : 2 ))
  if [ -n "${3:-}" ]; then
    out=$(wrk -t"$threads" -c"$2" -d"${duration}s" --latency -s "$3" "$base$path")
  else
    out=$(wrk -t"$threads" -c"$2" -d"${duration}s" --latency "$base$path")
  fi
  printf '  %-40s %10s req/s   p50 %8s   p99 %8s\n' "$1" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(awk '$1 == "50%" {print $2}' <<<"$out")" "$(awk '$1 == "99%" {print $2}' <<<"$out")"
}
cat >"$work/fresh.lua" <<LUA
-- Every request another minimum price (1..100000 naira, per thread): the cache keeps 1,024 lists.
local n = 0
local offset = 0
setup = function(thread) offset = offset + 1; thread:set("offset", offset * 100000) end
request = function()
  n = n + 1
  return wrk.format(nil, "$path&minPrice=" .. ((n + offset) % 100000))
end
LUA
echo "== wrk, ${duration}s each (target: p99 <= 10 ms)"
measure "built every time, 1 connection" 1 "$work/fresh.lua"
measure "built every time, $connections connections" "$connections" "$work/fresh.lua"
measure "from the cache, $connections connections" "$connections"
