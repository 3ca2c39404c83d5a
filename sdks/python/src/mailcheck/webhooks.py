"""Checking webhook deliveries: verify_webhook_signature, and DeliveryDedupe against retries and replays."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections import OrderedDict
from typing import Any, Callable, Mapping, Optional, Union

from .errors import WebhookSignatureError


def verify_webhook_signature(
    raw_body: Union[bytes, str],
    headers: Mapping[str, Any],
    secret: str,
    tolerance: float = 300,
    now: Optional[float] = None,
) -> Any:
    """Checks a delivery and returns its parsed event.

    `X-SVC-Timestamp-Signature` must be the hex HMAC-SHA256 of "<X-SVC-Timestamp>.<raw body>" under the
    webhook's secret, `X-SVC-Signature` the HMAC of the raw body, and the timestamp within `tolerance`
    seconds of now (a captured request cannot be replayed later). Comparisons are constant-time.
    `raw_body`: the bytes as received, before any JSON parsing; `headers`: any mapping (names are
    matched case-insensitively). Raises WebhookSignatureError otherwise.
    """
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    lowered = {str(name).lower(): value for name, value in headers.items()}
    timestamp = _text(lowered.get("x-svc-timestamp"))
    signature = _text(lowered.get("x-svc-signature"))
    timestamp_signature = _text(lowered.get("x-svc-timestamp-signature"))
    if not (timestamp and signature and timestamp_signature):
        raise WebhookSignatureError("missing signature headers")
    key = secret.encode("utf-8")
    if not hmac.compare_digest(signature.lower().encode(), hmac.new(key, body, hashlib.sha256).hexdigest().encode()):
        raise WebhookSignatureError("X-SVC-Signature does not match the body")
    expected = hmac.new(key, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(timestamp_signature.lower().encode(), expected.encode()):
        raise WebhookSignatureError("X-SVC-Timestamp-Signature does not match")
    current = time.time() if now is None else now
    if not timestamp.isdigit() or abs(current - int(timestamp)) > tolerance:
        raise WebhookSignatureError("timestamp outside the %s s window" % tolerance)
    return json.loads(body.decode("utf-8"))


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    return value if isinstance(value, str) else ""


class DeliveryDedupe:
    """Remembers the deliveries a webhook receiver has handled, so a retry or a replay is answered
    without handling it twice. Delivery is at least once, and a captured delivery still verifies inside
    the signature's timestamp window: after verify_webhook_signature, handle an event only when
    `first_time(event)` says so, and answer 2xx either way. Keyed by the event's "id", which the
    signature covers (the same on every attempt; the X-SVC-Delivery-Id header is not signed, so a replay
    may change it). In memory and thread-safe, for one process: a receiver with several processes keeps
    the ids in its database under a unique key instead.

    `remember_seconds`: default 3 days, past the service's last retry (about 9 h after the first attempt);
    `max_entries`: the oldest are forgotten first."""

    def __init__(self, remember_seconds: float = 3 * 24 * 3600, max_entries: int = 100_000, now: Optional[Callable[[], float]] = None):
        self._remember = remember_seconds
        self._max = max_entries
        self._now = now or time.time
        self._seen: "OrderedDict[str, float]" = OrderedDict()
        self._lock = threading.Lock()

    def first_time(self, event: Union[str, Mapping[str, Any]]) -> bool:
        """True the first time an event id is seen (and remembers it); False for a repeat."""
        event_id = event if isinstance(event, str) else event.get("id")
        if not isinstance(event_id, str) or not event_id:
            raise ValueError("a delivery is deduplicated by its event id")
        with self._lock:
            now = self._now()
            while self._seen and next(iter(self._seen.values())) < now - self._remember:
                self._seen.popitem(last=False)
            if event_id in self._seen:
                return False
            self._seen[event_id] = now
            if len(self._seen) > self._max:
                self._seen.popitem(last=False)
            return True
