"""One connection to the host, TCP (and, through `hearts.net.web`, WebSocket): bytes in
through the `Decoder`, messages out through `Connection.send`. The host it belongs to is
any `Shell`: the connection tells it what happened (opened, a message, silence before
hello, lost) and the host tells the core."""

from __future__ import annotations

import asyncio
import itertools
import logging
import socket
from typing import Any, Protocol

from .guard import Guard
from .limits import Limits
from .outbox import ConnId, Player
from .protocol import AnyMessage, Decoder, ProtocolError, encode, error
from .server import ServerCore

log = logging.getLogger("hearts.host")
_ids = itertools.count(1)


class Shell(Protocol):
    """What a connection needs of its host (`hearts.net.host.Host`)."""

    guard: Guard
    limits: Limits
    core: ServerCore

    @property
    def loop(self) -> asyncio.AbstractEventLoop: ...
    def on_opened(self, conn: "Connection") -> None: ...
    def on_hello_timeout(self, conn: "Connection") -> None: ...
    def on_message(self, conn: "Connection", raw: Any) -> None: ...
    def on_lost(self, conn: "Connection") -> None: ...


class Connection(asyncio.Protocol):
    """One TCP connection: bytes in through the Decoder, messages out through `send`.
    The core knows it by its number, ``id``."""

    pool = "game"           # whose connection budget it counts in (net.guard)

    def __init__(self, host: "Shell") -> None:
        self.host = host
        self.id: ConnId = next(_ids)
        self.decoder = Decoder(host.limits)
        self.transport: asyncio.Transport | None = None
        self.addr = ""
        self.last_seen = 0.0
        self.closed = False
        self.behind_since: float | None = None     # when its unread output passed the mark
        self._hello_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transport is not an asyncio.Transport subclass, but has its methods
        self.transport = transport  # type: ignore[assignment]
        peer = transport.get_extra_info("peername")
        self.addr = peer[0] if peer else ""
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        loop = asyncio.get_running_loop()
        self.last_seen = loop.time()
        if not self.host.guard.admit(self, self.last_seen):
            return
        self._hello_timer = loop.call_later(self.host.limits.hello_timeout, self._hello_timeout)
        self.host.on_opened(self)

    def _hello_timeout(self) -> None:
        self._hello_timer = None
        self.host.on_hello_timeout(self)

    @property
    def player(self) -> Player | None:
        """Who said hello on this connection (the core's record)."""
        return self.host.core.player_on(self.id)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            messages = self.decoder.feed(data)
        except ProtocolError as e:
            self.fail(error(e.code, e.message))
            return
        self.deliver(messages)

    def deliver(self, messages: list[Any], others: int = 0) -> None:
        """Hand whole decoded messages to the host within the message rate (``others``:
        more frames that count toward it, like a WebSocket's pings)."""
        if not messages and not others:
            return
        now = self.host.loop.time()
        if messages:
            # only whole messages count as life: a client dribbling a frame byte by byte
            # is closed by the heartbeat like a silent one
            self.last_seen = now
        if not self.host.guard.messages(self, len(messages) + others, now):
            return
        for raw in messages:
            if self.closed:
                return
            self.host.on_message(self, raw)

    def send(self, msg: AnyMessage) -> None:
        self.send_bytes(encode(self.host.core.said_for(self.id, msg)))

    def send_bytes(self, data: bytes) -> None:
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        t.write(data)
        if t.get_write_buffer_size() > self.host.limits.max_write_buffer:
            log.warning("dropping %s: it does not read its messages", self.addr)
            self.closed = True
            t.abort()

    def holds_back(self, now: float) -> bool:
        """Whether bots wait for this reader: more than ``bot_wait_buffer`` bytes of its
        output unread, and not for ``slow_reader_wait`` seconds straight (a reader that
        takes nothing is not waited for: it is dropped at ``max_write_buffer``)."""
        t = self.transport
        lim = self.host.limits
        if self.closed or t is None or t.get_write_buffer_size() <= lim.bot_wait_buffer:
            self.behind_since = None
            return False
        if self.behind_since is None:
            self.behind_since = now
        return now - self.behind_since < lim.slow_reader_wait

    def fail(self, msg: AnyMessage) -> None:
        """Send a last error and close."""
        self.send(msg)
        self.close()

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()
        self.closed = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self._hello_timer is not None:
            self._hello_timer.cancel()
            self._hello_timer = None
        self.host.guard.release(self)
        self.host.on_lost(self)


__all__ = ["Connection", "Shell"]
