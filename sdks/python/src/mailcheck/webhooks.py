"""Checking webhook deliveries: verify_webhook_signature."""
from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

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
