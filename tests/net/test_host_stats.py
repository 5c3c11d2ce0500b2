"""Statistics and replays on a real host: people (by their player keys) and bots play
whole games with --save-dir, the host restarts, and its `stats`, `games` and `game`
answers agree with a count made from the raw history file."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from pathlib import Path

from hearts.engine import Game, Rules, action_from_wire
from hearts.engine.cards import QUEEN_SPADES
from hearts.net import saves
from hearts.net.host import Host
from hearts.net.schema import check_message
from hearts.net.stats import person_id

from .conftest import FAST, connect, has_change, is_game_over, play_until

RULES = {"target": 40}


def raw_count(save_dir: Path) -> dict[str, dict[str, int]]:
    """Per row (a person's name, or ``bot:LEVEL``): the figures, counted from the raw
    history lines with the engine alone."""
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for line in (save_dir / saves.HISTORY).read_text().splitlines():
        rec = json.loads(line)
        people, seating = rec["people"], rec["seating"]

        def row(i: int) -> dict[str, int]:
            who = people[i]
            return rows[f"bot:{who['level']}" if who["kind"] == "bot" else who["name"]]

        g = rec["game"]
        game = Game(Rules.from_dict(g["rules"]), g["seed"])
        n = 0
        for wire in g["actions"]:
            hand = game.hand
            game.apply(action_from_wire(wire))
            if game.hand is hand and not game.over:
                continue
            r = game.results[n]
            for s in range(4):
                figures = row(seating[n][s])
                figures["hands"] += 1
                figures["points"] += r.points[s]
                figures["queens"] += QUEEN_SPADES in hand.taken(s)
                if r.moon is not None:
                    figures["moons_shot" if r.moon.shooter == s else "moons_suffered"] += 1
            n += 1
        assert n == len(game.results) and list(game.totals) == rec["totals"]
        for s in range(4):
            figures = row(seating[-1][s])
            figures["games"] += 1
            figures["wins"] += s in game.winners
    return rows


async def test_statistics_survive_a_restart_and_match_the_raw_history(tmp_path: Path) -> None:
    save_dir = tmp_path / "saves"
    host = Host(name="stats", save_dir=save_dir, limits=FAST, bot_level="random", seed=3)
    await host.start(bind="127.0.0.1", port=0)
    try:
        ann = await connect(host, "Ann", key="ann-key-0001")
        bob = await connect(host, "Bob", key="bob-key-0002")
        await ann.send("create_table", rules=RULES)
        tid = (await ann.wait_for("table"))["table"]["id"]
        await bob.send("sit", table=tid, seat=2)
        await bob.wait_for("table")
        await ann.send("start")
        # game 1: both play it out
        await asyncio.gather(*(play_until(c, is_game_over, timeout=60) for c in (ann, bob)))
        # game 2, to 100: Bob leaves after the first hand, long before its last
        await ann.send("set_rules", rules={"target": 100})
        await ann.send("start")
        await asyncio.gather(*(play_until(c, has_change("hand_scored"), timeout=60)
                               for c in (ann, bob)))
        await bob.send("leave")
        await play_until(ann, is_game_over, timeout=60)
        for c in (ann, bob):
            await c.close()
    finally:
        await host.stop()

    counted = raw_count(save_dir)
    assert counted["Ann"]["games"] == 2 and counted["Bob"]["games"] == 1
    assert counted["Bob"]["hands"] > 0

    host = Host(name="stats", save_dir=save_dir, limits=FAST, bot_level="random",
                session="2000-01-01T00:00:00Z")
    await host.start(bind="127.0.0.1", port=0)
    try:
        ann = await connect(host, "Ann", key="ann-key-0001")
        await ann.send("stats")
        stats = await ann.wait_for("stats")
        assert check_message(stats) == []
        assert stats["you"] == person_id("ann-key-0001")
        board = stats["all"]
        assert board["games"] == 2 and stats["tonight"] == board
        rows = {r["name"] if r["kind"] == "human" else f"bot:{r['level']}": r
                for r in board["people"] + board["bots"]}
        assert set(rows) == set(counted)
        for key, figures in counted.items():
            r = rows[key]
            for field in ("games", "wins", "hands", "points", "queens", "moons_shot",
                          "moons_suffered"):
                assert r[field] == figures[field], (key, field)
        assert rows["Ann"]["id"] == person_id("ann-key-0001")

        await ann.send("games")
        games = await ann.wait_for("games")
        assert check_message(games) == [] and [g["id"] for g in games["games"]] == [2, 1]
        assert [p["name"] for p in games["games"][1]["players"]][0] == "Ann"
        await ann.send("game", id=1)
        game = await ann.wait_for("game")
        assert check_message(game) == []
        assert game["hands"][-1]["totals"] == games["games"][1]["totals"]
        await ann.send("game", id=99)
        err = await ann.wait_for("error")
        assert err["code"] == "no-game" and err["ref"] == "game"
        await ann.close()
    finally:
        await host.stop()


async def test_without_a_save_dir_tonight_is_kept_in_memory() -> None:
    host = Host(name="mem", limits=FAST, bot_level="random", seed=5)
    await host.start(bind="127.0.0.1", port=0)
    try:
        ann = await connect(host, "Ann")                  # no key: a guest for tonight
        await ann.send("create_table", rules=RULES)
        await ann.wait_for("table")
        await ann.send("start")
        await play_until(ann, is_game_over, timeout=60)
        await ann.send("stats")
        stats = await ann.wait_for("stats")
        assert stats["tonight"]["games"] == 1
        me = stats["tonight"]["people"][0]
        assert me["id"] == stats["you"] and me["name"] == "Ann"
        await ann.send("games", limit=5)
        assert (await ann.wait_for("games"))["total"] == 1
        await ann.close()
    finally:
        await host.stop()


async def test_the_game_at_your_table_shows_finished_hands_only() -> None:
    host = Host(name="live", limits=FAST, bot_level="random", seed=9)
    await host.start(bind="127.0.0.1", port=0)
    try:
        ann = await connect(host, "Ann")
        await ann.send("game")
        assert (await ann.wait_for("error"))["code"] == "not-at-table"
        await ann.send("create_table", rules={"target": 60})
        await ann.wait_for("table")
        await ann.send("game")
        assert (await ann.wait_for("error"))["code"] == "no-game"
        await ann.send("start")
        await ann.wait_for("update")
        await ann.send("game")
        first = await ann.wait_for("game")
        assert first["hands"] == [] and first["game"]["seed"] == ""
        # one hand played, the next being dealt: that hand is shown whole, the new one not
        await play_until(ann, has_change("hand_scored"), timeout=60)
        await ann.send("game")
        live = await ann.wait_for("game")
        assert check_message(live) == []
        info = live["game"]
        assert info["id"] == 0 and info["finished"] == "" and info["seed"] == ""
        assert len(live["hands"]) == 1 and len(live["hands"][0]["tricks"]) >= 1
        assert len({c for d in live["hands"][0]["deal"] for c in d}) == 52
        await play_until(ann, is_game_over, timeout=60)
        await ann.send("game")
        over = await ann.wait_for("game")
        assert over["game"]["id"] == 1 and over["game"]["seed"] != ""
        await ann.close()
    finally:
        await host.stop()


async def test_a_damaged_history_is_reported_and_the_host_serves_the_rest(
        tmp_path: Path, caplog) -> None:
    from tests.engine.builders import random_game
    save_dir = tmp_path / "saves"
    save_dir.mkdir()
    game = random_game(Rules(), 12)
    good = {"table": 1, "name": "Den", "players": ["Ann", "Bob", "Cy", "Di"],
            "game": game.to_dict(), "totals": list(game.totals), "winners": game.winners}
    saves.append_history(save_dir, good)
    with open(save_dir / saves.HISTORY, "ab") as f:
        f.write(b"\x00\xffnot a game at all\n{\"game\": {\"rules\": {}, \"seed\": 1}}\n")
    saves.append_history(save_dir, good)
    with open(save_dir / saves.HISTORY, "ab") as f:
        f.write(b'{"finished": "2025-11-26T21:00:00Z", "game": {"ru')     # cut by a crash
    host = Host(name="damaged", save_dir=save_dir, limits=FAST, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        assert sum("was skipped" in r.getMessage() for r in caplog.records) == 3
        ann = await connect(host, "Ann")
        await ann.send("games")
        games = await ann.wait_for("games")
        assert [g["id"] for g in games["games"]] == [4, 1]
        await ann.send("stats")
        assert (await ann.wait_for("stats"))["all"]["games"] == 2
        await ann.close()
    finally:
        await host.stop()
