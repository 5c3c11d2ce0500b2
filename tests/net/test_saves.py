"""Atomic table saves, the action log after a snapshot, the history file."""

from __future__ import annotations

import random
from pathlib import Path

import msgpack
import pytest

from hearts.engine import Game
from hearts.net import saves


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "t.msgpack"
    saves.write_atomic(path, b"good")

    class Boom(Exception):
        pass

    class Bad(bytes):
        pass

    import os
    real = os.replace

    def failing(*a, **k):
        raise Boom()

    os.replace = failing
    try:
        with pytest.raises(Boom):
            saves.write_atomic(path, b"new")
    finally:
        os.replace = real
    assert path.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["t.msgpack"]   # no temporary left


def test_log_entries_and_a_cut_tail(tmp_path: Path) -> None:
    store = saves.TableStore(tmp_path, 3)
    store.snapshot({"format": "hearts-table", "id": 3, "game": None})
    store.append([[0, ["play", 0, "2C"]], [1, ["play", 1, "3C"]]])
    store.close()
    path = saves.log_path(tmp_path, 3)
    entries, cut = saves.read_log(path)
    assert entries == [[0, ["play", 0, "2C"]], [1, ["play", 1, "3C"]]] and not cut
    with open(path, "ab") as f:
        f.write(msgpack.packb([2, ["play", 2, "4C"]])[:-2])   # the action in flight
    entries, cut = saves.read_log(path)
    assert len(entries) == 2 and cut
    loaded = list(saves.load_tables(tmp_path))
    assert loaded[0][1]["id"] == 3 and loaded[0][2] is None
    store.remove()
    assert not list(tmp_path.iterdir())


def test_history_replays(tmp_path: Path) -> None:
    rng = random.Random(5)
    game = Game(seed=11)
    while not game.over:
        hand = game.hand
        if hand.phase == "pass":
            s = next(s for s in range(4) if not hand.has_passed(s))
            game.pass_cards(s, rng.sample(hand.held(s), 3))
        elif hand.phase == "play":
            game.play(hand.turn, rng.choice(hand.legal_plays(hand.turn)))
        else:
            game.choose_moon(hand.turn, "add")
    saves.append_history(tmp_path, {"table": 1, "game": game.to_dict(),
                                    "totals": list(game.totals), "winners": game.winners})
    saves.append_history(tmp_path, {"table": 2, "game": game.to_dict(),
                                    "totals": list(game.totals), "winners": game.winners})
    records = saves.read_history(tmp_path / saves.HISTORY)
    assert [r["table"] for r in records] == [1, 2]
    assert Game.from_dict(records[0]["game"]) == game
    (tmp_path / saves.HISTORY).write_text("{bad\n")
    with pytest.raises(saves.SaveError, match="line 1"):
        saves.read_history(tmp_path / saves.HISTORY)
