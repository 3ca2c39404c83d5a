"""The clients: Mailcheck (sync) and AsyncMailcheck (asyncio), the same calls over httpx."""
from __future__ import annotations

from typing import Any, Optional

import httpx

from ._jobs import FINDER_JOBS, AsyncJobs, Jobs
from ._resources import Credits, Erasures, FinderCalls, Tokens, Verify, Webhooks
from ._transport import AsyncTransport, Settings, SyncTransport


class Finder(FinderCalls):
    """The email finder: one person (find), up to 100 (find_batch), or a CSV file (jobs)."""

    def __init__(self, transport: Any, jobs: Jobs):
        super().__init__(transport)
        self.jobs = jobs


class Mailcheck(Verify):
    """`Mailcheck(api_key, base_url=...)`. Paid POSTs carry an Idempotency-Key reused on their
    retries; 429, 5xx and network errors are retried with backoff (honouring Retry-After); failures
    raise MailcheckError subclasses with the service's numeric `code`. Use as a context manager or
    call close()."""

    def __init__(
        self,
        api_key: str,
        base_url: str = "http://localhost:3000",
        timeout: float = 60.0,
        max_retries: int = 3,
        retry_base_delay: float = 0.5,
        max_retry_delay: float = 30.0,
        http_client: Optional[httpx.Client] = None,
    ):
        settings = Settings(api_key, base_url, timeout, max_retries, retry_base_delay, max_retry_delay)
        super().__init__(SyncTransport(settings, http_client))
        self.jobs = Jobs(self._transport)
        self.finder = Finder(self._transport, Jobs(self._transport, FINDER_JOBS))
        self.credits = Credits(self._transport)
        self.webhooks = Webhooks(self._transport)
        self.tokens = Tokens(self._transport)
        self.erasures = Erasures(self._transport)

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> "Mailcheck":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncMailcheck(Verify):
    """Mailcheck for asyncio: every call is awaited; `async with AsyncMailcheck(...) as client`."""

    def __init__(
        self,
        api_key: str,
        base_url: str = "http://localhost:3000",
        timeout: float = 60.0,
        max_retries: int = 3,
        retry_base_delay: float = 0.5,
        max_retry_delay: float = 30.0,
        http_client: Optional[httpx.AsyncClient] = None,
    ):
        settings = Settings(api_key, base_url, timeout, max_retries, retry_base_delay, max_retry_delay)
        super().__init__(AsyncTransport(settings, http_client))
        self.jobs = AsyncJobs(self._transport)
        self.finder = Finder(self._transport, AsyncJobs(self._transport, FINDER_JOBS))
        self.credits = Credits(self._transport)
        self.webhooks = Webhooks(self._transport)
        self.tokens = Tokens(self._transport)
        self.erasures = Erasures(self._transport)

    async def close(self) -> None:
        await self._transport.close()

    async def __aenter__(self) -> "AsyncMailcheck":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()
