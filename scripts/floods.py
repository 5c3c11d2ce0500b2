"""What a hostile guest gets out of a host, measured over loopback: table password guesses
a second, look-alike names accepted as other people, a kicked person sitting again under
a new name. Each figure for every source tree given, in one run on one machine.

    .venv/bin/python scripts/floods.py                      # the installed tree
    .venv/bin/python scripts/floods.py --tree before=/tmp/old --tree after=.

A tree is a checkout laid out as installed (``hearts/net`` and ``hearts/assets``), or
``.`` for the installed one. The host runs as `hearts host` in its own process; the
guesses come from 16 connections of one address, 127.0.0.1 (the host's own machine) and
127.0.0.2 (another address, paced under the message-rate limit), for ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgpack

PASSWORD = "7391"
LOOKALIKES = ["ann", "ANN", "\u0410nn", "\u0410NN", "\uff21\uff4e\uff4e", "A\u200bnn",
              "A\u00adnn", "\u0391nn"]


class Peer:
    """One raw protocol connection from ``source``."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.r, self.w = reader, writer
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=8 << 20)

    @classmethod
    async def open(cls, port: int, name: str, source: str = "127.0.0.1",
                   key: str | None = None) -> tuple["Peer", dict[str, Any]]:
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        peer = cls(r, w)
        hello = {"type": "hello", "version": 1, "name": name}
        if key:
            hello["key"] = key
        peer.send(hello)
        return peer, await peer.until("welcome")

    def send(self, msg: dict[str, Any]) -> None:
        self.w.write(msgpack.packb(msg))

    async def next(self) -> dict[str, Any]:
        while True:
            for msg in self.unpacker:
                return dict(msg)
            data = await self.r.read(65536)
            if not data:
                raise ConnectionError("closed")
            self.unpacker.feed(data)

    async def until(self, *kinds: str) -> dict[str, Any]:
        while True:
            msg = await self.next()
            if msg.get("type") in kinds:
                return msg

    def close(self) -> None:
        self.w.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_host(tree: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if tree != ".":
        env["PYTHONPATH"] = str(Path(tree).resolve())
        env["HEARTS_PYTHON_PLAYOUTS"] = "1"
    return subprocess.Popen([sys.executable, "-m", "hearts.cli", "host", "--bind", "127.0.0.1",
                             "--port", str(port), "--no-web", "--no-advertise", "--bot",
                             "random"], env=env, cwd=tree, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_listening(port: int) -> None:
    for _ in range(400):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise SystemExit(f"no host on port {port}")


async def guesses(port: int, source: str, seconds: float, paced: bool) -> dict[str, float]:
    """16 connections from ``source`` guess the password of a new table for ``seconds``."""
    owner, _ = await Peer.open(port, "Owner")
    owner.send({"type": "create_table", "password": PASSWORD})
    table = (await owner.until("table"))["table"]["id"]
    counts = {"password": 0, "limit": 0, "other": 0, "closed": 0}
    end = time.monotonic() + seconds
    guess = iter(range(10**6))

    async def guesser(i: int) -> None:
        peer, _ = await Peer.open(port, f"Guesser{i}", source)
        try:
            while time.monotonic() < end:
                peer.send({"type": "sit", "table": table, "password": f"{next(guess):04d}"})
                answer = await peer.until("error", "table")
                code = answer.get("code", "other")
                counts[code if code in counts else "other"] += 1
                if paced:
                    await asyncio.sleep(1 / 45)  # under the 50 a second a connection may send
        except ConnectionError:
            counts["closed"] += 1
        finally:
            peer.close()
    await asyncio.gather(*(guesser(i) for i in range(16)))
    owner.close()
    return {"checked": counts["password"] / seconds, "limit": counts["limit"] / seconds,
            "closed": counts["closed"]}


async def lookalikes(port: int) -> list[str]:
    """With Ann at the host, the names each look-alike gets."""
    ann, _ = await Peer.open(port, "Ann")
    got = []
    for name in LOOKALIKES:
        peer, welcome = await Peer.open(port, name)
        got.append(str(welcome["name"]))
        peer.close()
    ann.close()
    return got


async def kick_dodge(port: int) -> dict[str, bool]:
    """Robert, kicked, comes back as Bob with his key, and without a key from his address."""
    out = {}
    for key in ("robert-key-0123456789abcdef", None):
        ann, _ = await Peer.open(port, "Ann")
        ann.send({"type": "create_table"})
        table = (await ann.until("table"))["table"]["id"]
        robert, _ = await Peer.open(port, "Robert", "127.0.0.3", key)
        robert.send({"type": "sit", "table": table, "seat": 1})
        await robert.until("table")
        ann.send({"type": "kick", "seat": 1})
        await robert.until("left")
        robert.close()
        bob, _ = await Peer.open(port, "Bob", "127.0.0.3", key)
        bob.send({"type": "sit", "table": table, "seat": 2})
        answer = await bob.until("table", "error")
        out["with his key" if key else "by his address"] = answer["type"] == "table"
        bob.close()
        ann.close()
    return out


async def measure(tree: str, seconds: float) -> dict[str, Any]:
    port = _free_port()
    host = start_host(tree, port)
    try:
        await wait_listening(port)
        return {"127.0.0.1": await guesses(port, "127.0.0.1", seconds, paced=False),
                "127.0.0.2": await guesses(port, "127.0.0.2", seconds, paced=True),
                "names": await lookalikes(port), "kick": await kick_dodge(port)}
    finally:
        host.terminate()
        host.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    trees = [t.split("=", 1) for t in args.tree] or [["installed", "."]]
    for label, tree in trees:
        got = asyncio.run(measure(tree, args.seconds))
        print(f"{label} ({tree}):")
        for source in ("127.0.0.1", "127.0.0.2"):
            g = got[source]
            print(f"  password guesses checked from {source}: {g['checked']:8.1f}/s over "
                  f"{args.seconds:g} s ({g['checked'] * args.seconds:.0f} guesses; "
                  f"{g['limit']:.1f}/s refused with 'limit'; {g['closed']:.0f} connections "
                  "closed)")
        others = [n for n in got["names"] if "#" not in n]
        print(f"  look-alikes of 'Ann' taken as other people: {len(others)} of "
              f"{len(LOOKALIKES)}: {', '.join(repr(n) for n in got['names'])}")
        print("  kicked Robert back as Bob and seated: " + ", ".join(
            f"{how}: {'yes' if sat else 'no'}" for how, sat in got["kick"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
