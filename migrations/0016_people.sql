-- People (issue 34): phone numbers kept in one form, staff invited by e-mail, and orders shipped
-- by the shop's own rider.

-- Phone numbers as E.164 (+2348031234567), however they were typed: ankara_phone() is the
-- shop's normaliser (phone::normalise), registered on the connection that migrates. A number it
-- cannot read is kept as it was (trimmed), never lost.
UPDATE users SET phone = ankara_phone(phone) WHERE phone IS NOT NULL AND phone != ankara_phone(phone);
UPDATE orders SET customer_phone = ankara_phone(customer_phone) WHERE customer_phone != ankara_phone(customer_phone);
UPDATE payments SET customer_phone = ankara_phone(customer_phone) WHERE customer_phone != ankara_phone(customer_phone);

-- An owner invites someone by e-mail to join the staff with a role; the mailed link (its token,
-- stored hashed) lets them set their name and password once, until it expires.
CREATE TABLE staff_invites (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    email       TEXT NOT NULL COLLATE NOCASE,
    role        TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'packer')),
    invited_by  TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    -- Set when the link is used (an account was made) or the owner cancels it: it works no more.
    ended_at    INTEGER
);
-- One open invitation per e-mail: inviting again replaces it.
CREATE UNIQUE INDEX staff_invites_open ON staff_invites(email) WHERE ended_at IS NULL;

-- Who took a shipped order: a courier (with its tracking number) or the shop's own rider (the
-- tracking number optional). Null for orders shipped before this was asked.
ALTER TABLE orders ADD COLUMN shipped_by TEXT CHECK (shipped_by IN ('rider', 'courier'));
