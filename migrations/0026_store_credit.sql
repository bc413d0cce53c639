-- Issue 35 §3: store credit as a ledger. A customer's balance is the sum of her entries, never a
-- stored number that could drift; every entry says why, for which order or return, who on the staff
-- made it, and when. Credit belongs to an e-mail (its key, src/identity.rs), so a guest's credit
-- is found by her e-mail once she signs in to an account with that address.
CREATE TABLE credit_entries (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    email_key    TEXT NOT NULL,
    amount_kobo  INTEGER NOT NULL CHECK (amount_kobo <> 0),
    reason       TEXT NOT NULL,
    order_id     TEXT REFERENCES orders(id),
    return_id    TEXT,
    staff_id     TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX credit_entries_holder ON credit_entries(email_key, created_at);
CREATE INDEX credit_entries_order ON credit_entries(order_id) WHERE order_id IS NOT NULL;
