"""Every call of the sync client against the real service, with test keys: answers come from
docs/test-mode.md's magic addresses and names, so each assertion is exact and nothing is probed."""
import io
import json
import os
import subprocess
import tempfile
import unittest

from support import MAGIC, ROOT, list_csv, service, settled_balance, test_key

from mailcheck import AuthenticationError, InsufficientCreditsError, InvalidRequestError, Mailcheck, MailcheckError, NotFoundError


class Calls(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.svc = service()
        cls.client = Mailcheck(test_key(cls.svc, balance=100_000), base_url=cls.svc["url"])
        cls.dir = tempfile.mkdtemp(prefix="sdk-py-")

    @classmethod
    def tearDownClass(cls):
        cls.client.close()

    def test_verify_and_verify_batch(self):
        ok = self.client.verify(MAGIC["ok"])
        self.assertEqual((ok["result"], ok["creditsCharged"]), ("ok", 1))
        invalid = self.client.verify(MAGIC["invalid"], evidence=True)
        self.assertEqual((invalid["result"], invalid["subResult"]), ("invalid", "no_mailbox"))
        self.assertEqual(self.client.verify("valid@gmial.com")["didYouMean"], "valid@gmail.com")
        batch = self.client.verify_batch([MAGIC["ok"], MAGIC["invalid"], MAGIC["catchAll"]])
        self.assertEqual([r["result"] for r in batch["results"]], ["ok", "invalid", "catch_all"])
        self.assertEqual(batch["summary"]["creditsCharged"], 3)

    def test_typed_errors_carry_the_numeric_code(self):
        with self.assertRaises(InvalidRequestError) as refused:
            self.client.verify("")
        self.assertEqual((refused.exception.code, refused.exception.status), (1006, 400))
        self.assertTrue(refused.exception.request_id)
        with Mailcheck("mck_test_0000000000000000_nope", base_url=self.svc["url"], max_retries=0) as stranger:
            with self.assertRaises(AuthenticationError) as unknown:
                stranger.credits.balance()
        self.assertEqual(unknown.exception.code, 1102)
        with self.assertRaises(NotFoundError) as missing:
            self.client.jobs.get(1)
        self.assertEqual(missing.exception.code, 3001)
        self.assertIsInstance(missing.exception, MailcheckError)

    def test_job_from_a_path_waited_and_downloaded_filtered(self):
        path = os.path.join(self.dir, "list.csv")
        with open(path, "wb") as handle:
            handle.write(list_csv(400))
        job = self.client.jobs.create(path, dedupe=True)
        self.assertEqual((job.view["fileName"], job.view["counts"]["rows"]), ("list.csv", 400))
        seen = []
        final = job.wait(on_progress=lambda view: seen.append(view["progress"]["processedRows"]))
        self.assertEqual(final["status"], "Completed")
        self.assertTrue(job.done)
        self.assertGreaterEqual(len(seen), 1)
        self.assertEqual(final["results"], {"ok": 1, "invalid": 1, "catch_all": 398, "unknown": 0, "disposable": 0, "error": 0})
        download = job.download(results=["ok", "invalid"], columns=["result", "riskScore"])
        self.assertEqual((download.file_name, download.partial), ("list-deliverable-invalid.csv", False))
        lines = [",".join(line.split(",")[:2]) for line in download.lines()]
        self.assertEqual(lines, ["email,result", MAGIC["ok"] + ",ok", MAGIC["invalid"] + ",invalid"])
        simple = list(job.download(results="ok", format="simple").lines())
        self.assertEqual(simple, ["email,Email status", MAGIC["ok"] + ",Deliverable"])
        saved = os.path.join(self.dir, "all.csv")
        written = job.download(columns="result").save_to(saved)
        with open(saved, "rb") as handle:
            content = handle.read()
        self.assertEqual(written, len(content))
        self.assertEqual(len(content.decode().strip().split("\n")), 401)
        chunks = sum(len(chunk) for chunk in job.download(results="catch_all", columns="none"))
        self.assertGreater(chunks, 398 * 10)

    def test_job_from_bytes_a_file_object_and_an_iterable_get_list_cancel(self):
        from_file = self.client.jobs.create(io.BytesIO(("name,address\nAlice,%s\n" % MAGIC["ok"]).encode()), file_name="file.csv", email_column=1)
        self.assertEqual(from_file.view["emailColumn"], {"index": 1, "chosenBy": "request", "headerName": "address"})
        from_bytes = self.client.jobs.create(list_csv(3), file_name="bytes.csv")
        from_chunks = self.client.jobs.create(iter([b"email\n", MAGIC["ok"].encode() + b"\n"]), file_name="chunks.csv")
        self.assertEqual(from_chunks.wait()["status"], "Completed")
        self.assertEqual(from_bytes.wait()["counts"]["rows"], 3)
        self.assertEqual(self.client.jobs.get(from_file.id).view["fileName"], "file.csv")
        ids = {j["id"] for j in self.client.jobs.list(page_size=100)["items"]}
        self.assertTrue({from_file.id, from_bytes.id, from_chunks.id} <= ids)
        from_file.wait()
        with self.assertRaises(InvalidRequestError) as refused:
            from_file.cancel()
        self.assertEqual(refused.exception.code, 3002)
        with self.assertRaises(TypeError):
            self.client.jobs.create(b"email\n", colour="blue")

    def test_erase_a_job_and_an_address_and_read_the_receipts(self):
        # An account of its own: an address erasure is refused while a list job of the account runs.
        with Mailcheck(test_key(self.svc, balance=1_000), base_url=self.svc["url"]) as client:
            job = client.jobs.create(("email\n%s\n" % MAGIC["ok"]).encode(), file_name="erase-me.csv")
            job.wait()
            erasing = job.erase()
            self.assertEqual(erasing["erasureId"], "job-%d" % job.id)
            self.assertEqual(erasing["target"], {"kind": "job", "jobId": job.id, "jobKind": "verification"})
            self.assertEqual(job.erase()["erasureId"], erasing["erasureId"])
            address = client.erasures.erase_address("Jane.Subject@example.com")
            self.assertEqual(address["target"]["kind"], "address")
            self.assertRegex(address["target"]["digest"], r"^[0-9a-f]{32}$")
            self.assertNotIn("jane.subject", repr(address).lower())
            ids = [r["erasureId"] for r in client.erasures.list()["items"]]
            self.assertEqual(ids[:2], [address["erasureId"], erasing["erasureId"]])
            self.assertEqual(client.erasures.get(erasing["erasureId"])["erasureId"], erasing["erasureId"])
            with self.assertRaises(NotFoundError):
                client.erasures.get("job-0")
            with self.assertRaises(InvalidRequestError) as refused:
                client.erasures.erase_address("nobody")
            self.assertEqual(refused.exception.code, 4008)

    def test_lists_as_excel_saves_them_windows_1252_and_an_xlsx_sheet(self):
        rows = [["Name", "Email"], ["José Müller, 5 €", MAGIC["ok"]], ["Zoë O’Brien", MAGIC["invalid"]]]
        expected = "\ufeffName,Email,result\r\n\"José Müller, 5 €\",%s,ok\r\nZoë O’Brien,%s,invalid\r\n" % (MAGIC["ok"], MAGIC["invalid"])
        text = "\r\n".join(",".join('"%s"' % v if "," in v else v for v in row) for row in rows) + "\r\n"
        job = self.client.jobs.create(text.encode("cp1252"), file_name="excel.csv")  # Python's own Windows-1252 encoder
        self.assertEqual(job.wait()["status"], "Completed")
        self.assertEqual(b"".join(job.download(columns="result")).decode("utf-8"), expected)
        # A workbook written by the service's own .xlsx library (exceljs), the list on its second sheet.
        workbook = os.path.join(self.dir, "book.xlsx")
        script = (
            "const E=require('exceljs');const b=new E.Workbook();b.addWorksheet('Notes').addRow(['none']);"
            "b.addWorksheet('Leads').addRows(JSON.parse(process.argv[2]));b.xlsx.writeFile(process.argv[1]);"
        )
        subprocess.run(["node", "-e", script, workbook, json.dumps(rows)], cwd=ROOT, check=True)
        sheet = self.client.jobs.create(workbook, sheet="Leads")
        self.assertEqual(sheet.wait()["status"], "Completed")
        self.assertEqual(b"".join(sheet.download(columns="result")).decode("utf-8"), expected)

    def test_finder_single_batch_and_job(self):
        person, nobody = MAGIC["person"], MAGIC["nobody"]
        found = self.client.finder.find(person["domain"], person["firstName"], person["lastName"])
        self.assertEqual((found["email"], found["creditsCharged"]), (person["email"], 10))
        batch = self.client.finder.find_batch(
            [{"firstName": person["firstName"], "lastName": person["lastName"], "domain": person["domain"]}, {"first_name": nobody["firstName"], "last_name": nobody["lastName"], "domain": nobody["domain"]}]
        )
        self.assertEqual([(r["email"], r["status"]) for r in batch["results"]], [(person["email"], "Found"), (None, "Not Found")])
        csv = ("first,last,domain\n%s,%s,%s\n" % (person["firstName"], person["lastName"], person["domain"])).encode()
        job = self.client.finder.jobs.create(csv, file_name="people.csv")
        final = job.wait()
        self.assertEqual((final["status"], final["kind"]), ("Completed", "finder"))
        self.assertIn(person["email"], b"".join(job.download()).decode())
        self.assertIn(job.id, [j["id"] for j in self.client.finder.jobs.list()["items"]])

    def test_credits(self):
        with Mailcheck(test_key(self.svc), base_url=self.svc["url"]) as fresh:
            self.assertEqual(fresh.credits.balance()["available"], 10_000, "a test balance starts at 10,000")
            self.assertEqual(fresh.credits.reset_test_balance(50), {"balance": 50, "held": 0, "available": 50})
            fresh.verify(MAGIC["ok"])
            self.assertEqual(settled_balance(fresh, 49), 49)
            types = {t["type"] for t in fresh.credits.transactions()["items"]}
            self.assertTrue({"Adjusted", "Used"} <= types, "the reset and the charge are in the test history")
            self.assertIsInstance(fresh.credits.packages()["packages"], list)
            # Orders are bought with real money: a test key is refused, saying so.
            with self.assertRaises(AuthenticationError) as live_only:
                fresh.credits.orders()
            self.assertEqual(live_only.exception.code, 1117)

    def test_reset_test_balance(self):
        with Mailcheck(test_key(self.svc, balance=1), base_url=self.svc["url"]) as fresh:
            with self.assertRaises(InsufficientCreditsError) as short:
                fresh.verify_batch([MAGIC["ok"], "valid+2@acme.test"])
            self.assertEqual(short.exception.code, 2001)
            self.assertEqual(fresh.credits.reset_test_balance(), {"balance": 10_000, "held": 0, "available": 10_000})
            with self.assertRaises(InsufficientCreditsError):
                fresh.verify(MAGIC["insufficientCredits"])  # the magic 402 of docs/test-mode.md
            with self.assertRaises(InvalidRequestError) as out_of_range:
                fresh.credits.reset_test_balance(-1)
            self.assertEqual(out_of_range.exception.code, 2020)
        with Mailcheck(self.svc["apiKey"], base_url=self.svc["url"]) as live:
            with self.assertRaises(AuthenticationError) as refused:
                live.credits.reset_test_balance()
            self.assertEqual(refused.exception.code, 1118)

    def test_webhooks(self):
        # Owners and admins manage webhooks: the service's team owner's test key.
        with Mailcheck(self.svc["testApiKey"], base_url=self.svc["url"]) as owner:
            self._webhooks(owner)

    def _webhooks(self, client):
        created = client.webhooks.create("https://127.0.0.1:9/hook", ["job.completed"])
        self.assertTrue(created["secret"].startswith("whsec_"))
        self.assertIn(created["id"], [w["id"] for w in client.webhooks.list()])
        self.assertEqual(client.webhooks.update(created["id"], events=[1, 2])["eventNames"], ["job.completed", "job.failed"])
        self.assertFalse(client.webhooks.toggle(created["id"], False)["isActive"])
        self.assertTrue(client.webhooks.toggle(created["id"])["isActive"])
        self.assertNotEqual(client.webhooks.rotate_secret(created["id"])["secret"], created["secret"])
        self.assertFalse(client.webhooks.test(created["id"])["success"])
        self.assertEqual(len(client.webhooks.deliveries(created["id"])["items"]), 1)
        self.assertEqual(client.webhooks.remove(created["id"]), {"id": created["id"], "deleted": True})
        with self.assertRaises(NotFoundError) as gone:
            client.webhooks.remove(created["id"])
        self.assertEqual(gone.exception.code, 4001)
        with self.assertRaises(InvalidRequestError) as plain:
            client.webhooks.create("http://example.com/hook", [1])
        self.assertEqual(plain.exception.code, 4002)


if __name__ == "__main__":
    unittest.main()
