-- The whole product's schema. Money is integer kobo; times are unix milliseconds.

-- Stored images: `key` is the storage path without the width suffix (e.g. products/3f9a…),
-- content-addressed; one JPEG per width in `widths` lives at media/{key}-{width}.jpg.
CREATE TABLE media (
    key         TEXT PRIMARY KEY,
    widths      TEXT NOT NULL,
    width       INTEGER NOT NULL CHECK (width > 0),
    height      INTEGER NOT NULL CHECK (height > 0),
    created_at  INTEGER NOT NULL
);

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL COLLATE NOCASE UNIQUE,
    display_name  TEXT NOT NULL,
    phone         TEXT,
    photo_key     TEXT REFERENCES media(key),
    password_hash TEXT NOT NULL,
    is_admin      INTEGER NOT NULL DEFAULT 0,
    disabled      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,        -- the session's end: refreshes stop here
    token_expires_at INTEGER NOT NULL,   -- when the newest token of this session expires
    revoked_at  INTEGER
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE password_resets (
    code_hash   TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
);

CREATE TABLE collections (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL COLLATE NOCASE UNIQUE,
    description  TEXT NOT NULL,
    image_key    TEXT REFERENCES media(key),
    position     INTEGER NOT NULL DEFAULT 1000,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

CREATE TABLE products (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections(id),
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    price_kobo    INTEGER NOT NULL CHECK (price_kobo >= 0),
    featured      INTEGER NOT NULL DEFAULT 0,
    rating        REAL NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
    review_count  INTEGER NOT NULL DEFAULT 0 CHECK (review_count >= 0),
    category      TEXT,
    sizes         TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
    colors        TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX products_collection ON products(collection_id, created_at);
CREATE INDEX products_featured ON products(created_at) WHERE featured = 1;

CREATE TABLE product_images (
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    media_key   TEXT NOT NULL REFERENCES media(key),
    PRIMARY KEY (product_id, position)
);
CREATE INDEX product_images_media ON product_images(media_key);

CREATE TABLE releases (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    price_kobo    INTEGER NOT NULL CHECK (price_kobo >= 0),
    collection_id TEXT NOT NULL REFERENCES collections(id),
    product_id    TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    image_key     TEXT NOT NULL REFERENCES media(key),
    featured      INTEGER NOT NULL DEFAULT 0,
    created_by    TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX releases_created ON releases(created_at);

CREATE TABLE hero_slides (
    position   INTEGER PRIMARY KEY,
    media_key  TEXT NOT NULL REFERENCES media(key)
);

CREATE TABLE bag_items (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    size        TEXT NOT NULL DEFAULT '',
    color       TEXT NOT NULL DEFAULT '',
    quantity    INTEGER NOT NULL CHECK (quantity >= 1),
    added_at    INTEGER NOT NULL,
    UNIQUE (user_id, product_id, size, color)
);

CREATE TABLE saved_items (
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    saved_at    INTEGER NOT NULL,
    PRIMARY KEY (user_id, product_id)
);

-- A checkout attempt. status: pending, completed, failed, mismatch.
CREATE TABLE payments (
    reference         TEXT PRIMARY KEY,
    user_id           TEXT NOT NULL REFERENCES users(id),
    amount_kobo       INTEGER NOT NULL CHECK (amount_kobo > 0),
    currency          TEXT NOT NULL DEFAULT 'NGN',
    status            TEXT NOT NULL DEFAULT 'pending',
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
CREATE INDEX payments_user ON payments(user_id, created_at);
CREATE INDEX payments_status ON payments(status);

CREATE TABLE orders (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL REFERENCES users(id),
    payment_reference  TEXT NOT NULL UNIQUE REFERENCES payments(reference),
    status             TEXT NOT NULL DEFAULT 'paid',
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
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_status ON orders(status, created_at);

-- Order lines keep the name and price paid, so deleting a product never changes history.
CREATE TABLE order_items (
    order_id    TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    product_id  TEXT,
    name        TEXT NOT NULL,
    price_kobo  INTEGER NOT NULL,
    quantity    INTEGER NOT NULL CHECK (quantity >= 1),
    size        TEXT,
    color       TEXT,
    PRIMARY KEY (order_id, position)
);

CREATE TABLE about_pages (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    title         TEXT NOT NULL,
    description1  TEXT NOT NULL,
    description2  TEXT NOT NULL,
    image1_key    TEXT REFERENCES media(key),
    image2_key    TEXT REFERENCES media(key),
    created_at    INTEGER NOT NULL,
    created_by    TEXT REFERENCES users(id) ON DELETE SET NULL,
    updated_at    INTEGER NOT NULL,
    updated_by    TEXT REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE contact_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    email       TEXT NOT NULL,
    message     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    read_at     INTEGER
);

-- Small facts about this shop's data (e.g. that the demo catalogue was loaded once).
CREATE TABLE settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
