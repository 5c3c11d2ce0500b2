"""The leaderboard, the finished games and the replay on the desktop, from the games against
bots kept on this computer: real history files, real drawing (screenshots with
$HEARTS_SCREENSHOTS)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from hearts.engine import Rules
from hearts.net.history import History
from hearts.net.stats import person_id
from tests.engine.builders import random_game


def keep_bot_games(app: Any, n: int = 3,
                   seats: tuple[tuple[str, str], ...] = (("Ada", "hard"), ("Basil", "normal"),
                                                         ("Clara", "easy"))) -> list[Any]:
    """``n`` finished games against bots in this computer's history, played by the app's
    own player key in seat 0 (``seats``: the bots' names and levels)."""
    from hearts.gui.saved_game import save_dir
    d = save_dir()
    d.mkdir(parents=True, exist_ok=True)
    me = {"name": "Tester", "kind": "human", "id": person_id(app.net.key)}
    bots = [{"name": n, "kind": "bot", "level": lv} for n, lv in seats]
    history = History(d)
    games = []
    for i in range(n):
        g = random_game(Rules(), 30 + i)
        history.add({"table": 1, "name": "Bots", "players": ["Tester", *(n for n, _ in seats)],
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


def test_the_menu_opens_the_leaderboard_of_the_games_against_bots(app: Any, drive: Any) -> None:
    keep_bot_games(app, 2)
    drive.click_button(app.screen.form, "Leaderboard")
    board = app.dialogs[-1]
    assert type(board).__name__ == "LeaderboardSheet" and board.archive.local
    assert board.list.rows[0].split("\t")[1] == "Tester (you)"
    drive.key(pygame.K_RIGHT)                               # tonight -> all time
    assert board.which.value == "all" and board.list.rows[0].split("\t")[2] == "2"


def test_the_hosts_lobby_leaderboard_history_and_replay(app: Any, drive: Any, shots: Path) -> None:
    from .helpers import host_lobby
    host_lobby(app, drive)
    host = app.net.host
    g = random_game(Rules(), 41)
    me = {"name": "Tester", "kind": "human", "id": person_id(app.net.key)}
    record = {"table": 1, "name": "Den", "players": ["Tester", "Bob", "Ada", "Basil"],
              "game": g.to_dict(), "totals": list(g.totals), "winners": g.winners,
              "people": [me, {"name": "Bob", "kind": "human", "id": "b0b"},
                         {"name": "Ada", "kind": "bot", "level": "hard"},
                         {"name": "Basil", "kind": "bot", "level": "normal"}],
              "seating": [[0, 1, 2, 3]] * len(g.results)}

    async def finish() -> None:
        host.history.add(record)            # on the host's own loop, as a game ends there
    app.net.call(finish()).result(5)
    lobby = app.screen
    drive.click_button(lobby.form, "Stats")
    board = app.dialogs[-1]
    drive.until(lambda: board.answer is not None, what="the host's stats")
    names = [r.split("\t")[1] for r in board.list.rows]
    assert names[:2] in (["Tester (you)", "Bob"], ["Bob", "Tester (you)"])
    drive.shot(shots / "lobby-leaderboard-1280x800.png")
    drive.click_button(board.form, "Games")
    history = app.dialogs[-1]
    drive.until(lambda: history.list.data == [1], what="the host's games")
    drive.key(pygame.K_RETURN)                              # Enter on the list: replay
    drive.until(lambda: type(app.dialogs[-1]).__name__ == "ReplaySheet", what="the replay")
    replay = app.dialogs[-1]
    assert replay.doc["id"] == 1 and len(replay.replay.hands) == len(g.results)
    for _ in range(6):
        drive.step()
    assert app.screen is lobby                  # the lobby's own updates did not close them
    while app.dialogs:
        drive.key(pygame.K_ESCAPE)
    assert not host.history.entries[0].get("bad")


def _bot_game(app: Any, drive: Any, target: int) -> Any:
    from hearts.gui.table import TableScreen
    app.settings.bot_level = "random"
    app.settings.animation = "fast"
    app.settings.trick_pause = 0.2
    app.settings.bot_speed = "fast"
    drive.time_lapse()
    app.link.play_against_bots(rules={"target": target, "pass_cycle": ["left", "hold"]},
                               seed=5)
    drive.until(lambda: isinstance(app.screen, TableScreen), what="the table")
    return app.screen


def _play_to_the_first_summary(app: Any, drive: Any, screen: Any) -> None:
    """Pass with 1 2 3 Enter and play with Enter, looking for the summary before every key
    (a hand can end early, by TRAM, while it is our turn)."""
    end = time.monotonic() + 60
    while screen.model.summary is None:
        assert time.monotonic() < end, "no hand was scored"
        drive.step()
        v = screen.model.view
        if v is None or screen.animating:
            continue
        if v.phase == "pass" and not v.has_passed[v.seat] and not screen.model.pass_sent:
            keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_RETURN]
        elif screen.model.my_turn_to_play:
            keys = [pygame.K_RETURN]
        else:
            keys = []
        for k in keys:
            if screen.model.summary is not None:
                break
            drive.key(k)


def test_review_from_a_hands_summary(app: Any, drive: Any, shots: Path) -> None:
    screen = _bot_game(app, drive, 100)
    _play_to_the_first_summary(app, drive, screen)
    assert screen.button("review") is not None
    drive.shot(shots / "table-summary-review-1280x800.png")
    drive.key(pygame.K_r)
    drive.until(lambda: app.dialogs and type(app.dialogs[-1]).__name__ == "ReplaySheet",
                what="the review of the hand")
    replay = app.dialogs[-1]
    assert replay.doc["id"] == 0 and replay.doc["seed"] == ""     # the game goes on
    assert replay.hand == int(screen.model.summary["hand"]) == 0      # the summary's hand
    assert not replay.export_button.visible
    drive.key(pygame.K_END)
    assert replay.moment.points == list(screen.model.summary["points"])
    drive.key(pygame.K_ESCAPE)
    assert not app.dialogs


def test_review_from_the_final_sheet(app: Any, drive: Any) -> None:
    from .test_table_end import _play_by_keys
    screen = _bot_game(app, drive, 10)
    _play_by_keys(app, drive, lambda: app.session.table is not None
                  and app.session.table.state == "over", timeout=90)

    def final_sheet() -> bool:
        if screen.model.summary is not None and not screen.animating:
            drive.key(pygame.K_RETURN)           # the last hand's summary, read
        return screen.game_over() and not screen.animating
    drive.until(final_sheet, 60, "the final sheet")
    review = screen.button("review")
    assert review is not None
    drive.click(review.rect.center)
    drive.until(lambda: app.dialogs and type(app.dialogs[-1]).__name__ == "ReplaySheet",
                what="the review of the game")
    replay = app.dialogs[-1]
    assert replay.doc["id"] >= 1 and replay.hand == 0 and replay.export_button.visible
    assert replay.doc["totals"] == list(app.session.table.totals)


def test_export_goes_to_the_desktops_download_folder_made_if_missing(
        app: Any, drive: Any, tmp_path: Path, config_home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    config_home.mkdir(parents=True, exist_ok=True)
    (config_home / "user-dirs.dirs").write_text(
        '# written by xdg-user-dirs-update\nXDG_DOWNLOAD_DIR="$HOME/Téléchargements"\n',
        encoding="utf-8")
    games = keep_bot_games(app, 1)
    open_leaderboard(app, drive)
    drive.click_button(app.dialogs[-1].form, "Games")
    drive.click_button(app.dialogs[-1].form, "Export")
    files = list((tmp_path / "Téléchargements").glob("hearts-game-1-*.json"))
    assert len(files) == 1 and not list(tmp_path.glob("hearts-game-*"))
    assert json.loads(files[0].read_text())["totals"] == list(games[0].totals)
    assert str(tmp_path / "Téléchargements") in app.toast


def test_the_local_board_says_today_in_its_title_and_when_empty(app: Any, drive: Any) -> None:
    drive.click_button(app.screen.form, "Leaderboard")
    board = app.dialogs[-1]
    drive.until(lambda: board.answer is not None, 10, "the figures")
    assert board.which.show(board.which.value) == "Today"
    assert board.list.empty == "No game finished yet today."
