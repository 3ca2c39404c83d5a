"""What the sync and asyncio transports share: when to retry, how long to wait, how an answer reads."""
from __future__ import annotations

import email.utils
import json
import random
import time
from typing import Any, Optional

import httpx

from .errors import MailcheckError, RateLimitError, error_for


def should_retry(method: str, keyed: bool, status: int, code: int) -> bool:
    """A request is retried when trying again cannot do anything twice: GET and DELETE, and paid POSTs
    (their Idempotency-Key makes the service replay the first answer) on 429, 5xx, 409 code 2004 (the
    same key still in progress), network errors and timeouts. Other POSTs and PATCHes (webhook changes)
    only on 429, which the service answers before doing anything."""
    if status == 429:
        return True
    if not (method in ("GET", "DELETE") or keyed):
        return False
    if status == 0:
        return True
    if status == 409 and code == 2004:
        return True
    return status >= 500 and status != 501


def backoff_delay(attempt: int, base: float, cap: float) -> float:
    """base * 2^attempt, capped, scaled by a random factor in [0.5, 1)."""
    return min(cap, base * 2**attempt) * (0.5 + random.random() / 2)


def retry_after(header: Optional[str]) -> Optional[float]:
    """Retry-After in seconds (a number or an HTTP date), as the service said it."""
    if not header:
        return None
    header = header.strip()
    try:
        seconds = float(header)
    except ValueError:
        try:
            seconds = email.utils.parsedate_to_datetime(header).timestamp() - time.time()
        except (TypeError, ValueError):
            return None
    return max(0.0, seconds)


def with_jitter(seconds: float) -> float:
    """At least Retry-After, plus up to 10% (at most a second) so that clients told the same do not return in step."""
    return seconds + random.random() * min(seconds / 10, 1.0)


def error_from_answer(response: httpx.Response) -> MailcheckError:
    request_id = response.headers.get("x-request-id")
    try:
        error = json.loads(response.text).get("error") or {}
        if isinstance(error.get("code"), int):
            failure = error_for(response.status_code, error["code"], str(error.get("message", "")), request_id)
        else:
            raise ValueError
    except ValueError:
        failure = error_for(response.status_code, 0, "HTTP %d: %s" % (response.status_code, response.text[:200]), request_id)
    if isinstance(failure, RateLimitError):
        failure.retry_after = retry_after(response.headers.get("retry-after"))
    return failure


def envelope_data(response: httpx.Response) -> Any:
    return response.json()["data"]


def clean_params(params: Optional[dict]) -> dict:
    out = {}
    for name, value in (params or {}).items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(value)
        out[name] = value
    return out
