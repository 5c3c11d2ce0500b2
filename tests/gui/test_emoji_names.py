"""Emoji in names are pictures on the desktop, not boxes (issue 59, item 6): each grapheme
is drawn by the first font that has it (hearts/gui/glyphs.py), the colour emoji font first,
so "🃏 Zoë" and a family joined by zero-width joiners show as pictures (the family as one,
not four people), measured as drawn; on the real table's plate too, where without the
fallback fonts the name still shows, with boxes."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui import glyphs, table_draw, theme
from hearts.gui.table import TableScreen

from .conftest import Driver

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
TOFU = "\u0378"                   # unassigned: what a face without the glyph draws, a box
pytestmark = pytest.mark.needs("emoji-font")


def _pixels(img: pygame.Surface) -> bytes:
    return pygame.image.tobytes(img, "RGBA")


def _coloured(img: pygame.Surface) -> bool:
    """Some pixel of the picture is a strong colour (the text colour is a pale grey)."""
    w, h = img.get_size()
    return any(max(c[:3]) - min(c[:3]) > 80 and c[3] > 200
               for c in (img.get_at((x, y)) for x in range(w) for y in range(h)))


def _blue(img: pygame.Surface) -> int:
    w, h = img.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if (c := img.get_at((x, y))).b > c.r + 60 and c.b > c.g + 30)


def test_an_emoji_is_a_picture_not_the_box(app):
    f = theme.font(24, "bold")
    box = f.render(TOFU, True, theme.TEXT)
    for emoji in ("🃏", FAMILY, "\U0001F1E9\U0001F1EA"):
        img = f.render(emoji, True, theme.TEXT)
        assert img.get_size() != box.get_size() or _pixels(img) != _pixels(box), emoji
    assert _coloured(f.render("🃏", True, theme.TEXT))
    assert not _coloured(box)
    man = f.size("\U0001F468")[0]
    assert f.size(FAMILY)[0] < 1.5 * man               # one picture, not four people
    for name in ("🃏 Zoë", f"Ann {FAMILY}", "♥ Bob ♠"):  # measured as drawn
        assert f.size(name)[0] == f.render(name, True, theme.TEXT).get_width(), name
    assert f.runs("♥ Bob ♠") == [("♥ Bob ♠", None)]    # the suits stay DejaVu's


def test_the_plate_shows_an_emoji_name_in_pictures(app, monkeypatch, shots):
    drive = Driver(app)
    app.settings.name = f"🃏 Zoë {FAMILY}"
    app.settings.bot_level = "random"
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    assert screen.model.info.seat_name(screen.model.me) == f"🃏 Zoë {FAMILY}"   # kept whole

    def plate() -> pygame.Surface:
        screen.cache.clear()
        table_draw._whole_lines.cache_clear()    # names are fitted once a process: a machine's
        app.draw()                               # fonts do not change under it, this test's do
        return app.surface.subsurface(screen.geo.plate(0)).copy()
    drive.shot(shots / "emoji-plate-1280x800.png")
    pictures = plate()
    monkeypatch.setattr(glyphs, "first_font", lambda paths: None)     # no fallback fonts
    boxes = plate()
    assert _pixels(pictures) != _pixels(boxes)
    # the joker's blue: no other part of a plate is blue (its text is salmon on dark green)
    assert _blue(pictures) > 5 and _blue(boxes) == 0, (_blue(pictures), _blue(boxes))
    lines, _size, _width = screen.geo.plate_name(screen.model.me)
    assert "".join(lines).replace(" ", "") == f"🃏Zoë{FAMILY}(you)"   # shown, boxes or not
