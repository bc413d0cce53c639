"""Backgrounds and Ankara-inspired ornaments, in design pixel coordinates."""

import math

from .colours import A, BLACK, WHITE, dk, lt
from .geometry import Path, ell, rot_pts, shift


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


def shadow_floor(cv, cx, cy, rx, ry, alpha=0.35):
    cv.soft(ell(cx, cy, rx, ry), BLACK, alpha, ry * 0.9)
