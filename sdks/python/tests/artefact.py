"""Run by sdks/check.sh in a fresh virtualenv where the built wheel was installed (nothing of this
tree on the path): the sync and asyncio clients and the webhook check, against the service."""
import asyncio
import hashlib
import hmac
import json
import sys
import time

import mailcheck
from mailcheck import AsyncMailcheck, InvalidRequestError, Mailcheck, verify_webhook_signature

svc = json.load(open(sys.argv[1]))
assert "site-packages" in mailcheck.__file__, mailcheck.__file__
# A test key: valid@ is deliverable by docs/test-mode.md's table.
with Mailcheck(svc["testApiKey"], base_url=svc["url"]) as client:
    assert client.verify("valid@acme.test")["result"] == "ok"
    try:
        client.verify("")
        raise AssertionError("an empty address was accepted")
    except InvalidRequestError as error:
        assert error.code == 1006


async def bulk():
    async with AsyncMailcheck(svc["testApiKey"], base_url=svc["url"]) as client:
        job = await client.jobs.create(b"email\nvalid@acme.test\n", file_name="artefact.csv")
        assert (await job.wait())["status"] == "Completed"
        assert [line async for line in (await job.download(columns="result")).alines()] == ["email,result", "valid@acme.test,ok"]


asyncio.run(bulk())
body = b'{"id":"x"}'
stamp = str(int(time.time()))
mac = lambda data: hmac.new(b"whsec_t", data, hashlib.sha256).hexdigest()  # noqa: E731
headers = {"X-SVC-Signature": mac(body), "X-SVC-Timestamp": stamp, "X-SVC-Timestamp-Signature": mac(stamp.encode() + b"." + body)}
assert verify_webhook_signature(body, headers, "whsec_t") == {"id": "x"}
print("python artefact: ok")
