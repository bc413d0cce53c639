"""Product pictures (1024 x 1280 design pixels): view a in the studio, view b on a bold ground."""

from .canvas import Canvas
from .colours import A, PAL, WHITE, col, dk, is_dark, lt, tint
from .geometry import Rng, ell, shift
from .ornaments import diamond, diamond_row, dots_grid, fill_bg, podium, rings, shadow_floor, target, zigzag
from .shirts import draw_folded_shirt, draw_shirt
from .shoes import draw_formal_shoe
from .sneakers import draw_sneaker
from .suits import draw_suit
from .trousers import draw_trousers, draw_trousers_hanger
from .watches import draw_watch

PRODUCT_SIZE = (1024, 1280)          # portrait 4:5


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


def draw_product(cv, kind, prm):
    {"formal-shoes": draw_formal_shoe, "sneakers": draw_sneaker, "wristwatches": draw_watch,
     "corporate-shirts": draw_shirt, "formal-trousers": draw_trousers, "suits": draw_suit}[kind](cv, prm)


def scene_product(key, coll, item, view):
    W, H = PRODUCT_SIZE
    bgname = item["backgrounds"][0 if view == "a" else 1]
    base = PAL[bgname]
    acc = item.get("ornaments", ["gold", "teal"])[0 if view == "a" else 1]
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
                draw_folded_shirt(cv, dict(prm, tie=item.get("folded_tie", prm.get("tie"))))
        elif coll == "formal-trousers":
            with cv.at(512, 40 + 80 * 9.2, 9.2, rot=-2):
                draw_trousers_hanger(cv, prm)
        elif coll == "suits":
            with cv.at(505, 640, 11.0, rot=-4):
                draw_suit(cv, prm)
    return cv.result()
