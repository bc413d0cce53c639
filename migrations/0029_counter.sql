-- The counter (issue 37): selling in the shop's physical store from a phone or tablet, from one
-- stock with the website, and still selling when the connection drops.

-- A fifth staff role, "cashier", the way 0022 added "rider": the role column made again beside the
-- old one, and the small invitations table rebuilt.
ALTER TABLE users ADD COLUMN staff_role TEXT CHECK (staff_role IS NULL OR staff_role IN ('owner', 'manager', 'packer', 'rider', 'cashier'));
UPDATE users SET staff_role = role;
DROP INDEX users_staff;
ALTER TABLE users DROP COLUMN role;
ALTER TABLE users RENAME COLUMN staff_role TO role;
CREATE INDEX users_staff ON users(role) WHERE role IS NOT NULL;

CREATE TABLE staff_invites_rebuilt (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    email       TEXT NOT NULL COLLATE NOCASE,
    role        TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'packer', 'rider', 'cashier')),
    invited_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    ended_at    INTEGER
);
INSERT INTO staff_invites_rebuilt (id, token_hash, email, role, invited_by, created_at, expires_at, ended_at)
    SELECT id, token_hash, email, role, invited_by, created_at, expires_at, ended_at FROM staff_invites;
DROP TABLE staff_invites;
ALTER TABLE staff_invites_rebuilt RENAME TO staff_invites;
CREATE UNIQUE INDEX staff_invites_open ON staff_invites(email) WHERE ended_at IS NULL;

-- Orders: a counter sale's source is "counter" and it is paid at the counter (cash, a transfer the
-- cashier saw arrive, and a pay link the customer scans). SQLite changes a CHECK by rebuilding the
-- table; the triggers that read orders go first and come back after, as in 0012.

DROP TRIGGER refunds_within_total;
DROP TRIGGER refunds_revived_within_total;
DROP TRIGGER order_items_sold;
DROP TRIGGER orders_cancelled_unsold;
DROP TRIGGER order_events_placed;
DROP TRIGGER order_events_moved;
CREATE TABLE orders_rebuilt (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users(id),
    payment_reference  TEXT NOT NULL UNIQUE REFERENCES payments(reference),
    status             TEXT NOT NULL DEFAULT 'paid'
                       CHECK (status IN ('placed', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refused')),
    is_new             INTEGER NOT NULL DEFAULT 1,
    customer_name      TEXT NOT NULL,
    customer_email     TEXT NOT NULL,
    customer_phone     TEXT NOT NULL,
    total_kobo         INTEGER NOT NULL,
    tracking_number    TEXT,
    street             TEXT NOT NULL,
    city               TEXT NOT NULL,
    state              TEXT NOT NULL,
    country            TEXT NOT NULL,
    postal_code        TEXT NOT NULL,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    number             TEXT,
    oversold           INTEGER NOT NULL DEFAULT 0,
    subtotal_kobo      INTEGER,
    delivery_kobo      INTEGER NOT NULL DEFAULT 0,
    discount_kobo      INTEGER NOT NULL DEFAULT 0,
    discount_code      TEXT,
    delivery_method    TEXT NOT NULL DEFAULT 'delivery',
    delivery_estimate  TEXT,
    code_over_limit    INTEGER NOT NULL DEFAULT 0 CHECK (code_over_limit IN (0, 1)),
    payment_method     TEXT NOT NULL DEFAULT 'paystack' CHECK (payment_method IN ('paystack', 'pay_on_delivery', 'pay_link', 'counter')),
    payment_channel    TEXT,
    -- Money taken by hand: a pay-on-delivery order's at the door, or a pay-link order's balance.
    collected_at       INTEGER,
    collected_kobo     INTEGER CHECK (collected_kobo IS NULL OR (typeof(collected_kobo) = 'integer' AND collected_kobo > 0)),
    collected_by       TEXT CHECK (collected_by IS NULL OR collected_by IN ('cash', 'transfer', 'pos')),
    source             TEXT NOT NULL DEFAULT 'website' CHECK (source IN ('website', 'whatsapp', 'instagram', 'in_store', 'counter')),
    -- The customer's note (shown to them and the packer) and the shop's own (never shown to them).
    customer_note      TEXT,
    internal_note      TEXT,
    -- A manual discount's reason (the amount is discount_kobo).
    discount_reason    TEXT,
    -- The staff member who created a pay-link order.
    created_by         TEXT REFERENCES users(id) ON DELETE SET NULL
    , email_key TEXT, phone_key TEXT, landmark TEXT, shipped_by TEXT CHECK (shipped_by IN ('rider', 'courier')), credit_kobo INTEGER NOT NULL DEFAULT 0 CHECK (credit_kobo >= 0), gift_kobo INTEGER NOT NULL DEFAULT 0 CHECK (gift_kobo >= 0), tender_short_kobo INTEGER NOT NULL DEFAULT 0 CHECK (tender_short_kobo >= 0));
INSERT INTO orders_rebuilt (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo, tracking_number, street, city, state, country, postal_code, created_at, updated_at, number, oversold, subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate, code_over_limit, payment_method, payment_channel, collected_at, collected_kobo, collected_by, source, customer_note, internal_note, discount_reason, created_by, email_key, phone_key, landmark, shipped_by, credit_kobo, gift_kobo, tender_short_kobo)
    SELECT id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo, tracking_number, street, city, state, country, postal_code, created_at, updated_at, number, oversold, subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate, code_over_limit, payment_method, payment_channel, collected_at, collected_kobo, collected_by, source, customer_note, internal_note, discount_reason, created_by, email_key, phone_key, landmark, shipped_by, credit_kobo, gift_kobo, tender_short_kobo FROM orders;
DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_status ON orders(status, created_at);
CREATE INDEX orders_new ON orders(user_id, is_new);
CREATE UNIQUE INDEX orders_number ON orders(number);
CREATE INDEX orders_created ON orders(created_at, total_kobo);
CREATE INDEX orders_oversold ON orders(id) WHERE oversold = 1;
CREATE INDEX orders_code_over_limit ON orders(created_at) WHERE code_over_limit = 1;
CREATE INDEX orders_to_collect ON orders(customer_email, customer_phone) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_collected ON orders(collected_at) WHERE collected_at IS NOT NULL;
CREATE INDEX orders_email ON orders(customer_email COLLATE NOCASE);
CREATE INDEX orders_to_collect_email ON orders(email_key) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_to_collect_phone ON orders(phone_key) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_to_collect_user ON orders(user_id) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE TRIGGER refunds_within_total BEFORE INSERT ON refunds
WHEN NEW.status != 'failed' AND NEW.amount_kobo + (
    SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE order_id = NEW.order_id AND status != 'failed'
) > (SELECT total_kobo FROM orders WHERE id = NEW.order_id)
BEGIN
    SELECT RAISE(ABORT, 'refunds would exceed the order total');
END;
CREATE TRIGGER refunds_revived_within_total BEFORE UPDATE OF status ON refunds
WHEN OLD.status = 'failed' AND NEW.status != 'failed' AND NEW.amount_kobo + (
    SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE order_id = NEW.order_id AND status != 'failed' AND id != NEW.id
) > (SELECT total_kobo FROM orders WHERE id = NEW.order_id)
BEGIN
    SELECT RAISE(ABORT, 'refunds would exceed the order total');
END;
CREATE TRIGGER order_items_sold AFTER INSERT ON order_items
WHEN (SELECT status FROM orders WHERE id = NEW.order_id) != 'cancelled'
BEGIN
    INSERT INTO product_sales (day, product_key, product_id, name, units, revenue_kobo)
        VALUES ((SELECT (created_at + 3600000) / 86400000 FROM orders WHERE id = NEW.order_id), COALESCE(NEW.product_id, NEW.name),
                NEW.product_id, NEW.name, NEW.quantity, NEW.quantity * NEW.price_kobo)
        ON CONFLICT (day, product_key) DO UPDATE SET units = units + excluded.units,
            revenue_kobo = revenue_kobo + excluded.revenue_kobo, name = excluded.name;
END;
CREATE TRIGGER orders_cancelled_unsold AFTER UPDATE OF status ON orders
WHEN NEW.status IN ('cancelled', 'refused') AND OLD.status NOT IN ('cancelled', 'refused')
BEGIN
    UPDATE product_sales SET
        units = units - (SELECT SUM(oi.quantity) FROM order_items oi
                         WHERE oi.order_id = NEW.id AND COALESCE(oi.product_id, oi.name) = product_sales.product_key),
        revenue_kobo = revenue_kobo - (SELECT SUM(oi.quantity * oi.price_kobo) FROM order_items oi
                                       WHERE oi.order_id = NEW.id AND COALESCE(oi.product_id, oi.name) = product_sales.product_key)
    WHERE day = (NEW.created_at + 3600000) / 86400000
      AND product_key IN (SELECT COALESCE(product_id, name) FROM order_items WHERE order_id = NEW.id);
END;
CREATE TRIGGER order_events_placed AFTER INSERT ON orders
BEGIN
    INSERT INTO order_events (order_id, at, status) VALUES (NEW.id, NEW.created_at, NEW.status);
END;
CREATE TRIGGER order_events_moved AFTER UPDATE OF status ON orders
WHEN OLD.status <> NEW.status
BEGIN
    INSERT INTO order_events (order_id, at, status) VALUES (NEW.id, NEW.updated_at, NEW.status);
END;

-- A counter sale: the order it became, the id the device made for it (a sale sent twice is one
-- sale; the hash of what was sent tells a replay from an altered copy), who sold it and when (the
-- device's clock, and when it reached the server), and how it was paid: cash (what the customer
-- handed over, the change going back), a transfer the cashier confirmed, and a pay link.
CREATE TABLE counter_sales (
    order_id          TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    sale_id           TEXT NOT NULL UNIQUE,
    body_hash         TEXT NOT NULL,
    cashier_id        TEXT REFERENCES users(id) ON DELETE SET NULL,
    cashier_name      TEXT NOT NULL,
    made_at           INTEGER NOT NULL,
    recorded_at       INTEGER NOT NULL,
    -- The Lagos day it was made: the day its cash is counted.
    day               INTEGER NOT NULL,
    offline           INTEGER NOT NULL CHECK (offline IN (0, 1)),
    staff_discount    INTEGER NOT NULL DEFAULT 0 CHECK (staff_discount BETWEEN 0 AND 100),
    cash_kobo         INTEGER NOT NULL DEFAULT 0 CHECK (cash_kobo >= 0),
    tendered_kobo     INTEGER CHECK (tendered_kobo IS NULL OR tendered_kobo >= cash_kobo),
    transfer_kobo     INTEGER NOT NULL DEFAULT 0 CHECK (transfer_kobo >= 0),
    link_kobo         INTEGER NOT NULL DEFAULT 0 CHECK (link_kobo >= 0),
    -- An offline sale of units the website sold meanwhile: how the owner settled it.
    resolved_at       INTEGER,
    resolution        TEXT CHECK (resolution IS NULL OR resolution IN ('restocked', 'contacted')),
    resolved_by       TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX counter_sales_day ON counter_sales(day, cashier_id);

-- What an offline sale could not take from stock, line by line: "oversold at the counter".
CREATE TABLE counter_shortfalls (
    order_id    TEXT NOT NULL REFERENCES counter_sales(order_id) ON DELETE CASCADE,
    variant_id  TEXT NOT NULL,
    short       INTEGER NOT NULL CHECK (short > 0),
    PRIMARY KEY (order_id, variant_id)
);

-- A cashier's drawer counted at the end of a day, against what her sales say it should hold. A
-- second count of the same day is kept too; the latest is the day's.
CREATE TABLE cash_ups (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    cashier_id     TEXT NOT NULL REFERENCES users(id),
    day            INTEGER NOT NULL,
    expected_kobo  INTEGER NOT NULL,
    counted_kobo   INTEGER NOT NULL CHECK (counted_kobo >= 0),
    note           TEXT,
    counted_by     TEXT REFERENCES users(id) ON DELETE SET NULL,
    counted_at     INTEGER NOT NULL
);
CREATE INDEX cash_ups_day ON cash_ups(day, cashier_id, counted_at);

-- Units a customer brought back to the counter from a counter sale, and the cash given back for
-- them from that day's drawer (recorded as a processed refund of the sale, so revenue follows).
CREATE TABLE counter_returns (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id    TEXT NOT NULL REFERENCES counter_sales(order_id) ON DELETE CASCADE,
    refund_id   TEXT REFERENCES refunds(id),
    cashier_id  TEXT REFERENCES users(id) ON DELETE SET NULL,
    day         INTEGER NOT NULL,
    made_at     INTEGER NOT NULL,
    cash_kobo   INTEGER NOT NULL CHECK (cash_kobo > 0),
    back_on_sale INTEGER NOT NULL CHECK (back_on_sale IN (0, 1))
);
CREATE INDEX counter_returns_day ON counter_returns(day, cashier_id);
CREATE TABLE counter_return_lines (
    return_id   INTEGER NOT NULL REFERENCES counter_returns(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    quantity    INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (return_id, position)
);
