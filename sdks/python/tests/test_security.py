"""Issue 36 findings on the client side, with no service: what a Download saves where, what a repr
shows, and deduplicating webhook deliveries."""
import hashlib
import hmac
import os
import tempfile
import unittest

import httpx

from mailcheck import AsyncMailcheck, DeliveryDedupe, Download, Mailcheck, safe_file_name, verify_webhook_signature
from mailcheck._transport import Settings

KEY = "mk_0123456789abcdef_s3cr3t-do-not-print"


def answer(disposition):
    return httpx.Response(200, headers={"content-disposition": disposition, "x-partial-result": "false"}, content=b"email,result\n")


class Finding5DownloadNames(unittest.TestCase):
    def test_finding_5_a_hostile_file_name_becomes_a_plain_name_in_the_current_directory(self):
        for suggested, expected in [
            ("../../.ssh/authorized_keys", "authorized_keys"),
            ("/home/ada/.bashrc", "results.csv"),
            ("..\\\\..\\\\evil.csv", "evil.csv"),
            ("..", "results.csv"),
            (".profile", "results.csv"),
            ("a\tb.csv", "results.csv"),
            ("list-results.csv", "list-results.csv"),
        ]:
            self.assertEqual((suggested, Download(answer('attachment; filename="%s"' % suggested)).file_name), (suggested, expected))
        self.assertEqual(safe_file_name(None), "results.csv")

    def test_finding_5_save_to_with_overwrite_false_never_replaces_a_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "list-results.csv")
            with open(path, "w") as existing:
                existing.write("mine")
            with self.assertRaises(FileExistsError):
                Download(answer('attachment; filename="list-results.csv"')).save_to(path, overwrite=False)
            with open(path) as kept:
                self.assertEqual(kept.read(), "mine")
            fresh = os.path.join(folder, "fresh.csv")
            self.assertEqual(Download(answer("attachment")).save_to(fresh, overwrite=False), 13)


class Finding10Secrets(unittest.TestCase):
    def test_finding_10_no_repr_of_the_settings_or_the_clients_shows_the_api_key(self):
        settings = Settings(KEY, "https://api.example.test")
        self.assertNotIn(KEY, repr(settings))
        self.assertIn("https://api.example.test", repr(settings))
        client = Mailcheck(KEY, base_url="https://api.example.test")
        try:
            for shown in (client, client._transport, client.jobs, client.webhooks, vars(client._transport)):
                self.assertNotIn(KEY, repr(shown))
        finally:
            client.close()
        self.assertNotIn(KEY, repr(vars(AsyncMailcheck(KEY)._transport)))


class Finding12Dedupe(unittest.TestCase):
    def test_finding_12_a_replayed_delivery_verifies_but_is_handled_once(self):
        body, secret, stamp = b'{"id":"evt_1","type":"job.completed"}', "whsec_t", "1700000000"
        mac = lambda data: hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()  # noqa: E731
        headers = {"X-SVC-Signature": mac(body), "X-SVC-Timestamp": stamp, "X-SVC-Timestamp-Signature": mac(stamp.encode() + b"." + body)}
        clock = [1700000000.0]
        seen = DeliveryDedupe(remember_seconds=600, now=lambda: clock[0])
        handled = []
        for delivery_id in ("d1", "d2"):  # a replay may change the unsigned X-SVC-Delivery-Id header
            event = verify_webhook_signature(body, dict(headers, **{"X-SVC-Delivery-Id": delivery_id}), secret, now=clock[0] + 10)
            if seen.first_time(event):
                handled.append(event["id"])
        self.assertEqual(handled, ["evt_1"])
        self.assertTrue(seen.first_time("evt_2"))
        clock[0] += 601
        self.assertTrue(seen.first_time("evt_1"), "forgotten after remember_seconds")
        with self.assertRaises(ValueError):
            seen.first_time({"type": "no id"})

    def test_finding_12_the_oldest_deliveries_are_forgotten_past_max_entries(self):
        seen = DeliveryDedupe(max_entries=2)
        self.assertEqual([seen.first_time(i) for i in ("a", "b", "c", "b", "a")], [True, True, True, False, True])


if __name__ == "__main__":
    unittest.main()
