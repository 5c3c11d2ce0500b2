"""The history of finished games: replays rebuilt with the engine, the index beside the
history file, statistics, damaged lines, paging."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hearts.engine import Game, Rules
from hearts.engine.cards import QUEEN_SPADES, mask_of
from hearts.net import saves
from tests.engine import builders
from hearts.net.history import INDEX, History, examine, session_start
from hearts.net.replay import Replay, replay_hands
from hearts.net.stats import Board, places, tally

PEOPLE = [{"name": "Ann", "kind": "human", "id": "a1"},
          {"name": "Ada", "kind": "bot", "level": "hard"},
          {"name": "Bob", "kind": "human", "id": "b1"},
          {"name": "Dexter", "kind": "bot", "level": "normal"}]


def random_game(seed: int, rules: Rules | None = None) -> Game:
    return builders.random_game(rules or Rules(), seed)


def record(game: Game, people=PEOPLE, seating=None) -> dict:
    return {"table": 1, "name": "Den", "players": [p["name"] for p in people[:4]],
            "game": game.to_dict(), "totals": list(game.totals), "winners": game.winners,
            "people": people, "seating": seating or [[0, 1, 2, 3]] * len(game.results)}


def hands_by_engine(game_dict: dict) -> list:
    """Each finished hand by stepping the engine's own game (not net.replay)."""
    game = Game(Rules.from_dict(game_dict["rules"]), game_dict["seed"])
    from hearts.engine import action_from_wire
    out = []
    for a in game_dict["actions"]:
        h = game.hand
        game.apply(action_from_wire(a))
        if game.hand is not h or game.over:
            out.append(h)
    return out


@pytest.mark.parametrize("preset", ["standard", "omnibus", "spot"])
def test_replayed_hands_match_the_engine(preset: str) -> None:
    game = random_game(4, Rules.preset(preset))
    hands = replay_hands(game.to_dict())
    engine = hands_by_engine(game.to_dict())
    assert len(hands) == len(engine) == len(game.results)
    for h, e, r in zip(hands, engine, game.results):
        assert h["points"] == list(r.points) and h["totals"] == list(r.totals)
        assert [t["cards"] for t in h["tricks"]] == [[str(c) for c in t.cards] for t in e.tricks]
        assert [len(d) for d in h["deal"]] == [13] * 4
        assert [mask_of(d) for d in h["deal"]] == list(e.deal_masks)
        queen = next((s for s in range(4) if QUEEN_SPADES in e.taken(s)), None)
        assert h["queen"] == queen
        assert (h["moon"] is None) == (e.moon is None)
        if e.pass_direction == "hold":
            assert h["passes"] is None
        else:
            assert [sorted(p) for p in h["passes"]] == [sorted(str(c) for c in e.passed(s))
                                                        for s in range(4)]


def test_replay_steps_trick_by_trick() -> None:
    game = random_game(7)
    hands = replay_hands(game.to_dict())
    r = Replay({"rules": game.rules.to_dict(), "hands": hands})
    h = hands[0]
    first = r.moment(0, 0)
    assert first.cards == h["deal"] and not first.passed and first.turn is None
    after_pass = r.moment(0, 1)
    assert after_pass.passed and all(len(c) == 13 for c in after_pass.cards)
    passed_to_left = set(h["passes"][0])
    assert passed_to_left <= set(after_pass.cards[1]) and not passed_to_left & set(
        after_pass.cards[0])
    assert "2C" in after_pass.cards[after_pass.turn]
    one_trick = r.moment(0, 5)
    assert one_trick.trick == [] and one_trick.last_trick == h["tricks"][0]
    assert sum(len(c) for c in one_trick.cards) == 48
    assert one_trick.taken[h["tricks"][0]["winner"]] == h["tricks"][0]["points"]
    mid = r.moment(0, 7)
    assert len(mid.trick) == 2 and mid.turn == (mid.trick[-1][0] + 1) % 4
    end = r.moment(0, r.steps(0))
    assert end.done and end.points == h["points"]
    # the engine's hand of a moment: the same cards, and whose turn
    eng = r.hand_at(0, 7)
    assert [sorted(str(c) for c in eng.held(s)) for s in range(4)] == \
        [sorted(c) for c in mid.cards]
    assert eng.turn == mid.turn
    assert r.moment(0, 10_000) == end and r.moment(0, -3) == first


def test_places_and_tally() -> None:
    assert places([40, 70, 40, 101], [0, 2]) == [1, 3, 1, 4]
    assert places([40, 70, 40, 101], [2]) == [2, 3, 1, 4]        # a random tie-break
    game = random_game(3)
    hands = replay_hands(game.to_dict())
    # Ann leaves after hand 2: a hard bot (Ada's seat 0 level) plays the rest
    people = [*PEOPLE, {"name": "Ada", "kind": "bot", "level": "hard"}]
    seating = [[0, 1, 2, 3]] * 2 + [[4, 1, 2, 3]] * (len(hands) - 2)
    t = {row["who"]: row for row in tally(people, seating, hands, list(game.totals),
                                          game.winners or [])}
    assert t[0]["hands"] == 2 and t[0]["place"] is None
    assert t[0]["points"] == sum(h["points"][0] for h in hands[:2])
    assert t[4]["hands"] == len(hands) - 2 and t[4]["place"] is not None
    assert sum(r["queens"] for r in t.values()) == sum(h["queen"] is not None for h in hands)
    board = Board()
    board.add("2025-01-01T00:00:00Z", people, list(t.values()))
    wire = board.to_wire()
    assert [r["name"] for r in wire["people"]] == ["Bob", "Ann"] or \
        [r["name"] for r in wire["people"]] == ["Ann", "Bob"]
    ann = next(r for r in wire["people"] if r["name"] == "Ann")
    assert ann["games"] == 0 and ann["average_place"] is None and ann["hands"] == 2
    hard = next(r for r in wire["bots"] if r["level"] == "hard")
    assert hard["hands"] == len(hands) + len(hands) - 2   # two seats of it, added up


def test_history_index_rebuild_and_damaged_lines(tmp_path: Path, caplog) -> None:
    h = History(tmp_path, session="2000-01-01T00:00:00Z").load()
    games = [random_game(s) for s in range(3)]
    for g in games:
        h.add(record(g))
    assert [g["id"] for g in h.games()["games"]] == [3, 2, 1]
    # a crash cut the last write short: reported and skipped, the rest kept
    with open(tmp_path / saves.HISTORY, "ab") as f:
        f.write(b'{"finished":"2025-11-26T21:00:00Z","game":{"rules":{},"seed":1,"act')
    again = History(tmp_path, session="2000-01-01T00:00:00Z").load()
    assert len(again.problems) == 1 and "game 4" in again.problems[0]
    assert "was skipped" in caplog.text
    assert again.stats()["all"] == h.stats()["all"]
    # the next game is not swallowed by the cut line
    again.add(record(random_game(9)))
    third = History(tmp_path, session="2000-01-01T00:00:00Z").load()
    assert [g["id"] for g in third.games()["games"]] == [5, 3, 2, 1]
    assert third.game(5) is not None and third.game(4) is None
    # a line edited by hand in the middle: that game alone is skipped
    lines = (tmp_path / saves.HISTORY).read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"actions":[', b'"actions":[["play",0,"ZZ"],', 1)
    (tmp_path / saves.HISTORY).write_bytes(b"\n".join(lines))
    fourth = History(tmp_path).load()
    assert [g["id"] for g in fourth.games()["games"]] == [5, 3, 1]
    assert any("game 2" in p and "does not replay" in p for p in fourth.problems)
    # the index is a cache: gone or damaged, it is rebuilt to the same figures
    (tmp_path / INDEX).unlink()
    rebuilt = History(tmp_path).load()
    assert rebuilt.stats()["all"] == fourth.stats()["all"]
    (tmp_path / INDEX).write_bytes(b"not json\n" + (tmp_path / INDEX).read_bytes())
    assert History(tmp_path).load().stats()["all"] == fourth.stats()["all"]


def test_statistics_add_up_what_the_history_holds(tmp_path: Path) -> None:
    h = History(tmp_path, session="2000-01-01T00:00:00Z").load()
    games = [random_game(s) for s in range(4)]
    for g in games:
        h.add(record(g))
    rows = {r["name"]: r for r in h.stats()["all"]["people"] + h.stats()["all"]["bots"]}
    ann = rows["Ann"]
    assert ann["games"] == 4
    assert ann["wins"] == sum(0 in g.winners for g in games)
    assert ann["hands"] == sum(len(g.results) for g in games)
    assert ann["points"] == sum(r.points[0] for g in games for r in g.results)
    moons = [r.moon for g in games for r in g.results if r.moon is not None]
    assert ann["moons_shot"] == sum(m.shooter == 0 for m in moons)
    assert ann["moons_suffered"] == sum(m.shooter != 0 for m in moons)
    assert rows["hard"]["points"] == sum(r.points[1] for g in games for r in g.results)
    assert h.stats("a1")["you"] == "a1"


def test_tonight_counts_from_the_session(tmp_path: Path) -> None:
    h = History(tmp_path).load()
    old = record(random_game(1))
    old["finished"] = "2001-01-01T00:00:00Z"
    h.add(old)
    h.add(record(random_game(2)))
    later = History(tmp_path, session="2020-01-01T00:00:00Z").load()
    stats = later.stats()
    assert stats["all"]["games"] == 2 and stats["tonight"]["games"] == 1
    assert stats["since"] == "2020-01-01T00:00:00Z"
    assert session_start("2020-01-01T00:00") <= "2020-01-01T23:59:59Z"
    assert session_start("18:00") < session_start("2999-01-01")
    with pytest.raises(ValueError, match="not a time"):
        session_start("tonight")


def test_paging_games_and_hands(tmp_path: Path) -> None:
    h = History(None)                        # no save dir: kept in memory
    for s in range(25):
        h.add(record(random_game(s)))
    first = h.games()
    assert len(first["games"]) == 20 and first["total"] == 25 and first["next"] == 6
    rest = h.games(before=first["next"])
    assert [g["id"] for g in rest["games"]] == [5, 4, 3, 2, 1] and rest["next"] is None
    assert [g["id"] for g in h.games(limit=2)["games"]] == [25, 24]
    long_rules = Rules(target=400)
    long = random_game(3, long_rules)
    h.add(record(long))
    gid = h.games(limit=1)["games"][0]["id"]
    pages = []
    at: int | None = 0
    while at is not None:
        page = h.game(gid, at)
        assert page is not None
        pages += page["hands"]
        at = page["next"]
    assert len(pages) == len(long.results) > 16
    assert [p["totals"] for p in pages] == [list(r.totals) for r in long.results]
    doc = h.export(gid)
    assert doc["format"] == "hearts-game" and len(doc["hands"]) == len(long.results)
    # the export replays: its rules, seed and plays make the same game
    back = Game(Rules.from_dict(doc["rules"]), doc["seed"])
    for hand in doc["hands"]:
        if hand["passes"]:
            for s in range(4):
                back.pass_cards(s, hand["passes"][s])
        for t in hand["tricks"]:
            for i, c in enumerate(t["cards"]):
                if back.hand.done:
                    break
                back.play((t["leader"] + i) % 4, c)
        if hand["claim"] is not None and not back.hand.done:
            back.claim(hand["claim"])
        if back.hand.phase == "moon-choice":
            back.choose_moon(hand["moon"]["shooter"], hand["moon"]["choice"])
    assert back.over and list(back.totals) == doc["totals"]
    json.dumps(doc)                          # plain JSON


def test_a_game_saved_before_people_were_kept(tmp_path: Path) -> None:
    game = random_game(5)
    line = {"table": 2, "name": "Old", "players": ["Ann", "Bob", "Cy", "Di"],
            "game": game.to_dict(), "totals": list(game.totals), "winners": game.winners}
    saves.append_history(tmp_path, line)
    h = History(tmp_path).load()
    assert not h.problems
    names = sorted(r["name"] for r in h.stats()["all"]["people"])
    assert names == ["Ann", "Bob", "Cy", "Di"]
    rec, hands = examine((tmp_path / saves.HISTORY).read_bytes().strip())
    assert hands[0]["seats"] == [0, 1, 2, 3]


def test_a_new_count_recounts_the_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    h = History(tmp_path, session="2000-01-01T00:00:00Z").load()
    h.add(record(random_game(8)))
    import hearts.net.history
    monkeypatch.setattr(hearts.net.history, "TALLY_VERSION", 99)
    again = History(tmp_path).load()
    assert again.stats()["all"] == h.stats()["all"]
    lines = (tmp_path / INDEX).read_text().splitlines()
    assert json.loads(lines[0])["v"] == 99                  # counted again and kept so
    # and the operator's view of it: hearts host --stats
    from hearts.commands.host import show_stats
    assert show_stats(str(tmp_path), None) == 0
    out = capsys.readouterr().out
    assert "All time on this host: 1 game." in out and "Ann" in out and "hard bots" in out


def test_a_game_answer_reads_the_kept_replay(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts.net.history
    from hearts.net.history import REPLAYS
    h = History(tmp_path).load()
    games = [random_game(s) for s in (21, 22)]
    for g in games:
        h.add(record(g))
    assert len((tmp_path / REPLAYS).read_text().splitlines()) == 2
    expected = History(tmp_path).load().game(2)
    real = hearts.net.history.examine

    def no_replaying(raw: bytes) -> Any:
        raise AssertionError("the game was replayed again")
    monkeypatch.setattr(hearts.net.history, "examine", no_replaying)
    assert History(tmp_path).load().game(2) == expected        # from replays.jsonl
    # a damaged replays file costs speed only: the game is replayed from the history
    (tmp_path / REPLAYS).write_bytes(b"garbage\n" * 3)
    monkeypatch.setattr(hearts.net.history, "examine", real)
    assert History(tmp_path).load().game(2) == expected
    # a rebuilt index writes the replays afresh
    (tmp_path / INDEX).unlink()
    History(tmp_path).load()
    monkeypatch.setattr(hearts.net.history, "examine", no_replaying)
    assert History(tmp_path).load().game(1)["hands"][0]["totals"] == list(
        games[0].results[0].totals)


def test_two_people_called_ann_are_two_rows(tmp_path: Path) -> None:
    h = History(None)
    anns = [{"name": "Ann", "kind": "human", "id": "ann-one"},
            {"name": "Bob", "kind": "human", "id": "bob"},
            {"name": "Ann", "kind": "human", "id": "ann-two"},
            {"name": "Ada", "kind": "bot", "level": "easy"}]
    h.add(record(random_game(31), people=anns))
    renamed = [{**anns[0], "name": "Annie"}, *anns[1:]]    # the first Ann, under a new name
    h.add(record(random_game(32), people=renamed))
    people = h.stats("ann-two")["all"]["people"]
    assert sorted((r["id"], r["name"], r["games"]) for r in people) == [
        ("ann-one", "Annie", 2), ("ann-two", "Ann", 2), ("bob", "Bob", 2)]
