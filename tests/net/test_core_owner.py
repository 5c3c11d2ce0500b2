"""Owner commands and refusals, kick, rules between games, chat, ownership passing:
decisions of the sans-I/O core, driven without sockets (`tests.net.lan`)."""

from __future__ import annotations

from .lan import Lan, Person


def table_of_four(lan: Lan, rules: dict | None = None) -> tuple[int, Person, list[Person]]:
    owner = lan.join("Ann")
    owner.send("create_table", rules=rules or {"target": 10})
    tid = owner.last("table")["table"]["id"]
    others = []
    for name in ("Bob", "Cy", "Di"):
        c = lan.join(name)
        c.send("sit", table=tid)
        assert c.last("table")["seat"] is not None
        others.append(c)
    return tid, owner, others


def over(p: Person) -> bool:
    return p.table is not None and p.table.state == "over"


def test_owner_commands_and_refusals() -> None:
    lan = Lan()
    tid, ann, (bob, cy, di) = table_of_four(lan)
    bob.send("start")
    err = bob.last("error")
    assert err["code"] == "not-owner" and "Ann" in err["message"] and err["ref"] == "start"
    assert bob.ask("/kick Ann")["ok"] is False and "owner" in bob.last("reply")["text"]
    assert bob.ask("/rules set moon choose")["ok"] is False
    # the owner changes a rule by console before the game
    bob.take()
    assert ann.ask("/rules set moon choose")["ok"]
    assert bob.changes("rules_changed")[-1]["rules"]["moon"] == "choose"
    reply = ann.ask("/rules set moon sideways")
    assert not reply["ok"] and "moon" in reply["text"]
    assert ann.ask("/start")["ok"]
    assert bob.changes("game_started")
    # rules are fixed during a game, but the end score is not (/end N)
    ann.send("set_rules", rules={"moon": "add"})
    assert ann.last("error")["code"] == "state"
    cy.take()
    assert ann.ask("/end 40")["ok"]
    assert cy.changes("rules_changed")[-1]["rules"]["target"] == 40
    di.take()
    ann.send("pause")
    assert di.changes("paused")[-1]["by"] == "Ann"
    di.send("play", card="2C")
    assert di.last("error")["code"] in ("paused", "illegal")
    di.take()
    assert ann.ask("/resume")["text"] == "the game goes on"
    assert di.changes("resumed")
    who = ann.ask("/who")
    assert "Ann (owner)" in who["text"] and "Bob" in who["text"]
    assert "Unknown command" in ann.ask("/frobnicate")["text"]


def test_kick_and_allow() -> None:
    lan = Lan()
    tid, ann, (bob, cy, di) = table_of_four(lan)
    assert ann.ask("/kick Bob")["ok"]
    assert bob.last("left")["reason"] == "kicked"
    assert cy.changes("player_kicked")[0]["name"] == "Bob"
    bob.send("sit", table=tid)
    assert bob.last("error")["code"] == "kicked"
    bob.take()
    bob.send("watch", table=tid)
    assert bob.last("error")["code"] == "kicked"
    ann.send("allow", name="Bob")
    bob.send("sit", table=tid)
    t = bob.last("table")
    assert t["seat"] is not None
    # kicking during a game gives the seat to a bot, and the game goes on
    ann.send("start")
    assert cy.changes("game_started")
    cy.take()
    bob.take()
    ann.send("kick", seat=t["seat"])
    assert any(e["why"] == "kicked" for e in cy.changes("replaced_by_bot"))
    assert bob.last("left")["reason"] == "kicked"


def test_rules_change_between_games_and_chat() -> None:
    lan = Lan()
    tid, ann, others = table_of_four(lan, {"target": 5})
    ann.send("start")
    lan.play([ann, *others], lambda: all(over(p) for p in (ann, *others)))
    for p in others:
        p.take()
    ann.send("set_rules", rules={"preset": "omnibus", "target": 8})
    change = others[0].changes("rules_changed")[-1]
    assert change["rules"]["jack_of_diamonds"] == -10 and change["rules"]["target"] == 8
    ann.send("chat", text="again?  \x07 ")
    for c in others:
        assert c.changes("chat")[-1] == {"type": "chat", "name": "Ann", "seat": 0,
                                         "text": "again?"}
    ann.send("start")
    assert others[1].changes("game_started")[-1]["rules"]["jack_of_diamonds"] == -10


def test_ownership_passes_to_next_human() -> None:
    lan = Lan()
    tid, ann, (bob, cy, di) = table_of_four(lan)
    ann.send("leave")
    assert ann.last("left")
    assert cy.changes("owner_changed")[-1]["name"] == "Bob"
    bob.send("start")
    assert cy.changes("game_started")


def test_two_tables_do_not_interfere() -> None:
    lan = Lan()
    t1, a1, o1 = table_of_four(lan, {"target": 5})
    t2, a2, o2 = table_of_four(lan, {"target": 5})
    assert t1 != t2
    a1.send("start")
    a2.send("start")
    a1.send("chat", text="table one only")
    everyone = [a1, *o1, a2, *o2]
    lan.play(everyone, lambda: all(over(p) for p in everyone))
    for p in everyone:
        tables = {m["table"] for m in p.inbox if m["type"] == "update"}
        assert tables == {t1 if p in (a1, *o1) else t2}
        heard = [e["text"] for e in p.changes("chat")]
        assert heard == (["table one only"] if p in (a1, *o1) else [])
