-- Issue 36 §1 and §3, what remained: riders without an account (a per-delivery link), a handover
-- proved by a photo where the code is unavailable (flagged for the shop to review), and the
-- pay-link reminder.

-- A rider the shop has no account for: known by his phone, so the cash he takes through several
-- links adds up under one name and is settled like an account rider's.
CREATE TABLE link_riders (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT NOT NULL,
    phone       TEXT NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
);

-- A settlement counts the cash of an account rider or of a link rider. SQLite cannot loosen a NOT
-- NULL, so the table is rebuilt (foreign keys are off during migrations and checked after).
CREATE TABLE rider_settlements_rebuilt (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    rider_id       TEXT REFERENCES users(id),
    link_rider_id  INTEGER REFERENCES link_riders(id),
    amount_kobo    INTEGER NOT NULL CHECK (amount_kobo > 0),
    settled_by     TEXT REFERENCES users(id) ON DELETE SET NULL,
    settled_at     INTEGER NOT NULL,
    CHECK ((rider_id IS NULL) <> (link_rider_id IS NULL))
);
INSERT INTO rider_settlements_rebuilt (id, rider_id, amount_kobo, settled_by, settled_at)
    SELECT id, rider_id, amount_kobo, settled_by, settled_at FROM rider_settlements;
DROP TABLE rider_settlements;
ALTER TABLE rider_settlements_rebuilt RENAME TO rider_settlements;

-- A delivery is an account rider's (rider_id) or a link rider's (link_rider_id, with the hash of
-- the link's token while it works: the token itself is only in the link the shop sent him).
-- `proof` says how it was delivered: the customer's code, or a photo the shop accepted. A photo
-- waiting for review has photo_at set and delivered_at not; a rejected one leaves its reason.
CREATE TABLE deliveries_rebuilt (
    order_id         TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    rider_id         TEXT REFERENCES users(id),
    link_rider_id    INTEGER REFERENCES link_riders(id),
    position         INTEGER NOT NULL,
    assigned_at      INTEGER NOT NULL,
    left_at          INTEGER,
    code             TEXT CHECK (code IS NULL OR (length(code) = 4 AND code NOT GLOB '*[^0-9]*')),
    code_tries       INTEGER NOT NULL DEFAULT 0,
    delivered_at     INTEGER,
    cash_kobo        INTEGER NOT NULL DEFAULT 0 CHECK (cash_kobo >= 0),
    settlement_id    INTEGER REFERENCES rider_settlements(id),
    link_token_hash  TEXT UNIQUE,
    link_expires_at  INTEGER,
    proof            TEXT CHECK (proof IS NULL OR proof IN ('code', 'photo')),
    photo_key        TEXT REFERENCES media(key),
    photo_at         INTEGER,
    photo_paid_by    TEXT CHECK (photo_paid_by IS NULL OR photo_paid_by IN ('cash', 'transfer', 'pos')),
    reviewed_by      TEXT REFERENCES users(id) ON DELETE SET NULL,
    rejected_at      INTEGER,
    rejected_reason  TEXT,
    CHECK ((rider_id IS NULL) <> (link_rider_id IS NULL)),
    CHECK (link_token_hash IS NULL OR (link_rider_id IS NOT NULL AND link_expires_at IS NOT NULL)),
    CHECK ((photo_at IS NULL) = (photo_key IS NULL))
);
INSERT INTO deliveries_rebuilt (order_id, rider_id, position, assigned_at, left_at, code, code_tries, delivered_at, cash_kobo, settlement_id, proof)
    SELECT order_id, rider_id, position, assigned_at, left_at, code, code_tries, delivered_at, cash_kobo, settlement_id,
           CASE WHEN delivered_at IS NOT NULL THEN 'code' END
    FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_rebuilt RENAME TO deliveries;
CREATE INDEX deliveries_of_rider ON deliveries(rider_id, delivered_at);
CREATE INDEX deliveries_of_link_rider ON deliveries(link_rider_id, delivered_at);
CREATE INDEX deliveries_cash_held ON deliveries(rider_id) WHERE cash_kobo > 0 AND settlement_id IS NULL;
CREATE INDEX deliveries_link_cash_held ON deliveries(link_rider_id) WHERE cash_kobo > 0 AND settlement_id IS NULL;
CREATE INDEX deliveries_to_review ON deliveries(photo_at) WHERE photo_at IS NOT NULL AND delivered_at IS NULL;

-- A pay link still unpaid some hours after it was sent gets one reminder: reminded_at is set in
-- the transaction that sends it, so it goes once, restarts or not.
ALTER TABLE pay_links ADD COLUMN reminded_at INTEGER;
CREATE INDEX pay_links_to_remind ON pay_links(created_at) WHERE reminded_at IS NULL AND paid_at IS NULL AND cancelled_at IS NULL;
