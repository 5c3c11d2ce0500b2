"""The host's web side: the browser client's files over HTTP and the protocol over WebSocket.

`WebConnection` is a `hearts.net.connection.Connection` whose bytes are HTTP, then WebSocket
frames, read by the sans-I/O ``websockets.server.ServerProtocol``. A request for
``/`` or one of the page's files gets the file (from ``assets/web``, read once at
start, matched by exact name: no path ever reaches the file system) and the
connection closes. A request for `WS_PATH` becomes a WebSocket whose binary
messages each carry one msgpack map: every decoded map goes to the host exactly
like a TCP one (`Host.on_messages`), under the same guard, limits and errors, and
every message the host sends goes out as one binary message. A text message, or a
binary one that is not exactly one msgpack map, is a ``bad-frame``; one over
``max_frame`` a ``too-large``; each closes the connection after the error, as on TCP.

>>> server = await start_web(host, "127.0.0.1", 0)   # beside host.start(...)
"""

from __future__ import annotations

import asyncio
import email.utils
import gzip
import hashlib
import http
import json
import logging
import os
import socket
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.datastructures import Headers
from websockets.exceptions import (HeaderLineTooLong, PayloadTooBig, RequestLineTooLong,
                                   TooManyHeaders)
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import CONNECTING
from websockets.server import ServerProtocol

from hearts.i18n import _
from hearts.resources import asset

from .connection import Connection, Shell
from .hostnames import HostNames
from .page_words import catalogue_file, game_facts
from .protocol import AnyMessage, ProtocolError, error

log = logging.getLogger("hearts.web")
# websockets says "connection open" and "HTTP response sent" for each at INFO: the host's
# log is for people, so only its warnings pass
_protocol_log = logging.getLogger("hearts.web.websockets")
_protocol_log.setLevel(logging.WARNING)

DEFAULT_WEB_PORT = 7896
BACKLOG = 100             # connections waiting to be accepted (asyncio's own default)
WS_PATH = "/ws"
WEB_ROOT = asset("web")

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}
# what is worth compressing (the page's text; PNGs are compressed already)
COMPRESSED = ("text/", "application/json", "image/svg+xml", "application/manifest+json")
LINGER = 2.0     # seconds an answered connection reads and drops what else comes, then closes
# the page runs only its own scripts and styles and talks only to this host
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
)
# an error code of a closing error -> the WebSocket close code (RFC 6455 7.4.1)
CLOSE_CODES = {"too-large": 1009, "bad-frame": 1003, "limit": 1008, "hello-first": 1008,
               "hello-timeout": 1008, "version": 1008}
# an error before the WebSocket opens -> the HTTP status it is answered with
HTTP_STATUS = {"limit": 503, "hello-timeout": 408}
# the first byte of an HTTP request (a method's first letter); anything else is refused at once
_REQUEST_START = frozenset(bytes([c]) for c in b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class WebListenError(OSError):
    """The browser client's port could not be listened on (the TCP host is not running)."""


@dataclass(frozen=True)
class StaticFile:
    """One file of the page, ready to send (``gzip``: the same compressed, when that is
    smaller; sent to a browser that accepts it)."""

    body: bytes
    content_type: str
    etag: str
    gzip: bytes | None = None

    @classmethod
    def of(cls, body: bytes, content_type: str) -> "StaticFile":
        packed = None
        if content_type.startswith(COMPRESSED):
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            if len(packed) >= len(body):
                packed = None
        return cls(body, content_type, '"' + hashlib.sha256(body).hexdigest()[:20] + '"', packed)


def load_files(root: Path = WEB_ROOT) -> dict[str, StaticFile]:
    """Every file under ``root`` by its URL path (``/`` is ``/index.html``)."""
    files: dict[str, StaticFile] = {}
    for path in sorted(root.rglob("*")):
        ctype = CONTENT_TYPES.get(path.suffix.lower())
        if ctype is None or not path.is_file():
            continue
        url = "/" + path.relative_to(root).as_posix()
        files[url] = StaticFile.of(path.read_bytes(), ctype)
    if "/index.html" in files:
        files["/"] = files["/index.html"]
    body = json.dumps(game_facts(), ensure_ascii=False).encode()
    files["/facts.json"] = StaticFile.of(body, CONTENT_TYPES[".json"])
    return files


def accepts_gzip(value: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``gzip;q=0`` refuses it)."""
    for part in (value or "").lower().split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip() in ("gzip", "*"):
            q = params.strip()
            return not (q.startswith("q=") and q[2:].strip().strip("0.") == "")
    return False


@lru_cache(maxsize=16)
def catalogue_static(path: str) -> StaticFile | None:
    """The page's catalogue at ``path`` (`hearts.net.page_words`), ready to send; made when first
    asked for (a host that nobody opens the page of reads no catalogue), then kept."""
    body = catalogue_file(path)
    return None if body is None else StaticFile.of(body, CONTENT_TYPES[".json"])


def frame_header(length: int, opcode: int = Opcode.BINARY) -> bytes:
    """The header of one unmasked, final server frame of ``length`` bytes."""
    if length < 126:
        return bytes((0x80 | opcode, length))
    if length < 65536:
        return struct.pack("!BBH", 0x80 | opcode, 126, length)
    return struct.pack("!BBQ", 0x80 | opcode, 127, length)


def close_frame(code: int, reason: str = "") -> bytes:
    data = Close(code, reason[:120]).serialize()
    return frame_header(len(data), Opcode.CLOSE) + data


class WebConnection(Connection):
    """One HTTP connection: a file and goodbye, or a WebSocket carrying the protocol."""

    pool = "web"            # the web port's own connection budget (net.guard)

    def __init__(self, host: Shell, files: dict[str, StaticFile],
                 names: HostNames | None = None) -> None:
        super().__init__(host)
        self.files = files
        self.names = names or HostNames()
        # no extensions (no compression): a message is its bytes, framed by us on the way out
        self.ws = ServerProtocol(max_size=host.limits.max_frame, logger=_protocol_log)
        self._head = b""                     # the request's line and headers, until whole
        self._parts: list[bytes] = []        # a fragmented message being received
        self._last_error = ""                # the code of the last message sent, if an error
        self.open = False                    # the WebSocket handshake is done
        self._linger: asyncio.TimerHandle | None = None
        self._request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if not self.closed:                 # HTTP's own clock: the request must come whole
            self._request_timer = asyncio.get_running_loop().call_later(
                self.host.limits.web_request_timeout, self._request_timeout)

    def _stop_request_timer(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None

    def _request_timeout(self) -> None:
        self._request_timer = None
        if not self.open and not self.closed:
            self._http_error(408, _("the request did not come whole in time"))

    # -- bytes in ------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        if self.ws.state is CONNECTING:
            whole = self._take_head(data)
            if whole is None:
                return
            head, data = whole
            self._feed(head)
            if not self.open or self.closed or not data:
                return                      # an answered request: what follows is dropped
        self._feed(data)

    def _take_head(self, data: bytes) -> tuple[bytes, bytes] | None:
        """The request's line and headers once they are whole, and the bytes after them."""
        first = not self._head
        self._head += data
        if first and self._head[:1] not in _REQUEST_START:
            self._http_error(400, _("this port speaks plain HTTP: open http://, not https://")
                             if self._head[:1] == b"\x16" else
                             _("not a valid HTTP request (it does not start with a method)"))
            return None
        ends = [i + len(sep) for sep in (b"\r\n\r\n", b"\n\n")
                if (i := self._head.find(sep)) >= 0]
        end = min(ends) if ends else len(self._head)
        limit = self.host.limits.web_request
        if end > limit:
            self._http_error(431, f"the request is over {limit} bytes")
            return None
        if not ends:
            return None
        head, rest = self._head[:end], self._head[end:]
        self._head = b""
        return head, rest

    def _feed(self, data: bytes) -> None:
        """Bytes into the sans-I/O WebSocket side, and what comes of them."""
        ws = self.ws
        ws.receive_data(data)
        messages: list[Any] = []
        pings = 0
        for event in ws.events_received():
            if isinstance(event, Request):
                self._request(event)
            elif isinstance(event, Frame):
                if event.opcode is Opcode.PING:
                    pings += 1
                elif event.opcode in (Opcode.BINARY, Opcode.TEXT, Opcode.CONT):
                    if not self._data_frame(event, messages):
                        break
        if self.closed:
            return
        if isinstance(ws.parser_exc, PayloadTooBig):
            self._dispatch(messages, pings)
            self.fail(error("too-large", f"a message is larger than "
                                         f"{self.host.limits.max_frame} bytes"))
            return
        if ws.parser_exc is not None:           # not WebSocket framing at all
            self._dispatch(messages, pings)
            self.fail(error("bad-frame", f"broken WebSocket framing ({ws.parser_exc})"))
            return
        if ws.handshake_exc is not None and not self.open:
            ws.data_to_send()                   # its own answer: ours has the headers
            exc = ws.handshake_exc
            if isinstance(exc, RequestLineTooLong):
                self._http_error(414, _("the request line is too long ({why})").format(why=exc))
            elif isinstance(exc, (HeaderLineTooLong, TooManyHeaders)):
                self._http_error(431, _("the request's headers are too large ({why})").format(
                    why=exc))
            else:
                self._http_error(400, f"not a valid HTTP request ({exc.__cause__ or exc})")
            return
        self._dispatch(messages, pings)
        if not self.closed:
            self._write_protocol()

    def _data_frame(self, frame: Frame, messages: list[Any]) -> bool:
        """Collect a data frame; a whole message becomes one decoded value in ``messages``."""
        if frame.opcode is Opcode.TEXT:
            self._dispatch(messages, 0)
            self.fail(error("bad-frame", "this host takes binary WebSocket messages, each one "
                                         "msgpack map, not text"))
            return False
        self._parts.append(bytes(frame.data))
        if not frame.fin:
            return True
        payload = b"".join(self._parts) if len(self._parts) > 1 else self._parts[0]
        self._parts = []
        try:
            values = self.decoder.feed(payload)
            if len(values) != 1 or self.decoder.pending:
                raise ProtocolError("bad-frame", "a WebSocket message must hold exactly one "
                                                 "msgpack map", fatal=True)
        except ProtocolError as e:
            self._dispatch(messages, 0)
            self.fail(error(e.code, e.message))
            return False
        messages.append(values[0])
        return True

    def _dispatch(self, messages: list[Any], pings: int) -> None:
        """Hand the whole messages so far to the host, as the TCP side does."""
        if not self.closed:
            self.deliver(messages, pings)
        messages.clear()

    def _write_protocol(self, out: list[bytes] | None = None) -> None:
        """What the WebSocket layer itself sends (the handshake, pongs, a close's echo)."""
        t = self.transport
        for data in self.ws.data_to_send() if out is None else out:
            if t is None or t.is_closing():
                return
            if data:
                t.write(data)
            else:                               # end of stream: the connection is done
                self._finish()

    def _finish(self) -> None:
        """Everything is written: send the end of the stream, then read and drop whatever
        else comes (closing on unread bytes would reset the connection, and a reset can
        lose the answer) until the client closes, or `LINGER` seconds have passed."""
        t = self.transport
        self.closed = True
        if t is None or t.is_closing():
            return
        self._stop_request_timer()
        try:
            if not t.can_write_eof():
                raise OSError
            t.write_eof()
        except (OSError, RuntimeError, NotImplementedError):
            t.close()
            return
        self._linger = asyncio.get_running_loop().call_later(LINGER, t.close)

    def eof_received(self) -> bool | None:
        return None                              # the transport closes

    def connection_lost(self, exc: Exception | None) -> None:
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        self._stop_request_timer()
        super().connection_lost(exc)

    # -- HTTP ----------------------------------------------------------------------------------
    def _request(self, request: Request) -> None:
        path = urlsplit(request.path).path
        method = request.method
        hosts = request.headers.get_all("Host")
        if len(hosts) > 1:
            self._http_error(400, _("the request names more than one Host"))
            return
        host = hosts[0] if hosts else None
        if not self.names.allows(host):
            # DNS rebinding: another site's name made to point here (net.hostnames)
            self._http_error(421, _("this host does not answer to the name {name}").format(
                name=repr(host)[:80]) if host else _("the request names no Host"))
            return
        if path == WS_PATH:
            origins = request.headers.get_all("Origin")
            if origins and (len(origins) > 1
                            or urlsplit(origins[0]).netloc.lower() != (host or "").lower()):
                self._http_error(403, "the page of another site may not connect here")
                return
            response = self.ws.accept(request)
            _strip_server(response)
            self.open = response.status_code == 101
            if not self.open:                   # not an upgrade: websockets' words, our headers
                self._http_error(response.status_code, response.body.decode().split("\n")[0],
                                 [(k, v) for k, v in response.headers.raw_items()
                                  if k.lower() == "upgrade"])
                return
            self.ws.send_response(response)
            self._write_protocol()
            self._stop_request_timer()
            self.host.on_upgraded(self)         # its hello has the TCP side's time from now
            log.debug("WebSocket from %s", self.addr)
            return
        if method not in ("GET", "HEAD"):
            self._http_error(405, f"{method} is not served here", [("Allow", "GET, HEAD")])
            return
        file = self.files.get(path)
        if file is None and path.startswith("/lang/"):
            file = catalogue_static(path)
        if file is None:
            self._http_error(404, f"there is no {path[:80]} here")
            return
        packed = file.gzip is not None and accepts_gzip(_header(request, "Accept-Encoding"))
        etag = file.etag[:-1] + '-gz"' if packed else file.etag
        headers = [("Content-Type", file.content_type), ("ETag", etag),
                   ("Cache-Control", "no-cache")]
        if file.gzip is not None:
            headers.append(("Vary", "Accept-Encoding"))
        if {t.strip() for t in _header(request, "If-None-Match").split(",")} & {file.etag, etag}:
            self._respond(304, b"", headers)
            return
        if packed:
            headers.append(("Content-Encoding", "gzip"))
        body = file.gzip if packed and file.gzip is not None else file.body
        self._respond(200, body, headers, head=method == "HEAD")

    def _respond(self, status: int, body: bytes, headers: list[tuple[str, str]],
                 head: bool = False) -> None:
        """Answer the one request this connection serves, then close (see `_finish`)."""
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        h = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                     ("Content-Length", str(len(body))), *headers, *SECURITY_HEADERS])
        t.write(Response(status, http.HTTPStatus(status).phrase, h,
                         b"" if head else body).serialize())
        self._finish()

    def _http_error(self, status: int, text: str,
                    headers: list[tuple[str, str]] | None = None) -> None:
        """Answer with ``status`` and one sentence, then close (before any WebSocket)."""
        body = (text + "\n").encode()
        self._respond(status, body, [("Content-Type", "text/plain; charset=utf-8"),
                                     *(headers or [])])

    # -- bytes out -----------------------------------------------------------------------------
    def send(self, msg: AnyMessage, said: bool = False) -> None:
        self._last_error = msg.get("code", "") if msg.get("type") == "error" else ""
        super().send(msg, said)

    def send_bytes(self, data: bytes) -> None:
        if self.open:
            super().send_bytes(frame_header(len(data)) + data)

    def fail(self, msg: AnyMessage) -> None:
        if not self.open:
            self._http_error(HTTP_STATUS.get(msg.get("code", ""), 400), msg.get("message", ""))
            return
        super().fail(msg)

    def close(self) -> None:
        t = self.transport
        if self.open and not self.closed and t is not None and not t.is_closing():
            t.write(close_frame(self.close_code()))
        super().close()

    def close_code(self) -> int:
        """The WebSocket close code for closing now: the last error's (docs/protocol.md)."""
        code = self._last_error
        if code in CLOSE_CODES:
            return CLOSE_CODES[code]
        return 1008 if code and self.player is None else 1000   # a hello refused


def _header(request: Request, name: str) -> str:
    """Every value of a header, joined as one list (a header may come more than once)."""
    return ", ".join(request.headers.get_all(name))


def _strip_server(response: Response) -> None:
    if "Server" in response.headers:
        del response.headers["Server"]


async def start_web(host: Shell, bind: str | None, port: int,
                    files: dict[str, StaticFile] | None = None,
                    names: HostNames | None = None) -> asyncio.base_events.Server:
    """Listen for browsers on ``bind``:``port`` beside ``host``'s TCP listener (bound, not
    yet serving: ``await server.start_serving()``; `WebListenError` when it cannot).
    ``names``: the ``Host`` names answered (default: this machine's, `hearts.net.hostnames`)."""
    files = load_files() if files is None else files
    if names is None:
        names = await asyncio.get_running_loop().run_in_executor(None, HostNames)
    if "/" not in files:
        log.warning("the browser client's files are missing from %s", WEB_ROOT)
    loop = asyncio.get_running_loop()
    try:
        server = await loop.create_server(lambda: WebConnection(host, files, names), bind, port,
                                          reuse_address=True, backlog=BACKLOG,
                                          start_serving=False)
    except OSError as e:
        raise WebListenError(e.errno, e.strerror) from e
    try:
        # listen now, not at start_serving: two hosts starting together can both bind the
        # port (SO_REUSEADDR), and only listen() tells the second one that it is taken
        for sock in server.sockets:
            with socket.socket(fileno=os.dup(sock.fileno())) as dup:
                dup.listen(BACKLOG)
    except OSError as e:
        server.close()
        raise WebListenError(e.errno, e.strerror) from e
    return server


__all__ = ["CSP", "DEFAULT_WEB_PORT", "HostNames", "StaticFile", "WS_PATH", "WebConnection", "WebListenError",
           "game_facts", "load_files", "start_web"]
