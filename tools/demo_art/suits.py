"""Suits on a hanger.

draw keys: style (notch, three, tux, double), color, lapel, tie, square, buttons,
pattern keys (see fabric)."""

from .colours import A, BLACK, METALS, WHITE, col, dk, hx, lt, lum
from .fabric import button, fabric_pattern
from .geometry import Path, band, cubic, curve, ell, mirror, offset, rrect, shift


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
                button(cv, sgn * (39.5 - k * 1.6), cuff_y - k * 0.1, 0.65, btn_c)
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
                button(cv, 0, y, 0.75, btn_c)
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
                button(cv, x, y, 1.3, btn_c)
        for x in (-6.5, 8.5):
            button(cv, x, btn_y - 12, 1.0, btn_c)
    elif style == "tux":
        button(cv, 0.2, btn_y, 1.4, col(p.get("buttons", (20, 20, 22))))
    else:
        button(cv, 0.2, btn_y, 1.35, btn_c)
        button(cv, 0.2, btn_y + 13, 1.35, btn_c)
