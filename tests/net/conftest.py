"""Fixtures for host tests: a real host on 127.0.0.1 and real clients."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any, AsyncIterator

import pytest

from net.client import Client, decision_key, random_intent
from net.host import Host
from net.limits import Limits

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
        intent = random_intent(view, rng)
        if intent is None or decision_key(view) == sent_for:
            continue
        sent_for = decision_key(view)
        await client.send(intent[0], **intent[1])


def is_game_over(ev: dict) -> bool:
    return ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"])


def has_change(kind: str):
    return lambda ev: ev["type"] == "update" and any(e["type"] == kind for e in ev["events"])
