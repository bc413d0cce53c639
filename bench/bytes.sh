#!/usr/bin/env bash
# Issue 40's figures, each beside its target: the bytes a phone (360x740, DPR 2) downloads per visit
# pattern, counted by a proxy in front of the shop (bench/bytes.mjs: first and second visit to the
# home page, a product opened from it, a 10-page session, the first visit with Save-Data), then
# the first page's JavaScript and Lighthouse mobile on home and product (bench/lighthouse.sh,
# median of RUNS, 3 unless told). Each starts $ANKARA_BIN (default $CARGO_TARGET_DIR or target,
# /release/ankara) on a fresh demo shop; ANKARA_FRONTEND_DIR=frontend/dist serves a fresh
# `npx vite build` instead of the embedded front end. Needs frontend/node_modules (npm ci there).
#
#   bench/bytes.sh              # everything
#   LIGHTHOUSE=0 bench/bytes.sh # bytes only
set -euo pipefail
cd "$(dirname "$0")/.."
export ANKARA_BIN="${ANKARA_BIN:-${CARGO_TARGET_DIR:-target}/release/ankara}"
[ -x "$ANKARA_BIN" ] || { echo "$ANKARA_BIN is missing: build it (cargo build --release) or set ANKARA_BIN" >&2; exit 1; }
node bench/bytes.mjs
if [ "${LIGHTHOUSE:-1}" != 0 ]; then
  RUNS="${RUNS:-3}" bench/lighthouse.sh
fi
