#!/usr/bin/env python3
"""A shopper for the ops scripts (scripts/caddy-e2e.sh, scripts/litestream-test.sh): signs up, fills
the bag and pays, through the shop's JSON API, with the standard library only.

    ankara_client.py buy BASE --out FILE [--seconds S] [--count N] [--cafile CA] [--paystack FAKE]
        Signs one account up, then buys in a loop (one product a purchase) until S seconds or N
        purchases (--pause S between them). Each completed order is one JSON line in FILE: {"id", "number", "reference",
        "started": unix time the shop accepted the checkout, "done": unix time when the shop said paid}. Failures are lines with "error" (the loop goes
        on: a shop or proxy fault must show as missing orders, not as a crashed client).
        Without --paystack the shop's built-in sandbox takes the payment and verify completes it.
        With --paystack URL (scripts/fake_paystack.py) the fake is asked to pay and the order is
        completed by the fake's signed webhook alone: the client only polls My Orders (for up to
        --wait seconds, default 15).
    ankara_client.py orders BASE --email E [--password P] [--cafile CA]
        Prints the ids of that account's orders, one a line (logs in first).

Exit status: 0, or 1 when not a single purchase completed.
"""

import argparse
import http.cookiejar
import json
import ssl
import struct
import sys
import time
import urllib.error
import urllib.request
import uuid
import zlib

PASSWORD = "ops-password-1"


def png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xc8\x5a\x28" * 16 for _ in range(16))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class Shop:
    def __init__(self, base, cafile=None):
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        context = ssl.create_default_context(cafile=cafile) if cafile else None
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), urllib.request.HTTPSHandler(context=context))
        self.set_cookies = []

    def call(self, method, path, body=None, headers=None, timeout=15):
        headers = dict(headers or {})
        if method != "GET":
            headers["X-Requested-With"] = "ankara"
        data = body
        if isinstance(body, (dict, list)):
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                self.set_cookies += response.headers.get_all("Set-Cookie") or []
                raw = response.read()
                return response.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw)
            except ValueError:
                return error.code, {"raw": raw[:200].decode(errors="replace")}

    def signup(self, email, name="Ops Shopper"):
        boundary = uuid.uuid4().hex
        parts = []
        for key, value in [("displayName", name), ("email", email), ("password", PASSWORD), ("confirmPassword", PASSWORD)]:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\n'
                     f"Content-Type: image/png\r\n\r\n".encode() + png() + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        status, answer = self.call("POST", "/api/auth/signup", b"".join(parts),
                                   {"Content-Type": f"multipart/form-data; boundary={boundary}"}, timeout=30)
        if status != 200:
            raise RuntimeError(f"sign-up of {email} answered {status}: {answer}")

    def login(self, email):
        status, answer = self.call("POST", "/api/auth/login", {"email": email, "password": PASSWORD})
        if status != 200:
            raise RuntimeError(f"login of {email} answered {status}: {answer}")

    def products(self):
        """(id, size, color) of every variant with stock left, across all collections, for a buy loop
        that spreads its purchases over the whole shop."""
        found = []
        _, collections = self.call("GET", "/api/collections")
        for collection in collections:
            _, page = self.call("GET", f"/api/collections/{collection['id']}")
            for p in page["products"]:
                found += [(p["id"], v["size"], v["color"]) for v in p["variants"] if v["available"] > 0]
        if not found:
            raise RuntimeError("the shop has nothing left to sell")
        return found


class SoldOut(Exception):
    """The variant sold out: a shopper picks another, so the loop does too (not a failure)."""


DETAILS = {
    "customer": {"name": "Ada Obi", "email": "ada@example.com", "phone": "+234 803 555 0101"},
    "address": {"street": "12 Marina Road", "city": "Lagos", "state": "Lagos", "country": "Nigeria", "postalCode": "101001"},
}


def buy_once(shop, product, fake=None, wait=15):
    product_id, size, color = product
    item = {"productId": product_id}
    if size:
        item["size"] = size
    if color:
        item["color"] = color
    status, answer = shop.call("POST", "/api/bag", item)
    if status == 400 and ("sold out" in answer.get("message", "") or "left." in answer.get("message", "")):
        raise SoldOut()
    if status != 200:
        raise RuntimeError(f"bag: {status} {answer}")
    status, started = shop.call("POST", "/api/checkout", DETAILS)
    if status == 409 and "sold out" in started.get("message", ""):
        # Someone else took the last unit; the line stays in the bag, so empty it.
        _, bag = shop.call("GET", "/api/bag")
        for line in bag["items"]:
            shop.call("DELETE", f"/api/bag/{line['id']}")
        raise SoldOut()
    if status != 201:
        raise RuntimeError(f"checkout: {status} {started}")
    reference, started_at = started["reference"], time.time()
    if fake is None:
        status, paid = shop.call("POST", f"/api/sandbox/checkout/{started['accessCode']}", {"outcome": "success"})
        if status != 200 or paid.get("status") != "success":
            raise RuntimeError(f"sandbox pay: {status} {paid}")
        status, done = shop.call("POST", "/api/payments/verify", {"reference": reference})
        if status != 200 or not done["data"].get("success"):
            raise RuntimeError(f"verify: {status} {done}")
        order = done["data"]["order"]
        return {"id": order["id"], "number": order["number"], "reference": reference, "started": started_at, "done": time.time()}
    # The fake Paystack marks the charge paid and sends its signed webhook to the shop's public
    # URL; the order must appear, paid, without the browser's verify.
    with urllib.request.urlopen(urllib.request.Request(f"{fake}/_pay/{reference}", data=b"", method="POST"), timeout=15) as r:
        r.read()
    deadline = time.time() + wait
    while time.time() < deadline:
        status, mine = shop.call("GET", "/api/orders")
        for order in mine.get("orders", []) if status == 200 else []:
            if order["paymentReference"] == reference and order["status"] == "paid":
                return {"id": order["id"], "number": order["number"], "reference": reference, "started": started_at,
                        "done": time.time(), "by": "webhook"}
        time.sleep(0.1)
    raise RuntimeError(f"no paid order for {reference} {wait:g} s after the webhook was sent")


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("buy")
    b.add_argument("base")
    b.add_argument("--out", required=True)
    b.add_argument("--seconds", type=float, default=10)
    b.add_argument("--count", type=int, default=1_000_000)
    b.add_argument("--cafile")
    b.add_argument("--paystack")
    b.add_argument("--email")
    b.add_argument("--pause", type=float, default=0, help="seconds between purchases")
    b.add_argument("--wait", type=float, default=15, help="seconds to wait for a webhook's order")
    o = sub.add_parser("orders")
    o.add_argument("base")
    o.add_argument("--email", required=True)
    o.add_argument("--cafile")
    args = parser.parse_args()

    shop = Shop(args.base, args.cafile)
    if args.command == "orders":
        shop.login(args.email)
        _, mine = shop.call("GET", "/api/orders")
        for order in mine["orders"]:
            print(order["id"])
        return 0

    email = args.email or f"buyer-{uuid.uuid4().hex[:10]}@example.com"
    shop.signup(email)
    products = shop.products()
    completed = 0
    deadline = time.time() + args.seconds
    with open(args.out, "a") as out:
        out.write(json.dumps({"email": email, "cookies": shop.set_cookies}) + "\n")
        out.flush()
        i = 0
        while time.time() < deadline and completed < args.count and products:
            try:
                record = buy_once(shop, products[i % len(products)], args.paystack, args.wait)
                completed += 1
            except SoldOut:
                products.pop(i % len(products))
                continue
            except Exception as error:  # noqa: BLE001 (recorded, the loop goes on)
                record = {"error": str(error)[:300], "at": time.time()}
                time.sleep(0.2)
            out.write(json.dumps(record) + "\n")
            out.flush()
            i += 1
            if args.pause:
                time.sleep(args.pause)
    return 0 if completed else 1


if __name__ == "__main__":
    sys.exit(main())
