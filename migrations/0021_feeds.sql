-- Catalogue feeds (issue 41, part 1): the products as Meta (Instagram, Facebook) and Google
-- Merchant Center read them, at public addresses under a secret the merchant can replace.
--
-- One row: the secret in the feeds' addresses (made here, 128 random bits; rotating it replaces
-- it, and the old addresses answer 404), and the shop-wide gender and age group that channels
-- require of clothing.
CREATE TABLE feed_settings (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    token      TEXT NOT NULL,
    gender     TEXT NOT NULL DEFAULT 'unisex' CHECK (gender IN ('female', 'male', 'unisex')),
    age_group  TEXT NOT NULL DEFAULT 'adult' CHECK (age_group IN ('newborn', 'infant', 'toddler', 'kids', 'adult')),
    rotated_at INTEGER
);
INSERT INTO feed_settings (id, token) VALUES (1, lower(hex(randomblob(16))));

-- A collection's own gender and age group (NULL: the shop's), e.g. "Women's gowns" female.
ALTER TABLE collections ADD COLUMN feed_gender TEXT CHECK (feed_gender IN ('female', 'male', 'unisex'));
ALTER TABLE collections ADD COLUMN feed_age_group TEXT CHECK (feed_age_group IN ('newborn', 'infant', 'toddler', 'kids', 'adult'));
