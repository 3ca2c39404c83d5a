"""Webhook deliveries from the real service to a real HTTPS receiver, checked by verify_webhook_signature."""
import hashlib
import hmac
import unittest

from support import Receiver, list_csv, service

from mailcheck import Mailcheck, WebhookSignatureError, verify_webhook_signature


class Webhooks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.svc = service()
        cls.receiver = Receiver(cls.svc)

    @classmethod
    def tearDownClass(cls):
        cls.receiver.close()

    def test_a_job_completed_delivery_verifies_and_a_tampered_one_does_not(self):
        with Mailcheck(self.svc["testApiKey"], base_url=self.svc["url"]) as client:  # an owner's test key: owners manage webhooks
            webhook = client.webhooks.create(self.receiver.url, ["job.completed"])
            job = client.jobs.create(list_csv(5), file_name="hooked.csv")
            job.wait()
        delivery = self.receiver.next(lambda event: event["type"] == "job.completed" and event["data"]["jobId"] == job.id)
        event = verify_webhook_signature(delivery["body"], delivery["headers"], webhook["secret"])
        self.assertEqual((event["data"]["jobId"], event["data"]["summary"]["status"]), (job.id, "Completed"))
        self.assertIs(event["livemode"], False, "a test key's events say so")
        self.assertEqual(verify_webhook_signature(delivery["body"].decode(), delivery["headers"], webhook["secret"])["id"], event["id"])
        with self.assertRaises(WebhookSignatureError):
            verify_webhook_signature(delivery["body"], delivery["headers"], "whsec_wrong")
        with self.assertRaisesRegex(WebhookSignatureError, "X-SVC-Signature"):
            verify_webhook_signature(delivery["body"].replace(b'"Completed"', b'"Failed"'), delivery["headers"], webhook["secret"])
        unsigned = {k: v for k, v in delivery["headers"].items() if k.lower() != "x-svc-timestamp-signature"}
        with self.assertRaisesRegex(WebhookSignatureError, "missing"):
            verify_webhook_signature(delivery["body"], unsigned, webhook["secret"])

    def test_the_timestamp_window_and_a_rotated_secret(self):
        with Mailcheck(self.svc["testApiKey"], base_url=self.svc["url"]) as client:  # an owner's test key: owners manage webhooks
            webhook = client.webhooks.create(self.receiver.url, [1])
            self.assertTrue(client.webhooks.test(webhook["id"])["success"])
            delivery = self.receiver.next(lambda event: event["type"] == "webhook.test" and event["data"]["webhookId"] == webhook["id"])
            headers = {k.lower(): v for k, v in delivery["headers"].items()}
            sent = int(headers["x-svc-timestamp"])
            self.assertEqual(verify_webhook_signature(delivery["body"], headers, webhook["secret"], 300, now=sent + 299)["type"], "webhook.test")
            with self.assertRaisesRegex(WebhookSignatureError, "window"):
                verify_webhook_signature(delivery["body"], headers, webhook["secret"], 300, now=sent + 301)
            moved = dict(headers, **{"x-svc-timestamp": str(sent + 600)})
            with self.assertRaisesRegex(WebhookSignatureError, "Timestamp-Signature"):
                verify_webhook_signature(delivery["body"], moved, webhook["secret"], 300, now=sent + 600)
            key = webhook["secret"].encode()
            self.assertEqual(headers["x-svc-signature"], hmac.new(key, delivery["body"], hashlib.sha256).hexdigest())
            self.assertEqual(headers["x-svc-timestamp-signature"], hmac.new(key, b"%d." % sent + delivery["body"], hashlib.sha256).hexdigest())

            rotated = client.webhooks.rotate_secret(webhook["id"])
            count = len(self.receiver.requests)
            client.webhooks.test(webhook["id"])
            latest = self.receiver.next(lambda event: event["type"] == "webhook.test" and event["data"]["webhookId"] == webhook["id"] and len(self.receiver.requests) > count)
            latest = self.receiver.requests[-1]
            self.assertTrue(verify_webhook_signature(latest["body"], latest["headers"], rotated["secret"]))
            with self.assertRaises(WebhookSignatureError):
                verify_webhook_signature(latest["body"], latest["headers"], webhook["secret"])


if __name__ == "__main__":
    unittest.main()
