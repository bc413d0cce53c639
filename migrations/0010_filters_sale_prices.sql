-- Filters and sort on collection and search pages, sale prices, size guides.

-- A product is on sale when its compare-at price (what it cost before) is above its price (what
-- it costs now); NULL when it is not on sale.
ALTER TABLE products ADD COLUMN compare_at_kobo INTEGER CHECK (compare_at_kobo IS NULL OR compare_at_kobo > 0);

-- The compare-at price a line was bought under (above its price), so the order's e-mails can show
-- what the shopper saved; NULL for lines bought at full price.
ALTER TABLE order_items ADD COLUMN compare_at_kobo INTEGER;

-- A collection's size guide: JSON {"columns": [...], "rows": [[...], ...]} of short texts, NULL
-- for none.
ALTER TABLE collections ADD COLUMN size_guide TEXT;
