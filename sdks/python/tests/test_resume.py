"""Issue 37, finding 1: a list over budget stops with the balance spent and resumes after a top-up."""
import json
import unittest
import urllib.request

from support import list_csv, service

from mailcheck import Mailcheck


def _admin(svc, path, body):
    request = urllib.request.Request(
        svc["url"] + path,
        data=json.dumps(body).encode(),
        headers={"authorization": "Bearer " + svc["adminToken"], "content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)["data"]


class Resume(unittest.TestCase):
    def test_resume_after_a_top_up_charges_each_row_once(self):
        svc = service()
        account = _admin(svc, "/admin/v1/accounts", {"name": "python resume test", "credits": 4})
        with Mailcheck(account["apiKey"], base_url=svc["url"]) as client:
            # list_csv(6): 6 decisive verdicts, 1 credit each; 4 credits pay for 4 of them.
            job = client.jobs.create(list_csv(6), file_name="over-budget.csv")
            stopped = job.wait()
            self.assertEqual((stopped["status"], stopped["resumable"], stopped["creditsCharged"]), ("Failed", True, 4))
            self.assertIn("4 credits were charged", stopped["failureMessage"])
            _admin(svc, "/admin/v1/accounts/%s/adjustments" % account["accountId"], {"amount": 10, "reason": "top-up"})
            self.assertEqual(job.resume()["status"], "Processing")
            done = job.wait()
            self.assertEqual((done["status"], done["creditsCharged"]), ("Completed", 6))
            self.assertEqual(client.credits.balance()["balance"], 4 + 10 - 6)


if __name__ == "__main__":
    unittest.main()
