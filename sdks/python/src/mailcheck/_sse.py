"""An incremental server-sent events parser (event, data, id, retry, comments; LF, CRLF or CR)."""
from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import List, Optional

_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass
class Event:
    event: str
    data: str
    # The last id seen on the stream so far: sent back as Last-Event-ID on a reconnect.
    id: Optional[str]


class EventParser:
    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._buffer = ""
        self._event = ""
        self._data: List[str] = []
        self.last_id: Optional[str] = None
        # The server's reconnection delay in seconds, once it sent one.
        self.retry: Optional[float] = None

    def feed(self, chunk: bytes) -> List[Event]:
        self._buffer += self._decoder.decode(chunk)
        events = []
        while True:
            match = _LINE_END.search(self._buffer)
            # A lone CR at the very end may be the first half of a CRLF: wait for the next chunk.
            if not match or (match.group() == "\r" and match.end() == len(self._buffer)):
                return events
            line, self._buffer = self._buffer[: match.start()], self._buffer[match.end() :]
            event = self._line(line)
            if event:
                events.append(event)

    def _line(self, line: str) -> Optional[Event]:
        if line == "":
            event = Event(self._event or "message", "\n".join(self._data), self.last_id) if self._data else None
            self._event, self._data = "", []
            return event
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self.last_id = value
        elif name == "retry" and value.isdigit():
            self.retry = int(value) / 1000
        return None
