"""An asyncio client for the Hearts host: connect, hello, send intents, read events.

>>> client = Client("127.0.0.1", 7895, name="Ann")
>>> welcome = await client.connect()          # raises ClientError with one sentence
>>> await client.send("create_table", rules={"preset": "standard"})
>>> async for event in client:                # every host message, as a dict
...     if event["type"] == "update": render(event["view"])

The client answers the host's pings itself, keeps the latest ``table`` and
``view`` it was sent, and when the connection drops it reconnects with its seat
token (``reconnect=True``), so the host gives the seat back with its full view.
Besides the host's messages (docs/protocol.md) the iterator yields two local
events: ``{"type": "disconnected", "code", "reason"}`` when the link is lost (a
reconnect follows), ``{"type": "reconnecting", "attempt": n}`` before each try, and
``{"type": "closed", "code", "reason"}`` when the client stops for good (after `close`,
a fatal error, or when reconnecting gave up). ``code`` is one of `END_CODES` (or a
fatal error's own code, `FATAL_CODES`), for comparing; ``reason`` is words, for a log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from typing import Any, AsyncIterator, Callable, NamedTuple

from hearts.i18n import _, error_words

from .errors import NetError
from .limits import DEFAULT_LIMITS, Limits
from .mirror import Mirror, MirrorReader
from .protocol import (DEFAULT_PORT, PROTOCOL_VERSION, AnyMessage, Decoder, Message,
                       ProtocolError, check_event, encode, intent)

log = logging.getLogger("hearts.client")

FATAL_CODES = frozenset({"version", "hello-first", "hello-timeout", "bad-frame", "too-large",
                         "replaced"})
BACKLOG_POLL = 0.01     # seconds between looks at a full backlog (see `Client.backlog`)

# why a link ended, as a ``code`` of the ``disconnected`` and ``closed`` events
SILENT = "silent"               # the host sent nothing for ``heartbeat_timeout``
FAILED = "failed"               # the connection failed (reset, unreachable)
HOST_CLOSED = "host-closed"     # the host closed the connection without a word
BAD_DATA = "bad-data"           # the host sent bytes that are not the protocol
BYE = "bye"                     # the host said goodbye (it is shutting down)
CLOSED = "closed"               # this client closed it (`Client.close`)
GAVE_UP = "gave-up"             # the host did not come back within ``retry_for``
END_CODES = frozenset({SILENT, FAILED, HOST_CLOSED, BAD_DATA, BYE, CLOSED, GAVE_UP})


class LinkEnd(NamedTuple):
    """Why a link ended: a ``code`` to compare, a ``reason`` in words; ``fatal``: an
    error the host closes on (`FATAL_CODES`: no reconnecting)."""

    code: str
    reason: str
    fatal: bool = False


def decision_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What identifies the decision a seat faces in a view dict: an update that leaves the
    key unchanged (a watcher came, a chat line) asks nothing new, so answer once."""
    return (tuple(view["totals"]), view["phase"], len(view["hand"]), view["turn"],
            len(view["trick"]), view["has_passed"][view["seat"]])


def random_intent(view: dict[str, Any] | None,
                  rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A random legal answer (intent type and fields) to the decision the view's seat
    faces now, or None when it has none. For tests, benchmarks and fuzzing."""
    if not view or view.get("seat") is None:
        return None
    seat = view["seat"]
    if view["phase"] == "pass" and not view["has_passed"][seat]:
        return "pass", {"cards": rng.sample(view["hand"], view["rules"]["pass_count"])}
    if view["phase"] == "play" and view["turn"] == seat and view["legal"]:
        return "play", {"card": rng.choice(view["legal"])}
    if view["phase"] == "moon-choice" and view["turn"] == seat:
        return "moon", {"choice": rng.choice(("add", "subtract"))}
    return None


class ClientError(NetError):
    """The client cannot go on (no host, wrong version, closed); one sentence."""

    default_code = "client"


class Client(MirrorReader):
    """One connection to a host, with automatic reconnect using the seat token.

    It folds what the host says into its `mirror` (read through `MirrorReader`), unless
    ``fold`` is False: a front end that keeps a mirror of its own (the desktop's session,
    the text client's renderer) folds each message there, once."""

    def __init__(self, host: str, port: int = DEFAULT_PORT, name: str = "player",
                 token: str | None = None, reconnect: bool = True, retry_for: float = 30.0,
                 limits: Limits = DEFAULT_LIMITS, key: str | None = None,
                 lang: str | None = None, backlog: int | None = None,
                 fold: bool = True) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.token = token
        self.key = key                  # the player key (who we are in the host's statistics)
        self.lang = lang                # the language the host words its messages in
        self.reconnect = reconnect
        self.retry_for = retry_for
        self.limits = limits
        # read no more from the socket while this many messages wait to be taken (the
        # host then holds its bots back: `hearts.net.readers.Readers`); None: no bound
        self.backlog = backlog
        self.mirror = Mirror()                     # what the host told us, folded
        self.fold = fold
        self.connected = asyncio.Event()
        self._events: asyncio.Queue[Message] = asyncio.Queue()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[Any] | None = None
        self._closed = False
        self._welcome: asyncio.Future[Message] | None = None

    # -- connecting ----------------------------------------------------------------------
    async def connect(self, timeout: float = 10.0) -> Message:
        """Open the connection and say hello; returns the host's ``welcome``."""
        loop = asyncio.get_running_loop()
        self._welcome = loop.create_future()
        await self._open(timeout)
        self._task = loop.create_task(self._run())
        try:
            return await asyncio.wait_for(asyncio.shield(self._welcome), timeout)
        except asyncio.TimeoutError:
            await self.close()
            raise ClientError(_("the host at {address} did not answer the hello").format(
                address=f"{self.host}:{self.port}")) from None
        except ClientError:
            await self.close()
            raise

    async def _open(self, timeout: float) -> None:
        try:
            self._reader, self._writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), timeout)
        except (OSError, asyncio.TimeoutError) as e:
            raise ClientError(_("cannot reach a Hearts host at {address} ({why})").format(
                address=f"{self.host}:{self.port}", why=error_words(e))) from None
        hello: Message = {"type": "hello", "version": PROTOCOL_VERSION, "name": self.name}
        if self.token:
            hello["token"] = self.token
        if self.key:
            hello["key"] = self.key
        if self.lang:
            hello["lang"] = self.lang
        self._write(hello)

    async def _run(self) -> None:
        end = LinkEnd(CLOSED, "closed")
        try:
            while True:
                end = await self._read_loop()
                if self._closed or not self.reconnect or end.fatal:
                    break
                self.connected.clear()
                self._events.put_nowait({"type": "disconnected", "code": end.code,
                                         "reason": end.reason})
                if not await self._reconnect():
                    end = LinkEnd(GAVE_UP, "could not reconnect to the host")
                    break
        finally:
            self.connected.clear()
            self._close_writer()
            if self._welcome is not None and not self._welcome.done():
                self._welcome.set_exception(ClientError(end.reason))
                self._welcome.exception()   # mark retrieved: connect() may have given up
            self._events.put_nowait({"type": "closed", "code": end.code, "reason": end.reason})

    async def _reconnect(self) -> bool:
        loop = asyncio.get_running_loop()
        end = loop.time() + self.retry_for
        delay = 0.1
        attempt = 0
        while not self._closed and loop.time() < end:
            attempt += 1
            self._events.put_nowait({"type": "reconnecting", "attempt": attempt})
            try:
                await self._open(min(5.0, max(0.1, end - loop.time())))
                return True
            except ClientError:
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
        return False

    async def _read_loop(self) -> LinkEnd:
        """Read until the link fails; returns why (a fatal one stops reconnecting)."""
        assert self._reader is not None
        decoder = Decoder(self.limits.from_host())
        reader = self._reader
        timeout = self.limits.heartbeat_timeout
        while True:
            while self.backlog is not None and self._events.qsize() >= self.backlog:
                await asyncio.sleep(BACKLOG_POLL)
            try:
                data = await asyncio.wait_for(reader.read(65536), timeout)
            except asyncio.TimeoutError:
                return LinkEnd(SILENT, "the host went silent")
            except (OSError, asyncio.IncompleteReadError) as e:
                return LinkEnd(FAILED, f"the connection failed ({e})")
            if not data:
                return LinkEnd(HOST_CLOSED, "the host closed the connection")
            try:
                messages = decoder.feed(data)
            except ProtocolError as e:
                return LinkEnd(BAD_DATA, f"the host sent bad data ({e.message})")
            for raw in messages:
                try:
                    msg = check_event(raw)
                except ProtocolError as e:
                    log.warning("ignoring a host message: %s", e.message)
                    continue
                stop = self._handle(msg)
                if stop:
                    return stop

    def _handle(self, msg: Message) -> LinkEnd | None:
        kind = msg["type"]
        if kind == "ping":
            self._write({"type": "pong"})
            return None
        if kind == "pong":
            return None
        if self.fold:
            self.mirror.feed(msg)
        if kind == "welcome":
            self.token = msg.get("token", self.token)
            self.name = msg.get("name", self.name)
            self.connected.set()
            if self._welcome is not None and not self._welcome.done():
                self._welcome.set_result(msg)
        self._events.put_nowait(msg)
        if kind == "error" and msg.get("code") in FATAL_CODES:
            return LinkEnd(str(msg["code"]), str(msg.get("message")), fatal=True)
        if kind == "bye":
            return LinkEnd(BYE, str(msg.get("reason") or "the host said goodbye"))
        return None

    # -- what the mirror holds, for callers that read the client ---------------------------
    @property
    def player(self) -> int | None:
        return self.mirror.player

    @property
    def host_name(self) -> str | None:
        return self.mirror.host

    # -- using -----------------------------------------------------------------------------
    def _write(self, msg: AnyMessage) -> None:
        w = self._writer
        if w is not None and not w.is_closing():
            w.write(encode(msg))

    async def send(self, type_: str, wait: float = 10.0, **fields: Any) -> None:
        """Send one intent (checked first; raises ProtocolError if malformed).

        While reconnecting it waits up to ``wait`` seconds for the link to come back.
        """
        msg = intent(type_, **fields)
        if self._closed:
            raise ClientError(_("the client is closed"))
        if not self.connected.is_set():
            try:
                await asyncio.wait_for(self.connected.wait(), wait)
            except asyncio.TimeoutError:
                raise ClientError(_("not connected to the host")) from None
        self._write(msg)

    def send_nowait(self, type_: str, **fields: Any) -> None:
        """Send one intent now (dropped if the link is down)."""
        self._write(intent(type_, **fields))

    async def next_event(self, timeout: float | None = None) -> Message:
        """The next message from the host (or a local disconnected/closed event)."""
        if timeout is None:
            return await self._events.get()
        return await asyncio.wait_for(self._events.get(), timeout)

    async def wait_for(self, match: str | Callable[[Message], bool],
                       timeout: float = 10.0) -> Message:
        """Skip events until one of type ``match`` (or for which ``match(e)`` is true)."""
        pred = (lambda e: e["type"] == match) if isinstance(match, str) else match
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"no {match} event within {timeout} s")
            event = await self.next_event(left)
            if pred(event):
                return event
            if event["type"] == "closed":
                raise ClientError(event.get("reason") or "the connection closed")

    def __aiter__(self) -> AsyncIterator[Message]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Message]:
        while True:
            event = await self._events.get()
            yield event
            if event["type"] == "closed":
                return

    def drop_link(self) -> None:
        """Cut the TCP connection without closing the client (it reconnects): for tests."""
        if self._writer is not None:
            self._writer.transport.abort()

    def _close_writer(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()

    async def close(self) -> None:
        """Close for good (no reconnect)."""
        self._closed = True
        self._close_writer()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        self.connected.clear()

    async def __aenter__(self) -> "Client":
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


__all__ = ["BAD_DATA", "BYE", "CLOSED", "END_CODES", "FAILED", "GAVE_UP", "HOST_CLOSED",
           "LinkEnd", "SILENT", "Client", "ClientError"]
