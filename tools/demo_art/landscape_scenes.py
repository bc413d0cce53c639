"""Landscape pictures (1600 x 900): collection banners, new releases and hero slides."""

from .canvas import Canvas
from .catalog import RELEASES, item_of
from .colours import BLACK, METALS, PAL, WHITE, col, dk, is_dark, lt, mix, tint
from .geometry import Rng, ell, rrect
from .ornaments import ankara_corner, diamond_row, fill_bg, podium, rings, shadow_floor, zigzag
from .shirts import draw_folded_shirt
from .shoes import draw_formal_shoe
from .sneakers import draw_sneaker
from .suits import draw_suit
from .trousers import draw_trousers_hanger
from .watches import draw_watch

LANDSCAPE_SIZE = (1600, 900)         # 16:9


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
    cid, num = rel["collection"], rel["item"]
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
