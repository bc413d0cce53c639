-- Prices abroad (issue 41 §2): dollars and pounds for customers abroad, delivered abroad.
-- Naira stays the shop's own money: every *_kobo column keeps meaning naira (for an order paid in
-- another currency, its naira equivalent at the rate used); what was charged in that currency is
-- kept beside it.

-- A merchant's fixed price for a product in a currency, in its minor unit (pence, cents), instead
-- of the naira price at the exchange rate.
CREATE TABLE product_prices (
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    currency    TEXT NOT NULL CHECK (currency IN ('USD', 'GBP')),
    price_minor INTEGER NOT NULL CHECK (typeof(price_minor) = 'integer' AND price_minor > 0),
    PRIMARY KEY (product_id, currency)
) WITHOUT ROWID;

-- Delivery abroad: four zones, each with its fee in its own currency.
CREATE TABLE delivery_abroad (
    region     TEXT PRIMARY KEY CHECK (region IN ('GB', 'US', 'CA', 'WORLD')),
    enabled    INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
    currency   TEXT NOT NULL CHECK (currency IN ('USD', 'GBP')),
    fee_minor  INTEGER NOT NULL CHECK (typeof(fee_minor) = 'integer' AND fee_minor >= 0),
    estimate   TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO delivery_abroad (region, enabled, currency, fee_minor, estimate) VALUES
    ('GB', 0, 'GBP', 2500, '5–8 working days'),
    ('US', 0, 'USD', 3500, '6–10 working days'),
    ('CA', 0, 'USD', 4000, '7–12 working days'),
    ('WORLD', 0, 'USD', 5000, '8–15 working days');

-- What a payment asks Paystack for in another currency: {currency, subtotal, delivery, discount,
-- total, rate} in minor units (rate: kobo per unit); NULL for naira. `currency` already exists.
ALTER TABLE payments ADD COLUMN charge TEXT;
ALTER TABLE orders ADD COLUMN currency TEXT NOT NULL DEFAULT 'NGN' CHECK (currency IN ('NGN', 'USD', 'GBP'));
ALTER TABLE orders ADD COLUMN charge TEXT;
-- A line's unit price in the order's currency (NULL for naira).
ALTER TABLE order_items ADD COLUMN price_minor INTEGER;
-- A refund of an order paid in another currency, in that currency (amount_kobo: its naira worth).
ALTER TABLE refunds ADD COLUMN amount_minor INTEGER CHECK (amount_minor IS NULL OR (typeof(amount_minor) = 'integer' AND amount_minor > 0));
