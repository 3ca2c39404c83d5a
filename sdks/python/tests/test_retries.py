"""Retries against the real service: 429 with Retry-After, a paid POST and an upload whose connection
breaks after the service did the work (one charge, one job), a progress stream cut mid-way, timeouts."""
import concurrent.futures
import socket
import time
import unittest

from support import MAGIC, Proxy, header_in, limited_service, list_csv, service, settled_balance, test_key

from mailcheck import APIConnectionError, APITimeoutError, Mailcheck, RateLimitError


class Retries(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.svc = service()

    def test_a_429_is_answered_by_waiting_for_retry_after(self):
        limited = limited_service()
        with Mailcheck(test_key(limited), base_url=limited["url"]) as client:
            started = time.time()
            with concurrent.futures.ThreadPoolExecutor(3) as pool:
                answers = list(pool.map(lambda _: client.credits.balance(), range(3)))
            self.assertEqual(len(answers), 3)
            # One request a second, burst 1: the last of the three waited about two seconds.
            self.assertGreaterEqual(time.time() - started, 1.5)
        with Mailcheck(test_key(limited), base_url=limited["url"], max_retries=0) as impatient:
            impatient.credits.balance()
            with self.assertRaises(RateLimitError) as refused:
                impatient.credits.balance()
        self.assertEqual(refused.exception.code, 1201)
        self.assertGreaterEqual(refused.exception.retry_after, 1)

    def test_a_paid_post_retried_after_a_broken_connection_is_charged_once(self):
        key = test_key(self.svc, balance=100)
        proxy = Proxy(self.svc["url"], lambda index, head: "after-request" if index == 0 else None)
        try:
            with Mailcheck(key, base_url=proxy.url, retry_base_delay=0.05) as client:
                self.assertEqual(client.verify(MAGIC["ok"])["result"], "ok")
            posts = [h for h in proxy.heads if h.startswith("POST /v1/verify/single")]
            self.assertEqual(len(posts), 2, "sent, broken, sent again")
            self.assertTrue(header_in(posts[0], "idempotency-key"))
            self.assertEqual(header_in(posts[1], "idempotency-key"), header_in(posts[0], "idempotency-key"))
        finally:
            proxy.close()
        with Mailcheck(key, base_url=self.svc["url"]) as direct:
            self.assertEqual(settled_balance(direct, 99), 99)
            time.sleep(0.5)
            self.assertEqual(direct.credits.balance()["balance"], 99)

    def test_an_upload_retried_after_a_broken_connection_makes_one_job(self):
        key = test_key(self.svc)
        proxy = Proxy(self.svc["url"], lambda index, head: "after-request" if index == 0 else None)
        try:
            with Mailcheck(key, base_url=proxy.url, retry_base_delay=0.05) as client:
                job = client.jobs.create(list_csv(5), file_name="once.csv")
            self.assertEqual(len([h for h in proxy.heads if h.startswith("POST /v1/jobs")]), 2)
        finally:
            proxy.close()
        with Mailcheck(key, base_url=self.svc["url"]) as direct:
            self.assertEqual([j["id"] for j in direct.jobs.list()["items"]], [job.id])

    def test_wait_reopens_a_progress_stream_that_broke(self):
        key = test_key(self.svc)
        cut = []

        def break_first_stream(index, head):
            if "/stream" in head and not cut:
                cut.append(index)
                return 300
            return None

        proxy = Proxy(self.svc["url"], break_first_stream)
        try:
            with Mailcheck(key, base_url=proxy.url) as client:
                job = client.jobs.create(list_csv(300), file_name="resume.csv")
                self.assertEqual(job.wait()["status"], "Completed")
            self.assertGreaterEqual(len([h for h in proxy.heads if "/stream" in h]), 2)
        finally:
            proxy.close()

    def test_timeouts_and_refused_connections(self):
        silent = socket.create_server(("127.0.0.1", 0))
        port = silent.getsockname()[1]
        try:
            with Mailcheck("k", base_url="http://127.0.0.1:%d" % port, timeout=0.2, max_retries=1, retry_base_delay=0.01) as client:
                with self.assertRaises(APITimeoutError) as late:
                    client.credits.balance()
            self.assertEqual(late.exception.code, 0)
        finally:
            silent.close()
        with Mailcheck("k", base_url="http://127.0.0.1:%d" % port, max_retries=1, retry_base_delay=0.01) as nowhere:
            with self.assertRaises(APIConnectionError):
                nowhere.credits.balance()


if __name__ == "__main__":
    unittest.main()
