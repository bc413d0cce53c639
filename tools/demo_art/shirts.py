"""Corporate shirts: flat-lay front view and folded.

draw keys: color, collar, french_cuff, tie, pattern keys (see fabric)."""

from .colours import A, BLACK, METALS, WHITE, col, dk, lt, lum
from .fabric import button, fabric_pattern
from .geometry import Path, band, cubic, curve, ell, mirror, offset, rrect, shift


def draw_shirt(cv, p):
    """Flat-lay dress shirt, front view. y from -55 to 60, x -48..48."""
    c = col(p["color"])
    btn = col(p.get("buttons", lt(c, 0.5) if lum(c) < 200 else (240, 238, 232)))
    line_c = A(dk(c, 0.35), 0.9)
    R = [(8.5, -48.5), (31, -43.5), (31.5, -20), (32, 44)] + cubic((32, 44), (32, 53), (16, 58.5), (0, 58.5))
    body = R + mirror(R)[::-1][1:]
    sleeve = Path((29.5, -44)).C((37, -37), (43, -10), (46, 24)).L((36.5, 27)).L((31.2, -18)).pts
    cuff = [(36.2, 26.5), (46.2, 23.5), (47.3, 33.5), (37.5, 36)]
    if p.get("shadow", True):
        cv.soft(shift(body, 1.5, 2.5), BLACK, 0.25, 3)
        for sgn in (1, -1):
            pts = sleeve + cuff[::-1]
            cv.soft(shift(pts if sgn > 0 else mirror(pts), 1.5, 2.5), BLACK, 0.22, 2.5)

    for sgn in (1, -1):
        sl = sleeve if sgn > 0 else mirror(sleeve)
        cf = cuff if sgn > 0 else mirror(cuff)
        cv.grad_poly(sl, lt(c, 0.06), dk(c, 0.10), (0, -44), (0, 30))
        fabric_pattern(cv, sl, p)
        with cv.clip(sl):
            cv.soft(band([(sgn * 33, -20), (sgn * 38, 25)], 1.5), BLACK, 0.08, 2)
            cv.soft(band([(sgn * 39, -30), (sgn * 43, 10)], 1.0), WHITE, 0.18, 1.5)
        cv.poly(sl, None, line_c, 0.35)
        cv.poly(cf, dk(c, 0.04))
        fabric_pattern(cv, cf, p)
        cv.poly(cf, None, line_c, 0.35)
        q = ((cf[0][0] * 0.3 + cf[1][0] * 0.7 + cf[2][0] * 0.7 + cf[3][0] * 0.3) / 2,
             (cf[0][1] * 0.3 + cf[1][1] * 0.7 + cf[2][1] * 0.7 + cf[3][1] * 0.3) / 2)
        if p.get("french_cuff"):
            cv.circle(q[0], q[1], 1.5, fill=METALS["gold"][1])
            cv.circle(q[0], q[1], 0.8, fill=METALS["gold"][0])
        else:
            button(cv, q[0], q[1], 1.1, btn)

    cv.grad_poly(body, lt(c, 0.10), dk(c, 0.08), (0, -48), (0, 58))
    fabric_pattern(cv, body, p)
    with cv.clip(body):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 30, -20), (sgn * 28, 50)], 2.0), BLACK, 0.08, 3)
            cv.soft(band([(sgn * 18, -10), (sgn * 20, 50)], 2.5), WHITE, 0.16, 3)
            cv.line(curve((sgn * 8.5, -48.5), (sgn * 15, -46), (sgn * 25, -44.5), (sgn * 31, -43.5)), A(dk(c, 0.3), 0.6), 0.35)
        # placket
        pl = [(-3, -44), (3, -44), (3, 62), (-3, 62)]
        cv.poly(pl, A(WHITE, 0.08))
        cv.line([(-3, -44), (-3, 62)], A(dk(c, 0.3), 0.7), 0.35)
        cv.line([(3, -44), (3, 62)], A(dk(c, 0.3), 0.7), 0.35)
        cv.soft(band([(3.6, -40), (3.6, 60)], 0.5), BLACK, 0.12, 0.6)
        cv.dash([(-2.2, -40), (-2.2, 60)], A(dk(c, 0.25), 0.6), 0.22, 0.9, 0.5)
        # darts / folds
        for sgn in (1, -1):
            cv.line(curve((sgn * 22, 6), (sgn * 22.5, 20), (sgn * 22.5, 32), (sgn * 22, 46)), A(dk(c, 0.25), 0.35), 0.35)
        if p.get("pocket", True):
            pk = [(10, -26), (22, -26), (22, -13), (16, -10.5), (10, -13)]
            cv.poly(shift(pk, 0.3, 0.5), A(BLACK, 0.10))
            cv.poly(pk, lt(c, 0.04))
            fabric_pattern(cv, pk, dict(p, pattern_step=p.get("pattern_step", 2.4) * 1.0))
            cv.poly(pk, None, line_c, 0.3)
            cv.line([(10, -24.2), (22, -24.2)], A(dk(c, 0.3), 0.8), 0.3)
    cv.poly(body, None, line_c, 0.35)
    for y in (-24, -11, 2, 15, 28, 41, 53):
        button(cv, 0, y, 1.25, btn)

    # collar
    back = ell(0, -48.6, 10, 3.4, 0, 60, 180, 360)
    cv.poly(back, dk(c, 0.07))
    cv.poly(ell(0, -48.4, 8.2, 2.0, 0, 60, 180, 360), dk(c, 0.32))
    if p.get("tie"):
        tie = col(p["tie"])
        knot = [(-2.2, -44.5), (2.2, -44.5), (1.6, -39.5), (-1.6, -39.5)]
        blade = [(-1.6, -39.6), (1.6, -39.6), (4.4, 10), (0, 14), (-4.4, 10)]
        cv.soft(shift(blade, 1, 1.2), BLACK, 0.3, 1.2)
        cv.poly(blade, tie)
        fabric_pattern(cv, blade, {"pattern": p.get("tie_pattern"), "pattern_color": p.get("tie_pattern_color", WHITE), "pattern_step": 2.2})
        cv.poly(knot, dk(tie, 0.12))
        cv.line([(-0.8, -38), (-2, 8)], A(WHITE, 0.18), 0.6)
    for sgn in (1, -1):
        wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.2, -47.4), (16.5, -33.0), (2.0, -39.0)]
        if p.get("collar") == "button":
            wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.2, -47.4), (14.2, -32.5), (2.0, -39.5)]
        if p.get("collar") == "cutaway":
            wing = [(0.6, -44.5), (1.2, -50.8), (9.8, -50.8), (12.6, -47.4), (18.6, -38.0), (2.0, -41.0)]
        w = wing if sgn > 0 else mirror(wing)
        cv.soft(shift(w, sgn * 0.6, 1.0), BLACK, 0.25, 0.9)
        cv.grad_poly(w, lt(c, 0.14), dk(c, 0.04), (0, -50), (0, -34))
        fabric_pattern(cv, w, p)
        cv.poly(w, None, line_c, 0.3)
        cv.dash(offset(w[2:5], -0.8 * sgn), A(dk(c, 0.3), 0.8), 0.2, 0.8, 0.45)
        if p.get("collar") == "button":
            pt = w[4]
            button(cv, pt[0] - sgn * 1.3, pt[1] - 1.6, 0.7, btn)
    if not p.get("tie"):
        button(cv, 0, -42.2, 1.0, btn)


def draw_folded_shirt(cv, p):
    """Retail-folded shirt seen from the front. x -36..36, y -45..50."""
    c = col(p["color"])
    btn = col(p.get("buttons", lt(c, 0.5) if lum(c) < 200 else (240, 238, 232)))
    line_c = A(dk(c, 0.35), 0.9)
    body = rrect(-36, -38, 36, 50, 4)
    if p.get("shadow", True):
        cv.soft(shift(body, 2, 3), BLACK, 0.3, 3)
    cv.grad_poly(body, lt(c, 0.1), dk(c, 0.1), (0, -40), (0, 50))
    fabric_pattern(cv, body, p)
    with cv.clip(body):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 25, -38), (sgn * 25, 50)], 1.0), BLACK, 0.10, 1.5)
            cv.line([(sgn * 25.5, -38), (sgn * 25.5, 50)], A(dk(c, 0.3), 0.35), 0.3)
            cv.soft(band([(sgn * 31, -30), (sgn * 31, 45)], 2.0), WHITE, 0.14, 2)
            cv.soft(band([(sgn * 36, -38), (sgn * 28, -31)], 0.6), BLACK, 0.12, 1.0)
        cv.soft(band([(-36, 8), (36, 8)], 1.5), BLACK, 0.06, 2.5)
        pl = [(-3, -38), (3, -38), (3, 52), (-3, 52)]
        cv.poly(pl, A(WHITE, 0.08))
        cv.line([(-3, -38), (-3, 52)], A(dk(c, 0.3), 0.7), 0.35)
        cv.line([(3, -38), (3, 52)], A(dk(c, 0.3), 0.7), 0.35)
        cv.soft(band([(3.6, -30), (3.6, 52)], 0.5), BLACK, 0.12, 0.6)
        if p.get("pocket", True):
            pk = [(10, -14), (23, -14), (23, 1), (16.5, 3.5), (10, 1)]
            cv.poly(shift(pk, 0.3, 0.5), A(BLACK, 0.10))
            cv.poly(pk, lt(c, 0.04))
            fabric_pattern(cv, pk, p)
            cv.poly(pk, None, line_c, 0.3)
            cv.line([(10, -12.2), (23, -12.2)], A(dk(c, 0.3), 0.8), 0.3)
    cv.poly(body, None, line_c, 0.35)
    for y in (-16, -2, 12, 26, 40):
        button(cv, 0, y, 1.4, btn)
    # collar ring
    outer = ell(0, -37, 14.5, 7.8)
    inner = ell(0, -37.6, 12.2, 5.8)
    cv.soft(shift(outer, 0, 1.5), BLACK, 0.3, 1.5)
    cv.grad_poly(outer, lt(c, 0.12), dk(c, 0.08), (0, -45), (0, -30))
    fabric_pattern(cv, outer, p)
    cv.poly(outer, None, line_c, 0.3)
    cv.grad_poly(inner, dk(c, 0.35), dk(c, 0.12), (0, -43), (0, -32))
    cv.line(ell(0, -37.6, 12.2, 5.8, 0, 60, 0, 180), A(WHITE, 0.25), 0.4)
    if p.get("tie"):
        tie = col(p["tie"])
        blade = [(-2.0, -30), (2.0, -30), (5.2, 34), (0, 39), (-5.2, 34)]
        cv.soft(shift(blade, 1, 1.5), BLACK, 0.3, 1.3)
        cv.poly(blade, tie)
        fabric_pattern(cv, blade, {"pattern": p.get("tie_pattern"), "pattern_color": p.get("tie_pattern_color", WHITE), "pattern_step": 2.2})
        cv.line([(-1, -28), (-2.5, 32)], A(WHITE, 0.18), 0.7)
        cv.poly([(-3.0, -35.5), (3.0, -35.5), (2.2, -29.5), (-2.2, -29.5)], dk(tie, 0.12))
    for sgn in (1, -1):
        wing = [(0.8, -31.5), (1.8, -35.0), (11.5, -42.2), (14.2, -38.5), (16.5, -20.5), (2.6, -27)]
        if p.get("collar") == "cutaway":
            wing = [(0.8, -31.5), (1.8, -35.0), (11.5, -42.2), (14.2, -38.5), (20, -26.5), (2.6, -28.5)]
        w = wing if sgn > 0 else mirror(wing)
        cv.soft(shift(w, sgn * 0.8, 1.4), BLACK, 0.3, 1.2)
        cv.grad_poly(w, lt(c, 0.14), dk(c, 0.05), (0, -42), (0, -20))
        fabric_pattern(cv, w, p)
        cv.poly(w, None, line_c, 0.3)
        cv.dash(offset(w[2:5], -0.9 * sgn), A(dk(c, 0.3), 0.8), 0.22, 0.9, 0.5)
        if p.get("collar") == "button":
            pt = w[4]
            button(cv, pt[0] - sgn * 1.6, pt[1] - 2.0, 0.8, btn)
    if not p.get("tie"):
        button(cv, 0, -29.5, 1.1, btn)
