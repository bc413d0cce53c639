"""What live courier rates cost a checkout (issue 36 §2): the summary's quote to Kano with the
zone's flat fee, with the sandbox courier's live rate asked (cold) and kept (warm), and with a
courier slower than the checkout waits (the flat fee after the wait, then at once while the
courier counts as down).

    python3 bench/couriers.py [BINARY]      (default target/release/ankara; stdlib only)

Two shops on 127.0.0.1 with the demo catalogue, in temporary folders; 20 quotes per figure.
"""
import http.cookiejar
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "target/release/ankara")
PICTURE = os.path.join(REPO, "data/demo/images/sneakers-1-a-320.jpg")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, method, path, body=None, form=None):
        headers = {"X-Requested-With": "ankara"}
        data = None
        if form is not None:
            data, headers["Content-Type"] = form
        elif body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=30) as answer:
                text = answer.read()
                return answer.status, json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")

    def signup(self, name, email):
        boundary = uuid.uuid4().hex
        parts = [(k, v) for k, v in [("displayName", name), ("email", email), ("password", "secret123"), ("confirmPassword", "secret123")]]
        body = b""
        for key, value in parts:
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode()
        body += open(PICTURE, "rb").read() + f"\r\n--{boundary}--\r\n".encode()
        status, answer = self.call("POST", "/api/auth/signup", form=(body, f"multipart/form-data; boundary={boundary}"))
        assert status == 200, (status, answer)


def shop(delay_ms):
    data = tempfile.mkdtemp(prefix="ankara-bench-couriers-")
    port = free_port()
    env = dict(os.environ, ANKARA_LISTEN=f"127.0.0.1:{port}", ANKARA_DATA_DIR=data, RUST_LOG="warn",
               ANKARA_SANDBOX_COURIER_DELAY_MS=str(delay_ms), ANKARA_COURIER_TIMEOUT_MS="3000",
               ANKARA_SIGNUPS_PER_HOUR="100")
    child = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            urllib.request.urlopen(base + "/api/health", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    owner = Client(base)
    owner.signup("Bench Owner", "owner@example.com")
    subprocess.run([BINARY, "admin", "grant", "owner@example.com"], env=env, check=True, stdout=subprocess.DEVNULL)
    owner.call("POST", "/api/auth/refresh")
    _, brand = owner.call("GET", "/api/admin/brand")
    identity = {k: v for k, v in brand["draft"].items() if k != "logo"}
    identity.update(address="12 Admiralty Way, Lekki, Lagos", phone="0803 555 0199")
    assert owner.call("PUT", "/api/admin/brand", identity)[0] == 200
    assert owner.call("POST", "/api/admin/brand/publish")[0] == 200
    _, options = owner.call("GET", "/api/delivery")
    zones = [{"name": z["name"], "estimate": z["estimate"], "states": z["states"], "freeOver": "",
              "fee": str(z["fee"] // 100), "liveRates": "Kano" in z["states"]} for z in options["zones"]]
    assert owner.call("PUT", "/api/admin/delivery", {"zones": zones, "pickup": {"enabled": False}})[0] == 200
    return child, data, base


def shopper(base, n):
    client = Client(base)
    client.signup("Bench Shopper", f"shopper{n}@example.com")
    _, featured = client.call("GET", "/api/products/featured")
    product = next(p for p in featured if any(v["available"] > 0 for v in p["variants"]))
    variant = next(v for v in product["variants"] if v["available"] > 0)
    client.call("POST", "/api/bag", {"productId": product["id"], "size": variant["size"], "color": variant["color"], "quantity": 1})
    return client


def time_quote(client, state):
    started = time.perf_counter()
    status, answer = client.call("POST", "/api/checkout/quote", {"state": state})
    assert status == 200, answer
    return (time.perf_counter() - started) * 1000, answer["breakdown"]["delivery"]


def figure(label, samples):
    times = [t for t, _ in samples]
    fees = sorted({f for _, f in samples})
    print(f"  {label:<58} median {statistics.median(times):8.1f} ms  max {max(times):8.1f} ms  fee {', '.join(f'₦{f / 100:,.2f}' for f in fees)}")


def main():
    print("Checkout quotes (POST /api/checkout/quote), one item; 20 shoppers each, the cold and slow figures the first alone:")
    child, data, base = shop(0)
    try:
        clients = [shopper(base, n) for n in range(20)]
        figure("Lagos: flat fee", [time_quote(c, "Lagos") for c in clients])
        figure("Kano: live rate, the first shopper asks the courier (cold)", [time_quote(clients[0], "Kano")])
        figure("Kano: live rate kept for half an hour (warm)", [time_quote(c, "Kano") for c in clients])
    finally:
        child.terminate()
        child.wait()
        subprocess.run(["rm", "-rf", data])
    child, data, base = shop(10_000)
    try:
        clients = [shopper(base, n) for n in range(20)]
        figure("Kano: courier slower than the 3 s wait (flat fee after it)", [time_quote(clients[0], "Kano")])
        figure("Kano: courier down for a minute (flat fee at once)", [time_quote(c, "Kano") for c in clients])
    finally:
        child.terminate()
        child.wait()
        subprocess.run(["rm", "-rf", data])


if __name__ == "__main__":
    main()
