"""Bots run off the event loop: a slow bot is overruled and the host keeps serving (a
wrong bot's move: test_core_seats.py)."""

from __future__ import annotations

import time

from hearts.bots import RandomBot
from hearts.net.host import Host

from .conftest import FAST, connect, has_change


class SlowBot(RandomBot):
    """Thinks far past its budget."""

    name = "slow"

    def choose_play(self, view, budget):
        time.sleep(1.6)
        return super().choose_play(view, budget)


async def test_a_slow_bot_is_overruled_and_the_host_keeps_serving(tmp_path) -> None:
    slow = f"{__name__}:SlowBot"          # the operator's plug-in: guests may name it
    host = Host(name="test", save_dir=tmp_path, limits=FAST, bot_level="random", seed=7,
                plug_ins=(slow,))
    await host.start(bind="127.0.0.1", port=0)
    try:
        await _slow_bot_overruled(host, slow)
    finally:
        await host.stop()


async def _slow_bot_overruled(host: Host, slow: str) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"pass_count": 0}, seat=3)
    tid = (await ann.wait_for("table"))["table"]["id"]
    for seat in range(3):
        await ann.send("bot", seat=seat, level=slow)
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    t0 = time.monotonic()
    # the first bot to lead overruns; a legal card is played for it after ~1.15 s
    ev = await ann.wait_for(has_change("card_played"), timeout=10)
    assert 0.9 < time.monotonic() - t0 < 3.0
    # meanwhile the host answers at once
    t1 = time.monotonic()
    await ann.send("command", text="/who")
    reply = await ann.wait_for("reply", timeout=5)
    assert "SlowBot" in reply["text"] or "bot" in reply["text"]
    assert time.monotonic() - t1 < 1.0
    await ann.close()

