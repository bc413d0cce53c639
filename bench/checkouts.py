"""The checkout benchmark's shop and its checks (bench/run.sh and bench/checkouts.sh).

python3 bench/checkouts.py stock FILE            sets every variant of a `stock export` file to 1,000,000
python3 bench/checkouts.py check DB STOCK_BEFORE  prints the database checks after the run: nothing lost,
                                                  duplicated or oversold, every total the sum of its
                                                  parts, every unit accounted for
"""
import csv
import sqlite3
import sys


def stock(path):
    rows = list(csv.reader(open(path, newline="")))
    column = rows[0].index("stock")
    for row in rows[1:]:
        row[column] = "1000000"
    csv.writer(open(path, "w", newline="")).writerows(rows)


def check(database, stock_before):
    db = sqlite3.connect(database)
    one = lambda sql: db.execute(sql).fetchone()[0]
    taken = one("SELECT COUNT(*) FROM sandbox_transactions WHERE status = 'success'")
    orders = one("SELECT COUNT(*) FROM orders")
    duplicated = one("SELECT COUNT(*) FROM (SELECT payment_reference FROM orders GROUP BY 1 HAVING COUNT(*) > 1)")
    lost = one("""SELECT COUNT(*) FROM sandbox_transactions t WHERE t.status = 'success'
                  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_reference = t.reference)""")
    print(f"  payments taken {taken}, orders {orders}, duplicated orders {duplicated}, lost orders {lost}")
    oversold = one("SELECT COUNT(*) FROM orders WHERE oversold = 1")
    with_code = one("SELECT COUNT(*) FROM orders WHERE discount_code = 'BENCH10' AND discount_kobo > 0 AND delivery_kobo > 0")
    uses = one("SELECT COUNT(*) FROM discount_uses WHERE code = 'BENCH10' AND status = 'used'")
    parts = one("SELECT COUNT(*) FROM orders WHERE total_kobo != subtotal_kobo + delivery_kobo - discount_kobo")
    mails = one("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order'")
    # Mail is sent by the outbox worker beside the checkouts: what it has not sent yet is work the
    # rate above did not pay for.
    unsent = one("SELECT COUNT(*) FROM mail_outbox WHERE status != 'sent'")
    print(f"  orders with the code and a delivery fee {with_code}, code uses counted {uses}, "
          f"totals not the sum of their parts {parts}, order mails {mails}, mails not yet sent {unsent}")
    left, held = one("SELECT SUM(stock) FROM variants"), one("SELECT COALESCE(SUM(quantity), 0) FROM reservations")
    sold = one("SELECT COALESCE(SUM(from_stock), 0) FROM order_items")
    print(f"  oversold orders {oversold}; units sold {sold}, held {held}, left {left}: "
          + ("every unit accounted for" if left + held + sold == stock_before else f"MISMATCH against {stock_before}"))


if __name__ == "__main__":
    if sys.argv[1:2] == ["stock"]:
        stock(sys.argv[2])
    elif sys.argv[1:2] == ["check"]:
        check(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
