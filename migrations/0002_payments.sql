-- The built-in Paystack sandbox keeps its transactions here, so a demo purchase survives a
-- restart exactly as one made at Paystack would.
CREATE TABLE sandbox_transactions (
    reference         TEXT PRIMARY KEY,
    access_code       TEXT NOT NULL UNIQUE,
    amount_kobo       INTEGER NOT NULL,
    currency          TEXT NOT NULL,
    email             TEXT NOT NULL,
    metadata          TEXT NOT NULL,   -- JSON as received
    status            TEXT NOT NULL DEFAULT 'abandoned',
    gateway_response  TEXT NOT NULL DEFAULT 'The transaction was not completed',
    paid_at           INTEGER,
    created_at        INTEGER NOT NULL
);

-- The reconciler walks pending payments oldest first.
CREATE INDEX payments_pending ON payments(status, updated_at);
CREATE INDEX orders_new ON orders(user_id, is_new);
