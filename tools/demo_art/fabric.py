"""Woven cloth patterns and buttons shared by the shirt, trouser and suit drawers.

draw keys: pattern (stripe, gingham, pinstripe, windowpane, linen), pattern_color, pattern_step, seed."""

from .colours import A, BLACK, col, dk
from .geometry import Rng


def _columns(cv, bounds, step, width, colour):
    """Vertical stripes of a width every step across bounds (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = bounds
    x = x0
    while x < x1:
        cv.poly([(x, y0), (x + width, y0), (x + width, y1), (x, y1)], colour)
        x += step


def _rows(cv, bounds, step, width, colour):
    """Horizontal stripes of a width every step down bounds (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = bounds
    y = y0
    while y < y1:
        cv.poly([(x0, y), (x1, y), (x1, y + width), (x0, y + width)], colour)
        y += step


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
            _columns(cv, bounds, step, step * 0.38, A(pc, 0.85))
        elif pat == "pinstripe":
            _columns(cv, bounds, p.get("pattern_step", 3.2), 0.22, A(pc, 0.55))
        elif pat == "gingham":
            step = p.get("pattern_step", 3.2)
            _columns(cv, bounds, step, step / 2, A(pc, 0.38))
            _rows(cv, bounds, step, step / 2, A(pc, 0.38))
        elif pat == "windowpane":
            step = p.get("pattern_step", 9.0)
            _columns(cv, bounds, step, 0.35, A(pc, 0.5))
            _rows(cv, bounds, step, 0.35, A(pc, 0.5))
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
