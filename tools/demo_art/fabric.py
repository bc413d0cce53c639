"""Woven cloth patterns and buttons shared by the shirt, trouser and suit drawers.

draw keys: pattern (stripe, gingham, pinstripe, windowpane, linen), pattern_color, pattern_step, seed."""

from .colours import A, BLACK, col, dk
from .geometry import Rng


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


def button(cv, x, y, r, c):
    cv.circle(x + 0.15, y + 0.25, r, fill=A(BLACK, 0.22))
    cv.circle(x, y, r, fill=c)
    cv.circle(x, y, r * 0.72, outline=A(dk(c, 0.25), 0.9), width=r * 0.18)
    cv.circle(x - r * 0.3, y, r * 0.16, fill=dk(c, 0.45))
    cv.circle(x + r * 0.3, y, r * 0.16, fill=dk(c, 0.45))
