"""Property: over many random games on a real host, no message a seat receives names a
card still hidden in another seat's hand (nor another person's seat token).

Exceptions, as the rules allow: the cards a seat passed (it knows them in the
receiver's hand) and the reveal of a hand decided early (TRAM, claims). Watchers
see only played or revealed cards. The ground truth is the game's own record,
replayed step by step; each message is checked at the point of the hand its
view shows.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.engine import Card, Game, Play, Rules, action_from_wire
from hearts.engine.cards import cards_of
from hearts.net.client import Client, decision_key, random_intent
from hearts.net.host import Host

from .conftest import FAST

CARD = re.compile(r"^[2-9TJQKA][CDHS]$")
ALL = {r + s for r in "23456789TJQKA" for s in "CDHS"}


def named(obj: Any, out: set[str] | None = None) -> set[str]:
    """Every card name anywhere in a message (rules and chat text left out)."""
    out = set() if out is None else out
    if isinstance(obj, str):
        if CARD.match(obj):
            out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in ("rules", "text", "summary"):
                named(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            named(v, out)
    return out


def truth(game: dict) -> dict[int, dict]:
    """Per hand number: each seat's deal, what it received, and the plays in order."""
    g = Game(Rules.from_dict(game["rules"]), game["seed"])
    hands: dict[int, dict] = {}

    def note() -> dict:
        if g.hand_number not in hands:
            hands[g.hand_number] = {
                "deal": [{str(c) for c in cards_of(m)} for m in g.hand.deal_masks],
                "received": [set(), set(), set(), set()], "plays": []}
        return hands[g.hand_number]

    for a in game["actions"]:
        h = note()
        hand = g.hand
        act = action_from_wire(a)
        g.apply(act)
        if isinstance(act, Play):
            h["plays"].append(str(act.card))
        if hand.received(0) is not None:
            h["received"] = [{str(c) for c in hand.received(s)} for s in range(4)]
    note()
    return hands


def known(hands: dict[int, dict], n: int, seat: int | None, view: dict) -> set[str]:
    """What ``seat`` (None: a watcher) may know at the point of hand ``n`` that ``view`` shows."""
    if view.get("tram") is not None or view.get("points") is not None:
        return ALL                         # decided early and shown, or over
    h = hands[n]
    k = 4 * len(view["tricks"]) + len(view["trick"])
    out = set(h["plays"][:k])
    if seat is not None:
        out |= h["deal"][seat]             # own cards, and the cards passed away
        if view["phase"] != "pass":
            out |= h["received"][seat]
    return out


def check(log: list[dict], seat: int | None, hands: dict[int, dict]) -> None:
    """Check every message one client received."""
    cur = 0
    for msg in log:
        kind = msg["type"]
        if kind == "update":
            events = msg["events"]
            starts = [i for i, e in enumerate(events) if e["type"] == "hand_started"]
            if starts:
                cur = events[starts[-1]]["hand"]
                events = events[starts[-1]:]    # before it: the last hand, all played
            view = msg.get("view")
            if view is None:
                assert not named(events), msg
                continue
            leak = named([events, view]) - known(hands, min(cur, max(hands)), seat, view)
        elif kind == "table":
            view = msg.get("view")
            if view is None:
                continue
            if msg["table"].get("hand") is not None:
                cur = msg["table"]["hand"]
            leak = named(msg) - known(hands, min(cur, max(hands)), seat, view)
        elif kind == "hint":       # asked before our play, maybe in the hand just over
            mine = set()
            for n in (cur - 1, cur):
                if n in hands:
                    mine |= hands[n]["deal"][seat] | hands[n]["received"][seat]
            leak = named(msg) - mine
        else:
            leak = named(msg)
        assert not leak, f"seat {seat} was told {sorted(leak)} in {msg}"


async def _player(client: Client, rng: random.Random, log: list[dict], claims: bool) -> None:
    acted: Any = None
    while True:
        ev = await client.next_event(30)
        log.append(ev)
        if ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"]):
            return
        view = client.view
        intent = random_intent(view, rng) if ev["type"] in ("update", "table") else None
        if intent is None or decision_key(view) == acted:
            continue
        acted = decision_key(view)
        if intent[0] == "play":
            r = rng.random()
            if r < 0.05:
                await client.send("hint")
            if claims and r > 0.9:
                await client.send("claim")
        await client.send(intent[0], **intent[1])


async def _watch(client: Client, log: list[dict]) -> None:
    while True:
        ev = await client.next_event(30)
        log.append(ev)
        if ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"]):
            return


async def _game(seed: int, humans: int, rules: dict) -> None:
    host = Host(name="secrets", limits=FAST, bot_level="random", seed=seed)
    await host.start(bind="127.0.0.1", port=0)
    clients: list[Client] = []
    try:
        for i in range(humans + 1):
            c = Client("127.0.0.1", host.port, name=f"P{i}", limits=FAST)
            await c.connect()
            clients.append(c)
        *people, watcher = clients
        await people[0].send("create_table", rules=rules)
        tid = (await people[0].wait_for("table"))["table"]["id"]
        for c in people[1:]:
            await c.send("sit", table=tid)
            await c.wait_for("table")
        await watcher.send("watch", table=tid)
        await watcher.wait_for("table")
        logs: list[list[dict]] = [[] for _ in clients]
        await people[0].send("start")
        rng = random.Random(seed)
        await asyncio.wait_for(asyncio.gather(
            *(_player(c, random.Random(rng.random()), log, rules["tram"] == "claim")
              for c, log in zip(people, logs)),
            _watch(watcher, logs[-1])), 60)
        hands = truth(host.core.tables[tid].game.to_dict())
        for i, log in enumerate(logs[:-1]):
            check(log, i, hands)
        check(logs[-1], None, hands)
        # nor is anyone told another person's seat token (it would give the seat away)
        for c, log in zip(clients, logs):
            text = repr(log)
            assert not [o.name for o in clients if o is not c and o.token in text]
    finally:
        for c in clients:
            await c.close()
        await host.stop()


rules_st = st.fixed_dictionaries({
    "target": st.integers(20, 45),
    "pass_count": st.sampled_from([0, 3, 4]),
    "pass_cycle": st.sampled_from([["left", "right", "across", "hold"], ["across"], ["right"]]),
    "moon": st.sampled_from(["add", "subtract", "choose"]),
    "tram": st.sampled_from(["auto", "claim", "off"]),
    "sun": st.sampled_from(["off", "others"]),
})


@settings(max_examples=15, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2 ** 32), humans=st.integers(1, 4), rules=rules_st)
def test_no_seat_is_told_another_seats_hidden_cards(seed: int, humans: int, rules: dict) -> None:
    asyncio.run(_game(seed, humans, rules))


def test_the_checker_sees_a_leak() -> None:
    """The check itself: a view naming a card of another seat's hand fails it."""
    g = Game(Rules(), 3)
    hands = truth(g.to_dict())
    other = sorted(hands[0]["deal"][1])[0]
    view = {"tram": None, "points": None, "tricks": [], "trick": [], "phase": "pass",
            "hand": sorted(hands[0]["deal"][0])}
    check([{"type": "table", "table": {"hand": 0}, "view": view}], 0, hands)
    bad = {**view, "legal": [other]}
    try:
        check([{"type": "table", "table": {"hand": 0}, "view": bad}], 0, hands)
    except AssertionError as e:
        assert other in str(e)
    else:
        raise AssertionError("a leak went unseen")
