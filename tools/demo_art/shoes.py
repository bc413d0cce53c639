"""Formal shoes (Oxford, Derby, loafer, monk, brogue, tassel, Chelsea), side view.

draw keys: style, color, sole, suede, shadow."""

import math

from .colours import A, BLACK, METALS, WHITE, col, dk, lt, lum
from .geometry import Path, along, band, cubic, curve, ell, offset, plen, rot_pts, rrect, shift, sub


SHOE_SOLE_TOP = Path((51, 14.5)).C((45, 17), (40, 17.6), (30, 17.6)).L((-4, 17.6)).C((-15, 17.6), (-25, 13.5), (-31, 13)).L((-47.5, 13)).pts


def draw_formal_shoe(cv, p):
    """Dress shoe, side view, toe pointing right. Ground at y=20, x in -50..52."""
    st = p["style"]
    c = col(p["color"])
    suede = p.get("suede", False)
    sole_c = col(p.get("sole", (46, 32, 26)))
    hi = 0.25 if suede else 0.6
    if p.get("shadow", True):
        cv.soft(ell(1, 20.3, 53, 2.6), (0, 0, 0), 0.45, 1.6)
        cv.soft(ell(-38, 20, 11, 1.6), (0, 0, 0), 0.4, 0.8)

    toe = [(36, 3)] + cubic((36, 3), (45, 5.2), (51.5, 9), (51, 14.5))
    if st == "chelsea":
        vamp = curve((-4, -14), (8, -12.5), (23, -4.5), (36, 3))
        top = Path((-47.5, 13)).C((-50.5, -6), (-48, -28), (-45, -44)).C((-35, -45.5), (-22, -45.5), (-13, -45)) \
            .C((-12, -30), (-10, -18), (-4, -14)).pts
    elif st in ("loafer", "tassel"):
        vamp = curve((-7, -10.5), (6, -11.0), (23, -4.0), (36, 3))
        top = Path((-47.5, 13)).C((-50, 4), (-49, -4), (-45, -9)).C((-36, -9.8), (-26, -6.5), (-18, -7.5)) \
            .C((-13, -8.2), (-10, -10), (-7, -10.5)).pts
    else:
        vamp = curve((-8, -13), (6, -12.5), (22, -5), (36, 3))
        top = Path((-47.5, 13)).C((-50, 4), (-49, -4), (-45, -10)).C((-38, -11), (-31, -8), (-26, -8)) \
            .C((-20, -9), (-14, -13), (-8, -13)).pts
    upper = top + vamp[1:] + toe[1:] + SHOE_SOLE_TOP[1:]

    laced = st in ("oxford", "derby", "brogue")
    if laced:  # tongue behind the upper
        cv.poly([(-28, -7.2), (-26, -11.2), (-10, -16.3), (-6.3, -14.2), (-8, -12)], dk(c, 0.12))
        cv.line([(-26, -11.2), (-10, -16.3)], A(WHITE, 0.18), 0.5)
    if st == "chelsea":  # pull tab
        tab = rrect(-47.5, -51, -41.5, -42, 2.5)
        cv.poly(tab, dk(c, 0.2))
        cv.poly(rrect(-46.3, -49.5, -42.7, -44.5, 1.5), A(BLACK, 0.35))

    cv.grad_poly(upper, lt(c, 0.16), dk(c, 0.32), (0, -16), (0, 17))

    # soft form shading
    with cv.clip(upper):
        cv.soft(ell(-44, 2, 9, 16), dk(c, 0.45), 0.5, 4)
        cv.soft(ell(10, 18, 40, 6), dk(c, 0.5), 0.45, 3)
        if st == "chelsea":
            # elastic gusset
            gus = Path((-33, -45.5)).C((-31, -35), (-28, -24), (-25.5, -17)).C((-23, -24), (-21, -35), (-20, -45.5)).pts
            cv.poly(gus, dk(c, 0.55))
            for i in range(1, 8):
                x = -33 + i * 13 / 8
                cv.line([(x, -45), (-25.5 + (x + 26.5) * 0.15, -19)], A(BLACK, 0.35), 0.35)
            cv.dash(offset(gus, -0.9), A(lt(c, 0.5), 0.8), 0.35, 1.2, 0.8)

    stitch = A(lt(c, 0.55) if lum(c) < 120 else dk(c, 0.35), 0.9)
    seam = A(dk(c, 0.55), 0.9)
    glint = A(WHITE, 0.35 if not suede else 0.15)

    # collar edge + stitching
    collar = top[: len(top)]
    cv.line(collar[8:], seam, 0.55)
    cv.dash(offset(collar[10:], 1.2), stitch, 0.32, 1.1, 0.7)

    # heel counter
    hc = curve((-45.5, -5), (-40, -4.5), (-36, 4), (-34.5, 13.2))
    if st == "chelsea":
        hc = curve((-46.5, -14), (-40, -13), (-36, 2), (-34.5, 13.2))
    cv.line(hc, seam, 0.55)
    cv.line(offset(hc, -0.5), glint, 0.35)
    cv.dash(offset(hc, 1.0), stitch, 0.32, 1.1, 0.7)

    if st in ("oxford", "brogue", "monk"):
        cap = curve((20, -6.6), (24, -2), (26.5, 6), (25.5, 16.8))
        if st != "brogue":
            cv.line(cap, seam, 0.6)
            cv.line(offset(cap, 0.55), glint, 0.35)
            cv.dash(offset(cap, -1.2), stitch, 0.32, 1.1, 0.7)
    if st in ("oxford", "brogue"):
        vs = curve((-9.5, -12.6), (-14, -3), (-18, 8), (-22.5, 15.6))
        cv.line(vs, seam, 0.6)
        cv.line(offset(vs, 0.5), glint, 0.35)
        cv.dash(offset(vs, -1.1), stitch, 0.32, 1.1, 0.7)
    if st == "derby":
        q = Path((-7.5, -12.5)).C((-4, -5), (-8, 2), (-14, 4)).C((-19, 6), (-22, 11), (-24, 15.6)).pts
        cv.line(offset(q, 0.7), A(BLACK, 0.3), 1.0)
        cv.line(q, seam, 0.6)
        cv.line(offset(q, -0.5), glint, 0.35)
        cv.dash(offset(q, -1.3), stitch, 0.32, 1.1, 0.7)
    if st == "brogue":
        wing = Path((20, -6.6)).C((16, -2), (11, 4), (5, 7.5)).C((0, 10), (-8, 12), (-16, 15.8)).pts
        cv.line(wing, seam, 0.6)
        cv.line(offset(wing, -0.5), glint, 0.35)
        for line_pts, d in ((wing, 1.4), (curve((-9.5, -12.6), (-14, -3), (-18, 8), (-22.5, 15.6)), -1.3),
                            (hc, 1.5)):
            o = offset(line_pts, d)
            n = int(plen(o) / 1.5)
            for i in range(1, n):
                q, _ = along(o, i / n)
                cv.circle(q[0], q[1], 0.42, fill=A(dk(c, 0.6), 0.9))
        # medallion on toe
        for i in range(9):
            a = math.radians(200 + i * 18)
            cv.circle(39 + math.cos(a) * 5.5, 7.5 + math.sin(a) * 2.5, 0.4, fill=A(dk(c, 0.6), 0.9))
        for i in range(5):
            cv.circle(35 + i * 2.0, 6.5 + (i % 2) * 0.8, 0.4, fill=A(dk(c, 0.6), 0.9))

    if st in ("loafer", "tassel"):
        apron = curve((-5, -8.5), (6, -8), (24, -2), (40, 5.5))
        cv.line(apron, seam, 0.7)
        cv.line(offset(apron, -0.55), glint, 0.35)
        n = 26
        for i in range(n):
            q, tg = along(apron, (i + 0.5) / n)
            nx, ny = -tg[1], tg[0]
            cv.line([(q[0] - nx * 0.9 + tg[0] * 0.3, q[1] - ny * 0.9 + tg[1] * 0.3),
                     (q[0] + nx * 0.9 - tg[0] * 0.3, q[1] + ny * 0.9 - tg[1] * 0.3)], stitch, 0.35)
    if st == "loafer":
        strap = Path((-12, -9.6)).C((-7, -10.6), (0, -10.8), (4, -10.2)).L((5, -3.2)) \
            .C((0, -3.8), (-7, -3.8), (-11.5, -3.2)).pts
        cv.poly(offset(strap, 0.6), A(BLACK, 0.25))
        cv.grad_poly(strap, lt(c, 0.1), dk(c, 0.2), (0, -11), (0, -3))
        cv.poly(ell(-3.5, -7.0, 3.4, 1.0, -3), dk(c, 0.65))
        cv.line(strap[:25], A(WHITE, 0.3), 0.4)
        cv.dash(offset(strap[:25], 0.9), stitch, 0.3, 1.0, 0.6)
    if st == "tassel":
        cv.line(offset(top[26:], 0.9), dk(c, 0.4), 0.7)
        for dx, ln in ((-10, 11.5), (-5.5, 10.0)):
            cv.line([(dx + 1.5, -9.6), (dx, -9.3 + ln * 0.42)], dk(c, 0.35), 0.7)
            cv.soft(shift([(dx - 2.2, -9.3 + ln * 0.5), (dx + 2.2, -9.3 + ln * 0.5), (dx + 2.8, -9.3 + ln), (dx - 2.8, -9.3 + ln)], 0.6, 0.8), BLACK, 0.35, 0.6)
            cv.poly(rrect(dx - 1.5, -9.3 + ln * 0.38, dx + 1.5, -9.3 + ln * 0.55, 0.6), lt(c, 0.15))
            fringe = [(dx - 1.5, -9.3 + ln * 0.55), (dx + 1.5, -9.3 + ln * 0.55), (dx + 2.6, -9.3 + ln), (dx - 2.6, -9.3 + ln)]
            cv.poly(fringe, dk(c, 0.12))
            for k in range(7):
                fx = dx - 2.1 + k * 0.7
                cv.line([(fx * 0.7 + dx * 0.3, -9.3 + ln * 0.58), (fx, -9.3 + ln - 0.1)], A(BLACK, 0.35), 0.22)
    if st == "monk":
        metal = METALS[p.get("metal", "steel")]
        for (a, b) in (((-6, -12.4), (-23, -5.5)), ((-3.5, -8.0), (-21.5, 0.5))):
            st_pts = [a, b]
            cv.poly(band(st_pts, 1.9), A(BLACK, 0.3))
            cv.poly(band(shift(st_pts, 0, -0.4), 1.9), dk(c, 0.08))
            cv.dash(offset(shift(st_pts, 0, -0.4), 1.25), stitch, 0.28, 0.9, 0.6)
            cv.dash(offset(shift(st_pts, 0, -0.4), -1.25), stitch, 0.28, 0.9, 0.6)
            bx = a[0] + (b[0] - a[0]) * 0.62
            by = a[1] + (b[1] - a[1]) * 0.62 - 0.4
            ang = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            buck = shift(rot_pts(rrect(-1.6, -2.8, 1.6, 2.8, 0.8), ang), bx, by)
            cv.poly(buck, metal[2])
            cv.poly(shift(rot_pts(rrect(-1.2, -2.4, 1.2, 2.4, 0.6), ang), bx, by), metal[1])
            cv.poly(shift(rot_pts(rrect(-0.6, -1.7, 0.6, 1.7, 0.3), ang), bx, by), dk(c, 0.15))
            cv.line(shift(rot_pts([(-1, -2.2), (-1, 2.2)], ang), bx, by), A(metal[0], 0.9), 0.3)

    if laced:
        eyes = []
        if st == "derby":
            fac = curve((-25.5, -7.2), (-19.5, -8.4), (-13.5, -11.8), (-8, -12.2))
        else:
            fac = curve((-25, -7.2), (-19.5, -8.2), (-14, -11.6), (-9, -12.3))
        for i in range(5):
            q, tg = along(fac, 0.06 + i * 0.22)
            eyes.append((q[0] + 0.2, q[1] + 1.3))
        lace_c = col(p.get("lace", dk(c, 0.5) if lum(c) > 60 else (25, 22, 22)))
        for i in range(4):
            a, b = eyes[i], eyes[i + 1]
            cv.line([(a[0], a[1]), (b[0] + 0.3, b[1] - 2.6)], dk(lace_c, 0.3), 1.0, cap=True)
            cv.line([(a[0], a[1] - 0.15), (b[0] + 0.3, b[1] - 2.75)], lace_c, 0.7, cap=True)
        for e in eyes:
            cv.circle(e[0], e[1], 0.65, fill=dk(c, 0.6))
            cv.circle(e[0], e[1], 0.35, fill=A(WHITE, 0.25))
        # bow
        bx, by = eyes[-1][0] + 0.5, eyes[-1][1] - 3.0
        loop1 = shift(rot_pts(ell(0, -2.4, 1.4, 2.6), -35), bx, by)
        loop2 = shift(rot_pts(ell(0, -2.4, 1.2, 2.4), 40), bx, by)
        for lp in (loop1, loop2):
            cv.line(lp + [lp[0]], dk(lace_c, 0.3), 0.95)
            cv.line(lp + [lp[0]], lace_c, 0.6)
        cv.line([(bx, by), (bx - 4, by + 7.5)], lace_c, 0.6, cap=True)
        cv.line([(bx, by), (bx + 1.5, by + 7)], lace_c, 0.6, cap=True)
        cv.circle(bx, by, 0.8, fill=lace_c)

    # highlights
    cv.soft(ell(41, 4.2, 6.5, 1.8, -22), WHITE, 0.45 * hi, 0.9)
    cv.soft(ell(42.5, 4.6, 2.6, 0.6, -22), WHITE, 0.8 * hi, 0.3)
    cv.soft(band(sub(offset(vamp, 1.6), 0.2, 0.8), 0.5), WHITE, 0.4 * hi, 0.5)
    cv.soft(ell(-45.3, -1, 0.7, 5, 8), WHITE, 0.35 * hi, 0.5)

    # sole and heel
    sole = [(51.8, 14.2)] + Path((52.6, 14.5)).C((53.3, 18.5), (48, 20), (40, 20)).L((-3, 20)) \
        .C((-14, 20), (-24, 16.2), (-31, 16)).L((-31, 13)).pts[1:] + [(-31, 13)] + SHOE_SOLE_TOP[::-1][:-1]
    sole = [(-31, 16.0), (-31, 12.8)] + SHOE_SOLE_TOP[::-1][1:] + Path((51, 14.3)).C((53.3, 14.7), (53.5, 19), (47, 20)) \
        .L((-3, 20)).C((-14, 20), (-24, 16.2), (-31, 16)).pts[1:]
    sole = [(x, y - 0.3 if y < 19 else y) for x, y in sole]
    cv.poly(sole, sole_c)
    cv.line(shift(SHOE_SOLE_TOP, 0, 0.15), A(WHITE, 0.25), 0.4)
    weltp = shift(SHOE_SOLE_TOP[:-5], 0, 1.15)
    cv.dash(weltp, A(lt(sole_c, 0.45), 0.9), 0.3, 0.9, 0.5)
    heel = [(-48, 12.8), (-31, 12.8), (-31.4, 20), (-46.6, 20)]
    cv.poly(heel, sole_c)
    cv.poly([(-31.4, 18.8), (-46.8, 18.8), (-46.6, 20), (-31.4, 20)], dk(sole_c, 0.4))
    for y in (15.0, 17.0):
        cv.line([(-47.5, y), (-31.2, y)], A(BLACK, 0.22), 0.25)
    cv.line([(-47.7, 13.2), (-46.7, 19.5)], A(WHITE, 0.15), 0.4)
