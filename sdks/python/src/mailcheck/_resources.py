"""The single calls, shared by the sync and asyncio clients: each returns what its transport's
`json()` returns (the envelope's data, or a coroutine of it on the asyncio client)."""
from __future__ import annotations

from typing import Any, List, Optional, Sequence, Union
from urllib.parse import quote

from ._transport import Request

Id = Union[int, str]


class _Resource:
    def __init__(self, transport: Any):
        self._transport = transport

    def _call(self, request: Request) -> Any:
        return self._transport.json(request)


class Verify(_Resource):
    def verify(self, email: str, evidence: bool = False, idempotency_key: Optional[str] = None) -> Any:
        """One address: 1 credit for ok, invalid, catch_all and disposable; unknown and error are free. A
        publishable key's answer (browsers only: the service checks Origin) carries `verificationToken`."""
        body = {"email": email, "evidence": evidence}
        return self._call(Request("POST", "/v1/verify/single", json=body, paid=True, idempotency_key=idempotency_key))

    def verify_batch(self, emails: Sequence[str], evidence: bool = False, idempotency_key: Optional[str] = None) -> Any:
        """Up to 100 addresses at once."""
        body = {"emails": list(emails), "evidence": evidence}
        return self._call(Request("POST", "/v1/verify/batch", json=body, paid=True, idempotency_key=idempotency_key))


class FinderCalls(_Resource):
    def find(
        self,
        domain: str,
        first_name: Optional[str] = None,
        last_name: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        """One person's address at a company domain (10 credits when an address is returned)."""
        body = {"firstName": first_name, "lastName": last_name, "domain": domain}
        return self._call(Request("POST", "/v1/finder/single", json=body, paid=True, idempotency_key=idempotency_key))

    def find_batch(self, contacts: Sequence[dict], idempotency_key: Optional[str] = None) -> Any:
        """Up to 100 contacts: dicts with domain and firstName/lastName (or first_name/last_name)."""
        body = {"contacts": list(contacts)}
        return self._call(Request("POST", "/v1/finder/batch", json=body, paid=True, idempotency_key=idempotency_key))


class Credits(_Resource):
    def balance(self) -> Any:
        return self._call(Request("GET", "/v1/credits/balance"))

    def transactions(self, page: Optional[int] = None, page_size: Optional[int] = None, type: Optional[str] = None) -> Any:
        return self._call(Request("GET", "/v1/credits/transactions", params={"page": page, "pageSize": page_size, "type": type}))

    def packages(self) -> Any:
        return self._call(Request("GET", "/v1/credits/packages"))

    def orders(self, page: Optional[int] = None, limit: Optional[int] = None) -> Any:
        return self._call(Request("GET", "/v1/credits/orders", params={"page": page, "limit": limit}))

    def reset_test_balance(self, balance: Optional[int] = None) -> Any:
        """Test mode only (a test key, mck_test_...): sets the test balance's available credits, 10,000 unless
        `balance` says otherwise; a small one lets a batch or a job run out of credits. It sets a target rather
        than adding, so a retry is harmless. A live key gets 403 (code 1118)."""
        body = {} if balance is None else {"balance": balance}
        return self._call(Request("POST", "/v1/credits/test-balance/reset", json=body))


class Webhooks(_Resource):
    """Webhook endpoints; check deliveries with mailcheck.verify_webhook_signature."""

    def list(self) -> Any:
        return self._call(Request("GET", "/v1/webhooks"))

    def create(self, url: str, events: List[Union[int, str]], is_active: bool = True) -> Any:
        """The answer's `secret` is shown only here (and by rotate_secret)."""
        return self._call(Request("POST", "/v1/webhooks", json={"url": url, "events": events, "isActive": is_active}))

    def update(self, id: Id, url: Optional[str] = None, events: Optional[List[Union[int, str]]] = None, is_active: Optional[bool] = None) -> Any:
        body = {name: value for name, value in (("url", url), ("events", events), ("isActive", is_active)) if value is not None}
        return self._call(Request("PATCH", "/v1/webhooks/%s" % id, json=body))

    def toggle(self, id: Id, is_active: Optional[bool] = None) -> Any:
        """Sets is_active when given (safe to repeat), else flips it."""
        return self._call(Request("POST", "/v1/webhooks/%s/toggle" % id, json={} if is_active is None else {"isActive": is_active}))

    def remove(self, id: Id) -> Any:
        return self._call(Request("DELETE", "/v1/webhooks/%s" % id))

    def test(self, id: Id) -> Any:
        """Sends a signed webhook.test delivery now and reports how the endpoint answered."""
        return self._call(Request("POST", "/v1/webhooks/%s/test" % id))

    def rotate_secret(self, id: Id) -> Any:
        return self._call(Request("POST", "/v1/webhooks/%s/rotate-secret" % id))

    def deliveries(self, id: Id, page: Optional[int] = None, page_size: Optional[int] = None) -> Any:
        return self._call(Request("GET", "/v1/webhooks/%s/deliveries" % id, params={"page": page, "pageSize": page_size}))


class Erasures(_Resource):
    """Erasures (docs/personal-data.md): a data subject's address erased across the account, and the receipts an
    auditor is shown. A job's own erasure is job.erase()."""

    def erase_address(self, address: str) -> Any:
        """Erases one address across the account (single and batch verifications, job rows and files); answers the
        receipt, which names the address only by a keyed digest. InvalidRequestError 4008 for what is not an
        address, 4009 while a list job of the account runs."""
        return self._call(Request("POST", "/v1/erasures", json={"address": address}))

    def list(self) -> Any:
        """The account's erasures, newest first: {"items": [receipt, ...]}."""
        return self._call(Request("GET", "/v1/erasures"))

    def get(self, erasure_id: str) -> Any:
        """One erasure's receipt; `status` is done once the erasure is in force everywhere."""
        return self._call(Request("GET", "/v1/erasures/%s" % quote(erasure_id, safe="")))


class Tokens(_Resource):
    """The back-end half of a sign-up form: confirm a publishable answer's verification token (free). Offline,
    use mailcheck.verify_verification_token with the keys keys() returns."""

    def check(self, token: str, email: str) -> Any:
        """What the token vouches for, when this service signed it for this key's account and `email` and it has
        not expired; else InvalidRequestError with code 1121 (forged), 1122 (expired), 1123 (another account's)
        or 1124 (another address)."""
        return self._call(Request("POST", "/v1/verify/token", json={"token": token, "email": email}))

    def keys(self) -> Any:
        """The public keys tokens are signed with (a JSON Web Key Set): keep them for offline checks."""
        return self._call(Request("GET", "/v1/verify/token/keys"))
