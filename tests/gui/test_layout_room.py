"""Room to read (issue 59, item 18), in the real app: the leaderboard's rows are large
text at 1280x800, and the French demo's status line keeps clear of the "Cartes jouées"
list at 800x600."""

from __future__ import annotations

import pytest

from hearts.gui.table import TableScreen
from tests.gui import clipcheck

from .table_seen import look
from .test_records import keep_bot_games, open_leaderboard


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_leaderboards_rows_are_large_at_1280x800(app_in, monkeypatch, lang):
    from hearts.gui.leaderboard import COLUMNS
    from hearts.i18n import _
    from .conftest import Driver
    app = app_in(lang, (1280, 800))
    drive = Driver(app)
    keep_bot_games(app, 1)
    board = open_leaderboard(app, drive)
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    rows = [h for s, _r, h in rec.drawn if s == board.list.rows[0].split("\t")[1]]
    assert rows and min(rows) >= 20, rows          # a line of 18 px text or more
    heads = [r for name, _share in COLUMNS for s, r, _h in rec.drawn
             if s == _(name) and r.bottom <= board.list.rect.top]
    assert len(heads) == len(COLUMNS)
    for a, b in zip(heads, heads[1:]):             # the column names clear of each other
        assert a.right + 8 <= b.left, (a, b)


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_the_demos_status_line_keeps_clear_of_the_played_cards(app_in, monkeypatch, lang, shots):
    from .conftest import Driver
    app = app_in(lang, (800, 600))
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse()
    app.link.play_against_bots(rules={"target": 200}, demo=True, seed=2)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "play" and app.screen, 30, "the demo")
    status = drive.until(lambda: screen.model.in_flight is None and screen.model.taken is None
                         and screen.model.view.others is not None
                         and screen.status_text(screen.model.view)[0], 30, "a turn to play")
    seen = look(screen, monkeypatch)
    drive.shot(shots / f"demo-status-{lang}-800x600.png")
    panel = screen.geo.played_rect().inflate(16, 16)
    lines = [(t, r) for t, r in seen.on_window if t and t in status]
    assert lines, (status, seen.on_window)
    assert not [(t, r) for t, r in lines if r.colliderect(panel)], (lines, panel)
