"""How ownership moves (docs/protocol.md, *Ownership*), decided by the sans-I/O core with
time given (`tests.net.lan`): an owner away for the grace hands the table on in every
state, the countdown every member sees, the give-back rule, nobody to pass to."""

from __future__ import annotations

import pytest

from .lan import FAST, Lan, Person

GRACE = FAST.drop_grace


def table_of_three(lan: Lan) -> tuple[Person, Person, Person]:
    ann = lan.join("Ann")
    ann.send("create_table", rules={"target": 20})
    bob, cy = lan.join("Bob"), lan.join("Cy")
    for p in (bob, cy):
        p.send("sit", table=1)
    return ann, bob, cy


def over(people: list[Person]):
    return lambda: all(p.table is not None and p.table.state == "over" for p in people)


@pytest.mark.parametrize("state", ["waiting", "playing", "paused", "over"])
def test_an_owner_away_for_the_grace_hands_the_table_on_in_every_state(state: str) -> None:
    lan = Lan()
    ann, bob, cy = table_of_three(lan)
    if state != "waiting":
        ann.send("start")
    if state == "paused":
        ann.send("pause")
    if state == "over":
        lan.play([ann, bob, cy], over([ann, bob, cy]))
    assert bob.table.state == state
    bob.take()
    lan.drop(ann)
    # every member is told who can start and how long until it passes
    t = bob.last("table")["table"]
    assert t["owner"] == "Ann" and t["owner_away"] == pytest.approx(GRACE)
    lan.advance(GRACE / 2)
    assert not bob.changes("owner_changed")
    assert lan.core.tables_message(lan.now)["tables"][0]["owner_away"] == pytest.approx(GRACE / 2)
    lan.advance(GRACE / 2 + 0.01)
    assert bob.changes("owner_changed")[-1] == {"type": "owner_changed", "name": "Bob",
                                                "seat": 1, "why": "away"}
    assert bob.last("table")["owner"] is True and bob.last("table")["table"]["owner_away"] is None
    assert cy.last("table")["table"]["owner"] == "Bob"
    # Bob may do what the owner does
    bob.send("start" if state in ("waiting", "over") else "end")
    assert not [m for m in bob.inbox if m["type"] == "error"]


def test_the_away_owner_gets_the_table_back_only_while_it_was_not_used() -> None:
    lan = Lan()
    ann, bob, cy = table_of_three(lan)
    lan.drop(ann)
    lan.advance(GRACE + 0.01)
    assert lan.core.tables[1].owner == bob.token
    cy.take()
    ann = lan.back(ann)
    assert ann.last("table")["owner"] is True
    assert cy.changes("owner_changed")[-1]["why"] == "back"
    # away again; this time Bob uses the table: Ann comes back as a player
    lan.drop(ann)
    lan.advance(GRACE + 0.01)
    bob.send("set_rules", rules={"target": 30})
    ann = lan.back(ann)
    assert ann.last("table")["owner"] is False and lan.core.tables[1].owner == bob.token


def test_an_owner_alone_keeps_the_table_and_the_first_to_come_gets_it() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table")
    lan.drop(ann)
    lan.advance(GRACE * 5)
    assert lan.core.tables[1].owner == ann.token and not lan.clocks   # no clock spins
    dee = lan.join("Dee")
    assert dee.mirror.tables[0]["owner_away"] == 0.0
    dee.send("sit", table=1)
    assert dee.last("table")["owner"] is True
    assert dee.changes("owner_changed")[-1]["why"] == "away"


def test_a_watcher_takes_over_when_nobody_seated_is_here() -> None:
    lan = Lan()
    ann, bob, cy = table_of_three(lan)
    eve = lan.join("Eve")
    eve.send("watch", table=1)
    lan.drop(bob)
    lan.drop(cy)
    lan.drop(ann)
    lan.advance(GRACE + 0.01)
    assert eve.last("table")["owner"] is True and eve.last("table")["seat"] is None
    eve.send("start")
    assert eve.changes("game_started")


def test_a_table_closed_while_you_were_away_is_gone_when_you_come_back() -> None:
    """A known token whose table closed meanwhile: welcome says returning, at no table, and
    the client's mirror names the table that is gone (docs/protocol.md, *Session*)."""
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", name="Oak")
    bob = lan.join("Bob")
    bob.send("sit", table=1)
    lan.drop(bob)
    assert lan.operator("/close 1") == "table 1 closed"
    back = lan.back(bob)
    back.mirror = bob.mirror                      # the same client, a new connection
    back.mirror.feed(back.last("welcome"))
    welcome = back.last("welcome")
    assert welcome["returning"] is True and welcome["table"] is None
    assert back.mirror.gone is not None and back.mirror.gone.name == "Oak"
    assert back.mirror.gone_restart is False and back.mirror.info is None


def test_a_returning_player_is_put_back_at_the_table() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table")
    lan.drop(ann)
    back = lan.back(ann)
    back.mirror = ann.mirror
    back.mirror.feed(back.last("welcome"))
    assert back.last("welcome")["table"] == 1 and back.mirror.gone is None


def test_a_table_whose_owner_watched_has_an_owner_after_a_restart() -> None:
    """Watchers are not saved: a resumed table whose owner watched passes to the first
    person seated (else nobody could ever start it again)."""
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table")
    bob = lan.join("Bob")
    bob.send("watch", table=1)
    ann.send("leave")                      # the table passes to Bob, who watches
    table = lan.core.tables[1]
    assert table.owner == bob.token and table.seat_of(bob.token) is None
    cy = lan.join("Cy")
    cy.send("sit", table=1)
    restored = Lan().core.restore(table.to_dict(), [], False, now=0.0)
    assert restored is not None and restored.owner == cy.token
