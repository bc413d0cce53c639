-- Bringing a catalogue from a spreadsheet or another shop: a product's handle (its key in the
-- products CSV, e.g. Shopify's), and the pictures already brought in, by where they came from, so
-- importing the same file again fetches and stores nothing new.
ALTER TABLE products ADD COLUMN handle TEXT;
CREATE UNIQUE INDEX products_handle ON products(handle) WHERE handle IS NOT NULL;

CREATE TABLE imported_pictures (
    -- "url:https://…" for a picture fetched, "sha256:…" of the file's bytes for one from a zip or folder.
    source      TEXT PRIMARY KEY,
    media_key   TEXT NOT NULL REFERENCES media(key) ON DELETE CASCADE
);
