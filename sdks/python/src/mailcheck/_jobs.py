"""Bulk jobs (verification and finder): upload, live progress over SSE with reconnects, downloads."""
from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any, AsyncIterator, Callable, Dict, Iterator, Optional, Tuple, Union

import httpx

from ._sse import EventParser
from ._transport import MultipartFactory, Request
from .errors import APIConnectionError, MailcheckError

TERMINAL = ("Completed", "Cancelled", "Failed")
VERIFICATION_JOBS = "/v1/jobs"
FINDER_JOBS = "/v1/finder/jobs"

ProgressCallback = Callable[[Dict[str, Any]], None]


def multipart(content: Union[bytes, os.PathLike, str], file_name: str, fields: Dict[str, Any]) -> MultipartFactory:
    """The upload for every attempt: a path is opened again each time (a retry sends the same bytes)."""
    data = {name: ("true" if value is True else "false" if value is False else str(value)) for name, value in fields.items() if value is not None}

    def build() -> Tuple[Dict[str, Any], Dict[str, str]]:
        body = open(content, "rb") if isinstance(content, (str, os.PathLike)) else content
        return {"file": (file_name, body, "text/csv")}, data

    return build


def upload_content(source: Any, file_name: Optional[str]) -> Tuple[Union[bytes, str, os.PathLike], str]:
    """A path, bytes, a file object or an iterable of bytes; anything read once is kept in memory so
    that a retried upload (same Idempotency-Key) sends the same bytes."""
    if isinstance(source, (str, os.PathLike)):
        return source, file_name or os.path.basename(os.fspath(source))
    if isinstance(source, (bytes, bytearray)):
        return bytes(source), file_name or "upload.csv"
    name = file_name or os.path.basename(str(getattr(source, "name", "") or "")) or "upload.csv"
    if hasattr(source, "read"):
        content = source.read()
        return (content.encode("utf-8") if isinstance(content, str) else content), name
    return b"".join(chunk.encode("utf-8") if isinstance(chunk, str) else chunk for chunk in source), name


def download_request(
    base: str, job_id: int, results: Any, columns: Any, dedupe: Optional[bool], format: Optional[str] = None
) -> Request:
    params = {"results": results, "columns": columns, "dedupe": dedupe, "format": format}
    return Request("GET", "%s/%s/download" % (base, job_id), params=params, headers={"accept": "text/csv"})


def stream_request(base: str, job_id: int, last_id: Optional[str], idle_timeout: float) -> Request:
    headers = {"accept": "text/event-stream"}
    if last_id is not None:
        headers["last-event-id"] = last_id
    return Request("GET", "%s/%s/stream" % (base, job_id), headers=headers, read_timeout=idle_timeout)


def is_final(error: Exception) -> bool:
    """4xx (unknown job, revoked key) will not get better by reconnecting."""
    return isinstance(error, MailcheckError) and 400 <= error.status < 500 and error.status != 429


class _Reconnects:
    """How a broken progress stream is reopened: the last event id, the server's retry delay, and a
    limit on reopenings in a row that brought no event."""

    def __init__(self, job_id: int, max_reconnects: int):
        self.job_id = job_id
        self.max_reconnects = max_reconnects
        self.last_id: Optional[str] = None
        self.delay = 3.0
        self.quiet = 0

    def saw(self, parser: EventParser) -> None:
        self.quiet = 0
        self.last_id = parser.last_id or self.last_id

    def broke(self, parser: Optional[EventParser], error: Optional[Exception]) -> float:
        if parser and parser.retry is not None:
            self.delay = parser.retry
        self.quiet += 1
        if self.quiet > self.max_reconnects:
            raise APIConnectionError("the progress stream of job %s broke %d times in a row: %s" % (self.job_id, self.quiet, error))
        return min(self.delay, 3.0 * self.quiet)


DEFAULT_FILE_NAME = "results.csv"


def safe_file_name(suggested: Optional[str]) -> str:
    """A name the service suggests, made safe to open in the current directory: only its last path
    segment, and DEFAULT_FILE_NAME instead when that is empty, a dot-file (".bashrc", "..") or holds a
    control character. The server, or anyone between it and a client on plain http, chooses this text."""
    base = (suggested or "").replace("\\", "/").rsplit("/", 1)[-1]
    if not base or base.startswith(".") or any(ord(c) < 32 or ord(c) == 127 for c in base):
        return DEFAULT_FILE_NAME
    return base


def _open_for_saving(path: Union[str, os.PathLike], overwrite: bool):
    # "xb" refuses an existing file (FileExistsError) before anything is read from the download.
    return open(path, "wb" if overwrite else "xb")


class Download:
    """A results CSV as it streams: iterate its byte chunks or lines, or save_to(path). Read once.

    `file_name` is the name the service suggests, reduced to a plain file name (never a path, never a
    dot-file); save to it with `save_to(download.file_name, overwrite=False)`."""

    def __init__(self, response: httpx.Response):
        self._response = response
        disposition = response.headers.get("content-disposition", "")
        suggested = disposition.split('filename="', 1)[1].split('"', 1)[0] if 'filename="' in disposition else None
        self.file_name = safe_file_name(suggested)
        # True unless the job is Completed: the file then holds the rows verified so far.
        self.partial = response.headers.get("x-partial-result") != "false"

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield from self._response.iter_bytes()
        finally:
            self._response.close()

    def lines(self) -> Iterator[str]:
        """Line by line, without line ends (a quoted cell with a line break spans two lines)."""
        try:
            yield from self._response.iter_lines()
        finally:
            self._response.close()

    def save_to(self, path: Union[str, os.PathLike], overwrite: bool = True) -> int:
        """Streams the file to `path`; `overwrite=False` never replaces a file (FileExistsError)."""
        written = 0
        with _open_for_saving(path, overwrite) as out:
            for chunk in self:
                written += out.write(chunk)
        return written


class AsyncDownload(Download):
    def __aiter__(self) -> AsyncIterator[bytes]:
        return self._chunks()

    async def _chunks(self) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.aiter_bytes():
                yield chunk
        finally:
            await self._response.aclose()

    async def alines(self) -> AsyncIterator[str]:
        try:
            async for line in self._response.aiter_lines():
                yield line
        finally:
            await self._response.aclose()

    async def asave_to(self, path: Union[str, os.PathLike], overwrite: bool = True) -> int:
        written = 0
        with _open_for_saving(path, overwrite) as out:
            async for chunk in self:
                written += out.write(chunk)
        return written


class _JobBase:
    def __init__(self, transport: Any, base: str, view: Dict[str, Any]):
        self._transport = transport
        self._base = base
        # The job's view as last seen (updated by refresh, cancel and wait).
        self.view = view

    @property
    def id(self) -> int:
        return self.view["id"]

    @property
    def status(self) -> str:
        return self.view["status"]

    @property
    def done(self) -> bool:
        return self.view["status"] in TERMINAL

    def __repr__(self) -> str:
        return "<%s %s %s>" % (type(self).__name__, self.id, self.status)


class Job(_JobBase):
    def refresh(self) -> Dict[str, Any]:
        self.view = self._transport.json(Request("GET", "%s/%s" % (self._base, self.id)))
        return self.view

    def cancel(self) -> Dict[str, Any]:
        self.view = self._transport.json(Request("DELETE", "%s/%s" % (self._base, self.id)))
        return self.view

    def erase(self) -> Dict[str, Any]:
        """"Delete now": erases the ended job's file, results and row data everywhere the service stored them; the
        job's record, counts and charges stay. Answers the erasure's receipt (status erasing, then done:
        client.erasures.get(receipt["erasureId"])); asked again, the same erasure."""
        return self._transport.json(Request("POST", "%s/%s/erase" % (self._base, self.id)))

    def resume(self) -> Dict[str, Any]:
        """Resumes a verification job stopped because the balance ran out (view["resumable"]), after a
        top-up: it goes on from its first undone row, and rows done are not charged again. wait() follows it."""
        self.view = self._transport.json(Request("POST", "%s/%s/resume" % (self._base, self.id)))
        return self.view

    def wait(self, on_progress: Optional[ProgressCallback] = None, idle_timeout: float = 45.0, max_reconnects: int = 10) -> Dict[str, Any]:
        """Follows the live progress stream until the job is Completed, Cancelled or Failed; returns
        its final view. A stream that breaks or stays silent for idle_timeout is reopened (with
        Last-Event-ID when the service numbered its events); every event holds the whole job view."""
        reconnects = _Reconnects(self.id, max_reconnects)
        while True:
            parser, error = None, None
            try:
                response = self._transport.send(stream_request(self._base, self.id, reconnects.last_id, idle_timeout), stream=True)
                try:
                    parser = EventParser()
                    for chunk in response.iter_bytes():
                        for event in parser.feed(chunk):
                            reconnects.saw(parser)
                            if event.event not in ("progress", "done"):
                                continue
                            self.view = json.loads(event.data)
                            if event.event == "done":
                                return self.view
                            if on_progress:
                                on_progress(self.view)
                finally:
                    response.close()
            except (MailcheckError, httpx.TransportError) as failure:
                if is_final(failure):
                    raise
                error = failure
            time.sleep(reconnects.broke(parser, error))

    def download(
        self, results: Any = None, columns: Any = None, dedupe: Optional[bool] = None, format: Optional[str] = None
    ) -> Download:
        """The results CSV, streamed. results/columns: a list or a comma-separated string. format="simple": the
        original columns plus one "Email status" column in plain words (Deliverable, Catch-all, ...), not with columns."""
        return Download(
            self._transport.send(download_request(self._base, self.id, results, columns, dedupe, format), stream=True)
        )


class AsyncJob(_JobBase):
    async def refresh(self) -> Dict[str, Any]:
        self.view = await self._transport.json(Request("GET", "%s/%s" % (self._base, self.id)))
        return self.view

    async def cancel(self) -> Dict[str, Any]:
        self.view = await self._transport.json(Request("DELETE", "%s/%s" % (self._base, self.id)))
        return self.view

    async def erase(self) -> Dict[str, Any]:
        """Job.erase for asyncio."""
        return await self._transport.json(Request("POST", "%s/%s/erase" % (self._base, self.id)))

    async def resume(self) -> Dict[str, Any]:
        """Job.resume for asyncio."""
        self.view = await self._transport.json(Request("POST", "%s/%s/resume" % (self._base, self.id)))
        return self.view

    async def wait(self, on_progress: Optional[ProgressCallback] = None, idle_timeout: float = 45.0, max_reconnects: int = 10) -> Dict[str, Any]:
        """Job.wait for asyncio."""
        reconnects = _Reconnects(self.id, max_reconnects)
        while True:
            parser, error = None, None
            try:
                response = await self._transport.send(stream_request(self._base, self.id, reconnects.last_id, idle_timeout), stream=True)
                try:
                    parser = EventParser()
                    async for chunk in response.aiter_bytes():
                        for event in parser.feed(chunk):
                            reconnects.saw(parser)
                            if event.event not in ("progress", "done"):
                                continue
                            self.view = json.loads(event.data)
                            if event.event == "done":
                                return self.view
                            if on_progress:
                                on_progress(self.view)
                finally:
                    await response.aclose()
            except (MailcheckError, httpx.TransportError) as failure:
                if is_final(failure):
                    raise
                error = failure
            await asyncio.sleep(reconnects.broke(parser, error))

    async def download(
        self, results: Any = None, columns: Any = None, dedupe: Optional[bool] = None, format: Optional[str] = None
    ) -> AsyncDownload:
        return AsyncDownload(
            await self._transport.send(download_request(self._base, self.id, results, columns, dedupe, format), stream=True)
        )


def _upload(base: str, source: Any, file_name: Optional[str], idempotency_key: Optional[str], fields: Dict[str, Any]) -> Request:
    content, name = upload_content(source, file_name)
    return Request("POST", base, multipart=multipart(content, name, fields), paid=True, idempotency_key=idempotency_key)


class Jobs:
    """Bulk jobs of one kind: create (upload a CSV), get, list."""

    def __init__(self, transport: Any, base: str = VERIFICATION_JOBS):
        self._transport = transport
        self._base = base

    def create(self, source: Any, file_name: Optional[str] = None, idempotency_key: Optional[str] = None, **fields: Any) -> Job:
        """source: a path, bytes, a file object or an iterable of bytes: a CSV (UTF-8, UTF-16 or
        Windows-1252 as Excel saves it), a .txt of one address per line, or an .xlsx workbook. Fields:
        email_column and dedupe (verification), allow_duplicate (True: verify and charge again a file
        uploaded recently with the same options, else refused with code 3021), first_name_column,
        last_name_column and domain_column (finder), and sheet (an .xlsx's sheet by name, default the
        first; httpx sends it before the file)."""
        request = _upload(self._base, source, file_name, idempotency_key, _form_fields(fields))
        return Job(self._transport, self._base, self._transport.json(request))

    def get(self, id: Union[int, str]) -> Job:
        return Job(self._transport, self._base, self._transport.json(Request("GET", "%s/%s" % (self._base, id))))

    def list(self, page: Optional[int] = None, page_size: Optional[int] = None) -> Dict[str, Any]:
        return self._transport.json(Request("GET", self._base, params={"page": page, "pageSize": page_size}))


class AsyncJobs(Jobs):
    async def create(self, source: Any, file_name: Optional[str] = None, idempotency_key: Optional[str] = None, **fields: Any) -> AsyncJob:  # type: ignore[override]
        """Jobs.create for asyncio; source may also be an async iterable of bytes."""
        if hasattr(source, "__aiter__"):
            source = b"".join([chunk async for chunk in source])
        request = _upload(self._base, source, file_name, idempotency_key, _form_fields(fields))
        return AsyncJob(self._transport, self._base, await self._transport.json(request))

    async def get(self, id: Union[int, str]) -> AsyncJob:  # type: ignore[override]
        return AsyncJob(self._transport, self._base, await self._transport.json(Request("GET", "%s/%s" % (self._base, id))))


_FIELD_NAMES = {
    "email_column": "emailColumn",
    "dedupe": "dedupe",
    "first_name_column": "firstNameColumn",
    "last_name_column": "lastNameColumn",
    "domain_column": "domainColumn",
    "allow_duplicate": "allowDuplicate",
    "sheet": "sheet",
}


def _form_fields(fields: Dict[str, Any]) -> Dict[str, Any]:
    unknown = set(fields) - set(_FIELD_NAMES)
    if unknown:
        raise TypeError("unknown job options: %s" % ", ".join(sorted(unknown)))
    return {_FIELD_NAMES[name]: value for name, value in fields.items()}
