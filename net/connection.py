"""One connection to the host, TCP (and, through `hearts.net.web`, WebSocket): bytes in
through the `Decoder`, messages out through `Connection.send`. The host it belongs to is
any `Shell`: the connection tells it what happened (opened, whole messages, output left
unread, a page's connection become a WebSocket, lost) and the host tells the core, which
decides (let in, refused, too fast, silent, not reading) and orders what the connection
does."""

from __future__ import annotations

import asyncio
import itertools
import logging
import socket
from typing import Any, Protocol

from .limits import Limits
from .outbox import ConnId, Player
from .protocol import AnyMessage, Decoder, ProtocolError, encode, error
from .server import ServerCore

log = logging.getLogger("hearts.host")
_ids = itertools.count(1)


class Shell(Protocol):
    """What a connection needs of its host (`hearts.net.host.Host`)."""

    limits: Limits
    core: ServerCore

    @property
    def loop(self) -> asyncio.AbstractEventLoop: ...
    def on_opened(self, conn: "Connection") -> None: ...
    def on_upgraded(self, conn: "Connection") -> None: ...
    def on_messages(self, conn: "Connection", raws: list[Any], others: int = 0) -> None: ...
    def on_unread(self, conn: "Connection", nbytes: int) -> None: ...
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
        self.closed = False
        self._mark = host.core.unread_mark         # unread output over this is reported

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
        # told when the unread output drains back to the mark (`resume_writing`)
        if self.transport is not None:
            self.transport.set_write_buffer_limits(high=self._mark, low=self._mark)
        self.host.on_opened(self)                   # let in, or refused and closed

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
        """Hand whole decoded messages to the host (``others``: more frames that count
        toward the message rate, like a WebSocket's pings)."""
        if messages or others:
            self.host.on_messages(self, messages, others)

    def send(self, msg: AnyMessage, said: bool = False) -> None:
        """``msg``, its words said in the connection's language (``said``: they are
        already, as in the core's outbox)."""
        self.send_bytes(encode(msg if said else self.host.core.said_for(self.id, msg)))

    def send_bytes(self, data: bytes) -> None:
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        t.write(data)
        size = t.get_write_buffer_size()
        if size > self._mark:
            self.host.on_unread(self, size)

    def pause_writing(self) -> None:
        """Over the mark: reported by `send_bytes` already."""

    def resume_writing(self) -> None:
        """The unread output is back at the mark: the host tells the core."""
        t = self.transport
        if not self.closed and t is not None:
            self.host.on_unread(self, t.get_write_buffer_size())

    def abort(self) -> None:
        """Close at once, dropping what is unread (a silent connection, or one that does
        not read)."""
        self.closed = True
        if self.transport is not None:
            log.info("dropping the connection from %s", self.addr)
            self.transport.abort()

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
        self.host.on_lost(self)


__all__ = ["Connection", "Shell"]
