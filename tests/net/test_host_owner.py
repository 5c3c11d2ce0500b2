"""Owner commands and refusals, kick, rules between games, chat, ownership passing."""

from __future__ import annotations

import asyncio

from net.host import Host

from .conftest import connect, has_change, is_game_over, play_until


async def _table_of_four(host: Host, rules: dict | None = None):
    owner = await connect(host, "Ann")
    await owner.send("create_table", rules=rules or {"target": 10})
    tid = (await owner.wait_for("table"))["table"]["id"]
    others = []
    for name in ("Bob", "Cy", "Di"):
        c = await connect(host, name)
        await c.send("sit", table=tid)
        await c.wait_for("table")
        others.append(c)
    return tid, owner, others


async def test_owner_commands_and_refusals(host: Host) -> None:
    tid, ann, (bob, cy, di) = await _table_of_four(host)
    await bob.send("start")
    err = await bob.wait_for("error")
    assert err["code"] == "not-owner" and "Ann" in err["message"] and err["ref"] == "start"
    await bob.send("chat", text="/kick Ann")
    reply = await bob.wait_for("reply")
    assert reply["ok"] is False and "owner" in reply["text"]
    await bob.send("command", text="/rules set moon choose")
    assert (await bob.wait_for("reply"))["ok"] is False
    # the owner changes a rule by console before the game
    await ann.send("command", text="/rules set moon choose")
    reply = await ann.wait_for("reply")
    assert reply["ok"], reply
    ev = await bob.wait_for(has_change("rules_changed"))
    assert ev["events"][-1]["rules"]["moon"] == "choose"
    await ann.send("command", text="/rules set moon sideways")
    reply = await ann.wait_for("reply")
    assert not reply["ok"] and "moon" in reply["text"]
    await ann.send("command", text="/start")
    assert (await ann.wait_for("reply"))["ok"]
    await bob.wait_for(has_change("game_started"))
    # rules are fixed during a game, but the end score is not (/end N)
    await ann.send("set_rules", rules={"moon": "add"})
    assert (await ann.wait_for("error"))["code"] == "state"
    await ann.send("command", text="/end 40")
    assert (await ann.wait_for("reply"))["ok"]
    await cy.wait_for(lambda ev: ev["type"] == "update" and any(
        e["type"] == "rules_changed" and e["rules"]["target"] == 40 for e in ev["events"]))
    await ann.send("pause")
    ev = await di.wait_for(has_change("paused"))
    assert ev["events"][-1]["by"] == "Ann"
    await di.send("play", card="2C")
    assert (await di.wait_for("error"))["code"] in ("paused", "illegal")
    await ann.send("command", text="/resume")
    assert (await ann.wait_for("reply"))["text"] == "the game goes on"
    await di.wait_for(has_change("resumed"))
    await ann.send("command", text="/who")
    who = await ann.wait_for("reply")
    assert "Ann (owner)" in who["text"] and "Bob" in who["text"]
    await ann.send("command", text="/frobnicate")
    assert "unknown command" in (await ann.wait_for("reply"))["text"]
    for c in (ann, bob, cy, di):
        await c.close()


async def test_kick_and_allow(host: Host) -> None:
    tid, ann, (bob, cy, di) = await _table_of_four(host)
    await ann.send("command", text="/kick Bob")
    assert (await ann.wait_for("reply"))["ok"]
    left = await bob.wait_for("left")
    assert left["reason"] == "kicked"
    ev = await cy.wait_for(has_change("player_kicked"))
    assert ev["events"][0]["name"] == "Bob"
    await bob.send("sit", table=tid)
    err = await bob.wait_for("error")
    assert err["code"] == "kicked"
    await bob.send("watch", table=tid)
    assert (await bob.wait_for("error"))["code"] == "kicked"
    await ann.send("allow", name="Bob")
    await asyncio.sleep(0.05)
    await bob.send("sit", table=tid)
    t = await bob.wait_for("table")
    assert t["seat"] is not None
    # kicking during a game gives the seat to a bot, and the game goes on
    await ann.send("start")
    await cy.wait_for(has_change("game_started"))
    await ann.send("kick", seat=t["seat"])
    ev = await cy.wait_for(has_change("replaced_by_bot"))
    assert any(e["type"] == "replaced_by_bot" and e["why"] == "kicked" for e in ev["events"])
    await bob.wait_for("left")
    for c in (ann, bob, cy, di):
        await c.close()


async def test_rules_change_between_games_and_chat(host: Host) -> None:
    tid, ann, others = await _table_of_four(host, {"target": 5})
    await ann.send("start")
    await asyncio.gather(*(play_until(c, is_game_over) for c in (ann, *others)))
    await ann.send("set_rules", rules={"preset": "omnibus", "target": 8})
    ev = await others[0].wait_for(has_change("rules_changed"))
    change = ev["events"][-1]
    assert change["rules"]["jack_of_diamonds"] == -10 and change["rules"]["target"] == 8
    await ann.send("chat", text="again?  \x07 ")
    for c in others:
        ev = await c.wait_for(has_change("chat"))
        chat = ev["events"][-1]
        assert chat == {"type": "chat", "name": "Ann", "seat": 0, "text": "again?"}
    await ann.send("start")
    ev = await others[1].wait_for(has_change("game_started"))
    assert ev["events"][0]["rules"]["jack_of_diamonds"] == -10
    for c in (ann, *others):
        await c.close()


async def test_ownership_passes_to_next_human(host: Host) -> None:
    tid, ann, (bob, cy, di) = await _table_of_four(host)
    await ann.send("leave")
    await ann.wait_for("left")
    ev = await cy.wait_for(has_change("owner_changed"))
    assert ev["events"][-1]["name"] == "Bob"
    await bob.send("start")
    await cy.wait_for(has_change("game_started"))
    for c in (ann, bob, cy, di):
        await c.close()


async def test_two_tables_do_not_interfere(host: Host) -> None:
    t1, a1, o1 = await _table_of_four(host, {"target": 5})
    t2, a2, o2 = await _table_of_four(host, {"target": 5})
    assert t1 != t2
    await a1.send("start")
    await a2.send("start")
    await a1.send("chat", text="table one only")
    g1 = [play_until(c, is_game_over) for c in (a1, *o1)]
    g2 = [play_until(c, is_game_over) for c in (a2, *o2)]
    ends = await asyncio.gather(*g1, *g2)
    assert {e["table"] for e in ends[:4]} == {t1} and {e["table"] for e in ends[4:]} == {t2}
    for c in (a1, *o1, a2, *o2):
        await c.close()
