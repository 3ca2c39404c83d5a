"""Drives the Python client generated from /docs-json (openapi-python-client) against the running
service: verify single and batch, a bulk job through to its download, a finder call and a webhook
create. Any answer other than the documented success, or a body the client cannot parse into its
models, fails the run (exit 1)."""
import io
import sys
import time

from mailcheck_client import AuthenticatedClient
from mailcheck_client.api.finder import finder_controller_find_0 as finder_find
from mailcheck_client.api.jobs import jobs_controller_create_job as create_job
from mailcheck_client.api.jobs import jobs_controller_download as download_job
from mailcheck_client.api.jobs import jobs_controller_get as get_job
from mailcheck_client.api.verification import verify_batch_controller_verify as verify_batch
from mailcheck_client.api.verification import verify_single_controller_post as verify_single
from mailcheck_client.api.webhooks import webhooks_controller_create as create_webhook
from mailcheck_client.models import (
    CreateWebhookDto, CreateWebhookDtoEventsItemType0, FinderRequestDto, JobsControllerCreateJobBody, VerifyBatchDto, VerifySingleDto,
)
from mailcheck_client.types import File

base_url, api_key = sys.argv[1], sys.argv[2]
client = AuthenticatedClient(base_url=base_url, token=api_key, prefix="", auth_header_name="X-API-KEY", timeout=60)
RESULTS = {"ok", "invalid", "catch_all", "unknown", "disposable", "error"}


def expect(condition, what):
    if not condition:
        raise SystemExit(f"python client: {what}")


single = verify_single.sync_detailed(client=client, body=VerifySingleDto(email="someone@example.com"))
expect(single.status_code == 200, f"verify single answered {single.status_code}: {single.content!r}")
expect(single.parsed.data.result in RESULTS and single.parsed.data.email == "someone@example.com", f"verify single result {single.parsed.data}")

batch = verify_batch.sync_detailed(client=client, body=VerifyBatchDto(emails=["a@example.com", "b@example.org"]))
expect(batch.status_code == 200, f"verify batch answered {batch.status_code}: {batch.content!r}")
expect(batch.parsed.data.summary.total == 2 and len(batch.parsed.data.results) == 2, f"verify batch summary {batch.parsed.data.summary}")

csv = b"email,name\njane@example.com,Jane\njohn@example.org,John\n"
created = create_job.sync_detailed(client=client, body=JobsControllerCreateJobBody(file=File(payload=io.BytesIO(csv), file_name="list.csv", mime_type="text/csv"), dedupe=True))
expect(created.status_code == 201, f"job create answered {created.status_code}: {created.content!r}")
job_id = created.parsed.data.id
deadline = time.time() + 120
while True:
    job = get_job.sync_detailed(job_id, client=client)
    expect(job.status_code == 200, f"job get answered {job.status_code}: {job.content!r}")
    if job.parsed.data.status in ("Completed", "Failed", "Cancelled") or time.time() > deadline:
        break
    time.sleep(0.5)
expect(job.parsed.data.status == "Completed", f"job ended {job.parsed.data.status}")
download = download_job.sync_detailed(job_id, client=client)
expect(download.status_code == 200 and download.parsed.splitlines()[0].startswith("email,name,result"), f"download answered {download.status_code}: {download.content[:200]!r}")
expect(len(download.parsed.strip().splitlines()) == 3, f"download rows: {download.parsed!r}")

found = finder_find.sync_detailed(client=client, body=FinderRequestDto(first_name="Ada", last_name="Lovelace", domain="example.org"))
expect(found.status_code == 200, f"finder answered {found.status_code}: {found.content!r}")
expect(found.parsed.data.status in ("Found", "Not Found"), f"finder status {found.parsed.data.status}")
# A contact needs a domain and at least one name: the generated model must take a last name alone.
by_last_name = finder_find.sync_detailed(client=client, body=FinderRequestDto(last_name="Hopper", domain="example.org"))
expect(by_last_name.status_code == 200 and by_last_name.parsed.data.reason == "reserved_domain", f"finder by last name answered {by_last_name.status_code}: {by_last_name.content!r}")

hook = create_webhook.sync_detailed(client=client, body=CreateWebhookDto(url="https://127.0.0.1:9/mailcheck", events=[CreateWebhookDtoEventsItemType0.VALUE_1, CreateWebhookDtoEventsItemType0.VALUE_2]))
expect(hook.status_code == 201, f"webhook create answered {hook.status_code}: {hook.content!r}")
expect(hook.parsed.data.secret and hook.parsed.data.events == [1, 2], f"webhook {hook.parsed.data}")

print(f"python client: verify, batch, job {job_id} downloaded, finder {found.parsed.data.status}, webhook {hook.parsed.data.id}: ok")
