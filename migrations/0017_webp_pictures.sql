-- Pictures are also stored as lossy WebP (issue 40): one media/{key}-{width}.webp per width in
-- `webp_widths`, beside the JPEGs of `widths`. Empty for pictures stored before, until
-- `ankara media reencode` encodes them; their JPEGs stay as they were (the fallback for the odd
-- browser without WebP).
ALTER TABLE media ADD COLUMN webp_widths TEXT NOT NULL DEFAULT '';
