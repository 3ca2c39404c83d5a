"""The asyncio client against the real service: the same calls, awaited."""
import asyncio
import os
import tempfile
import unittest

from support import MAGIC, Proxy, header_in, list_csv, service, test_key

from mailcheck import AsyncMailcheck, InvalidRequestError, NotFoundError


class AsyncCalls(unittest.IsolatedAsyncioTestCase):
    @classmethod
    def setUpClass(cls):
        cls.svc = service()
        cls.key = test_key(cls.svc, balance=100_000)

    async def asyncSetUp(self):
        # The test case runs its loop in debug mode, which reports every callback over 0.1 s; on a
        # loaded CI machine that is noise (creating an httpx client loads the CA bundle synchronously).
        asyncio.get_running_loop().slow_callback_duration = 5
        self.client = AsyncMailcheck(self.key, base_url=self.svc["url"])

    async def asyncTearDown(self):
        await self.client.close()

    async def test_verify_batch_errors(self):
        ok, batch = await asyncio.gather(self.client.verify(MAGIC["ok"]), self.client.verify_batch([MAGIC["invalid"], MAGIC["catchAll"]]))
        self.assertEqual(ok["result"], "ok")
        self.assertEqual([r["result"] for r in batch["results"]], ["invalid", "catch_all"])
        with self.assertRaises(InvalidRequestError) as refused:
            await self.client.verify("")
        self.assertEqual(refused.exception.code, 1006)
        with self.assertRaises(NotFoundError):
            await self.client.jobs.get(1)

    async def test_erase_a_job_and_read_its_receipt(self):
        job = await self.client.jobs.create(("email\n%s\n" % MAGIC["ok"]).encode(), file_name="erase-me.csv")
        await job.wait()
        erasing = await job.erase()
        self.assertEqual(erasing["target"], {"kind": "job", "jobId": job.id, "jobKind": "verification"})
        receipt = await self.client.erasures.get(erasing["erasureId"])
        self.assertEqual(receipt["erasureId"], "job-%d" % job.id)
        self.assertIn(receipt["erasureId"], [r["erasureId"] for r in (await self.client.erasures.list())["items"]])

    async def test_job_from_an_async_stream_waited_and_downloaded(self):
        async def chunks():
            for line in list_csv(120).splitlines(keepends=True):
                yield line

        job = await self.client.jobs.create(chunks(), file_name="async.csv")
        seen = []
        final = await job.wait(on_progress=lambda view: seen.append(view["status"]))
        self.assertEqual(final["status"], "Completed")
        self.assertGreaterEqual(len(seen), 1)
        download = await job.download(results="ok,invalid", columns="result")
        self.assertEqual([line async for line in download.alines()], ["email,result", MAGIC["ok"] + ",ok", MAGIC["invalid"] + ",invalid"])
        path = os.path.join(tempfile.mkdtemp(), "out.csv")
        written = await (await job.download()).asave_to(path)
        self.assertEqual(written, os.path.getsize(path))
        total = 0
        async for chunk in await job.download(columns="none"):
            total += len(chunk)
        self.assertGreater(total, 120 * 10)
        self.assertIn(job.id, [j["id"] for j in (await self.client.jobs.list())["items"]])

    async def test_finder_credits_webhooks(self):
        person = MAGIC["person"]
        found = await self.client.finder.find(person["domain"], person["firstName"], person["lastName"])
        self.assertEqual(found["email"], person["email"])
        batch = await self.client.finder.find_batch([{"firstName": person["firstName"], "lastName": person["lastName"], "domain": person["domain"]}])
        self.assertEqual(batch["results"][0]["email"], person["email"])
        job = await self.client.finder.jobs.create(("first,last,domain\n%s,%s,%s\n" % (person["firstName"], person["lastName"], person["domain"])).encode(), file_name="p.csv")
        self.assertEqual((await job.wait())["status"], "Completed")
        self.assertIsInstance((await self.client.credits.balance())["available"], int)
        self.assertIsInstance((await self.client.credits.transactions())["items"], list)
        reset = await self.client.credits.reset_test_balance(100_000)
        self.assertEqual((reset["available"], reset["held"]), (100_000, 0))
        # Owners and admins manage webhooks: the service's team owner's test key.
        async with AsyncMailcheck(self.svc["testApiKey"], base_url=self.svc["url"]) as owner:
            webhook = await owner.webhooks.create("https://127.0.0.1:9/hook", [1])
            self.assertEqual((await owner.webhooks.remove(webhook["id"]))["deleted"], True)

    async def test_a_paid_post_retried_after_a_broken_connection_is_charged_once(self):
        key = await asyncio.get_running_loop().run_in_executor(None, lambda: test_key(self.svc, balance=100))
        proxy = Proxy(self.svc["url"], lambda index, head: "after-request" if index == 0 else None)
        try:
            async with AsyncMailcheck(key, base_url=proxy.url, retry_base_delay=0.05) as client:
                self.assertEqual((await client.verify(MAGIC["ok"]))["result"], "ok")
            posts = [h for h in proxy.heads if h.startswith("POST /v1/verify/single")]
            self.assertEqual(len(posts), 2)
            self.assertEqual(header_in(posts[1], "idempotency-key"), header_in(posts[0], "idempotency-key"))
        finally:
            proxy.close()
        async with AsyncMailcheck(key, base_url=self.svc["url"]) as direct:
            for _ in range(100):
                if (await direct.credits.balance())["balance"] == 99:
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.5)
            self.assertEqual((await direct.credits.balance())["balance"], 99)


if __name__ == "__main__":
    unittest.main()
