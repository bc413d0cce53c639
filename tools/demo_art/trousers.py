"""Formal trousers: laid flat and on a hanger.

draw keys: color, pleats, cuffs, belt, metal, pattern keys (see fabric)."""

from .colours import A, BLACK, METALS, WHITE, col, dk, lt, lum
from .fabric import button, fabric_pattern
from .geometry import Path, band, cubic, rrect, shift


def draw_trousers(cv, p):
    """Dress trousers laid flat, front view. x -30..30, y -57..60."""
    c = col(p["color"])
    line_c = A(dk(c, 0.45), 0.9)
    stitch = A(lt(c, 0.35) if lum(c) < 110 else dk(c, 0.3), 0.85)
    hem = 76.0
    legs = [(-27, -50), (27, -50)] + cubic((27, -50), (29, -30), (27.5, 10), (23.5, hem)) + [(5.0, hem)] \
        + cubic((5.0, hem), (3, 30), (1.5, 0), (0, -13)) + cubic((0, -13), (-1.5, 0), (-3, 30), (-5.0, hem)) \
        + [(-23.5, hem)] + cubic((-23.5, hem), (-27.5, 10), (-29, -30), (-27, -50))
    wb = rrect(-27.8, -56.5, 27.8, -49.5, 0.8)
    if p.get("shadow", True):
        cv.soft(shift(legs + wb, 1.5, 2.5), BLACK, 0.28, 3)
    cv.grad_poly(legs, lt(c, 0.08), dk(c, 0.12), (0, -50), (0, hem))
    fabric_pattern(cv, legs, p)
    with cv.clip(legs):
        for sgn in (1, -1):
            cv.soft(band([(sgn * 14.5, -40), (sgn * 15.2, hem)], 3.0), WHITE, 0.12, 3)
            cv.soft(band([(sgn * 3, -10), (sgn * 5, hem)], 1.5), BLACK, 0.18, 2)
            cv.soft(band([(sgn * 27, -45), (sgn * 24, hem)], 1.5), BLACK, 0.12, 2)
            # crease
            cv.line([(sgn * 14.2, -47), (sgn * 14.2, hem)], A(WHITE, 0.18), 0.35)
            cv.line([(sgn * 14.6, -47), (sgn * 14.6, hem)], A(BLACK, 0.12), 0.3)
            # slanted pocket
            pk = [(sgn * 17.5, -49.5), (sgn * 27.2, -34)]
            cv.line(shift(pk, -sgn * 0.5, 0.2), A(BLACK, 0.35), 0.6)
            cv.line(pk, A(WHITE, 0.2), 0.3)
            cv.dash(shift(pk, -sgn * 1.2, 0), stitch, 0.22, 0.9, 0.5)
            if p.get("pleats"):
                for dx in (10, 13.5):
                    cv.soft(band([(sgn * dx, -49), (sgn * (dx + 0.5), -36)], 0.5), BLACK, 0.2, 0.6)
                    cv.line([(sgn * dx, -49), (sgn * (dx + 0.4), -37)], A(WHITE, 0.2), 0.3)
            if p.get("cuffs"):
                cuffb = [(sgn * 4.6, hem - 5), (sgn * 25.6, hem - 5), (sgn * 25.5, hem), (sgn * 4.5, hem)]
                cv.poly(cuffb, A(lt(c, 0.06), 0.9))
                cv.line([(sgn * 4.6, hem - 5), (sgn * 25.6, hem - 5)], A(BLACK, 0.35), 0.4)
                cv.line([(sgn * 4.6, hem - 4.4), (sgn * 25.6, hem - 4.4)], A(WHITE, 0.2), 0.3)
        # fly
        fly = [(3.8, -49.5)] + cubic((3.8, -49.5), (3.8, -35), (4, -24), (0, -20))
        cv.line(shift(fly, 0.3, 0.3), A(BLACK, 0.2), 0.5)
        cv.dash(fly, stitch, 0.28, 1.0, 0.55)
        cv.line([(0, -49.5), (0, -14)], A(BLACK, 0.3), 0.4)
    cv.poly(legs, None, line_c, 0.35)
    # waistband
    cv.poly(shift(wb, 0, 0.6), A(BLACK, 0.25))
    cv.grad_poly(wb, lt(c, 0.1), dk(c, 0.05), (0, -56.5), (0, -49.5))
    fabric_pattern(cv, wb, p)
    cv.poly(wb, None, line_c, 0.35)
    cv.dash([(-27, -55.3), (27, -55.3)], stitch, 0.22, 0.9, 0.5)
    cv.dash([(-27, -50.7), (27, -50.7)], stitch, 0.22, 0.9, 0.5)
    if p.get("belt"):
        bc = col(p["belt"])
        belt = rrect(-29, -55.6, 29, -50.4, 0.6)
        cv.poly(belt, bc)
        cv.line([(-29, -55.0), (29, -55.0)], A(WHITE, 0.2), 0.3)
        cv.dash([(-28, -54.2), (28, -54.2)], A(lt(bc, 0.4), 0.9), 0.2, 0.8, 0.5)
        cv.dash([(-28, -51.8), (28, -51.8)], A(lt(bc, 0.4), 0.9), 0.2, 0.8, 0.5)
        m = METALS[p.get("metal", "steel")]
        cv.poly(rrect(-3.8, -57, 3.8, -49, 1.2), m[2])
        cv.poly(rrect(-3.2, -56.4, 3.2, -49.6, 1.0), m[1])
        cv.poly(rrect(-2.0, -55.2, 2.0, -50.8, 0.6), bc)
        cv.line([(-3, -56), (2.5, -56)], A(m[0], 0.9), 0.4)
    else:
        cv.poly(rrect(-1.0, -56.5, 6.5, -49.5, 0.8), dk(c, 0.04))
        cv.poly(rrect(-1.0, -56.5, 6.5, -49.5, 0.8), None, line_c, 0.3)
        button(cv, 4.2, -53, 1.2, dk(c, 0.3))
    for x in (-21, -11, 11, 21):
        lp = rrect(x - 1.1, -57.2, x + 1.1, -48.6, 0.4)
        cv.poly(shift(lp, 0.25, 0.3), A(BLACK, 0.3))
        cv.poly(lp, lt(c, 0.05))
        fabric_pattern(cv, lp, p)
        cv.poly(lp, None, line_c, 0.25)


def draw_trousers_hanger(cv, p):
    """Trousers hanging from a two-clip hanger. Same geometry as draw_trousers plus hook/bar above."""
    m = METALS[p.get("hanger_metal", "steel")]
    draw_trousers(cv, p)
    hook = Path((0, -61)).L((0, -66)).C((0, -72), (6.5, -74.5), (7, -69)).pts
    cv.line(shift(hook, 0.4, 0.6), A(BLACK, 0.25), 1.3)
    cv.line(hook, m[1], 1.2, cap=True)
    cv.line(hook, A(m[0], 0.6), 0.4)
    bar = rrect(-30, -63, 30, -60, 1.4)
    cv.poly(shift(bar, 0.4, 0.6), A(BLACK, 0.25))
    cv.grad_poly(bar, m[0], m[2], (0, -63), (0, -60))
    for x in (-17.5, 17.5):
        cl = rrect(x - 3.4, -64, x + 3.4, -51.5, 1.0)
        cv.soft(shift(cl, 0.5, 1.0), BLACK, 0.35, 0.8)
        cv.grad_poly(cl, m[0], m[2], (x - 3, 0), (x + 3, 0))
        cv.poly(rrect(x - 1.7, -61.8, x + 1.7, -57, 0.6), A(m[2], 0.7))
        cv.line([(x - 2.8, -52.6), (x + 2.8, -52.6)], A(BLACK, 0.3), 0.4)
        cv.line([(x - 2.8, -63.2), (x - 2.8, -53)], A(WHITE, 0.5), 0.35)
