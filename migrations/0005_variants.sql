-- Stock per variant. A product sells one variant per size × colour it is offered in (or one
-- default variant with size and colour ''). `stock` is what can still be sold: starting a payment
-- takes units out of it into `reservations`, which go back if that payment never completes.
CREATE TABLE variants (
    id          TEXT PRIMARY KEY,
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    size        TEXT NOT NULL DEFAULT '',
    color       TEXT NOT NULL DEFAULT '',
    sku         TEXT,
    stock       INTEGER NOT NULL CHECK (typeof(stock) = 'integer' AND stock >= 0),
    -- Set when the shop was told this variant ran low; cleared when the merchant restocks it.
    low_mailed  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (product_id, size, color)
);
CREATE UNIQUE INDEX variants_sku ON variants(sku) WHERE sku IS NOT NULL;
CREATE INDEX variants_stock ON variants(stock);

-- Today's products become variants from their sizes × colours, 10 of each, for the merchant to
-- correct. LEFT JOIN on an empty JSON array yields one row of NULLs: the default variant.
INSERT OR IGNORE INTO variants (id, product_id, position, size, color, stock)
SELECT lower(hex(randomblob(10))), p.id, COALESCE(s.key, 0) * 100 + COALESCE(c.key, 0),
       COALESCE(s.value, ''), COALESCE(c.value, ''), 10
FROM products p LEFT JOIN json_each(p.sizes) s LEFT JOIN json_each(p.colors) c;

-- Pictures of one colour, shown instead of the gallery when a shopper picks that colour.
CREATE TABLE color_images (
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    color       TEXT NOT NULL,
    position    INTEGER NOT NULL,
    media_key   TEXT NOT NULL REFERENCES media(key),
    PRIMARY KEY (product_id, color, position)
);
CREATE INDEX color_images_media ON color_images(media_key);

-- Units held for a payment that can still complete, until `expires_at` (Unix ms).
CREATE TABLE reservations (
    payment_reference  TEXT NOT NULL REFERENCES payments(reference) ON DELETE CASCADE,
    variant_id         TEXT NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
    quantity           INTEGER NOT NULL CHECK (quantity >= 1),
    expires_at         INTEGER NOT NULL,
    PRIMARY KEY (payment_reference, variant_id)
);
CREATE INDEX reservations_expiry ON reservations(expires_at);
CREATE INDEX reservations_variant ON reservations(variant_id);

-- Bag lines point at a variant; a line whose size or colour no longer exists keeps NULL and is
-- shown as unavailable. Size and colour stay as the shopper chose them, for display.
ALTER TABLE bag_items ADD COLUMN variant_id TEXT;
UPDATE bag_items SET variant_id = (
    SELECT v.id FROM variants v
    WHERE v.product_id = bag_items.product_id AND v.size = bag_items.size AND v.color = bag_items.color
);

-- Order lines remember their variant and how many units came out of stock (what a cancellation
-- puts back); earlier orders took none.
ALTER TABLE order_items ADD COLUMN variant_id TEXT;
ALTER TABLE order_items ADD COLUMN from_stock INTEGER NOT NULL DEFAULT 0;
-- Paid for when its units were already gone: the merchant must refund or restock.
ALTER TABLE orders ADD COLUMN oversold INTEGER NOT NULL DEFAULT 0;
