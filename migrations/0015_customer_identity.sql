-- Issue 34: a customer counted by her e-mail and phone as well as her account (a code's uses per
-- customer, open pay-on-delivery orders); pay-on-delivery orders from customers the shop does not
-- know yet confirmed before they keep their stock; back-in-stock mail only to addresses that asked
-- for it; and the landmark by which Nigerian addresses are found.

-- The keys of the e-mail and phone (src/identity.rs) beside each code use and each order, written
-- with them from now on. Earlier rows get the same keys here, computed in SQL (a unit test checks
-- that this computes what identity.rs does).
ALTER TABLE discount_uses ADD COLUMN email_key TEXT;
ALTER TABLE discount_uses ADD COLUMN phone_key TEXT;
ALTER TABLE orders ADD COLUMN email_key TEXT;
ALTER TABLE orders ADD COLUMN phone_key TEXT;

CREATE TEMP TABLE contact_keys AS
    SELECT kind, id,
           CASE WHEN at = 0 OR stripped = '' THEN NULL
                WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(stripped, '.', '') || '@gmail.com'
                ELSE stripped || '@' || domain END AS email_key,
           CASE WHEN length(digits) >= 7 THEN substr(digits, -10) END AS phone_key
    FROM (SELECT kind, id, at, domain, digits,
                 CASE WHEN instr(local, '+') > 1 THEN substr(local, 1, instr(local, '+') - 1) ELSE local END AS stripped
          FROM (SELECT kind, id, instr(e, '@') AS at, substr(e, 1, instr(e, '@') - 1) AS local, substr(e, instr(e, '@') + 1) AS domain,
                       replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')
                           AS digits
                FROM (SELECT 'payment' AS kind, reference AS id, lower(trim(customer_email)) AS e, customer_phone AS phone FROM payments
                      UNION ALL
                      SELECT 'order', id, lower(trim(customer_email)), customer_phone FROM orders)));
UPDATE discount_uses SET email_key = k.email_key, phone_key = k.phone_key
    FROM contact_keys k WHERE k.kind = 'payment' AND k.id = discount_uses.payment_reference;
UPDATE orders SET email_key = k.email_key, phone_key = k.phone_key
    FROM contact_keys k WHERE k.kind = 'order' AND k.id = orders.id;
DROP TABLE contact_keys;

CREATE INDEX discount_uses_email ON discount_uses(code, email_key) WHERE email_key IS NOT NULL;
CREATE INDEX discount_uses_phone ON discount_uses(code, phone_key) WHERE phone_key IS NOT NULL;
-- Open pay-on-delivery orders are counted per customer by these.
CREATE INDEX orders_to_collect_email ON orders(email_key) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_to_collect_phone ON orders(phone_key) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_to_collect_user ON orders(user_id) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;

-- "Opposite Shoprite", "the blue gate after the mosque": how a rider finds an address (optional).
ALTER TABLE orders ADD COLUMN landmark TEXT;

-- A pay-on-delivery order from a customer the shop does not know yet (a guest, or an account
-- without a delivered or paid order) waits for confirmation: by a call from the shop (staff press
-- "Confirmed by phone") or by a code sent to the customer (`code_hash`, the SHA-256 of the code;
-- e-mail today, other channels later). Unconfirmed by `expires_at`, the order is cancelled and its
-- stock and code use go back. `client_key` is where it was placed from (a limit per address).
CREATE TABLE order_confirmations (
    order_id      TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    channel       TEXT NOT NULL CHECK (channel IN ('phone', 'email')),
    client_key    TEXT NOT NULL,
    code_hash     TEXT,
    -- Wrong codes tried: after five the code no longer works (the shop can still call).
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    confirmed_at  INTEGER,
    -- The staff member who confirmed by phone (NULL when the customer's code did).
    confirmed_by  TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX order_confirmations_waiting ON order_confirmations(expires_at) WHERE confirmed_at IS NULL;
CREATE INDEX order_confirmations_client ON order_confirmations(client_key) WHERE confirmed_at IS NULL;

-- Back in stock: a subscription by e-mail waits for the address's confirmation (the link mailed to
-- it) unless a signed-in customer asked for her own address. Subscriptions made before this were
-- taken as they were asked for (they keep waiting, confirmed).
ALTER TABLE stock_alerts ADD COLUMN confirmed_at INTEGER;
ALTER TABLE stock_alerts ADD COLUMN token TEXT;
-- When the confirmation mail was written (a few per address a day at most).
ALTER TABLE stock_alerts ADD COLUMN confirm_sent_at INTEGER;
UPDATE stock_alerts SET confirmed_at = created_at;
CREATE UNIQUE INDEX stock_alerts_token ON stock_alerts(token) WHERE token IS NOT NULL;
CREATE INDEX stock_alerts_email ON stock_alerts(email, confirm_sent_at);

-- Back-in-stock mail sent, per address and product: at most one a day.
CREATE TABLE back_in_stock_sent (
    email       TEXT NOT NULL,
    product_id  TEXT NOT NULL,
    sent_at     INTEGER NOT NULL,
    PRIMARY KEY (email, product_id)
);
