"""Canvas: a supersampled Pillow image with a transform stack and soft, gradient and clipped fills."""

import math
from contextlib import contextmanager

from PIL import Image, ImageDraw, ImageFilter

from .geometry import Aff, band, ell, place, plen, rrect, sub

SS = 2                               # supersampling factor


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

    def _region(self, pts, alpha):
        """Bounding box (x0, y0, width, height) and coverage mask of a polygon, or None if off canvas."""
        pp = self.P(pts)
        bb = self._bbox(pp)
        if not bb:
            return None
        x0, y0, x1, y1 = bb
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pp], fill=int(255 * alpha))
        return x0, y0, x1 - x0, y1 - y0, mask

    def _paint(self, region, g, c0, c1):
        """Paint a _region with colour c0 where the gradient image g is 0, c1 where it is 255."""
        x0, y0, bw, bh, mask = region
        colimg = Image.composite(Image.new("RGB", (bw, bh), c1[:3]), Image.new("RGB", (bw, bh), c0[:3]), g)
        self.img.paste(colimg, (x0, y0), mask)

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
        region = self._region(pts, alpha)
        if not region:
            return
        x0, y0, bw, bh, _ = region
        X1, Y1 = self.m(p1)
        X2, Y2 = self.m(p2)
        dx, dy = X2 - X1, Y2 - Y1
        l2 = dx * dx + dy * dy or 1.0
        k = 255.0 / l2
        g = _ramp().transform((bw, bh), Image.AFFINE,
                              (0, 0, 2, k * dx, k * dy, 1024 + k * (dx * (x0 - X1) + dy * (y0 - Y1))),
                              resample=Image.BILINEAR)
        self._paint(region, g, c1, c2)

    def radial(self, pts, c_in, c_out, center, radius, alpha=1.0):
        """Fill polygon with a radial gradient."""
        region = self._region(pts, alpha)
        if not region:
            return
        x0, y0, bw, bh, _ = region
        cx, cy = self.m(center)
        r = radius * self.m.scale
        k = 128.0 / r
        g = Image.radial_gradient("L").transform((bw, bh), Image.AFFINE,
                                                 (k, 0, 128 + k * (x0 - cx), 0, k, 128 + k * (y0 - cy)),
                                                 resample=Image.BILINEAR, fillcolor=255)
        self._paint(region, g, c_in, c_out)

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
