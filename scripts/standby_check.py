#!/usr/bin/env python3
"""The measuring and checking half of scripts/standby-test.sh (standard library only).

    standby_check.py stock CSV                 sets every variant's stock in an exported stock CSV to 100000
    standby_check.py watch DB HEALTH OUT SECS  notes when each order first shows in the standby's copy DB
                                               (a fresh read-only connection every 50 ms) and the standby's
                                               own behindSeconds (HEALTH, every 200 ms), one JSON line each
    standby_check.py lag BURST SEEN            the standby's lag per order of the burst: figures, exit 1 over 2 s (p99)
    standby_check.py start BASE CA OUT N       signs N shoppers up through the proxy and starts one checkout each
                                               (not paid): their references, in OUT
    standby_check.py failover ...              the checks after the kill (see below)
    standby_check.py fenced CSV DB BUYS...     the old primary's list of what it never replicated, against the new primary
"""

import csv
import json
import sqlite3
import statistics
import sys
import time
import urllib.request

STOCK = 100000


def ro(path):
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)


def stock(csv_file):
    rows = list(csv.reader(open(csv_file, newline="")))
    column = rows[0].index("stock")
    for row in rows[1:]:
        row[column] = str(STOCK)
    csv.writer(open(csv_file, "w", newline="")).writerows(rows)


def watch(db, health, out, seconds):
    deadline, last_rowid, next_health = time.time() + float(seconds), 0, 0.0
    with open(out, "w") as f:
        while time.time() < deadline:
            now = time.time()
            try:
                conn = ro(db)
                rows = conn.execute("SELECT rowid, id FROM orders WHERE rowid > ? ORDER BY rowid", (last_rowid,)).fetchall()
                conn.close()
                seen = time.time()
                for rowid, order_id in rows:
                    f.write(json.dumps({"id": order_id, "seen": seen}) + "\n")
                    last_rowid = max(last_rowid, rowid)
            except sqlite3.Error as error:
                f.write(json.dumps({"readError": str(error), "at": now}) + "\n")
            if now >= next_health:
                next_health = now + 0.2
                try:
                    with urllib.request.urlopen(health, timeout=1) as r:
                        answer = json.load(r)
                    f.write(json.dumps({"behind": answer.get("behindSeconds"), "at": now}) + "\n")
                except Exception:  # noqa: BLE001 (a missed sample)
                    pass
            f.flush()
            time.sleep(0.05)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def lag(burst, seen_file):
    rows = [json.loads(line) for line in open(burst)]
    summary = rows[-1]
    orders = [r for r in rows if "id" in r]
    seen = {}
    behind, read_errors = [], 0
    for line in open(seen_file):
        r = json.loads(line)
        if "id" in r:
            seen.setdefault(r["id"], r["seen"])
        elif "behind" in r and r["behind"] is not None:
            behind.append(r["behind"])
        elif "readError" in r:
            read_errors += 1
    lags = [seen[o["id"]] - o["done"] for o in orders if o["id"] in seen]
    missing = [o for o in orders if o["id"] not in seen]
    if not orders:
        print(f"no checkout completed: {summary}")
        return 1
    span = max(o["done"] for o in orders) - min(o["done"] for o in orders)
    rate = len(orders) / max(span, 0.001)
    p50, p99, worst = percentile(lags, 50), percentile(lags, 99), max(lags)
    print(f"{len(orders)} checkouts in {span:.1f} s ({rate:.0f}/s; {summary['failed']} failed, {summary['late']} started late); "
          f"standby lag per order (completed on the primary -> in the standby's copy): p50 {p50:.2f} s, p99 {p99:.2f} s, "
          f"max {worst:.2f} s; {len(missing)} not seen; standby's own behindSeconds p99 "
          f"{percentile(behind, 99) if behind else float('nan'):.1f} s over {len(behind)} samples; {read_errors} failed reads")
    print(json.dumps({"rate": rate, "p50": p50, "p99": p99, "max": worst}), file=sys.stderr)
    return 0 if p99 <= 2.0 and not missing and summary["failed"] == 0 else 1


def start(base, ca, out, count):
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import uuid

    import ankara_client

    references = []
    for _ in range(int(count)):
        shop = ankara_client.Shop(base, ca)
        email = f"failover-{uuid.uuid4().hex[:10]}@example.com"
        shop.signup(email)
        product_id, size, color = shop.products()[0]
        item = {"productId": product_id, **({"size": size} if size else {}), **({"color": color} if color else {})}
        status, answer = shop.call("POST", "/api/bag", item)
        assert status == 200, (status, answer)
        status, started = shop.call("POST", "/api/checkout", ankara_client.DETAILS)
        assert status == 201, (status, started)
        references.append(started["reference"])
    json.dump(references, open(out, "w"))


def failover(db, kill_at, promoted_at, window, charges_file, scenarios_file, *buy_files):
    """The new primary's database after the kill: every order the old primary acknowledged more
    than `window` s before the kill is there; none twice; every payment the fake Paystack took
    and the new primary knows is exactly one paid order; every variant's stock balances."""
    kill_at, promoted_at, window = float(kill_at), float(promoted_at), float(window)
    conn = ro(db)
    one = lambda sql, *args: conn.execute(sql, args).fetchone()[0]  # noqa: E731
    bought = [json.loads(line) for f in buy_files for line in open(f)]
    orders = [b for b in bought if "id" in b]
    by_a = [o for o in orders if o["done"] < kill_at]
    on_b = {r for (r,) in conn.execute("SELECT payment_reference FROM orders")}
    missing = [o for o in by_a if o["reference"] not in on_b]
    old_missing = [o for o in missing if o["done"] < kill_at - window]
    newest_kept = max((o["done"] for o in by_a if o["reference"] in on_b), default=None)
    first_started = min((o["started"] for o in orders if o.get("started", 0) > kill_at), default=None)
    first_paid = min((o["done"] for o in orders if o.get("started", 0) > kill_at), default=None)
    duplicated = one("SELECT COUNT(*) FROM (SELECT payment_reference FROM orders GROUP BY payment_reference HAVING COUNT(*) > 1)")
    charges = json.load(open(charges_file))
    paid = [r for r, status in charges.items() if status == "success"]
    known = {r for (r,) in conn.execute("SELECT reference FROM payments")}
    paid_known = [r for r in paid if r in known]
    paid_unknown = [r for r in paid if r not in known]
    not_one = [r for r in paid_known if one("SELECT COUNT(*) FROM orders WHERE payment_reference = ?", r) != 1]
    unpaid_orders = one("SELECT COUNT(*) FROM orders WHERE payment_reference NOT IN (%s)" % ",".join("?" * len(paid)) if paid else
                        "SELECT COUNT(*) FROM orders", *paid)
    scenarios = json.load(open(scenarios_file))
    scenario_orders = [one("SELECT COUNT(*) FROM orders WHERE payment_reference = ?", r) for r in scenarios]
    unbalanced = conn.execute(
        """SELECT v.id, v.stock, COALESCE((SELECT SUM(quantity) FROM reservations r WHERE r.variant_id = v.id), 0),
                  COALESCE((SELECT SUM(from_stock) FROM order_items i WHERE i.variant_id = v.id), 0)
           FROM variants v""").fetchall()
    unbalanced = [row for row in unbalanced if row[1] + row[2] + row[3] != STOCK]
    variants = one("SELECT COUNT(*) FROM variants")
    # A finished payment keeps no hold. A payment the old primary recorded but never got Paystack's
    # access code for (killed between the two) keeps its hold only until the hold's own expiry,
    # when the sweep gives the units back: bounded (within two hours here), so not a leak.
    now_ms = int(time.time() * 1000)
    leaked = one("""SELECT COUNT(*) FROM reservations r JOIN payments p ON p.reference = r.payment_reference
                    WHERE p.status NOT IN ('pending', 'failed') OR (p.access_code IS NULL AND r.expires_at > ?)""",
                 now_ms + 2 * 3_600_000)
    held_until_expiry = one("""SELECT COUNT(*) FROM reservations r JOIN payments p ON p.reference = r.payment_reference
                               WHERE p.status IN ('pending', 'failed') AND p.access_code IS NULL AND r.expires_at <= ?""",
                            now_ms + 2 * 3_600_000)
    figures = {
        "acknowledged_by_old_primary": len(by_a),
        "present_on_new_primary": len(by_a) - len(missing),
        "missing": len(missing),
        "missing_older_than_window": len(old_missing),
        "data_loss_window": (kill_at - newest_kept) if newest_kept else None,
        "missing_ages": sorted(round(kill_at - o["done"], 2) for o in missing),
        "first_checkout_after_kill": (first_started - kill_at) if first_started else None,
        "first_paid_order_after_kill": (first_paid - kill_at) if first_paid else None,
        "promoted_after_kill": promoted_at - kill_at,
        "orders_after_kill": len([o for o in orders if o["done"] > kill_at]),
        "duplicated_orders": duplicated,
        "paid_at_paystack": len(paid),
        "paid_known_to_new_primary": len(paid_known),
        "paid_unknown_to_new_primary": paid_unknown,
        "paid_without_exactly_one_order": not_one,
        "orders_without_a_payment_taken": unpaid_orders,
        "scenario_orders": scenario_orders,
        "variants": variants,
        "unbalanced_variants": unbalanced[:5],
        "leaked_holds": leaked,
        "holds_of_unstarted_payments_until_expiry": held_until_expiry,
        "failed_attempts": len([b for b in bought if "error" in b]),
    }
    json.dump(figures, open(db + ".figures.json", "w"))
    print(json.dumps(figures))
    bad = (old_missing or duplicated or not_one or unpaid_orders or scenario_orders != [1] * len(scenarios) or unbalanced
           or leaked or first_paid is None or first_paid - kill_at > 30)
    return 1 if bad else 0


def fenced(csv_file, db, *buy_files):
    """The old primary's list against the new primary: every order it acknowledged that the new
    primary does not have is on the list, and nothing on the list is on the new primary."""
    conn = ro(db)
    listed = list(csv.reader(open(csv_file, newline="")))[1:]
    listed_orders = {cells[2] for cells in listed if cells[0] == "order"}  # by payment reference
    said_on_b = {cells[2] for cells in listed if cells[0] == "order" and cells[-1] == "yes"}
    listed_payments = {cells[2] for cells in listed if cells[0] == "payment"}
    on_b = {r for (r,) in conn.execute("SELECT payment_reference FROM orders")}
    known_b = {r for (r,) in conn.execute("SELECT reference FROM payments")}
    bought = [json.loads(line) for f in buy_files for line in open(f)]
    acked_missing = {b["reference"] for b in bought if "id" in b and b["reference"] not in on_b}
    # An order the old primary made whose payment did reach the new primary is made there again
    # (webhook or reconciler), under its own id: listed, with the same reference on both.
    unlisted = sorted(acked_missing - listed_orders)
    on_both = {r for r in listed_orders if r in on_b}
    payments_known = sorted(r for r in listed_payments if r in known_b)
    # The list says which orders' payments reached the new primary (made there again): it must be right.
    wrong = sorted(on_both ^ said_on_b)
    print(json.dumps({"listed_orders": len(listed_orders), "listed_payments": len(listed_payments),
                      "acknowledged_not_on_new_primary": len(acked_missing), "not_listed": unlisted,
                      "listed_and_made_again_on_new_primary": len(on_both), "wrongly_marked": wrong,
                      "listed_payments_known_there": payments_known}))
    return 1 if unlisted or payments_known or wrong else 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    result = {"stock": stock, "watch": watch, "lag": lag, "start": start, "failover": failover, "fenced": fenced}[command](*args)
    sys.exit(result or 0)
