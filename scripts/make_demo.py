#!/usr/bin/env python3
"""Generate the Ankara demo shop's license-clean images and catalogue.

Everything is drawn from scratch with Pillow (shapes only, no fonts, no
downloaded assets) and is fully deterministic: re-running produces the same
files byte for byte.

Output:
    data/demo/images/{key}-{width}.jpg
    data/demo/catalog.json

Usage:
    python3 scripts/make_demo.py                 # generate everything
    python3 scripts/make_demo.py --only sneakers # only keys containing text
    python3 scripts/make_demo.py --preview DIR   # 640px previews into DIR
    python3 scripts/make_demo.py --jobs 4        # worker processes
"""
import argparse
import json
import math
import os
import sys
import zlib
from contextlib import contextmanager

from PIL import Image, ImageDraw, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "data", "demo")
IMG_DIR = os.path.join(OUT_DIR, "images")

PRODUCT_SIZE = (1024, 1280)          # portrait 4:5
LANDSCAPE_SIZE = (1600, 900)         # 16:9
ABOUT_SIZE = (1600, 1200)            # 4:3
PRODUCT_WIDTHS = (320, 640, 1024)
LANDSCAPE_WIDTHS = (640, 1024, 1600)
SS = 2                               # supersampling factor
JPEG_OPTS = dict(quality=82, optimize=True, progressive=True)


# --------------------------------------------------------------------------
# colour helpers
# --------------------------------------------------------------------------

def hx(s):
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


PAL = {
    "cream": hx("faf7f2"),
    "sand": hx("efe6d8"),
    "terracotta": hx("e4572e"),
    "gold": hx("f2a541"),
    "indigo": hx("1b1f3b"),
    "teal": hx("0f766e"),
    "blush": hx("f4d6cc"),
    "sage": hx("cfdccf"),
}
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def mix(a, b, t):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def lt(c, t):
    return mix(c, WHITE, t)


def dk(c, t):
    return mix(c, BLACK, t)


def A(c, a):
    """Colour with alpha (a in 0..1)."""
    return (c[0], c[1], c[2], max(0, min(255, int(round(a * 255)))))


def lum(c):
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


def col(c):
    return c if isinstance(c, tuple) else PAL.get(c) or hx(c)


# metals: (light, mid, dark)
METALS = {
    "steel": (hx("f4f6f8"), hx("b9c0c8"), hx("6d7680")),
    "gold": (hx("fff0b8"), hx("d9a93f"), hx("8a6216")),
    "rose": (hx("fde1d3"), hx("d39a84"), hx("8c5443")),
    "black": (hx("6a6e76"), hx("2c2f35"), hx("0e0f12")),
    "gunmetal": (hx("b7bcc4"), hx("5d636c"), hx("2a2e34")),
    "brass": (hx("ffe7a3"), hx("c9a04a"), hx("7c5a1c")),
}


# --------------------------------------------------------------------------
# geometry helpers
# --------------------------------------------------------------------------

class Aff:
    """2D affine transform (x' = a x + b y + c, y' = d x + e y + f)."""
    __slots__ = ("a", "b", "c", "d", "e", "f")

    def __init__(self, a=1.0, b=0.0, c=0.0, d=0.0, e=1.0, f=0.0):
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f

    def __matmul__(self, o):
        return Aff(self.a * o.a + self.b * o.d, self.a * o.b + self.b * o.e,
                   self.a * o.c + self.b * o.f + self.c,
                   self.d * o.a + self.e * o.d, self.d * o.b + self.e * o.e,
                   self.d * o.c + self.e * o.f + self.f)

    def __call__(self, p):
        x, y = p
        return (self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f)

    @property
    def scale(self):
        return math.sqrt(abs(self.a * self.e - self.b * self.d))


def place(tx=0.0, ty=0.0, s=1.0, rot=0.0, flip=False):
    r = math.radians(rot)
    ca, sa = math.cos(r) * s, math.sin(r) * s
    fx = -1.0 if flip else 1.0
    return Aff(ca * fx, -sa, tx, sa * fx, ca, ty)


def cubic(p0, p1, p2, p3, n=24):
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


class Path:
    def __init__(self, p):
        self.pts = [p]

    def L(self, *ps):
        self.pts.extend(ps)
        return self

    def C(self, c1, c2, p, n=24):
        self.pts.extend(cubic(self.pts[-1], c1, c2, p, n))
        return self

    def Q(self, c, p, n=20):
        p0 = self.pts[-1]
        c1 = (p0[0] + 2 / 3 * (c[0] - p0[0]), p0[1] + 2 / 3 * (c[1] - p0[1]))
        c2 = (p[0] + 2 / 3 * (c[0] - p[0]), p[1] + 2 / 3 * (c[1] - p[1]))
        return self.C(c1, c2, p, n)


def curve(p0, c1, c2, p3, n=24):
    return [p0] + cubic(p0, c1, c2, p3, n)


def ell(cx, cy, rx, ry, rot=0.0, n=128, a0=0.0, a1=360.0):
    r = math.radians(rot)
    cr, sr = math.cos(r), math.sin(r)
    pts = []
    full = abs(a1 - a0) >= 360
    m = n if full else max(4, int(n * abs(a1 - a0) / 360))
    for i in range(m if full else m + 1):
        a = math.radians(a0 + (a1 - a0) * i / m)
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return pts


def rrect(x0, y0, x1, y1, r, n=8):
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    if r <= 0:
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    pts = []
    for cx, cy, a0 in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        for i in range(n + 1):
            a = math.radians(a0 + 90 * i / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def mirror(pts):
    return [(-x, y) for x, y in pts]


def offset(pts, d):
    """Offset a polyline along its normals (positive = right hand side when
    walking the line in screen coordinates, i.e. 'down' for a left-to-right
    line)."""
    out = []
    n = len(pts)
    for i, p in enumerate(pts):
        a = pts[max(i - 1, 0)]
        b = pts[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1.0
        out.append((p[0] - dy / ln * d, p[1] + dx / ln * d))
    return out


def band(pts, w0, w1=None):
    """Polygon of a band around a polyline (half widths w0 at start, w1 at end)."""
    if w1 is None:
        w1 = w0
    n = len(pts)
    left, right = [], []
    for i, p in enumerate(pts):
        t = i / max(1, n - 1)
        w = w0 + (w1 - w0) * t
        a = pts[max(i - 1, 0)]
        b = pts[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        left.append((p[0] + nx * w, p[1] + ny * w))
        right.append((p[0] - nx * w, p[1] - ny * w))
    return left + right[::-1]


def plen(pts):
    return sum(math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


def along(pts, t):
    """Point and unit tangent at fraction t of a polyline's length."""
    total = plen(pts)
    target = total * max(0.0, min(1.0, t))
    acc = 0.0
    for i in range(len(pts) - 1):
        a, b = pts[i], pts[i + 1]
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if acc + seg >= target and seg > 0:
            u = (target - acc) / seg
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u), ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg)
        acc += seg
    a, b = pts[-2], pts[-1]
    seg = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return b, ((b[0] - a[0]) / seg, (b[1] - a[1]) / seg)


def sub(pts, t0, t1, n=30):
    return [along(pts, t0 + (t1 - t0) * i / n)[0] for i in range(n + 1)]


def rot_pts(pts, ang, cx=0.0, cy=0.0):
    r = math.radians(ang)
    c, s = math.cos(r), math.sin(r)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in pts]


def shift(pts, dx, dy):
    return [(x + dx, y + dy) for x, y in pts]


def scale_pts(pts, sx, sy=None, cx=0.0, cy=0.0):
    sy = sx if sy is None else sy
    return [(cx + (x - cx) * sx, cy + (y - cy) * sy) for x, y in pts]


class Rng:
    """Tiny deterministic PRNG (LCG) independent of Python's random module."""

    def __init__(self, seed):
        self.s = (zlib.crc32(str(seed).encode()) ^ 0x5DEECE66D) & ((1 << 48) - 1)

    def random(self):
        self.s = (self.s * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        return (self.s >> 17) / float(1 << 31)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def choice(self, seq):
        return seq[int(self.random() * len(seq)) % len(seq)]


# --------------------------------------------------------------------------
# canvas
# --------------------------------------------------------------------------

_RAMP = None


def _ramp():
    global _RAMP
    if _RAMP is None:
        data = [0] * 1024 + list(range(256)) + [255] * 1024
        im = Image.new("L", (1, len(data)))
        im.putdata(data)
        _RAMP = im.resize((4, len(data)))
    return _RAMP


class Canvas:
    def __init__(self, w, h, bg=(255, 255, 255), ss=SS):
        self.w, self.h, self.ss = w, h, ss
        self.img = Image.new("RGB", (w * ss, h * ss), bg)
        self.dr = ImageDraw.Draw(self.img, "RGBA")
        self.stack = [Aff(ss, 0, 0, 0, ss, 0)]

    # transform stack ------------------------------------------------------
    @property
    def m(self):
        return self.stack[-1]

    @contextmanager
    def at(self, tx=0.0, ty=0.0, s=1.0, rot=0.0, flip=False):
        self.stack.append(self.m @ place(tx, ty, s, rot, flip))
        try:
            yield
        finally:
            self.stack.pop()

    def P(self, pts):
        m = self.m
        return [m(p) for p in pts]

    def W(self, w):
        return max(1, int(round(w * self.m.scale)))

    def _bbox(self, pp, pad=0):
        xs = [p[0] for p in pp]
        ys = [p[1] for p in pp]
        x0 = max(0, int(math.floor(min(xs))) - pad)
        y0 = max(0, int(math.floor(min(ys))) - pad)
        x1 = min(self.img.width, int(math.ceil(max(xs))) + 1 + pad)
        y1 = min(self.img.height, int(math.ceil(max(ys))) + 1 + pad)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1, y1

    # primitives -----------------------------------------------------------
    def poly(self, pts, fill=None, outline=None, width=1.0):
        if fill is not None:
            self.dr.polygon(self.P(pts), fill=fill)
        if outline is not None:
            self.line(list(pts) + [pts[0]], outline, width)

    def line(self, pts, color, width=1.0, cap=False):
        if len(color) == 4 and color[3] < 255 and len(pts) > 2:
            self.poly(band(pts, width / 2.0), color)
            return
        pp = self.P(pts)
        w = self.W(width)
        self.dr.line(pp, fill=color, width=w, joint="curve" if len(pp) > 2 else None)
        if cap and w > 2:
            r = w / 2.0
            for x, y in (pp[0], pp[-1]):
                self.dr.ellipse((x - r, y - r, x + r, y + r), fill=color)

    def dash(self, pts, color, width=0.6, on=2.0, off=1.4):
        total = plen(pts)
        if total <= 0:
            return
        pos = 0.0
        while pos < total:
            t0 = pos / total
            t1 = min(total, pos + on) / total
            seg = sub(pts, t0, t1, 3)
            self.line(seg, color, width)
            pos += on + off

    def circle(self, cx, cy, r, fill=None, outline=None, width=1.0):
        x, y = self.m((cx, cy))
        rr = r * self.m.scale
        self.dr.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill, outline=outline,
                        width=self.W(width) if outline is not None else 0)

    def ellipse(self, cx, cy, rx, ry, rot=0.0, fill=None, outline=None, width=1.0):
        pts = ell(cx, cy, rx, ry, rot, n=max(32, min(256, int(max(rx, ry) * self.m.scale / 2))))
        self.poly(pts, fill, outline, width)

    def rect(self, x0, y0, x1, y1, fill=None, r=0.0, outline=None, width=1.0):
        self.poly(rrect(x0, y0, x1, y1, r), fill, outline, width)

    def grad_poly(self, pts, c1, c2, p1, p2, alpha=1.0):
        """Fill polygon with a linear gradient c1 at p1 -> c2 at p2."""
        pp = self.P(pts)
        bb = self._bbox(pp)
        if not bb:
            return
        x0, y0, x1, y1 = bb
        bw, bh = x1 - x0, y1 - y0
        mask = Image.new("L", (bw, bh), 0)
        ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pp], fill=int(255 * alpha))
        X1, Y1 = self.m(p1)
        X2, Y2 = self.m(p2)
        dx, dy = X2 - X1, Y2 - Y1
        l2 = dx * dx + dy * dy or 1.0
        k = 255.0 / l2
        g = _ramp().transform((bw, bh), Image.AFFINE,
                              (0, 0, 2, k * dx, k * dy, 1024 + k * (dx * (x0 - X1) + dy * (y0 - Y1))),
                              resample=Image.BILINEAR)
        colimg = Image.composite(Image.new("RGB", (bw, bh), c2[:3]), Image.new("RGB", (bw, bh), c1[:3]), g)
        self.img.paste(colimg, (x0, y0), mask)

    def radial(self, pts, c_in, c_out, center, radius, alpha=1.0):
        """Fill polygon with a radial gradient."""
        pp = self.P(pts)
        bb = self._bbox(pp)
        if not bb:
            return
        x0, y0, x1, y1 = bb
        bw, bh = x1 - x0, y1 - y0
        mask = Image.new("L", (bw, bh), 0)
        ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pp], fill=int(255 * alpha))
        cx, cy = self.m(center)
        r = radius * self.m.scale
        k = 128.0 / r
        g = Image.radial_gradient("L").transform((bw, bh), Image.AFFINE,
                                                 (k, 0, 128 + k * (x0 - cx), 0, k, 128 + k * (y0 - cy)),
                                                 resample=Image.BILINEAR, fillcolor=255)
        colimg = Image.composite(Image.new("RGB", (bw, bh), c_out[:3]), Image.new("RGB", (bw, bh), c_in[:3]), g)
        self.img.paste(colimg, (x0, y0), mask)

    def soft(self, pts, color, alpha=0.3, blur=2.0):
        """Blurred polygon (shadows, glows). blur in local units."""
        pp = self.P(pts)
        br = max(1.0, blur * self.m.scale)
        pad = int(br * 3) + 4
        bb = self._bbox(pp, pad)
        if not bb:
            return
        x0, y0, x1, y1 = bb
        bw, bh = x1 - x0, y1 - y0
        f = 4
        sw, sh = max(1, bw // f + 1), max(1, bh // f + 1)
        mask = Image.new("L", (sw, sh), 0)
        ImageDraw.Draw(mask).polygon([((x - x0) / f, (y - y0) / f) for x, y in pp], fill=int(255 * alpha))
        mask = mask.filter(ImageFilter.GaussianBlur(br / f)).resize((bw, bh), Image.BILINEAR)
        self.img.paste(Image.new("RGB", (bw, bh), color[:3]), (x0, y0), mask)

    @contextmanager
    def clip(self, pts):
        """Everything drawn inside the block is clipped to polygon pts."""
        pp = self.P(pts)
        bb = self._bbox(pp, 2)
        saved, saved_dr = self.img, self.dr
        self.img = saved.copy()
        self.dr = ImageDraw.Draw(self.img, "RGBA")
        try:
            yield
        finally:
            if bb:
                x0, y0, x1, y1 = bb
                mask = Image.new("L", (x1 - x0, y1 - y0), 0)
                ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pp], fill=255)
                saved.paste(self.img.crop(bb), (x0, y0), mask)
            self.img, self.dr = saved, saved_dr

    def result(self):
        return self.img.resize((self.w, self.h), Image.LANCZOS)


# --------------------------------------------------------------------------
# backgrounds & Ankara-inspired ornaments (design pixel coordinates)
# --------------------------------------------------------------------------

def fill_bg(cv, c1, c2=None, angle=90):
    c2 = c1 if c2 is None else c2
    w, h = cv.w, cv.h
    r = math.radians(angle)
    cx, cy = w / 2, h / 2
    L = (abs(math.cos(r)) * w + abs(math.sin(r)) * h) / 2
    p1 = (cx - math.cos(r) * L, cy - math.sin(r) * L)
    p2 = (cx + math.cos(r) * L, cy + math.sin(r) * L)
    cv.grad_poly([(0, 0), (w, 0), (w, h), (0, h)], c1, c2, p1, p2)


def rings(cv, cx, cy, r, colors, step, width=None, start=0):
    """Concentric rings alternating through colors (outermost first)."""
    i = start
    rr = r
    width = step * 0.5 if width is None else width
    while rr > width * 0.6:
        cv.circle(cx, cy, rr, outline=colors[i % len(colors)], width=width)
        rr -= step
        i += 1


def target(cv, cx, cy, r, c_ring, c_fill, c_dot):
    cv.circle(cx, cy, r, fill=c_fill)
    cv.circle(cx, cy, r * 0.78, outline=c_ring, width=r * 0.12)
    cv.circle(cx, cy, r * 0.45, fill=c_ring)
    cv.circle(cx, cy, r * 0.2, fill=c_dot)
    for i in range(12):
        a = math.radians(i * 30)
        cv.circle(cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62, r * 0.045, fill=c_dot)


def diamond(cv, cx, cy, rx, ry, fill):
    cv.poly([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], fill)


def diamond_row(cv, x0, y, n, size, gap, c1, c2):
    for i in range(n):
        x = x0 + i * (size * 2 + gap)
        diamond(cv, x, y, size, size * 1.3, c1)
        diamond(cv, x, y, size * 0.45, size * 0.6, c2)


def dots_grid(cv, x0, y0, cols, rows, step, r, color):
    for i in range(cols):
        for j in range(rows):
            cv.circle(x0 + i * step, y0 + j * step, r, fill=color)


def zigzag(cv, x0, y, length, amp, period, color, width):
    pts = []
    n = int(length / (period / 2)) + 1
    for i in range(n + 1):
        pts.append((x0 + i * period / 2, y + (amp if i % 2 else -amp)))
    cv.line(pts, color, width)


def fan(cv, cx, cy, r, a0, a1, colors, n=5):
    """Quarter/half disc split in alternating concentric bands."""
    for i in range(n):
        rr = r * (1 - i / n)
        cv.poly([(cx, cy)] + ell(cx, cy, rr, rr, 0, 96, a0, a1), colors[i % len(colors)])


def leaf_motif(cv, cx, cy, s, rot, c1, c2):
    pts = Path((0, -s)).C((s * 0.6, -s * 0.5), (s * 0.6, s * 0.5), (0, s)).C((-s * 0.6, s * 0.5), (-s * 0.6, -s * 0.5), (0, -s)).pts
    pts = shift(rot_pts(pts, rot), cx, cy)
    cv.poly(pts, c1)
    cv.line(shift(rot_pts([(0, -s * 0.8), (0, s * 0.8)], rot), cx, cy), c2, s * 0.08)


def ankara_corner(cv, corner, scale, c1, c2, c3, rng):
    """Wax-print inspired cluster in one corner: rings, target, diamonds, dots."""
    w, h = cv.w, cv.h
    sx = 1 if corner in ("tl", "bl") else -1
    sy = 1 if corner in ("tl", "tr") else -1
    ox = 0 if sx > 0 else w
    oy = 0 if sy > 0 else h
    s = scale

    def P(x, y):
        return ox + sx * x * s, oy + sy * y * s

    x, y = P(0, 0)
    rings(cv, x, y, 210 * s, [c1, c2], 34 * s, 17 * s)
    x, y = P(250, 70)
    target(cv, x, y, 48 * s, c2, c3, c1)
    x, y = P(70, 260)
    target(cv, x, y, 36 * s, c1, c3, c2)
    for i in range(4):
        x, y = P(215 + i * 26, 180 + i * 26)
        diamond(cv, x, y, 9 * s, 9 * s, c2 if i % 2 else c1)
    x, y = P(180, 250)
    dots_grid(cv, x - (0 if sx > 0 else 60 * s), y - (0 if sy > 0 else 60 * s), 4, 4, 20 * s, 4 * s, c1)


def podium(cv, cx, cy, rx, ry, h, c):
    """Cylinder plinth: top ellipse centred at (cx, cy)."""
    body = [(cx - rx, cy), (cx + rx, cy)] + ell(cx, cy + h, rx, ry, 0, 160, 0, 180)
    cv.grad_poly(body, dk(c, 0.04), dk(c, 0.22), (cx - rx, cy), (cx + rx, cy))
    cv.poly(ell(cx, cy, rx, ry), lt(c, 0.22))
    cv.line(ell(cx, cy, rx, ry, 0, 160, 0, 180), A(WHITE, 0.5), 2)


# --------------------------------------------------------------------------
# product drawers -- each draws in its own local unit space
# --------------------------------------------------------------------------

SHOE_SOLE_TOP = Path((51, 14.5)).C((45, 17), (40, 17.6), (30, 17.6)).L((-4, 17.6)).C((-15, 17.6), (-25, 13.5), (-31, 13)).L((-47.5, 13)).pts


def draw_formal_shoe(cv, p):
    """Dress shoe, side view, toe pointing right. Ground at y=20, x in -50..52."""
    st = p["style"]
    c = col(p["color"])
    suede = p.get("suede", False)
    sole_c = col(p.get("sole", (46, 32, 26)))
    hi = 0.25 if suede else 0.6
    if p.get("shadow", True):
        cv.soft(ell(1, 20.3, 53, 2.6), (0, 0, 0), 0.45, 1.6)
        cv.soft(ell(-38, 20, 11, 1.6), (0, 0, 0), 0.4, 0.8)

    toe = [(36, 3)] + cubic((36, 3), (45, 5.2), (51.5, 9), (51, 14.5))
    if st == "chelsea":
        vamp = curve((-4, -14), (8, -12.5), (23, -4.5), (36, 3))
        top = Path((-47.5, 13)).C((-50.5, -6), (-48, -28), (-45, -44)).C((-35, -45.5), (-22, -45.5), (-13, -45)) \
            .C((-12, -30), (-10, -18), (-4, -14)).pts
    elif st in ("loafer", "tassel"):
        vamp = curve((-7, -10.5), (6, -11.0), (23, -4.0), (36, 3))
        top = Path((-47.5, 13)).C((-50, 4), (-49, -4), (-45, -9)).C((-36, -9.8), (-26, -6.5), (-18, -7.5)) \
            .C((-13, -8.2), (-10, -10), (-7, -10.5)).pts
    else:
        vamp = curve((-8, -13), (6, -12.5), (22, -5), (36, 3))
        top = Path((-47.5, 13)).C((-50, 4), (-49, -4), (-45, -10)).C((-38, -11), (-31, -8), (-26, -8)) \
            .C((-20, -9), (-14, -13), (-8, -13)).pts
    upper = top + vamp[1:] + toe[1:] + SHOE_SOLE_TOP[1:]

    laced = st in ("oxford", "derby", "brogue")
    if laced:  # tongue behind the upper
        cv.poly([(-28, -7.2), (-26, -11.2), (-10, -16.3), (-6.3, -14.2), (-8, -12)], dk(c, 0.12))
        cv.line([(-26, -11.2), (-10, -16.3)], A(WHITE, 0.18), 0.5)
    if st == "chelsea":  # pull tab
        tab = rrect(-47.5, -51, -41.5, -42, 2.5)
        cv.poly(tab, dk(c, 0.2))
        cv.poly(rrect(-46.3, -49.5, -42.7, -44.5, 1.5), A(BLACK, 0.35))

    cv.grad_poly(upper, lt(c, 0.16), dk(c, 0.32), (0, -16), (0, 17))

    # soft form shading
    with cv.clip(upper):
        cv.soft(ell(-44, 2, 9, 16), dk(c, 0.45), 0.5, 4)
        cv.soft(ell(10, 18, 40, 6), dk(c, 0.5), 0.45, 3)
        if st == "chelsea":
            # elastic gusset
            gus = Path((-33, -45.5)).C((-31, -35), (-28, -24), (-25.5, -17)).C((-23, -24), (-21, -35), (-20, -45.5)).pts
            cv.poly(gus, dk(c, 0.55))
            for i in range(1, 8):
                x = -33 + i * 13 / 8
                cv.line([(x, -45), (-25.5 + (x + 26.5) * 0.15, -19)], A(BLACK, 0.35), 0.35)
            cv.dash(offset(gus, -0.9), A(lt(c, 0.5), 0.8), 0.35, 1.2, 0.8)

    stitch = A(lt(c, 0.55) if lum(c) < 120 else dk(c, 0.35), 0.9)
    seam = A(dk(c, 0.55), 0.9)
    glint = A(WHITE, 0.35 if not suede else 0.15)

    # collar edge + stitching
    collar = top[: len(top)]
    cv.line(collar[8:], seam, 0.55)
    cv.dash(offset(collar[10:], 1.2), stitch, 0.32, 1.1, 0.7)

    # heel counter
    hc = curve((-45.5, -5), (-40, -4.5), (-36, 4), (-34.5, 13.2))
    if st == "chelsea":
        hc = curve((-46.5, -14), (-40, -13), (-36, 2), (-34.5, 13.2))
    cv.line(hc, seam, 0.55)
    cv.line(offset(hc, -0.5), glint, 0.35)
    cv.dash(offset(hc, 1.0), stitch, 0.32, 1.1, 0.7)

    if st in ("oxford", "brogue", "monk"):
        cap = curve((20, -6.6), (24, -2), (26.5, 6), (25.5, 16.8))
        if st != "brogue":
            cv.line(cap, seam, 0.6)
            cv.line(offset(cap, 0.55), glint, 0.35)
            cv.dash(offset(cap, -1.2), stitch, 0.32, 1.1, 0.7)
    if st in ("oxford", "brogue"):
        vs = curve((-9.5, -12.6), (-14, -3), (-18, 8), (-22.5, 15.6))
        cv.line(vs, seam, 0.6)
        cv.line(offset(vs, 0.5), glint, 0.35)
        cv.dash(offset(vs, -1.1), stitch, 0.32, 1.1, 0.7)
    if st == "derby":
        q = Path((-7.5, -12.5)).C((-4, -5), (-8, 2), (-14, 4)).C((-19, 6), (-22, 11), (-24, 15.6)).pts
        cv.line(offset(q, 0.7), A(BLACK, 0.3), 1.0)
        cv.line(q, seam, 0.6)
        cv.line(offset(q, -0.5), glint, 0.35)
        cv.dash(offset(q, -1.3), stitch, 0.32, 1.1, 0.7)
    if st == "brogue":
        wing = Path((20, -6.6)).C((16, -2), (11, 4), (5, 7.5)).C((0, 10), (-8, 12), (-16, 15.8)).pts
        cv.line(wing, seam, 0.6)
        cv.line(offset(wing, -0.5), glint, 0.35)
        for line_pts, d in ((wing, 1.4), (curve((-9.5, -12.6), (-14, -3), (-18, 8), (-22.5, 15.6)), -1.3),
                            (hc, 1.5)):
            o = offset(line_pts, d)
            n = int(plen(o) / 1.5)
            for i in range(1, n):
                q, _ = along(o, i / n)
                cv.circle(q[0], q[1], 0.42, fill=A(dk(c, 0.6), 0.9))
        # medallion on toe
        for i in range(9):
            a = math.radians(200 + i * 18)
            cv.circle(39 + math.cos(a) * 5.5, 7.5 + math.sin(a) * 2.5, 0.4, fill=A(dk(c, 0.6), 0.9))
        for i in range(5):
            cv.circle(35 + i * 2.0, 6.5 + (i % 2) * 0.8, 0.4, fill=A(dk(c, 0.6), 0.9))

    if st in ("loafer", "tassel"):
        apron = curve((-5, -8.5), (6, -8), (24, -2), (40, 5.5))
        cv.line(apron, seam, 0.7)
        cv.line(offset(apron, -0.55), glint, 0.35)
        n = 26
        for i in range(n):
            q, tg = along(apron, (i + 0.5) / n)
            nx, ny = -tg[1], tg[0]
            cv.line([(q[0] - nx * 0.9 + tg[0] * 0.3, q[1] - ny * 0.9 + tg[1] * 0.3),
                     (q[0] + nx * 0.9 - tg[0] * 0.3, q[1] + ny * 0.9 - tg[1] * 0.3)], stitch, 0.35)
    if st == "loafer":
        strap = Path((-12, -9.6)).C((-7, -10.6), (0, -10.8), (4, -10.2)).L((5, -3.2)) \
            .C((0, -3.8), (-7, -3.8), (-11.5, -3.2)).pts
        cv.poly(offset(strap, 0.6), A(BLACK, 0.25))
        cv.grad_poly(strap, lt(c, 0.1), dk(c, 0.2), (0, -11), (0, -3))
        cv.poly(ell(-3.5, -7.0, 3.4, 1.0, -3), dk(c, 0.65))
        cv.line(strap[:25], A(WHITE, 0.3), 0.4)
        cv.dash(offset(strap[:25], 0.9), stitch, 0.3, 1.0, 0.6)
    if st == "tassel":
        cv.line(offset(top[26:], 0.9), dk(c, 0.4), 0.7)
        for dx, ln in ((-10, 11.5), (-5.5, 10.0)):
            cv.line([(dx + 1.5, -9.6), (dx, -9.3 + ln * 0.42)], dk(c, 0.35), 0.7)
            cv.soft(shift([(dx - 2.2, -9.3 + ln * 0.5), (dx + 2.2, -9.3 + ln * 0.5), (dx + 2.8, -9.3 + ln), (dx - 2.8, -9.3 + ln)], 0.6, 0.8), BLACK, 0.35, 0.6)
            cv.poly(rrect(dx - 1.5, -9.3 + ln * 0.38, dx + 1.5, -9.3 + ln * 0.55, 0.6), lt(c, 0.15))
            fringe = [(dx - 1.5, -9.3 + ln * 0.55), (dx + 1.5, -9.3 + ln * 0.55), (dx + 2.6, -9.3 + ln), (dx - 2.6, -9.3 + ln)]
            cv.poly(fringe, dk(c, 0.12))
            for k in range(7):
                fx = dx - 2.1 + k * 0.7
                cv.line([(fx * 0.7 + dx * 0.3, -9.3 + ln * 0.58), (fx, -9.3 + ln - 0.1)], A(BLACK, 0.35), 0.22)
    if st == "monk":
        metal = METALS[p.get("metal", "steel")]
        for (a, b) in (((-6, -12.4), (-23, -5.5)), ((-3.5, -8.0), (-21.5, 0.5))):
            st_pts = [a, b]
            cv.poly(band(st_pts, 1.9), A(BLACK, 0.3))
            cv.poly(band(shift(st_pts, 0, -0.4), 1.9), dk(c, 0.08))
            cv.dash(offset(shift(st_pts, 0, -0.4), 1.25), stitch, 0.28, 0.9, 0.6)
            cv.dash(offset(shift(st_pts, 0, -0.4), -1.25), stitch, 0.28, 0.9, 0.6)
            bx = a[0] + (b[0] - a[0]) * 0.62
            by = a[1] + (b[1] - a[1]) * 0.62 - 0.4
            ang = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            buck = shift(rot_pts(rrect(-1.6, -2.8, 1.6, 2.8, 0.8), ang), bx, by)
            cv.poly(buck, metal[2])
            cv.poly(shift(rot_pts(rrect(-1.2, -2.4, 1.2, 2.4, 0.6), ang), bx, by), metal[1])
            cv.poly(shift(rot_pts(rrect(-0.6, -1.7, 0.6, 1.7, 0.3), ang), bx, by), dk(c, 0.15))
            cv.line(shift(rot_pts([(-1, -2.2), (-1, 2.2)], ang), bx, by), A(metal[0], 0.9), 0.3)

    if laced:
        eyes = []
        if st == "derby":
            fac = curve((-25.5, -7.2), (-19.5, -8.4), (-13.5, -11.8), (-8, -12.2))
        else:
            fac = curve((-25, -7.2), (-19.5, -8.2), (-14, -11.6), (-9, -12.3))
        for i in range(5):
            q, tg = along(fac, 0.06 + i * 0.22)
            eyes.append((q[0] + 0.2, q[1] + 1.3))
        lace_c = col(p.get("lace", dk(c, 0.5) if lum(c) > 60 else (25, 22, 22)))
        for i in range(4):
            a, b = eyes[i], eyes[i + 1]
            cv.line([(a[0], a[1]), (b[0] + 0.3, b[1] - 2.6)], dk(lace_c, 0.3), 1.0, cap=True)
            cv.line([(a[0], a[1] - 0.15), (b[0] + 0.3, b[1] - 2.75)], lace_c, 0.7, cap=True)
        for e in eyes:
            cv.circle(e[0], e[1], 0.65, fill=dk(c, 0.6))
            cv.circle(e[0], e[1], 0.35, fill=A(WHITE, 0.25))
        # bow
        bx, by = eyes[-1][0] + 0.5, eyes[-1][1] - 3.0
        loop1 = shift(rot_pts(ell(0, -2.4, 1.4, 2.6), -35), bx, by)
        loop2 = shift(rot_pts(ell(0, -2.4, 1.2, 2.4), 40), bx, by)
        for lp in (loop1, loop2):
            cv.line(lp + [lp[0]], dk(lace_c, 0.3), 0.95)
            cv.line(lp + [lp[0]], lace_c, 0.6)
        cv.line([(bx, by), (bx - 4, by + 7.5)], lace_c, 0.6, cap=True)
        cv.line([(bx, by), (bx + 1.5, by + 7)], lace_c, 0.6, cap=True)
        cv.circle(bx, by, 0.8, fill=lace_c)

    # highlights
    cv.soft(ell(41, 4.2, 6.5, 1.8, -22), WHITE, 0.45 * hi, 0.9)
    cv.soft(ell(42.5, 4.6, 2.6, 0.6, -22), WHITE, 0.8 * hi, 0.3)
    cv.soft(band(sub(offset(vamp, 1.6), 0.2, 0.8), 0.5), WHITE, 0.4 * hi, 0.5)
    cv.soft(ell(-45.3, -1, 0.7, 5, 8), WHITE, 0.35 * hi, 0.5)

    # sole and heel
    sole = [(51.8, 14.2)] + Path((52.6, 14.5)).C((53.3, 18.5), (48, 20), (40, 20)).L((-3, 20)) \
        .C((-14, 20), (-24, 16.2), (-31, 16)).L((-31, 13)).pts[1:] + [(-31, 13)] + SHOE_SOLE_TOP[::-1][:-1]
    sole = [(-31, 16.0), (-31, 12.8)] + SHOE_SOLE_TOP[::-1][1:] + Path((51, 14.3)).C((53.3, 14.7), (53.5, 19), (47, 20)) \
        .L((-3, 20)).C((-14, 20), (-24, 16.2), (-31, 16)).pts[1:]
    sole = [(x, y - 0.3 if y < 19 else y) for x, y in sole]
    cv.poly(sole, sole_c)
    cv.line(shift(SHOE_SOLE_TOP, 0, 0.15), A(WHITE, 0.25), 0.4)
    weltp = shift(SHOE_SOLE_TOP[:-5], 0, 1.15)
    cv.dash(weltp, A(lt(sole_c, 0.45), 0.9), 0.3, 0.9, 0.5)
    heel = [(-48, 12.8), (-31, 12.8), (-31.4, 20), (-46.6, 20)]
    cv.poly(heel, sole_c)
    cv.poly([(-31.4, 18.8), (-46.8, 18.8), (-46.6, 20), (-31.4, 20)], dk(sole_c, 0.4))
    for y in (15.0, 17.0):
        cv.line([(-47.5, y), (-31.2, y)], A(BLACK, 0.22), 0.25)
    cv.line([(-47.7, 13.2), (-46.7, 19.5)], A(WHITE, 0.15), 0.4)



def draw_sneaker(cv, p):
    """Sneaker, side view, toe right. Ground y=20, x in -52..56."""
    st = p.get("style", "runner")
    up = col(p["upper"])
    acc = col(p.get("accent", up))
    toe_c = col(p.get("toe", up))
    heel_c = col(p.get("heel", acc))
    eye_c = col(p.get("eyestay", toe_c))
    lace_c = col(p.get("lace", WHITE))
    mid = col(p.get("sole", WHITE))
    out_c = col(p.get("outsole", (40, 40, 44)))
    stripe = p.get("stripe", "swoop")
    line_c = A(dk(up, 0.55), 0.85)
    if p.get("shadow", True):
        cv.soft(ell(1, 20.3, 55, 2.8), (0, 0, 0), 0.45, 1.6)

    # ---- sole shape
    if st == "chunky":
        mt = Path((-50.5, 0.5)).C((-30, 1.5), (-12, 6.5), (8, 7)).C((28, 7.5), (44, 6.5), (53.5, 6.5)).pts
    elif st in ("court", "canvas"):
        mt = Path((-50.5, 8.5)).C((-20, 9.2), (20, 9.8), (53.5, 10)).pts
    elif st == "high":
        mt = Path((-50.5, 9)).C((-30, 9.5), (-12, 11.5), (8, 11.8)).C((28, 12), (44, 11.0), (53.5, 10.5)).pts
    else:
        mt = Path((-50.5, 6.5)).C((-30, 7.5), (-12, 12), (8, 12.5)).C((28, 13), (44, 11.5), (53.5, 10.5)).pts
    tip_y = mt[-1][1]
    sole = mt + Path(mt[-1]).C((57, tip_y + 1.0), (56.5, 17.5), (50.5, 19.2)).L((40, 20), (-43, 20)) \
        .C((-49.5, 20), (-52.5, 15.5), (-51.8, mt[0][1] + 3)).pts[1:]

    # ---- upper outline
    if st == "high":
        top = Path((-50, mt[0][1] + 1)).C((-53, -10), (-52, -30), (-48, -39)).C((-40, -41.5), (-31, -41), (-25.5, -39.5)).pts
        eyestay = curve((-25.5, -39.5), (-19, -24), (0, -10), (17, -5.5))
        tongue = Path((-30, -38)).C((-30, -43), (-28, -46.5), (-24, -46.8)).C((-20, -47), (-18.5, -43), (-17, -36)).L((-24, -32)).pts
    elif st == "slipon":
        top = Path((-50, mt[0][1] + 1)).C((-52.5, -2), (-51.5, -11), (-47.5, -14.5)).C((-40, -15.8), (-33, -11), (-26, -12.5)).pts
        eyestay = curve((-26, -12.5), (-18, -14.5), (2, -11), (17, -5.5))
        tongue = None
    else:
        top = Path((-50, mt[0][1] + 1)).C((-53, -2), (-52, -12), (-47.5, -18)).C((-42, -19.5), (-38, -12), (-31, -12.3)) \
            .C((-29, -14.5), (-28, -17.5), (-26, -18.3)).pts
        eyestay = curve((-26, -18.3), (-12, -15.5), (3, -9.5), (17, -5.5))
        tongue = Path((-31.5, -12)).C((-31, -20), (-29, -26.5), (-24, -27)).C((-19, -27), (-17, -22), (-16.5, -17)).L((-22, -13)).pts
    toe = curve((17, -5.5), (34, -2.5), (48, 0.5), (52.5, mt[-1][1] - 1.5))
    upper = top + eyestay[1:] + toe[1:] + shift(mt[::-1], 0, 0.8)

    if tongue:
        cv.poly(tongue, dk(eye_c if st != "high" else up, 0.05))
        cv.poly(shift(scale_pts(tongue, 0.7, 0.7, -24, -14), 0, -1.5), A(WHITE, 0.12))
        cv.line(tongue[1:4], A(BLACK, 0.25), 0.4)
    # pull tab
    if st not in ("canvas", "slipon"):
        hy = -18 if st != "high" else -39
        cv.poly(rrect(-50.5, hy - 5.5, -45, hy + 4, 2.0), acc)
        cv.poly(rrect(-49.4, hy - 4.2, -46.2, hy - 0.5, 1.2), A(BLACK, 0.3))

    cv.grad_poly(upper, lt(up, 0.12), dk(up, 0.14), (0, -16), (0, 14))
    with cv.clip(upper):
        if st == "canvas":
            for i in range(-60, 60, 2):
                cv.line([(i, -50), (i + 8, 20)], A(BLACK, 0.05), 0.3)
        # heel counter
        hcp = Path((-38.5, -20)).C((-34, -6), (-33, 3), (-37, 14)).L((-60, 14), (-60, -20)).pts
        if st == "high":
            hcp = Path((-39, -45)).C((-32, -20), (-31, 3), (-36, 14)).L((-60, 14), (-60, -45)).pts
        if st not in ("canvas",):
            cv.poly(offset(hcp, -0.5), A(BLACK, 0.18))
            cv.poly(hcp, heel_c)
            cv.dash(offset(hcp[:25], 1.0), A(WHITE, 0.6) if lum(heel_c) < 150 else A(BLACK, 0.35), 0.3, 1.0, 0.6)
        # toe cap
        tcp = Path((29.5, -3)).C((24.5, 2), (24.5, 8), (28, 14)).L((60, 14), (60, -3)).pts
        if st == "canvas":
            tcp = Path((40, 3)).C((36, 6), (35.5, 10), (37, 14)).L((60, 14), (60, -3)).pts
            cv.poly(tcp, WHITE)
            for i in range(5):
                cv.line([(44 + i * 1.6, 6.5), (43.5 + i * 1.6, 12.5)], A(BLACK, 0.12), 0.4)
        else:
            cv.poly(offset(tcp, 0.5), A(BLACK, 0.15))
            cv.poly(tcp, toe_c)
            cv.dash(offset(tcp[:25], -1.0), A(WHITE, 0.6) if lum(toe_c) < 150 else A(BLACK, 0.3), 0.3, 1.0, 0.6)
            for r_ in range(3):
                for k in range(5):
                    x = 33 + k * 3.0 + r_ * 1.5
                    y = 3.5 + r_ * 2.2
                    cv.circle(x, y, 0.42, fill=A(BLACK, 0.3))
        # eyestay
        if st != "slipon":
            cv.poly(band(offset(eyestay, 2.7), 2.9), A(BLACK, 0.15))
            cv.poly(band(offset(eyestay, 2.2), 2.6), eye_c)
            cv.dash(offset(eyestay, 4.2), A(WHITE, 0.55) if lum(eye_c) < 150 else A(BLACK, 0.3), 0.3, 1.0, 0.6)
        else:
            gore = Path((-22, -13)).C((-18, -8), (-12, -4), (-8, -3.5)).C((-4, -4), (-2, -8), (0, -11.2)).pts
            cv.poly(gore, dk(up, 0.3))
            cv.dash(offset(gore, -0.8), A(WHITE, 0.5), 0.3, 1.0, 0.6)
            for i in range(9):
                x = -20 + i * 2.3
                cv.line([(x, -14), (x, -2)], A(BLACK, 0.25), 0.35)
        # side stripe
        if stripe == "swoop":
            sw = Path((-33, 7.5)).C((-18, 10), (2, 4), (16, -7)).pts
            pts_ = band(sw, 0.3, 3.2)
            cv.poly(shift(pts_, 0.5, 0.6), A(BLACK, 0.15))
            cv.poly(pts_, acc)
        elif stripe == "bars":
            for k in range(2):
                x0 = -16 + k * 7
                q = [(x0, 11), (x0 + 4.2, 11), (x0 + 13.5, -9.5), (x0 + 9.3, -9.5)]
                cv.poly(shift(q, 0.5, 0.5), A(BLACK, 0.15))
                cv.poly(q, acc)
        elif stripe == "wave":
            wv = Path((-36, 3)).C((-26, -6), (-16, 10), (-4, 1)).C((4, -5), (10, 2), (18, 0)).pts
            cv.poly(band(wv, 1.6), acc)
            cv.poly(band(offset(wv, -0.8), 0.4), A(WHITE, 0.5))
        elif stripe == "panel":
            pn = Path((-31, 12)).C((-28, 2), (-20, -4), (-8, -6)).L((6, 12)).pts
            cv.poly(pn, acc)
            cv.dash(offset(pn[:25], -1.0), A(WHITE, 0.5), 0.3, 1.0, 0.6)
        if st == "high":
            cv.circle(-37, -25, 4.2, fill=acc)
            cv.circle(-37, -25, 3.3, outline=A(WHITE, 0.6), width=0.35)
            cv.circle(-37, -25, 1.4, fill=A(WHITE, 0.8))
        # collar padding
        if st == "high":
            cv.line(offset(top[-25:], 1.2), A(BLACK, 0.2), 1.0)
        else:
            cv.line(offset(top[-48:-18], 1.0), A(BLACK, 0.22), 0.9)
        # volume
        cv.soft(ell(8, 16, 40, 4), BLACK, 0.22, 3)
        cv.soft(ell(30, -2, 18, 3, 12), WHITE, 0.25, 2)
    cv.line(upper + [upper[0]], line_c, 0.35)

    # laces
    if st not in ("slipon",):
        es = offset(eyestay, 1.8)
        n = 6 if st != "high" else 8
        eyes = [along(es, 0.08 + i * 0.84 / (n - 1))[0] for i in range(n)]
        for i in range(n - 1):
            a, b = eyes[i], eyes[i + 1]
            cv.line([(a[0], a[1]), (b[0] + 0.8, b[1] - 3.0)], dk(lace_c, 0.35), 1.55, cap=True)
            cv.line([(a[0], a[1] - 0.1), (b[0] + 0.8, b[1] - 3.1)], lace_c, 1.1, cap=True)
        for e in eyes:
            cv.circle(e[0], e[1], 0.8, fill=dk(eye_c, 0.55))
            cv.circle(e[0] - 0.15, e[1] - 0.15, 0.4, fill=A(WHITE, 0.35))

    # sole
    cv.poly(sole, mid)
    with cv.clip(sole):
        cv.soft(ell(0, 19, 60, 3), BLACK, 0.12, 2)
        cv.line(offset(mt, 0.7), A(WHITE, 0.6), 0.5)
        ob = [(-60, 17.2), (60, 17.2), (60, 25), (-60, 25)]
        if st in ("court", "canvas"):
            ob = [(-60, 16.8), (60, 16.8), (60, 25), (-60, 25)]
        cv.poly(ob, out_c)
        for i in range(-50, 56, 3):
            cv.line([(i, 18.6), (i + 0.6, 20.5)], A(BLACK, 0.25), 0.6)
        if st == "runner":
            cv.poly(rrect(-38, 11.5, -22, 15.0, 1.7), A(col(p.get("air", acc)), 0.9))
            cv.line([(-36, 12.2), (-24, 12.2)], A(WHITE, 0.6), 0.4)
        if st in ("court",):
            cv.dash([(-49, 12.5), (52, 13.3)], A(BLACK, 0.35), 0.35, 1.0, 0.6)
            cv.line([(-50, 15), (54, 15.2)], A(BLACK, 0.12), 0.5)
        if st == "canvas":
            cv.line([(-52, 12.8), (56, 13.2)], acc, 1.1)
            cv.line([(-52, 15), (56, 15.2)], A(BLACK, 0.1), 0.4)
        if st == "chunky":
            wv = Path((-52, 9)).C((-38, 5), (-24, 15), (-8, 11)).C((6, 7), (20, 14), (56, 10)).pts
            cv.poly(wv + [(56, 25), (-52, 25)], col(p.get("sole2", dk(mid, 0.08))))
            cv.line(wv, acc, 0.9)
        if st == "retro":
            cv.line(offset(mt, 2.5), acc, 0.9)
    cv.line(sole + [sole[0]], A(BLACK, 0.3), 0.35)



def _hand(length, w, tail=0.0, kind="leaf"):
    if kind == "leaf":
        return [(0, tail), (-w, -length * 0.18), (-w * 0.55, -length * 0.8), (0, -length), (w * 0.55, -length * 0.8), (w, -length * 0.18)]
    if kind == "baton":
        return [(-w / 2, tail), (-w / 2, -length + w / 2), (0, -length), (w / 2, -length + w / 2), (w / 2, tail)]
    if kind == "sword":
        return [(-w * 0.4, tail), (-w, -length * 0.25), (0, -length), (w, -length * 0.25), (w * 0.4, tail)]
    return [(-w / 2, tail), (-w / 2, -length), (w / 2, -length), (w / 2, tail)]


def gear(cv, cx, cy, r, teeth, c, hole_c=None, spokes=4, rot=0.0):
    pts = []
    for i in range(teeth * 4):
        a = math.radians(rot + i * 360.0 / (teeth * 4))
        rr = r if (i % 4) in (1, 2) else r * 0.86
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    cv.poly(pts, c)
    cv.circle(cx, cy, r * 0.72, fill=hole_c or dk(c, 0.5))
    for k in range(spokes):
        a = math.radians(rot + k * 360.0 / spokes)
        cv.line([(cx, cy), (cx + math.cos(a) * r * 0.74, cy + math.sin(a) * r * 0.74)], c, r * 0.16)
    cv.circle(cx, cy, r * 0.2, fill=lt(c, 0.3))
    cv.circle(cx, cy, r * 0.08, fill=(170, 20, 50))


def draw_watch(cv, p):
    """Wristwatch, front view, centre (0,0), case radius ~24, straps to +-70."""
    st = p.get("style", "classic")
    metal = METALS[p.get("metal", "steel")]
    dial = col(p.get("dial", (20, 30, 60)))
    ind = col(p.get("index", metal[0]))
    hand_c = col(p.get("hands", metal[0]))
    sec_c = col(p.get("seconds", (228, 87, 46)))
    strap = p.get("strap", "leather")
    strap_c = col(p.get("strap_color", (92, 52, 30)))
    square = st == "square"
    R = 24.0 if st not in ("dress", "minimal") else 23.0
    Rd = R - 3.2
    if st == "diver":
        Rd = R - 6.5
    tm = p.get("time", (10, 9, 36))

    if p.get("shadow", True):
        cv.soft(rrect(-12, -66, 16, 74, 8), BLACK, 0.28, 3.5)
        cv.soft(ell(2.5, 4, R + 1, R + 1), BLACK, 0.35, 3)

    # ---------------- straps
    sw = 12.5 if not square else 13.5
    if strap in ("leather", "rubber"):
        sc = strap_c
        top_s = Path((-sw, -16)).L((-sw * 0.9, -64)).C((-sw * 0.9, -67.5), (sw * 0.9, -67.5), (sw * 0.9, -64)).L((sw, -16)).pts
        bot_s = Path((-sw, 16)).L((-sw * 0.9, 58)).C((-sw * 0.9, 66), (-3, 70), (0, 70.5)).C((3, 70), (sw * 0.9, 66), (sw * 0.9, 58)).L((sw, 16)).pts
        for sp in (top_s, bot_s):
            cv.grad_poly(sp, lt(sc, 0.12), dk(sc, 0.25), (-sw, 0), (sw, 0))
            cv.line(sp + [sp[0]], A(dk(sc, 0.5), 0.9), 0.4)
            if strap == "leather":
                cv.dash([(-sw * 0.74, -18), (-sw * 0.68, -63)], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.dash([(sw * 0.74, -18), (sw * 0.68, -63)], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.dash(offset(bot_s[1:-1], -1.6)[2:-2], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.soft(band([(0, -22), (0, -60)], 1.2), WHITE, 0.12, 1.5)
            else:
                for y in range(20, 30, 3):
                    cv.line([(-sw * 0.8, y), (sw * 0.8, y)], A(BLACK, 0.3), 0.6)
                    cv.line([(-sw * 0.8, -y), (sw * 0.8, -y)], A(BLACK, 0.3), 0.6)
        for k in range(5):
            y = 38 + k * 5
            cv.ellipse(0, y, 1.1, 0.8, fill=dk(sc, 0.6))
        # keeper
        cv.poly(rrect(-sw * 1.02, 28, sw * 1.02, 32, 1.2), dk(sc, 0.15))
        cv.line([(-sw, 28.6), (sw, 28.6)], A(WHITE, 0.2), 0.35)
        # buckle
        cv.poly(rrect(-sw * 1.05, -71, sw * 1.05, -62, 3.0), metal[2])
        cv.poly(rrect(-sw * 1.05 + 0.5, -70.5, sw * 1.05 - 0.5, -62.5, 2.6), metal[1])
        cv.poly(rrect(-sw * 1.05 + 2.2, -69, sw * 1.05 - 2.2, -64.2, 1.6), dk(sc, 0.2))
        cv.line([(-sw * 0.8, -70), (sw * 0.7, -70)], A(metal[0], 0.9), 0.5)
        cv.line([(0, -69.5), (0, -61)], metal[1], 1.1, cap=True)
    elif strap == "bracelet":
        for sign in (-1, 1):
            y = 17.0
            while y < 68:
                t = (y - 17) / 51.0
                wdt = sw * (1 - 0.12 * t)
                h = 5.2
                y0, y1 = (y, y + h) if sign > 0 else (-y - h, -y)
                cv.poly(rrect(-wdt, y0, -wdt * 0.34, y1, 1.2), metal[1])
                cv.poly(rrect(wdt * 0.34, y0, wdt, y1, 1.2), metal[1])
                cv.grad_poly(rrect(-wdt * 0.31, y0, wdt * 0.31, y1, 1.2), metal[0], metal[1], (0, y0), (0, y1))
                cv.line([(-wdt * 0.9, y0 + 0.6), (-wdt * 0.45, y0 + 0.6)], A(WHITE, 0.5), 0.35)
                cv.line([(wdt * 0.45, y0 + 0.6), (wdt * 0.9, y0 + 0.6)], A(WHITE, 0.5), 0.35)
                cv.line([(-wdt, y1), (wdt, y1)], A(BLACK, 0.35), 0.35)
                y += h + 0.35
    elif strap == "mesh":
        for sign in (-1, 1):
            sp = [(-sw, sign * 16), (sw, sign * 16), (sw * 0.9, sign * 68), (-sw * 0.9, sign * 68)]
            cv.grad_poly(sp, metal[0], metal[2], (-sw, 0), (sw, 0))
            with cv.clip(sp):
                for k in range(-28, 28):
                    cv.line([(k * 1.6 - 20, sign * 16), (k * 1.6 + 20, sign * 68)], A(BLACK, 0.12), 0.3)
                    cv.line([(k * 1.6 + 20, sign * 16), (k * 1.6 - 20, sign * 68)], A(WHITE, 0.1), 0.3)
            cv.poly(rrect(-sw * 0.95, sign * 62 - 4, sw * 0.95, sign * 62 + 4, 1.5), metal[1])
            cv.line([(-sw * 0.9, sign * 62 - 3.2), (sw * 0.9, sign * 62 - 3.2)], A(WHITE, 0.6), 0.4)
    else:  # nato / canvas
        sc = strap_c
        sp = rrect(-sw * 0.92, -72, sw * 0.92, 72, 5)
        cv.poly(sp, sc)
        with cv.clip(sp):
            for k in range(-80, 80, 2):
                cv.line([(-20, k), (20, k + 0.6)], A(BLACK, 0.06), 0.45)
            for sx in p.get("stripes", []):
                cv.poly([(sx - 1.2, -75), (sx + 1.2, -75), (sx + 1.2, 75), (sx - 1.2, 75)], col(p.get("stripe_color", WHITE)))
            cv.soft(band([(-sw * 0.92, -70), (-sw * 0.92, 70)], 2), BLACK, 0.25, 1.5)
            cv.soft(band([(sw * 0.92, -70), (sw * 0.92, 70)], 2), BLACK, 0.25, 1.5)
        cv.dash([(-sw * 0.75, -68), (-sw * 0.75, 68)], A(lt(sc, 0.4), 0.9), 0.35, 1.3, 0.8)
        cv.dash([(sw * 0.75, -68), (sw * 0.75, 68)], A(lt(sc, 0.4), 0.9), 0.35, 1.3, 0.8)
        for y in (40, 47, -60):
            cv.poly(rrect(-sw * 1.02, y, sw * 1.02, y + 3.2, 1.0), metal[1])
            cv.line([(-sw, y + 0.6), (sw, y + 0.6)], A(WHITE, 0.5), 0.4)
        for k in range(4):
            cv.ellipse(0, 53 + k * 4.5, 0.9, 0.7, fill=dk(sc, 0.5))

    # ---------------- lugs
    if not square:
        for sx in (-1, 1):
            for sy in (-1, 1):
                lug = [(sx * 8.5, sy * (R - 6)), (sx * 13.2, sy * (R - 7)), (sx * 13.6, sy * (R + 4.5)), (sx * 9.5, sy * (R + 4.8))]
                cv.poly(lug, metal[1])
                cv.line([lug[1], lug[2]], A(metal[0], 0.9), 0.5)
                cv.line([lug[0], lug[3]], A(metal[2], 0.7), 0.4)

    # ---------------- crown & pushers
    crown_w = 4.2
    if square:
        cv.poly(rrect(18.5, -3.2, 23.5, 3.2, 1.2), metal[1])
        cv.poly(ell(23.2, 0, 1.3, 2.2), metal[0])
    else:
        cv.poly(rrect(R - 1.5, -3.4, R + crown_w, 3.4, 1.4), metal[2])
        cv.grad_poly(rrect(R - 1, -3.0, R + crown_w - 0.3, 3.0, 1.2), metal[0], metal[2], (0, -3), (0, 3))
        for k in range(5):
            cv.line([(R + 0.5 + k * 0.8, -2.6), (R + 0.5 + k * 0.8, 2.6)], A(metal[2], 0.7), 0.25)
        if st == "chrono":
            for ang in (-42, 42):
                cv.poly(rot_pts(rrect(R - 1.5, -2.2, R + 3.2, 2.2, 1.0), ang), metal[2])
                cv.poly(rot_pts(rrect(R - 1, -1.8, R + 2.8, 1.8, 0.8), ang), metal[1])

    # ---------------- case
    if square:
        case = rrect(-19.5, -24.5, 19.5, 24.5, 6)
        cv.grad_poly(case, metal[0], metal[2], (-20, -25), (20, 25))
        cv.grad_poly(rrect(-18, -23, 18, 23, 5), metal[2], metal[0], (-18, -23), (18, 23))
        for k in range(3):
            cv.line([(-14 + k * 2.0, -22.3), (14 - k * 2.0, -22.3)], A(WHITE, 0.5), 0.25)
        dial_shape = rrect(-16.5, -21, 16.5, 21, 3.5)
    else:
        case = ell(0, 0, R, R)
        cv.grad_poly(case, metal[0], metal[2], (-R, -R), (R, R))
        cv.circle(0, 0, R, outline=A(metal[2], 0.8), width=0.4)
        if st == "diver":
            bz = col(p.get("bezel", (20, 20, 24)))
            cv.circle(0, 0, R - 1.0, fill=bz)
            cv.circle(0, 0, R - 1.0, outline=A(WHITE, 0.15), width=0.4)
            for k in range(60):
                a = math.radians(k * 6)
                r0 = R - 2.2 if k % 5 else R - 4.2
                if k < 15 and k % 5:
                    r0 = R - 3.2
                cv.line([(math.sin(a) * (R - 1.6), -math.cos(a) * (R - 1.6)), (math.sin(a) * r0, -math.cos(a) * r0)],
                        A(WHITE, 0.85), 0.45 if k % 5 else 0.8)
            cv.poly([(0, -R + 1.4), (-2.2, -R + 4.8), (2.2, -R + 4.8)], WHITE)
            cv.circle(0, -R + 3.3, 0.7, fill=(230, 80, 50))
            cv.circle(0, 0, Rd + 0.9, fill=metal[2])
            cv.circle(0, 0, Rd + 0.5, fill=metal[1])
        else:
            cv.grad_poly(ell(0, 0, R - 1.3, R - 1.3), metal[2], metal[0], (-R, -R), (R, R))
        dial_shape = ell(0, 0, Rd, Rd)

    # ---------------- dial
    if st == "skeleton":
        cv.poly(dial_shape, dk(dial, 0.4))
        with cv.clip(dial_shape):
            br = METALS["brass"]
            gear(cv, -6, -6, 8.5, 18, br[1], dk(dial, 0.5), 5, 8)
            gear(cv, 7.5, -7, 5.5, 14, br[0], dk(dial, 0.5), 4, 3)
            gear(cv, 8, 6, 6.5, 16, br[1], dk(dial, 0.5), 4, 20)
            gear(cv, -9, 8, 4.8, 12, br[0], dk(dial, 0.5), 3, 11)
            # bridges
            brg = Path((-22, -3)).C((-10, -14), (8, 2), (22, -10)).L((22, -5)).C((8, 6), (-10, -9), (-22, 2)).pts
            cv.poly(brg, metal[1])
            cv.line(brg[:25], A(metal[0], 0.9), 0.4)
            for (x, y) in ((-14, -4.5), (13, -5.5)):
                cv.circle(x, y, 1.2, fill=metal[2])
                cv.line([(x - 0.9, y), (x + 0.9, y)], metal[0], 0.3)
            # balance wheel
            cv.circle(0, 12, 5.4, outline=br[1], width=1.0)
            for k in range(3):
                a = math.radians(k * 120 + 15)
                cv.line([(0, 12), (math.cos(a) * 5, 12 + math.sin(a) * 5)], br[1], 0.5)
            cv.circle(0, 12, 1.0, fill=(170, 20, 50))
        cv.circle(0, 0, Rd - 1.5, outline=A(dk(dial, 0.2), 0.92), width=3.0)
    elif square:
        cv.grad_poly(dial_shape, lt(dial, 0.12), dk(dial, 0.15), (-16, -21), (16, 21))
    else:
        cv.radial(dial_shape, lt(dial, 0.16), dk(dial, 0.28), (-Rd * 0.25, -Rd * 0.3), Rd * 1.5)
        if p.get("sunburst", st in ("chrono", "classic", "dress")):
            for k in range(48):
                a = math.radians(k * 7.5)
                cv.line([(0, 0), (math.sin(a) * Rd, -math.cos(a) * Rd)], A(WHITE if k % 2 else BLACK, 0.03), 0.6)

    # minute track
    if not square and st not in ("minimal",):
        for k in range(60):
            a = math.radians(k * 6)
            r0, r1 = Rd - 1.4, Rd - 0.4
            cv.line([(math.sin(a) * r0, -math.cos(a) * r0), (math.sin(a) * r1, -math.cos(a) * r1)], A(ind, 0.65), 0.22)

    # indices
    for h in range(12):
        a = math.radians(h * 30)
        sa, ca = math.sin(a), -math.cos(a)
        if square:
            k = min(14.5 / max(1e-6, abs(sa)), 19.0 / max(1e-6, abs(ca)))
            x, y = sa * k, ca * k
            if h % 3 == 0:
                cv.poly(shift(rot_pts(rrect(-0.6, -3.0, 0.6, 0.5, 0.3), h * 30), x, y), ind)
                if h == 0:
                    cv.poly(shift(rot_pts(rrect(-2.2, -3.0, -1.0, 0.5, 0.3), 0), x, y), ind)
                    cv.poly(shift(rot_pts(rrect(1.0, -3.0, 2.2, 0.5, 0.3), 0), x, y), ind)
            else:
                cv.circle(x, y - 0.8 * ca / abs(ca or 1), 0.6, fill=ind)
            continue
        if st == "diver":
            if h in (3, 6, 9):
                pts = rot_pts(rrect(-1.1, -Rd + 1.8, 1.1, -Rd + 6.5, 0.4), h * 30)
            elif h == 0:
                pts = [(0, -Rd + 7.2), (-2.4, -Rd + 1.8), (2.4, -Rd + 1.8)]
            else:
                pts = ell(sa * (Rd - 4), ca * (Rd - 4), 1.5, 1.5)
            cv.poly(shift(pts, 0.25, 0.35), A(BLACK, 0.35))
            cv.poly(pts, ind)
            cv.poly(pts, None, A(metal[1], 0.9), 0.3)
            continue
        if st == "skeleton" and h % 3:
            pts = rot_pts(rrect(-0.35, -Rd + 0.6, 0.35, -Rd + 3.0, 0.2), h * 30)
            cv.poly(pts, ind)
            continue
        if st == "minimal":
            if h % 3 == 0:
                cv.poly(rot_pts(rrect(-0.35, -Rd + 1.5, 0.35, -Rd + 4.5, 0.2), h * 30), ind)
            continue
        if st == "field":
            if h == 0:
                pts = [(0, -Rd + 7.5), (-2.6, -Rd + 2.2), (2.6, -Rd + 2.2)]
            else:
                pts = rot_pts(rrect(-1.1, -Rd + 2.2, 1.1, -Rd + 6.0 if h % 3 else -Rd + 7.2, 0.5), h * 30)
            cv.poly(pts, ind)
            continue
        if st == "chrono" and h in (3, 6, 9):
            pts = rot_pts(rrect(-0.7, -Rd + 2.0, 0.7, -Rd + 4.2, 0.3), h * 30)
            cv.poly(pts, ind)
            continue
        ln = 6.0 if h % 3 == 0 else 4.6
        w = 1.3 if st != "dress" else 0.8
        if h == 0:
            for dx in (-1.3, 1.3):
                pts = rot_pts(rrect(dx - w / 2, -Rd + 2.0, dx + w / 2, -Rd + 2.0 + ln, 0.3), 0)
                cv.poly(shift(pts, 0.2, 0.3), A(BLACK, 0.3))
                cv.poly(pts, ind)
                cv.line([(dx - w / 2 + 0.2, -Rd + 2.2), (dx - w / 2 + 0.2, -Rd + 1.8 + ln)], A(WHITE, 0.5), 0.25)
        else:
            pts = rot_pts(rrect(-w / 2, -Rd + 2.0, w / 2, -Rd + 2.0 + ln, 0.3), h * 30)
            cv.poly(shift(pts, 0.2, 0.3), A(BLACK, 0.3))
            cv.poly(pts, ind)

    # chronograph sub-dials
    if st == "chrono":
        sub_c = col(p.get("subdial", dk(dial, 0.2)))
        for (x, y) in ((-Rd * 0.45, 0), (Rd * 0.45, 0), (0, Rd * 0.45)):
            rr = Rd * 0.22
            cv.circle(x, y, rr, fill=sub_c)
            cv.circle(x, y, rr, outline=A(ind, 0.8), width=0.35)
            for k in range(12):
                a = math.radians(k * 30)
                cv.line([(x + math.sin(a) * rr * 0.72, y - math.cos(a) * rr * 0.72), (x + math.sin(a) * rr * 0.95, y - math.cos(a) * rr * 0.95)], A(ind, 0.8), 0.22)
            a = math.radians((x + y * 3) * 11)
            cv.line([(x, y), (x + math.sin(a) * rr * 0.85, y - math.cos(a) * rr * 0.85)], sec_c if y else ind, 0.4)
            cv.circle(x, y, 0.6, fill=ind)
    if p.get("date", st in ("diver", "field", "classic")):
        dx0 = Rd * 0.58
        cv.poly(rrect(dx0, -1.7, dx0 + 4.0, 1.7, 0.3), metal[2])
        cv.poly(rrect(dx0 + 0.3, -1.4, dx0 + 3.7, 1.4, 0.2), (250, 250, 246))
        cv.line([(dx0 + 1.2, -0.7), (dx0 + 2.4, -0.7), (dx0 + 2.4, 0.0), (dx0 + 1.2, 0.0), (dx0 + 1.2, 0.8), (dx0 + 2.6, 0.8)], (30, 30, 30), 0.3)

    # ---------------- hands
    hh, mm, ss = tm
    a_h = (hh % 12 + mm / 60.0) * 30
    a_m = mm * 6 + ss * 0.1
    a_s = ss * 6
    scale_len = Rd if not square else 17.5
    kind = {"diver": "sword", "field": "sword", "dress": "leaf", "minimal": "baton", "square": "baton"}.get(st, "baton")
    hour = rot_pts(_hand(scale_len * 0.55, 1.5 if kind != "baton" else 1.4, 2.5, kind), a_h)
    minute = rot_pts(_hand(scale_len * 0.86, 1.1 if kind != "baton" else 1.0, 2.5, kind), a_m)
    for hp in (hour, minute):
        cv.poly(shift(hp, 0.6, 0.9), A(BLACK, 0.35))
    for hp in (hour, minute):
        cv.poly(hp, hand_c)
        cv.poly(hp, None, A(dk(hand_c, 0.45), 0.9), 0.25)
        if st in ("diver", "field"):
            inner = scale_pts(hp, 0.55, 0.72)
            cv.poly(inner, (236, 244, 226))
    sec = rot_pts([(0, 6), (0, -scale_len * 0.92)], a_s)
    if st not in ("minimal",):
        cv.line(shift(sec, 0.5, 0.8), A(BLACK, 0.3), 0.4)
        cv.line(sec, sec_c, 0.4)
        q = rot_pts([(0, 4.5)], a_s)[0]
        cv.circle(q[0], q[1], 1.0, fill=sec_c)
    cv.circle(0, 0, 1.5, fill=hand_c)
    cv.circle(0, 0, 0.6, fill=sec_c if st != "minimal" else dk(hand_c, 0.3))

    # crystal reflection
    with cv.clip(dial_shape):
        refl = [(-30, -8), (8, -30), (14, -30), (-30, 3)]
        cv.poly(refl, A(WHITE, 0.10))
        cv.poly(shift(refl, 10, 6)[:2] + shift(refl, 7, 4)[2:], A(WHITE, 0.05))
        cv.soft(ell(-8, -12, 9, 4, -35), WHITE, 0.12, 2)



def fabric_pattern(cv, shape, p, bounds=(-80, -90, 80, 90)):
    """Overlay a woven pattern (stripes, gingham...) clipped to shape."""
    pat = p.get("pattern")
    if not pat:
        return
    pc = col(p.get("pattern_color", (40, 70, 140)))
    x0, y0, x1, y1 = bounds
    with cv.clip(shape):
        if pat == "stripe":
            step = p.get("pattern_step", 2.4)
            x = x0
            while x < x1:
                cv.poly([(x, y0), (x + step * 0.38, y0), (x + step * 0.38, y1), (x, y1)], A(pc, 0.85))
                x += step
        elif pat == "pinstripe":
            step = p.get("pattern_step", 3.2)
            x = x0
            while x < x1:
                cv.poly([(x, y0), (x + 0.22, y0), (x + 0.22, y1), (x, y1)], A(pc, 0.55))
                x += step
        elif pat == "gingham":
            step = p.get("pattern_step", 3.2)
            x = x0
            while x < x1:
                cv.poly([(x, y0), (x + step / 2, y0), (x + step / 2, y1), (x, y1)], A(pc, 0.38))
                x += step
            y = y0
            while y < y1:
                cv.poly([(x0, y), (x1, y), (x1, y + step / 2), (x0, y + step / 2)], A(pc, 0.38))
                y += step
        elif pat == "windowpane":
            step = p.get("pattern_step", 9.0)
            x = x0
            while x < x1:
                cv.poly([(x, y0), (x + 0.35, y0), (x + 0.35, y1), (x, y1)], A(pc, 0.5))
                x += step
            y = y0
            while y < y1:
                cv.poly([(x0, y), (x1, y), (x1, y + 0.35), (x0, y + 0.35)], A(pc, 0.5))
                y += step
        elif pat == "twill":
            x = x0 - 100
            while x < x1:
                cv.poly([(x, y1), (x + 0.5, y1), (x + 0.5 + (y1 - y0), y0), (x + (y1 - y0), y0)], A(pc, 0.07))
                x += 1.8
        elif pat == "linen":
            rng = Rng(p.get("seed", 1))
            for _ in range(160):
                y = y0 + rng.random() * (y1 - y0)
                xa = x0 + rng.random() * (x1 - x0)
                cv.line([(xa, y), (xa + rng.uniform(4, 14), y + rng.uniform(-0.2, 0.2))], A(pc, 0.12), 0.3)


def _button(cv, x, y, r, c):
    cv.circle(x + 0.15, y + 0.25, r, fill=A(BLACK, 0.22))
    cv.circle(x, y, r, fill=c)
    cv.circle(x, y, r * 0.72, outline=A(dk(c, 0.25), 0.9), width=r * 0.18)
    cv.circle(x - r * 0.3, y, r * 0.16, fill=dk(c, 0.45))
    cv.circle(x + r * 0.3, y, r * 0.16, fill=dk(c, 0.45))


def draw_shirt(cv, p):
    """Flat-lay dress shirt, front view. y from -55 to 60, x -48..48."""
    c = col(p["color"])
    btn = col(p.get("buttons", lt(c, 0.5) if lum(c) < 200 else (240, 238, 232)))
    line_c = A(dk(c, 0.35), 0.9)
    R = [(8.5, -48.5), (31, -43.5), (31.5, -20), (32, 44)] + cubic((32, 44), (32, 53), (16, 58.5), (0, 58.5))
    body = R + mirror(R)[::-1][1:]
    sleeve = Path((29.5, -44)).C((37, -37), (43, -10), (46, 24)).L((36.5, 27)).L((31.2, -18)).pts
    cuff = [(36.2, 26.5), (46.2, 23.5), (47.3, 33.5), (37.5, 36)]
    if p.get("shadow", True):
        cv.soft(shift(body, 1.5, 2.5), BLACK, 0.25, 3)
        for sgn in (1, -1):
            pts = sleeve + cuff[::-1]
            cv.soft(shift(pts if sgn > 0 else mirror(pts), 1.5, 2.5), BLACK, 0.22, 2.5)

    for sgn in (1, -1):
        sl = sleeve if sgn > 0 else mirror(sleeve)
        cf = cuff if sgn > 0 else mirror(cuff)
        cv.grad_poly(sl, lt(c, 0.06), dk(c, 0.10), (0, -44), (0, 30))
        fabric_pattern(cv, sl, p)
        with cv.clip(sl):
            cv.soft(band([(sgn * 33, -20), (sgn * 38, 25)], 1.5), BLACK, 0.08, 2)
            cv.soft(band([(sgn * 39, -30), (sgn * 43, 10)], 1.0), WHITE, 0.18, 1.5)
        cv.poly(sl, None, line_c, 0.35)
        cv.poly(cf, dk(c, 0.04))
        fabric_pattern(cv, cf, p)
        cv.poly(cf, None, line_c, 0.35)
        q = ((cf[0][0] * 0.3 + cf[1][0] * 0.7 + cf[2][0] * 0.7 + cf[3][0] * 0.3) / 2,
             (cf[0][1] * 0.3 + cf[1][1] * 0.7 + cf[2][1] * 0.7 + cf[3][1] * 0.3) / 2)
        if p.get("french_cuff"):
            cv.circle(q[0], q[1], 1.5, fill=METALS["gold"][1])
            cv.circle(q[0], q[1], 0.8, fill=METALS["gold"][0])
        else:
            _button(cv, q[0], q[1], 1.1, btn)

    cv.grad_poly(body, lt(c, 0.10), dk(c, 0.08), (0, -48), (0, 58))
    fabric_pattern(cv, body, p)
    with cv.clip(body):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 30, -20), (sgn * 28, 50)], 2.0), BLACK, 0.08, 3)
            cv.soft(band([(sgn * 18, -10), (sgn * 20, 50)], 2.5), WHITE, 0.16, 3)
            cv.line(curve((sgn * 8.5, -48.5), (sgn * 15, -46), (sgn * 25, -44.5), (sgn * 31, -43.5)), A(dk(c, 0.3), 0.6), 0.35)
        # placket
        pl = [(-3, -44), (3, -44), (3, 62), (-3, 62)]
        cv.poly(pl, A(WHITE, 0.08))
        cv.line([(-3, -44), (-3, 62)], A(dk(c, 0.3), 0.7), 0.35)
        cv.line([(3, -44), (3, 62)], A(dk(c, 0.3), 0.7), 0.35)
        cv.soft(band([(3.6, -40), (3.6, 60)], 0.5), BLACK, 0.12, 0.6)
        cv.dash([(-2.2, -40), (-2.2, 60)], A(dk(c, 0.25), 0.6), 0.22, 0.9, 0.5)
        # darts / folds
        for sgn in (1, -1):
            cv.line(curve((sgn * 22, 6), (sgn * 22.5, 20), (sgn * 22.5, 32), (sgn * 22, 46)), A(dk(c, 0.25), 0.35), 0.35)
        if p.get("pocket", True):
            pk = [(10, -26), (22, -26), (22, -13), (16, -10.5), (10, -13)]
            cv.poly(shift(pk, 0.3, 0.5), A(BLACK, 0.10))
            cv.poly(pk, lt(c, 0.04))
            fabric_pattern(cv, pk, dict(p, pattern_step=p.get("pattern_step", 2.4) * 1.0))
            cv.poly(pk, None, line_c, 0.3)
            cv.line([(10, -24.2), (22, -24.2)], A(dk(c, 0.3), 0.8), 0.3)
    cv.poly(body, None, line_c, 0.35)
    for y in (-24, -11, 2, 15, 28, 41, 53):
        _button(cv, 0, y, 1.25, btn)

    # collar
    back = ell(0, -48.6, 10, 3.4, 0, 60, 180, 360)
    cv.poly(back, dk(c, 0.07))
    cv.poly(ell(0, -48.4, 8.2, 2.0, 0, 60, 180, 360), dk(c, 0.32))
    if p.get("tie"):
        tie = col(p["tie"])
        knot = [(-2.2, -44.5), (2.2, -44.5), (1.6, -39.5), (-1.6, -39.5)]
        blade = [(-1.6, -39.6), (1.6, -39.6), (4.4, 10), (0, 14), (-4.4, 10)]
        cv.soft(shift(blade, 1, 1.2), BLACK, 0.3, 1.2)
        cv.poly(blade, tie)
        fabric_pattern(cv, blade, {"pattern": p.get("tie_pattern"), "pattern_color": p.get("tie_pattern_color", WHITE), "pattern_step": 2.2})
        cv.poly(knot, dk(tie, 0.12))
        cv.line([(-0.8, -38), (-2, 8)], A(WHITE, 0.18), 0.6)
    for sgn in (1, -1):
        wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.2, -47.4), (16.5, -33.0), (2.0, -39.0)]
        if p.get("collar") == "button":
            wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.2, -47.4), (14.2, -32.5), (2.0, -39.5)]
        if p.get("collar") == "cutaway":
            wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.6, -47.4), (18.6, -38.0), (2.0, -41.0)]
        w = wing if sgn > 0 else mirror(wing)
        cv.soft(shift(w, sgn * 0.6, 1.0), BLACK, 0.25, 0.9)
        cv.grad_poly(w, lt(c, 0.14), dk(c, 0.04), (0, -50), (0, -34))
        fabric_pattern(cv, w, p)
        cv.poly(w, None, line_c, 0.3)
        cv.dash(offset(w[2:5], -0.8 * sgn), A(dk(c, 0.3), 0.8), 0.2, 0.8, 0.45)
        if p.get("collar") == "button":
            pt = w[4]
            _button(cv, pt[0] - sgn * 1.3, pt[1] - 1.6, 0.7, btn)
    if not p.get("tie"):
        _button(cv, 0, -42.2, 1.0, btn)


def draw_folded_shirt(cv, p):
    """Retail-folded shirt seen from the front. x -36..36, y -45..50."""
    c = col(p["color"])
    btn = col(p.get("buttons", lt(c, 0.5) if lum(c) < 200 else (240, 238, 232)))
    line_c = A(dk(c, 0.35), 0.9)
    body = rrect(-36, -38, 36, 50, 4)
    if p.get("shadow", True):
        cv.soft(shift(body, 2, 3), BLACK, 0.3, 3)
    cv.grad_poly(body, lt(c, 0.1), dk(c, 0.1), (0, -40), (0, 50))
    fabric_pattern(cv, body, p)
    with cv.clip(body):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 25, -38), (sgn * 25, 50)], 1.0), BLACK, 0.10, 1.5)
            cv.line([(sgn * 25.5, -38), (sgn * 25.5, 50)], A(dk(c, 0.3), 0.35), 0.3)
            cv.soft(band([(sgn * 31, -30), (sgn * 31, 45)], 2.0), WHITE, 0.14, 2)
            cv.soft(band([(sgn * 36, -38), (sgn * 28, -31)], 0.6), BLACK, 0.12, 1.0)
        cv.soft(band([(-36, 8), (36, 8)], 1.5), BLACK, 0.06, 2.5)
        pl = [(-3, -38), (3, -38), (3, 52), (-3, 52)]
        cv.poly(pl, A(WHITE, 0.08))
        cv.line([(-3, -38), (-3, 52)], A(dk(c, 0.3), 0.7), 0.35)
        cv.line([(3, -38), (3, 52)], A(dk(c, 0.3), 0.7), 0.35)
        cv.soft(band([(3.6, -30), (3.6, 52)], 0.5), BLACK, 0.12, 0.6)
        if p.get("pocket", True):
            pk = [(10, -14), (23, -14), (23, 1), (16.5, 3.5), (10, 1)]
            cv.poly(shift(pk, 0.3, 0.5), A(BLACK, 0.10))
            cv.poly(pk, lt(c, 0.04))
            fabric_pattern(cv, pk, p)
            cv.poly(pk, None, line_c, 0.3)
            cv.line([(10, -12.2), (23, -12.2)], A(dk(c, 0.3), 0.8), 0.3)
    cv.poly(body, None, line_c, 0.35)
    for y in (-16, -2, 12, 26, 40):
        _button(cv, 0, y, 1.4, btn)
    # collar ring
    outer = ell(0, -37, 14.5, 7.8)
    inner = ell(0, -37.6, 12.2, 5.8)
    cv.soft(shift(outer, 0, 1.5), BLACK, 0.3, 1.5)
    cv.grad_poly(outer, lt(c, 0.12), dk(c, 0.08), (0, -45), (0, -30))
    fabric_pattern(cv, outer, p)
    cv.poly(outer, None, line_c, 0.3)
    cv.grad_poly(inner, dk(c, 0.35), dk(c, 0.12), (0, -43), (0, -32))
    cv.line(ell(0, -37.6, 12.2, 5.8, 0, 60, 0, 180), A(WHITE, 0.25), 0.4)
    if p.get("tie"):
        tie = col(p["tie"])
        blade = [(-2.0, -30), (2.0, -30), (5.2, 34), (0, 39), (-5.2, 34)]
        cv.soft(shift(blade, 1, 1.5), BLACK, 0.3, 1.3)
        cv.poly(blade, tie)
        fabric_pattern(cv, blade, {"pattern": p.get("tie_pattern"), "pattern_color": p.get("tie_pattern_color", WHITE), "pattern_step": 2.2})
        cv.line([(-1, -28), (-2.5, 32)], A(WHITE, 0.18), 0.7)
        cv.poly([(-3.0, -35.5), (3.0, -35.5), (2.2, -29.5), (-2.2, -29.5)], dk(tie, 0.12))
    for sgn in (1, -1):
        wing = [(0.8, -31.5), (1.8, -35.0), (11.5, -42.2), (14.2, -38.5), (16.5, -20.5), (2.6, -27)]
        if p.get("collar") == "cutaway":
            wing = [(0.8, -31.5), (1.8, -35.0), (11.5, -42.2), (14.2, -38.5), (20, -26.5), (2.6, -28.5)]
        w = wing if sgn > 0 else mirror(wing)
        cv.soft(shift(w, sgn * 0.8, 1.4), BLACK, 0.3, 1.2)
        cv.grad_poly(w, lt(c, 0.14), dk(c, 0.05), (0, -42), (0, -20))
        fabric_pattern(cv, w, p)
        cv.poly(w, None, line_c, 0.3)
        cv.dash(offset(w[2:5], -0.9 * sgn), A(dk(c, 0.3), 0.8), 0.22, 0.9, 0.5)
        if p.get("collar") == "button":
            pt = w[4]
            _button(cv, pt[0] - sgn * 1.6, pt[1] - 2.0, 0.8, btn)
    if not p.get("tie"):
        _button(cv, 0, -29.5, 1.1, btn)



def draw_trousers(cv, p):
    """Dress trousers laid flat, front view. x -30..30, y -57..60."""
    c = col(p["color"])
    line_c = A(dk(c, 0.45), 0.9)
    stitch = A(lt(c, 0.35) if lum(c) < 110 else dk(c, 0.3), 0.85)
    hem = 76.0
    legs = [(-27, -50), (27, -50)] + cubic((27, -50), (29, -30), (27.5, 10), (23.5, hem)) + [(5.0, hem)] \
        + cubic((5.0, hem), (3, 30), (1.5, 0), (0, -13)) + cubic((0, -13), (-1.5, 0), (-3, 30), (-5.0, hem)) \
        + [(-23.5, hem)] + cubic((-23.5, hem), (-27.5, 10), (-29, -30), (-27, -50))
    wb = rrect(-27.8, -56.5, 27.8, -49.5, 0.8)
    if p.get("shadow", True):
        cv.soft(shift(legs + wb, 1.5, 2.5), BLACK, 0.28, 3)
    cv.grad_poly(legs, lt(c, 0.08), dk(c, 0.12), (0, -50), (0, hem))
    fabric_pattern(cv, legs, p)
    with cv.clip(legs):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 14.5, -40), (sgn * 15.2, hem)], 3.0), WHITE, 0.12, 3)
            cv.soft(band([(sgn * 3, -10), (sgn * 5, hem)], 1.5), BLACK, 0.18, 2)
            cv.soft(band([(sgn * 27, -45), (sgn * 24, hem)], 1.5), BLACK, 0.12, 2)
            # crease
            cv.line([(sgn * 14.2, -47), (sgn * 14.2, hem)], A(WHITE, 0.18), 0.35)
            cv.line([(sgn * 14.6, -47), (sgn * 14.6, hem)], A(BLACK, 0.12), 0.3)
            # slanted pocket
            pk = [(sgn * 17.5, -49.5), (sgn * 27.2, -34)]
            cv.line(shift(pk, -sgn * 0.5, 0.2), A(BLACK, 0.35), 0.6)
            cv.line(pk, A(WHITE, 0.2), 0.3)
            cv.dash(shift(pk, -sgn * 1.2, 0), stitch, 0.22, 0.9, 0.5)
            if p.get("pleats"):
                for dx in (10, 13.5):
                    cv.soft(band([(sgn * dx, -49), (sgn * (dx + 0.5), -36)], 0.5), BLACK, 0.2, 0.6)
                    cv.line([(sgn * dx, -49), (sgn * (dx + 0.4), -37)], A(WHITE, 0.2), 0.3)
            if p.get("cuffs"):
                cuffb = [(sgn * 4.6, hem - 5), (sgn * 25.6, hem - 5), (sgn * 25.5, hem), (sgn * 4.5, hem)]
                cv.poly(cuffb, A(lt(c, 0.06), 0.9))
                cv.line([(sgn * 4.6, hem - 5), (sgn * 25.6, hem - 5)], A(BLACK, 0.35), 0.4)
                cv.line([(sgn * 4.6, hem - 4.4), (sgn * 25.6, hem - 4.4)], A(WHITE, 0.2), 0.3)
        # fly
        fly = [(3.8, -49.5)] + cubic((3.8, -49.5), (3.8, -35), (4, -24), (0, -20))
        cv.line(shift(fly, 0.3, 0.3), A(BLACK, 0.2), 0.5)
        cv.dash(fly, stitch, 0.28, 1.0, 0.55)
        cv.line([(0, -49.5), (0, -14)], A(BLACK, 0.3), 0.4)
    cv.poly(legs, None, line_c, 0.35)
    # waistband
    cv.poly(shift(wb, 0, 0.6), A(BLACK, 0.25))
    cv.grad_poly(wb, lt(c, 0.1), dk(c, 0.05), (0, -56.5), (0, -49.5))
    fabric_pattern(cv, wb, p)
    cv.poly(wb, None, line_c, 0.35)
    cv.dash([(-27, -55.3), (27, -55.3)], stitch, 0.22, 0.9, 0.5)
    cv.dash([(-27, -50.7), (27, -50.7)], stitch, 0.22, 0.9, 0.5)
    if p.get("belt"):
        bc = col(p["belt"])
        belt = rrect(-29, -55.6, 29, -50.4, 0.6)
        cv.poly(belt, bc)
        cv.line([(-29, -55.0), (29, -55.0)], A(WHITE, 0.2), 0.3)
        cv.dash([(-28, -54.2), (28, -54.2)], A(lt(bc, 0.4), 0.9), 0.2, 0.8, 0.5)
        cv.dash([(-28, -51.8), (28, -51.8)], A(lt(bc, 0.4), 0.9), 0.2, 0.8, 0.5)
        m = METALS[p.get("metal", "steel")]
        cv.poly(rrect(-3.8, -57, 3.8, -49, 1.2), m[2])
        cv.poly(rrect(-3.2, -56.4, 3.2, -49.6, 1.0), m[1])
        cv.poly(rrect(-2.0, -55.2, 2.0, -50.8, 0.6), bc)
        cv.line([(-3, -56), (2.5, -56)], A(m[0], 0.9), 0.4)
    else:
        cv.poly(rrect(-1.0, -56.5, 6.5, -49.5, 0.8), dk(c, 0.04))
        cv.poly(rrect(-1.0, -56.5, 6.5, -49.5, 0.8), None, line_c, 0.3)
        _button(cv, 4.2, -53, 1.2, dk(c, 0.3))
    for x in (-21, -11, 11, 21):
        lp = rrect(x - 1.1, -57.2, x + 1.1, -48.6, 0.4)
        cv.poly(shift(lp, 0.25, 0.3), A(BLACK, 0.3))
        cv.poly(lp, lt(c, 0.05))
        fabric_pattern(cv, lp, p)
        cv.poly(lp, None, line_c, 0.25)


def draw_trousers_hanger(cv, p):
    """Trousers hanging from a two-clip hanger. Same geometry as draw_trousers plus hook/bar above."""
    m = METALS[p.get("hanger_metal", "steel")]
    draw_trousers(cv, p)
    hook = Path((0, -61)).L((0, -66)).C((0, -72), (6.5, -74.5), (7, -69)).pts
    cv.line(shift(hook, 0.4, 0.6), A(BLACK, 0.25), 1.3)
    cv.line(hook, m[1], 1.2, cap=True)
    cv.line(hook, A(m[0], 0.6), 0.4)
    bar = rrect(-30, -63, 30, -60, 1.4)
    cv.poly(shift(bar, 0.4, 0.6), A(BLACK, 0.25))
    cv.grad_poly(bar, m[0], m[2], (0, -63), (0, -60))
    for x in (-17.5, 17.5):
        cl = rrect(x - 3.4, -64, x + 3.4, -51.5, 1.0)
        cv.soft(shift(cl, 0.5, 1.0), BLACK, 0.35, 0.8)
        cv.grad_poly(cl, m[0], m[2], (x - 3, 0), (x + 3, 0))
        cv.poly(rrect(x - 1.7, -61.8, x + 1.7, -57, 0.6), A(m[2], 0.7))
        cv.line([(x - 2.8, -52.6), (x + 2.8, -52.6)], A(BLACK, 0.3), 0.4)
        cv.line([(x - 2.8, -63.2), (x - 2.8, -53)], A(WHITE, 0.5), 0.35)


def draw_suit(cv, p):
    """Suit jacket (with trousers behind) on a hanger. x -44..44, y -72..78."""
    c = col(p["color"])
    style = p.get("style", "notch")  # notch / peak / double / tux / three
    shirt_c = col(p.get("shirt", (250, 250, 248)))
    tie_c = p.get("tie")
    lapel_c = col(p.get("lapel", c))
    btn_c = col(p.get("buttons", dk(c, 0.45)))
    line_c = A(dk(c, 0.5), 0.9)
    stitch = A(lt(c, 0.3) if lum(c) < 110 else dk(c, 0.3), 0.6)
    hem = 46.0
    body_r = [(6.5, -51.5), (35.5, -45.5), (36.5, -40), (31.5, -18), (32.5, hem)]
    body = body_r + mirror(body_r)[::-1]
    sleeve = Path((35.5, -45.5)).C((40.5, -40.5), (42.5, -20), (42.5, 40)).L((33.5, 41)).L((31.5, -18)).pts
    legs = [(-23, 30), (23, 30), (22, 78), (3, 78), (0, 40), (-3, 78), (-22, 78)]
    if p.get("shadow", True):
        cv.soft(shift(body + [(44, 40), (44, -40)], 2, 3), BLACK, 0.25, 3.5)
        cv.soft(shift(mirror(sleeve), 2, 3), BLACK, 0.22, 3)
        cv.soft(shift(legs, 2, 3), BLACK, 0.22, 3)
    # trousers behind
    cv.grad_poly(legs, lt(c, 0.04), dk(c, 0.2), (0, 30), (0, 78))
    fabric_pattern(cv, legs, p)
    with cv.clip(legs):
        for sgn in (1, -1):
            cv.line([(sgn * 12.5, 30), (sgn * 12.8, 78)], A(WHITE, 0.15), 0.35)
            cv.soft(band([(sgn * 2, 45), (sgn * 3, 78)], 1.2), BLACK, 0.25, 1.5)
    cv.poly(legs, None, line_c, 0.35)
    # hanger hook
    m = METALS[p.get("hanger_metal", "steel")]
    hook = Path((0, -50)).L((0, -62)).C((0, -69), (7, -72), (7.5, -65.5)).pts
    cv.line(shift(hook, 0.5, 0.6), A(BLACK, 0.25), 1.3)
    cv.line(hook, m[1], 1.2, cap=True)
    cv.line(hook, A(m[0], 0.6), 0.4)
    wood = hx("b07a45")
    hb = Path((-7.5, -52)).C((-4, -55.5), (4, -55.5), (7.5, -52)).L((7.5, -50.5)).L((-7.5, -50.5)).pts
    cv.poly(hb, wood)
    cv.line(Path((-6, -52.6)).C((-3, -54.8), (3, -54.8), (6, -52.6)).pts, A(WHITE, 0.35), 0.4)
    cv.circle(0, -53.3, 0.9, fill=m[1])
    # sleeves
    for sgn in (1, -1):
        sl = sleeve if sgn > 0 else mirror(sleeve)
        cv.grad_poly(sl, lt(c, 0.06), dk(c, 0.18), (sgn * 32, 0), (sgn * 43, 0))
        fabric_pattern(cv, sl, p)
        with cv.clip(sl):
            cv.soft(band([(sgn * 39.5, -35), (sgn * 40, 38)], 1.0), WHITE, 0.12, 1.5)
            cuff_y = 36
            for k in range(4):
                _button(cv, sgn * (39.5 - k * 1.6), cuff_y - k * 0.1, 0.65, btn_c)
        cv.poly(sl, None, line_c, 0.35)
    # body
    cv.grad_poly(body, lt(c, 0.08), dk(c, 0.14), (0, -50), (0, hem))
    fabric_pattern(cv, body, p)
    # V opening: shirt / waistcoat / tie
    dbl = style == "double"
    btn_y = 8.0 if style not in ("tux",) else 10.0
    if dbl:
        btn_y = 6.0
    v_pts = [(-6.5, -51.5), (6.5, -51.5), (0 if not dbl else -6, btn_y - 1)]
    if dbl:
        v_pts = [(-6.5, -51.5), (6.5, -51.5), (-5, btn_y - 4)]
    cv.poly(v_pts, shirt_c)
    with cv.clip(v_pts):
        cv.soft(band([(-8, -30), (8, -30)], 10), BLACK, 0.10, 5)
        # shirt collar
        for sgn in (1, -1):
            wing = [(0, -44), (sgn * 1, -51.5), (sgn * 6.5, -51.5), (sgn * 7.5, -40)]
            cv.poly(shift(wing, sgn * 0.4, 0.6), A(BLACK, 0.18))
            cv.poly(wing, lt(shirt_c, 0.2))
            cv.poly(wing, None, A(dk(shirt_c, 0.3), 0.8), 0.25)
        if style == "tux":
            bt = col(tie_c or (15, 15, 18))
            cv.poly([(0, -44), (-5, -46.8), (-5.4, -41.6)], bt)
            cv.poly([(0, -44), (5, -46.8), (5.4, -41.6)], bt)
            cv.poly(rrect(-1.2, -45.6, 1.2, -42.4, 0.5), dk(bt, 0.2))
            for y in (-36, -26, -16):
                cv.circle(0, y, 0.7, fill=(30, 30, 34))
            cv.line([(0, -42), (0, btn_y)], A(BLACK, 0.12), 0.3)
        elif tie_c:
            tc = col(tie_c)
            blade = [(-1.4, -41.6), (1.4, -41.6), (3.6, -2), (0, 2), (-3.6, -2)]
            cv.soft(shift(blade, 0.8, 1), BLACK, 0.3, 1)
            cv.poly(blade, tc)
            fabric_pattern(cv, blade, {"pattern": p.get("tie_pattern"), "pattern_color": p.get("tie_pattern_color", WHITE), "pattern_step": 1.8})
            cv.poly([(-2.2, -45.6), (2.2, -45.6), (1.5, -41.2), (-1.5, -41.2)], dk(tc, 0.15))
            cv.line([(-0.5, -40), (-1.6, -4)], A(WHITE, 0.2), 0.5)
        if style == "three":
            wc = [(-12, -36), (0, -17), (12, -36), (12, 20), (-12, 20)]
            cv.soft(shift(wc, 0, 1), BLACK, 0.35, 1)
            cv.poly(wc, dk(c, 0.1))
            fabric_pattern(cv, wc, p)
            cv.line([(-12, -36), (0, -17), (12, -36)], A(WHITE, 0.15), 0.4)
            for y in (-12, -5, 2):
                _button(cv, 0, y, 0.75, btn_c)
    # back collar behind neck
    cv.poly(ell(0, -51.5, 7.5, 2.2, 0, 40, 180, 360), dk(c, 0.25))
    # lapels
    for sgn in (1, -1):
        if dbl:
            if sgn > 0:
                outer_end = (-5, btn_y - 4)
                lap = [(6.5, -51.5), (13.5, -43), (10.5, -40.5), (21, -44), (19.5, -34)] + \
                    cubic((19.5, -34), (15, -18), (3, -6), outer_end)[1:] + [(0.5, -30), (6.5, -51.5)]
            else:
                lap = [(-6.5, -51.5), (-13.5, -43), (-10.5, -40.5), (-21, -44), (-19.5, -34)] + \
                    cubic((-19.5, -34), (-17, -20), (-12, -8), (-9, -2))[1:] + [(-5, btn_y - 4), (-6.5, -51.5)]
        else:
            if style in ("peak", "tux"):
                top = [(6.5, -51.5), (13, -43.5), (11, -41), (21, -45.5), (19.5, -35)]
            else:
                top = [(6.5, -51.5), (13, -43.5), (10.5, -40.5), (18.5, -38.5)]
            lap = top + cubic(top[-1], (17.5, -20), (8, -4), (0.2, btn_y - 0.5))[1:] + [(6.5, -51.5)]
            if sgn < 0:
                lap = mirror(lap)
        cv.soft(shift(lap, sgn * 1.0, 1.2), BLACK, 0.35, 1.2)
        cv.grad_poly(lap, lt(lapel_c, 0.14 if style != "tux" else 0.25), dk(lapel_c, 0.05), (sgn * 15, -45), (sgn * 4, 0))
        if style != "tux":
            fabric_pattern(cv, lap, p)
        else:
            with cv.clip(lap):
                cv.soft(band([(sgn * 12, -40), (sgn * 6, -10)], 1.2), WHITE, 0.25, 1.5)
        cv.poly(lap, None, line_c, 0.35)
        if style != "tux":
            cv.dash(offset(lap[3:20], 0.9 * sgn), stitch, 0.2, 0.8, 0.6)
    if not dbl:
        # front edges below the button
        fr = cubic((0.2, btn_y + 16), (0.5, 30), (5, 40), (14, hem))
        cv.poly(fr + [(-14, hem)] + mirror(fr)[::-1], dk(c, 0.35) if style != "tux" else dk(c, 0.1))
        cv.line(fr, line_c, 0.4)
        cv.line(mirror(fr), line_c, 0.4)
        cv.line([(0.2, btn_y - 0.5), (0.2, btn_y + 16)], line_c, 0.35)
    else:
        cv.line(cubic((-9, -2), (-8.5, 15), (-8.5, 35), (-9, hem)), line_c, 0.4)
    with cv.clip(body):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 31, -18), (sgn * 31.5, hem)], 1.0), BLACK, 0.2, 1.5)
            cv.soft(band([(sgn * 22, -20), (sgn * 24, 40)], 3), WHITE, 0.07, 3)
            cv.line(curve((sgn * 24, -28), (sgn * 22, -14), (sgn * 21, 6), (sgn * 21.5, 26)), A(BLACK, 0.15), 0.3)
    cv.poly(body, None, line_c, 0.35)
    # pockets
    for sgn in (1, -1):
        flap = [(sgn * 13, 25), (sgn * 27, 24.2), (sgn * 27.3, 29.2), (sgn * 13.3, 30)]
        cv.soft(shift(flap, 0.3, 0.8), BLACK, 0.3, 0.8)
        cv.poly(flap, lt(c, 0.04))
        fabric_pattern(cv, flap, p)
        cv.poly(flap, None, line_c, 0.3)
    welt = [(14, -17.5), (25, -19.5), (25.3, -17), (14.3, -15)]
    if p.get("square"):
        sq = col(p["square"])
        cv.poly([(15.5, -17.8), (18.5, -23.5), (21, -19.8), (23.5, -24), (24.5, -19.2)], sq)
        cv.poly([(18.5, -23.5), (21, -19.8), (19.5, -18.2)], A(BLACK, 0.15))
    cv.poly(welt, lt(c, 0.04))
    fabric_pattern(cv, welt, p)
    cv.poly(welt, None, line_c, 0.3)
    # buttons
    if dbl:
        for y in (btn_y, btn_y + 12):
            for x in (-5.5, 7.5):
                _button(cv, x, y, 1.3, btn_c)
        for x in (-6.5, 8.5):
            _button(cv, x, btn_y - 12, 1.0, btn_c)
    elif style == "tux":
        _button(cv, 0.2, btn_y, 1.4, col(p.get("buttons", (20, 20, 22))))
    else:
        _button(cv, 0.2, btn_y, 1.35, btn_c)
        _button(cv, 0.2, btn_y + 13, 1.35, btn_c)



# --------------------------------------------------------------------------
# product image scenes (1024 x 1280 design pixels)
# --------------------------------------------------------------------------

ORN_ACCENTS = ["terracotta", "gold", "teal", "indigo"]


def is_dark(c):
    return lum(c) < 110


def tint(base, other, t):
    return mix(base, col(other), t)


def arch(cx, top, w, bottom):
    r = w / 2.0
    return ell(cx, top + r, r, r, 0, 128, 180, 360) + [(cx + r, bottom), (cx - r, bottom)]


def bg_studio(cv, base, accent, rng, floor_y=1010):
    W, H = cv.w, cv.h
    dark = is_dark(base)
    fill_bg(cv, lt(base, 0.07), dk(base, 0.05), 90)
    acc = col(accent)
    o1 = tint(base, acc, 0.22 if not dark else 0.3)
    o2 = tint(base, WHITE if dark else acc, 0.12 if not dark else 0.1)
    # corner ornaments (tone on tone)
    corner = rng.choice(["bl", "br"])
    cx = -40 if corner == "bl" else W + 40
    rings(cv, cx, H + 40, 300, [o1, o2], 44, 20)
    tx = W - 150 if corner == "bl" else 150
    dots_grid(cv, tx - 60, 90, 5, 4, 30, 5, o1)
    for k in range(3):
        diamond(cv, (110 if corner == "bl" else W - 110), 120 + k * 46, 12, 16, o1 if k != 1 else o2)
    # arch
    ac = lt(base, 0.35) if not dark else lt(base, 0.08)
    cv.soft(shift(arch(W / 2, 170, 660, floor_y), 0, 12), dk(base, 0.25), 0.25, 18)
    cv.poly(arch(W / 2, 170, 660, floor_y), ac)
    cv.line(ell(W / 2, 170 + 330, 330 + 18, 330 + 18, 0, 128, 185, 355), A(o1, 1.0), 4)
    # floor
    cv.grad_poly([(0, floor_y), (W, floor_y), (W, H), (0, H)], dk(base, 0.06), dk(base, 0.12), (0, floor_y), (0, H))
    cv.line([(0, floor_y), (W, floor_y)], A(WHITE, 0.35 if not dark else 0.15), 2)


def bg_bold(cv, base, accent, rng):
    W, H = cv.w, cv.h
    dark = is_dark(base)
    fill_bg(cv, lt(base, 0.10), dk(base, 0.10), 60)
    acc = col(accent)
    o1 = tint(base, acc, 0.35)
    o2 = tint(base, WHITE, 0.28 if not dark else 0.14)
    o3 = tint(base, acc, 0.6)
    corner = rng.choice(["tr", "tl"])
    cx = W + 60 if corner == "tr" else -60
    rings(cv, cx, -60, 560, [o1, o2], 84, 40)
    fan_x = -20 if corner == "tr" else W + 20
    # big half circle bottom
    rings(cv, fan_x, H + 20, 250, [o2, o1], 60, 28)
    target(cv, W - 120 if corner == "tl" else 120, 150, 52, o3, o2, o1)
    diamond_row(cv, (W - 300) if corner == "tl" else 180, H - 70, 5, 14, 16, o3, o2)
    zigzag(cv, (60 if corner == "tl" else W - 260), H - 150, 200, 10, 36, o1, 5)


def shadow_floor(cv, cx, cy, rx, ry, alpha=0.35):
    cv.soft(ell(cx, cy, rx, ry), BLACK, alpha, ry * 0.9)


def draw_product(cv, kind, prm):
    {"formal-shoes": draw_formal_shoe, "sneakers": draw_sneaker, "wristwatches": draw_watch,
     "corporate-shirts": draw_shirt, "formal-trousers": draw_trousers, "suits": draw_suit}[kind](cv, prm)


def scene_product(key, coll, item, view):
    W, H = PRODUCT_SIZE
    bgname = item["bg"][0 if view == "a" else 1]
    base = PAL[bgname]
    acc = item.get("orn", ["gold", "teal"])[0 if view == "a" else 1]
    cv = Canvas(W, H, base)
    rng = Rng(key)
    prm = dict(item["draw"])
    if view == "a":
        bg_studio(cv, base, acc, rng)
        if coll in ("formal-shoes", "sneakers"):
            podium(cv, 512, 905, 400, 62, 140, dk(base, 0.02) if not is_dark(base) else lt(base, 0.12))
            s = 7.9 if coll == "formal-shoes" else 7.2
            with cv.at(506, 905 - 20 * s, s):
                draw_product(cv, coll, prm)
        elif coll == "wristwatches":
            shadow_floor(cv, 512, 1010, 220, 18, 0.25)
            with cv.at(512, 610, 6.9):
                draw_watch(cv, prm)
        elif coll == "corporate-shirts":
            with cv.at(512, 610, 8.3):
                draw_shirt(cv, prm)
        elif coll == "formal-trousers":
            with cv.at(512, 590, 6.9):
                draw_trousers(cv, prm)
        elif coll == "suits":
            with cv.at(512, 600, 6.8):
                draw_suit(cv, prm)
    else:
        bg_bold(cv, base, acc, rng)
        if coll == "formal-shoes":
            shadow_floor(cv, 480, 800, 330, 20, 0.3)
            shadow_floor(cv, 545, 985, 360, 22, 0.35)
            with cv.at(480, 800 - 20 * 7.0, 7.0, flip=True):
                draw_formal_shoe(cv, dict(prm, shadow=False))
            with cv.at(545, 985 - 20 * 7.3, 7.3):
                draw_formal_shoe(cv, dict(prm, shadow=False))
        elif coll == "sneakers":
            shadow_floor(cv, 520, 1060, 300, 26, 0.3)
            with cv.at(512, 640, 8.2, rot=-14):
                draw_sneaker(cv, dict(prm, shadow=False))
        elif coll == "wristwatches":
            with cv.at(520, 640, 11.5, rot=24):
                draw_watch(cv, prm)
        elif coll == "corporate-shirts":
            with cv.at(512, 660, 9.4):
                draw_folded_shirt(cv, dict(prm, tie=item.get("tie_b", prm.get("tie"))))
        elif coll == "formal-trousers":
            with cv.at(512, 40 + 80 * 9.2, 9.2, rot=-2):
                draw_trousers_hanger(cv, prm)
        elif coll == "suits":
            with cv.at(505, 640, 11.0, rot=-4):
                draw_suit(cv, prm)
    return cv.result()



# --------------------------------------------------------------------------
# landscape scenes: banners, releases, hero slides (1600 x 900)
# --------------------------------------------------------------------------

def item_of(cid, num):
    coll = next(c for c in COLLECTIONS if c["id"] == cid)
    return coll["items"][num - 1]


def rail(cv, x0, x1, y, m=METALS["steel"]):
    cv.soft([(x0, y + 6), (x1, y + 6), (x1, y + 16), (x0, y + 16)], BLACK, 0.25, 8)
    cv.grad_poly(rrect(x0, y - 7, x1, y + 7, 7), m[0], m[2], (0, y - 7), (0, y + 7))
    for x in (x0, x1):
        cv.poly(rrect(x - 14, y - 18, x + 14, y + 18, 6), m[2])
        cv.poly(rrect(x - 10, y - 14, x + 10, y + 14, 4), m[1])


def halo(cv, cx, cy, r, c1, c2, n=3, step=None):
    step = step or r * 0.16
    cv.circle(cx, cy, r, fill=c1)
    for k in range(1, n + 1):
        cv.circle(cx, cy, r + k * step, outline=c2, width=max(2, step * 0.18))


def landscape_bg(cv, base, accent, rng, corners=("tl", "br"), scale=1.0, strength=0.3):
    dark = is_dark(base)
    fill_bg(cv, lt(base, 0.1), dk(base, 0.12), 35)
    acc = col(accent)
    c1 = tint(base, acc, strength + 0.1)
    c2 = tint(base, WHITE, 0.2 if not dark else 0.12)
    c3 = tint(base, acc, strength + 0.35)
    for cn in corners:
        ankara_corner(cv, cn, scale, c1, c2, c3, rng)
    return c1, c2, c3


BANNER_STYLE = {
    "formal-shoes": ("sand", "terracotta"),
    "formal-trousers": ("indigo", "gold"),
    "corporate-shirts": ("sage", "teal"),
    "wristwatches": ("teal", "gold"),
    "suits": ("gold", "indigo"),
    "sneakers": ("terracotta", "indigo"),
}


def scene_banner(key, cid):
    W, H = LANDSCAPE_SIZE
    base_n, acc_n = BANNER_STYLE[cid]
    base = PAL[base_n]
    cv = Canvas(W, H, base)
    rng = Rng(key)
    c1, _, _ = landscape_bg(cv, base, acc_n, rng, ("tl", "br"), 1.0)
    if cid == "formal-shoes":
        cv.grad_poly([(0, 700), (W, 700), (W, H), (0, H)], dk(base, 0.05), dk(base, 0.12), (0, 700), (0, H))
        spots = [(340, 640, 150, 3), (800, 560, 230, 1), (1260, 640, 150, 7)]
        for (x, top, hgt, num) in spots:
            podium(cv, x, top, 250 if num != 1 else 290, 40, hgt, lt(base, 0.1))
        for (x, top, hgt, num) in spots:
            s = 4.6 if num != 1 else 5.4
            with cv.at(x - 4, top - 20 * s + 4, s):
                draw_formal_shoe(cv, dict(item_of(cid, num)["draw"]))
    elif cid == "sneakers":
        for (x, y, s, r, num) in ((290, 500, 3.9, -8, 5), (800, 420, 4.7, -14, 1), (1310, 500, 3.9, -8, 3)):
            shadow_floor(cv, x + 10, 720, 220 * s / 5, 16, 0.3)
            with cv.at(x, y, s, rot=r):
                draw_sneaker(cv, dict(item_of(cid, num)["draw"], shadow=False))
    elif cid == "wristwatches":
        halo(cv, 800, 450, 250, tint(base, WHITE, 0.1), c1, 2, 40)
        for (x, y, s, r, num) in ((380, 470, 4.6, -16, 3), (1220, 470, 4.6, 16, 5), (800, 450, 5.6, 0, 1)):
            with cv.at(x, y, s, rot=r):
                draw_watch(cv, dict(item_of(cid, num)["draw"]))
    elif cid == "corporate-shirts":
        cv.grad_poly([(0, 760), (W, 760), (W, H), (0, H)], dk(base, 0.06), dk(base, 0.12), (0, 760), (0, H))
        for (x, y, s, num, tie) in ((390, 500, 4.9, 2, "1b1f3b"), (1210, 500, 4.9, 5, None), (800, 470, 5.7, 3, "e4572e")):
            prm = dict(item_of(cid, num)["draw"])
            if tie:
                prm["tie"] = tie
            with cv.at(x, y, s):
                draw_folded_shirt(cv, prm)
    elif cid in ("formal-trousers", "suits"):
        rail(cv, 120, W - 120, 95)
        nums = (1, 4, 6) if cid == "formal-trousers" else (5, 1, 3)
        for k, num in enumerate(nums):
            x = 400 + k * 400
            prm = dict(item_of(cid, num)["draw"])
            if cid == "formal-trousers":
                s = 5.0
                with cv.at(x, 95 + 73 * s - 8, s):
                    draw_trousers_hanger(cv, prm)
            else:
                s = 4.95
                with cv.at(x, 95 + 70 * s - 8, s):
                    draw_suit(cv, prm)
    return cv.result()


RELEASE_STYLE = {
    1: ("terracotta", "gold", "indigo"),
    2: ("indigo", "teal", "gold"),
    3: ("gold", "terracotta", "indigo"),
    4: ("teal", "indigo", "gold"),
}


def scene_release(key, k):
    W, H = LANDSCAPE_SIZE
    b1, b2, acc = RELEASE_STYLE[k]
    base = PAL[b1]
    cv = Canvas(W, H, base)
    rng = Rng(key)
    fill_bg(cv, lt(PAL[b1], 0.05), mix(PAL[b1], PAL[b2], 0.75), 20)
    a = PAL[acc]
    c1 = tint(base, a, 0.45)
    c2 = tint(base, WHITE, 0.25)
    c3 = tint(base, a, 0.8)
    ankara_corner(cv, "tl", 0.9, c1, c2, c3, rng)
    ankara_corner(cv, "br", 1.1, c1, c2, c3, rng)
    # soft light behind the product
    cv.soft(ell(1080, 450, 420, 360), lt(base, 0.35), 0.55, 80)
    halo(cv, 1080, 450, 300, tint(base, a, 0.3), c2, 3, 34)
    # diamond chain leading from the text side
    diamond_row(cv, 120, 820, 8, 13, 18, c3, c2)
    zigzag(cv, 120, 770, 360, 10, 40, c1, 5)
    rel = RELEASES[k - 1]
    cid, num = rel["product"]
    prm = dict(item_of(cid, num)["draw"])
    if cid == "sneakers":
        shadow_floor(cv, 1090, 760, 380, 24, 0.35)
        with cv.at(1075, 440, 8.6, rot=-14):
            draw_sneaker(cv, dict(prm, shadow=False))
    elif cid == "wristwatches":
        with cv.at(1085, 450, 7.4, rot=22):
            draw_watch(cv, prm)
    elif cid == "suits":
        with cv.at(1080, 470, 5.4):
            draw_suit(cv, prm)
    elif cid == "formal-shoes":
        shadow_floor(cv, 1050, 480, 320, 16, 0.35)
        shadow_floor(cv, 1100, 740, 370, 20, 0.4)
        with cv.at(1050, 480 - 20 * 6.0, 6.0, flip=True):
            draw_formal_shoe(cv, dict(prm, shadow=False))
        with cv.at(1100, 740 - 20 * 6.6, 6.6):
            draw_formal_shoe(cv, dict(prm, shadow=False))
    return cv.result()


def scene_hero(key, k):
    W, H = LANDSCAPE_SIZE
    rng = Rng(key)
    if k == 1:
        base = PAL["indigo"]
        cv = Canvas(W, H, base)
        fill_bg(cv, lt(base, 0.08), dk(base, 0.25), 70)
        gold = PAL["gold"]
        rings(cv, 800, 450, 520, [tint(base, gold, 0.14), tint(base, WHITE, 0.04)], 52, 22)
        ankara_corner(cv, "tr", 0.8, tint(base, gold, 0.35), tint(base, WHITE, 0.1), gold, rng)
        ankara_corner(cv, "bl", 0.8, tint(base, gold, 0.35), tint(base, WHITE, 0.1), gold, rng)
        cv.soft(ell(330, 480, 260, 360), lt(base, 0.3), 0.5, 60)
        with cv.at(330, 440, 5.0):
            draw_suit(cv, dict(item_of("suits", 5)["draw"]))
        cv.soft(ell(1270, 450, 240, 300), lt(base, 0.3), 0.5, 60)
        with cv.at(1270, 450, 5.4, rot=-18):
            draw_watch(cv, dict(item_of("wristwatches", 5)["draw"]))
    elif k == 2:
        base = PAL["terracotta"]
        cv = Canvas(W, H, base)
        fill_bg(cv, lt(base, 0.06), mix(base, PAL["gold"], 0.55), 30)
        ind = PAL["indigo"]
        rings(cv, 800, 450, 520, [tint(base, WHITE, 0.12), tint(base, PAL["gold"], 0.3)], 52, 22)
        ankara_corner(cv, "tl", 0.8, tint(base, ind, 0.3), tint(base, WHITE, 0.25), ind, rng)
        ankara_corner(cv, "br", 0.8, tint(base, ind, 0.3), tint(base, WHITE, 0.25), ind, rng)
        shadow_floor(cv, 330, 760, 260, 20, 0.3)
        shadow_floor(cv, 1270, 760, 260, 20, 0.3)
        with cv.at(320, 440, 5.6, rot=-16):
            draw_sneaker(cv, dict(item_of("sneakers", 5)["draw"], shadow=False))
        with cv.at(1280, 440, 5.6, rot=14, flip=True):
            draw_sneaker(cv, dict(item_of("sneakers", 3)["draw"], shadow=False))
    else:
        base = PAL["teal"]
        cv = Canvas(W, H, base)
        fill_bg(cv, lt(base, 0.08), dk(base, 0.25), 110)
        gold = PAL["gold"]
        rings(cv, 800, 450, 520, [tint(base, WHITE, 0.07), tint(base, gold, 0.16)], 52, 22)
        ankara_corner(cv, "tr", 0.8, tint(base, gold, 0.4), tint(base, WHITE, 0.14), PAL["blush"], rng)
        ankara_corner(cv, "bl", 0.8, tint(base, gold, 0.4), tint(base, WHITE, 0.14), PAL["blush"], rng)
        # stack of folded shirts
        for j, (num, tie) in enumerate(((7, None), (4, None), (1, "e4572e"))):
            prm = dict(item_of("corporate-shirts", num)["draw"])
            if tie:
                prm["tie"] = tie
            with cv.at(330 + (2 - j) * 6, 420 + (2 - j) * 62, 4.6):
                draw_folded_shirt(cv, prm)
        podium(cv, 1270, 620, 270, 42, 320, lt(base, 0.15))
        with cv.at(1264, 620 - 20 * 5.0 + 4, 5.0):
            draw_formal_shoe(cv, dict(item_of("formal-shoes", 1)["draw"]))
    return cv.result()


# --------------------------------------------------------------------------
# catalogue data
# --------------------------------------------------------------------------

SHOE_SIZES = ["39", "40", "41", "42", "43", "44", "45", "46"]
SHIRT_SIZES = ["S", "M", "L", "XL", "XXL"]
WAIST_SIZES = ["30", "32", "34", "36", "38", "40"]
SUIT_SIZES = ["46R", "48R", "50R", "52R", "54R"]

COLLECTIONS = [
    {
        "id": "formal-shoes",
        "name": "Formal Shoes",
        "description": "Hand-finished Oxfords, Derbies, loafers and boots in burnished calf and soft suede, "
                       "built on Goodyear-welted and leather soles for the boardroom, the wedding and everything in between.",
        "items": [
            {"name": "Oxford Cap-Toe in Oxblood", "price": "58500.00", "rating": 4.7, "reviews": 128,
             "category": "Oxfords", "sizes": SHOE_SIZES[1:7], "colors": ["Oxblood", "Black"], "featured": True,
             "bg": ["sand", "sage"], "orn": ["terracotta", "teal"],
             "draw": {"style": "oxford", "color": "5c1a22"},
             "description": "A sleek cap-toe Oxford cut from hand-burnished calf leather, with closed lacing and a "
                            "Goodyear-welted leather sole. The oxblood finish deepens with every polish, taking you from "
                            "the boardroom straight to an evening owambe."},
            {"name": "Plain-Toe Derby in Espresso", "price": "39999.99", "rating": 4.4, "reviews": 86,
             "category": "Derbies", "sizes": SHOE_SIZES, "colors": ["Espresso", "Tan"], "featured": False,
             "bg": ["blush", "gold"], "orn": ["terracotta", "indigo"],
             "draw": {"style": "derby", "color": "3b2418"},
             "description": "An open-laced Derby with a generous fit through the instep, crafted from full-grain leather "
                            "and lined in breathable calfskin. A cushioned insole and stacked leather heel keep it comfortable "
                            "from the morning commute to the last meeting of the day."},
            {"name": "Penny Loafer in Cognac", "price": "52000.00", "rating": 4.8, "reviews": 211,
             "category": "Loafers", "sizes": SHOE_SIZES[1:7], "colors": ["Cognac", "Dark Brown"], "featured": True,
             "bg": ["sage", "cream"], "orn": ["teal", "terracotta"],
             "draw": {"style": "loafer", "color": "9a4a1c"},
             "description": "A hand-stitched moccasin-toe loafer in supple cognac leather, finished with a classic saddle "
                            "strap and a flexible leather sole. Wear it with tailored trousers for effortless Friday-to-weekend style."},
            {"name": "Double Monk Strap in Black", "price": "67500.00", "rating": 4.6, "reviews": 74,
             "category": "Monk Straps", "sizes": SHOE_SIZES[1:], "colors": ["Black"], "featured": False,
             "bg": ["gold", "blush"], "orn": ["terracotta", "teal"],
             "draw": {"style": "monk", "color": "1e1e22", "sole": "141414"},
             "description": "Two polished steel buckles sit across a smooth black calf upper on this statement double monk. "
                            "It is built on a sleek almond last with a leather sole and a rubber heel insert for grip on polished floors."},
            {"name": "Full Brogue Wingtip in Tan", "price": "61000.00", "rating": 4.5, "reviews": 93,
             "category": "Brogues", "sizes": SHOE_SIZES[:7], "colors": ["Tan", "Chestnut"], "featured": False,
             "bg": ["indigo", "sand"], "orn": ["gold", "terracotta"],
             "draw": {"style": "brogue", "color": "b5743b", "sole": "3a2418"},
             "description": "A classic wingtip brogue with hand-punched perforations and a medallion toe, crafted from "
                            "burnished tan calf. The Goodyear-welted sole can be resoled again and again, and a lightly padded "
                            "collar hugs the heel."},
            {"name": "Tassel Loafer in Burgundy Suede", "price": "48750.00", "rating": 4.3, "reviews": 41,
             "category": "Loafers", "sizes": SHOE_SIZES[1:7], "colors": ["Burgundy", "Navy"], "featured": False,
             "bg": ["cream", "sage"], "orn": ["gold", "teal"],
             "draw": {"style": "tassel", "color": "7a2338", "suede": True},
             "description": "Soft suede in a rich burgundy, trimmed with leather piping and a pair of swinging tassels. "
                            "A light, flexible sole makes this the loafer for weddings, date nights and long Lagos evenings."},
            {"name": "Chelsea Boot in Dark Chocolate", "price": "89900.00", "rating": 4.9, "reviews": 157,
             "category": "Boots", "sizes": SHOE_SIZES[1:], "colors": ["Dark Chocolate", "Black"], "featured": False,
             "bg": ["terracotta", "sand"], "orn": ["gold", "teal"],
             "draw": {"style": "chelsea", "color": "4a2c1c"},
             "description": "A sleek Chelsea boot in waxed dark-chocolate leather with stretch elastic gussets and a rear "
                            "pull tab for easy on and off. The stacked heel and slim profile sit neatly under suit trousers or chinos."},
        ],
    },
    {
        "id": "formal-trousers",
        "name": "Formal Trouser",
        "description": "Sharp-creased dress trousers and tailored chinos in breathable wool blends, linen and stretch cotton, "
                       "cut to move with you through long Lagos days.",
        "items": [
            {"name": "Tailored Chinos in Stone", "price": "22500.00", "rating": 4.6, "reviews": 184,
             "category": "Chinos", "sizes": WAIST_SIZES, "colors": ["Stone", "Navy", "Olive"], "featured": True,
             "bg": ["indigo", "teal"], "orn": ["gold", "gold"],
             "draw": {"color": "cdbb98"},
             "description": "Mid-weight cotton twill chinos with a touch of stretch, cut slim through the thigh with a clean "
                            "tapered leg. Slant front pockets, jetted back pockets and a pressed crease make them office-ready."},
            {"name": "Wool-Blend Dress Trousers in Charcoal", "price": "34999.99", "rating": 4.5, "reviews": 97,
             "category": "Slim Fit", "sizes": WAIST_SIZES, "colors": ["Charcoal", "Black"], "featured": False,
             "bg": ["sand", "gold"], "orn": ["terracotta", "indigo"],
             "draw": {"color": "3a3d44"},
             "description": "Tailored from a breathable wool-polyester blend that shrugs off creases in the heat, these "
                            "flat-front trousers have an extended waistband tab and a half-lined front for a clean drape. "
                            "Wear them with the matching charcoal blazer or a crisp white shirt."},
            {"name": "Pleated Trousers in Navy", "price": "31500.00", "rating": 4.4, "reviews": 58,
             "category": "Pleated", "sizes": WAIST_SIZES[:5], "colors": ["Navy"], "featured": False,
             "bg": ["blush", "sand"], "orn": ["terracotta", "teal"],
             "draw": {"color": "1f2a4a", "pleats": True, "cuffs": True},
             "description": "Double forward pleats and turn-up hems give these navy trousers a relaxed yet tailored silhouette. "
                            "Cut from a soft brushed twill with side adjusters, they pair perfectly with a crisp shirt and loafers."},
            {"name": "Stretch Chinos in Olive", "price": "19999.00", "rating": 4.2, "reviews": 212,
             "category": "Chinos", "sizes": WAIST_SIZES, "colors": ["Olive", "Khaki"], "featured": False,
             "bg": ["cream", "blush"], "orn": ["teal", "terracotta"],
             "draw": {"color": "5d6440", "belt": "3b2418", "metal": "brass"},
             "description": "Everyday chinos in garment-dyed olive cotton with two percent elastane for easy movement. "
                            "A mid rise, belt loops and a slim tapered leg take you from desk to weekend."},
            {"name": "Pinstripe Trousers in Grey", "price": "37500.00", "rating": 4.7, "reviews": 64,
             "category": "Slim Fit", "sizes": WAIST_SIZES[1:], "colors": ["Grey"], "featured": True,
             "bg": ["gold", "cream"], "orn": ["terracotta", "indigo"],
             "draw": {"color": "55585f", "pattern": "pinstripe", "pattern_color": "e2e4e8", "belt": "1c1c1e"},
             "description": "Fine chalk pinstripes on a mid-grey wool-blend cloth give these trousers real boardroom authority. "
                            "They are finished with a curtain waistband, hook-and-bar closure and a sharp centre crease."},
            {"name": "Linen-Blend Trousers in Sand", "price": "27750.00", "rating": 4.3, "reviews": 39,
             "category": "Relaxed", "sizes": WAIST_SIZES, "colors": ["Sand", "White"], "featured": False,
             "bg": ["teal", "terracotta"], "orn": ["gold", "gold"],
             "draw": {"color": "dcc7a1", "pattern": "linen", "pattern_color": "7a6540", "seed": 3},
             "description": "A breathable linen-cotton blend made for hot afternoons, with a relaxed straight leg and a softly "
                            "structured waistband. Perfect for outdoor ceremonies and Friday dressing."},
            {"name": "Straight-Fit Trousers in Black", "price": "26000.00", "rating": 4.5, "reviews": 143,
             "category": "Straight Fit", "sizes": WAIST_SIZES, "colors": ["Black"], "featured": False,
             "bg": ["blush", "sage"], "orn": ["gold", "teal"],
             "draw": {"color": "1b1b1e"},
             "description": "Versatile black formal trousers in a smooth, fade-resistant poly-viscose weave. A straight leg, "
                            "permanent crease and reinforced pockets make them a dependable everyday essential."},
        ],
    },
    {
        "id": "corporate-shirts",
        "name": "Corporate Shirts",
        "description": "Crisp poplin, Oxford cloth and fine twill shirts with proper collars and clean cuffs, "
                       "in the whites, blues, stripes and checks every working wardrobe needs.",
        "items": [
            {"name": "Crisp Poplin Shirt in White", "price": "18500.00", "rating": 4.7, "reviews": 326,
             "category": "Slim Fit", "sizes": SHIRT_SIZES, "colors": ["White"], "featured": True,
             "bg": ["terracotta", "indigo"], "orn": ["gold", "gold"],
             "draw": {"color": "fbfbf8"}, "tie_b": "c9a04a",
             "description": "Our best-selling everyday shirt in two-ply cotton poplin with a smooth, cool hand. A semi-spread "
                            "collar with removable stays and adjustable two-button cuffs keep it sharp from morning briefing to dinner."},
            {"name": "Oxford Button-Down in Sky Blue", "price": "21999.99", "rating": 4.5, "reviews": 142,
             "category": "Regular Fit", "sizes": SHIRT_SIZES, "colors": ["Sky Blue", "White"], "featured": False,
             "bg": ["indigo", "gold"], "orn": ["teal", "terracotta"],
             "draw": {"color": "c9dcf2", "collar": "button"},
             "description": "Soft, textured Oxford cloth in a classic sky blue with a button-down collar and a chest pocket. "
                            "Garment-washed for a lived-in feel that still looks neat under a blazer."},
            {"name": "Bengal Stripe Shirt in Blue", "price": "24500.00", "rating": 4.4, "reviews": 77,
             "category": "Slim Fit", "sizes": SHIRT_SIZES, "colors": ["Blue/White"], "featured": False,
             "bg": ["sand", "terracotta"], "orn": ["teal", "gold"],
             "draw": {"color": "ffffff", "pattern": "stripe", "pattern_color": "4a78c2", "pattern_step": 2.3, "collar": "cutaway"},
             "tie_b": "1b1f3b",
             "description": "Bold Bengal stripes in blue and white on crisp cotton poplin, finished with a cutaway collar that "
                            "frames a tie knot perfectly. A confident choice for presentations and client meetings."},
            {"name": "Gingham Check Shirt in Navy", "price": "22750.00", "rating": 4.3, "reviews": 65,
             "category": "Slim Fit", "sizes": SHIRT_SIZES[:4], "colors": ["Navy", "Red"], "featured": False,
             "bg": ["gold", "sage"], "orn": ["terracotta", "teal"],
             "draw": {"color": "ffffff", "pattern": "gingham", "pattern_color": "1f2f66", "pattern_step": 3.6},
             "description": "A fine navy gingham woven from breathable cotton, with a spread collar and a slim, darted body. "
                            "Dress it up with a knit tie or wear it open-collared on casual Fridays."},
            {"name": "Twill Shirt in Blush Pink", "price": "19999.00", "rating": 4.6, "reviews": 118,
             "category": "Regular Fit", "sizes": SHIRT_SIZES, "colors": ["Blush Pink"], "featured": False,
             "bg": ["teal", "indigo"], "orn": ["gold", "terracotta"],
             "draw": {"color": "f4c4bd"}, "tie_b": "1b1f3b",
             "description": "Diagonal cotton twill in a soft blush pink with a subtle sheen. It irons easily, stays comfortable "
                            "all day and is a fresh alternative to white and blue in your rotation."},
            {"name": "Royal Oxford Shirt in Lilac", "price": "27500.00", "rating": 4.8, "reviews": 91,
             "category": "Slim Fit", "sizes": SHIRT_SIZES, "colors": ["Lilac", "Light Blue"], "featured": True,
             "bg": ["sand", "teal"], "orn": ["terracotta", "gold"],
             "draw": {"color": "cbbbe3"}, "tie_b": "0f3b36",
             "description": "Royal Oxford cloth has a richer, more refined weave than standard Oxford, and this lilac shade glows "
                            "against navy and grey suits. Finished with pearl-effect buttons and a classic spread collar."},
            {"name": "Double-Cuff Twill Shirt in Navy", "price": "34500.00", "rating": 4.6, "reviews": 52,
             "category": "French Cuff", "sizes": SHIRT_SIZES[1:], "colors": ["Navy", "Black"], "featured": False,
             "bg": ["gold", "cream"], "orn": ["terracotta", "teal"],
             "draw": {"color": "203060", "french_cuff": True, "collar": "cutaway"},
             "description": "A deep navy twill shirt with double French cuffs made for your favourite cufflinks. Tailored through "
                            "the body with a cutaway collar for a modern evening look."},
        ],
    },
    {
        "id": "wristwatches",
        "name": "Wristwatches",
        "description": "Chronographs, divers, dress watches and automatics in steel, gold and gunmetal, "
                       "chosen to finish a sharp look and built to keep time for years.",
        "items": [
            {"name": "Heritage Chronograph, Steel & Navy", "price": "185000.00", "rating": 4.8, "reviews": 203,
             "category": "Chronograph", "sizes": [], "colors": ["Navy/Steel", "Black/Steel"], "featured": True,
             "bg": ["sand", "gold"], "orn": ["terracotta", "indigo"],
             "draw": {"style": "chrono", "dial": "1f2d5a", "metal": "steel", "strap": "leather", "strap_color": "6a3a20",
                      "index": "f4f6f8", "time": (10, 9, 36)},
             "description": "A 42 mm stainless-steel chronograph with a sunburst navy dial, three sub-dials and twin pushers. "
                            "Scratch-resistant crystal, 100 m water resistance and a hand-stitched brown leather strap."},
            {"name": "Ikoyi Dress Watch, Rose Gold", "price": "124500.00", "rating": 4.6, "reviews": 88,
             "category": "Dress Watch", "sizes": [], "colors": ["Rose Gold/Cream"], "featured": False,
             "bg": ["sage", "indigo"], "orn": ["teal", "gold"],
             "draw": {"style": "dress", "dial": "f6efe3", "metal": "rose", "strap": "leather", "strap_color": "3a2418",
                      "index": "8c5443", "hands": "8c5443", "seconds": "8c5443", "time": (10, 8, 20)},
             "description": "An ultra-slim 38 mm dress watch with a rose-gold-tone case, cream sunray dial and slender leaf hands. "
                            "The dark brown leather strap slips neatly under a double cuff."},
            {"name": "Atlantic Diver 200 m, Black", "price": "215000.00", "rating": 4.7, "reviews": 164,
             "category": "Diver", "sizes": [], "colors": ["Black", "Blue"], "featured": True,
             "bg": ["teal", "sand"], "orn": ["gold", "teal"],
             "draw": {"style": "diver", "dial": "141518", "metal": "steel", "strap": "bracelet", "bezel": "121316",
                      "index": "f4f6ea", "hands": "e8eaec", "time": (10, 10, 42)},
             "description": "A robust 41 mm automatic diver with a unidirectional bezel, luminous indices and a screw-down crown "
                            "rated to 200 m. The brushed-and-polished steel bracelet closes with a secure fold-over clasp."},
            {"name": "Field Watch, Olive Canvas", "price": "64999.99", "rating": 4.4, "reviews": 131,
             "category": "Field", "sizes": [], "colors": ["Olive", "Sand"], "featured": False,
             "bg": ["cream", "terracotta"], "orn": ["teal", "gold"],
             "draw": {"style": "field", "dial": "2f3a2a", "metal": "steel", "strap": "nato", "strap_color": "55603f",
                      "stripes": [-5, 5], "stripe_color": "3c4530", "index": "efe9d6", "hands": "efe9d6", "time": (10, 12, 8)},
             "description": "A rugged 40 mm field watch with a matte olive dial, high-contrast luminous markers and a date window. "
                            "The quick-dry canvas strap is comfortable in the heat and easy to swap."},
            {"name": "Art Deco Square, Gold & Brown", "price": "98000.00", "rating": 4.5, "reviews": 47,
             "category": "Dress Watch", "sizes": [], "colors": ["Gold/Brown"], "featured": False,
             "bg": ["indigo", "blush"], "orn": ["gold", "terracotta"],
             "draw": {"style": "square", "dial": "f4ead2", "metal": "gold", "strap": "leather", "strap_color": "4b2c1d",
                      "index": "6b4a12", "hands": "3a2a10", "seconds": "3a2a10", "time": (10, 10, 30)},
             "description": "A rectangular gold-tone case inspired by 1930s art deco, with a champagne dial, baton hands and a "
                            "brown leather strap. Quietly elegant for weddings and formal dinners."},
            {"name": "Skeleton Automatic, Gunmetal", "price": "435000.00", "rating": 4.9, "reviews": 29,
             "category": "Automatic", "sizes": [], "colors": ["Gunmetal"], "featured": False,
             "bg": ["gold", "sage"], "orn": ["terracotta", "teal"],
             "draw": {"style": "skeleton", "dial": "2a2e34", "metal": "gunmetal", "strap": "rubber", "strap_color": "24272c",
                      "index": "e8eaec", "time": (10, 9, 50)},
             "description": "Watch the gears at work through an openworked dial framed in a gunmetal case. This self-winding "
                            "automatic offers a 42-hour power reserve, an exhibition case back and a soft black rubber strap."},
            {"name": "Minimalist Quartz, Black & Gold", "price": "42500.00", "rating": 4.2, "reviews": 256,
             "category": "Minimalist", "sizes": [], "colors": ["Black/Gold", "Silver"], "featured": False,
             "bg": ["blush", "gold"], "orn": ["terracotta", "terracotta"],
             "draw": {"style": "minimal", "dial": "151618", "metal": "black", "strap": "mesh", "index": "d9a93f",
                      "hands": "d9a93f", "time": (10, 9, 0)},
             "description": "A clean 40 mm black dial with gold-tone hands and markers on a matte black case and Milanese mesh "
                            "strap. Japanese quartz movement, 50 m water resistance and a fully adjustable sliding clasp."},
        ],
    },
    {
        "id": "suits",
        "name": "Suits",
        "description": "Two-piece, three-piece, double-breasted and black-tie tailoring in fine wools and linen, "
                       "cut in our Lagos workroom for a sharp shoulder and a clean, modern line.",
        "items": [
            {"name": "Midnight Navy Two-Piece", "price": "185000.00", "rating": 4.8, "reviews": 142,
             "category": "Two-Piece", "sizes": SUIT_SIZES, "colors": ["Midnight Navy"], "featured": True,
             "bg": ["sand", "gold"], "orn": ["terracotta", "indigo"],
             "draw": {"style": "notch", "color": "1c2542", "tie": "8c1c2a", "square": "ffffff"},
             "description": "A slim-cut two-button suit in Super 110s wool with natural stretch. Notch lapels, a half-canvassed "
                            "chest and matching flat-front trousers make it the foundation of any serious wardrobe."},
            {"name": "Charcoal Three-Piece", "price": "265000.00", "rating": 4.7, "reviews": 83,
             "category": "Three-Piece", "sizes": SUIT_SIZES, "colors": ["Charcoal"], "featured": False,
             "bg": ["blush", "sage"], "orn": ["terracotta", "teal"],
             "draw": {"style": "three", "color": "3e4048", "tie": "0f766e", "square": "f4d6cc"},
             "description": "Jacket, waistcoat and trousers in a soft charcoal wool flannel. The waistcoat adds polish for "
                            "weddings, and the jacket works just as well on its own with chinos."},
            {"name": "Black Peak-Lapel Tuxedo", "price": "320000.00", "rating": 4.9, "reviews": 61,
             "category": "Tuxedo", "sizes": SUIT_SIZES, "colors": ["Black"], "featured": True,
             "bg": ["gold", "blush"], "orn": ["terracotta", "terracotta"],
             "draw": {"style": "tux", "color": "161618", "lapel": "202024", "square": "ffffff"},
             "description": "A single-button dinner jacket with satin-faced peak lapels and covered buttons, paired with "
                            "satin-striped trousers. Cut from lightweight barathea wool for black-tie galas and the grandest owambe."},
            {"name": "Double-Breasted Chalk Stripe", "price": "298500.00", "rating": 4.6, "reviews": 37,
             "category": "Double-Breasted", "sizes": SUIT_SIZES[1:], "colors": ["Navy Stripe"], "featured": False,
             "bg": ["cream", "teal"], "orn": ["gold", "gold"],
             "draw": {"style": "double", "color": "252b3d", "pattern": "pinstripe", "pattern_color": "c9ccd2",
                      "tie": "c9a04a", "square": "c9a04a"},
             "description": "A six-on-two double-breasted jacket in navy chalk-stripe wool with peak lapels and a structured "
                            "shoulder. Paired with pleated trousers for a commanding silhouette."},
            {"name": "Light Grey Summer Suit", "price": "154999.99", "rating": 4.5, "reviews": 96,
             "category": "Two-Piece", "sizes": SUIT_SIZES, "colors": ["Light Grey"], "featured": False,
             "bg": ["indigo", "terracotta"], "orn": ["gold", "gold"],
             "draw": {"style": "notch", "color": "a3a8b0", "tie": "1b1f3b", "square": "e4572e", "buttons": "4a4d55"},
             "description": "Breathable tropical-weight wool in a cool light grey, unlined through the back to keep you fresh "
                            "in the heat. Sharp notch lapels, a two-button front and slim tapered trousers."},
            {"name": "Tan Linen Suit", "price": "139500.00", "rating": 4.4, "reviews": 58,
             "category": "Linen", "sizes": SUIT_SIZES[:4], "colors": ["Tan", "Stone"], "featured": False,
             "bg": ["teal", "indigo"], "orn": ["gold", "terracotta"],
             "draw": {"style": "notch", "color": "c3a173", "pattern": "linen", "pattern_color": "5a4320", "seed": 7,
                      "tie": "0f3b36", "square": "ffffff", "buttons": "5a3a20"},
             "description": "Pure linen in a warm tan, softly constructed with a natural shoulder and flap pockets. "
                            "Made for destination weddings, garden receptions and long Sunday lunches."},
            {"name": "Windowpane Check in Slate", "price": "229000.00", "rating": 4.3, "reviews": 24,
             "category": "Two-Piece", "sizes": SUIT_SIZES, "colors": ["Slate"], "featured": False,
             "bg": ["gold", "sand"], "orn": ["terracotta", "teal"],
             "draw": {"style": "notch", "color": "4b5262", "pattern": "windowpane", "pattern_color": "a6afc0",
                      "tie": "e4572e", "square": "f2a541"},
             "description": "A subtle windowpane check on slate-grey wool-blend cloth adds quiet personality to a classic "
                            "two-piece. Half-canvassed jacket with pick stitching and matching trousers with side adjusters."},
        ],
    },
    {
        "id": "sneakers",
        "name": "Sneakers",
        "description": "Runners, court classics, high-tops and slip-ons in bold colourways, "
                       "cushioned for the city and styled to go from Yaba to Victoria Island.",
        "items": [
            {"name": "Lagos Runner in White/Orange", "price": "42500.00", "rating": 4.7, "reviews": 318,
             "category": "Running", "sizes": SHOE_SIZES, "colors": ["White/Orange", "Black/Orange"], "featured": True,
             "bg": ["indigo", "teal"], "orn": ["gold", "gold"],
             "draw": {"style": "runner", "upper": "fbfbfb", "accent": "e4572e", "toe": "eeeeee", "heel": "e4572e",
                      "eyestay": "e4572e", "outsole": "e4572e", "air": "f2a541"},
             "description": "A lightweight running shoe with a breathable engineered-mesh upper, a responsive foam midsole and "
                            "a visible cushioning window in the heel. The white and sunset-orange colourway pops on any pavement."},
            {"name": "Court Classic Low-Top in Triple White", "price": "36999.99", "rating": 4.6, "reviews": 274,
             "category": "Low-Top", "sizes": SHOE_SIZES, "colors": ["White", "White/Gum"], "featured": False,
             "bg": ["terracotta", "sage"], "orn": ["gold", "teal"],
             "draw": {"style": "court", "upper": "ffffff", "accent": "eeeeee", "toe": "ffffff", "heel": "f4f4f4",
                      "eyestay": "ffffff", "outsole": "b5743b", "sole": "f5f0e6", "stripe": "none", "lace": "fafafa"},
             "description": "Clean full-grain leather low-tops inspired by the tennis court, with a stitched cupsole and a gum "
                            "rubber outsole. Minimal, versatile and easy to wipe clean."},
            {"name": "Eko High-Top in Black/Volt", "price": "58000.00", "rating": 4.5, "reviews": 121,
             "category": "High-Top", "sizes": SHOE_SIZES[1:], "colors": ["Black/Volt"], "featured": False,
             "bg": ["sand", "blush"], "orn": ["teal", "terracotta"],
             "draw": {"style": "high", "upper": "1c1c1e", "accent": "c6f432", "toe": "2a2a2e", "heel": "2a2a2e",
                      "eyestay": "c6f432", "lace": "1c1c1e", "outsole": "c6f432", "stripe": "bars"},
             "description": "A padded high-top in black nubuck with electric volt accents, a cushioned collar for ankle support "
                            "and a grippy rubber outsole. Street-ready from Yaba to Lekki."},
            {"name": "Marina Knit Slip-On in Navy/Red", "price": "31500.00", "rating": 4.2, "reviews": 88,
             "category": "Slip-On", "sizes": SHOE_SIZES, "colors": ["Navy/Red", "Grey"], "featured": False,
             "bg": ["gold", "cream"], "orn": ["terracotta", "teal"],
             "draw": {"style": "slipon", "upper": "1f2a5a", "accent": "d7263d", "toe": "1f2a5a", "heel": "d7263d",
                      "sole": "ffffff", "outsole": "1f2a5a", "stripe": "wave"},
             "description": "A sock-like knit slip-on with stretch side gores, a pull-on heel and a featherweight foam sole. "
                            "Perfect for travel days and quick errands."},
            {"name": "Retro Trainer in Cream/Forest", "price": "47250.00", "rating": 4.8, "reviews": 163,
             "category": "Retro", "sizes": SHOE_SIZES[:7], "colors": ["Cream/Forest", "Cream/Navy"], "featured": True,
             "bg": ["blush", "terracotta"], "orn": ["teal", "gold"],
             "draw": {"style": "retro", "upper": "f3ead8", "accent": "1e5b3a", "toe": "1e5b3a", "heel": "1e5b3a",
                      "eyestay": "1e5b3a", "outsole": "b5743b", "sole": "f3ead8", "stripe": "panel"},
             "description": "A seventies-inspired trainer with forest-green suede overlays on a cream leather base, finished on "
                            "a gum outsole. A vintage silhouette with modern cushioning underfoot."},
            {"name": "Trail Chunky in Grey/Teal", "price": "79999.00", "rating": 4.4, "reviews": 57,
             "category": "Chunky", "sizes": SHOE_SIZES[1:], "colors": ["Grey/Teal"], "featured": False,
             "bg": ["cream", "gold"], "orn": ["teal", "indigo"],
             "draw": {"style": "chunky", "upper": "9aa3ab", "accent": "0f766e", "toe": "6b737b", "heel": "0f766e",
                      "eyestay": "3a4148", "sole": "ececec", "outsole": "3a4148", "stripe": "wave"},
             "description": "Layered mesh and suede overlays sit on a sculpted, extra-thick midsole for maximum comfort and "
                            "presence. Teal highlights and a lugged outsole complete the look."},
            {"name": "Canvas Vulc in Terracotta", "price": "30500.00", "rating": 4.1, "reviews": 146,
             "category": "Canvas", "sizes": SHOE_SIZES, "colors": ["Terracotta", "Navy", "Black"], "featured": False,
             "bg": ["sage", "indigo"], "orn": ["terracotta", "gold"],
             "draw": {"style": "canvas", "upper": "d9532c", "accent": "1b1f3b", "sole": "fffaf0", "outsole": "3a2a20",
                      "stripe": "none"},
             "description": "Heavy cotton canvas vulcanised to a cream rubber sole, with a toe cap and a navy foxing stripe. "
                            "An everyday classic in a warm terracotta inspired by Lagos sunsets."},
        ],
    },
]


# --------------------------------------------------------------------------
# pipeline
# --------------------------------------------------------------------------

def product_jobs():
    jobs = []
    for c in COLLECTIONS:
        for i in range(1, len(c["items"]) + 1):
            for v in ("a", "b"):
                jobs.append(("%s-%d-%s" % (c["id"], i, v), "product", (c["id"], i - 1, v)))
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
        cid, idx, view = args
        coll = next(c for c in COLLECTIONS if c["id"] == cid)
        return scene_product(key, cid, coll["items"][idx], view)
    what = args[0]
    fn = {"banner": scene_banner, "release": scene_release, "about": scene_about, "hero": scene_hero}[what]
    return fn(key, args[1])


def save_jpeg(img, path):
    img.convert("RGB").save(path, "JPEG", **JPEG_OPTS)


def run_job(job, preview_dir=None):
    key, kind, _ = job
    img = render_job(job)
    widths = PRODUCT_WIDTHS if kind == "product" else LANDSCAPE_WIDTHS
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


def plant(cv, x, y, s, rng, pot_c, leaf_c):
    """Potted plant standing at (x, y) (bottom centre of the pot)."""
    cv.soft(ell(x, y, 70 * s, 10 * s), BLACK, 0.3, 8 * s)
    for k in range(11):
        ang = -80 + k * 16 + rng.uniform(-6, 6)
        ln = (150 + rng.uniform(-20, 40)) * s
        r = math.radians(ang - 90)
        cx = x + math.cos(r) * ln * 0.5
        cy = y - 110 * s + math.sin(r) * ln * 0.5
        c = leaf_c if k % 2 else dk(leaf_c, 0.18)
        leaf_motif(cv, cx, cy, ln * 0.5, ang, c, lt(leaf_c, 0.35))
    pot = [(x - 62 * s, y - 120 * s), (x + 62 * s, y - 120 * s), (x + 46 * s, y), (x - 46 * s, y)]
    cv.grad_poly(pot, lt(pot_c, 0.1), dk(pot_c, 0.2), (x - 60 * s, 0), (x + 60 * s, 0))
    cv.poly(rrect(x - 68 * s, y - 132 * s, x + 68 * s, y - 112 * s, 4 * s), dk(pot_c, 0.1))
    for j in range(5):
        diamond(cv, x - 32 * s + j * 16 * s, y - 62 * s, 5 * s, 7 * s, lt(pot_c, 0.4))


def scene_about(key, k):
    W, H = ABOUT_SIZE
    rng = Rng(key)
    if k == 1:
        return _about_shop(W, H, rng)
    return _about_workshop(W, H, rng)


def _about_shop(W, H, rng):
    cv = Canvas(W, H, PAL["cream"])
    fill_bg(cv, PAL["blush"], PAL["cream"], 90)
    ind, gold, terra, teal = PAL["indigo"], PAL["gold"], PAL["terracotta"], PAL["teal"]
    # background wax-print sky pattern
    rings(cv, -60, -60, 360, [tint(PAL["blush"], terra, 0.25), tint(PAL["blush"], WHITE, 0.3)], 44, 20)
    rings(cv, W + 60, -60, 360, [tint(PAL["blush"], terra, 0.25), tint(PAL["blush"], WHITE, 0.3)], 44, 20)
    # pavement
    cv.grad_poly([(0, 1010), (W, 1010), (W, H), (0, H)], dk(PAL["sand"], 0.05), dk(PAL["sand"], 0.18), (0, 1010), (0, H))
    for x in range(-200, W + 200, 140):
        cv.line([(x, 1010), (x - 120, H)], A(BLACK, 0.08), 2)
    for y in (1070, 1140):
        cv.line([(0, y), (W, y)], A(BLACK, 0.07), 2)
    # facade
    fx0, fx1, fy0, fy1 = 110, 1490, 90, 1010
    cv.soft([(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)], BLACK, 0.3, 20)
    cv.grad_poly([(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)], lt(ind, 0.08), dk(ind, 0.15), (0, fy0), (0, fy1))
    # cornice with diamond frieze
    cv.poly([(fx0 - 20, fy0 - 20), (fx1 + 20, fy0 - 20), (fx1 + 20, fy0 + 14), (fx0 - 20, fy0 + 14)], dk(ind, 0.3))
    cv.line([(fx0 - 20, fy0 + 14), (fx1 + 20, fy0 + 14)], gold, 4)
    for j in range(30):
        x = fx0 + 30 + j * 45
        diamond(cv, x, fy0 + 40, 10, 12, gold if j % 2 else terra)
    # sign board with emblem (no text)
    cv.poly(rrect(520, 88 + 70, 1080, 88 + 190, 12), dk(ind, 0.35))
    cv.poly(rrect(520, 158, 1080, 278, 12), None, gold, 4)
    target(cv, 800, 218, 46, gold, dk(ind, 0.35), terra)
    for sx in (-1, 1):
        diamond_row(cv, 800 + sx * 100 + (0 if sx > 0 else -4 * 34), 218, 5, 10, 14, gold, terra)
    # awning
    ay0, ay1 = 300, 392
    stripes = 16
    sw = (fx1 - fx0 + 40) / stripes
    cv.soft([(fx0 - 20, ay1), (fx1 + 20, ay1), (fx1, ay1 + 40), (fx0, ay1 + 40)], BLACK, 0.35, 14)
    for j in range(stripes):
        x0 = fx0 - 20 + j * sw
        c = terra if j % 2 == 0 else PAL["cream"]
        cv.poly([(x0 + 12, ay0), (x0 + sw + 12, ay0), (x0 + sw, ay1), (x0, ay1)], c)
        cv.poly(ell(x0 + sw / 2, ay1, sw / 2, sw / 3, 0, 48, 0, 180), c)
    cv.line([(fx0 - 8, ay0), (fx1 + 32, ay0)], dk(terra, 0.3), 6)
    # window
    wx0, wx1, wy0, wy1 = 180, 1030, 440, 900
    cv.poly(rrect(wx0 - 18, wy0 - 18, wx1 + 18, wy1 + 18, 6), gold)
    cv.radial([(wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1)], lt(PAL["cream"], 0.3), PAL["sand"], (600, 560), 700)
    with cv.clip([(wx0, wy0), (wx1, wy0), (wx1, wy1), (wx0, wy1)]):
        # back wall pattern
        for j in range(8):
            for i2 in range(4):
                cv.circle(wx0 + 60 + j * 110, wy0 + 50 + i2 * 110, 26, outline=A(PAL["gold"], 0.25), width=5)
        # rail with garments
        rail(cv, wx0 + 30, wx1 - 30, wy0 + 40, METALS["brass"])
        garments = [("shirt", "corporate-shirts", 1), ("suit", "suits", 1), ("shirt", "corporate-shirts", 2),
                    ("suit", "suits", 4), ("shirt", "corporate-shirts", 4), ("shirt", "corporate-shirts", 5)]
        for j, (kind, cid, num) in enumerate(garments):
            x = wx0 + 95 + j * 132
            prm = dict(item_of(cid, num)["draw"])
            if kind == "shirt":
                with cv.at(x, wy0 + 40 + 57 * 2.35, 2.35):
                    hk = Path((0, -50)).L((0, -55)).C((0, -60), (5, -62), (5.5, -57)).pts
                    cv.line(hk, METALS["steel"][1], 1.0, cap=True)
                    draw_shirt(cv, prm)
            else:
                with cv.at(x, wy0 + 40 + 70 * 2.2, 2.2):
                    draw_suit(cv, prm)
        # display table with shoes and watch
        cv.poly([(wx0, wy1 - 70), (wx1, wy1 - 70), (wx1, wy1), (wx0, wy1)], dk(PAL["sand"], 0.25))
        cv.poly([(wx0, wy1 - 80), (wx1, wy1 - 80), (wx1, wy1 - 70), (wx0, wy1 - 70)], lt(PAL["sand"], 0.2))
        for j, (cid, num, s) in enumerate((("formal-shoes", 1, 2.3), ("sneakers", 1, 2.1), ("formal-shoes", 3, 2.3), ("sneakers", 5, 2.1))):
            x = wx0 + 130 + j * 200
            with cv.at(x, wy1 - 80 - 20 * s, s):
                if cid == "sneakers":
                    draw_sneaker(cv, dict(item_of(cid, num)["draw"]))
                else:
                    draw_formal_shoe(cv, dict(item_of(cid, num)["draw"]))
        # reflections
        for x in (wx0 + 40, wx0 + 420, wx0 + 700):
            cv.poly([(x, wy1), (x + 90, wy1), (x + 330, wy0), (x + 240, wy0)], A(WHITE, 0.10))
            cv.poly([(x + 110, wy1), (x + 130, wy1), (x + 370, wy0), (x + 350, wy0)], A(WHITE, 0.12))
    # mullion
    cv.line([(605, wy0), (605, wy1)], gold, 8)
    # sill
    cv.poly(rrect(wx0 - 34, wy1 + 14, wx1 + 34, wy1 + 40, 4), dk(gold, 0.15))
    # door
    dx0, dx1, dy0, dy1 = 1120, 1400, 440, 1010
    cv.poly(rrect(dx0 - 18, dy0 - 18, dx1 + 18, dy1, 6), gold)
    cv.poly([(dx0, dy0), (dx1, dy0), (dx1, dy1), (dx0, dy1)], dk(teal, 0.25))
    glass = rrect(dx0 + 30, dy0 + 30, dx1 - 30, dy1 - 140, 8)
    cv.radial(glass, lt(PAL["cream"], 0.2), PAL["sand"], (1260, 600), 400)
    with cv.clip(glass):
        with cv.at(1260, dy0 + 160, 2.6):
            draw_suit(cv, dict(item_of("suits", 3)["draw"], shadow=False))
        cv.poly([(dx0, dy1), (dx0 + 60, dy1), (dx0 + 260, dy0), (dx0 + 200, dy0)], A(WHITE, 0.12))
    cv.poly(rrect(dx0 + 30, dy1 - 120, dx1 - 30, dy1 - 30, 6), dk(teal, 0.1))
    cv.poly(rrect(dx1 - 58, dy0 + 250, dx1 - 44, dy0 + 400, 7), METALS["brass"][1])
    cv.line([(dx1 - 55, dy0 + 260), (dx1 - 55, dy0 + 390)], A(WHITE, 0.5), 2)
    # hanging open sign (shapes only)
    cv.line([(1230, dy0 + 40), (1260, dy0 + 10), (1290, dy0 + 40)], METALS["brass"][2], 3)
    cv.poly(rrect(1200, dy0 + 40, 1320, dy0 + 100, 10), PAL["cream"])
    cv.circle(1230, dy0 + 70, 14, fill=terra)
    cv.poly(rrect(1255, dy0 + 60, 1305, dy0 + 68, 4), ind)
    cv.poly(rrect(1255, dy0 + 74, 1292, dy0 + 82, 4), ind)
    # step
    cv.poly([(dx0 - 40, dy1), (dx1 + 40, dy1), (dx1 + 60, dy1 + 30), (dx0 - 60, dy1 + 30)], dk(PAL["sand"], 0.25))
    # wall lamps
    for x in (1080, 1440):
        cv.poly(rrect(x - 8, 470, x + 8, 520, 4), METALS["brass"][2])
        cv.soft(ell(x, 540, 40, 50), PAL["gold"], 0.5, 20)
        cv.poly([(x - 22, 520), (x + 22, 520), (x + 14, 566), (x - 14, 566)], PAL["gold"])
    # plants
    plant(cv, 90, 1110, 1.1, rng, terra, teal)
    plant(cv, 1530, 1110, 1.1, rng, terra, teal)
    return cv.result()


def _spool(cv, x, y, s, thread_c):
    wood = hx("d8b48a")
    cv.soft(ell(x + 6 * s, y + 2 * s, 30 * s, 9 * s), BLACK, 0.3, 5 * s)
    cv.poly([(x - 26 * s, y - 12 * s)] + ell(x, y, 26 * s, 8 * s, 0, 48, 180, 0)[::-1] + [(x + 26 * s, y - 12 * s)], dk(wood, 0.2))
    cv.poly(ell(x, y - 12 * s, 26 * s, 8 * s), wood)
    body = [(x - 21 * s, y - 12 * s), (x + 21 * s, y - 12 * s), (x + 21 * s, y - 70 * s), (x - 21 * s, y - 70 * s)]
    cv.grad_poly(body, lt(thread_c, 0.2), dk(thread_c, 0.3), (x - 21 * s, 0), (x + 21 * s, 0))
    for j in range(20):
        yy = y - 14 * s - j * 2.8 * s
        cv.line([(x - 21 * s, yy), (x + 21 * s, yy - 1.5 * s)], A(BLACK, 0.12), 0.8 * s)
    cv.poly([(x - 26 * s, y - 70 * s), (x + 26 * s, y - 70 * s), (x + 26 * s, y - 76 * s), (x - 26 * s, y - 76 * s)], dk(wood, 0.2))
    cv.poly(ell(x, y - 76 * s, 26 * s, 8 * s), wood)
    cv.poly(ell(x, y - 76 * s, 6 * s, 2 * s), dk(wood, 0.5))


def _fabric_roll_end(cv, x, y, r, c1, c2):
    cv.circle(x + 4, y + 6, r, fill=A(BLACK, 0.25))
    cv.circle(x, y, r, fill=c1)
    rr = r
    k = 0
    while rr > r * 0.2:
        cv.circle(x, y, rr, outline=c2 if k % 2 else dk(c1, 0.15), width=max(2, r * 0.06))
        rr -= r * 0.13
        k += 1
    cv.circle(x, y, r * 0.18, fill=hx("d8b48a"))
    cv.circle(x, y, r * 0.08, fill=dk(hx("d8b48a"), 0.5))


def _about_workshop(W, H, rng):
    sage, terra, gold, teal, ind, blush = (PAL[n] for n in ("sage", "terracotta", "gold", "teal", "indigo", "blush"))
    cv = Canvas(W, H, sage)
    fill_bg(cv, lt(sage, 0.1), dk(sage, 0.1), 90)
    # wall wax-print panel
    for j in range(9):
        diamond(cv, 80 + j * 70, 60, 16, 22, tint(sage, teal, 0.35) if j % 2 else tint(sage, WHITE, 0.4))
    rings(cv, W + 40, -40, 300, [tint(sage, teal, 0.3), tint(sage, WHITE, 0.35)], 40, 18)
    # shelf with fabric rolls (ends show Ankara-like rings)
    sy = 420
    cv.soft([(60, sy + 10), (780, sy + 10), (780, sy + 40), (60, sy + 40)], BLACK, 0.35, 12)
    cv.poly(rrect(60, sy, 780, sy + 26, 4), hx("a8743f"))
    cv.line([(60, sy + 3), (780, sy + 3)], A(WHITE, 0.35), 3)
    rolls = [(terra, gold), (teal, blush), (ind, gold), (gold, terra), (blush, teal), (hx("7a2338"), gold),
             (teal, gold), (terra, PAL["cream"]), (ind, terra)]
    r = 58
    positions = [(130 + i2 * 125, sy - r) for i2 in range(5)] + [(192 + i2 * 125, sy - r * 2.75) for i2 in range(4)]
    for (x, y), (c1, c2) in zip(positions, rolls):
        _fabric_roll_end(cv, x, y, r, c1, c2)
    # dress form
    fx = 1260
    cv.soft(ell(fx, 760, 160, 24), BLACK, 0.3, 14)
    cv.line([(fx, 520), (fx, 720)], METALS["brass"][2], 14)
    for dx in (-110, 0, 110):
        cv.line([(fx, 700), (fx + dx, 760)], METALS["brass"][2], 10, cap=True)
    torso = Path((fx - 70, 130)).C((fx - 150, 150), (fx - 150, 260), (fx - 120, 320)).C((fx - 100, 380), (fx - 140, 470), (fx - 120, 540)) \
        .L((fx + 120, 540)).C((fx + 140, 470), (fx + 100, 380), (fx + 120, 320)).C((fx + 150, 260), (fx + 150, 150), (fx + 70, 130)).pts
    linen = hx("efe4cf")
    cv.soft(shift(torso, 10, 12), BLACK, 0.3, 14)
    cv.grad_poly(torso, lt(linen, 0.3), dk(linen, 0.15), (fx - 150, 0), (fx + 150, 0))
    cv.poly(rrect(fx - 34, 86, fx + 34, 136, 14), dk(linen, 0.1))
    cv.poly(ell(fx, 86, 34, 10), lt(linen, 0.2))
    cv.line(cubic((fx, 140), (fx - 6, 300), (fx + 6, 420), (fx, 540)), A(BLACK, 0.15), 3)
    # half-made jacket panel on the form (indigo with chalk marks)
    jk = Path((fx + 4, 140)).L((fx + 70, 132)).C((fx + 150, 150), (fx + 150, 260), (fx + 122, 320)) \
        .C((fx + 100, 380), (fx + 140, 470), (fx + 122, 560)).L((fx + 20, 560)).C((fx + 10, 430), (fx + 40, 300), (fx + 4, 140)).pts
    cv.grad_poly(jk, lt(ind, 0.15), dk(ind, 0.2), (fx, 0), (fx + 150, 0))
    lap = [(fx + 4, 140), (fx + 46, 150), (fx + 36, 190), (fx + 70, 200), (fx + 30, 380), (fx + 18, 300)]
    cv.poly(lap, lt(ind, 0.22))
    cv.dash(cubic((fx + 40, 240), (fx + 80, 260), (fx + 110, 330), (fx + 104, 420)), A(WHITE, 0.85), 3, 12, 8)
    cv.dash([(fx + 60, 470), (fx + 118, 464)], A(WHITE, 0.85), 3, 12, 8)
    # tape measure draped over the form's neck
    tape_c = hx("f2c230")
    for sgn in (-1, 1):
        tp = cubic((fx + sgn * 20, 132), (fx + sgn * 60, 150), (fx + sgn * 70, 300), (fx + sgn * 58, 430))
        cv.poly(band(tp, 9), tape_c)
        for j in range(1, 30):
            q, tg = along(tp, j / 30.0)
            nx, ny = -tg[1], tg[0]
            ln = 7 if j % 5 else 12
            cv.line([(q[0] + nx * 9, q[1] + ny * 9), (q[0] + nx * (9 - ln), q[1] + ny * (9 - ln))], A(BLACK, 0.6), 1.4)
    # table
    ty = 700
    wood = hx("c89058")
    table = [(0, ty), (W, ty), (W, H), (0, H)]
    cv.grad_poly(table, lt(wood, 0.12), dk(wood, 0.12), (0, ty), (0, H))
    for j in range(16):
        yy = ty + 18 + j * 32
        cv.line(cubic((0, yy), (400, yy + rng.uniform(-8, 8)), (1100, yy + rng.uniform(-8, 8)), (W, yy)), A(dk(wood, 0.3), 0.2), 2)
    cv.line([(0, ty), (W, ty)], A(WHITE, 0.4), 3)
    cv.soft([(0, ty - 30), (W, ty - 30), (W, ty), (0, ty)], BLACK, 0.12, 20)
    # fabric laid on the table with a paper pattern
    cloth = rot_pts([(-420, -190), (420, -190), (420, 190), (-420, 190)], -6)
    cloth = shift(cloth, 620, 930)
    cv.soft(shift(cloth, 8, 12), BLACK, 0.3, 14)
    cv.poly(cloth, teal)
    with cv.clip(cloth):
        for j in range(12):
            x = 240 + j * 70
            for i2 in range(6):
                y = 760 + i2 * 70 + (35 if j % 2 else 0)
                cv.circle(x, y, 20, outline=A(gold, 0.55), width=4)
                cv.circle(x, y, 6, fill=A(PAL["cream"], 0.6))
    paper = shift(rot_pts(Path((-150, -130)).L((40, -140)).C((90, -120), (120, -60), (150, -40)).L((160, 130)).L((-140, 140)).pts, -9), 520, 930)
    cv.soft(shift(paper, 6, 8), BLACK, 0.25, 8)
    cv.poly(paper, hx("f6ecd6"))
    cv.dash(scale_pts(paper + [paper[0]], 0.88, 0.88, 520, 930), A(terra, 0.9), 3, 14, 9)
    cv.line(rot_pts([(470, 850), (560, 1010)], -9, 520, 930), A(ind, 0.35), 3)
    # tailor's chalk
    ch = shift(rot_pts(rrect(-34, -22, 34, 22, 8), 28), 830, 830)
    cv.soft(shift(ch, 4, 6), BLACK, 0.3, 5)
    cv.poly(ch, PAL["blush"])
    cv.poly(shift(rot_pts(rrect(-30, -18, 30, -8, 5), 28), 830, 830), A(WHITE, 0.5))
    # scissors (open shears)
    sc_x, sc_y = 1050, 1010
    steel = METALS["steel"]
    for ang, hand in ((-20, ind), (8, ind)):
        blade = rot_pts([(0, -9), (330, -3), (340, 2), (0, 10)], ang)
        blade = shift(blade, sc_x, sc_y)
        cv.soft(shift(blade, 6, 10), BLACK, 0.3, 6)
        cv.grad_poly(blade, steel[0], steel[2], (sc_x, sc_y - 10), (sc_x, sc_y + 10))
        cv.line([blade[0], blade[1]], A(WHITE, 0.7), 2)
        hcx, hcy = shift(rot_pts([(-95, 0)], ang), sc_x, sc_y)[0]
        cv.line([(sc_x, sc_y), (hcx, hcy)], hand, 16)
        cv.soft(ell(hcx + 6, hcy + 10, 58, 36, ang), BLACK, 0.3, 6)
        cv.ellipse(hcx, hcy, 58, 36, ang, outline=hand, width=18)
    cv.circle(sc_x, sc_y, 11, fill=steel[1])
    cv.circle(sc_x, sc_y, 5, fill=steel[2])
    # measuring tape on the table
    tp = cubic((200, 1160), (500, 1080), (800, 1220), (1550, 1120), 80)
    cv.soft(shift(band(tp, 14), 4, 8), BLACK, 0.25, 6)
    cv.poly(band(tp, 14), tape_c)
    for j in range(1, 160):
        q, tg = along(tp, j / 160.0)
        nx, ny = -tg[1], tg[0]
        ln = 8 if j % 5 else 16
        cv.line([(q[0] + nx * 14, q[1] + ny * 14), (q[0] + nx * (14 - ln), q[1] + ny * (14 - ln))], A(BLACK, 0.6), 1.6)
    # spools and pin cushion
    _spool(cv, 1320, 880, 1.3, terra)
    _spool(cv, 1440, 920, 1.3, gold)
    _spool(cv, 1200, 930, 1.1, ind)
    pc = (1460, 1030)
    cv.soft(ell(pc[0] + 6, pc[1] + 30, 90, 26), BLACK, 0.3, 10)
    cv.poly(ell(pc[0], pc[1], 80, 55), hx("c8323a"))
    for j in range(6):
        a = math.radians(j * 30)
        cv.line([(pc[0] - math.cos(a) * 78, pc[1] - math.sin(a) * 50), (pc[0] + math.cos(a) * 78, pc[1] + math.sin(a) * 50)], A(BLACK, 0.15), 2)
    cv.soft(ell(pc[0] - 22, pc[1] - 22, 30, 14), WHITE, 0.3, 8)
    for j, (dx, dy, c) in enumerate(((-40, -20, gold), (-10, -35, teal), (25, -25, PAL["cream"]), (45, 5, gold), (0, 10, ind))):
        cv.line([(pc[0] + dx, pc[1] + dy), (pc[0] + dx + 10, pc[1] + dy - 42)], steel[1], 2)
        cv.circle(pc[0] + dx + 10, pc[1] + dy - 44, 8, fill=c)
        cv.circle(pc[0] + dx + 8, pc[1] + dy - 46, 3, fill=A(WHITE, 0.6))
    return cv.result()


RELEASES = [
    {"name": "Lagos Runner: Sunset Edition", "price": "42500.00", "product": ("sneakers", 1), "featured": True,
     "description": "Our lightest runner lands in a white and sunset-orange colourway, with a responsive foam midsole "
                    "and a breathable mesh upper built for hot city miles."},
    {"name": "The Heritage Chronograph", "price": "185000.00", "product": ("wristwatches", 1), "featured": True,
     "description": "A sunburst navy dial, three sub-dials and a hand-stitched leather strap. The 42 mm Heritage "
                    "Chronograph is the new centrepiece of our watch collection."},
    {"name": "The Owambe Black-Tie Edit", "price": "320000.00", "product": ("suits", 3), "featured": True,
     "description": "Satin peak lapels, a single covered button and a razor-sharp line. Our new barathea tuxedo is cut "
                    "for galas, weddings and every grand celebration."},
    {"name": "Wingtip Brogues in Tan", "price": "61000.00", "product": ("formal-shoes", 5), "featured": False,
     "description": "Hand-punched broguing, a medallion toe and a resoleable Goodyear welt in burnished tan calf. "
                    "These are brogues made to be worn for years."},
]

ABOUT = {
    "title": "About Ankara",
    "description1": "Ankara began as a small tailoring stall on Broad Street, Lagos, where our founder cut shirts and "
                    "trousers for bankers, lawyers and newly-weds who wanted to look their best without flying abroad "
                    "to shop. Today we bring that same eye for fit and finish to a carefully chosen range of suits, "
                    "shirts, shoes and watches.",
    "description2": "Every piece we sell is checked by hand in our Lagos workroom, from the stitching on a brogue to the "
                    "roll of a lapel. We price everything in naira, deliver across Nigeria and offer free alterations "
                    "on suits and trousers, because good clothes should fit the man wearing them.",
}


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
        cid, num = rel["product"]
        releases.append({"name": rel["name"], "description": rel["description"], "price": rel["price"],
                         "collectionId": cid, "product": index[(cid, num)], "featured": rel["featured"],
                         "image": "release-%d" % k})
    return {"collections": collections, "products": products, "releases": releases,
            "about": dict(ABOUT, image1="about-1", image2="about-2"),
            "hero": ["hero-1", "hero-2", "hero-3"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
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
        cat = build_catalog()
        with open(os.path.join(OUT_DIR, "catalog.json"), "w", encoding="utf-8") as f:
            json.dump(cat, f, indent=2, ensure_ascii=False)
            f.write("\n")
        print("wrote catalog.json (%d collections, %d products, %d releases)" %
              (len(cat["collections"]), len(cat["products"]), len(cat["releases"])))


if __name__ == "__main__":
    main()
