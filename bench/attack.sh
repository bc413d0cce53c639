#!/usr/bin/env bash
# Hardening benchmark (not a test): the server's peak memory, and the home page's latency
# meanwhile, under 16 parallel anonymous sign-ups carrying a decompression-bomb WebP, a real 16-MP
# one, a 4000x4000 progressive JPEG and a CMYK progressive one; under 60 parallel profile updates
# with 9.9 MB photos sent slowly (about 12 s each) by one customer, then by 60; and under 200
# parallel logins. Prints figures; needs the Rust toolchain and Python 3.11+ (Pillow draws the
# JPEGs into a venv, bench/requirements.txt).
# Usage: bench/attack.sh
set -euo pipefail
cd "$(dirname "$0")/.."
port=18081
base="http://127.0.0.1:$port"
target_dir="${CARGO_TARGET_DIR:-target}"
work="$(mktemp -d)"
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT

command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
. tools/python_env.sh
ankara_python bench bench/requirements.txt
# A photo-like 4000x4000 picture (gradients and grain), saved as a progressive JPEG and as a CMYK
# progressive JPEG (the two kinds whose decoders keep every coefficient until the last scan).
"$ANKARA_PYTHON" - "$work" <<'PY'
import sys
from PIL import Image
side = 4000
ramp = Image.linear_gradient("L").resize((side, side))
picture = Image.merge("RGB", (ramp, Image.effect_noise((side, side), 40), ramp.transpose(Image.Transpose.ROTATE_90)))
picture.save(f"{sys.argv[1]}/progressive.jpg", quality=85, progressive=True)
picture.convert("CMYK").save(f"{sys.argv[1]}/cmyk-progressive.jpg", quality=85, progressive=True)
PY

cargo build --release --quiet --bin ankara --example attack_load
# Many sign-ups and uploads come from this one address on purpose: lift those limits (the
# per-account one stays), keep every other.
ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$work/data" ANKARA_SIGNUPS_PER_HOUR=100000 ANKARA_UPLOADS_PER_ADDRESS=1000 \
  RUST_LOG=warn "$target_dir/release/ankara" >"$work/server.log" 2>&1 &
pid=$!
until curl -sf "$base/api/health" >/dev/null; do sleep 0.05; done
"$target_dir/release/examples/attack_load" "$base" "$pid" "$work/progressive.jpg" "$work/cmyk-progressive.jpg"
