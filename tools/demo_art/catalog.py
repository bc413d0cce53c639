"""The catalogue: read from catalog_source.toml, written as data/demo/catalog.json."""

import json
import os
import re
import tomllib

from . import OUT_DIR, SOURCE_FILE
from .colours import PAL

with open(SOURCE_FILE, "rb") as f:
    SOURCE = tomllib.load(f)
COLLECTIONS = SOURCE["collections"]
RELEASES = SOURCE["releases"]
ABOUT = SOURCE["about"]


def item_of(cid, num):
    coll = next(c for c in COLLECTIONS if c["id"] == cid)
    return coll["items"][num - 1]


def colour_slug(colour):
    """The part of a picture key naming a colourway: "Cream/Navy" -> "cream-navy"."""
    return re.sub(r"[^a-z0-9]+", "-", colour.lower()).strip("-")


def colourways(item):
    """An item's colourways as (colour, key slug, draw overrides), in source order, checked."""
    out = []
    for cw in item.get("colourways", []):
        colour, draw = cw.get("color"), cw.get("draw", {})
        where = "%s, colourway %r" % (item["name"], colour)
        if colour not in item["colors"][1:]:
            raise ValueError("%s: not one of its colors after the first %r" % (where, item["colors"][1:]))
        if set(cw) - {"color", "draw"} or not draw or "style" in draw:
            raise ValueError("%s: needs only color and a draw table of colour overrides" % where)
        for k, v in draw.items():
            if not (isinstance(v, str) and (v in PAL or re.fullmatch(r"[0-9a-fA-F]{6}", v))):
                raise ValueError("%s: draw.%s = %r is not a colour (hex or palette name)" % (where, k, v))
        out.append((colour, colour_slug(colour), draw))
    slugs = [s for _, s, _ in out]
    if len(set(slugs)) != len(slugs):
        raise ValueError("%s: two colourways with the same key %r" % (item["name"], slugs))
    return out


def build_catalog():
    collections, products, index = [], [], {}
    for c in COLLECTIONS:
        coll = {"id": c["id"], "name": c["name"], "description": c["description"], "image": "collection-" + c["id"]}
        if c.get("size_guide"):
            coll["sizeGuide"] = c["size_guide"]
        collections.append(coll)
        for i, it in enumerate(c["items"], 1):
            index[(c["id"], i)] = len(products)
            prod = {"collectionId": c["id"], "name": it["name"], "description": it["description"],
                    "price": it["price"], "rating": it["rating"], "reviewCount": it["reviews"]}
            if it.get("compare_at"):
                prod["compareAt"] = it["compare_at"]
            if it.get("category"):
                prod["category"] = it["category"]
            prod.update({"sizes": it["sizes"], "colors": it["colors"], "featured": it["featured"],
                         "images": ["%s-%d-a" % (c["id"], i), "%s-%d-b" % (c["id"], i)]})
            ways = [{"color": colour, "images": ["%s-%d-%s-%s" % (c["id"], i, slug, v) for v in ("a", "b")]}
                    for colour, slug, _ in colourways(it)]
            if ways:
                prod["colorImages"] = ways
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
