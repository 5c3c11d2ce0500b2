"""The leaderboard, the finished games and the replay on the desktop, from the games against
bots kept on this computer: real history files, real drawing (screenshots with
$HEARTS_SCREENSHOTS)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from hearts.engine import Rules
from net.history import History
from net.stats import person_id
from tests.engine.builders import random_game


def keep_bot_games(app: Any, n: int = 3) -> list[Any]:
    """``n`` finished games against bots in this computer's history, played by the app's
    own player key in seat 0."""
    from hearts.gui.saved_game import save_dir
    d = save_dir()
    d.mkdir(parents=True, exist_ok=True)
    me = {"name": "Tester", "kind": "human", "id": person_id(app.net.key)}
    bots = [{"name": n, "kind": "bot", "level": lv} for n, lv in
            (("Ada", "hard"), ("Basil", "normal"), ("Clara", "easy"))]
    history = History(d)
    games = []
    for i in range(n):
        g = random_game(Rules(), 30 + i)
        history.add({"table": 1, "name": "Bots", "players": ["Tester", "Ada", "Basil", "Clara"],
                     "game": g.to_dict(), "totals": list(g.totals), "winners": g.winners,
                     "people": [me, *bots], "seating": [[0, 1, 2, 3]] * len(g.results)})
        games.append(g)
    return games


def open_leaderboard(app: Any, drive: Any) -> Any:
    from hearts.gui.archive import bots_archive
    from hearts.gui.leaderboard import LeaderboardSheet
    sheet = LeaderboardSheet(app, bots_archive(app), "Your games against bots").open()
    drive.step()
    return sheet


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_leaderboard_history_and_replay(app: Any, drive: Any, shots: Path,
                                        size: tuple[int, int]) -> None:
    pygame.display.set_mode(size)
    app._resized()
    games = keep_bot_games(app)
    board = open_leaderboard(app, drive)
    rows = board.list.rows
    assert rows[0].split("\t")[1] == "Tester (you)"
    assert rows[0].split("\t")[2] == "3"                    # games
    assert rows[0].split("\t")[3] == str(sum(0 in g.winners for g in games))
    assert any("hard bots" in r for r in rows) and any("Bots, by level" in r for r in rows)
    drive.shot(shots / f"leaderboard-{size[0]}x{size[1]}.png")
    drive.click_button(board.form, "Games")
    history = app.dialogs[-1]
    assert type(history).__name__ == "HistorySheet"
    assert [g for g in history.list.data] == [3, 2, 1]
    assert "Ada (hard bot)" in history.list.rows[0]
    drive.shot(shots / f"history-{size[0]}x{size[1]}.png")
    history.list.select(1)                                  # game 2
    drive.click_button(history.form, "Replay")
    replay = app.dialogs[-1]
    assert type(replay).__name__ == "ReplaySheet" and replay.doc["id"] == 2
    assert replay.bottom == 0                               # our seat at the bottom
    # trick by trick with the keys: the deal, the pass, then each trick taken
    drive.key(pygame.K_RIGHT)
    assert replay.step == 1 and replay.moment.passed
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    assert replay.step == 9 and replay.moment.trick == []
    assert sum(len(c) for c in replay.moment.cards) == 52 - 8
    drive.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)            # one card
    drive.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert replay.step == 11 and len(replay.moment.trick) == 2
    drive.shot(shots / f"replay-{size[0]}x{size[1]}.png")
    drive.key(pygame.K_LEFT)
    assert replay.step == 9
    drive.key(pygame.K_PAGEDOWN)
    assert (replay.hand, replay.step) == (1, 0)
    drive.key(pygame.K_END)
    assert replay.moment.done and replay.moment.points == list(games[1].results[1].points)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_ESCAPE)
    assert not app.dialogs


def test_the_bots_hint_for_a_moment(app: Any, drive: Any, shots: Path) -> None:
    keep_bot_games(app, 1)
    open_leaderboard(app, drive)
    drive.click_button(app.dialogs[-1].form, "Games")
    drive.click_button(app.dialogs[-1].form, "Replay")
    replay = app.dialogs[-1]
    replay.go(7)                    # the middle of the second trick
    replay.level.value = "easy"
    drive.click_button(replay.form, "What would it play?")
    drive.until(lambda: replay.hint is not None, timeout=20, what="the bot's hint")
    hand, step, seat, level, cards = replay.hint
    assert (hand, step, level) == (0, 7, "easy") and seat == replay.moment.turn
    legal = {str(c) for c in replay.replay.hand_at(0, 7).legal_plays(seat)}
    assert len(cards) == 1 and cards[0] in legal
    drive.step()
    assert any(line.startswith("▸ easy would play") for line in
               replay._caption(replay.moment, replay.replay.hands[0]))
    drive.shot(shots / "replay-hint-1280x800.png")


def test_export_writes_the_game(app: Any, drive: Any, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "Downloads").mkdir()
    games = keep_bot_games(app, 1)
    open_leaderboard(app, drive)
    drive.click_button(app.dialogs[-1].form, "Games")
    drive.click_button(app.dialogs[-1].form, "Export")
    files = list((tmp_path / "Downloads").glob("hearts-game-1-*.json"))
    assert len(files) == 1
    doc = json.loads(files[0].read_text())
    assert doc["format"] == "hearts-game" and doc["totals"] == list(games[0].totals)
    assert "Game saved to" in app.toast
    assert os.environ["HOME"] == str(tmp_path)
