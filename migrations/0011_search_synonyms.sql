-- Search words the merchant edits: each row is a group of words and phrases that mean the same
-- (a JSON list of strings as typed), applied when a shopper's query is read.
CREATE TABLE search_synonyms (
    position  INTEGER PRIMARY KEY,
    words     TEXT NOT NULL CHECK (json_valid(words) AND json_type(words) = 'array' AND json_array_length(words) >= 2)
);

-- The words shoppers use for this shop's things.
INSERT INTO search_synonyms (position, words) VALUES
    (0, '["sneakers", "trainers", "kicks"]'),
    (1, '["trousers", "pants", "slacks"]'),
    (2, '["watch", "wristwatch", "wrist watch", "timepiece"]'),
    (3, '["tuxedo", "tux", "dinner suit"]'),
    (4, '["t-shirt", "tee"]'),
    (5, '["chinos", "khakis"]'),
    (6, '["grey", "gray"]'),
    (7, '["formal shoes", "dress shoes"]');
