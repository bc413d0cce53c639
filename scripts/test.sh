#!/usr/bin/env bash
# Runs every gate and test suite: Rust format and lints, Rust tests (unit + integration), the
# generated API types' freshness, API fuzzing against the served OpenAPI document (Schemathesis),
# the front end's type check, lint, format check and unit tests (Vitest), browser end-to-end
# tests (playwright-core driving Debian's Chromium against the release binary), and the production
# set-up (the browser suite through Caddy with HTTPS; Litestream to SFTP through kill -9 and a
# restore). Any gate or suite that fails or cannot run fails the whole command.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${CARGO_TARGET_DIR:-target}"
step() { printf '\n==> %s\n' "$*"; }

step "front-end dependencies"
if [ ! -d frontend/node_modules ]; then (cd frontend && npm ci --no-audit --no-fund); fi

step "Rust: format and lint gates"
cargo fmt --check
# The release profile, like the build and the tests, so dependencies are compiled once per mode.
cargo clippy --release --locked --all-targets -- -D warnings

step "Rust: build (release profile, shared with the tests) and test"
cargo build --release --locked
cargo test --release --locked

step "API contract: the front end's generated types match the document the handlers derive"
ANKARA_BIN="$target_dir/release/ankara" scripts/api-types.sh --check

step "API fuzzing (Schemathesis against the release binary as a visitor, a customer and an admin)"
ANKARA_BIN="$target_dir/release/ankara" scripts/fuzz.sh

step "front end: type check, lint, format check and unit tests (Vitest)"
(cd frontend && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npm test)

step "browser end-to-end tests (playwright-core + /usr/bin/chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium)." >&2
  exit 1
fi
ANKARA_BIN="$target_dir/release/ankara" node --test --test-concurrency=1 frontend/e2e/

step "production set-up: the shop behind a real Caddy (HTTPS; the browser suite once through it)"
ANKARA_BIN="$target_dir/release/ankara" CADDY_E2E_BROWSER=1 scripts/caddy-e2e.sh

step "production set-up: Litestream replicating to a local SFTP server, kill -9 and restore"
ANKARA_BIN="$target_dir/release/ankara" scripts/litestream-test.sh
