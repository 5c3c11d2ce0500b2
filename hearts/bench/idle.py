"""Idle connections for `hearts bench host --clients N --idle`, in a process of their own.

Each connection says hello, stays in the lobby, reads what the host sends and
answers its pings, and does nothing else: a person who opened the game and
walked away. Run as ``python -m hearts.bench.idle PORT N``: prints ``connected K``
as they come (K welcomed so far, after each batch), ``ready K`` once K of the N were
welcomed, then holds them until its standard input closes, and prints ``alive K bytes B``
(connections still open, bytes received).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

from hearts.net.guard import raise_fd_limit
from hearts.net.protocol import PROTOCOL_VERSION, encode

_PING = encode({"type": "ping"})
_PONG = encode({"type": "pong"})
_WELCOME = b"\xa7welcome"


class IdleClient(asyncio.Protocol):
    """Says hello, answers pings (found by their bytes: no decoding), holds on."""

    received = 0

    def __init__(self, name: str, welcomed: asyncio.Future[bool] | None) -> None:
        self.name = name
        self.welcomed = welcomed
        self.open = False
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.open = True
        transport.write(encode({"type": "hello", "version": PROTOCOL_VERSION,  # type: ignore
                                "name": self.name}))

    def data_received(self, data: bytes) -> None:
        IdleClient.received += len(data)
        if self.welcomed is not None and not self.welcomed.done() and _WELCOME in data:
            self.welcomed.set_result(True)
        if _PING in data:
            assert self.transport is not None
            self.transport.write(_PONG * data.count(_PING))

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if self.welcomed is not None and not self.welcomed.done():
            self.welcomed.set_result(False)


async def hold(port: int, n: int, batch: int = 100,
               report: Callable[[int], None] | None = None) -> list[IdleClient]:
    """Open ``n`` idle connections (``batch`` at a time: the listen backlog is short);
    ``report(k)`` after each batch, ``k`` welcomed so far."""
    loop = asyncio.get_running_loop()
    clients: list[IdleClient] = []
    welcomed = 0
    for start in range(0, n, batch):
        futs = []
        for i in range(start, min(n, start + batch)):
            fut = loop.create_future()
            futs.append(fut)

            async def one(i: int = i, fut: asyncio.Future[bool] = fut) -> None:
                try:
                    _, c = await loop.create_connection(lambda: IdleClient(f"idle{i}", fut),
                                                        "127.0.0.1", port)
                    clients.append(c)
                except OSError:
                    if not fut.done():
                        fut.set_result(False)
            loop.create_task(one())
        welcomed += sum(await asyncio.wait_for(asyncio.gather(*futs), 30))
        if report is not None:
            report(welcomed)
    return clients


async def _main(port: int, n: int) -> None:
    raise_fd_limit(n + 256)
    clients = await hold(port, n, report=lambda k: print(f"connected {k}", flush=True))
    print(f"ready {sum(c.open for c in clients)}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    print(f"alive {sum(c.open for c in clients)} bytes {IdleClient.received}", flush=True)
    for c in clients:
        if c.transport is not None:
            c.transport.abort()


if __name__ == "__main__":
    asyncio.run(_main(int(sys.argv[1]), int(sys.argv[2])))
