"""The parts that need no service: the event-stream parser, the retry policy, the signature check."""
import hashlib
import hmac
import unittest

from mailcheck import WebhookSignatureError, verify_webhook_signature
from mailcheck._policy import backoff_delay, retry_after, should_retry, with_jitter
from mailcheck._sse import EventParser


class Units(unittest.TestCase):
    def test_sse_parser_across_chunk_boundaries(self):
        parser = EventParser()
        events = []
        for chunk in [b"retry: 3000\r", b"\n: connected\r\n\r", b"\nid: 7\r\nevent: progress\r\ndata: {\"a\":\r\n", b"data: 1}\r\n\r\n", "event: done\ndata: \u20ac".encode()[:-1], "\u20ac\n\n".encode()[-3:]]:
            events += parser.feed(chunk)
        self.assertEqual(parser.retry, 3.0)
        self.assertEqual([(e.event, e.data, e.id) for e in events], [("progress", '{"a":\n1}', "7"), ("done", "\u20ac", "7")])

    def test_retry_policy(self):
        self.assertTrue(should_retry("POST", False, 429, 1201))
        self.assertFalse(should_retry("POST", False, 503, 0))
        self.assertTrue(should_retry("POST", True, 0, 0))
        self.assertTrue(should_retry("POST", True, 409, 2004))
        self.assertFalse(should_retry("POST", True, 400, 2002))
        self.assertTrue(should_retry("GET", False, 502, 0))
        for attempt in range(8):
            ceiling = min(30.0, 0.5 * 2**attempt)
            self.assertTrue(ceiling / 2 <= backoff_delay(attempt, 0.5, 30.0) <= ceiling)
        self.assertEqual(retry_after("2"), 2.0)
        for seconds in (0.0, 2.0, 30.0):
            self.assertTrue(seconds <= with_jitter(seconds) <= seconds + min(seconds / 10, 1.0))
        self.assertIsNone(retry_after("soon"))

    def test_signature_check_refuses_malformed_headers(self):
        body, secret, stamp = b'{"id":"x"}', "whsec_t", "1700000000"
        mac = lambda data: hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()  # noqa: E731
        headers = {"X-SVC-Signature": mac(body).upper(), "X-SVC-Timestamp": stamp, "X-SVC-Timestamp-Signature": mac(stamp.encode() + b"." + body)}
        self.assertEqual(verify_webhook_signature(body, headers, secret, now=1700000000), {"id": "x"})
        for broken in ({"X-SVC-Signature": "zz"}, {"X-SVC-Timestamp": "-1"}, {"X-SVC-Timestamp-Signature": ""}):
            with self.assertRaises(WebhookSignatureError):
                verify_webhook_signature(body, dict(headers, **broken), secret, now=1700000000)


if __name__ == "__main__":
    unittest.main()
