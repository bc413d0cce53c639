"""Draws the Ankara demo shop's pictures and writes its catalogue (data/demo).

Everything is drawn from scratch with Pillow (shapes only, no fonts, no downloaded assets) and is
fully deterministic: re-running produces the same files byte for byte, with the Pillow version
pinned in requirements.txt. The words and numbers come from catalog_source.toml; the picture
widths from data/image-widths.json, which the server reads too.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "data", "demo")
IMG_DIR = os.path.join(OUT_DIR, "images")
WIDTHS_FILE = os.path.join(ROOT, "data", "image-widths.json")
SOURCE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalog_source.toml")
