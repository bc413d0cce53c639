"""The catalogue: read from catalog_source.toml, written as data/demo/catalog.json."""

import json
import os
import tomllib

from . import OUT_DIR, SOURCE_FILE

with open(SOURCE_FILE, "rb") as f:
    SOURCE = tomllib.load(f)
COLLECTIONS = SOURCE["collections"]
RELEASES = SOURCE["releases"]
ABOUT = SOURCE["about"]


def item_of(cid, num):
    coll = next(c for c in COLLECTIONS if c["id"] == cid)
    return coll["items"][num - 1]


def build_catalog():
    collections, products, index = [], [], {}
    for c in COLLECTIONS:
        collections.append({"id": c["id"], "name": c["name"], "description": c["description"],
                            "image": "collection-" + c["id"]})
        for i, it in enumerate(c["items"], 1):
            index[(c["id"], i)] = len(products)
            prod = {"collectionId": c["id"], "name": it["name"], "description": it["description"],
                    "price": it["price"], "rating": it["rating"], "reviewCount": it["reviews"]}
            if it.get("category"):
                prod["category"] = it["category"]
            prod.update({"sizes": it["sizes"], "colors": it["colors"], "featured": it["featured"],
                         "images": ["%s-%d-a" % (c["id"], i), "%s-%d-b" % (c["id"], i)]})
            products.append(prod)
    releases = []
    for k, rel in enumerate(RELEASES, 1):
        cid, num = rel["collection"], rel["item"]
        releases.append({"name": rel["name"], "description": rel["description"], "price": rel["price"],
                         "collectionId": cid, "product": index[(cid, num)], "featured": rel["featured"],
                         "image": "release-%d" % k})
    return {"collections": collections, "products": products, "releases": releases,
            "about": dict(ABOUT, image1="about-1", image2="about-2"),
            "hero": ["hero-1", "hero-2", "hero-3"]}


def write_catalog():
    cat = build_catalog()
    with open(os.path.join(OUT_DIR, "catalog.json"), "w", encoding="utf-8") as f:
        json.dump(cat, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return cat
