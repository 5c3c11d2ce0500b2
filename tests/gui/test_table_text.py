"""No text on the table is cut, under 12 px or off the window, in every state a player
meets, at 800x600 (the smallest window the app allows), 1280x800 and 1920x1080 (and in
every other language at 800x600, German also with 150% text); the notices and chat
bubbles wrap; the dealer's chip never covers a score."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from hearts import i18n
from hearts.engine import Hand, Rules
from hearts.engine.scoring import Moon
from hearts.gui.table import TableScreen

from hearts.net.mirror import TableInfo

from .conftest import save_shot, shots_asked
from .table_host import LocalTable, RecordingApp
from .table_seen import look, problems
from .test_table import play_until, pump

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
LONG = ("Bob changed the rules: the game now goes to 50 points, the jack of diamonds takes "
        "ten points off, and the queen of spades breaks hearts")


def _screen(size, rules=None, seed=3, **settings) -> tuple[TableScreen, LocalTable]:
    host = LocalTable(rules or Rules(), seed=seed)
    screen = TableScreen(RecordingApp(host, size=size, **settings))
    host.inbox.append(host.table_message())
    host.start()
    host.run_bots()
    pump(screen, host)
    return screen, host


def _states(size):
    """(name, screen) in each state worth reading."""
    screen, host = _screen(size)
    hinted = [str(c) for c in screen.model.hand_cards[:3]]     # a pass hint: it shows
    screen.on_message({"type": "hint", "cards": hinted,
                       "reason": "too few low spades to hide the queen behind"})
    assert screen.model.hint
    screen.notify(LONG)
    screen.model.keyboard = True
    yield "passing", screen
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn and len(v.tricks) >= 2 and v.trick)
    screen.on_message({"type": "chat", "seat": 2, "text": "a long chat line " * 6})
    screen.notify(LONG)
    yield "mid-trick", screen
    screen.model.taken = (2, 13, screen.model.trick_shown[0][1])
    yield "trick taken", screen
    screen.model.taken = None
    screen.model.show_scores = True
    yield "scoreboard", screen
    screen.model.show_scores = False
    screen.model.summary = {"hand": 0, "points": [0, 26, 0, 0], "totals": [0, 26, 0, 0],
                            "tram": {"seat": None, "claimed": False,
                                     "cards": [[str(c) for c in screen.model.hand_cards[:3]], [], [], []]}}
    yield "tram summary", screen
    screen.model.summary = None
    opened, _ = _screen(size, Rules(open_hands=True))
    yield "open hands", opened
    rules = Rules(moon="choose")
    view = dataclasses.replace(Hand.deal(rules, 9, "hold").view(0), phase="moon-choice",
                               moon=Moon(0, False, None), turn=0, legal=())
    moon = TableScreen(RecordingApp(size=size))
    moon.show_view(view, TableInfo(rules=rules))
    moon.update(0)
    yield "moon choice", moon
    over, host = _screen(size, Rules(target=30), seed=5)
    play_until(over, host, lambda v: over.model.info.state == "over", limit=600)
    yield "game over", over
    over.controls.close_over()
    over.controls.relayout()
    yield "after OK", over


CASES = [("en", size, 1.0) for size in SIZES] + [
    (lang, SIZES[0], 1.0) for lang in ("de", "fr", "es", "it")] + [("de", SIZES[0], 1.5)]


@pytest.mark.parametrize("lang,size,ui", CASES,
                         ids=lambda c: f"{c}" if not isinstance(c, tuple) else f"{c[0]}x{c[1]}")
def test_no_text_is_cut_small_or_off_the_window(lang, size, ui, shots: Path, monkeypatch) -> None:
    pygame.display.init()
    pygame.font.init()
    i18n.set_language(lang)
    seen_states = []
    for name, screen in _states(size):
        if ui != 1.0:
            screen.app.settings.ui_scale = ui
            screen.resize(size)
        seen = look(screen, monkeypatch, size)
        bad = problems(seen, size)
        assert not bad, f"{name} at {size} in {lang}, text at {ui:.0%}: {bad}"
        seen_states.append(name)
        if shots_asked():                              # (drawn only to be saved)
            surf = pygame.Surface(size)
            screen.draw(surf)
            save_shot(surf, shots / f"table-{lang}-{size[0]}x{size[1]}-{name.replace(' ', '-')}.png")
    assert len(seen_states) == 9


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_notices_and_bubbles_wrap_whole(size, monkeypatch) -> None:
    pygame.display.init()
    pygame.font.init()
    screen, host = _screen(size)
    screen.notify(LONG)
    chat = "this chat line is much longer than thirty characters and must be read whole"
    screen.on_message({"type": "chat", "seat": 1, "text": chat})
    seen = look(screen, monkeypatch, size)
    assert not problems(seen, size)
    lines = [s for s, _ in seen.lines]
    assert " ".join(s for s in lines if s in LONG and len(s) > 4) == LONG     # every word, in order
    assert " ".join(s for s in lines if s in chat and len(s) > 4) == chat


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dealer_chip_stays_clear_of_names_and_scores(size) -> None:
    pygame.display.init()
    screen, _ = _screen(size)
    plate = screen.layout.plates[0]
    u = screen.layout.u
    img = screen.painter._render_plate(plate.size, screen.model.view, screen.model.view.dealer, False, 88)
    pad = round(8 * u)
    d = round(plate.height * 0.7)
    # the chip sits on the avatar: the right part of the plate (name, line, score) is untouched
    text_x = pad + round(18 * u) + d
    chip = max(18, round(20 * u))
    cx = pad + round(10 * u) + d - chip // 3
    assert cx + chip // 2 <= text_x + 1


def test_ui_scale_grows_the_plates_not_the_cards() -> None:
    pygame.display.init()
    small, _ = _screen((1280, 800))
    big, _ = _screen((1280, 800))
    big.app.settings.ui_scale = 1.25
    big.resize((1280, 800))
    assert big.layout.plates[2].width > small.layout.plates[2].width
    assert big.layout.cw == small.layout.cw
