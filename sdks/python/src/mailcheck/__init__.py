"""Official client for the mailcheck email verification and email finder API.

    from mailcheck import Mailcheck
    client = Mailcheck(api_key, base_url="https://api.example.com")
    client.verify("jane@example.com")["result"]
"""
__version__ = "0.1.0"

from ._client import AsyncMailcheck, Finder, Mailcheck  # noqa: E402
from ._jobs import AsyncDownload, AsyncJob, Download, Job, safe_file_name  # noqa: E402
from .errors import (  # noqa: E402
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    InsufficientCreditsError,
    InvalidRequestError,
    MailcheckError,
    NotFoundError,
    RateLimitError,
    ServerError,
    WebhookSignatureError,
)
from .tokens import VerificationTokenError, canonical_token_address, verify_verification_token  # noqa: E402
from .webhooks import DeliveryDedupe, verify_webhook_signature  # noqa: E402

__all__ = [
    "Mailcheck",
    "AsyncMailcheck",
    "Finder",
    "Job",
    "AsyncJob",
    "Download",
    "AsyncDownload",
    "MailcheckError",
    "InvalidRequestError",
    "AuthenticationError",
    "InsufficientCreditsError",
    "NotFoundError",
    "RateLimitError",
    "ServerError",
    "APIConnectionError",
    "APITimeoutError",
    "WebhookSignatureError",
    "verify_webhook_signature",
    "DeliveryDedupe",
    "verify_verification_token",
    "canonical_token_address",
    "VerificationTokenError",
    "safe_file_name",
]
