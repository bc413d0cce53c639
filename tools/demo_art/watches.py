"""Wristwatches, front view.

draw keys: style, dial, metal, strap, strap_color, stripes, stripe_color, bezel, index, hands,
seconds, time, shadow."""

import math

from .colours import A, BLACK, METALS, WHITE, col, dk, lt
from .geometry import Path, band, ell, offset, rot_pts, rrect, scale_pts, shift


def _hand(length, w, tail=0.0, kind="leaf"):
    if kind == "leaf":
        return [(0, tail), (-w, -length * 0.18), (-w * 0.55, -length * 0.8), (0, -length), (w * 0.55, -length * 0.8), (w, -length * 0.18)]
    if kind == "baton":
        return [(-w / 2, tail), (-w / 2, -length + w / 2), (0, -length), (w / 2, -length + w / 2), (w / 2, tail)]
    if kind == "sword":
        return [(-w * 0.4, tail), (-w, -length * 0.25), (0, -length), (w, -length * 0.25), (w * 0.4, tail)]
    return [(-w / 2, tail), (-w / 2, -length), (w / 2, -length), (w / 2, tail)]


def gear(cv, cx, cy, r, teeth, c, hole_c=None, spokes=4, rot=0.0):
    pts = []
    for i in range(teeth * 4):
        a = math.radians(rot + i * 360.0 / (teeth * 4))
        rr = r if (i % 4) in (1, 2) else r * 0.86
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    cv.poly(pts, c)
    cv.circle(cx, cy, r * 0.72, fill=hole_c or dk(c, 0.5))
    for k in range(spokes):
        a = math.radians(rot + k * 360.0 / spokes)
        cv.line([(cx, cy), (cx + math.cos(a) * r * 0.74, cy + math.sin(a) * r * 0.74)], c, r * 0.16)
    cv.circle(cx, cy, r * 0.2, fill=lt(c, 0.3))
    cv.circle(cx, cy, r * 0.08, fill=(170, 20, 50))


def draw_watch(cv, p):
    """Wristwatch, front view, centre (0,0), case radius ~24, straps to +-70."""
    st = p.get("style", "classic")
    metal = METALS[p.get("metal", "steel")]
    dial = col(p.get("dial", (20, 30, 60)))
    ind = col(p.get("index", metal[0]))
    hand_c = col(p.get("hands", metal[0]))
    sec_c = col(p.get("seconds", (228, 87, 46)))
    strap = p.get("strap", "leather")
    strap_c = col(p.get("strap_color", (92, 52, 30)))
    square = st == "square"
    R = 24.0 if st not in ("dress", "minimal") else 23.0
    Rd = R - 3.2
    if st == "diver":
        Rd = R - 6.5
    tm = p.get("time", (10, 9, 36))

    if p.get("shadow", True):
        cv.soft(rrect(-12, -66, 16, 74, 8), BLACK, 0.28, 3.5)
        cv.soft(ell(2.5, 4, R + 1, R + 1), BLACK, 0.35, 3)

    # ---------------- straps
    sw = 12.5 if not square else 13.5
    if strap in ("leather", "rubber"):
        sc = strap_c
        top_s = Path((-sw, -16)).L((-sw * 0.9, -64)).C((-sw * 0.9, -67.5), (sw * 0.9, -67.5), (sw * 0.9, -64)).L((sw, -16)).pts
        bot_s = Path((-sw, 16)).L((-sw * 0.9, 58)).C((-sw * 0.9, 66), (-3, 70), (0, 70.5)).C((3, 70), (sw * 0.9, 66), (sw * 0.9, 58)).L((sw, 16)).pts
        for sp in (top_s, bot_s):
            cv.grad_poly(sp, lt(sc, 0.12), dk(sc, 0.25), (-sw, 0), (sw, 0))
            cv.line(sp + [sp[0]], A(dk(sc, 0.5), 0.9), 0.4)
            if strap == "leather":
                cv.dash([(-sw * 0.74, -18), (-sw * 0.68, -63)], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.dash([(sw * 0.74, -18), (sw * 0.68, -63)], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.dash(offset(bot_s[1:-1], -1.6)[2:-2], A(lt(sc, 0.55), 0.9), 0.35, 1.3, 0.8)
                cv.soft(band([(0, -22), (0, -60)], 1.2), WHITE, 0.12, 1.5)
            else:
                for y in range(20, 30, 3):
                    cv.line([(-sw * 0.8, y), (sw * 0.8, y)], A(BLACK, 0.3), 0.6)
                    cv.line([(-sw * 0.8, -y), (sw * 0.8, -y)], A(BLACK, 0.3), 0.6)
        for k in range(5):
            y = 38 + k * 5
            cv.ellipse(0, y, 1.1, 0.8, fill=dk(sc, 0.6))
        # keeper
        cv.poly(rrect(-sw * 1.02, 28, sw * 1.02, 32, 1.2), dk(sc, 0.15))
        cv.line([(-sw, 28.6), (sw, 28.6)], A(WHITE, 0.2), 0.35)
        # buckle
        cv.poly(rrect(-sw * 1.05, -71, sw * 1.05, -62, 3.0), metal[2])
        cv.poly(rrect(-sw * 1.05 + 0.5, -70.5, sw * 1.05 - 0.5, -62.5, 2.6), metal[1])
        cv.poly(rrect(-sw * 1.05 + 2.2, -69, sw * 1.05 - 2.2, -64.2, 1.6), dk(sc, 0.2))
        cv.line([(-sw * 0.8, -70), (sw * 0.7, -70)], A(metal[0], 0.9), 0.5)
        cv.line([(0, -69.5), (0, -61)], metal[1], 1.1, cap=True)
    elif strap == "bracelet":
        for sign in (-1, 1):
            y = 17.0
            while y < 68:
                t = (y - 17) / 51.0
                wdt = sw * (1 - 0.12 * t)
                h = 5.2
                y0, y1 = (y, y + h) if sign > 0 else (-y - h, -y)
                cv.poly(rrect(-wdt, y0, -wdt * 0.34, y1, 1.2), metal[1])
                cv.poly(rrect(wdt * 0.34, y0, wdt, y1, 1.2), metal[1])
                cv.grad_poly(rrect(-wdt * 0.31, y0, wdt * 0.31, y1, 1.2), metal[0], metal[1], (0, y0), (0, y1))
                cv.line([(-wdt * 0.9, y0 + 0.6), (-wdt * 0.45, y0 + 0.6)], A(WHITE, 0.5), 0.35)
                cv.line([(wdt * 0.45, y0 + 0.6), (wdt * 0.9, y0 + 0.6)], A(WHITE, 0.5), 0.35)
                cv.line([(-wdt, y1), (wdt, y1)], A(BLACK, 0.35), 0.35)
                y += h + 0.35
    elif strap == "mesh":
        for sign in (-1, 1):
            sp = [(-sw, sign * 16), (sw, sign * 16), (sw * 0.9, sign * 68), (-sw * 0.9, sign * 68)]
            cv.grad_poly(sp, metal[0], metal[2], (-sw, 0), (sw, 0))
            with cv.clip(sp):
                for k in range(-28, 28):
                    cv.line([(k * 1.6 - 20, sign * 16), (k * 1.6 + 20, sign * 68)], A(BLACK, 0.12), 0.3)
                    cv.line([(k * 1.6 + 20, sign * 16), (k * 1.6 - 20, sign * 68)], A(WHITE, 0.1), 0.3)
            cv.poly(rrect(-sw * 0.95, sign * 62 - 4, sw * 0.95, sign * 62 + 4, 1.5), metal[1])
            cv.line([(-sw * 0.9, sign * 62 - 3.2), (sw * 0.9, sign * 62 - 3.2)], A(WHITE, 0.6), 0.4)
    else:  # nato / canvas
        sc = strap_c
        sp = rrect(-sw * 0.92, -72, sw * 0.92, 72, 5)
        cv.poly(sp, sc)
        with cv.clip(sp):
            for k in range(-80, 80, 2):
                cv.line([(-20, k), (20, k + 0.6)], A(BLACK, 0.06), 0.45)
            for sx in p.get("stripes", []):
                cv.poly([(sx - 1.2, -75), (sx + 1.2, -75), (sx + 1.2, 75), (sx - 1.2, 75)], col(p.get("stripe_color", WHITE)))
            cv.soft(band([(-sw * 0.92, -70), (-sw * 0.92, 70)], 2), BLACK, 0.25, 1.5)
            cv.soft(band([(sw * 0.92, -70), (sw * 0.92, 70)], 2), BLACK, 0.25, 1.5)
        cv.dash([(-sw * 0.75, -68), (-sw * 0.75, 68)], A(lt(sc, 0.4), 0.9), 0.35, 1.3, 0.8)
        cv.dash([(sw * 0.75, -68), (sw * 0.75, 68)], A(lt(sc, 0.4), 0.9), 0.35, 1.3, 0.8)
        for y in (40, 47, -60):
            cv.poly(rrect(-sw * 1.02, y, sw * 1.02, y + 3.2, 1.0), metal[1])
            cv.line([(-sw, y + 0.6), (sw, y + 0.6)], A(WHITE, 0.5), 0.4)
        for k in range(4):
            cv.ellipse(0, 53 + k * 4.5, 0.9, 0.7, fill=dk(sc, 0.5))

    # ---------------- lugs
    if not square:
        for sx in (-1, 1):
            for sy in (-1, 1):
                lug = [(sx * 8.5, sy * (R - 6)), (sx * 13.2, sy * (R - 7)), (sx * 13.6, sy * (R + 4.5)), (sx * 9.5, sy * (R + 4.8))]
                cv.poly(lug, metal[1])
                cv.line([lug[1], lug[2]], A(metal[0], 0.9), 0.5)
                cv.line([lug[0], lug[3]], A(metal[2], 0.7), 0.4)

    # ---------------- crown & pushers
    crown_w = 4.2
    if square:
        cv.poly(rrect(18.5, -3.2, 23.5, 3.2, 1.2), metal[1])
        cv.poly(ell(23.2, 0, 1.3, 2.2), metal[0])
    else:
        cv.poly(rrect(R - 1.5, -3.4, R + crown_w, 3.4, 1.4), metal[2])
        cv.grad_poly(rrect(R - 1, -3.0, R + crown_w - 0.3, 3.0, 1.2), metal[0], metal[2], (0, -3), (0, 3))
        for k in range(5):
            cv.line([(R + 0.5 + k * 0.8, -2.6), (R + 0.5 + k * 0.8, 2.6)], A(metal[2], 0.7), 0.25)
        if st == "chrono":
            for ang in (-42, 42):
                cv.poly(rot_pts(rrect(R - 1.5, -2.2, R + 3.2, 2.2, 1.0), ang), metal[2])
                cv.poly(rot_pts(rrect(R - 1, -1.8, R + 2.8, 1.8, 0.8), ang), metal[1])

    # ---------------- case
    if square:
        case = rrect(-19.5, -24.5, 19.5, 24.5, 6)
        cv.grad_poly(case, metal[0], metal[2], (-20, -25), (20, 25))
        cv.grad_poly(rrect(-18, -23, 18, 23, 5), metal[2], metal[0], (-18, -23), (18, 23))
        for k in range(3):
            cv.line([(-14 + k * 2.0, -22.3), (14 - k * 2.0, -22.3)], A(WHITE, 0.5), 0.25)
        dial_shape = rrect(-16.5, -21, 16.5, 21, 3.5)
    else:
        case = ell(0, 0, R, R)
        cv.grad_poly(case, metal[0], metal[2], (-R, -R), (R, R))
        cv.circle(0, 0, R, outline=A(metal[2], 0.8), width=0.4)
        if st == "diver":
            bz = col(p.get("bezel", (20, 20, 24)))
            cv.circle(0, 0, R - 1.0, fill=bz)
            cv.circle(0, 0, R - 1.0, outline=A(WHITE, 0.15), width=0.4)
            for k in range(60):
                a = math.radians(k * 6)
                r0 = R - 2.2 if k % 5 else R - 4.2
                if k < 15 and k % 5:
                    r0 = R - 3.2
                cv.line([(math.sin(a) * (R - 1.6), -math.cos(a) * (R - 1.6)), (math.sin(a) * r0, -math.cos(a) * r0)],
                        A(WHITE, 0.85), 0.45 if k % 5 else 0.8)
            cv.poly([(0, -R + 1.4), (-2.2, -R + 4.8), (2.2, -R + 4.8)], WHITE)
            cv.circle(0, -R + 3.3, 0.7, fill=(230, 80, 50))
            cv.circle(0, 0, Rd + 0.9, fill=metal[2])
            cv.circle(0, 0, Rd + 0.5, fill=metal[1])
        else:
            cv.grad_poly(ell(0, 0, R - 1.3, R - 1.3), metal[2], metal[0], (-R, -R), (R, R))
        dial_shape = ell(0, 0, Rd, Rd)

    # ---------------- dial
    if st == "skeleton":
        cv.poly(dial_shape, dk(dial, 0.4))
        with cv.clip(dial_shape):
            br = METALS["brass"]
            gear(cv, -6, -6, 8.5, 18, br[1], dk(dial, 0.5), 5, 8)
            gear(cv, 7.5, -7, 5.5, 14, br[0], dk(dial, 0.5), 4, 3)
            gear(cv, 8, 6, 6.5, 16, br[1], dk(dial, 0.5), 4, 20)
            gear(cv, -9, 8, 4.8, 12, br[0], dk(dial, 0.5), 3, 11)
            # bridges
            brg = Path((-22, -3)).C((-10, -14), (8, 2), (22, -10)).L((22, -5)).C((8, 6), (-10, -9), (-22, 2)).pts
            cv.poly(brg, metal[1])
            cv.line(brg[:25], A(metal[0], 0.9), 0.4)
            for (x, y) in ((-14, -4.5), (13, -5.5)):
                cv.circle(x, y, 1.2, fill=metal[2])
                cv.line([(x - 0.9, y), (x + 0.9, y)], metal[0], 0.3)
            # balance wheel
            cv.circle(0, 12, 5.4, outline=br[1], width=1.0)
            for k in range(3):
                a = math.radians(k * 120 + 15)
                cv.line([(0, 12), (math.cos(a) * 5, 12 + math.sin(a) * 5)], br[1], 0.5)
            cv.circle(0, 12, 1.0, fill=(170, 20, 50))
        cv.circle(0, 0, Rd - 1.5, outline=A(dk(dial, 0.2), 0.92), width=3.0)
    elif square:
        cv.grad_poly(dial_shape, lt(dial, 0.12), dk(dial, 0.15), (-16, -21), (16, 21))
    else:
        cv.radial(dial_shape, lt(dial, 0.16), dk(dial, 0.28), (-Rd * 0.25, -Rd * 0.3), Rd * 1.5)
        if p.get("sunburst", st in ("chrono", "classic", "dress")):
            for k in range(48):
                a = math.radians(k * 7.5)
                cv.line([(0, 0), (math.sin(a) * Rd, -math.cos(a) * Rd)], A(WHITE if k % 2 else BLACK, 0.03), 0.6)

    # minute track
    if not square and st not in ("minimal",):
        for k in range(60):
            a = math.radians(k * 6)
            r0, r1 = Rd - 1.4, Rd - 0.4
            cv.line([(math.sin(a) * r0, -math.cos(a) * r0), (math.sin(a) * r1, -math.cos(a) * r1)], A(ind, 0.65), 0.22)

    # indices
    for h in range(12):
        a = math.radians(h * 30)
        sa, ca = math.sin(a), -math.cos(a)
        if square:
            k = min(14.5 / max(1e-6, abs(sa)), 19.0 / max(1e-6, abs(ca)))
            x, y = sa * k, ca * k
            if h % 3 == 0:
                cv.poly(shift(rot_pts(rrect(-0.6, -3.0, 0.6, 0.5, 0.3), h * 30), x, y), ind)
                if h == 0:
                    cv.poly(shift(rot_pts(rrect(-2.2, -3.0, -1.0, 0.5, 0.3), 0), x, y), ind)
                    cv.poly(shift(rot_pts(rrect(1.0, -3.0, 2.2, 0.5, 0.3), 0), x, y), ind)
            else:
                cv.circle(x, y - 0.8 * ca / abs(ca or 1), 0.6, fill=ind)
            continue
        if st == "diver":
            if h in (3, 6, 9):
                pts = rot_pts(rrect(-1.1, -Rd + 1.8, 1.1, -Rd + 6.5, 0.4), h * 30)
            elif h == 0:
                pts = [(0, -Rd + 7.2), (-2.4, -Rd + 1.8), (2.4, -Rd + 1.8)]
            else:
                pts = ell(sa * (Rd - 4), ca * (Rd - 4), 1.5, 1.5)
            cv.poly(shift(pts, 0.25, 0.35), A(BLACK, 0.35))
            cv.poly(pts, ind)
            cv.poly(pts, None, A(metal[1], 0.9), 0.3)
            continue
        if st == "skeleton" and h % 3:
            pts = rot_pts(rrect(-0.35, -Rd + 0.6, 0.35, -Rd + 3.0, 0.2), h * 30)
            cv.poly(pts, ind)
            continue
        if st == "minimal":
            if h % 3 == 0:
                cv.poly(rot_pts(rrect(-0.35, -Rd + 1.5, 0.35, -Rd + 4.5, 0.2), h * 30), ind)
            continue
        if st == "field":
            if h == 0:
                pts = [(0, -Rd + 7.5), (-2.6, -Rd + 2.2), (2.6, -Rd + 2.2)]
            else:
                pts = rot_pts(rrect(-1.1, -Rd + 2.2, 1.1, -Rd + 6.0 if h % 3 else -Rd + 7.2, 0.5), h * 30)
            cv.poly(pts, ind)
            continue
        if st == "chrono" and h in (3, 6, 9):
            pts = rot_pts(rrect(-0.7, -Rd + 2.0, 0.7, -Rd + 4.2, 0.3), h * 30)
            cv.poly(pts, ind)
            continue
        ln = 6.0 if h % 3 == 0 else 4.6
        w = 1.3 if st != "dress" else 0.8
        if h == 0:
            for dx in (-1.3, 1.3):
                pts = rot_pts(rrect(dx - w / 2, -Rd + 2.0, dx + w / 2, -Rd + 2.0 + ln, 0.3), 0)
                cv.poly(shift(pts, 0.2, 0.3), A(BLACK, 0.3))
                cv.poly(pts, ind)
                cv.line([(dx - w / 2 + 0.2, -Rd + 2.2), (dx - w / 2 + 0.2, -Rd + 1.8 + ln)], A(WHITE, 0.5), 0.25)
        else:
            pts = rot_pts(rrect(-w / 2, -Rd + 2.0, w / 2, -Rd + 2.0 + ln, 0.3), h * 30)
            cv.poly(shift(pts, 0.2, 0.3), A(BLACK, 0.3))
            cv.poly(pts, ind)

    # chronograph sub-dials
    if st == "chrono":
        sub_c = col(p.get("subdial", dk(dial, 0.2)))
        for (x, y) in ((-Rd * 0.45, 0), (Rd * 0.45, 0), (0, Rd * 0.45)):
            rr = Rd * 0.22
            cv.circle(x, y, rr, fill=sub_c)
            cv.circle(x, y, rr, outline=A(ind, 0.8), width=0.35)
            for k in range(12):
                a = math.radians(k * 30)
                cv.line([(x + math.sin(a) * rr * 0.72, y - math.cos(a) * rr * 0.72), (x + math.sin(a) * rr * 0.95, y - math.cos(a) * rr * 0.95)], A(ind, 0.8), 0.22)
            a = math.radians((x + y * 3) * 11)
            cv.line([(x, y), (x + math.sin(a) * rr * 0.85, y - math.cos(a) * rr * 0.85)], sec_c if y else ind, 0.4)
            cv.circle(x, y, 0.6, fill=ind)
    if p.get("date", st in ("diver", "field", "classic")):
        dx0 = Rd * 0.58
        cv.poly(rrect(dx0, -1.7, dx0 + 4.0, 1.7, 0.3), metal[2])
        cv.poly(rrect(dx0 + 0.3, -1.4, dx0 + 3.7, 1.4, 0.2), (250, 250, 246))
        cv.line([(dx0 + 1.2, -0.7), (dx0 + 2.4, -0.7), (dx0 + 2.4, 0.0), (dx0 + 1.2, 0.0), (dx0 + 1.2, 0.8), (dx0 + 2.6, 0.8)], (30, 30, 30), 0.3)

    # ---------------- hands
    hh, mm, ss = tm
    a_h = (hh % 12 + mm / 60.0) * 30
    a_m = mm * 6 + ss * 0.1
    a_s = ss * 6
    scale_len = Rd if not square else 17.5
    kind = {"diver": "sword", "field": "sword", "dress": "leaf", "minimal": "baton", "square": "baton"}.get(st, "baton")
    hour = rot_pts(_hand(scale_len * 0.55, 1.5 if kind != "baton" else 1.4, 2.5, kind), a_h)
    minute = rot_pts(_hand(scale_len * 0.86, 1.1 if kind != "baton" else 1.0, 2.5, kind), a_m)
    for hp in (hour, minute):
        cv.poly(shift(hp, 0.6, 0.9), A(BLACK, 0.35))
    for hp in (hour, minute):
        cv.poly(hp, hand_c)
        cv.poly(hp, None, A(dk(hand_c, 0.45), 0.9), 0.25)
        if st in ("diver", "field"):
            inner = scale_pts(hp, 0.55, 0.72)
            cv.poly(inner, (236, 244, 226))
    sec = rot_pts([(0, 6), (0, -scale_len * 0.92)], a_s)
    if st not in ("minimal",):
        cv.line(shift(sec, 0.5, 0.8), A(BLACK, 0.3), 0.4)
        cv.line(sec, sec_c, 0.4)
        q = rot_pts([(0, 4.5)], a_s)[0]
        cv.circle(q[0], q[1], 1.0, fill=sec_c)
    cv.circle(0, 0, 1.5, fill=hand_c)
    cv.circle(0, 0, 0.6, fill=sec_c if st != "minimal" else dk(hand_c, 0.3))

    # crystal reflection
    with cv.clip(dial_shape):
        refl = [(-30, -8), (8, -30), (14, -30), (-30, 3)]
        cv.poly(refl, A(WHITE, 0.10))
        cv.poly(shift(refl, 10, 6)[:2] + shift(refl, 7, 4)[2:], A(WHITE, 0.05))
        cv.soft(ell(-8, -12, 9, 4, -35), WHITE, 0.12, 2)
