#!/usr/bin/env bash
# Runs every test suite: Rust (unit + integration), front-end unit (Vitest, plus the type check)
# and browser end-to-end (playwright-core driving Debian's Chromium against the release binary).
# Any suite that cannot run fails the whole command.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${CARGO_TARGET_DIR:-target}"
step() { printf '\n==> %s\n' "$*"; }

step "front-end dependencies"
if [ ! -d frontend/node_modules ]; then (cd frontend && npm ci --no-audit --no-fund); fi

step "Rust: build (release profile, shared with the tests) and test"
cargo build --release --locked
cargo test --release --locked

step "front end: type check, lint, format check and unit tests (Vitest)"
(cd frontend && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npm test)

step "browser end-to-end tests (playwright-core + /usr/bin/chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium)." >&2
  exit 1
fi
ANKARA_BIN="$target_dir/release/ankara" node --test --test-concurrency=1 frontend/e2e/
