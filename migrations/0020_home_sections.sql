-- The home page as the merchant lays it out (issue 33, part 2): each version of the shop's
-- identity (published, draft, previous) carries its home page's sections as a JSON document, so
-- the home page is drafted, previewed, published and reverted with the rest of the shop's look.
-- NULL is the seed's layout (three hero slides from hero_slides, collections, releases, featured).
ALTER TABLE brand_versions ADD COLUMN home TEXT;
