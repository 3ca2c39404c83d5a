"""Issue 37, finding 1: a list over budget stops with the balance spent and resumes after a top-up (on a test
key's balance: a reset is its top-up)."""
import unittest

from support import list_csv, service, test_key

from mailcheck import Mailcheck


class Resume(unittest.TestCase):
    def test_resume_after_a_top_up_charges_each_row_once(self):
        svc = service()
        with Mailcheck(test_key(svc, balance=4), base_url=svc["url"]) as client:
            # list_csv(6): 6 decisive verdicts, 1 credit each; 4 credits pay for 4 of them.
            job = client.jobs.create(list_csv(6), file_name="over-budget.csv")
            stopped = job.wait()
            self.assertEqual((stopped["status"], stopped["resumable"], stopped["creditsCharged"]), ("Failed", True, 4))
            self.assertIn("4 credits were charged", stopped["failureMessage"])
            client.credits.reset_test_balance(10)
            self.assertEqual(job.resume()["status"], "Processing")
            done = job.wait()
            self.assertEqual((done["status"], done["creditsCharged"]), ("Completed", 6))
            self.assertEqual(client.credits.balance()["balance"], 10 - 2, "the resumed rows only")


if __name__ == "__main__":
    unittest.main()
