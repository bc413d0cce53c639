-- Hardening the commerce core: a payment's holds last as long as it can be paid, the shop's own
-- limits on what one shopper may hold, codes paid past their limits flagged for the merchant, and
-- contact messages mailed to the shop in a digest past the day's cap.

-- When the payment stops being payable (Paystack's session timeout, which the shop sets to this
-- lifetime) and its holds are checked with Paystack and given back. NULL on older payments:
-- their holds keep the reservation's own expiry.
ALTER TABLE payments ADD COLUMN expires_at INTEGER;
-- So a new checkout with the same bag resumes the open transaction instead of starting another.
ALTER TABLE payments ADD COLUMN authorization_url TEXT;
-- The client address the payment was started from (IPv6 by its /64), for the per-address cap.
ALTER TABLE payments ADD COLUMN client_key TEXT;
CREATE INDEX payments_client ON payments(client_key, created_at) WHERE client_key IS NOT NULL;
CREATE INDEX payments_open_expiry ON payments(expires_at) WHERE status IN ('pending', 'failed');

-- Paid with a code whose use could no longer be counted within its limits (the money arrived for
-- a transaction the shop had cancelled or let lapse): the merchant settles it, like oversold.
ALTER TABLE orders ADD COLUMN code_over_limit INTEGER NOT NULL DEFAULT 0 CHECK (code_over_limit IN (0, 1));
CREATE INDEX orders_code_over_limit ON orders(created_at) WHERE code_over_limit = 1;

-- The merchant's settings, one JSON document (fields default in the code, so a new setting needs
-- no migration).
CREATE TABLE shop_settings (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    value  TEXT NOT NULL CHECK (json_valid(value))
);

-- Contact messages beyond the day's mail cap wait for the next digest; earlier ones count as mailed.
ALTER TABLE contact_messages ADD COLUMN mailed INTEGER NOT NULL DEFAULT 1 CHECK (mailed IN (0, 1));
CREATE INDEX contact_unmailed ON contact_messages(created_at) WHERE mailed = 0;

-- The sandbox plays Paystack's part: a transaction the shop cancelled, or whose session timed out,
-- can no longer be paid in its pop-up.
ALTER TABLE sandbox_transactions ADD COLUMN cancelled_at INTEGER;
