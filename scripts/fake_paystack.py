#!/usr/bin/env python3
"""A fake Paystack on loopback for scripts/caddy-e2e.sh and scripts/standby-test.sh: plays Paystack's
part in production, where the charge.success webhook comes from outside and reaches the shop
through Caddy.

    fake_paystack.py PORT_FILE WEBHOOK_URL SECRET [CAFILE]

Listens on a free 127.0.0.1 port (written to PORT_FILE) and answers the two calls the shop makes,
POST /transaction/initialize and GET /transaction/verify/REFERENCE (Bearer SECRET), as Paystack
does. POST /_pay/REFERENCE (the test's stand-in for a shopper paying in Paystack's pop-up) marks the
charge paid and POSTs a charge.success event signed with HMAC-SHA512(SECRET) to WEBHOOK_URL (the
shop's public https URL, so through Caddy; CAFILE is Caddy's local root). Each delivery is printed
as one line "webhook REFERENCE STATUS" on stdout. Standard library only.

For the standby test: a charge for an e-mail address starting with "autopay" is paid as soon as
it is opened (a shopper who pays at once: the checkout burst, whose verify completes the order),
`POST /_pay/REFERENCE?webhook=0` pays without a webhook, `?twice=1` delivers the webhook twice
(Paystack may), and `GET /_charges` lists every charge's status. With FAKE_PAYSTACK_RETRY_SECS set,
a delivery not answered 200 is tried again every second for that long, as Paystack retries (its
own schedule is minutes apart; the test cannot wait that long).

(The shop's built-in sandbox cannot be used for this: it posts its webhook straight to the address
the shop listens on, never through the proxy, and its secret is made at start and never shown.)
"""

import hashlib
import hmac
import json
import os
import re
import time
import ssl
import sys
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port_file, webhook_url, secret = sys.argv[1], sys.argv[2], sys.argv[3]
context = ssl.create_default_context(cafile=sys.argv[4]) if len(sys.argv) > 4 else None
charges = {}
lock = threading.Lock()
retry_for = float(os.environ.get("FAKE_PAYSTACK_RETRY_SECS") or 0)


def transaction(reference, charge):
    return {
        "id": 4099260516, "domain": "test", "status": charge["status"], "reference": reference,
        "amount": charge["amount"], "currency": charge["currency"],
        "gateway_response": "Successful" if charge["status"] == "success" else "Abandoned",
        "paid_at": None, "created_at": "2026-11-22T07:00:00.000Z", "channel": "card", "metadata": "",
        "customer": {"email": charge["email"]}, "authorization": {},
    }


def deliver(reference):
    with lock:
        body = json.dumps({"event": "charge.success", "data": transaction(reference, charges[reference])}).encode()
    signature = hmac.new(secret.encode(), body, hashlib.sha512).hexdigest()
    give_up = time.time() + retry_for
    while True:
        request = urllib.request.Request(webhook_url, data=body, method="POST", headers={
            "Content-Type": "application/json", "x-paystack-signature": signature})
        try:
            with urllib.request.urlopen(request, timeout=10, context=context) as response:
                status = response.status
        except urllib.error.HTTPError as error:
            status = error.code
        except Exception as error:  # noqa: BLE001 (reported on stdout)
            status = f"failed:{error}"
        print(f"webhook {reference} {status}", flush=True)
        if status == 200 or time.time() >= give_up:
            return
        time.sleep(1)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body):
        raw = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def authorised(self):
        return self.headers.get("Authorization", "") == f"Bearer {secret}"

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/transaction/initialize":
            if not self.authorised():
                return self.answer(401, {"status": False, "message": "Invalid key"})
            body = json.loads(raw)
            reference = body["reference"]
            with lock:
                if reference in charges:
                    return self.answer(400, {"status": False, "message": "Duplicate Transaction Reference"})
                charges[reference] = {"amount": body["amount"], "currency": body.get("currency", "NGN"),
                                      "email": body.get("email", ""),
                                      "status": "success" if body.get("email", "").startswith("autopay") else "abandoned"}
            code = f"ac_{reference}"
            return self.answer(200, {"status": True, "message": "Authorization URL created", "data": {
                "authorization_url": f"https://checkout.paystack.invalid/{code}", "access_code": code, "reference": reference}})
        match = re.fullmatch(r"/_pay/([A-Za-z0-9_-]+)(\?.*)?", self.path)
        if match:
            reference, query = match.group(1), match.group(2) or ""
            with lock:
                if reference not in charges:
                    return self.answer(404, {"status": False})
                charges[reference]["status"] = "success"
            if "webhook=0" not in query:
                for _ in range(2 if "twice=1" in query else 1):
                    threading.Thread(target=deliver, args=(reference,), daemon=True).start()
            return self.answer(200, {"status": True})
        self.answer(404, {"status": False, "message": "not found"})

    def do_GET(self):
        if self.path == "/_charges":
            with lock:
                return self.answer(200, {reference: charge["status"] for reference, charge in charges.items()})
        match = re.fullmatch(r"/transaction/verify/([A-Za-z0-9_-]+)", self.path)
        if not match:
            return self.answer(404, {"status": False, "message": "not found"})
        if not self.authorised():
            return self.answer(401, {"status": False, "message": "Invalid key"})
        with lock:
            charge = charges.get(match.group(1))
            data = charge and transaction(match.group(1), charge)
        if data is None:
            return self.answer(400, {"status": False, "message": "Transaction reference not found"})
        self.answer(200, {"status": True, "message": "Verification successful", "data": data})

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os  # noqa: E402

os.replace(port_file + ".tmp", port_file)
server.serve_forever()
