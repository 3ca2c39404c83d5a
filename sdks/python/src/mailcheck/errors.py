"""Every failure the client reports is a MailcheckError carrying the service's numeric error code."""
from __future__ import annotations

from typing import Optional


class MailcheckError(Exception):
    """`code`: the stable numeric code of the service's error envelope (0 when no answer came);
    `status`: the HTTP status (0 when no answer came); `request_id`: the answer's X-Request-Id."""

    def __init__(self, message: str, code: int = 0, status: int = 0, request_id: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.request_id = request_id

    def __str__(self) -> str:
        return "%s (code %d, HTTP %d)" % (self.message, self.code, self.status) if self.status else self.message


class InvalidRequestError(MailcheckError):
    """400, 409, 410, 413, 422: the request cannot succeed as sent."""


class AuthenticationError(MailcheckError):
    """401 and 403: a missing, revoked or insufficient API key."""


class InsufficientCreditsError(MailcheckError):
    """402: not enough credits."""


class NotFoundError(MailcheckError):
    """404: no such job, webhook or route for this account."""


class RateLimitError(MailcheckError):
    """429 after the retries were used up; `retry_after` is the service's last Retry-After in seconds."""

    retry_after: Optional[float] = None


class ServerError(MailcheckError):
    """5xx after the retries were used up."""


class APIConnectionError(MailcheckError):
    """No answer: the connection failed or broke (after the retries were used up)."""


class APITimeoutError(APIConnectionError):
    """No answer within the timeout (after the retries were used up)."""


class WebhookSignatureError(Exception):
    """A webhook delivery whose signature or timestamp does not check out."""


def error_for(status: int, code: int, message: str, request_id: Optional[str] = None) -> MailcheckError:
    if status in (401, 403):
        kind = AuthenticationError
    elif status == 402:
        kind = InsufficientCreditsError
    elif status == 404:
        kind = NotFoundError
    elif status == 429:
        kind = RateLimitError
    elif status >= 500:
        kind = ServerError
    else:
        kind = InvalidRequestError
    return kind(message, code, status, request_id)
