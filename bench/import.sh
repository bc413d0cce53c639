#!/usr/bin/env bash
# Benchmark (not a test): importing VARIANTS variants (default 10,000: 2,000 products of 5 sizes)
# from Ankara's products CSV with `ankara products import`, pictures excluded (every product names
# one of the demo shop's own pictures, which an import recognises without fetching or decoding).
# Reports the wall time and the peak memory (GNU time's maximum resident set) of the import, then
# of importing the same file again (which changes nothing); then the same number of new variants
# through the back office (upload, check, write through the catalogue's door with the search index
# and caches following, polled to the end) on the running shop, and its resident memory.
# Usage: bench/import.sh [variants]
# Needs cargo, curl and GNU time (from Debian's packages when missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
variants="${1:-10000}"
port=18096
target_dir="${CARGO_TARGET_DIR:-target}"
bin="$target_dir/release/ankara"
work="$(mktemp -d)"
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
command -v python3 >/dev/null || { apt-get update -qq && apt-get install -y -qq python3 >/dev/null; }
cargo build --release --quiet

# The demo shop, started once so its catalogue (and pictures) exist, then stopped.
ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
pid=$!
until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do sleep 0.05; done
kill "$pid"; wait "$pid" 2>/dev/null || true
"$bin" --data-dir "$work/data" products export "$work/demo.csv" --pictures "$work/pictures" >/dev/null
picture="$(ls "$work/pictures" | head -1)"

products=$(( (variants + 4) / 5 ))
{
  echo "handle,name,description,collection,category,price,compare_at_price,featured,size,colour,sku,stock,pictures,colour_pictures"
  for ((p = 1; p <= products; p++)); do
    for ((s = 0; s < 5 && (p - 1) * 5 + s < variants; s++)); do
      size=$((40 + s))
      if [ "$s" = 0 ]; then
        echo "bench-$p,Bench Shoe $p,\"A benchmark shoe, number $p.\",Formal Shoes,Oxfords,$((20000 + p)).50,,no,$size,Black,BS-$p-$size,$((p % 7)),$picture,"
      else
        echo "bench-$p,,,,,,,,$size,Black,BS-$p-$size,$((p % 7)),,"
      fi
    done
  done
} >"$work/bench.csv"
echo "== importing $variants variants ($products products, $(du -h "$work/bench.csv" | cut -f1) of CSV) into the demo shop"
for run in first again; do
  /usr/bin/time -f "%e s, peak memory %M KB" -o "$work/time" "$bin" --data-dir "$work/data" products import "$work/bench.csv" 2>"$work/err" | head -1 || { tail -5 "$work/err"; exit 1; }
  echo "$run: $(cat "$work/time")   (target: under 10 s and 150 MB)"
done

echo "== the same number of new variants through the back office, on the running shop"
sed 's/bench-/web-/; s/BS-/WB-/' "$work/bench.csv" >"$work/web.csv"
base="http://127.0.0.1:$port"
ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" RUST_LOG=warn "$bin" >"$work/server.log" 2>&1 &
pid=$!
until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
photo=$(ls data/demo/images/*-320.jpg | head -1)
curl -s -c "$work/cookies" -H 'x-requested-with: ankara' -F displayName=Bench -F email=bench@example.com \
  -F password=benchpass -F confirmPassword=benchpass -F "photo=@$photo" "$base/api/auth/signup" >/dev/null
"$bin" --data-dir "$work/data" admin grant bench@example.com >/dev/null
curl -s -b "$work/cookies" -c "$work/cookies" -H 'x-requested-with: ankara' -X POST "$base/api/auth/refresh" >/dev/null
started=$(date +%s.%N)
job=$(curl -s -b "$work/cookies" -H 'x-requested-with: ankara' -H 'content-type: text/csv' --data-binary "@$work/web.csv" \
  "$base/api/admin/products/import" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
until state=$(curl -s -b "$work/cookies" "$base/api/admin/products/import/$job" | python3 -c 'import json, sys; j = json.load(sys.stdin); print(j["state"], (j["report"] or {}).get("message", ""), (j["refused"] or {}).get("message", ""))'); [ "${state%% *}" != running ]; do
  sleep 0.05
done
took=$(python3 -c "import time; print(f'{time.time() - $started:.2f}')")
echo "back office: $took s ($state); the shop's memory: $(grep VmHWM /proc/$pid/status | tr -s ' ')   (target: under 10 s)"
