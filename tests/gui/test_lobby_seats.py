"""The lobby's Seats column as drawn in the window: every seat of a table, in order, on
its two lines at 800x600, 1024x768, 1280x800 and 1920x1080 (German too), or more when two
names of the host's longest need them; every name whole, the bots' levels going first
(issue 59, item 15: tests/gui/test_names_whole.py has four of the widest names)."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui.app import App
from hearts.gui.lobby import SEATS_COLUMN, LobbyScreen, seat_label
from tests.gui import clipcheck
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby

LONG = ("Annabelle Featherstonehaugh", "Bartholomew Fitzwilliam-Smythe")   # the host keeps 24


def _seat_lines(app: App, monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[str, pygame.Rect]]]:
    """Each table row's Seats lines as the window shows them."""
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    with clipcheck.recording(monkeypatch) as rec:
        screen.draw(app.surface)
    lst = screen.list
    x = lst.column_lefts()[SEATS_COLUMN]
    out = []
    for n in range(len(lst.rows)):
        top = lst.rect.top + n * lst.row_height
        out.append([(s, r) for s, r, _h in rec.drawn
                    if r.left == x and top <= r.centery < top + lst.row_height])
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_seat_reads_in_the_lobby(app_in, monkeypatch, shots, lang):
    app = app_in(lang)
    drive = Driver(app)
    people: list[Player] = []
    try:
        host_lobby(app, drive)
        ann, bart, bob = (Player(app, n) for n in (*LONG, "Bob"))
        people += [ann, bart, bob]
        ann.send("create_table", name="Long names", seat=0)
        tid = ann.wait_for("table")["table"]["id"]
        bart.send("sit", table=tid, seat=1)
        bart.wait_for("table")
        ann.send("bot", seat=2, level="hard")
        ann.send("bot", seat=3, level="easy")
        bob.send("create_table", name="Short names", seat=0)
        bob.wait_for("table")
        bob.send("bot", seat=1, level="hard")
        bob.send("bot", seat=2, level="easy")

        def listed() -> bool:
            tables = app.session.tables
            return [[s.get("kind") for s in t["seats"]] for t in tables] == [
                ["human", "human", "bot", "bot"], ["human", "bot", "bot", "empty"]]
        drive.until(listed, what="both tables in the list")
        for size in ((800, 600), (1024, 768), (1280, 800), (1920, 1080)):
            if lang != "en" and size not in ((800, 600), (1280, 800)):
                continue
            app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            app._resized()
            drive.step()
            drive.shot(shots / f"lobby-seats-{lang}-{size[0]}x{size[1]}.png")
            lst = app.screen.list
            right = lst.rect.right - 10
            for t, lines in zip(app.session.tables, _seat_lines(app, monkeypatch)):
                labels = [seat_label(s, t.get("owner")) for s in t["seats"]]
                assert 1 <= len(lines) <= (2 if t["name"] == "Short names" else 4), (size, lines)
                assert all(r.right <= right for _s, r in lines), (size, lines, right)
                text = " ".join(s for s, _r in lines)
                forms = []
                for k, label in enumerate(labels):          # every seat in order, each whole
                    whole = [label.text(form) for form in range(len(label.forms))]
                    seen = max((c for c in whole if text.startswith(c)), key=len, default=None)
                    assert seen is not None, (size, text, whole)        # never cut
                    forms.append("whole" if seen == whole[0] else "short")
                    text = text[len(seen):]
                    assert text.startswith(", ") if k < 3 else text == "", (size, text)
                    text = text[2:]
                if len(lines) > 2:                  # only for the long names
                    assert t["name"] == "Long names", (size, lines)
                if t["name"] == "Short names":      # room for every word
                    assert forms == ["whole"] * 4, (size, lines)
                    assert lang != "en" or " ".join(s for s, _r in lines) == \
                        "★\u00a0Bob, Basil (hard bot), Clara (easy bot), free"
    finally:
        for p in people:
            p.close()
