"""The host's web side: the browser client's files over HTTP and the protocol over WebSocket.

`WebConnection` is a `net.host.Connection` whose bytes are HTTP, then WebSocket
frames, read by the sans-I/O ``websockets.server.ServerProtocol``. A request for
``/`` or one of the page's files gets the file (from ``assets/web``, read once at
start, matched by exact name: no path ever reaches the file system) and the
connection closes. A request for `WS_PATH` becomes a WebSocket whose binary
messages each carry one msgpack map: every decoded map goes to the host exactly
like a TCP one (`Host._on_message`), under the same guard, limits and errors, and
every message the host sends goes out as one binary message. A text message, or a
binary one that is not exactly one msgpack map, is a ``bad-frame``; one over
``max_frame`` a ``too-large``; each closes the connection after the error, as on TCP.

>>> server = await start_web(host, "127.0.0.1", 0)   # beside host.start(...)
"""

from __future__ import annotations

import asyncio
import email.utils
import hashlib
import http
import json
import logging
import os
import socket
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from websockets.datastructures import Headers
from websockets.exceptions import PayloadTooBig
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import CONNECTING
from websockets.server import ServerProtocol

from hearts.bots import SEAT_LEVELS
from hearts.engine import Rules
from hearts.engine.rule_options import GROUPS, OPTIONS, PRESET_DESCRIPTIONS
from hearts.engine.rules import PRESETS

from .host import Connection
from .protocol import PROTOCOL_VERSION, Message, ProtocolError, error

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("hearts.web")
# websockets says "connection open" and "HTTP response sent" for each at INFO: the host's
# log is for people, so only its warnings pass
_protocol_log = logging.getLogger("hearts.web.websockets")
_protocol_log.setLevel(logging.WARNING)

DEFAULT_WEB_PORT = 7896
BACKLOG = 100             # connections waiting to be accepted (asyncio's own default)
WS_PATH = "/ws"
WEB_ROOT = Path(__file__).resolve().parents[1] / "assets" / "web"

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


class WebListenError(OSError):
    """The browser client's port could not be listened on (the TCP host is not running)."""


@dataclass(frozen=True)
class StaticFile:
    """One file of the page, ready to send."""

    body: bytes
    content_type: str
    etag: str


def load_files(root: Path = WEB_ROOT) -> dict[str, StaticFile]:
    """Every file under ``root`` by its URL path (``/`` is ``/index.html``)."""
    files: dict[str, StaticFile] = {}
    for path in sorted(root.rglob("*")):
        ctype = CONTENT_TYPES.get(path.suffix.lower())
        if ctype is None or not path.is_file():
            continue
        body = path.read_bytes()
        url = "/" + path.relative_to(root).as_posix()
        files[url] = StaticFile(body, ctype, '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
    if "/index.html" in files:
        files["/"] = files["/index.html"]
    body = json.dumps(game_facts(), ensure_ascii=False).encode()
    files["/facts.json"] = StaticFile(body, CONTENT_TYPES[".json"],
                                      '"' + hashlib.sha256(body).hexdigest()[:20] + '"')
    return files


def game_facts() -> dict[str, Any]:
    """What the page needs to know of this host's engine: every rule option (for the
    rules sheet), the presets and the bot levels (`/facts.json`)."""
    options = [{"name": o.name, "kind": o.kind, "group": o.group, "label": o.label,
                "help": o.help, "choices": [list(c) for c in o.choices],
                "bounds": list(o.bounds), "unit": o.unit, "none_words": o.none_words,
                "zero_words": o.zero_words} for o in OPTIONS.values()]
    presets = {name: {"description": PRESET_DESCRIPTIONS.get(name, ""),
                      "rules": Rules.preset(name).to_dict()} for name in PRESETS}
    return {"options": options, "groups": GROUPS, "presets": presets,
            "levels": list(SEAT_LEVELS), "protocol": PROTOCOL_VERSION}


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

    def __init__(self, host: "Host", files: dict[str, StaticFile]) -> None:
        super().__init__(host)
        self.files = files
        # no extensions (no compression): a message is its bytes, framed by us on the way out
        self.ws = ServerProtocol(max_size=host.limits.max_frame, logger=_protocol_log)
        self._request_bytes = 0
        self._parts: list[bytes] = []        # a fragmented message being received
        self._close_code = 1000
        self.open = False                    # the WebSocket handshake is done

    # -- bytes in ------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        ws = self.ws
        if ws.state is CONNECTING:
            self._request_bytes += len(data)
            if self._request_bytes > self.host.limits.web_request:
                self._http_error(431, f"the request is over {self.host.limits.web_request} bytes")
                return
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
            answer = ws.data_to_send()
            if any(answer):                     # websockets answered (a line or headers too long)
                self._write_protocol(answer)
            else:
                why = ws.handshake_exc.__cause__ or ws.handshake_exc
                self._http_error(400, f"not a valid HTTP request ({why})")
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
                self.closed = True
                t.close()

    # -- HTTP ----------------------------------------------------------------------------------
    def _request(self, request: Request) -> None:
        path = urlsplit(request.path).path
        method = request.method
        if path == WS_PATH:
            origin = request.headers.get("Origin")
            if origin is not None and urlsplit(origin).netloc.lower() != \
                    request.headers.get("Host", "").lower():
                self._http_error(403, "the page of another site may not connect here")
                return
            response = self.ws.accept(request)
            _strip_server(response)
            self.ws.send_response(response)
            self.open = response.status_code == 101
            self._write_protocol()
            if self.open:
                log.debug("WebSocket from %s", self.addr)
            return
        if method not in ("GET", "HEAD"):
            self._http_error(405, f"{method} is not served here", [("Allow", "GET, HEAD")])
            return
        file = self.files.get(path)
        if file is None:
            self._http_error(404, f"there is no {path[:80]} here")
            return
        headers = [("Content-Type", file.content_type), ("ETag", file.etag),
                   ("Cache-Control", "no-cache")]
        if request.headers.get("If-None-Match") == file.etag:
            self._respond(304, b"", headers)
        else:
            self._respond(200, file.body, headers, head=method == "HEAD")

    def _respond(self, status: int, body: bytes, headers: list[tuple[str, str]],
                 head: bool = False) -> None:
        h = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                     ("Content-Length", str(len(body))), *headers, *SECURITY_HEADERS])
        self.ws.send_response(Response(status, http.HTTPStatus(status).phrase, h,
                                       b"" if head else body))
        self._write_protocol()

    def _http_error(self, status: int, text: str,
                    headers: list[tuple[str, str]] | None = None) -> None:
        """Answer with ``status`` and one sentence, then close (before any WebSocket)."""
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        body = (text + "\n").encode()
        h = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                     ("Content-Length", str(len(body))),
                     ("Content-Type", "text/plain; charset=utf-8"),
                     *(headers or []), *SECURITY_HEADERS])
        t.write(Response(status, http.HTTPStatus(status).phrase, h, body).serialize())
        self.closed = True
        t.close()

    # -- bytes out -----------------------------------------------------------------------------
    def send_bytes(self, data: bytes) -> None:
        if self.open:
            super().send_bytes(frame_header(len(data)) + data)

    def fail(self, msg: Message) -> None:
        if not self.open:
            self._http_error(HTTP_STATUS.get(msg.get("code", ""), 400), msg.get("message", ""))
            return
        self._close_code = CLOSE_CODES.get(msg.get("code", ""), 1000)
        super().fail(msg)

    def close(self) -> None:
        t = self.transport
        if self.open and not self.closed and t is not None and not t.is_closing():
            t.write(close_frame(self._close_code))
        super().close()


def _strip_server(response: Response) -> None:
    if "Server" in response.headers:
        del response.headers["Server"]


async def start_web(host: "Host", bind: str | None, port: int,
                    files: dict[str, StaticFile] | None = None) -> asyncio.base_events.Server:
    """Listen for browsers on ``bind``:``port`` beside ``host``'s TCP listener (bound, not
    yet serving: ``await server.start_serving()``; `WebListenError` when it cannot)."""
    files = load_files() if files is None else files
    if "/" not in files:
        log.warning("the browser client's files are missing from %s", WEB_ROOT)
    loop = asyncio.get_running_loop()
    try:
        server = await loop.create_server(lambda: WebConnection(host, files), bind, port,
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


__all__ = ["CSP", "DEFAULT_WEB_PORT", "StaticFile", "WS_PATH", "WebConnection", "WebListenError",
           "game_facts", "load_files", "start_web"]
