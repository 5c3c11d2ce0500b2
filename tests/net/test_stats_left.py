"""The leaderboard credits people only with the hands they played (issue 59 item 2).

A real host over TCP: Bob plays the first hand and closes his connection, Cy closes hers
before her first card; bots play their seats to the end. Bob has one hand and a game
left, Cy no hand and a game left, Ann the game; the bots' row has the hands they played
for Bob and Cy. The same figures after a restart (counted again from the history).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.stats import tally

from .conftest import FAST, connect, has_change
from .test_faults import _play


def _row(board: dict[str, Any], name: str) -> dict[str, Any]:
    [row] = [r for r in board["people"] + board["bots"] if r["name"] == name]
    return row


async def _seated(client: Client, n: int) -> None:
    def full(ev: dict[str, Any]) -> bool:
        seats = (client.table.seats if client.table else [])
        return sum(s.kind == "human" for s in seats) == n
    if not full({}):
        await client.wait_for(full)


async def test_hands_a_bot_played_for_a_person_are_not_theirs(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    host = Host(name="left", save_dir=folder, limits=FAST, bot_level="random", seed=11)
    await host.start(bind="127.0.0.1", port=0)
    ann, bob, cy = [await connect(host, n) for n in ("Ann", "Bob", "Cy")]
    try:
        await ann.send("create_table", rules={"target": 100, "pass_count": 0})
        tid = (await ann.wait_for("table"))["table"]["id"]
        await bob.send("sit", table=tid, seat=1)
        await cy.send("sit", table=tid, seat=2)
        await _seated(ann, 3)
        await ann.send("start")
        await cy.wait_for(has_change("game_started"))
        await cy.close()                              # before her first card
        await asyncio.gather(_play(ann, has_change("hand_scored")),
                             _play(bob, has_change("hand_scored")))
        await bob.close()                             # after playing the first hand
        while True:                                   # the bots play on for them to the end
            ev = await _play(ann, has_change("hand_scored"))
            if has_change("game_over")(ev):
                break
            totals = ann.table.totals if ann.table else (0,)
            await ann.send("set_target", target=max(totals) + 1)
        hands = len(host.core.tables[tid].game.results)
        assert hands >= 2
        await ann.send("stats")
        board = (await ann.wait_for("stats"))["all"]
    finally:
        for c in (ann, bob, cy):
            await c.close()
        await host.stop()
    figures = {"Ann": (1, 0, hands), "Bob": (0, 1, 1), "Cy": (0, 1, 0)}
    for name, (games, left, played) in figures.items():
        row = _row(board, name)
        assert (row["games"], row["left"], row["hands"]) == (games, left, played), row
    bots = _row(board, "random")
    assert bots["hands"] == 4 * hands - hands - 1 and bots["games"] == 3    # 3 seats' games
    # counted again from the history at the next start: the same board
    again = Host(name="left", save_dir=folder, limits=FAST, bot_level="random")
    await again.start(bind="127.0.0.1", port=0)
    try:
        assert again.history.stats()["all"] == board
    finally:
        await again.stop()


def test_a_person_in_no_hand_of_a_game_has_left_it() -> None:
    people = [{"name": "Ann", "kind": "human", "id": "a"},
              {"name": "Cy", "kind": "human", "id": "c"},
              {"name": "Cy", "kind": "bot", "level": "normal"}]
    hand = {"points": [0, 26, 0, 0], "moon": None, "queen": 1}
    rows = tally(people, [[0, 2, 2, 2]], [hand], [0, 26, 0, 0], [0])
    assert [(r["who"], r["hands"], r["left"], r["place"]) for r in rows] == [
        (0, 1, False, 1), (1, 0, True, None), (2, 3, False, 2)]
