"""Fixtures for the web side: a host serving the page on loopback, raw HTTP, WebSocket clients."""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator

import pytest
from websockets.asyncio.client import ClientConnection, connect

from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from ..net.conftest import FAST


@pytest.fixture
async def host(tmp_path) -> AsyncIterator[Host]:
    h = Host(name="web", save_dir=tmp_path / "saves", limits=FAST, bot_level="random", seed=5)
    await h.start(bind="127.0.0.1", port=0, web_port=0)
    yield h
    await h.stop()


async def http(host: Host, raw: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` bytes to the web port; the status, headers and body of the answer."""
    r, w = await asyncio.open_connection("127.0.0.1", host.web_port)
    w.write(raw)
    data = await asyncio.wait_for(r.read(), timeout)
    w.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:])}
    return status, headers, body


async def get(host: Host, path: str, *extra: str) -> tuple[int, dict[str, str], bytes]:
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *extra]
    return await http(host, ("\r\n".join(lines) + "\r\n\r\n").encode())


class WS:
    """A WebSocket client speaking the protocol: one msgpack map per binary message."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.dec = Decoder(FAST.from_host())
        self.got: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, host: Host, name: str | None = None, token: str | None = None,
                   as_name: str | None = None, **kw: Any) -> "WS":
        """Connect (to 127.0.0.1, under the name ``as_name`` when given) and say hello."""
        if as_name is not None:
            kw.update(host="127.0.0.1", port=host.web_port)
        conn = await connect(f"ws://{as_name or '127.0.0.1'}:{host.web_port}/ws", max_size=None,
                             compression=None, **kw)
        ws = cls(conn)
        if name is not None:
            await ws.send(hello(name, token))
            await ws.until("tables")
        return ws

    async def send(self, msg: dict[str, Any]) -> None:
        await self.conn.send(encode(msg))

    async def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next message; None once the host closed."""
        if self.got:
            return self.got.pop(0)
        try:
            data = await asyncio.wait_for(self.conn.recv(), timeout)
        except Exception as e:
            if isinstance(e, asyncio.TimeoutError):
                raise
            return None
        assert isinstance(data, bytes), "the host sends binary messages only"
        msgs = self.dec.feed(data)
        assert len(msgs) == 1 and not self.dec.pending, "one map per WebSocket message"
        return msgs[0]

    async def until(self, kind: str, timeout: float = 10.0,
                    match=lambda m: True) -> dict[str, Any] | None:
        """The next message of ``kind`` (skipping others); None when the host closed."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, end - loop.time()))
            if msg is None or msg["type"] == kind and match(msg):
                return msg

    async def close(self) -> None:
        await self.conn.close()


def hello(name: str, token: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    if token:
        msg["token"] = token
    return msg
