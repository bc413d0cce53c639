-- The shop's identity (issue 33, §1 and §5): its name, description, colours, fonts, contact and
-- social links as one typed document (src/brand), kept in up to three versions: the one shoppers
-- see, the merchant's draft, and the one published before (for going back in one step). The logo
-- is a media row, named in its own column so a picture in use is never released.
CREATE TABLE brand_versions (
    state TEXT PRIMARY KEY CHECK (state IN ('published', 'draft', 'previous')),
    document TEXT NOT NULL,
    logo_key TEXT REFERENCES media (key),
    updated_at INTEGER NOT NULL
);
