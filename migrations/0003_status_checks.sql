-- Order and payment statuses are Rust enums (orders::OrderStatus, payments::PaymentStatus); from
-- here on the database refuses any other value too. SQLite cannot add a CHECK to an existing
-- column, so both tables are rebuilt with the same columns in the same order (the migration
-- runner turns foreign keys off around each migration and checks them before it commits).

CREATE TABLE payments_rebuilt (
    reference         TEXT PRIMARY KEY,
    user_id           TEXT NOT NULL REFERENCES users(id),
    amount_kobo       INTEGER NOT NULL CHECK (amount_kobo > 0),
    currency          TEXT NOT NULL DEFAULT 'NGN',
    status            TEXT NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'failed', 'abandoned', 'mismatch', 'completed')),
    customer_name     TEXT NOT NULL,
    customer_email    TEXT NOT NULL,
    customer_phone    TEXT NOT NULL,
    delivery_address  TEXT NOT NULL,   -- JSON {street, city, state, country, postalCode}
    items             TEXT NOT NULL,   -- JSON snapshot of the bag at current prices
    access_code       TEXT,
    failure_reason    TEXT,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);
INSERT INTO payments_rebuilt SELECT * FROM payments;
DROP TABLE payments;
ALTER TABLE payments_rebuilt RENAME TO payments;
CREATE INDEX payments_user ON payments(user_id, created_at);
CREATE INDEX payments_status ON payments(status);
CREATE INDEX payments_pending ON payments(status, updated_at);

CREATE TABLE orders_rebuilt (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users(id),
    payment_reference  TEXT NOT NULL UNIQUE REFERENCES payments(reference),
    status             TEXT NOT NULL DEFAULT 'paid'
                       CHECK (status IN ('paid', 'processing', 'shipped', 'delivered', 'cancelled')),
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
    updated_at         INTEGER NOT NULL
);
INSERT INTO orders_rebuilt SELECT * FROM orders;
DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_status ON orders(status, created_at);
CREATE INDEX orders_new ON orders(user_id, is_new);
