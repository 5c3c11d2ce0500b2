"""The small things a player notices (issue 45, item 8), in the real app: passing says
to whom, the 13th card has a pass key, one button looks selected in the seat menu, a long
host name keeps its end, no Hint after the game, the demo's and open hands' cards read at
800x600 and at 150% text, the played-cards list has room, the console hides the table."""

from __future__ import annotations

import pygame

from hearts.gui.table import TableScreen

from .helpers import host_lobby, own_table_with_bob
from .rigged import MOON, play_my_cards, rig_first_deal
from .table_seen import look


def _resize(app, size: tuple[int, int]) -> None:
    app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized()


def _table(app, drive, rules: dict, seed: int = 3) -> TableScreen:
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules=rules, seed=seed)
    return drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                       and not app.screen.animating and app.screen, 20, "the table")


def test_passing_across_says_to_whom_and_the_13th_card_has_a_key(app, drive, monkeypatch):
    screen = _table(app, drive, {"pass_cycle": ["across"]})
    assert screen.model.view.phase == "pass"
    seen = look(screen, monkeypatch)
    assert seen.has("Pass 3 cards across to Clara.")
    assert not seen.has("to the across")
    drive.key(pygame.K_LEFTBRACKET)
    assert screen.model.selected == [screen.model.hand_cards[12]]
    assert seen.has("[")                                   # its badge is drawn


def test_the_seat_menu_lights_one_button(app, drive):
    bob = own_table_with_bob(app, drive)
    try:
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "West: Bob")
        menu = app.dialogs[-1]
        lit = [b.label for b in menu.items if getattr(b, "focused", False)
               or getattr(b, "hover", False) or getattr(b, "primary", False)]
        assert lit == ["Kick Bob"]
    finally:
        bob.close()


def test_a_long_host_name_is_whole(app, drive, monkeypatch):
    from tests.gui import clipcheck
    app.settings.name = "Annabelle Featherston"        # a host's name has room for it (40)
    host_lobby(app, drive)
    name = app.session.host_name
    assert name == "Annabelle Featherston's host"
    with clipcheck.recording(monkeypatch) as rec:
        app.draw()
    assert any(f"Lobby of {name}" in text for text, _r, _h in rec.drawn)


def test_no_hint_button_once_the_game_is_over(app, drive, monkeypatch):
    rig_first_deal(monkeypatch, MOON)                      # the first hand ends the game
    screen = _table(app, drive, {"target": 1, "pass_cycle": ["hold"]})
    assert screen.button("hint") is not None
    play_my_cards(app, drive, lambda: app.session.table.state == "over")
    drive.until(lambda: screen.game_over() and not screen.animating, 20, "the final sheet")
    assert screen.button("hint") is None
    assert not look(screen, monkeypatch).has("Hint  (Ctrl-H)")


def test_face_up_hands_read_at_800x600_and_clear_the_trick_at_150_percent(app, drive):
    screen = _table(app, drive, {"open_hands": True, "pass_cycle": ["hold"]})
    for size in ((800, 600), (1280, 800)):
        for ui_scale in (1.0, 1.5):
            app.settings.ui_scale = ui_scale
            _resize(app, size)
            drive.step()
            geo = screen.geo
            assert geo.open_art.index_px >= 12, (size, ui_scale, geo.open_art.index_px)
            trick = screen.layout.trick_rect
            for rel in (1, 2, 3):
                for row in geo.open_rows(rel, 13):
                    assert not row.colliderect(trick), (size, ui_scale, rel, row, trick)
                    assert pygame.Rect((0, 0), size).contains(row), (size, ui_scale, rel, row)
            # the played-cards list has room for its ranks, and your hand clears it
            played = geo.played_rect()
            hand = [r for _c, r in geo.hand_layout()]
            assert hand and not any(r.colliderect(played) for r in hand), (size, ui_scale)


def test_the_played_cards_list_leaves_room_between_its_ranks(app, drive, monkeypatch):
    _resize(app, (800, 600))
    from .table_seen import Window, watching
    screen = _table(app, drive, {"open_hands": True, "pass_cycle": ["hold"]})
    played = screen.geo.played_rect()
    with watching(monkeypatch) as seen:
        screen.panels.paint_played(Window(played.size, seen), 0)
    ranks = [(s, r) for s, r in seen.on_window if len(s) == 1 and s in "23456789TJQKA♣♦♥♠"]
    rows: dict[int, list[pygame.Rect]] = {}
    for _s, r in ranks:
        rows.setdefault(r.y, []).append(r)
    assert len(rows) == 4
    for row in rows.values():
        row.sort(key=lambda r: r.x)
        assert len(row) == 14                                   # the suit and 13 ranks
        assert all(b.left - a.right >= 2 for a, b in zip(row, row[1:])), row


def test_the_open_console_hides_the_table_under_it(app, drive):
    screen = _table(app, drive, {"pass_cycle": ["hold"]})
    drive.key(pygame.K_F2)
    assert app.console.visible
    app.console.lines = []                       # an empty log: only the panel over the table
    drive.step()
    info = screen.info_rect
    spot = app.console.rect.clip(info)
    assert spot.width > 20 and spot.height > 20
    colours = {tuple(app.surface.get_at((x, y)))[:3]
               for x in range(spot.left + 2, spot.right - 2, 3)
               for y in range(spot.top + 30, min(spot.bottom, app.console.input.rect.top) - 2, 3)}
    assert colours == {(10, 14, 18)}, sorted(colours)[:5]     # the console's colour only
