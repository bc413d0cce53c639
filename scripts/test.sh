#!/usr/bin/env bash
# Runs every gate and test suite: Rust format and lints, Rust tests (unit + integration), the
# generated API types' freshness, API fuzzing against the served OpenAPI document (Schemathesis),
# the front end's type check, lint, format check and unit tests (Vitest), browser end-to-end
# tests (playwright-core driving Debian's Chromium against the release binary), and the production
# set-up (the browser suite through Caddy with HTTPS; Litestream to SFTP through kill -9 and a
# restore). Any gate or suite that fails or cannot run fails the whole command.
#
# Time (issue 27): one release build serves every suite; the front end's checks run beside the API
# fuzzing (which mostly waits on HTTP) and the Litestream suite (which mostly waits too); the
# browser suite runs once, through the production set-up (every shop it starts behind its own Caddy
# with HTTPS), two test files at a time. Each step's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${CARGO_TARGET_DIR:-target}"
timings=()
step_name=""
step_started=$SECONDS
command_started=$SECONDS
finish_step() {
  [ -n "$step_name" ] && timings+=("$(printf '%5d s  %s' $((SECONDS - step_started)) "$step_name")")
  return 0
}
step() {
  finish_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n==> %s\n' "$*"
}
report() {
  local status=$?
  finish_step
  step_name=""
  printf '\n==> step times (%s)\n' "$([ "$status" = 0 ] && echo passed || echo "FAILED, exit $status")"
  printf '%s\n' "${timings[@]}"
  printf '%5d s  in all\n' $((SECONDS - command_started))
}
trap report EXIT

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

step "API fuzzing (Schemathesis: visitor, customer, admin) beside the front end's checks (type check, lint, format, Vitest) and the production set-up's Litestream suite (replicating to a local SFTP server, kill -9 and restore)"
# The fuzzing is bound by its time per role and mostly waits on HTTP, and the Litestream suite
# mostly waits on kills, restores and its replica: both run beside the front end's checks.
frontend_log="$(mktemp)"
litestream_log="$(mktemp)"
(cd frontend && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npm test) >"$frontend_log" 2>&1 &
frontend_pid=$!
ANKARA_BIN="$target_dir/release/ankara" scripts/litestream-test.sh >"$litestream_log" 2>&1 &
litestream_pid=$!
fuzz_status=0
ANKARA_BIN="$target_dir/release/ankara" scripts/fuzz.sh || fuzz_status=$?
litestream_status=0
wait "$litestream_pid" || litestream_status=$?
frontend_status=0
wait "$frontend_pid" || frontend_status=$?
echo "--- Litestream:"
cat "$litestream_log"
echo "--- front end's checks:"
cat "$frontend_log"
rm -f "$frontend_log" "$litestream_log"
[ "$fuzz_status" = 0 ] || { echo "API fuzzing failed (exit $fuzz_status)" >&2; exit 1; }
[ "$litestream_status" = 0 ] || { echo "the Litestream suite failed (exit $litestream_status)" >&2; exit 1; }
[ "$frontend_status" = 0 ] || { echo "the front end's checks failed (exit $frontend_status)" >&2; exit 1; }

step "production set-up and browser end-to-end tests: the shop behind a real Caddy (HTTPS), then every browser test through it (playwright-core + /usr/bin/chromium, two test files at a time)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium)." >&2
  exit 1
fi
ANKARA_BIN="$target_dir/release/ankara" CADDY_E2E_BROWSER=1 scripts/caddy-e2e.sh
