"""The finished trick, played in the real app against bots (posted keys, headless): every
card of the cross readable, the winning card marked and the taker named while the full
trick shows, the status line not yet naming the next player, and the trick-pause setting."""

from __future__ import annotations

import time
from typing import Any

import pygame

from hearts.gui import theme
from hearts.gui.table import TableScreen
from hearts.gui.table_draw import CUE

from .table_seen import look
from .test_table_end import _deliver, _no_passing


def _table(app: Any, drive: Any, **settings: Any) -> TableScreen:
    app.settings.bot_level = "random"
    for k, v in settings.items():
        setattr(app.settings, k, v)
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=4)
    return drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                       and app.screen, what="the table")


def _until_full_trick(app: Any, drive: Any, screen: TableScreen, timeout: float = 30) -> None:
    """Play (Enter on the focused legal card) until a finished trick rests on the table."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        drive.step()
        m = screen.model
        if m.taken is not None and len(m.trick_shown) == 4 and not screen.anim.tweens:
            return
        if m.my_turn_to_play and not screen.anim.busy:
            drive.key(pygame.K_RETURN)
    raise AssertionError("no finished trick showed")


def test_the_finished_trick_marks_the_winner_and_names_the_taker(app, drive, shots, monkeypatch):
    screen = _table(app, drive, animation="normal", trick_pause=2.0)
    _until_full_trick(app, drive, screen)
    winner, points, card = screen.model.taken
    assert (winner, card) in screen.model.trick_shown
    seen = look(screen, monkeypatch)
    drive.shot(shots / "table-trick-taken.png")
    name = "You take it" if winner == screen.model.me else f"{screen.model.info.seat_name(winner)} takes it"
    assert seen.has("★ " + name)
    if points:
        assert seen.has(f"{name}, {points} point")
    # the status line does not announce the next player while the trick shows
    assert not seen.has("is playing") and not seen.has("Your turn")
    # the winning card is framed in the accent colour: the middle of its left edge
    x, y = screen.geo.slot_topleft(winner)
    t = max(3, round(4 * screen.layout.u))
    px = app.surface.get_at((round(x) - t // 2 - 1, round(y + screen.art.height / 2)))[:3]
    assert sum(abs(a - b) for a, b in zip(px, theme.ACCENT)) < 90, px
    # every card of the cross shows its top-left corner (the index): no other card covers it
    rects = {c: pygame.Rect(screen.geo.slot_topleft(s), screen.art.size) for s, c in screen.model.trick_shown}
    order = sorted(screen.model.trick_shown, key=lambda p: (2, 1, 3, 0).index(screen.model.rel(p[0])))
    for i, (_, c) in enumerate(order):
        corner = pygame.Rect(rects[c].topleft, (screen.art.width // 4, screen.art.height // 4))
        for _, above in order[i + 1:]:
            assert not rects[above].colliderect(corner), f"{above} covers the index of {c}"


def test_the_trick_stays_as_long_as_the_setting_says(app, drive):
    screen = _table(app, drive, animation="normal", trick_pause=2.0)
    _until_full_trick(app, drive, screen)
    start = time.monotonic()
    while screen.model.taken is not None:
        drive.step()
        assert time.monotonic() - start < 6
    assert time.monotonic() - start >= 1.8        # the 2 s pause (minus a frame or two)


def _cue_pixel(screen: TableScreen) -> tuple[int, int, int]:
    """The colour in the middle of the top edge of the ring drawn round your plate."""
    surf = pygame.Surface(screen.size)
    screen.draw(surf)
    rect = screen.layout.plates[0]
    t = max(3, round(5 * screen.layout.u))
    return tuple(surf.get_at((rect.centerx, rect.top - (t + 1) // 2))[:3])


def test_taking_points_rings_your_plate_steady_with_animations_off():
    """Your plate is ringed in the cue colour while the trick you took points with shows
    and a moment after; with animations it pulses (frames run), with them off it stays
    steady and keeps no frames running (the app may sleep until the next input)."""
    for animation in ("off", "normal"):
        screen, host = _no_passing(animation, seed=1)
        _deliver(screen, host, lambda: not screen.anim.busy)
        while screen.clock >= screen.model.cue_until:
            assert screen.model.summary is None, "the hand ended before you took points"
            screen.click_card(screen.model.view.legal[0])
            _deliver(screen, host, lambda: screen.clock < screen.model.cue_until
                     or (not screen.anim.busy and screen.model.my_turn_to_play))
        first = _cue_pixel(screen)
        screen.update(0.25)
        later = _cue_pixel(screen)
        if animation == "off":
            assert first == later == CUE and not screen.animating
        else:
            assert first != later and screen.animating
        for _ in range(120):
            screen.update(1 / 30)
        assert screen.clock >= screen.model.cue_until and _cue_pixel(screen) != CUE
