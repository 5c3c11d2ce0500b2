"""The lobby's sentences whole in every language at 800x600 and larger: the chat box's
head (what the box is, how to write there) over as many lines as it takes, inside the
box, between the table list and the buttons, a lobby line under it; the password
dialog's sentence about a table with a wide name, over three lines. And the text check
that found them cut: a wrapped text drawn only in part counts as cut."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui import widgets as w
from hearts.gui.lobby import LobbyScreen, PasswordDialog
from tests.gui import clipcheck
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby

SIZES = [(800, 600), (1280, 800)]
LONG = ("Anyone for a game of omnibus with the queen at fourteen points? I will open a "
        "table with a rather long name, and there is room for three more: sit down!")


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_chat_head_reads_whole(app_in, monkeypatch, lang, size):
    app = app_in(lang, size)
    app.show(LobbyScreen(app))
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    for said in (False, True):
        if said:
            app.console.on_message({"type": "chat", "name": "Ann", "text": LONG})
        with clipcheck.recording(monkeypatch) as rec:
            screen.draw(app.surface)
        assert rec.cut == []
        box = screen.chat_box
        inside = [(s, r) for s, r, _h in rec.drawn if box.colliderect(r)]
        assert all(box.contains(r) for _s, r in inside), inside
        head = screen._chat_head(said)
        dim = [s for s, r in inside if s in head and len(s) > 3]
        assert " ".join(dim) == head                   # every word, in order
        if said:                                       # the line under the head, whole
            said_line = "".join(s for s, _r in inside if s not in dim)
            assert said_line.replace(" ", "") == ("Ann: " + LONG).replace(" ", "")
        assert screen.list.rect.bottom < box.top
        assert all(b.rect.top > box.bottom for b in screen.buttons)
    assert clipcheck.problems(app, monkeypatch) == []


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "it"])
def test_a_wrong_password_for_a_wide_name_reads_whole(app_in, monkeypatch, shots, lang):
    app = app_in(lang)
    drive = Driver(app)
    host_lobby(app, drive)
    ann = Player(app, "Ann")
    try:
        wide = "W" * 24                                     # the longest name the host keeps
        ann.send("create_table", name=wide, password="owls")
        tid = ann.wait_for("table")["table"]["id"]
        drive.until(lambda: app.session.tables, what="the table list")
        ask = PasswordDialog(app, "sit", tid, wrong=True).open()
        assert isinstance(ask, PasswordDialog) and wide in ask.message
        assert len(ask.lines) == 3                         # the panel grows a line
        assert ask.field.rect.top > ask.rect.top + int(104 * app.scale)
        drive.step()
        drive.shot(shots / f"password-wrong-wide-{lang}.png")
        # (the lobby's Table column cuts so wide a name, with an ellipsis: not this test's)
        assert [p for p in clipcheck.problems(app, monkeypatch)
                if p.startswith("PasswordDialog")] == []
        with clipcheck.recording(monkeypatch) as rec:
            ask.draw(app.surface)
        said = [r for s, r, _h in rec.drawn if s in ask.lines]
        assert len(said) == 3 and all(r.bottom <= ask.field.rect.top for r in said)
    finally:
        ann.close()


def test_a_wrapped_text_drawn_in_part_counts_as_cut(monkeypatch):
    pygame.font.init()
    surface = pygame.Surface((400, 300))
    long = "a sentence long enough to need three lines in a box one hundred pixels wide"
    assert len(w.wrap(long, w.font(16), 100)) >= 3

    def cut(shown: slice, measured: str = "") -> list[tuple[str, int]]:
        """What the check calls cut when the ``shown`` lines of ``long`` are drawn (and
        ``measured`` is wrapped, not drawn)."""
        with clipcheck.recording(monkeypatch) as rec:
            for i, line in enumerate(w.wrap(long, w.font(16), 100)[shown]):
                w.text(surface, line, (0, 20 * i), 16)
            if measured:
                w.wrap(measured, w.font(16), 100)
        return rec.cut

    assert cut(slice(0, 1)) == [(long, 100)]           # the defect: its first line only
    assert cut(slice(0, -1)) == [(long, 100)]          # all but its last
    assert cut(slice(None)) == []                      # whole
    assert cut(slice(1, None)) == []                   # a log scrolled up: its end shows
    assert cut(slice(None), "only measured, never drawn at all") == []
