#!/usr/bin/env python3
"""Seeds a shop's database with N extra products for benchmarks (not for tests).

Usage: seed.py DATABASE N
New products reuse the pictures of the demo products, spread over the six collections.
"""
import random
import sqlite3
import sys
import time

WORDS = ["Classic", "Lagos", "Heritage", "Urban", "Royal", "Midnight", "Sahara", "Coastal", "Ember", "Indigo",
         "Velvet", "Harmattan", "Savannah", "Premium", "Tailored", "Slim", "Relaxed", "Signature"]
ITEMS = {
    "formal-shoes": ["Oxford", "Derby", "Loafer", "Monk Strap", "Brogue"],
    "formal-trousers": ["Chino", "Pleated Trouser", "Wool Trouser", "Slim Trouser"],
    "corporate-shirts": ["Poplin Shirt", "Oxford Shirt", "Twill Shirt", "Linen Shirt"],
    "wristwatches": ["Chronograph", "Dress Watch", "Diver", "Field Watch"],
    "suits": ["Two-Piece Suit", "Three-Piece Suit", "Tuxedo", "Blazer"],
    "sneakers": ["Runner", "Low-Top Sneaker", "High-Top Sneaker", "Trainer"],
}


def main() -> None:
    path, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(42)
    db = sqlite3.connect(path)
    pictures = [row[0] for row in db.execute("SELECT key FROM media WHERE key LIKE 'products/%'")]
    if not pictures:
        sys.exit("no product pictures to reuse: start the shop once with the demo first")
    now = int(time.time() * 1000)
    with db:
        for i in range(count):
            collection = rng.choice(list(ITEMS))
            name = f"{rng.choice(WORDS)} {rng.choice(ITEMS[collection])} {i}"
            pid = f"bench{i:06d}"
            db.execute(
                "INSERT INTO products (id, collection_id, name, description, price_kobo, featured, rating, review_count,"
                " category, sizes, colors, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (pid, collection, name, f"{name}: a benchmark product with a plausible description.",
                 rng.randrange(1_000_000, 40_000_000), 0, round(rng.uniform(3.5, 5), 1), rng.randrange(0, 400),
                 rng.choice(["Slim Fit", "Classic", None]), '["40","41","42"]', '["Black","Brown"]', now - i, now - i),
            )
            for position in range(2):
                db.execute("INSERT INTO product_images (product_id, position, media_key) VALUES (?,?,?)",
                           (pid, position, rng.choice(pictures)))
    total = db.execute("SELECT COUNT(*) FROM products").fetchone()[0]
    print(f"seeded {count} products; the shop now has {total}")


if __name__ == "__main__":
    main()
