#!/usr/bin/env bash
# The Debian package end to end, on this machine (as root): builds it (scripts/package.sh), installs
# it with dpkg, starts the shop as its systemd unit would, and drives the merchant's path in
# Chromium at 360 px (frontend/e2e/package-shop.mjs): /setup with the code from the shop's log, a
# refused Paystack key, the back office, a second /setup answering 404, a purchase. Then builds a
# second revision, upgrades over the shop with its order, and checks that every order, setting and
# picture is kept. Purges the package at the end (and on failure).
#
# systemd is not PID 1 here (a container), so the script reads the installed unit and runs its
# ExecStart as its User, with its Environment= lines, its EnvironmentFile and its UMask, as systemd
# would; with systemd running, the package's own scripts would start and restart the unit. The
# shop listens on a free port (ANKARA_LISTEN in /etc/ankara/ankara.env, which wins over the unit's
# 127.0.0.1:8080, so parallel runs never collide); this machine cannot reach Paystack, so
# ANKARA_PAYSTACK_BASE_URL=sandbox lets the shop's own sandbox play Paystack for the keys entered.
#
#   ANKARA_BIN=…/release/ankara scripts/package-test.sh      (the binary must be built already)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "package-test: needs root (dpkg -i)" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
if dpkg -s ankara >/dev/null 2>&1; then
  echo "package-test: an ankara package is installed on this machine already; not touching it" >&2
  exit 1
fi

work=$(mktemp -d /tmp/ankara-package-test.XXXXXX)
shots="${PACKAGE_SHOTS:-$work}"
pid=""
stop_shop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  pid=""
}
cleanup() {
  stop_shop
  dpkg --purge ankara >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"

# Runs the installed unit's command as systemd would: a clean environment of its Environment= lines
# then its EnvironmentFile (which wins), its user, its umask, its working directory.
start_shop() {
  local unit=/usr/lib/systemd/system/ankara.service env=() line
  [ -f "$unit" ] || unit=/lib/systemd/system/ankara.service
  while IFS= read -r line; do env+=("${line#Environment=}"); done < <(grep '^Environment=' "$unit")
  while IFS= read -r line; do env+=("$line"); done < <(grep -Ev '^\s*(#|$)' /etc/ankara/ankara.env)
  local user exec workdir
  user=$(sed -n 's/^User=//p' "$unit")
  exec=$(sed -n 's/^ExecStart=//p' "$unit")
  workdir=$(sed -n 's/^WorkingDirectory=//p' "$unit")
  (
    cd "$workdir"
    umask "$(sed -n 's/^UMask=//p' "$unit")"
    # shellcheck disable=SC2086
    exec setpriv --reuid="$user" --regid="$user" --init-groups env -i PATH=/usr/bin:/bin "${env[@]}" $exec
  ) >>"$work/shop.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$work/shop.log" >&2; echo "package-test: the shop did not start" >&2; exit 1; }
    sleep 0.1
  done
  cat "$work/shop.log" >&2
  echo "package-test: the shop did not answer at $base" >&2
  exit 1
}

echo "== build the package (revision 1) and install it"
deb1=$(scripts/package.sh --no-build --revision 1 2>/dev/null | tail -1)
dpkg -i "$deb1" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
getent passwd ankara >/dev/null || { echo "package-test: no ankara user" >&2; exit 1; }
[ "$(stat -c '%U %a' /var/lib/ankara)" = "ankara 700" ] || { echo "package-test: /var/lib/ankara is $(stat -c '%U %a' /var/lib/ankara)" >&2; exit 1; }
[ "$(stat -c '%U %a' /etc/ankara/ankara.env)" = "root 600" ] || { echo "package-test: ankara.env is $(stat -c '%U %a' /etc/ankara/ankara.env)" >&2; exit 1; }
grep -q '^/etc/ankara/ankara.env$' /var/lib/dpkg/info/ankara.conffiles || { echo "package-test: ankara.env is not a conffile" >&2; exit 1; }
grep -q '^Environment=ANKARA_LISTEN=127.0.0.1:8080$' /usr/lib/systemd/system/ankara.service
for doc in examples/Caddyfile examples/litestream.yml examples/ankara-litestream.service README.md; do
  [ -f "/usr/share/doc/ankara/$doc" ] || { echo "package-test: /usr/share/doc/ankara/$doc is missing" >&2; exit 1; }
done
/usr/bin/ankara --version | grep -q "^ankara "
# The operator's lines for this test (kept by the upgrade, as any change of hers would be).
printf 'ANKARA_LISTEN=127.0.0.1:%s\nANKARA_PAYSTACK_BASE_URL=sandbox\n' "$port" >>/etc/ankara/ankara.env

echo "== start it as its unit would; the merchant's path in the browser"
start_shop
PACKAGE_BASE="$base" PACKAGE_LOG="$work/shop.log" PACKAGE_PHASE=setup PACKAGE_SHOTS="$shots" PACKAGE_STATE="$work/state.json" \
  node --test --test-concurrency=1 frontend/e2e/package-shop.mjs
[ "$(stat -c '%U %a' /var/lib/ankara/shop-keys.json)" = "ankara 600" ] || { echo "package-test: shop-keys.json is $(stat -c '%U %a' /var/lib/ankara/shop-keys.json)" >&2; exit 1; }
if grep -q 'sk_test_9a2c4e6f' "$work/shop.log"; then echo "package-test: the secret key is in the log" >&2; exit 1; fi

orders_before=$(sqlite3 /var/lib/ankara/ankara.db 'SELECT COUNT(*) FROM orders')
settings_before=$(sqlite3 /var/lib/ankara/ankara.db 'SELECT group_concat(key || "=" || value, ";") FROM settings')
keys_before=$(sha256sum /var/lib/ankara/shop-keys.json | cut -d' ' -f1)
media_before=$(cd /var/lib/ankara/media && find . -type f | sort | xargs sha256sum | sha256sum)
[ "$orders_before" -ge 1 ] || { echo "package-test: no order was made" >&2; exit 1; }

echo "== upgrade to revision 2 over the shop with its order"
stop_shop   # what the package's prerm does through systemd
deb2=$(scripts/package.sh --no-build --revision 2 2>/dev/null | tail -1)
dpkg -i "$deb2" >"$work/upgrade.log" 2>&1 || { cat "$work/upgrade.log" >&2; exit 1; }
dpkg -s ankara | grep -q '^Version: .*-2$'
grep -q '^ANKARA_PAYSTACK_BASE_URL=sandbox$' /etc/ankara/ankara.env || { echo "package-test: the upgrade replaced ankara.env" >&2; exit 1; }
start_shop
[ "$(sqlite3 /var/lib/ankara/ankara.db 'SELECT COUNT(*) FROM orders')" = "$orders_before" ]
[ "$(sqlite3 /var/lib/ankara/ankara.db 'SELECT group_concat(key || "=" || value, ";") FROM settings')" = "$settings_before" ]
[ "$(sha256sum /var/lib/ankara/shop-keys.json | cut -d' ' -f1)" = "$keys_before" ]
[ "$(cd /var/lib/ankara/media && find . -type f | sort | xargs sha256sum | sha256sum)" = "$media_before" ]
PACKAGE_BASE="$base" PACKAGE_LOG="$work/shop.log" PACKAGE_PHASE=upgraded PACKAGE_SHOTS="$shots" PACKAGE_STATE="$work/state.json" \
  node --test --test-concurrency=1 frontend/e2e/package-shop.mjs

echo "package-test: installed, set up in the browser, sold, upgraded with $orders_before order(s) kept"
