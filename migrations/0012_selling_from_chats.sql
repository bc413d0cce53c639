-- Selling from WhatsApp and Instagram: staff roles, orders the merchant creates and has paid by
-- link (deposits, then the balance), the order's source and notes, refunds tied to the payment they
-- return, and an activity log.

-- Staff: a role instead of a yes/no flag. Today's admins become owners.
ALTER TABLE users ADD COLUMN role TEXT CHECK (role IS NULL OR role IN ('owner', 'manager', 'packer'));
UPDATE users SET role = 'owner' WHERE is_admin = 1;
ALTER TABLE users DROP COLUMN is_admin;
CREATE INDEX users_staff ON users(role) WHERE role IS NOT NULL;

-- The customer's own note from checkout ("Call before delivery"), kept with the payment until its
-- order exists.
ALTER TABLE payments ADD COLUMN customer_note TEXT;

-- Orders: paid by link (the merchant's orders from chats), where the order came from, its two
-- notes and who created it. SQLite changes a CHECK by rebuilding the table; the triggers that read
-- orders go first and come back after (SQLite checks every trigger at a rename).
DROP TRIGGER refunds_within_total;
DROP TRIGGER refunds_revived_within_total;
DROP TRIGGER order_items_sold;
DROP TRIGGER orders_cancelled_unsold;
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
    payment_method     TEXT NOT NULL DEFAULT 'paystack' CHECK (payment_method IN ('paystack', 'pay_on_delivery', 'pay_link')),
    payment_channel    TEXT,
    -- Money taken by hand: a pay-on-delivery order's at the door, or a pay-link order's balance.
    collected_at       INTEGER,
    collected_kobo     INTEGER CHECK (collected_kobo IS NULL OR (typeof(collected_kobo) = 'integer' AND collected_kobo > 0)),
    collected_by       TEXT CHECK (collected_by IS NULL OR collected_by IN ('cash', 'transfer', 'pos')),
    source             TEXT NOT NULL DEFAULT 'website' CHECK (source IN ('website', 'whatsapp', 'instagram', 'in_store')),
    -- The customer's note (shown to them and the packer) and the shop's own (never shown to them).
    customer_note      TEXT,
    internal_note      TEXT,
    -- A manual discount's reason (the amount is discount_kobo).
    discount_reason    TEXT,
    -- The staff member who created a pay-link order.
    created_by         TEXT REFERENCES users(id) ON DELETE SET NULL
);
INSERT INTO orders_rebuilt (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
                            tracking_number, street, city, state, country, postal_code, created_at, updated_at, number, oversold,
                            subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
                            code_over_limit, payment_method, payment_channel, collected_at, collected_kobo, collected_by)
    SELECT id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
           tracking_number, street, city, state, country, postal_code, created_at, updated_at, number, oversold,
           subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
           code_over_limit, payment_method, payment_channel, collected_at, collected_kobo, collected_by
    FROM orders;
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

-- Pay links: a secret token (at least 128 bits) that pays one amount of one order — all of it, a
-- deposit, or the balance after one — until it expires or the merchant cancels it.
CREATE TABLE pay_links (
    token              TEXT PRIMARY KEY,
    order_id           TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    amount_kobo        INTEGER NOT NULL CHECK (typeof(amount_kobo) = 'integer' AND amount_kobo > 0),
    purpose            TEXT NOT NULL CHECK (purpose IN ('full', 'deposit', 'balance')),
    created_at         INTEGER NOT NULL,
    created_by         TEXT REFERENCES users(id) ON DELETE SET NULL,
    expires_at         INTEGER NOT NULL,
    cancelled_at       INTEGER,
    paid_at            INTEGER,
    -- The Paystack payment that paid it.
    payment_reference  TEXT UNIQUE REFERENCES payments(reference),
    CHECK ((paid_at IS NULL) = (payment_reference IS NULL))
);
CREATE INDEX pay_links_order ON pay_links(order_id, created_at);
CREATE INDEX pay_links_open ON pay_links(expires_at) WHERE paid_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX pay_links_paid ON pay_links(paid_at) WHERE paid_at IS NOT NULL;
-- The link a Paystack payment was started from (NULL for checkouts).
ALTER TABLE payments ADD COLUMN pay_link TEXT REFERENCES pay_links(token);
CREATE INDEX payments_pay_link ON payments(pay_link) WHERE pay_link IS NOT NULL;

-- A refund returns money of one Paystack payment: the order's own, or one of its pay links'.
ALTER TABLE refunds ADD COLUMN payment_reference TEXT REFERENCES payments(reference);
UPDATE refunds SET payment_reference = (SELECT payment_reference FROM orders WHERE orders.id = refunds.order_id);

-- Refunds never add up to more than their order's total, nor to more than the payment they return.
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
CREATE TRIGGER refunds_within_payment BEFORE INSERT ON refunds
WHEN NEW.status != 'failed' AND NEW.amount_kobo + (
    SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE payment_reference = NEW.payment_reference AND status != 'failed'
) > (SELECT amount_kobo FROM payments WHERE reference = NEW.payment_reference)
BEGIN
    SELECT RAISE(ABORT, 'refunds would exceed the payment');
END;
CREATE TRIGGER refunds_revived_within_payment BEFORE UPDATE OF status ON refunds
WHEN OLD.status = 'failed' AND NEW.status != 'failed' AND NEW.amount_kobo + (
    SELECT COALESCE(SUM(amount_kobo), 0) FROM refunds WHERE payment_reference = NEW.payment_reference AND status != 'failed' AND id != NEW.id
) > (SELECT amount_kobo FROM payments WHERE reference = NEW.payment_reference)
BEGIN
    SELECT RAISE(ABORT, 'refunds would exceed the payment');
END;
CREATE INDEX refunds_payment ON refunds(payment_reference);
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

-- Who changed what, and when: orders, refunds, prices, stock and staff. Shown to owners.
CREATE TABLE activity (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        INTEGER NOT NULL,
    actor_id  TEXT REFERENCES users(id) ON DELETE SET NULL,
    -- The actor's name and e-mail when it happened (kept if the account goes).
    actor     TEXT NOT NULL,
    -- What kind of thing changed (order, refund, product, stock, staff, settings) and which one.
    subject   TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    -- A sentence: "Status paid → shipped (tracking GIG123)".
    summary   TEXT NOT NULL
);
CREATE INDEX activity_at ON activity(at);
CREATE INDEX activity_subject ON activity(subject, subject_id, at);
