"""Lobby chat over real sockets: a line from a player at no table reaches everyone on the
host (marked `scope: lobby` for those at tables, with nothing of any table in it); the
table's own chat stays at the table; the same length and rate limits as table chat,
and one rate for the whole lobby."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from net.client import Client
from net.console import operator_command
from net.host import Host

from .conftest import FAST, connect, has_change


def lobby_line(text: str):
    return lambda e: e["type"] == "chat" and e.get("text") == text


async def nothing_like(c: Client, pred, quiet: float = 0.4) -> bool:
    """True when no event matching ``pred`` arrives within ``quiet`` seconds."""
    try:
        await c.wait_for(pred, timeout=quiet)
    except asyncio.TimeoutError:
        return True
    return False


async def test_a_lobby_line_reaches_everyone_and_a_table_line_only_its_table(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", name="Oak")
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    wat = await connect(host, "Wat")
    await wat.send("watch", table=tid)
    await wat.wait_for("table")
    lou = await connect(host, "Lou")
    max_ = await connect(host, "Max")

    await lou.send("chat", text="anyone  for\ta game?")
    for c in (lou, max_, ann, bob, wat):
        line = await c.wait_for(lobby_line("anyone for a game?"))
        # only who and what: no table, seat or card reaches the lobby or comes from it
        assert line == {"type": "chat", "scope": "lobby", "name": "Lou",
                        "text": "anyone for a game?"}
    # a lobby line is not a change of the table (not in its updates, log or saves)
    assert await nothing_like(ann, lambda e: e["type"] == "update" and "a game?" in str(e), 0.3)

    await ann.send("chat", text="just us here")
    ev = await bob.wait_for(has_change("chat"))
    assert ev["events"][-1] == {"type": "chat", "name": "Ann", "seat": 0,
                                "text": "just us here"}
    for c in (lou, max_):
        assert await nothing_like(c, lambda e: "just us here" in str(e))

    # from a table, /lobby says a line in the lobby
    await bob.send("command", text="/lobby come and join table Oak")
    assert (await bob.wait_for("reply"))["text"] == "said in the lobby"
    line = await max_.wait_for(lobby_line("come and join table Oak"))
    assert line["name"] == "Bob" and line["scope"] == "lobby"

    # the host's operator speaks at every table and in the lobby
    assert operator_command(host, "closing at ten") == "said at 1 table(s) and in the lobby"
    assert (await lou.wait_for(lobby_line("closing at ten")))["name"] == "host"
    ev = await bob.wait_for(has_change("chat"))
    assert ev["events"][-1]["text"] == "closing at ten"
    assert await nothing_like(bob, lobby_line("closing at ten"), 0.3)   # said once, at the table
    for c in (ann, bob, wat, lou, max_):
        await c.close()


async def test_lobby_chat_limits() -> None:
    lim = replace(FAST, trusted=(), chat_burst=2, chat_per_second=0.5, lobby_chat_burst=3,
                  lobby_chat_per_second=0.5)
    h = Host(name="limits", limits=lim, bot_level="random", seed=3)
    await h.start(bind="127.0.0.1", port=0)
    try:
        ann = Client("127.0.0.1", h.port, name="Ann", limits=lim)
        bob = Client("127.0.0.1", h.port, name="Bob", limits=lim)
        for c in (ann, bob):
            await c.connect()
        # too long: refused whole, sent to nobody
        ann._write({"type": "chat", "text": "x" * (lim.max_chat + 1)})
        err = await ann.wait_for("error")
        assert err["code"] == "too-long" and err["ref"] == "chat"
        assert await nothing_like(bob, lambda e: e["type"] == "chat", 0.3)
        # one person: the table chat's own rate
        for i in range(3):
            await ann.send("chat", text=f"ann {i}")
        err = await ann.wait_for("error")
        assert err["code"] == "limit" and "too fast" in err["message"]
        assert (await bob.wait_for(lobby_line("ann 1")))["name"] == "Ann"
        # everyone together: the lobby's rate (Ann's two lines took two of its three)
        await bob.send("chat", text="bob 0")
        await bob.wait_for(lobby_line("bob 0"))
        await bob.send("chat", text="bob 1")
        err = await bob.wait_for("error")
        assert err["code"] == "limit" and "lobby is busy" in err["message"]
        assert await nothing_like(ann, lobby_line("bob 1"), 0.3)
        for c in (ann, bob):
            await c.close()
    finally:
        await h.stop()
