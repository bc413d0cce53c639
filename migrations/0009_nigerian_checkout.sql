-- Checkout the way Nigerians pay: guests who buy without an account, bank transfers and USSD
-- through Paystack (the channel used is kept), and pay on delivery (orders placed before their
-- money is collected, and orders refused at the door).

-- A visitor with guestCheckout on gets a guest row: a bag, payments and orders like any customer,
-- no password and an address that cannot receive mail (the order keeps the e-mail they typed).
ALTER TABLE users ADD COLUMN guest INTEGER NOT NULL DEFAULT 0 CHECK (guest IN (0, 1));
-- When a guest was last seen: idle guests' bags (and guests that bought nothing) are removed.
ALTER TABLE users ADD COLUMN last_seen_at INTEGER;
CREATE INDEX users_guests ON users(last_seen_at) WHERE guest = 1;

-- The Paystack channel that paid (card, bank_transfer, ussd…), as Paystack reports it.
ALTER TABLE payments ADD COLUMN channel TEXT;

-- Orders: two new statuses (placed: to be paid on delivery; refused: refused at the door), how the
-- order is paid, its channel, and the money collected on delivery. SQLite changes a CHECK by
-- rebuilding the table; its indexes and triggers come back below. The refunds' triggers read orders,
-- so they go first and come back after the rename (SQLite checks every trigger at a rename).
DROP TRIGGER refunds_within_total;
DROP TRIGGER refunds_revived_within_total;
DROP TRIGGER order_items_sold;
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
    payment_method     TEXT NOT NULL DEFAULT 'paystack' CHECK (payment_method IN ('paystack', 'pay_on_delivery')),
    payment_channel    TEXT,
    -- Pay on delivery: when the money came, how much and how (cash, transfer or POS).
    collected_at       INTEGER,
    collected_kobo     INTEGER CHECK (collected_kobo IS NULL OR (typeof(collected_kobo) = 'integer' AND collected_kobo > 0)),
    collected_by       TEXT CHECK (collected_by IS NULL OR collected_by IN ('cash', 'transfer', 'pos'))
);
INSERT INTO orders_rebuilt (id, user_id, payment_reference, status, is_new, customer_name, customer_email, customer_phone, total_kobo,
                            tracking_number, street, city, state, country, postal_code, created_at, updated_at, number, oversold,
                            subtotal_kobo, delivery_kobo, discount_kobo, discount_code, delivery_method, delivery_estimate,
                            code_over_limit, payment_channel)
    SELECT o.id, o.user_id, o.payment_reference, o.status, o.is_new, o.customer_name, o.customer_email, o.customer_phone, o.total_kobo,
           o.tracking_number, o.street, o.city, o.state, o.country, o.postal_code, o.created_at, o.updated_at, o.number, o.oversold,
           o.subtotal_kobo, o.delivery_kobo, o.discount_kobo, o.discount_code, o.delivery_method, o.delivery_estimate,
           o.code_over_limit, 'card'
    FROM orders o;
DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_status ON orders(status, created_at);
CREATE INDEX orders_new ON orders(user_id, is_new);
CREATE UNIQUE INDEX orders_number ON orders(number);
CREATE INDEX orders_created ON orders(created_at, total_kobo);
CREATE INDEX orders_oversold ON orders(id) WHERE oversold = 1;
CREATE INDEX orders_code_over_limit ON orders(created_at) WHERE code_over_limit = 1;
-- Pay-on-delivery orders whose money is still to collect, and the collections by day.
CREATE INDEX orders_to_collect ON orders(customer_email, customer_phone) WHERE payment_method = 'pay_on_delivery' AND collected_at IS NULL;
CREATE INDEX orders_collected ON orders(collected_at) WHERE collected_at IS NOT NULL;

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

-- Best sellers leave out orders that were cancelled or refused at the door.
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

-- Pay on delivery per zone: allowed or not, and the largest order total it takes.
ALTER TABLE delivery_zones ADD COLUMN pod_enabled INTEGER NOT NULL DEFAULT 0 CHECK (pod_enabled IN (0, 1));
ALTER TABLE delivery_zones ADD COLUMN pod_max_total_kobo INTEGER NOT NULL DEFAULT 15000000
    CHECK (typeof(pod_max_total_kobo) = 'integer' AND pod_max_total_kobo > 0);

-- The sandbox: what its pop-up offers (the channels the shop asked for), and how it was paid.
ALTER TABLE sandbox_transactions ADD COLUMN channels TEXT NOT NULL DEFAULT '["card"]';
ALTER TABLE sandbox_transactions ADD COLUMN channel TEXT;
