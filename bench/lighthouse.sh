#!/usr/bin/env bash
# Lighthouse mobile figures for the storefront's home and product pages: the median of 3 runs each
# (performance score, LCP, FCP, TBT, CLS, Speed Index), Lighthouse's default mobile settings
# (Moto G Power, Slow 4G simulated, 4x CPU slowdown), offline against a shop on 127.0.0.1; and the
# first page's JavaScript (gzip -9, counted as bench/run.sh does), each beside issue 40's target.
# TBT (and so the score) depends on how busy the machine is: measure on a quiet one.
#
#   bench/lighthouse.sh                  # starts $ANKARA_BIN (default $CARGO_TARGET_DIR or target, /release/ankara) on a fresh data dir
#   bench/lighthouse.sh http://127.0.0.1:8191   # or measures a shop that is already running
#   RUNS=5 bench/lighthouse.sh           # more runs (the median is printed)
#
# With ANKARA_FRONTEND_DIR=frontend/dist the started binary serves a freshly built front end
# (npx vite build) without rebuilding Rust. Installs what it needs: Lighthouse from
# bench/package-lock.json (npm ci), Chromium from Debian's packages when /usr/bin/chromium is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-3}"

if [ ! -x bench/node_modules/.bin/lighthouse ]; then
  (cd bench && npm ci --no-audit --no-fund --silent >/dev/null)
fi
CHROMIUM="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq chromium >/dev/null; else echo "needs $CHROMIUM (apt-get install chromium)" >&2; exit 1; fi
fi

work="$(mktemp -d)"
shop_pid=""
cleanup() {
  [ -n "$shop_pid" ] && kill "$shop_pid" 2>/dev/null && wait "$shop_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

base="${1:-}"
if [ -z "$base" ]; then
  bin="${ANKARA_BIN:-${CARGO_TARGET_DIR:-target}/release/ankara}"
  [ -x "$bin" ] || { echo "$bin is missing: build it (cargo build --release) or set ANKARA_BIN" >&2; exit 1; }
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  base="http://127.0.0.1:$port"
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/shop.log" 2>&1 &
  shop_pid=$!
  for _ in $(seq 1 200); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -fs "$base/api/health" >/dev/null || { echo "the shop did not start:" >&2; cat "$work/shop.log" >&2; exit 1; }
fi
product="$(curl -fs "$base/api/products/featured" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')"

# The first page's JavaScript, as bench/run.sh counts it: the assets the shell HTML names (its
# <meta name="ankara-app"> entry and preloads, any <script> tag) plus the shell script written
# into the page, each gzipped -9.
html="$(curl -fs "$base/")"
js_total=$(python3 -c 'import re,sys,gzip; print(sum(len(gzip.compress(m.encode(), 9, mtime=0)) for m in re.findall(r"<script>(.*?)</script>", sys.stdin.read(), re.S)))' <<<"$html")
for asset in $(grep -oE '/assets/[^" ]+\.js' <<<"$html" | sort -u); do
  js_total=$((js_total + $(curl -fs "$base$asset" | gzip -9 | wc -c)))
done
awk -v b="$js_total" 'BEGIN { printf "First-page JavaScript: %d bytes gzip (%.1f KB), target <= 100 KB\n", b, b / 1000 }'

echo "Lighthouse mobile (Slow 4G, 4x CPU), median of $RUNS, $base; targets: performance 100, LCP <= 1.00 s, TBT <= 50 ms"
printf '  %-34s %5s %8s %8s %8s %7s %8s\n' page perf LCP FCP TBT CLS SI
for page in "/" "/product/$product"; do
  for run in $(seq 1 "$RUNS"); do
    CHROME_PATH="$CHROMIUM" bench/node_modules/.bin/lighthouse "$base$page" --quiet --only-categories=performance \
      --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
      --output=json --output-path="$work/lh-$run.json" >/dev/null 2>&1 || { echo "  lighthouse failed on $page" >&2; exit 1; }
  done
  node - "$page" "$work" "$RUNS" <<'JS'
const { readFileSync } = require('node:fs');
const [page, dir, runs] = process.argv.slice(2);
const reports = Array.from({ length: Number(runs) }, (_, i) => JSON.parse(readFileSync(`${dir}/lh-${i + 1}.json`, 'utf8')));
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const audit = (id) => median(reports.map((r) => r.audits[id].numericValue));
const perf = median(reports.map((r) => r.categories.performance.score * 100));
// TBT moves a lot between runs of one build (the machine's other work lands in the page's tasks,
// which Lighthouse multiplies by 4): each run's figure is printed beside the median, and the
// host's speed as Lighthouse measured it (benchmarkIndex; below 1,000 Lighthouse warns that the
// host is slower than it expects).
const each = (id) => reports.map((r) => r.audits[id].numericValue.toFixed(0)).join(' ');
const index = median(reports.map((r) => r.environment.benchmarkIndex));
console.log(
  `  ${page.slice(0, 34).padEnd(34)} ${perf.toFixed(0).padStart(5)} ${(audit('largest-contentful-paint') / 1000).toFixed(2).padStart(7)}s ` +
    `${(audit('first-contentful-paint') / 1000).toFixed(2).padStart(7)}s ${audit('total-blocking-time').toFixed(0).padStart(6)}ms ` +
    `${audit('cumulative-layout-shift').toFixed(3).padStart(7)} ${(audit('speed-index') / 1000).toFixed(2).padStart(7)}s` +
    `   (TBT per run: ${each('total-blocking-time')} ms; performance per run: ` +
    `${reports.map((r) => r.categories.performance.score * 100).join(' ')}; benchmarkIndex ${index.toFixed(0)})`,
);
JS
done
