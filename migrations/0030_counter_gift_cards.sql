-- The counter takes gift cards and store credit (issue 37): a unit of a sale paid partly by either
-- that comes back to the counter goes back onto it for its part, so a return may give no cash at all. SQLite
-- changes a CHECK by rebuilding the table (its lines keep pointing at the same ids).
CREATE TABLE counter_returns_rebuilt (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id    TEXT NOT NULL REFERENCES counter_sales(order_id) ON DELETE CASCADE,
    refund_id   TEXT REFERENCES refunds(id),
    cashier_id  TEXT REFERENCES users(id) ON DELETE SET NULL,
    day         INTEGER NOT NULL,
    made_at     INTEGER NOT NULL,
    cash_kobo   INTEGER NOT NULL CHECK (cash_kobo >= 0),
    -- Put back onto the gift card, and to the store credit, that paid part of the sale.
    card_kobo   INTEGER NOT NULL DEFAULT 0 CHECK (card_kobo >= 0),
    credit_kobo INTEGER NOT NULL DEFAULT 0 CHECK (credit_kobo >= 0),
    back_on_sale INTEGER NOT NULL CHECK (back_on_sale IN (0, 1)),
    CHECK (cash_kobo + card_kobo + credit_kobo > 0)
);
INSERT INTO counter_returns_rebuilt (id, order_id, refund_id, cashier_id, day, made_at, cash_kobo, back_on_sale)
    SELECT id, order_id, refund_id, cashier_id, day, made_at, cash_kobo, back_on_sale FROM counter_returns;
DROP TABLE counter_returns;
ALTER TABLE counter_returns_rebuilt RENAME TO counter_returns;
CREATE INDEX counter_returns_day ON counter_returns(day, cashier_id);

-- Store credit at the counter: the customer proves the e-mail that holds it with a code mailed to
-- it (one per address, short-lived, a few tries), as a shopper proves it before spending online.
CREATE TABLE counter_credit_codes (
    email_key   TEXT PRIMARY KEY,
    code_hash   TEXT NOT NULL,
    sent_at     INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0
);
