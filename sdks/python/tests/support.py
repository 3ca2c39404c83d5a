"""Test support: the real service (test/support/serve-for-clients.ts: the app on embedded adapters), test
keys of fresh accounts (answers fixed by docs/test-mode.md's magic addresses, no probes), a TCP proxy that
breaks chosen requests' connections, and an HTTPS webhook receiver. sdks/check.sh starts the services once and names
their descriptions in MAILCHECK_TEST_SERVICE / MAILCHECK_TEST_LIMITED_SERVICE; run alone, the tests
start their own."""
from __future__ import annotations

import atexit
import http.server
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
_services = {}
_children = []


def _start(env):
    child = subprocess.Popen(
        ["node", "-r", "./scripts/register-ts.js", "test/support/serve-for-clients.ts", json.dumps(env)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    _children.append(child)
    line = child.stdout.readline()
    if not line:
        raise RuntimeError("the service exited before it was ready")
    return json.loads(line)


@atexit.register
def _stop():
    for child in _children:
        child.stdin.close()
        child.wait(timeout=30)


def _described(variable, env):
    if variable not in _services:
        path = os.environ.get(variable)
        if path:
            with open(path, encoding="utf-8") as handle:
                _services[variable] = json.load(handle)
        else:
            _services[variable] = _start(env)
    return _services[variable]


def service():
    """The service with the default (generous) rate limit."""
    return _described("MAILCHECK_TEST_SERVICE", {})


def limited_service():
    """The service allowing one request a second per key (burst 1): the 429 tests."""
    return _described("MAILCHECK_TEST_LIMITED_SERVICE", {"RATE_LIMIT_PER_SECOND": "1", "RATE_LIMIT_BURST": "1"})


# Addresses and names whose answers docs/test-mode.md's tables fix for a test key (the local part decides an
# address's verdict; a company domain's first label decides what the finder finds): no probe, no DNS.
MAGIC = {
    "ok": "valid@acme.test",
    "invalid": "no-mailbox@acme.test",
    "catchAll": "catch-all@acme.test",
    "insufficientCredits": "insufficient-credits@acme.test",
    "person": {"firstName": "Ada", "lastName": "Lovelace", "domain": "found.acme.test", "email": "ada.lovelace@found.acme.test"},
    "nobody": {"firstName": "No", "lastName": "Body", "domain": "not-found.acme.test"},
}


def _post(url, body, headers):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json", **headers})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["data"]


def new_account(svc, credits=10_000):
    """A fresh account with `credits`; returns its live API key."""
    admin = {"authorization": "Bearer " + svc["adminToken"]}
    return _post(svc["url"] + "/admin/v1/accounts", {"name": "python sdk test", "credits": credits}, admin)["apiKey"]


def test_key(svc, balance=None):
    """A test key (mck_test_...) of a fresh account, through the admin API: its test balance starts at 10,000
    credits, or is reset to `balance`."""
    admin = {"authorization": "Bearer " + svc["adminToken"]}
    account = _post(svc["url"] + "/admin/v1/accounts", {"name": "python sdk test", "credits": 0}, admin)
    keys = svc["url"] + "/admin/v1/accounts/%s/keys" % account["accountId"]
    key = _post(keys, {"label": "python sdk test", "kind": "test"}, admin)["apiKey"]
    if balance is not None:
        _post(svc["url"] + "/v1/credits/test-balance/reset", {"balance": balance}, {"x-api-key": key})
    return key


def list_csv(rows=50):
    """`rows` magic addresses: one deliverable, one refused, the rest catch-all (distinct by +tag)."""
    lines = ["email", MAGIC["ok"], MAGIC["invalid"]] + ["catch-all+%d@acme.test" % i for i in range(2, rows)]
    return ("\n".join(lines) + "\n").encode()


def header_in(head, name):
    match = re.search(r"^%s:\s*(.*)$" % re.escape(name), head, re.IGNORECASE | re.MULTILINE)
    return match.group(1).strip() if match else None


_REQUEST_LINE = re.compile(rb"^[A-Z]+ \S+ HTTP/1\.1\r\n")


class Proxy:
    """A real TCP proxy in front of `target`. break_request(index, head) decides per request (0-based,
    in arrival order; a keep-alive connection carries several) whether to break its connection:
    'after-request' forwards the request and closes both sides as soon as the answer starts (the
    service did the work, the client never hears of it); a number forwards that many answer bytes."""

    def __init__(self, target, break_request=lambda index, head: None):
        host, port = re.match(r"https?://([^:/]+):(\d+)", target).groups()
        self.target = (host, int(port))
        self.break_request = break_request
        self.heads = []
        self.sockets = []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = "http://127.0.0.1:%d" % self.server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            state = {"limit": float("inf"), "forwarded": 0}
            threading.Thread(target=self._requests, args=(client, upstream, state), daemon=True).start()
            threading.Thread(target=self._answers, args=(client, upstream, state), daemon=True).start()

    def _requests(self, client, upstream, state):
        try:
            while True:
                chunk = client.recv(65536)
                if not chunk:
                    break
                if _REQUEST_LINE.match(chunk):
                    head = chunk.decode("latin-1").split("\r\n\r\n", 1)[0]
                    decision = self.break_request(len(self.heads), head)
                    self.heads.append(head)
                    state["limit"] = 0 if decision == "after-request" else decision if isinstance(decision, int) else float("inf")
                    state["forwarded"] = 0
                upstream.sendall(chunk)
        except OSError:
            pass
        _close(client, upstream)

    def _answers(self, client, upstream, state):
        try:
            while True:
                chunk = upstream.recv(65536)
                if not chunk:
                    break
                room = state["limit"] - state["forwarded"]
                if room > 0:
                    client.sendall(chunk if room >= len(chunk) else chunk[: int(room)])
                state["forwarded"] += len(chunk)
                if state["forwarded"] >= state["limit"]:
                    break
        except OSError:
            pass
        _close(client, upstream)

    def close(self):
        self.server.close()
        _close(*self.sockets)


def _close(*sockets):
    for sock in sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()


class Receiver:
    """An HTTPS webhook receiver with the service's test certificate (the service trusts its CA)."""

    def __init__(self, svc):
        self.requests = []
        received = self.requests

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                received.append({"headers": dict(self.headers.items()), "body": body})
                self.send_response(200)
                self.send_header("content-length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(svc["tls"]["cert"], svc["tls"]["key"])
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.url = "https://127.0.0.1:%d/hook" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def next(self, predicate, timeout=20.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for request in list(self.requests):
                if predicate(json.loads(request["body"])):
                    return request
            time.sleep(0.1)
        raise AssertionError("no matching webhook delivery arrived")

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def settled_balance(client, expected, attempts=100):
    """The balance read model trails the ledger a little: poll until it shows `expected` (or give up)."""
    for _ in range(attempts):
        balance = client.credits.balance()["balance"]
        if balance == expected:
            return balance
        time.sleep(0.1)
    return client.credits.balance()["balance"]


sys.dont_write_bytecode = True
