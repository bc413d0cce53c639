-- Delivery fees by state, and discount codes. Money is integer kobo; times are Unix ms.

-- A zone groups states that cost the same to reach. A state belongs to at most one zone; a state
-- in none cannot be delivered to (the checkout says so).
CREATE TABLE delivery_zones (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL COLLATE NOCASE UNIQUE,
    fee_kobo        INTEGER NOT NULL CHECK (typeof(fee_kobo) = 'integer' AND fee_kobo >= 0),
    estimate        TEXT NOT NULL,
    -- Delivery is free from this subtotal on (NULL: never).
    free_over_kobo  INTEGER CHECK (free_over_kobo IS NULL OR (typeof(free_over_kobo) = 'integer' AND free_over_kobo > 0)),
    position        INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE TABLE zone_states (
    state    TEXT PRIMARY KEY,
    zone_id  TEXT NOT NULL REFERENCES delivery_zones(id) ON DELETE CASCADE
);
CREATE INDEX zone_states_zone ON zone_states(zone_id);

-- A new shop charges sensible fees from the first run; the merchant edits them.
INSERT INTO delivery_zones (id, name, fee_kobo, estimate, free_over_kobo, position, created_at, updated_at) VALUES
    ('lagos', 'Lagos', 250000, '1–2 working days', 10000000, 0, 0, 0),
    ('south-west', 'South-West', 400000, '2–3 working days', 15000000, 1, 0, 0),
    ('other-states', 'Other states', 650000, '3–5 working days', 20000000, 2, 0, 0);
INSERT INTO zone_states (state, zone_id) VALUES ('Lagos', 'lagos'),
    ('Ogun', 'south-west'), ('Oyo', 'south-west'), ('Osun', 'south-west'), ('Ondo', 'south-west'), ('Ekiti', 'south-west'),
    ('Abia', 'other-states'), ('Adamawa', 'other-states'), ('Akwa Ibom', 'other-states'), ('Anambra', 'other-states'),
    ('Bauchi', 'other-states'), ('Bayelsa', 'other-states'), ('Benue', 'other-states'), ('Borno', 'other-states'),
    ('Cross River', 'other-states'), ('Delta', 'other-states'), ('Ebonyi', 'other-states'), ('Edo', 'other-states'),
    ('Enugu', 'other-states'), ('Federal Capital Territory', 'other-states'), ('Gombe', 'other-states'), ('Imo', 'other-states'),
    ('Jigawa', 'other-states'), ('Kaduna', 'other-states'), ('Kano', 'other-states'), ('Katsina', 'other-states'),
    ('Kebbi', 'other-states'), ('Kogi', 'other-states'), ('Kwara', 'other-states'), ('Nasarawa', 'other-states'),
    ('Niger', 'other-states'), ('Plateau', 'other-states'), ('Rivers', 'other-states'), ('Sokoto', 'other-states'),
    ('Taraba', 'other-states'), ('Yobe', 'other-states'), ('Zamfara', 'other-states');

-- Codes are matched without regard to case. One of percent, amount_kobo or neither (free delivery)
-- says what the code takes off; the rest are conditions.
CREATE TABLE discount_codes (
    code               TEXT PRIMARY KEY COLLATE NOCASE,
    kind               TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'free-delivery')),
    percent            INTEGER CHECK (percent IS NULL OR percent BETWEEN 1 AND 100),
    amount_kobo        INTEGER CHECK (amount_kobo IS NULL OR amount_kobo > 0),
    min_subtotal_kobo  INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal_kobo >= 0),
    starts_at          INTEGER,
    ends_at            INTEGER,
    max_uses           INTEGER CHECK (max_uses IS NULL OR max_uses > 0),
    per_customer       INTEGER CHECK (per_customer IS NULL OR per_customer > 0),
    collections        TEXT NOT NULL DEFAULT '[]',   -- JSON array of collection ids; [] = every line
    paused             INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    CHECK ((kind = 'percent') = (percent IS NOT NULL) AND (kind = 'fixed') = (amount_kobo IS NOT NULL)),
    CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);

-- A code's use by one payment: held while that payment can complete (like stock), used once it
-- does. Held and used uses both count against the limits.
CREATE TABLE discount_uses (
    payment_reference  TEXT PRIMARY KEY REFERENCES payments(reference) ON DELETE CASCADE,
    code               TEXT NOT NULL REFERENCES discount_codes(code) ON DELETE CASCADE,
    user_id            TEXT NOT NULL,
    discount_kobo      INTEGER NOT NULL CHECK (discount_kobo >= 0),
    status             TEXT NOT NULL CHECK (status IN ('held', 'used')),
    expires_at         INTEGER,
    created_at         INTEGER NOT NULL
);
CREATE INDEX discount_uses_code ON discount_uses(code, status);
CREATE INDEX discount_uses_expiry ON discount_uses(expires_at) WHERE status = 'held';

-- The price's parts, recorded when the payment starts and copied to the order. Earlier payments
-- and orders were the bag's subtotal alone.
ALTER TABLE payments ADD COLUMN subtotal_kobo INTEGER;
ALTER TABLE payments ADD COLUMN delivery_kobo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN discount_kobo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN discount_code TEXT;
ALTER TABLE payments ADD COLUMN delivery_method TEXT NOT NULL DEFAULT 'delivery';
ALTER TABLE payments ADD COLUMN delivery_estimate TEXT;
UPDATE payments SET subtotal_kobo = amount_kobo;
ALTER TABLE orders ADD COLUMN subtotal_kobo INTEGER;
ALTER TABLE orders ADD COLUMN delivery_kobo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount_kobo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount_code TEXT;
ALTER TABLE orders ADD COLUMN delivery_method TEXT NOT NULL DEFAULT 'delivery';
ALTER TABLE orders ADD COLUMN delivery_estimate TEXT;
UPDATE orders SET subtotal_kobo = total_kobo;
