#!/usr/bin/env bash
# Benchmark (not a test): the catalogue feeds (issue 41) of a shop with PRODUCTS extra products
# (default 10,000, the seed's: 6 variants each, so 60,000 items more). Prints, for the Google XML and
# the Meta CSV: the first fetch after the shop starts (the feeds are built: the catalogue read and
# both files written and gzipped), then kept-copy fetches (FETCHES of them: plain, gzip, and 304 with
# If-None-Match): wall time per fetch, the server's CPU per fetch (from /proc/PID/stat, so the
# client's work is not counted) and bytes sent.
# Usage: bench/feeds.sh [products] [fetches]; ANKARA_BIN measures another build without building.
# Needs cargo, curl, sqlite3 and python3 (curl and sqlite3 from Debian's packages when missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
products="${1:-10000}"
fetches="${2:-50}"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
bin="${ANKARA_BIN:-$target_dir/release/ankara}"
work="$(mktemp -d)"
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

for tool in curl sqlite3; do
  command -v "$tool" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$tool" >/dev/null; }
done
[ -n "${ANKARA_BIN:-}" ] || cargo build --release --quiet

start_server() {
  ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; }
# The server's user + system CPU so far, in ms (the kernel counts in ticks of 1/CLK_TCK s).
cpu_ms() { awk -v tck="$(getconf CLK_TCK)" '{ print ($14 + $15) * 1000 / tck }' "/proc/$pid/stat"; }

echo "== a shop with $products extra products"
start_server
stop_server
"$bin" --data-dir "$work/data" seed --products "$products" >/dev/null
start_server
token=$(sqlite3 "$work/data/ankara.db" "SELECT token FROM feed_settings")
variants=$(sqlite3 "$work/data/ankara.db" "SELECT COUNT(*) FROM variants")
echo "  $(sqlite3 "$work/data/ankara.db" "SELECT COUNT(*) FROM products") products, $variants variants"

# One fetch: "seconds bytes"; extra curl arguments (a header) follow the URL.
fetch() { curl -s -o /dev/null -w '%{time_total} %{size_download} %{http_code}\n' "$@"; }

report() { # label fetches cpu_before cpu_after times_file
  python3 - "$@" <<'PY'
import sys
label, n, before, after, path = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
rows = [line.split() for line in open(path)]
times = sorted(float(r[0]) * 1000 for r in rows)
codes = sorted({r[2] for r in rows})
size = int(rows[-1][1])
print(f"  {label:<44} {times[len(times) // 2]:9.2f} ms wall   {(after - before) / n:8.2f} ms CPU   {size:>10,} bytes   ({n}x, {'/'.join(codes)})")
PY
}

for file in google.xml meta.csv; do
  url="$base/feeds/$token/$file"
  echo "== $file"
  # The first fetch of either file builds both (one reading of the catalogue): the second file's
  # first fetch is already a kept copy.
  before=$(cpu_ms)
  fetch "$url" >"$work/first"
  if [ "$file" = google.xml ]; then
    report "first fetch (builds both files)" 1 "$before" "$(cpu_ms)" "$work/first"
  else
    report "first fetch (built with google.xml)" 1 "$before" "$(cpu_ms)" "$work/first"
  fi
  items=$(curl -s "$url" | grep -c -E '^<item>$' || true)
  [ "$file" = google.xml ] && echo "  $items items"
  etag=$(curl -s -D - -o /dev/null "$url" | awk 'tolower($1) == "etag:" { sub(/\r$/, ""); print $2 }')
  for kind in plain gzip 304; do
    case $kind in
      plain) args=() ;;
      gzip) args=(-H 'Accept-Encoding: gzip') ;;
      304) args=(-H "If-None-Match: $etag") ;;
    esac
    : >"$work/times"
    before=$(cpu_ms)
    for _ in $(seq 1 "$fetches"); do fetch "$url" "${args[@]}" >>"$work/times"; done
    report "kept copy, $kind" "$fetches" "$before" "$(cpu_ms)" "$work/times"
  done
done
echo "  (target: a kept-copy fetch of a 10,000-product feed well under a second of CPU)"
grep -E 'VmHWM|VmRSS' "/proc/$pid/status" | sed 's/^/  /'
