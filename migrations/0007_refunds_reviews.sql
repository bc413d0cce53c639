-- Refunds through Paystack, reviews from customers who received what they review, and the indexes
-- the dashboard and the orders export read by. Money is integer kobo; times are Unix ms.

-- A refund as this shop sees it. It is recorded `pending` before Paystack is asked, so racing
-- refunds see each other's amounts; `paystack_id` arrives with Paystack's answer (or is found
-- again by the reconciler when the answer was lost). Failed refunds no longer count against what
-- is left to refund.
CREATE TABLE refunds (
    id                 TEXT PRIMARY KEY,
    order_id           TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    amount_kobo        INTEGER NOT NULL CHECK (typeof(amount_kobo) = 'integer' AND amount_kobo > 0),
    reason             TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
    paystack_id        TEXT UNIQUE,
    failure_reason     TEXT,
    -- Order line positions whose units go back on sale once Paystack accepts the refund (JSON).
    restock_lines      TEXT NOT NULL DEFAULT '[]',
    restocked          INTEGER NOT NULL DEFAULT 0 CHECK (restocked >= 0),
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    processed_at       INTEGER
);
CREATE INDEX refunds_order ON refunds(order_id);
CREATE INDEX refunds_open ON refunds(status, updated_at) WHERE status = 'pending';
CREATE INDEX refunds_processed ON refunds(processed_at) WHERE status = 'processed';

-- The last line of defence: whatever the code does, refunds that are not failed never add up to
-- more than the order's total.
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

-- One review per product per customer. `verified`: the author had a delivered order with the
-- product when writing it (always, for reviews written in the shop).
CREATE TABLE reviews (
    id          TEXT PRIMARY KEY,
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    rating      INTEGER NOT NULL CHECK (typeof(rating) = 'integer' AND rating BETWEEN 1 AND 5),
    title       TEXT,
    body        TEXT,
    author      TEXT NOT NULL,
    verified    INTEGER NOT NULL DEFAULT 1,
    hidden      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (product_id, user_id)
);
CREATE INDEX reviews_product ON reviews(product_id, hidden, created_at);
CREATE INDEX reviews_moderation ON reviews(hidden, created_at);

-- A product's rating and count are now its visible reviews' (kept in step by every review write);
-- the constants shown before were not anybody's reviews.
UPDATE products SET rating = 0, review_count = 0;

-- The dashboard and the export read orders by when they were placed.
CREATE INDEX orders_created ON orders(created_at, total_kobo);
CREATE INDEX orders_oversold ON orders(id) WHERE oversold = 1;

-- Units and revenue per product per Lagos day (UTC+1), for the dashboard's best sellers: summing
-- order lines over 30 days of a busy shop is too slow to answer on every visit. Kept in step by
-- triggers, whatever writes the lines: a line counts when written for an order that is not
-- cancelled, and an order's lines stop counting when it is cancelled.
CREATE TABLE product_sales (
    day           INTEGER NOT NULL,
    -- The product id, or the line's name for lines without one.
    product_key   TEXT NOT NULL,
    product_id    TEXT,
    name          TEXT NOT NULL,
    units         INTEGER NOT NULL,
    revenue_kobo  INTEGER NOT NULL,
    PRIMARY KEY (day, product_key)
) WITHOUT ROWID;

INSERT INTO product_sales (day, product_key, product_id, name, units, revenue_kobo)
    SELECT (o.created_at + 3600000) / 86400000, COALESCE(oi.product_id, oi.name), oi.product_id, MAX(oi.name),
           SUM(oi.quantity), SUM(oi.quantity * oi.price_kobo)
    FROM orders o JOIN order_items oi ON oi.order_id = o.id
    WHERE o.status != 'cancelled'
    GROUP BY 1, 2;

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
WHEN NEW.status = 'cancelled' AND OLD.status != 'cancelled'
BEGIN
    UPDATE product_sales SET
        units = units - (SELECT SUM(oi.quantity) FROM order_items oi
                         WHERE oi.order_id = NEW.id AND COALESCE(oi.product_id, oi.name) = product_sales.product_key),
        revenue_kobo = revenue_kobo - (SELECT SUM(oi.quantity * oi.price_kobo) FROM order_items oi
                                       WHERE oi.order_id = NEW.id AND COALESCE(oi.product_id, oi.name) = product_sales.product_key)
    WHERE day = (NEW.created_at + 3600000) / 86400000
      AND product_key IN (SELECT COALESCE(product_id, name) FROM order_items WHERE order_id = NEW.id);
END;

-- The built-in sandbox's copy of Paystack's refunds (only used when no Paystack keys are set).
CREATE TABLE sandbox_refunds (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    reference      TEXT NOT NULL REFERENCES sandbox_transactions(reference),
    amount_kobo    INTEGER NOT NULL,
    status         TEXT NOT NULL,
    merchant_note  TEXT NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL
);
CREATE INDEX sandbox_refunds_reference ON sandbox_refunds(reference);
