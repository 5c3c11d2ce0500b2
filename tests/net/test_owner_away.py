"""Game night over real sockets: an owner who wanders off hands the table on after the
grace (with a countdown every member sees), and a plain host restart tells a returning
client that its table is gone (docs/protocol.md, *Ownership* and *Session*)."""

from __future__ import annotations

import asyncio

import pytest

from hearts.net.client import Client
from hearts.net.host import Host

from tests.ports import free_port

from .conftest import FAST, connect, has_change


async def test_an_away_owner_hands_the_table_on_after_the_grace(host: Host) -> None:
    ann = Client("127.0.0.1", host.port, name="Ann", limits=FAST, reconnect=False)
    await ann.connect()
    await ann.send("create_table", rules={"target": 20})
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    await ann.close()                            # her phone sleeps
    t = await bob.wait_for(lambda e: e["type"] == "table" and e["table"]["owner_away"])
    assert t["table"]["owner"] == "Ann" and t["owner"] is False
    assert 0 < t["table"]["owner_away"] <= FAST.drop_grace
    ev = await bob.wait_for(has_change("owner_changed"), timeout=3)
    assert ev["events"][-1] == {"type": "owner_changed", "name": "Bob", "seat": 1,
                                "why": "away"}
    mine = await bob.wait_for("table")
    assert mine["owner"] is True and mine["table"]["owner_away"] is None
    await bob.send("start")
    await bob.wait_for(has_change("game_started"))
    await bob.close()


async def test_a_plain_restart_tells_a_returning_client_its_table_is_gone(tmp_path) -> None:
    port = free_port()
    first = Host(name="first", save_dir=tmp_path, limits=FAST, bot_level="random")
    await first.start(bind="127.0.0.1", port=port)
    ann = Client("127.0.0.1", port, name="Ann", limits=FAST, reconnect=True)
    await ann.connect()
    hello = await ann.wait_for("welcome")
    assert hello["returning"] is False and hello["table"] is None
    await ann.send("create_table")
    await ann.wait_for("table")
    token = ann.token
    ann.drop_link()                          # the same host: her table and seat are back
    back = await ann.wait_for("welcome", timeout=10)
    assert back["returning"] is True and back["table"] == 1 and ann.token == token
    await first.stop()                       # a plain restart, without --resume
    second = Host(name="second", save_dir=tmp_path, limits=FAST, bot_level="random")
    await second.start(bind="127.0.0.1", port=port)
    try:
        again = await ann.wait_for("welcome", timeout=15)
        assert again["returning"] is False and again["table"] is None
        assert ann.token != token
    finally:
        await ann.close()
        await second.stop()
