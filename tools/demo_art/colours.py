"""Palette and colour arithmetic (RGB tuples; hex strings without '#')."""


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


def is_dark(c):
    return lum(c) < 110


def tint(base, other, t):
    return mix(base, col(other), t)
