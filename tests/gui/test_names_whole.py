"""Four names as long as the host allows (24 graphemes: the widest letters, and two
realistic ones) are shown whole wherever a person reads them, at 800x600 and 1280x800
(issue 59, item 15): the lobby's seats, the plates (with "(you)"), the scores panel, the
last trick, a hand's summary, the scoreboard, the final sheet, the host's leaderboard and a replay's
seat labels. Measured on the real screens, headless: no text cut with an ellipsis, each
name's lines inside the box that holds them, no name's text over another text."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pygame
import pytest

from hearts.gui import theme
from hearts.gui.lobby import SEATS_COLUMN, LobbyScreen
from hearts.gui.table import TableScreen
from hearts.i18n import _
from hearts.net.client import decision_key, random_intent
from hearts.net.limits import Limits
from hearts.net.names import graphemes
from tests.gui import clipcheck
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby, play_until

from .table_seen import look
from .table_seen import problems as table_problems

ME = "Wwwwwwwwwwwwwwwwwwwwwwww"                  # the widest letters
OTHERS = ("Maximiliane Featherstone", "Bartholomew Fitzwilliams", "Mmmmmmmmmmmmmmmmmmmmmmmm")
LATE = "WMWMWMWMWMWMWMWMWMWMWMWM"                # sits at the lobby's full table


async def _autoplay(client: Any) -> None:
    """Random legal moves for ``client`` until its connection ends."""
    rng = random.Random(client.name)
    sent_for: Any = None
    async for ev in client:
        view = client.view if ev["type"] in ("update", "table") else None
        intent = random_intent(view, rng) if view else None
        if intent is None or decision_key(view) == sent_for:
            continue
        sent_for = decision_key(view)
        await client.send(intent[0], **intent[1])


def _bare(s: str) -> str:
    return s.replace(" ", "")


def _whole(names: tuple[str, ...], lines: list[str]) -> list[str]:
    """The names not drawn whole: each must be in the lines drawn (over consecutive lines
    when it was broken), and no line with an ellipsis may hold a piece of one."""
    blob = "".join(_bare(s) for s in lines)
    out = [f"not whole: {n!r}" for n in names if _bare(n) not in blob]
    out += [f"cut: {s!r}" for s in lines
            if "…" in s and any(_bare(s.rstrip("…"))[-4:] in _bare(n) for n in names)]
    return out


def _named(s: str, names: tuple[str, ...]) -> bool:
    """``s`` is (a piece of) a name, or holds one."""
    s = _bare(s).rstrip("…")
    return len(s) >= 3 and any(s in _bare(n) or _bare(n) in s for n in names)


def _overlaps(texts: list[tuple[str, pygame.Rect]], names: tuple[str, ...],
              overlays: list[pygame.Rect]) -> list[str]:
    """Texts drawn over each other where one is (a piece of) a name; a sheet drawn over
    the table (``overlays``) may cover what is under it."""
    def named(s: str) -> bool:
        return _named(s, names)
    out = []
    for i, (s, r) in enumerate(texts):
        for t, q in texts[i + 1:]:
            if not (named(s) or named(t)) or not r.inflate(-2, -2).colliderect(q.inflate(-2, -2)):
                continue
            if any(o.contains(r) != o.contains(q) for o in overlays):
                continue
            out.append(f"{s!r} {r} over {t!r} {q}")
    return out


def _table_check(screen: TableScreen, monkeypatch: Any, names: tuple[str, ...]) -> list[str]:
    """What is wrong with the names on the table screen as drawn now (empty: all whole)."""
    screen.cache.clear()                          # the plates drawn afresh, while looked at
    seen = look(screen, monkeypatch)
    out = table_problems(seen, screen.size)       # nothing cut ("choosing cards…" neither)
    out += _whole(names, [s for s, _n in seen.lines])
    m, geo = screen.model, screen.geo
    overlays = [screen.sheets.summary_rect()] if m.summary is not None else []
    if screen.game_over() and not m.over_closed:
        overlays.append(screen.sheets.over_rect())
    out += _overlaps(seen.on_window, names, overlays)
    # each plate holds its name's lines, clear of the other plates and the corner panels
    boxes = [(f"plate {rel}", geo.plate(rel)) for rel in range(4)]
    if screen.panels.info_rect is not None:        # (after the deal: the corner panels)
        boxes += [("scores", geo.mini_scores_rect()), ("info", screen.panels.info_rect)]
    for rel in range(4):
        lines, size, width = geo.plate_name((m.me + rel) % 4)
        wide = [ln for ln in lines if theme.font(size, "bold").size(ln)[0] > width]
        out += [f"plate {rel}: {ln!r} wider than {width}" for ln in wide]
    for i, (a, r) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            if r.colliderect(q) and not any(o.contains(r) or o.contains(q) for o in overlays):
                out.append(f"{a} {r} over {b} {q}")
    return out


SIZES = [(800, 600), (1280, 800)]


@pytest.mark.parametrize("lang,size", [(lang, size) for lang in ("en", "de", "fr")
                                       for size in SIZES], ids=lambda c: str(c))
def test_four_long_names_read_whole_everywhere(app_in, monkeypatch, shots, lang, size):
    assert all(len(graphemes(n)) == Limits().max_name for n in (ME, *OTHERS, LATE))
    app = app_in(lang, size)
    app.settings.name = ME
    drive = Driver(app)
    tag = f"{lang}-{size[0]}x{size[1]}"
    people: list[Player] = []
    try:
        host_lobby(app, drive)
        a, b, c, d = (Player(app, n) for n in (*OTHERS, LATE))
        people += [a, b, c, d]
        # the lobby: a table of four long names
        a.send("create_table", name="Long names", seat=0)
        full = a.wait_for("table")["table"]["id"]
        for p, seat in ((b, 1), (c, 2), (d, 3)):
            p.send("sit", table=full, seat=seat)
            p.wait_for("table")
        drive.until(lambda: any(len([s for s in t["seats"] if s.get("kind") == "human"]) == 4
                                for t in app.session.tables), what="the full table listed")
        drive.step()
        drive.shot(shots / f"names-lobby-{tag}.png")
        assert isinstance(app.screen, LobbyScreen)
        assert clipcheck.problems(app, monkeypatch) == []
        with clipcheck.recording(monkeypatch) as rec:
            app.screen.draw(app.surface)
        seats = app.screen.list.column_lefts()[SEATS_COLUMN]
        assert _whole((*OTHERS, LATE), [s for s, r, _h in rec.drawn if r.left >= seats]) == []
        texts = [(s, r) for s, r, _h in rec.drawn]
        assert _overlaps(texts, (ME, *OTHERS, LATE), []) == []

        # our table: us and three of them, playing to the end
        for p in (a, b, c):
            p.send("leave")
        app.send({"type": "create_table", "name": "Ours", "seat": 0, "rules": {"target": 40}})
        screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen, 20,
                             "our table")
        ours = app.session.table.id
        for p, seat in ((a, 1), (b, 2), (c, 3)):
            p.send("sit", table=ours, seat=seat)
            p.wait_for("table")
            app.net.call(_autoplay(p.client))
        drive.until(lambda: all(s.name for s in app.session.table.seats), what="all seated")
        names = (ME, *OTHERS)
        drive.step()
        assert _table_check(screen, monkeypatch, names) == []         # before the deal
        app.send({"type": "start"})
        drive.until(lambda: screen.model.view, 20, "the deal")
        drive.step()
        drive.shot(shots / f"names-table-{tag}.png")
        assert _table_check(screen, monkeypatch, names) == []
        play_until(app, drive, lambda: len(screen.model.view.tricks) >= 2)
        screen.model.show_last = True                 # the last trick, over its players' names
        drive.step()
        drive.shot(shots / f"names-last-trick-{tag}.png")
        assert _table_check(screen, monkeypatch, names) == []
        screen.model.show_last = False
        play_until(app, drive, lambda: screen.model.summary is not None)
        drive.step()
        drive.shot(shots / f"names-summary-{tag}.png")
        assert _table_check(screen, monkeypatch, names) == []
        screen.model.summary = None
        screen.controls.toggle_scores()
        drive.step()
        drive.shot(shots / f"names-scoreboard-{tag}.png")
        assert _table_check(screen, monkeypatch, names) == []
        screen.controls.toggle_scores()
        play_until(app, drive, lambda: screen.game_over(), 120)
        drive.step()
        drive.shot(shots / f"names-over-{tag}.png")
        assert _table_check(screen, monkeypatch, names) == []

        # the host's leaderboard and the game's replay
        app.send({"type": "leave"})
        drive.until(lambda: isinstance(app.screen, LobbyScreen), what="back in the lobby")
        drive.click_button(app.screen.form, _("Stats"))
        board = drive.until(lambda: app.dialogs and type(app.dialogs[-1]).__name__
                            == "LeaderboardSheet" and app.dialogs[-1], what="the leaderboard")
        drive.until(lambda: len(board.list.rows) >= 4, what="the leaderboard's rows")
        drive.step()
        drive.shot(shots / f"names-leaderboard-{tag}.png")
        assert clipcheck.problems(app, monkeypatch) == []
        with clipcheck.recording(monkeypatch) as rec:
            board.draw(app.surface)
        assert _whole(names, [s for s, _r, _h in rec.drawn]) == []
        assert _overlaps([(s, r) for s, r, _h in rec.drawn], names, []) == []
        drive.click_button(board.form, board.games_button.label)
        history = drive.until(lambda: type(app.dialogs[-1]).__name__ == "HistorySheet"
                              and app.dialogs[-1].list.rows and app.dialogs[-1], what="games")
        drive.click_button(history.form, history.replay_button.label)
        replay = drive.until(lambda: type(app.dialogs[-1]).__name__ == "ReplaySheet"
                             and app.dialogs[-1], what="the replay")
        for _step in range(3):
            drive.key(pygame.K_RIGHT)
        drive.shot(shots / f"names-replay-{tag}.png")
        problems = clipcheck.problems(app, monkeypatch)
        assert problems == [], problems
        with clipcheck.recording(monkeypatch) as rec:
            replay.draw(app.surface)
        assert _whole(names, [s for s, _r, _h in rec.drawn]) == []
        assert _overlaps([(s, r) for s, r, _h in rec.drawn], names, []) == []
    finally:
        for p in people:
            p.close()
