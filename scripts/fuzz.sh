#!/usr/bin/env bash
# Property-based API fuzzing gate: Schemathesis (scripts/fuzz-requirements.txt, installed into a venv
# by tools/python_env.sh) reads the document the running binary serves at /api/openapi.json and sends
# generated requests to every operation in it, three times: as a visitor, as a signed-in customer and
# as an admin. A run fails on any 5xx answer, any answer whose status code the document does not list
# for that operation, and any answer whose content type or body does not match the document.
#
# Usage: scripts/fuzz.sh
#   ANKARA_BIN      the binary to fuzz (default ${CARGO_TARGET_DIR:-target}/release/ankara)
#   FUZZ_SECONDS    time budget of each of the three runs (default 70)
#   FUZZ_EXAMPLES   most generated cases per operation and phase (default 40)
#   FUZZ_SEED       Hypothesis seed, to replay a run (default: a new one, printed)
#   FUZZ_SCHEMA     a local file to read the document from instead of the served one (to try an
#                   edited document against a binary built before the edit)
#   FUZZ_ROLES      which runs, in order (default "visitor customer admin")
# Sends traffic only to 127.0.0.1, to a server it starts itself on a free port with a temporary data
# directory and the demo catalogue, and stops. Reports go to $FUZZ_REPORT_DIR (default: a temporary
# folder, kept when a run fails).
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${ANKARA_BIN:-${CARGO_TARGET_DIR:-target}/release/ankara}"
seconds="${FUZZ_SECONDS:-70}"
examples="${FUZZ_EXAMPLES:-40}"
seed="${FUZZ_SEED:-$(( (RANDOM << 15) | RANDOM ))}"
roles="${FUZZ_ROLES:-visitor customer admin}"
[ -x "$bin" ] || { echo "fuzz: $bin is missing: build it with cargo build --release (or set ANKARA_BIN)" >&2; exit 1; }
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

work="$(mktemp -d "${TMPDIR:-/tmp}/ankara-fuzz.XXXXXX")"
reports="${FUZZ_REPORT_DIR:-$work/reports}"
keep_reports=0
cleanup() {
  if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  if [ "$keep_reports" = 1 ] && [ -z "${FUZZ_REPORT_DIR:-}" ]; then
    rm -rf "$work/data"
    echo "fuzz: reports and the server log are kept in $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
started=$(date +%s)

command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
. tools/python_env.sh
ankara_python fuzz scripts/fuzz-requirements.txt
schemathesis="$(dirname "$ANKARA_PYTHON")/schemathesis"
echo "fuzz: $("$schemathesis" --version), seed $seed, ${seconds}s and at most $examples cases per operation and phase for each run"

# The server, on a free loopback port (the kernel picks it; the tiny race with another process
# taking it before the shop binds is reported by the health wait below).
port=$("$ANKARA_PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
data="$work/data"
ANKARA_LISTEN="127.0.0.1:$port" ANKARA_DATA_DIR="$data" ANKARA_SIGNUPS_PER_HOUR=100000 RUST_LOG=warn,ankara::access=info \
  "$bin" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 300); do
  curl -sf "$base/api/health" >/dev/null && break
  kill -0 "$pid" 2>/dev/null || { echo "fuzz: the shop exited at start:" >&2; cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
curl -sf "$base/api/health" >/dev/null || { echo "fuzz: the shop did not answer within 30 s" >&2; exit 1; }

# A small valid PNG (16x16, one colour) for the sign-up form's required photo.
"$ANKARA_PYTHON" - "$work/photo.png" <<'EOF'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\x00" + b"\xc8\x5a\x28" * 16 for _ in range(16))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
EOF

# signup NAME EMAIL: a new account with its session in the cookie jar $work/NAME.cookies.
signup() {
  local jar="$work/$1.cookies" status
  status=$(curl -s -o "$work/$1.signup.json" -w '%{http_code}' -c "$jar" -H 'X-Requested-With: ankara' \
    -F "displayName=Fuzz $1" -F "email=$2" -F password=fuzz-password-1 -F confirmPassword=fuzz-password-1 \
    -F "photo=@$work/photo.png;type=image/png" "$base/api/auth/signup")
  [ "$status" = 200 ] || { echo "fuzz: sign-up of $2 answered $status: $(cat "$work/$1.signup.json")" >&2; exit 1; }
}
cookie() { awk -v name=ankara_session '$6 == name { value = $7 } END { print value }' "$work/$1.cookies"; }

signup customer customer@fuzz.example
signup admin admin@fuzz.example
"$bin" --data-dir "$data" admin grant admin@fuzz.example >/dev/null
status=$(curl -s -o "$work/admin.refresh.json" -w '%{http_code}' -b "$work/admin.cookies" -c "$work/admin.cookies" \
  -X POST -H 'X-Requested-With: ankara' "$base/api/auth/refresh")
[ "$status" = 200 ] || { echo "fuzz: the admin's token refresh answered $status" >&2; exit 1; }
customer_cookie="ankara_session=$(cookie customer)"
admin_cookie="ankara_session=$(cookie admin)"
# Each session must be what its run claims to be (GET /api/session says user.admin).
check_session() { # COOKIE WANT_ADMIN
  curl -sf -H "Cookie: $1" "$base/api/session" |
    "$ANKARA_PYTHON" -c 'import json, sys; user = json.load(sys.stdin).get("user")
sys.exit(0 if user and user.get("admin") == (sys.argv[1] == "1") else 1)' "$2" ||
    { echo "fuzz: a session is not what it should be: $(curl -s -H "Cookie: $1" "$base/api/session")" >&2; exit 1; }
}
check_session "$customer_cookie" 0
check_session "$admin_cookie" 1

# Real ids, so that half the generated requests to product and collection operations get past their
# 404 into the logic behind it: Schemathesis dictionaries bound to those path parameters and to the
# bag's productId. The ids come from the shop's own answers, not from the document.
"$ANKARA_PYTHON" - "$base" "$work/schemathesis.toml" <<'EOF'
import json, sys, urllib.request
base, out = sys.argv[1], sys.argv[2]
get = lambda path: json.load(urllib.request.urlopen(base + path, timeout=10))
collections = [c["id"] for c in get("/api/collections")]
products = sorted({p["id"] for c in collections for p in get(f"/api/collections/{c}")["products"]})
if not collections or not products:
    sys.exit("fuzz: the demo catalogue has no collections or products")
bindings = [  # (operation selector, parameter, dictionary)
    ('include-path-regex = "^/api/products/[{]id[}]"', "path.id", "products"),
    ('include-path-regex = "^/api/saved/"', "path.product", "products"),
    ('include-path-regex = "^/api/collections/[{]id[}]"', "path.id", "collections"),
    ('include-name = "POST /api/bag"', "body.productId", "products"),
]
with open(out, "w") as f:
    for name, values in [("products", products), ("collections", collections)]:
        f.write(f"[dictionaries.{name}]\nvalues = {json.dumps(values)}\n\n")
    for selector, key, name in bindings:
        f.write(f'[[operations]]\n{selector}\nparameters = {{ "{key}" = {{ dictionary = "{name}", probability = 0.5 }} }}\n\n')
EOF

# Operations left out, each with its reason. Everything else in the served document is fuzzed, the
# payment webhook and the Paystack sandbox included (they check their own signatures and codes, so
# generated requests meet their refusals, which must be documented answers and never 5xx).
session_excludes=(
  # Revokes the very session the run sends with every request: every later request would be a 401.
  --exclude-name 'POST /api/auth/logout'
)
admin_excludes=(
  # Deletes catalogue products for good: given a real id (a document's example, a link) it would
  # empty the demo catalogue the rest of the run reads. Generated ids only ever meet its 404.
  --exclude-name 'DELETE /api/products/{id}'
  # A save restarts the shop in place (to use the new keys and addresses): the run's later requests
  # would meet a closed port for a second. Their refusals are tested in tests/integration/setup.rs.
  --exclude-name 'PUT /api/admin/keys/paystack'
  --exclude-name 'PUT /api/admin/keys/addresses'
  --exclude-name 'PUT /api/admin/keys/messaging'
  --exclude-name 'PUT /api/admin/keys/courier'
  # Connects to the mail server named in the body (any host): the fuzzer must stay on 127.0.0.1.
  --exclude-name 'POST /api/admin/keys/test-mail'
)

schema="$base/api/openapi.json"
schema_args=()
if [ -n "${FUZZ_SCHEMA:-}" ]; then
  schema="$(cd "$(dirname "$FUZZ_SCHEMA")" && pwd)/$(basename "$FUZZ_SCHEMA")"
  schema_args=(--url "$base")
  echo "fuzz: reading the document from $schema instead of the served one"
fi

mkdir -p "$reports"
declare -A result
failed=0
for role in $roles; do
  args=()
  case "$role" in
    visitor) ;;
    customer) args+=(-H "Cookie: $customer_cookie" "${session_excludes[@]}") ;;
    admin) args+=(-H "Cookie: $admin_cookie" "${session_excludes[@]}" "${admin_excludes[@]}") ;;
    *) echo "fuzz: unknown role $role" >&2; exit 1 ;;
  esac
  printf '\n==> fuzzing as %s\n' "$role"
  set +e
  # From the temporary folder: Schemathesis keeps its replay cache (.schemathesis/) in the current one.
  # One worker: the generator is bound by Python's GIL, so a second thread adds no cases here, and
  # threads make CPython 3.11's ast.parse (which Hypothesis calls) fail now and then (CPython #106905).
  (cd "$work" && "$schemathesis" --config-file "$work/schemathesis.toml" run "$schema" "${schema_args[@]}" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing \
    --max-examples "$examples" --max-time "$seconds" --seed "$seed" \
    --workers 1 --request-timeout 10 --generation-database none --no-color \
    --report junit --report-junit-path "$reports/$role.junit.xml" \
    -H 'X-Requested-With: ankara' "${args[@]}")
  code=$?
  set -e
  result[$role]=$code
  [ "$code" = 0 ] || failed=1
done

if ! kill -0 "$pid" 2>/dev/null; then
  echo "fuzz: the shop stopped during the runs:" >&2; tail -20 "$work/server.log" >&2; failed=1; keep_reports=1
fi
printf '\n==> fuzz summary (seed %s, %ss)\n' "$seed" "$(( $(date +%s) - started ))"
for role in $roles; do
  if [ "${result[$role]}" = 0 ]; then echo "  $role: passed"; else echo "  $role: FAILED (schemathesis exit ${result[$role]})"; fi
done
# The request log's lines end "METHOD PATH STATUS BYTES TIME": every 5xx the shop answered, by path.
server_errors=$(grep -E 'ankara::access: answered method=[A-Z]+ path=[^ ]+ status=5[0-9]{2}' "$work/server.log" | sed -E 's/.*ankara::access: answered method=([A-Z]+) path=([^ ]+) status=([0-9]+).*/\1 \2 \3/' | sort | uniq -c | sort -rn || true)
if [ -n "$server_errors" ]; then
  echo "  the shop answered 5xx (count, request, status):"
  sed 's/^/  /' <<<"$server_errors" | head -30
fi
if [ "$failed" != 0 ]; then
  keep_reports=1
  echo "fuzz: FAILED: replay with FUZZ_SEED=$seed scripts/fuzz.sh" >&2
  exit 1
fi
echo "fuzz: passed"
