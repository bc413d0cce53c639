#!/usr/bin/env bash
# The shop behind a real Caddy, as deploy/Caddyfile sets it up: Caddy serves https://localhost:PORT
# with its own local CA (tls internal) and proxies to the shop on a free loopback port, using the
# proxy block copied from deploy/Caddyfile (between "proxy:begin" and "proxy:end"). Asserts:
#   - HTTPS through Caddy over HTTP/2, HTTP/3 advertised (Alt-Svc);
#   - the session cookie set through Caddy is Secure (the shop runs with an https public URL);
#   - the shop sees the real client, not Caddy: the order-tracking limit (20 lookups per client
#     address per 10 minutes) answers 429 to the 21st lookup from 127.0.0.2, while 127.0.0.3 is
#     still served, also when it forges X-Forwarded-For: 127.0.0.2 (Caddy drops a client's header),
#     and a direct, untrusted caller's forged header is ignored by the shop;
#   - purchases complete by Paystack's signed webhook through Caddy alone: a fake Paystack
#     (scripts/fake_paystack.py) plays the real one, the shopper never calls verify; the webhook
#     shows in Caddy's access log and /metrics (read through Caddy with the bearer token) counts
#     ankara_webhooks_accepted_total >= the purchases; /metrics without the token is refused;
#   - Caddy reloaded (3 times) and then restarted while GETs and purchases run: no 5xx at all, no
#     failed request during the reloads, only refused connections while Caddy is down, and every
#     payment the fake Paystack took ends as a paid order (the reconciler picks up a webhook that
#     could not be delivered while Caddy was down). Caddy 2.6 resets the odd connection that is
#     still in its TLS handshake when a reload swaps servers (4 in 39 reloads under a tight loop
#     here; once, in a whole CI run, the handshake ended in an SSL error instead): no byte of the
#     request was sent, so the load tries such a GET once more and counts it;
##   - the shop stopped and started again behind Caddy (a deploy): every GET answered 200, Caddy
#     holding the requests of the gap (lb_try_duration) instead of answering 502.
# With CADDY_E2E_BROWSER=1 it then runs the browser suite (node --test frontend/e2e/) with
# ANKARA_E2E_PROXY=caddy: every shop the suite starts sits behind its own Caddy (see
# scripts/e2e-proxy.mjs), two test files at a time (E2E_CONCURRENCY); that part needs
# frontend/node_modules (npm ci) and Chromium, and takes about 5 minutes here (CADDY_E2E_FILES picks
# test files; 20 minutes at most).
#
# Usage: scripts/caddy-e2e.sh
#   ANKARA_BIN   the shop binary (default ${CARGO_TARGET_DIR:-target}/release/ankara)
# Installs Debian's caddy when it is missing (as root). Traffic goes only to 127.0.0.0/8 and ::1.
# Cleans up its processes and temporary folder (kept, with the logs, when a check fails), and gives
# up after 170 s (the browser suite has its own budget).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

bin="${ANKARA_BIN:-${CARGO_TARGET_DIR:-target}/release/ankara}"
[ -x "$bin" ] || { echo "caddy-e2e: $bin is missing: build it with cargo build --release (or set ANKARA_BIN)" >&2; exit 1; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
if ! command -v caddy >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "caddy-e2e: caddy is missing: apt-get install -y caddy" >&2; exit 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null
fi
for tool in curl python3; do command -v $tool >/dev/null || { echo "caddy-e2e: $tool is missing" >&2; exit 1; }; done

work="$(mktemp -d "${TMPDIR:-/tmp}/ankara-caddy.XXXXXX")"
pids=()
failed=0
cleanup() {
  local code=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "${watchdog:-}" ] && kill "$watchdog" 2>/dev/null
  if [ "$code" != 0 ] || [ "$failed" != 0 ]; then
    echo "caddy-e2e: logs kept in $work (shop.log, caddy.log, caddy-access.log, paystack.log)" >&2
    rm -rf "$work/data" "$work/xdg"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
( sleep 170; echo "caddy-e2e: gave up after 170 s" >&2; kill -TERM $$ ) 2>/dev/null &
watchdog=$!
started=$(date +%s.%N)

ok() { printf '  ok    %s\n' "$*"; }
fail() { printf '  FAIL  %s\n' "$*" >&2; failed=1; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # SECONDS COMMAND...: retries COMMAND every 0.1 s
  local deadline=$(( $(date +%s) + $1 )); shift
  until "$@" >/dev/null 2>&1; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.1; done
}

shop_port=$(free_port)
caddy_port=$(free_port)
base="https://localhost:$caddy_port"
token="metrics-$RANDOM$RANDOM"
secret="sk_test_ops_fake_$RANDOM$RANDOM"
export XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg"
ca="$XDG_DATA_HOME/caddy/pki/authorities/local/root.crt"
admin="unix/$work/admin.sock"

# The site: deploy/Caddyfile's proxy block, pointed at this shop; Caddy's admin API on a socket in
# the temporary folder (so nothing listens on :2019), its CA and certificates in $XDG_DATA_HOME.
write_caddyfile() { # EXTRA_HEADER_VALUE (changes the config between reloads)
  local block
  block=$(sed -n '/# proxy:begin/,/# proxy:end/p' deploy/Caddyfile | sed "s/127\.0\.0\.1:8080/127.0.0.1:$shop_port/")
  grep -q "reverse_proxy 127.0.0.1:$shop_port" <<<"$block" || { echo "caddy-e2e: no proxy block in deploy/Caddyfile" >&2; exit 1; }
  cat >"$work/Caddyfile" <<EOF
{
	admin $admin
	local_certs
	skip_install_trust
	servers {
		protocols h1 h2 h3
	}
}
localhost:$caddy_port {
	bind 127.0.0.1 ::1
	tls internal
	header X-Ops-Generation "$1"
	respond /__ops_ready 200
$block
	log {
		output file $work/caddy-access.log
		format json
	}
}
EOF
}
start_caddy() {
  caddy run --config "$work/Caddyfile" --adapter caddyfile >>"$work/caddy.log" 2>&1 &
  caddy_pid=$!
  pids+=("$caddy_pid")
  wait_for 20 test -s "$ca" && wait_for 20 curl -sf --cacert "$ca" -o /dev/null --max-time 2 "$base/__ops_ready" ||
    { echo "caddy-e2e: Caddy did not start:" >&2; tail -5 "$work/caddy.log" >&2; exit 1; }
}
write_caddyfile 1
start_caddy

python3 scripts/fake_paystack.py "$work/paystack.port" "$base/api/payments/webhook" "$secret" "$ca" >"$work/paystack.log" 2>&1 &
pids+=($!)
wait_for 10 test -s "$work/paystack.port" || { echo "caddy-e2e: the fake Paystack did not start" >&2; exit 1; }
paystack="http://127.0.0.1:$(cat "$work/paystack.port")"

"$bin" --listen "127.0.0.1:$shop_port" --data-dir "$work/data" --public-url "$base" \
  --trusted-proxies 127.0.0.1,::1 --metrics-token "$token" --log-format json --reconcile-secs 3 \
  --paystack-secret-key "$secret" --paystack-public-key pk_test_ops_fake --paystack-base-url "$paystack" \
  >"$work/shop.log" 2>&1 &
shop_pid=$!
pids+=("$shop_pid")
wait_for 30 curl -sf --cacert "$ca" "$base/api/health" || { echo "caddy-e2e: no healthy shop through Caddy:" >&2; tail -5 "$work/shop.log" "$work/caddy.log" >&2; exit 1; }
echo "caddy-e2e: shop on 127.0.0.1:$shop_port behind Caddy $(caddy version | cut -d' ' -f1) on $base ($(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $started }") s to start)"

# 1. HTTPS, HTTP/2, HTTP/3 advertised.
headers=$(curl -sS --cacert "$ca" -D - -o /dev/null "$base/api/health")
version=$(curl -sS --cacert "$ca" -o /dev/null -w '%{http_version}' "$base/api/health")
[ "$version" = 2 ] && ok "HTTPS through Caddy with its local CA, HTTP/$version" || fail "HTTP version $version, wanted 2"
grep -qi "^alt-svc: .*h3=\":$caddy_port\"" <<<"$headers" && ok "HTTP/3 advertised: $(grep -i '^alt-svc' <<<"$headers" | tr -d '\r')" || fail "no h3 Alt-Svc: $headers"
grep -qi '^strict-transport-security' <<<"$headers" && ok "HSTS set" || fail "no Strict-Transport-Security"

# 2. Purchases completed by the signed webhook through Caddy; the session cookie is Secure.
python3 scripts/ankara_client.py buy "$base" --cafile "$ca" --paystack "$paystack" --count 3 --seconds 60 --out "$work/buy.jsonl" ||
  fail "the purchases through Caddy did not complete: $(grep error "$work/buy.jsonl" | head -3)"
by_webhook=$(grep -c '"by": "webhook"' "$work/buy.jsonl" || true)
[ "$by_webhook" = 3 ] && ok "3 purchases through Caddy, each order made paid by Paystack's signed webhook (no verify call)" || fail "$by_webhook of 3 orders paid by the webhook"
session_cookie=$(python3 -c 'import json, sys; print(next(c for c in json.loads(open(sys.argv[1]).readline())["cookies"] if c.startswith("ankara_session=")))' "$work/buy.jsonl")
attributes=$(sed 's/^ankara_session=[^;]*//' <<<"$session_cookie")
grep -q '; Secure' <<<"$session_cookie" && ok "session cookie through Caddy:$attributes" || fail "session cookie not Secure:$attributes"
delivered=$(grep -c ' 200$' "$work/paystack.log" || true)
[ "$delivered" -ge 3 ] && ok "the fake Paystack's webhooks answered 200 through Caddy: $delivered" || fail "webhooks delivered: $(cat "$work/paystack.log")"
in_caddy_log=$(grep -c '"uri":"/api/payments/webhook"' "$work/caddy-access.log" || true)
[ "$in_caddy_log" -ge 3 ] && ok "Caddy's access log shows $in_caddy_log POST /api/payments/webhook" || fail "Caddy's access log shows $in_caddy_log webhooks"
metrics=$(curl -sS --cacert "$ca" -H "Authorization: Bearer $token" "$base/metrics")
accepted=$(awk '/^ankara_webhooks_accepted_total/ { print $2 }' <<<"$metrics")
[ "${accepted:-0}" -ge 3 ] 2>/dev/null && ok "/metrics through Caddy with the token: ankara_webhooks_accepted_total $accepted" || fail "ankara_webhooks_accepted_total is '${accepted:-missing}'"
refused=$(curl -s --cacert "$ca" -o /dev/null -w '%{http_code}' "$base/metrics")
[ "$refused" = 401 ] || [ "$refused" = 403 ] && ok "/metrics without the token: $refused" || fail "/metrics without the token answered $refused"

# 3. The real client address through Caddy: the tracking limit is per client address.
track() { # SOURCE_ADDRESS [CURL ARGS...]: status of one lookup through Caddy from SOURCE_ADDRESS
  local from=$1; shift
  curl -s --cacert "$ca" --interface "$from" --resolve "localhost:$caddy_port:127.0.0.1" -o /dev/null -w '%{http_code}' \
    "$@" "$base/api/orders/track?number=ABCDEFGH&email=nobody@example.com"
}
statuses=$(for _ in $(seq 20); do track 127.0.0.2; echo; done | sort | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')
last=$(track 127.0.0.2)
[ "$last" = 429 ] && ok "20 lookups from 127.0.0.2 answered ${statuses}and the 21st 429" || fail "the 21st lookup from 127.0.0.2 answered $last (the 20: $statuses)"
other=$(track 127.0.0.3)
[ "$other" = 404 ] && ok "127.0.0.3 through the same Caddy is still served: $other" || fail "127.0.0.3 answered $other"
forged=$(track 127.0.0.3 -H 'X-Forwarded-For: 127.0.0.2' -H 'Forwarded: for=127.0.0.2')
[ "$forged" = 404 ] && ok "127.0.0.3 forging X-Forwarded-For/Forwarded: 127.0.0.2 is not counted as 127.0.0.2: $forged" || fail "a forged X-Forwarded-For through Caddy answered $forged"
direct=$(curl -s --interface 127.0.0.4 -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 127.0.0.2' \
  "http://127.0.0.1:$shop_port/api/orders/track?number=ABCDEFGH&email=nobody@example.com")
[ "$direct" = 404 ] && ok "a direct caller (127.0.0.4, not a trusted proxy) forging X-Forwarded-For is ignored: $direct" || fail "direct forged lookup answered $direct"

# 4. Caddy reloaded three times, then restarted, under load: GETs on fresh connections and purchases.
python3 - "$base" "$ca" "$work/load.jsonl" 24 <<'EOF' &
import http.client, json, ssl, sys, time, urllib.parse
base, ca, out, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
url = urllib.parse.urlparse(base)
context = ssl.create_default_context(cafile=ca)
paths = ["/api/health", "/api/products/featured", "/api/collections", "/"]
def get(path):
    """Status of one GET on a new connection, or the error's name; "handshake-reset" when the
    connection was reset before a byte of the request was sent."""
    c = http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=15)
    try:
        c.connect()  # TCP and TLS
    except (ConnectionResetError, ssl.SSLError) as e:
        # Reset or closed mid-handshake by a reload (an SSLError of its own, or an EOF); a
        # certificate Caddy should not present is no reset.
        if isinstance(e, ssl.SSLCertVerificationError):
            raise
        return "handshake-reset"
    try:
        c.request("GET", path, headers={"Accept-Encoding": "gzip"})
        r = c.getresponse(); r.read()
        return r.status
    finally:
        c.close()
deadline, i = time.time() + seconds, 0
with open(out, "w") as f:
    while time.time() < deadline:
        at, retried = time.time(), False
        try:
            result = get(paths[i % len(paths)])
            if result == "handshake-reset":  # nothing was sent, so a client may simply try again
                retried, result = True, get(paths[i % len(paths)])
        except Exception as e:
            result, detail = type(e).__name__, str(e)
            time.sleep(0.05)
        else:
            detail = None
        f.write(json.dumps({"at": at, "status": result, "retried": retried, "error": detail}) + "\n")
        i += 1
EOF
load_pid=$!
pids+=("$load_pid")
python3 scripts/ankara_client.py buy "$base" --cafile "$ca" --paystack "$paystack" --seconds 22 --out "$work/buy-load.jsonl" &
buy_pid=$!
pids+=("$buy_pid")
sleep 3
reloads=""
for generation in 2 3 4; do
  write_caddyfile "$generation"
  t0=$(date +%s.%N)
  caddy reload --config "$work/Caddyfile" --adapter caddyfile --address "$admin" >>"$work/caddy.log" 2>&1 || fail "caddy reload $generation failed"
  reloads+="$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $t0 }") s "
  sleep 2
done
generation=$(curl -s --cacert "$ca" -D - -o /dev/null "$base/api/health" | awk -F': ' 'tolower($1) == "x-ops-generation" { print $2 }' | tr -d '\r')
[ "$generation" = 4 ] && ok "3 reloads under load took ${reloads}and the last config serves (generation $generation)" || fail "after the reloads the config generation is '$generation'"
reload_end=$(date +%s.%N)
stop_at=$(date +%s.%N)
caddy stop --address "$admin" >>"$work/caddy.log" 2>&1 || kill "$caddy_pid"
wait "$caddy_pid" 2>/dev/null || true
start_caddy
up_at=$(date +%s.%N)
wait "$load_pid" || true
wait "$buy_pid" || true

python3 - "$work/load.jsonl" "$stop_at" "$up_at" "$reload_end" <<'EOF' >"$work/load-summary.txt"
import collections, json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
stop, up, reload_end = map(float, sys.argv[2:5])
phases, retried = collections.defaultdict(collections.Counter), collections.Counter()
for r in rows:
    phase = "reloads" if r["at"] < reload_end else "restart-gap" if stop <= r["at"] <= up else "restart-other"
    phases[phase][str(r["status"])] += 1
    retried[phase] += r["retried"]
for phase in ("reloads", "restart-gap", "restart-other"):
    print(phase, " ".join(f"{k}={v}" for k, v in sorted(phases[phase].items())) or "none")
print("total", len(rows))
print("handshake-resets", " ".join(f"{phase}={n}" for phase, n in sorted(retried.items()) if n) or "none")
EOF
sed 's/^/        /' "$work/load-summary.txt"
if grep -E '(^| )5[0-9][0-9]=' "$work/load-summary.txt" >/dev/null; then fail "5xx answers under load"; else ok "no 5xx among $(awk '/^total/ { print $2 }' "$work/load-summary.txt") GETs during 3 reloads and a restart"; fi
grep -q '^reloads' "$work/load-summary.txt" && ! grep '^reloads' "$work/load-summary.txt" | grep -qvE '^reloads( 200=[0-9]+)?$' &&
  ok "no failed request during the reloads (connections reset in their TLS handshake, before the request, and tried again: $(awk '/^handshake-resets/ { print $2 }' "$work/load-summary.txt"))" || fail "failures during the reloads: $(grep '^reloads' "$work/load-summary.txt")"
! grep '^restart-other' "$work/load-summary.txt" | grep -qvE '^restart-other( 200=[0-9]+)?$' &&
  ok "outside the restart gap ($(awk "BEGIN { printf \"%.2f\", $up_at - $stop_at }") s) every GET answered 200; in it: $(grep '^restart-gap' "$work/load-summary.txt" | cut -d' ' -f2-)" ||
  fail "failures outside the restart gap: $(grep '^restart-other' "$work/load-summary.txt")"

# Every payment the fake Paystack took must end as one paid order (verify never called: the webhook
# through Caddy, or the reconciler for a webhook sent while Caddy was down).
bought=$(grep -c '"by": "webhook"' "$work/buy-load.jsonl" || true)
buy_errors=$(grep -c '"error"' "$work/buy-load.jsonl" || true)
paid_refs=$(awk '/^webhook / { print $2 }' "$work/paystack.log" | sort -u)
check_orders() {
  python3 - "$work/data/ankara.db" $paid_refs <<'EOF'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
missing = [r for r in sys.argv[2:] if db.execute("SELECT COUNT(*) FROM orders WHERE payment_reference = ? AND status = 'paid'", (r,)).fetchone()[0] != 1]
print(len(sys.argv) - 2, len(missing))
sys.exit(1 if missing else 0)
EOF
}
if wait_for 15 check_orders; then
  ok "purchases under load: $bought completed, $buy_errors attempts refused while Caddy was down; all $(check_orders | cut -d' ' -f1) payments the fake Paystack took are paid orders, none lost"
else
  fail "payments without a paid order (taken, missing): $(check_orders)"
fi
undelivered=$(grep -vc ' 200$' "$work/paystack.log" || true)
[ "$undelivered" = 0 ] || ok "($undelivered webhook deliveries failed while Caddy was down; the reconciler completed those orders)"
errors5xx=$(grep -cE '"message":"[A-Z]+ [^ ]+ 5[0-9][0-9] ' "$work/shop.log" || true)
[ "$errors5xx" = 0 ] && ok "the shop's own log shows no 5xx" || fail "the shop logged $errors5xx 5xx answers"

# 5. The shop restarted behind Caddy (a deploy): Caddy holds requests and retries the connection
#    (lb_try_duration in deploy/Caddyfile) instead of answering 502.
python3 - "$base" "$ca" "$work/restart.jsonl" 12 <<'EOF' &
import http.client, json, ssl, sys, time, urllib.parse
base, ca, out, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
url = urllib.parse.urlparse(base)
context = ssl.create_default_context(cafile=ca)
deadline = time.time() + seconds
with open(out, "w") as f:
    while time.time() < deadline:
        at = time.time()
        try:
            c = http.client.HTTPSConnection(url.hostname, url.port, context=context, timeout=20)
            c.request("GET", "/api/products/featured")
            r = c.getresponse(); r.read(); c.close()
            result = r.status
        except Exception as e:
            result = type(e).__name__
        f.write(json.dumps({"at": at, "took": time.time() - at, "status": result}) + "\n")
        time.sleep(0.02)
EOF
restart_load=$!
pids+=("$restart_load")
sleep 2
t0=$(date +%s.%N)
kill -TERM "$shop_pid"; wait "$shop_pid" 2>/dev/null || true
"$bin" --listen "127.0.0.1:$shop_port" --data-dir "$work/data" --public-url "$base" \
  --trusted-proxies 127.0.0.1,::1 --metrics-token "$token" --log-format json --reconcile-secs 3 \
  --paystack-secret-key "$secret" --paystack-public-key pk_test_ops_fake --paystack-base-url "$paystack" \
  >>"$work/shop.log" 2>&1 &
shop_pid=$!
pids+=("$shop_pid")
wait_for 30 curl -sf "http://127.0.0.1:$shop_port/api/health" || fail "the shop did not come back"
down_for=$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $t0 }")
wait "$restart_load" || true
restart_summary=$(python3 -c 'import collections, json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
c = collections.Counter(str(r["status"]) for r in rows)
print(" ".join(f"{k}={v}" for k, v in sorted(c.items())), "slowest %.2f s" % max(r["took"] for r in rows))' "$work/restart.jsonl")
grep -qE '^200=[0-9]+ slowest' <<<"$restart_summary" &&
  ok "the shop stopped and started again behind Caddy (${down_for} s): every GET answered 200, Caddy held the ones in the gap ($restart_summary)" ||
  fail "a shop restart behind Caddy: $restart_summary"

echo "caddy-e2e: checks done in $(awk "BEGIN { printf \"%.0f\", $(date +%s.%N) - $started }") s"

if [ "${CADDY_E2E_BROWSER:-0}" = 1 ]; then
  kill "$watchdog" 2>/dev/null; watchdog=""
  echo "caddy-e2e: browser suite behind Caddy (ANKARA_E2E_PROXY=caddy)"
  if [ ! -d frontend/node_modules ]; then (cd frontend && npm ci --no-audit --no-fund); fi
  # Node's fetch must trust the same local CA as Chromium ignores: the shops the suite starts reuse
  # this CA (same XDG_DATA_HOME), and Node reads NODE_EXTRA_CA_CERTS at start.
  ANKARA_BIN="$bin" ANKARA_E2E_PROXY=caddy NODE_EXTRA_CA_CERTS="$ca" \
    timeout 1200 node --test --test-concurrency="${E2E_CONCURRENCY:-2}" ${CADDY_E2E_FILES:-frontend/e2e/} || fail "the browser suite failed behind Caddy"
fi

if [ "$failed" != 0 ]; then echo "caddy-e2e: FAILED" >&2; exit 1; fi
echo "caddy-e2e: passed"
