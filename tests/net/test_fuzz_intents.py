"""The fuzzer's sharpest cases, one by one: game intents out of turn, for another seat,
from a watcher or from someone at no table, at a table one is not at."""

from __future__ import annotations

from hearts.net.host import Host

from .conftest import connect, has_change

GAME = [("play", {"card": "2C"}), ("pass", {"cards": ["2C", "3C", "4C"]}),
        ("moon", {"choice": "add"}), ("claim", {}), ("undo", {}), ("hint", {})]


async def test_game_intents_from_the_wrong_place(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"pass_count": 0, "target": 50})
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    table = host.core.tables[tid]
    log_before = len(table.game.log)
    stranger = await connect(host, "Stranger")
    for kind, fields in GAME:                       # at no table
        await stranger.send(kind, **fields)
        err = await stranger.wait_for("error")
        assert err["code"] == "not-at-table" and err["ref"] == kind
    await stranger.send("watch", table=tid)
    await stranger.wait_for("table")
    for kind, fields in GAME:                       # watching, not seated
        await stranger.send(kind, **fields)
        err = await stranger.wait_for("error")
        assert err["code"] == "not-seated" and err["ref"] == kind, err
    # a seated player out of turn, and with a forged "seat" field (ignored: one acts
    # only for one's own seat)
    hand = table.game.hand
    turn = hand.turn
    idle = ann if turn != 0 else bob
    idle_seat = table.seat_of(idle.token)
    card = str(hand.legal_plays(turn)[0]) if turn is not None else "2C"
    idle._write({"type": "play", "card": card, "seat": turn})
    err = await idle.wait_for("error")
    assert err["code"] == "illegal" and err["ref"] == "play"
    assert turn is None or idle_seat != turn
    # the intent acted on nothing: the game log has only bot moves since
    assert all(a[1] != idle_seat for a in table.game.log[log_before:])
    # a seat at another table is not reachable either: a second table's intents go
    # only to the sender's own table
    cy = await connect(host, "Cy")
    await cy.send("create_table")
    other = (await cy.wait_for("table"))["table"]["id"]
    cy._write({"type": "start", "table": tid})       # an owner command "for" Ann's table
    await cy.wait_for(lambda e: e["type"] in ("update", "table", "error"))
    assert host.core.tables[other].state == "playing" and table.owner == ann.token
    for c in (ann, bob, stranger, cy):
        await c.close()
