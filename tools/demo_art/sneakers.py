"""Sneakers (runner, court, high, slip-on, retro, chunky, canvas), side view.

draw keys: style, upper, accent, toe, heel, eyestay, lace, sole, outsole, stripe, air, shadow."""

from .colours import A, BLACK, WHITE, col, dk, lt, lum
from .geometry import Path, along, band, curve, ell, offset, rrect, scale_pts, shift


def draw_sneaker(cv, p):
    """Sneaker, side view, toe right. Ground y=20, x in -52..56."""
    st = p.get("style", "runner")
    up = col(p["upper"])
    acc = col(p.get("accent", up))
    toe_c = col(p.get("toe", up))
    heel_c = col(p.get("heel", acc))
    eye_c = col(p.get("eyestay", toe_c))
    lace_c = col(p.get("lace", WHITE))
    mid = col(p.get("sole", WHITE))
    out_c = col(p.get("outsole", (40, 40, 44)))
    stripe = p.get("stripe", "swoop")
    line_c = A(dk(up, 0.55), 0.85)
    if p.get("shadow", True):
        cv.soft(ell(1, 20.3, 55, 2.8), (0, 0, 0), 0.45, 1.6)

    # ---- sole shape
    if st == "chunky":
        mt = Path((-50.5, 0.5)).C((-30, 1.5), (-12, 6.5), (8, 7)).C((28, 7.5), (44, 6.5), (53.5, 6.5)).pts
    elif st in ("court", "canvas"):
        mt = Path((-50.5, 8.5)).C((-20, 9.2), (20, 9.8), (53.5, 10)).pts
    elif st == "high":
        mt = Path((-50.5, 9)).C((-30, 9.5), (-12, 11.5), (8, 11.8)).C((28, 12), (44, 11.0), (53.5, 10.5)).pts
    else:
        mt = Path((-50.5, 6.5)).C((-30, 7.5), (-12, 12), (8, 12.5)).C((28, 13), (44, 11.5), (53.5, 10.5)).pts
    tip_y = mt[-1][1]
    sole = mt + Path(mt[-1]).C((57, tip_y + 1.0), (56.5, 17.5), (50.5, 19.2)).L((40, 20), (-43, 20)) \
        .C((-49.5, 20), (-52.5, 15.5), (-51.8, mt[0][1] + 3)).pts[1:]

    # ---- upper outline
    if st == "high":
        top = Path((-50, mt[0][1] + 1)).C((-53, -10), (-52, -30), (-48, -39)).C((-40, -41.5), (-31, -41), (-25.5, -39.5)).pts
        eyestay = curve((-25.5, -39.5), (-19, -24), (0, -10), (17, -5.5))
        tongue = Path((-30, -38)).C((-30, -43), (-28, -46.5), (-24, -46.8)).C((-20, -47), (-18.5, -43), (-17, -36)).L((-24, -32)).pts
    elif st == "slipon":
        top = Path((-50, mt[0][1] + 1)).C((-52.5, -2), (-51.5, -11), (-47.5, -14.5)).C((-40, -15.8), (-33, -11), (-26, -12.5)).pts
        eyestay = curve((-26, -12.5), (-18, -14.5), (2, -11), (17, -5.5))
        tongue = None
    else:
        top = Path((-50, mt[0][1] + 1)).C((-53, -2), (-52, -12), (-47.5, -18)).C((-42, -19.5), (-38, -12), (-31, -12.3)) \
            .C((-29, -14.5), (-28, -17.5), (-26, -18.3)).pts
        eyestay = curve((-26, -18.3), (-12, -15.5), (3, -9.5), (17, -5.5))
        tongue = Path((-31.5, -12)).C((-31, -20), (-29, -26.5), (-24, -27)).C((-19, -27), (-17, -22), (-16.5, -17)).L((-22, -13)).pts
    toe = curve((17, -5.5), (34, -2.5), (48, 0.5), (52.5, mt[-1][1] - 1.5))
    upper = top + eyestay[1:] + toe[1:] + shift(mt[::-1], 0, 0.8)

    if tongue:
        cv.poly(tongue, dk(eye_c if st != "high" else up, 0.05))
        cv.poly(shift(scale_pts(tongue, 0.7, 0.7, -24, -14), 0, -1.5), A(WHITE, 0.12))
        cv.line(tongue[1:4], A(BLACK, 0.25), 0.4)
    # pull tab
    if st not in ("canvas", "slipon"):
        hy = -18 if st != "high" else -39
        cv.poly(rrect(-50.5, hy - 5.5, -45, hy + 4, 2.0), acc)
        cv.poly(rrect(-49.4, hy - 4.2, -46.2, hy - 0.5, 1.2), A(BLACK, 0.3))

    cv.grad_poly(upper, lt(up, 0.12), dk(up, 0.14), (0, -16), (0, 14))
    with cv.clip(upper):
        if st == "canvas":
            for i in range(-60, 60, 2):
                cv.line([(i, -50), (i + 8, 20)], A(BLACK, 0.05), 0.3)
        # heel counter
        hcp = Path((-38.5, -20)).C((-34, -6), (-33, 3), (-37, 14)).L((-60, 14), (-60, -20)).pts
        if st == "high":
            hcp = Path((-39, -45)).C((-32, -20), (-31, 3), (-36, 14)).L((-60, 14), (-60, -45)).pts
        if st not in ("canvas",):
            cv.poly(offset(hcp, -0.5), A(BLACK, 0.18))
            cv.poly(hcp, heel_c)
            cv.dash(offset(hcp[:25], 1.0), A(WHITE, 0.6) if lum(heel_c) < 150 else A(BLACK, 0.35), 0.3, 1.0, 0.6)
        # toe cap
        tcp = Path((29.5, -3)).C((24.5, 2), (24.5, 8), (28, 14)).L((60, 14), (60, -3)).pts
        if st == "canvas":
            tcp = Path((40, 3)).C((36, 6), (35.5, 10), (37, 14)).L((60, 14), (60, -3)).pts
            cv.poly(tcp, WHITE)
            for i in range(5):
                cv.line([(44 + i * 1.6, 6.5), (43.5 + i * 1.6, 12.5)], A(BLACK, 0.12), 0.4)
        else:
            cv.poly(offset(tcp, 0.5), A(BLACK, 0.15))
            cv.poly(tcp, toe_c)
            cv.dash(offset(tcp[:25], -1.0), A(WHITE, 0.6) if lum(toe_c) < 150 else A(BLACK, 0.3), 0.3, 1.0, 0.6)
            for r_ in range(3):
                for k in range(5):
                    x = 33 + k * 3.0 + r_ * 1.5
                    y = 3.5 + r_ * 2.2
                    cv.circle(x, y, 0.42, fill=A(BLACK, 0.3))
        # eyestay
        if st != "slipon":
            cv.poly(band(offset(eyestay, 2.7), 2.9), A(BLACK, 0.15))
            cv.poly(band(offset(eyestay, 2.2), 2.6), eye_c)
            cv.dash(offset(eyestay, 4.2), A(WHITE, 0.55) if lum(eye_c) < 150 else A(BLACK, 0.3), 0.3, 1.0, 0.6)
        else:
            gore = Path((-22, -13)).C((-18, -8), (-12, -4), (-8, -3.5)).C((-4, -4), (-2, -8), (0, -11.2)).pts
            cv.poly(gore, dk(up, 0.3))
            cv.dash(offset(gore, -0.8), A(WHITE, 0.5), 0.3, 1.0, 0.6)
            for i in range(9):
                x = -20 + i * 2.3
                cv.line([(x, -14), (x, -2)], A(BLACK, 0.25), 0.35)
        # side stripe
        if stripe == "swoop":
            sw = Path((-33, 7.5)).C((-18, 10), (2, 4), (16, -7)).pts
            pts_ = band(sw, 0.3, 3.2)
            cv.poly(shift(pts_, 0.5, 0.6), A(BLACK, 0.15))
            cv.poly(pts_, acc)
        elif stripe == "bars":
            for k in range(2):
                x0 = -16 + k * 7
                q = [(x0, 11), (x0 + 4.2, 11), (x0 + 13.5, -9.5), (x0 + 9.3, -9.5)]
                cv.poly(shift(q, 0.5, 0.5), A(BLACK, 0.15))
                cv.poly(q, acc)
        elif stripe == "wave":
            wv = Path((-36, 3)).C((-26, -6), (-16, 10), (-4, 1)).C((4, -5), (10, 2), (18, 0)).pts
            cv.poly(band(wv, 1.6), acc)
            cv.poly(band(offset(wv, -0.8), 0.4), A(WHITE, 0.5))
        elif stripe == "panel":
            pn = Path((-31, 12)).C((-28, 2), (-20, -4), (-8, -6)).L((6, 12)).pts
            cv.poly(pn, acc)
            cv.dash(offset(pn[:25], -1.0), A(WHITE, 0.5), 0.3, 1.0, 0.6)
        if st == "high":
            cv.circle(-37, -25, 4.2, fill=acc)
            cv.circle(-37, -25, 3.3, outline=A(WHITE, 0.6), width=0.35)
            cv.circle(-37, -25, 1.4, fill=A(WHITE, 0.8))
        # collar padding
        if st == "high":
            cv.line(offset(top[-25:], 1.2), A(BLACK, 0.2), 1.0)
        else:
            cv.line(offset(top[-48:-18], 1.0), A(BLACK, 0.22), 0.9)
        # volume
        cv.soft(ell(8, 16, 40, 4), BLACK, 0.22, 3)
        cv.soft(ell(30, -2, 18, 3, 12), WHITE, 0.25, 2)
    cv.line(upper + [upper[0]], line_c, 0.35)

    # laces
    if st not in ("slipon",):
        es = offset(eyestay, 1.8)
        n = 6 if st != "high" else 8
        eyes = [along(es, 0.08 + i * 0.84 / (n - 1))[0] for i in range(n)]
        for i in range(n - 1):
            a, b = eyes[i], eyes[i + 1]
            cv.line([(a[0], a[1]), (b[0] + 0.8, b[1] - 3.0)], dk(lace_c, 0.35), 1.55, cap=True)
            cv.line([(a[0], a[1] - 0.1), (b[0] + 0.8, b[1] - 3.1)], lace_c, 1.1, cap=True)
        for e in eyes:
            cv.circle(e[0], e[1], 0.8, fill=dk(eye_c, 0.55))
            cv.circle(e[0] - 0.15, e[1] - 0.15, 0.4, fill=A(WHITE, 0.35))

    # sole
    cv.poly(sole, mid)
    with cv.clip(sole):
        cv.soft(ell(0, 19, 60, 3), BLACK, 0.12, 2)
        cv.line(offset(mt, 0.7), A(WHITE, 0.6), 0.5)
        ob = [(-60, 17.2), (60, 17.2), (60, 25), (-60, 25)]
        if st in ("court", "canvas"):
            ob = [(-60, 16.8), (60, 16.8), (60, 25), (-60, 25)]
        cv.poly(ob, out_c)
        for i in range(-50, 56, 3):
            cv.line([(i, 18.6), (i + 0.6, 20.5)], A(BLACK, 0.25), 0.6)
        if st == "runner":
            cv.poly(rrect(-38, 11.5, -22, 15.0, 1.7), A(col(p.get("air", acc)), 0.9))
            cv.line([(-36, 12.2), (-24, 12.2)], A(WHITE, 0.6), 0.4)
        if st in ("court",):
            cv.dash([(-49, 12.5), (52, 13.3)], A(BLACK, 0.35), 0.35, 1.0, 0.6)
            cv.line([(-50, 15), (54, 15.2)], A(BLACK, 0.12), 0.5)
        if st == "canvas":
            cv.line([(-52, 12.8), (56, 13.2)], acc, 1.1)
            cv.line([(-52, 15), (56, 15.2)], A(BLACK, 0.1), 0.4)
        if st == "chunky":
            wv = Path((-52, 9)).C((-38, 5), (-24, 15), (-8, 11)).C((6, 7), (20, 14), (56, 10)).pts
            cv.poly(wv + [(56, 25), (-52, 25)], col(p.get("sole2", dk(mid, 0.08))))
            cv.line(wv, acc, 0.9)
        if st == "retro":
            cv.line(offset(mt, 2.5), acc, 0.9)
    cv.line(sole + [sole[0]], A(BLACK, 0.3), 0.35)
