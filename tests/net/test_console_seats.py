"""Console commands name seats the way the menus do: a place as the speaker sees the table
(south is their own seat, then west, north, east), a player's or bot's name, or the seat
number; over real sockets."""

from __future__ import annotations

from net.client import Client
from net.host import Host

from .conftest import connect


async def ask(c: Client, text: str) -> dict:
    await c.send("command", text=text)
    return await c.wait_for("reply")


async def test_places_names_and_numbers(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table")
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid, seat=2)
    await bob.wait_for("table")
    table = host.tables[tid]

    who = await ask(ann, "/who")
    assert who["ok"] and ("south (seat 0): Ann (owner); west (seat 1): empty; "
                          "north (seat 2): Bob; east (seat 3): empty") in who["text"]
    # /who from Bob's seat: the places turn with him
    assert "south (seat 2): Bob; west (seat 3): empty; north (seat 0): Ann (owner)" in \
        (await ask(bob, "/who"))["text"]

    reply = await ask(ann, "/bot West easy")            # a place, any case
    assert reply == {"type": "reply", "ok": True, "text": "west (seat 1): easy bot"}
    assert table.seats[1].kind == "bot" and table.seats[1].level == "easy"
    bot = table.seats[1].name
    assert (await ask(ann, f"/bot {bot.lower()} hard"))["text"] == "west (seat 1): hard bot"
    assert table.seats[1].level == "hard"                # by the bot's name
    assert (await ask(ann, "/bot 3 random"))["ok"]       # numbers still work
    assert table.seats[3].kind == "bot"
    assert (await ask(ann, "/bot east off"))["text"] == "east (seat 3): bot removed"
    assert table.seats[3].kind == "empty"

    bad = await ask(ann, "/bot sideways easy")
    assert not bad["ok"] and "no seat 'sideways'" in bad["text"] and "south is you" in bad["text"]
    assert "SEAT is a place (south is you" in (await ask(ann, "/help"))["text"]

    # /sit with a place moves Bob at his own table (before the game): his west is seat 3
    sit = await ask(bob, "/sit west")
    assert sit == {"type": "reply", "ok": True, "text": f"you sit at table {tid}, seat 3"}
    assert table.seat_of(bob.token) == 3

    refused = await ask(ann, "/kick west")               # a bot sits there
    assert not refused["ok"] and refused["text"].startswith(f"west is {bot}, a bot")
    assert (await ask(ann, "/kick east"))["text"] == "Bob was kicked"
    assert (await bob.wait_for("left"))["reason"] == "kicked"
    for c in (ann, bob):
        await c.close()
