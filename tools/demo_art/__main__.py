"""Generate the Ankara demo shop's license-clean images and catalogue.

Output:
    data/demo/images/{key}-{width}.jpg   (widths from data/image-widths.json)
    data/demo/catalog.json               (copy from tools/demo_art/catalog_source.toml)

Usage (tools/make_demo.sh installs Pillow into a venv first and takes the same options):
    tools/make_demo.sh                 # generate everything
    tools/make_demo.sh --only sneakers # only keys containing text (comma-separated)
    tools/make_demo.sh --preview DIR   # 640px previews into DIR
    tools/make_demo.sh --jobs 4        # worker processes
"""
import argparse
import os

from . import IMG_DIR
from .catalog import write_catalog
from .render import _worker, all_jobs


def main():
    ap = argparse.ArgumentParser(prog="tools/make_demo.sh", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="only render image keys containing this text")
    ap.add_argument("--preview", help="write 640px previews to this directory instead of data/demo")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    jobs = all_jobs()
    if args.only:
        jobs = [j for j in jobs if any(o in j[0] for o in args.only.split(","))]
    target = args.preview or IMG_DIR
    os.makedirs(target, exist_ok=True)
    if not args.preview and not args.only:
        # start from a clean image directory so stale files never linger
        for f in os.listdir(IMG_DIR):
            if f.endswith(".jpg"):
                os.remove(os.path.join(IMG_DIR, f))
    work = [(j, args.preview) for j in jobs]
    if args.jobs > 1 and len(work) > 1:
        from multiprocessing import Pool
        with Pool(args.jobs) as pool:
            for paths in pool.imap(_worker, work):
                print("wrote", ", ".join(os.path.basename(p) for p in paths))
    else:
        for w in work:
            print("wrote", ", ".join(os.path.basename(p) for p in _worker(w)))
    if not args.preview:
        cat = write_catalog()
        print("wrote catalog.json (%d collections, %d products, %d releases)" %
              (len(cat["collections"]), len(cat["products"]), len(cat["releases"])))


if __name__ == "__main__":
    main()
