"""Points, paths, affine transforms and a small deterministic PRNG."""

import math
import zlib


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
