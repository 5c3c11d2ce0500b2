"""Fixtures for host tests: a real host on 127.0.0.1 and real clients."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from hearts.net.client import Client, decision_key, random_intent
from hearts.net.host import Host
from hearts.net.limits import Limits

FAST = Limits(drop_grace=0.3, heartbeat_interval=0.5, heartbeat_timeout=5.0, hello_timeout=2.0,
              bot_budget=0.05)


@pytest.fixture
async def host(tmp_path) -> AsyncIterator[Host]:
    h = Host(name="test", save_dir=tmp_path / "saves", limits=FAST, bot_level="random", seed=7)
    await h.start(bind="127.0.0.1", port=0)
    yield h
    await h.stop()


async def connect(host: Host, name: str, **kw: Any) -> Client:
    c = Client("127.0.0.1", host.port, name=name, limits=FAST, **kw)
    await c.connect()
    return c


async def play_until(client: Client, stop, rng: random.Random | None = None,
                     timeout: float = 30.0) -> dict:
    """Play random legal moves for ``client`` until ``stop(event)`` is true; returns that event."""
    rng = rng or random.Random(client.name)
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    sent_for: Any = None
    while True:
        left = end - loop.time()
        if left <= 0:
            raise asyncio.TimeoutError(f"{client.name}: stop condition not reached")
        ev = await client.next_event(left)
        if stop(ev):
            return ev
        if ev["type"] not in ("update", "table"):
            continue
        view = client.view
        if view is None:                # watching, or not at a table yet
            continue
        intent = random_intent(view, rng)
        if intent is None or decision_key(view) == sent_for:
            continue
        sent_for = decision_key(view)
        await client.send(intent[0], **intent[1])


async def start_host_process(port: int, save_dir: Path, *extra: str) -> subprocess.Popen:
    """`hearts host` in its own process on 127.0.0.1:``port`` saving to ``save_dir``,
    returned once it accepts connections."""
    cmd = [sys.executable, "-m", "hearts.cli", "host", "--bind", "127.0.0.1", "--port",
           str(port), "--save-dir", str(save_dir), "--bot", "random", "--no-advertise", *extra]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    for _ in range(200):
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return proc
        except OSError:
            await asyncio.sleep(0.05)
    proc.kill()
    assert proc.stderr is not None
    raise AssertionError(proc.stderr.read().decode())


def is_game_over(ev: dict) -> bool:
    return ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"])


def has_change(kind: str):
    return lambda ev: ev["type"] == "update" and any(e["type"] == kind for e in ev["events"])
