#!/usr/bin/env bash
# Cuts the shop's typefaces (from @fontsource's latin files in frontend/node_modules) into the
# woff2 files in frontend/src/assets/fonts/, which frontend/src/styles/fonts.css names: for each
# face a "core" file with what the shop's own words use (ASCII, the non-breaking space, dashes,
# curly quotes, bullet, ellipsis; kerning and ligatures kept) and a "latin" file with the rest of
# Latin-1 and the other characters of @fontsource's latin subset (accented names in a product),
# which a browser fetches only for a page that shows one of them (unicode-range). The files are
# committed; run this again only to change what they hold. Uses fonttools (pinned in
# requirements.txt) in a venv under ~/.cache/ankara/venv/ (see tools/python_env.sh).
set -euo pipefail
tools="$(cd "$(dirname "$0")/.." && pwd)"
. "$tools/python_env.sh"
ankara_python fonts "$tools/fonts/requirements.txt"
src="$tools/../frontend/node_modules/@fontsource"
out="$tools/../frontend/src/assets/fonts"
CORE="U+0020-007E,U+00A0,U+00A9,U+00B7,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026"
# @fontsource's latin subset, less the core.
LATIN="U+00A1-00A8,U+00AA-00B6,U+00B8-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-2012,U+2015-2017,U+201B,U+201F-2021,U+2023-2025,U+2027-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
mkdir -p "$out"
for face in dm-sans/dm-sans-latin-400 dm-sans/dm-sans-latin-700 dm-serif-display/dm-serif-display-latin-400; do
  file="$src/${face%%/*}/files/${face#*/}-normal.woff2"
  name="$(basename "$face" | sed 's/-latin//')"
  "$ANKARA_PYTHON" -m fontTools.subset "$file" --unicodes="$CORE" --layout-features=kern,liga \
    --flavor=woff2 --output-file="$out/$name-core.woff2"
  "$ANKARA_PYTHON" -m fontTools.subset "$file" --unicodes="$LATIN" --layout-features=kern,liga \
    --flavor=woff2 --output-file="$out/$name-latin.woff2"
done
ls -l "$out"
