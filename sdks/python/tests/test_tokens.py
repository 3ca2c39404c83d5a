"""Verification tokens, the back-end half of a sign-up form: a publishable key's answer (as a browser page at a
listed origin gets it from the real service) confirmed online with a secret key and offline with the keys.
Live keys on purpose: publishable keys are live only (there are no test publishable keys, docs/test-mode.md),
so a token and its check are live too."""
import base64
import json
import unittest
import urllib.request

from support import service

from mailcheck import AuthenticationError, InvalidRequestError, Mailcheck, VerificationTokenError, verify_verification_token

SHOP = "https://shop.example"


def _post(url, body, headers):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=dict(headers, **{"content-type": "application/json"}))
    with urllib.request.urlopen(request) as response:
        return json.load(response)["data"]


class Tokens(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        svc = service()
        admin = {"authorization": "Bearer " + svc["adminToken"]}
        account = _post(svc["url"] + "/admin/v1/accounts", {"name": "sign-up form", "credits": 100}, admin)
        cls.account_id = account["accountId"]
        cls.client = Mailcheck(account["apiKey"], base_url=svc["url"])
        key = {"label": "form", "kind": "publishable", "allowedOrigins": [SHOP]}
        cls.publishable_key = _post(svc["url"] + "/admin/v1/accounts/%s/keys" % cls.account_id, key, admin)["apiKey"]
        # What the widget does in the page: the browser sets Origin.
        answer = _post(svc["url"] + "/v1/verify/single", {"email": "Jane@Example.com"}, {"origin": SHOP, "x-api-key": cls.publishable_key})
        cls.token = answer["verificationToken"]

    @classmethod
    def tearDownClass(cls):
        cls.client.close()

    def test_online_the_secret_key_confirms_the_token_for_the_submitted_address_only(self):
        checked = self.client.tokens.check(self.token, " jane@example.COM")
        self.assertEqual((checked["valid"], checked["email"]), (True, "jane@example.com"))
        with self.assertRaises(InvalidRequestError) as refused:
            self.client.tokens.check(self.token, "john@example.com")
        self.assertEqual(refused.exception.code, 1124)
        header, claims, signature = self.token.split(".")
        forged = "%s.%s.%s%s" % (header, claims, "B" if signature.startswith("A") else "A", signature[1:])
        with self.assertRaises(InvalidRequestError) as refused:
            self.client.tokens.check(forged, "jane@example.com")
        self.assertEqual(refused.exception.code, 1121)

    def test_a_test_key_cannot_check_a_token(self):
        svc = service()
        with Mailcheck(svc["testApiKey"], base_url=svc["url"]) as test:
            with self.assertRaises(AuthenticationError) as refused:
                test.tokens.check(self.token, "jane@example.com")
        self.assertEqual(refused.exception.code, 1117)

    def test_offline_the_published_keys_verify_a_token_bound_to_our_key_or_account(self):
        keys = self.client.tokens.keys()["keys"]
        claims = verify_verification_token(self.token, "JANE@example.com", keys, publishable_keys=[self.publishable_key])
        self.assertEqual((claims["email"], claims["acc"]), ("jane@example.com", self.account_id))
        self.assertEqual(verify_verification_token(self.token, "jane@example.com", keys, account_id=self.account_id)["jti"], claims["jti"])
        header, body, signature = self.token.split(".")
        better = base64.urlsafe_b64encode(json.dumps(dict(claims, result="ok", email="x@example.com")).encode()).decode().rstrip("=")
        cases = [
            (1124, dict(email="john@example.com")),
            (1123, dict(account_id="another-account")),
            (1123, dict(account_id=None, publishable_keys=["mck_pub_0123456789abcdef_secret"])),
            (1122, dict(now=claims["exp"])),
            (1121, dict(token="%s.%s.%s" % (header, better, signature))),
            (1121, dict(keys=[])),
            (1121, dict(token="%s.%s" % (header, body))),
        ]
        for code, change in cases:
            arguments = dict(token=self.token, email="jane@example.com", keys=keys, account_id=self.account_id)
            arguments.update(change)
            with self.subTest(code=code, change=sorted(change)), self.assertRaises(VerificationTokenError) as refused:
                verify_verification_token(**arguments)
            self.assertEqual(refused.exception.code, code)
        with self.assertRaises(TypeError):
            verify_verification_token(self.token, "jane@example.com", keys)


if __name__ == "__main__":
    unittest.main()
