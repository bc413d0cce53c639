-- The shop's own riders (issue 36 §1) and what the tracking page tells as it happens.

-- A fourth staff role, "rider". SQLite cannot change a column's CHECK, so the role column is made
-- again beside the old one (DROP COLUMN keeps every other column and every foreign key as it is,
-- where rebuilding users would have to restate them), and the small invitations table is rebuilt.
ALTER TABLE users ADD COLUMN staff_role TEXT CHECK (staff_role IS NULL OR staff_role IN ('owner', 'manager', 'packer', 'rider'));
UPDATE users SET staff_role = role;
DROP INDEX users_staff;
ALTER TABLE users DROP COLUMN role;
ALTER TABLE users RENAME COLUMN staff_role TO role;
CREATE INDEX users_staff ON users(role) WHERE role IS NOT NULL;

CREATE TABLE staff_invites_rebuilt (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    email       TEXT NOT NULL COLLATE NOCASE,
    role        TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'packer', 'rider')),
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

-- What riders hand in at the end of the day: the cash they took at doors, counted by the shop.
CREATE TABLE rider_settlements (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    rider_id     TEXT NOT NULL REFERENCES users(id),
    amount_kobo  INTEGER NOT NULL CHECK (amount_kobo > 0),
    settled_by   TEXT REFERENCES users(id) ON DELETE SET NULL,
    settled_at   INTEGER NOT NULL
);

-- An order given to a rider: his, in this place in his round. When he leaves with it the order
-- ships and the customer is sent `code`, four digits she tells him at the door: no delivery is
-- marked by a rider alone, and wrong tries are counted (past five the shop sends a new code).
-- The cash he took there is his to hand in until a settlement counts it.
CREATE TABLE deliveries (
    order_id       TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    rider_id       TEXT NOT NULL REFERENCES users(id),
    position       INTEGER NOT NULL,
    assigned_at    INTEGER NOT NULL,
    left_at        INTEGER,
    code           TEXT CHECK (code IS NULL OR (length(code) = 4 AND code NOT GLOB '*[^0-9]*')),
    code_tries     INTEGER NOT NULL DEFAULT 0,
    delivered_at   INTEGER,
    cash_kobo      INTEGER NOT NULL DEFAULT 0 CHECK (cash_kobo >= 0),
    settlement_id  INTEGER REFERENCES rider_settlements(id)
);
CREATE INDEX deliveries_of_rider ON deliveries(rider_id, delivered_at);
CREATE INDEX deliveries_cash_held ON deliveries(rider_id) WHERE cash_kobo > 0 AND settlement_id IS NULL;

-- What happened to an order, as the customer's tracking page lists it. Written by triggers, so
-- every way an order is placed or moves (checkout, Paystack, a chat order, staff, a rider, the
-- lapse of an unconfirmed order) is told, in the transaction that did it.
CREATE TABLE order_events (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id  TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    at        INTEGER NOT NULL,
    status    TEXT NOT NULL
);
CREATE INDEX order_events_of_order ON order_events(order_id, id);

CREATE TRIGGER order_events_placed AFTER INSERT ON orders
BEGIN
    INSERT INTO order_events (order_id, at, status) VALUES (NEW.id, NEW.created_at, NEW.status);
END;

CREATE TRIGGER order_events_moved AFTER UPDATE OF status ON orders
WHEN OLD.status <> NEW.status
BEGIN
    INSERT INTO order_events (order_id, at, status) VALUES (NEW.id, NEW.updated_at, NEW.status);
END;

-- Orders from before: placed when made, and where they are now since their last change.
INSERT INTO order_events (order_id, at, status) SELECT id, created_at, 'placed' FROM orders;
INSERT INTO order_events (order_id, at, status) SELECT id, updated_at, status FROM orders WHERE status <> 'placed';
