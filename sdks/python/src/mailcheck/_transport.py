"""The HTTP layer: auth header, timeouts, retries with backoff, Idempotency-Keys, typed errors.

`Request` describes a call once; `SyncTransport` and `AsyncTransport` send it with the same policy
(_policy.py), each over its own httpx client.
"""
from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Tuple

import httpx

from . import __version__
from ._policy import backoff_delay, clean_params, envelope_data, error_from_answer, retry_after, should_retry, with_jitter
from .errors import APIConnectionError, APITimeoutError, MailcheckError

# (files, data) for a multipart upload, rebuilt for every attempt (a file object is read once).
MultipartFactory = Callable[[], Tuple[Dict[str, Any], Dict[str, str]]]


@dataclass
class Request:
    method: str
    path: str
    params: Optional[dict] = None
    json: Any = None
    multipart: Optional[MultipartFactory] = None
    paid: bool = False
    idempotency_key: Optional[str] = None
    headers: Dict[str, str] = field(default_factory=dict)
    # For streams: the longest silence between two chunks, in seconds.
    read_timeout: Optional[float] = None


@dataclass
class Settings:
    # Never in a repr (logs, tracebacks, a debugger's view of the client).
    api_key: str = field(repr=False)
    base_url: str = "http://localhost:3000"
    timeout: float = 60.0
    max_retries: int = 3
    retry_base_delay: float = 0.5
    max_retry_delay: float = 30.0

    def __post_init__(self) -> None:
        if not self.api_key:
            raise MailcheckError("api_key is required")
        self.base_url = self.base_url.rstrip("/")


class _Attempts:
    """The retry loop's bookkeeping, the same for both transports."""

    def __init__(self, settings: Settings, request: Request):
        self.settings = settings
        self.request = request
        self.attempt = 0
        self.opened: list = []
        self.headers = {"x-api-key": settings.api_key, "accept": "application/json", "user-agent": "mailcheck-python/" + __version__}
        self.headers.update(request.headers)
        if request.paid:
            self.headers["idempotency-key"] = request.idempotency_key or str(uuid.uuid4())

    def build(self, client: httpx.Client | httpx.AsyncClient) -> httpx.Request:
        files, data = self.request.multipart() if self.request.multipart else (None, None)
        self.opened = [part[1] for part in (files or {}).values() if hasattr(part[1], "close")]
        timeout = httpx.Timeout(self.settings.timeout, read=self.request.read_timeout or self.settings.timeout)
        return client.build_request(
            self.request.method,
            self.settings.base_url + self.request.path,
            params=clean_params(self.request.params),
            json=self.request.json,
            files=files,
            data=data,
            headers=self.headers,
            timeout=timeout,
        )

    def release(self) -> None:
        """Closes the files an attempt opened (a path upload is opened again for each attempt)."""
        for handle in self.opened:
            handle.close()
        self.opened = []

    def failure_of(self, error: Exception) -> MailcheckError:
        if isinstance(error, httpx.TimeoutException):
            return APITimeoutError("no answer within %s s" % self.settings.timeout)
        return APIConnectionError("connection failed: %s" % (error or type(error).__name__))

    def next_delay(self, failure: MailcheckError, waited: Optional[float]) -> Optional[float]:
        """Seconds to wait before the next attempt, or None to give up and raise `failure`."""
        keyed = "idempotency-key" in self.headers
        if self.attempt >= self.settings.max_retries or not should_retry(self.request.method, keyed, failure.status, failure.code):
            return None
        # A Retry-After beyond the longest wait allowed is not waited for: the caller decides.
        if waited is not None and waited > self.settings.max_retry_delay:
            return None
        self.attempt += 1
        if waited is not None:
            return with_jitter(waited)
        return backoff_delay(self.attempt - 1, self.settings.retry_base_delay, self.settings.max_retry_delay)


class SyncTransport:
    def __init__(self, settings: Settings, client: Optional[httpx.Client] = None):
        self.settings = settings
        self.client = client or httpx.Client()

    def send(self, request: Request, stream: bool = False) -> httpx.Response:
        attempts = _Attempts(self.settings, request)
        while True:
            waited = None
            try:
                try:
                    response = self.client.send(attempts.build(self.client), stream=stream)
                finally:
                    attempts.release()
                if response.is_success:
                    return response
                response.read()
                failure = error_from_answer(response)
                waited = retry_after(response.headers.get("retry-after"))
            except httpx.TransportError as error:
                failure = attempts.failure_of(error)
            delay = attempts.next_delay(failure, waited)
            if delay is None:
                raise failure
            time.sleep(delay)

    def json(self, request: Request) -> Any:
        return envelope_data(self.send(request))

    def close(self) -> None:
        self.client.close()


class AsyncTransport:
    def __init__(self, settings: Settings, client: Optional[httpx.AsyncClient] = None):
        self.settings = settings
        self.client = client or httpx.AsyncClient()

    async def send(self, request: Request, stream: bool = False) -> httpx.Response:
        attempts = _Attempts(self.settings, request)
        while True:
            waited = None
            try:
                try:
                    response = await self.client.send(attempts.build(self.client), stream=stream)
                finally:
                    attempts.release()
                if response.is_success:
                    return response
                await response.aread()
                failure = error_from_answer(response)
                waited = retry_after(response.headers.get("retry-after"))
            except httpx.TransportError as error:
                failure = attempts.failure_of(error)
            delay = attempts.next_delay(failure, waited)
            if delay is None:
                raise failure
            await asyncio.sleep(delay)

    async def json(self, request: Request) -> Any:
        return envelope_data(await self.send(request))

    async def close(self) -> None:
        await self.client.aclose()
