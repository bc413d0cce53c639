#!/usr/bin/env bash
# Runs every gate and test suite: Rust format and lints, Rust tests (unit + integration), the
# generated API types' freshness, API fuzzing against the served OpenAPI document (Schemathesis),
# the front end's type check, lint, format check and unit tests (Vitest), browser end-to-end
# tests (playwright-core driving Debian's Chromium against the release binary), and the production
# set-up (the browser suite through Caddy with HTTPS; Litestream to SFTP through kill -9 and a
# restore). Any gate or suite that fails or cannot run fails the whole command.
#
# Time (issue 27): one release build serves every suite; the API fuzzing, the Rust tests and the
# front end's checks (then the Litestream suite) run side by side, since most of them wait rather
# than compute; the browser suite runs once, through the production set-up (every shop it starts
# behind its own Caddy with HTTPS), two test files at a time. Each step's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${CARGO_TARGET_DIR:-target}"
timings=()
# The step's parts that ran side by side, each with its own time: listed under the step.
part_timings=()
step_name=""
step_started=$SECONDS
command_started=$SECONDS
finish_step() {
  [ -n "$step_name" ] && timings+=("$(printf '%5d s  %s' $((SECONDS - step_started)) "$step_name")" "${part_timings[@]}")
  part_timings=()
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

step "Rust: build the release binary (the front end embedded; the tests share this profile)"
cargo build --release --locked

step "API contract: the front end's generated types match the document the handlers derive"
ANKARA_BIN="$target_dir/release/ankara" scripts/api-types.sh --check

# Suites that do not need each other run side by side: the API fuzzing is bound by its time per role
# and one core (Python's GIL), the Rust integration tests mostly wait on servers they start, and the
# Litestream suite on kills, restores and its replica. Each writes to its own log, shown when all
# are done, with its own time.
side_names=()
side_pids=()
side_logs=()
side() { # NAME COMMAND...: runs COMMAND in the background, its output and time kept
  local log
  log="$(mktemp)"
  ( started=$SECONDS; status=0; "${@:2}" || status=$?; echo "$((SECONDS - started))" >"$log.time"; exit "$status" ) >"$log" 2>&1 &
  side_names+=("$1")
  side_pids+=("$!")
  side_logs+=("$log")
}
rust_tests() {
  # Eight at a time: most integration tests wait on the shop they start (29 s instead of 58 s).
  cargo test --release --locked -- --test-threads 8
}
frontend_then_litestream() {
  (cd frontend && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npm test)
  # After the front end's checks, when a core is free: its data-loss windows are timed.
  ANKARA_BIN="$target_dir/release/ankara" scripts/litestream-test.sh
}

step "side by side: API fuzzing (Schemathesis: visitor, customer, admin); Rust unit and integration tests; the front end's checks (type check, lint, format, Vitest), then the production set-up's Litestream suite (replicating to a local SFTP server, kill -9 and restore)"
side "Rust tests" rust_tests
side "front end's checks, then Litestream" frontend_then_litestream
fuzz_status=0
fuzz_started=$SECONDS
ANKARA_BIN="$target_dir/release/ankara" scripts/fuzz.sh || fuzz_status=$?
part_timings+=("$(printf '%5d s    %s' $((SECONDS - fuzz_started)) "· API fuzzing")")
side_failed=()
for i in "${!side_pids[@]}"; do
  status=0
  wait "${side_pids[$i]}" || status=$?
  printf '\n--- %s (%s s):\n' "${side_names[$i]}" "$(cat "${side_logs[$i]}.time" 2>/dev/null || echo '?')"
  cat "${side_logs[$i]}"
  part_timings+=("$(printf '%5s s    %s' "$(cat "${side_logs[$i]}.time" 2>/dev/null || echo '?')" "· ${side_names[$i]}")")
  rm -f "${side_logs[$i]}" "${side_logs[$i]}.time"
  [ "$status" = 0 ] || side_failed+=("${side_names[$i]} (exit $status)")
done
[ "$fuzz_status" = 0 ] || side_failed+=("API fuzzing (exit $fuzz_status)")
[ "${#side_failed[@]}" = 0 ] || { printf 'failed: %s\n' "${side_failed[@]}" >&2; exit 1; }

step "two machines: a primary and a warm standby on this one (Litestream through SFTP, Caddy in front): lag under a burst, kill -9 and automatic promotion, fencing, a planned switch-over"
# Alone, not beside the other suites: its lag figure (p99 <= 2 s) is about the machine, not the load.
ANKARA_BIN="$target_dir/release/ankara" scripts/standby-test.sh

step "production set-up and browser end-to-end tests: the shop behind a real Caddy (HTTPS), then every browser test through it (playwright-core + /usr/bin/chromium, two test files at a time)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing at ${CHROMIUM_PATH:-/usr/bin/chromium}: install it (apt-get install -y chromium)." >&2
  exit 1
fi
ANKARA_BIN="$target_dir/release/ankara" CADDY_E2E_BROWSER=1 scripts/caddy-e2e.sh

step "the Debian package: built with cargo-deb, installed with dpkg, started as its unit would, set up in Chromium at 360 px, a purchase, then upgraded over the shop (orders, settings and pictures kept); purged afterwards"
ANKARA_BIN="$target_dir/release/ankara" CARGO_TARGET_DIR="$target_dir" scripts/package-test.sh
