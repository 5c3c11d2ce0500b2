"""Hints, notices and the turn prompt in the real app (posted keys), and the small marks:
the pass keys on the cards, a keyboard focus unlike the "received" outline, and the moon
banner kept off the moon dialog."""

from __future__ import annotations

import dataclasses

import pygame

from hearts.engine import Card, Hand, Rules
from hearts.engine.scoring import Moon
from hearts.gui.table import TableScreen
from hearts.net.mirror import SeatInfo, TableInfo

from .table_host import RecordingApp
from .table_seen import look

LONG = "Bob changed the rules: the game now goes to 50 points and the queen of spades breaks hearts"


def test_hint_and_notices_never_cover_the_prompt_and_go_when_you_act(app, drive, shots, monkeypatch):
    app.settings.bot_level = "random"
    hints: list[dict] = []
    app.link.message_hooks.append(lambda m: hints.append(m) if m.get("type") == "hint" else None)
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "pass" and app.screen, 20, "passing")
    drive.key(pygame.K_h, pygame.KMOD_CTRL)
    drive.until(lambda: hints and screen.model.hint, what="the hint")
    screen.notify(LONG)
    seen = look(screen, monkeypatch)
    drive.shot(shots / "table-hint-and-notice.png")
    hint = screen.model.hint
    names = " ".join(Card.parse(c).symbol for c in hints[-1]["cards"])
    assert hint == f"Hint: {names} · {hints[-1]['reason']}"  # the cards named once, then why
    assert not any(Card.parse(c).symbol in hints[-1]["reason"] for c in hints[-1]["cards"])
    assert seen.has("Pass 3 cards left to")                # the prompt is still there
    assert " ".join(s for s, _ in seen.lines if s in LONG and len(s) > 4) == LONG
    assert sum(1 for s, _ in seen.lines if s.startswith("Hint:")) == 1
    # passing (the hint chose the cards: Enter passes them) is an action: hint and notice go
    assert len(screen.model.selected) == 3
    drive.key(pygame.K_RETURN)
    assert screen.model.pass_sent or screen.model.view.has_passed[0]
    assert screen.model.hint is None and not any(t == LONG for t, _ in screen.note_lines())
    # the cards received are a notice beside the prompt, gone when you play
    drive.until(lambda: any(t.startswith("You received ") for t, _ in screen.note_lines()), what="the received cards")
    drive.until(lambda: screen.model.my_turn_to_play and not screen.animating, 20, "our turn")
    seen = look(screen, monkeypatch)
    prompt = screen.status_text(screen.model.view)[0]
    assert prompt.startswith("Your") and seen.has(prompt)
    if any(t.startswith("You received ") for t, _ in screen.note_lines()):
        drive.key(pygame.K_RETURN)
        assert not any(t.startswith("You received ") for t, _ in screen.note_lines())


def test_a_hint_does_not_outlive_the_hand(app, drive):
    app.settings.bot_level = "random"
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    m = screen.model
    assert m.pass_to_make                                   # the first hand's pass
    hinted = [str(c) for c in m.hand_cards[:m.view.rules.pass_count]]
    screen.on_message({"type": "hint", "cards": hinted, "reason": "keep it"})
    assert screen.model.hint
    screen.playback.change({"type": "hand_started", "hand": 1, "dealer": 1, "pass_direction": "right"})
    assert screen.model.hint is None and screen.note_lines() == []


def _pass_screen(size=(1280, 800)) -> TableScreen:
    from .test_table import make
    screen, _, _ = make(size=size)
    return screen


def test_pass_keys_are_shown_on_the_cards(monkeypatch):
    pygame.display.init()
    screen = _pass_screen()
    seen = look(screen, monkeypatch)
    for label in ("1", "2", "9", "0", "-", "="):
        assert any(s == label for s, _ in seen.lines), label
    screen.model.pass_sent = list(screen.model.hand_cards[:3])      # passed: no more numbers
    seen = look(screen, monkeypatch)
    assert not any(s == "=" for s, _ in seen.lines)


def test_the_keyboard_focus_looks_unlike_the_received_outline():
    pygame.display.init()
    screen = _pass_screen()
    cards = screen.model.hand_cards
    screen.model.received_glow = {cards[2]}
    screen.model.keyboard = True
    screen.model.cursor = 5
    surf = pygame.Surface(screen.size)
    screen.draw(surf)
    rects = dict(screen.geo.hand_layout())

    def above(c) -> tuple[int, int, int]:
        r = rects[c]
        return tuple(surf.get_at((r.x + r.width // 2, r.y - 8))[:3])
    assert above(cards[5]) == (255, 255, 255)                        # the caret over the focus
    assert above(cards[2]) != (255, 255, 255)                        # none over a received card


def test_the_moon_banner_stays_off_the_moon_dialog(monkeypatch):
    pygame.display.init()
    rules = Rules(moon="choose")
    hand = Hand.deal(rules, 9, "hold")
    view = dataclasses.replace(hand.view(0), phase="moon-choice", moon=Moon(0, False, None), turn=0, legal=())
    screen = TableScreen(RecordingApp())
    info = TableInfo(rules=rules, seats=(SeatInfo(0, name="Ann"), *TableInfo().seats[1:]))
    screen.show_view(view, info)
    screen.update(0)
    screen.playback.change({"type": "moon_shot", "shooter": 0, "sun": False})
    assert screen.model.notice == ("You shot the moon!", screen.model.notice[1])
    seen = look(screen, monkeypatch)
    said = [s for s, _ in seen.lines if s == "You shot the moon!"]
    assert said == ["You shot the moon!"]                       # the dialog, no banner over it
