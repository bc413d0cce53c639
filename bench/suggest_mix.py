#!/usr/bin/env python3
"""Search-bar queries as shoppers type them, for bench/run.sh to replay with wrk.

Usage: bench/suggest_mix.py DATABASE OUT_DIR [REQUESTS]

From the shop's catalogue (product names, categories, collection names) it makes the beginnings
shoppers type: prefixes of 2 to 12 characters of one word, or a whole word and the beginning of the
next one (in a product's name, or after its colour or category). It keeps DISTINCT of them
(6,000: every one-word beginning first, in a shuffled order, then two-word ones), gives one in five
a typo (a letter dropped, doubled, swapped with its neighbour or replaced), and draws REQUESTS
(default 200,000) from a Zipf distribution over that order (a few one-word queries very common, a
long tail), with a fixed seed so every run replays the same list. Writes:

  OUT_DIR/suggest-mix.txt   the draws, one request path a line
  OUT_DIR/suggest-cold.txt  distinct queries only, never repeated (every request is a cache miss)
"""

import json
import random
import re
import sqlite3
import sys
import urllib.parse

SEED = 25_27
TYPO_SHARE = 0.2
ZIPF_S = 1.0
DISTINCT = 6_000
COLD = 150_000


def words_of(text):
    return [w for w in re.split(r"[^a-z]+", text.lower()) if len(w) >= 2]


def typo(query, rng):
    """One edit somewhere after the first letter, which shoppers rarely get wrong."""
    if len(query) < 3:
        return query
    i = rng.randrange(1, len(query))
    letter = rng.choice("abcdefghijklmnopqrstuvwxyz")
    kind = rng.randrange(4)
    if kind == 0:
        return query[:i] + query[i + 1 :]
    if kind == 1:
        return query[:i] + query[i] + query[i:]
    if kind == 2 and i + 1 < len(query) and query[i] != query[i + 1] and query[i] != " " and query[i + 1] != " ":
        return query[:i] + query[i + 1] + query[i] + query[i + 2 :]
    if query[i] == " ":
        return query
    return query[:i] + letter + query[i + 1 :]


def main():
    database, out = sys.argv[1], sys.argv[2]
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    products = db.execute("SELECT p.name, COALESCE(p.category, ''), p.colors, c.name FROM products p JOIN collections c ON c.id = p.collection_id").fetchall()
    names = sorted({r[0] for r in products})
    categories = [r[0] for r in db.execute("SELECT DISTINCT category FROM products WHERE category IS NOT NULL")]
    collections = [r[0] for r in db.execute("SELECT name FROM collections")]

    colors = sorted({c for r in products for c in json.loads(r[2])})
    vocabulary = sorted({w for text in names + categories + collections + colors for w in words_of(text)})
    prefixes = sorted({w[:n] for w in vocabulary for n in range(2, min(12, len(w)) + 1)})
    pairs = set()
    for name, category, product_colors, collection in products:
        ws = words_of(name)
        # The words in the name's order, and a colour or category before the name's or the
        # collection's words ("black oxf", "slim tro").
        firsts = [(a, b) for a, b in zip(ws, ws[1:])]
        for before in words_of(category) + [w for c in json.loads(product_colors) for w in words_of(c)]:
            firsts += [(before, w) for w in ws + words_of(collection) if w != before]
        for first, second in firsts:
            for n in range(2, min(12, len(second)) + 1):
                pairs.add(f"{first} {second[:n]}")
    pairs = sorted(pairs)

    rng = random.Random(SEED)
    # Most shoppers type one word: the one-word beginnings take the common ranks, shuffled, and
    # two-word ones the long tail.
    rng.shuffle(prefixes)
    rng.shuffle(pairs)
    candidates = prefixes + pairs
    queries, seen = [], set()
    for q in candidates[:DISTINCT]:
        if rng.random() < TYPO_SHARE:
            q = typo(q, rng)
        if q not in seen:
            seen.add(q)
            queries.append(q)
    typos = len(set(queries) - set(candidates))
    weights = [1 / (rank + 1) ** ZIPF_S for rank in range(len(queries))]
    mix = rng.choices(queries, weights=weights, k=requests)

    # The cold list never repeats a query, nor asks one of the mix's (which the first run cached).
    cold_set = set(candidates) | seen
    cold = sorted(set(candidates) - seen)
    while len(cold) < COLD:
        q = typo(rng.choice(candidates), rng)
        if q not in cold_set:
            cold_set.add(q)
            cold.append(q)
    rng.shuffle(cold)

    def path(q):
        return "/api/search/suggest?q=" + urllib.parse.quote(q)

    with open(f"{out}/suggest-mix.txt", "w") as f:
        f.writelines(path(q) + "\n" for q in mix)
    with open(f"{out}/suggest-cold.txt", "w") as f:
        f.writelines(path(q) + "\n" for q in cold)

    distinct = len(set(mix))
    candidates_set = set(candidates)
    counts = {}
    for q in mix:
        counts[q] = counts.get(q, 0) + 1
    top = sorted(counts.values(), reverse=True)
    typo_draws = sum(1 for q in mix if q not in candidates_set)
    one_word = sum(1 for q in mix if " " not in q)
    print(
        f"  query mix: {len(vocabulary)} catalogue words, {len(prefixes):,} one-word and {len(pairs):,} two-word beginnings; "
        f"{len(queries):,} queries ({typos / len(queries) * 100:.0f} % with a typo), {requests:,} Zipf draws of "
        f"{distinct:,} of them ({typo_draws / requests * 100:.0f} % with a typo, {one_word / requests * 100:.0f} % one word); "
        f"the commonest 10 make "
        f"{sum(top[:10]) / requests * 100:.0f} % of the draws; seed {SEED}"
    )


if __name__ == "__main__":
    main()
