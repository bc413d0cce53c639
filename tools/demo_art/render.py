"""Render jobs: which pictures exist, drawing one, and writing its JPEG widths."""

import json
import os

from PIL import Image

from . import IMG_DIR, WIDTHS_FILE
from .about_scenes import scene_about
from .catalog import COLLECTIONS, colourways
from .landscape_scenes import scene_banner, scene_hero, scene_release
from .product_scenes import scene_product

JPEG_OPTS = dict(quality=82, optimize=True, progressive=True)
with open(WIDTHS_FILE, encoding="utf-8") as f:
    WIDTHS = json.load(f)  # the widths the server stores pictures at, shared with src/media


def product_jobs():
    """Pictures a and b of every product, then of each of its colourways (the same scene, with
    the colourway's draw overrides: key {collection}-{item}-{colour slug}-{a|b})."""
    jobs = []
    for c in COLLECTIONS:
        for i, it in enumerate(c["items"], 1):
            for v in ("a", "b"):
                jobs.append(("%s-%d-%s" % (c["id"], i, v), "product", (c["id"], i - 1, v, None)))
            for _, slug, draw in colourways(it):
                for v in ("a", "b"):
                    jobs.append(("%s-%d-%s-%s" % (c["id"], i, slug, v), "product", (c["id"], i - 1, v, draw)))
    return jobs


def all_jobs():
    jobs = product_jobs()
    for c in COLLECTIONS:
        jobs.append(("collection-" + c["id"], "landscape", ("banner", c["id"])))
    for k in range(1, 5):
        jobs.append(("release-%d" % k, "landscape", ("release", k)))
    for k in range(1, 3):
        jobs.append(("about-%d" % k, "about", ("about", k)))
    for k in range(1, 4):
        jobs.append(("hero-%d" % k, "landscape", ("hero", k)))
    return jobs


def render_job(job):
    key, kind, args = job
    if kind == "product":
        cid, idx, view, draw = args
        coll = next(c for c in COLLECTIONS if c["id"] == cid)
        item = coll["items"][idx]
        if draw:
            item = dict(item, draw=dict(item["draw"], **draw))
        # the ornaments are seeded by the main picture's key, so a colourway changes only the product
        return scene_product("%s-%d-%s" % (cid, idx + 1, view), cid, item, view)
    what = args[0]
    fn = {"banner": scene_banner, "release": scene_release, "about": scene_about, "hero": scene_hero}[what]
    return fn(key, args[1])


def save_jpeg(img, path):
    img.convert("RGB").save(path, "JPEG", **JPEG_OPTS)


def run_job(job, preview_dir=None):
    key, kind, _ = job
    img = render_job(job)
    widths = WIDTHS["portrait"] if kind == "product" else WIDTHS["wide"]
    out = []
    if preview_dir:
        w = 640
        h = int(round(img.height * w / img.width))
        p = os.path.join(preview_dir, "%s-%d.jpg" % (key, w))
        save_jpeg(img.resize((w, h), Image.LANCZOS), p)
        return [p]
    for w in widths:
        h = int(round(img.height * w / img.width))
        im = img if w == img.width else img.resize((w, h), Image.LANCZOS)
        p = os.path.join(IMG_DIR, "%s-%d.jpg" % (key, w))
        save_jpeg(im, p)
        out.append(p)
    return out


def _worker(args):
    job, preview = args
    return run_job(job, preview)
