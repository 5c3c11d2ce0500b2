"""Bots run off the event loop and are checked like people: slow and wrong bots."""

from __future__ import annotations

import time

from hearts.bots import RandomBot
from net.host import Host

from .conftest import connect, has_change


class SlowBot(RandomBot):
    """Thinks far past its budget."""

    name = "slow"

    def choose_play(self, view, budget):
        time.sleep(1.6)
        return super().choose_play(view, budget)


class WrongBot(RandomBot):
    """Always plays a card it may not play."""

    name = "wrong"

    def choose_play(self, view, budget):
        illegal = [c for c in view.hand if c not in view.legal]
        return illegal[0] if illegal else "XX"


async def test_a_slow_bot_is_overruled_and_the_host_keeps_serving(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"pass_count": 0}, seat=3)
    tid = (await ann.wait_for("table"))["table"]["id"]
    for seat in range(3):
        await ann.send("bot", seat=seat, level=f"{__name__}:SlowBot")
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


async def test_an_illegal_bot_move_is_replaced_by_a_legal_one(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"pass_count": 0}, seat=3)
    await ann.wait_for("table")
    for seat in range(3):
        await ann.send("bot", seat=seat, level=f"{__name__}:WrongBot")
    await ann.send("start")
    # the bots' illegal cards are refused by the engine and legal ones played instead:
    # the first trick opens with 2C and the game gets to Ann
    ev = await ann.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "card_played" and c["seat"] != 3 for c in e["events"]), timeout=10)
    first = next(c for c in ev["events"] if c["type"] == "card_played")
    assert first["card"] == "2C" or first["seat"] == 3
    await ann.wait_for(lambda e: e["type"] in ("update", "table") and ann.view is not None
                       and (ann.view["turn"] == 3 or ann.view["tricks"]), timeout=10)
    await ann.close()
