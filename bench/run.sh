#!/usr/bin/env bash
# Benchmarks (not tests): throughput and p99 latency of the catalogue, search and bag endpoints
# against /api/health on one server with 10,000 extra products, its memory and start time, the
# gzip size of a shopper's first-page JavaScript, completed checkouts per second against the sandbox,
# and Lighthouse mobile scores.
# Usage: bench/run.sh [seconds per wrk run]; ONLY=suggest bench/run.sh [seconds] measures /api/health and
# the search suggestions only; ONLY=feeds bench/run.sh runs bench/feeds.sh (the catalogue feeds of a
# 10,000-product shop: first and kept-copy fetches, time, CPU and bytes).
# Benchmarks of their own, not run from here: bench/dashboard.sh, bench/filters.sh, bench/import.sh,
# bench/feeds.sh, bench/bytes.sh, bench/lighthouse.sh, bench/attack.sh.
# Installs what it needs: wrk, curl and Chromium from Debian's packages (as root), Pillow into a venv
# (bench/requirements.txt) and Lighthouse with npm ci (bench/package-lock.json); needs cargo, python3, node.
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
only="${ONLY:-all}"
[ "$only" = feeds ] && exec bench/feeds.sh
port=18080
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
# ANKARA_BIN measures another build (say, the main branch's) without building this one.
bin="${ANKARA_BIN:-$target_dir/release/ankara}"
work="$(mktemp -d)"
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

for tool in wrk curl chromium; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
done
if [ "$only" != suggest ]; then
  . tools/python_env.sh
  ankara_python bench bench/requirements.txt
  [ -x bench/node_modules/.bin/lighthouse ] || (cd bench && npm ci --no-audit --no-fund --silent >/dev/null)
fi
[ -n "${ANKARA_BIN:-}" ] || cargo build --release --quiet

start_server() {
  local t0 t1
  t0=$(date +%s%N)
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" ANKARA_SIGNUPS_PER_HOUR=100000 ANKARA_CHECKOUTS_PER_ADDRESS=100000 RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.005; done
  t1=$(date +%s%N)
  echo "first response after start: $(( (t1 - t0) / 1000000 )) ms"
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

echo "== preparing a shop with 10,000 extra products"
start_server >/dev/null
stop_server
"$bin" --data-dir "$work/data" seed --products 10000
start_server

product=$(curl -s "$base/api/collections/sneakers" | python3 -c 'import json,sys; print(json.load(sys.stdin)["products"][0]["id"])')
# The bag needs a size and colour that exist: the product's best-stocked variant.
choice=$(curl -s "$base/api/products/$product" | python3 -c '
import json, sys
p = json.load(sys.stdin)
v = max(p["variants"], key=lambda v: v["available"])
print(json.dumps({"productId": p["id"], "size": v["size"], "color": v["color"]}, separators=(",", ":"))[:-1])')

# wrk prints "Requests/sec:" and a latency distribution; keep req/s and p99. Extra wrk arguments
# (a header) come from the array `asked`.
asked=()
measure() { # name path connections [script]
  local out
  if [ -n "${4:-}" ]; then
    out=$(wrk -t2 -c"$3" -d"${duration}s" --latency "${asked[@]}" -s "$4" "$base$2")
  else
    out=$(wrk -t2 -c"$3" -d"${duration}s" --latency "${asked[@]}" "$base$2")
  fi
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  printf '%-28s %10s req/s   p99 %8s\n' "$1" "$rps" "$p99" >&2
  echo "$p99" >"$work/p99"
  echo "$rps"
}

catalogue=("home: featured|/api/products/featured" "home: releases|/api/releases" "home: collections|/api/collections"
  "collection page|/api/collections/sneakers" "filtered collection page|/api/collections/sneakers?size=42&color=Black&inStock=true&sort=price-asc"
  "product|/api/products/$product")
# Each read is measured right after /api/health (its own "health" line): on a shared two-core
# machine the ceiling drifts by 10-20 % within a minute, and a ratio to a figure taken minutes
# earlier measured the drift as much as the answer.
read_catalogue() { # the target's words
  local name path rps
  for endpoint in "${catalogue[@]}"; do
    name="${endpoint%%|*}"; path="${endpoint#*|}"
    health=$(measure "  /api/health" /api/health 64)
    rps=$(measure "$name" "$path" 64)
    python3 -c "print(f'    ratio to /api/health just before: {float(\"$rps\") / float(\"$health\") * 100:.0f} %, p99 $(cat "$work/p99") $1')"
  done
}
# Browsers ask for gzip: the catalogue's cached answers are kept compressed (a collection page of
# 38 KB goes out as 6 KB), health answers 15 bytes either way.
echo "== throughput at 64 connections (${duration}s each), asked as a browser asks (Accept-Encoding: gzip, deflate, br, zstd)"
asked=(-H "Accept-Encoding: gzip, deflate, br, zstd")
[ "$only" = suggest ] || read_catalogue "(targets: >= 80 %, p99 <= 10 ms)"
asked=()
if [ "$only" != suggest ]; then
  # The same without Accept-Encoding (wrk's default, and what the figures before issue 27 were):
  # the 24 KB featured list and the 38 KB collection pages are then bound by their bytes through
  # loopback and wrk on the same two cores, whatever the server does.
  echo "== the same, asked without Accept-Encoding (uncompressed answers)"
  read_catalogue "(uncompressed)"
fi

echo "== server memory after the catalogue load"
grep -E 'VmHWM|VmRSS' "/proc/$pid/status"

echo "== search suggestions at 32 connections, on a query mix generated from the catalogue (bench/suggest_mix.py)"
python3 bench/suggest_mix.py "$work/data/ankara.db" "$work"
asked=(-H "Accept-Encoding: gzip, deflate, br, zstd")
health=$(measure "/api/health" /api/health 32)
# wrk replays the list (bench/replay.lua). The mix repeats common queries as shoppers do, so the
# suggestions' cache answers most of it; the second run asks only queries never asked before.
export REPLAY="$work/suggest-mix.txt"
rps=$(measure "suggest, query mix" /api/search/suggest 32 bench/replay.lua)
python3 -c "print(f'    ratio to /api/health: {float(\"$rps\") / float(\"$health\") * 100:.0f} %, p99 $(cat "$work/p99") (targets: >= 25 %, p99 <= 10 ms)')"
export REPLAY="$work/suggest-cold.txt"
rps=$(measure "suggest, every query new" /api/search/suggest 32 bench/replay.lua)
python3 -c "print(f'    ratio to /api/health: {float(\"$rps\") / float(\"$health\") * 100:.0f} % (no cache hits)')"
grep -E 'VmHWM|VmRSS' "/proc/$pid/status"
[ "$only" = suggest ] && exit 0

echo "== bag add and update (a signed-in customer)"
picture=$(ls data/demo/images/*-320.jpg | head -1)
curl -s -c "$work/cookies" -H 'x-requested-with: ankara' -F displayName=Bench -F email=bench@example.com \
  -F password=benchpass -F confirmPassword=benchpass -F "photo=@$picture" "$base/api/auth/signup" >/dev/null
cookie=$(awk '$6 == "ankara_session" {print $7}' "$work/cookies")
for i in 1 2 3 4 5; do
  curl -s -o /dev/null -w '%{time_total}\n' -H 'x-requested-with: ankara' -H 'content-type: application/json' \
    -d '{"email":"bench@example.com","password":"benchpass"}' "$base/api/auth/login"
done | python3 -c 'import sys; t=[float(x) for x in sys.stdin]; print(f"login (argon2id m=19456 KiB, t=2, p=1): median {sorted(t)[2]*1000:.0f} ms over 5")'
curl -s -b "ankara_session=$cookie" -H 'x-requested-with: ankara' -H 'content-type: application/json' \
  -d "$choice}" "$base/api/bag" >/dev/null
line=$(curl -s -b "ankara_session=$cookie" "$base/api/bag" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
cat >"$work/add.lua" <<LUA
wrk.method = "POST"
wrk.body = '$choice,"quantity":1}'
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

echo "== a 12-megapixel photo through the upload pipeline (admin adds a product)"
"$ANKARA_PYTHON" - "$work/photo.jpg" <<'PY'
import sys
from PIL import Image, ImageDraw
# A busy 4000x3000 picture (noise-like gradients) so the JPEG is photo-sized.
img = Image.effect_mandelbrot((4000, 3000), (-2.2, -1.2, 1.0, 1.2), 200).convert("RGB")
draw = ImageDraw.Draw(img)
for i in range(0, 4000, 7):
    draw.line([(i, 0), (4000 - i, 3000)], fill=(i % 255, (i * 3) % 255, (i * 7) % 255))
img.save(sys.argv[1], quality=92)
PY
ANKARA_DATA_DIR="$work/data" "$bin" admin grant bench@example.com >/dev/null
curl -s -b "ankara_session=$cookie" -c "$work/cookies" -H 'x-requested-with: ankara' -X POST "$base/api/auth/refresh" >/dev/null
cookie=$(awk '$6 == "ankara_session" {print $7}' "$work/cookies")
upload_time=$(curl -s -o "$work/product.json" -w '%{time_total}' -b "ankara_session=$cookie" -H 'x-requested-with: ankara' \
  -F name="Bench Photo" -F description="A 12 MP upload" -F price=1000 -F "images=@$work/photo.jpg" "$base/api/collections/suits/products")
original=$(stat -c %s "$work/photo.jpg")
python3 - "$work/product.json" "$original" "$upload_time" "$base" <<'PY'
import json, sys, urllib.request
product, original, seconds, base = json.load(open(sys.argv[1])), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
image = product["images"][0]
print(f"  upload + decode + 3 widths + store: {seconds:.2f} s for a {image['width']}x{image['height']} JPEG of {original / 1e6:.1f} MB")
# A 412-px-wide phone at device pixel ratio 1.75 needs 721 device pixels: the browser picks the
# smallest srcset candidate at least that wide.
candidates = sorted((int(w.rstrip('w')), url) for url, w in (part.split(' ') for part in image["srcset"].split(', ')))
needed = 412 * 1.75
width, url = next(((w, u) for w, u in candidates if w >= needed), candidates[-1])
size = len(urllib.request.urlopen(base + url).read())
print(f"  a 412-px phone (DPR 1.75) downloads the {width}-px variant: {size / 1e3:.0f} KB = {size / original * 100:.1f} % of the original")
PY

echo "== checkouts end to end against the sandbox (32 shoppers, ${duration}s, every one holding stock)"
# Plenty of every variant (the demo keeps a few of each), set the way a merchant would.
"$bin" --data-dir "$work/data" stock export "$work/stock.csv" >/dev/null
python3 bench/checkouts.py stock "$work/stock.csv"
"$bin" --data-dir "$work/data" stock import "$work/stock.csv" >/dev/null
stock_before=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT SUM(stock) FROM variants').fetchone()[0])" "$work/data/ankara.db")
# Every checkout pays a delivery fee (Lagos) and uses a discount code held and counted like stock.
curl -s -o /dev/null -b "ankara_session=$cookie" -H 'x-requested-with: ankara' -H 'content-type: application/json' \
  -d '{"code":"BENCH10","kind":"percent","percent":10}' "$base/api/admin/discounts"
cargo build --release --quiet --example checkout_load
SERVER_PID=$pid "$target_dir/release/examples/checkout_load" "$base" "$picture" 32 "$duration" BENCH10
echo "  (target: >= 500 completed checkouts per second, 0 lost, duplicated or oversold)"
sleep 3 # the sandbox's webhooks follow each payment by two seconds
python3 bench/checkouts.py check "$work/data/ankara.db" "$stock_before"

echo "== server memory at the end (after logins, uploads and checkouts)"
grep -E 'VmHWM|VmRSS' "/proc/$pid/status"

echo "== first-page JavaScript (gzip)"
html=$(curl -s "$base/")
# The app's scripts are named in the shell's <meta name="ankara-app" data-preload="…"> (loaded once
# the first picture has painted) and its <script> tags, plus the shell script written into the page.
inline=$(python3 -c 'import re,sys,gzip; print(sum(len(gzip.compress(m.encode(), 9, mtime=0)) for m in re.findall(r"<script>(.*?)</script>", sys.stdin.read(), re.S)))' <<<"$html")
printf '  %-50s %7d bytes\n' "(the shell script, in the page)" "$inline"
total=$inline
for asset in $(grep -oE '/assets/[^" ]+\.js' <<<"$html" | sort -u); do
  size=$(curl -s "$base$asset" | gzip -9 | wc -c)
  printf '  %-50s %7d bytes\n' "$asset" "$size"
  total=$((total + size))
done
echo "  total: $total bytes ($(( total / 1024 )) KiB; target <= 110 KiB)"

echo "== Lighthouse (mobile, offline, Debian Chromium)"
for page in "/" "/product/$product"; do
  CHROME_PATH="$(command -v chromium)" bench/node_modules/.bin/lighthouse "$base$page" --quiet --only-categories=performance \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
    --output=json --output-path="$work/lh.json" >/dev/null 2>&1 || { echo "  lighthouse failed on $page"; continue; }
  python3 - "$page" "$work/lh.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[2]))
score = report["categories"]["performance"]["score"] * 100
lcp = report["audits"]["largest-contentful-paint"]["numericValue"]
print(f"  {sys.argv[1][:40]:<40} performance {score:.0f}   LCP {lcp / 1000:.2f} s (targets: 100, LCP <= 1.4 s as the median of 3: RUNS=3 bench/lighthouse.sh)")
PY
done
