"""The About page's two pictures (1600 x 1200): the shop front and the workroom."""

import math

from .canvas import Canvas
from .catalog import item_of
from .colours import A, BLACK, METALS, PAL, WHITE, dk, hx, lt, tint
from .geometry import Path, Rng, along, band, cubic, ell, rot_pts, rrect, scale_pts, shift
from .landscape_scenes import rail
from .ornaments import diamond, diamond_row, fill_bg, leaf_motif, rings, target
from .shirts import draw_shirt
from .shoes import draw_formal_shoe
from .sneakers import draw_sneaker
from .suits import draw_suit

ABOUT_SIZE = (1600, 1200)            # 4:3


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


def _tape(cv, tp, hw, c, marks, short, long, width):
    """Tape measure of half width hw along polyline tp, with marks ticks (every fifth long)."""
    cv.poly(band(tp, hw), c)
    for j in range(1, marks):
        q, tg = along(tp, j / float(marks))
        nx, ny = -tg[1], tg[0]
        ln = short if j % 5 else long
        cv.line([(q[0] + nx * hw, q[1] + ny * hw), (q[0] + nx * (hw - ln), q[1] + ny * (hw - ln))], A(BLACK, 0.6), width)


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
        _tape(cv, tp, 9, tape_c, 30, 7, 12, 1.4)
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
    _tape(cv, tp, 14, tape_c, 160, 8, 16, 1.6)
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
