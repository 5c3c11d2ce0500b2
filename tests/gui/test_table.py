"""The table screen, rendered for real (dummy video driver) and driven with posted events.

The host side is the host's own sans-I/O table (`hearts.net.table.Table`) with real bots
(see table_host.py); the screen's intents go to it and its messages come back.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from hearts.engine import Card, Hand, Rules
from hearts.engine.scoring import Moon
from hearts.gui.table import TableScreen
from hearts.net.mirror import TableInfo
from hearts.net.words import Voice
from hearts.net.words import why_illegal as _why_illegal

from .conftest import save_shot
from .table_host import LocalTable, RecordingApp


@pytest.fixture
def surface():
    pygame.display.init()
    pygame.font.init()
    surf = pygame.display.set_mode((1280, 800))
    yield surf
    pygame.display.quit()


def why_illegal(view, card) -> str:
    return _why_illegal(Voice(), view, card)


def make(rules: Rules | None = None, seed: int = 3, start: bool = True,
         size: tuple[int, int] = (1280, 800), **settings) -> tuple[TableScreen, LocalTable, RecordingApp]:
    host = LocalTable(rules, seed=seed)
    app = RecordingApp(host, size=size, **settings)
    screen = TableScreen(app)
    host.inbox.append(host.table_message())
    if start:
        host.start()
        host.run_bots()
    pump(screen, host)
    return screen, host, app


def pump(screen: TableScreen, host: LocalTable, seconds: float = 0.0) -> None:
    """Deliver the host's messages and let the screen show them (all motion done)."""
    for m in host.take_messages():
        screen.app.deliver(screen, m)
    for _ in range(2000):
        screen.update(1 / 60 if seconds else 0.0)
        seconds -= 1 / 60
        if not screen.anim.busy and seconds <= 0:
            return
    raise AssertionError("the screen never settled")


def post(*events: pygame.event.Event) -> list[pygame.event.Event]:
    """Post events through pygame's queue and take them back, as the app's loop does."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    return pygame.event.get()


def click(screen: TableScreen, pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    for e in post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        screen.handle_event(e)


def key(screen: TableScreen, k: int, mod: int = 0) -> None:
    for e in post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)):
        screen.handle_event(e)


def card_point(screen: TableScreen, card: Card) -> tuple[int, int]:
    """A point on ``card`` that no other card covers (its left edge strip)."""
    rect = dict(screen.geo.hand_layout())[card]
    return (rect.x + 6, rect.y + rect.height // 3)


def play_until(screen: TableScreen, host: LocalTable, cond, limit: int = 300) -> None:
    """Play the first legal card (and pass the first cards) until ``cond(view)`` holds."""
    for _ in range(limit):
        v = screen.model.view
        if cond(v):
            return
        if v.phase == "pass" and not v.has_passed[v.seat]:
            for c in screen.model.hand_cards[: v.rules.pass_count]:
                screen.click_card(c)
            screen.button("pass").action()
        elif v.phase == "play" and v.my_turn:
            screen.click_card(v.legal[0])
        elif v.phase == "moon-choice" and v.moon and v.moon.shooter == v.seat:
            screen.button("moon-add").action()
        else:
            raise AssertionError(f"nothing to do in {v.phase}")
        pump(screen, host)
    raise AssertionError("the state never came")


def test_a_whole_game_with_mouse_clicks(surface, shots: Path) -> None:
    screen, host, app = make(Rules(target=40), seed=5)
    shot = {}
    for _ in range(400):
        v = screen.model.view
        if screen.model.info.state == "over":
            break
        if v.phase == "pass" and not v.has_passed[v.seat]:
            for c in list(screen.model.hand_cards[-3:]):
                click(screen, card_point(screen, c))
            assert len(screen.model.selected) == 3
            screen.draw(surface)
            if "pass" not in shot:
                save_shot(surface, shots / "table-pass-selected.png")
                shot["pass"] = 1
            chosen = [str(c) for c in screen.model.selected]
            click(screen, screen.button("pass").rect.center)
            assert app.sent[-1] == {"type": "pass", "cards": chosen}
        elif v.phase == "play" and v.my_turn:
            card = v.legal[-1]
            click(screen, card_point(screen, card))
            assert app.sent[-1] == {"type": "play", "card": str(card)}
            if len(v.tricks) == 6 and "play" not in shot:
                screen.draw(surface)
                save_shot(surface, shots / "table-play.png")
                shot["play"] = 1
        elif v.phase == "moon-choice" and v.moon.shooter == v.seat:
            click(screen, screen.button("moon-add").rect.center)
        else:
            raise AssertionError(f"stuck in {v.phase}")
        pump(screen, host)
        assert not [m for m in host.inbox if m["type"] == "error"]
    game = host.table.game
    assert game.over and screen.model.info.state == "over"
    assert list(screen.model.info.winners or ()) == game.winners
    assert list(screen.model.info.totals) == game.totals
    rows = screen.scoreboard_rows()
    assert len(rows) == len(game.results) + 1
    assert rows[-1] == ["Total"] + [str(t) for t in game.totals]
    assert rows[0][1:] == [str(p) for p in game.results[0].points]
    screen.draw(surface)
    save_shot(surface, shots / "table-game-over.png")
    # New game: the owner's button starts the next game at the same table
    click(screen, screen.button("new-game").rect.center)
    assert app.sent[-1] == {"type": "start"}
    pump(screen, host)
    assert screen.model.info.state == "playing" and screen.model.info.winners is None
    assert screen.model.view.phase == "pass" and len(screen.model.hand_cards) == 13


def test_pass_with_number_keys_and_enter(surface) -> None:
    screen, host, app = make()
    first = screen.model.hand_cards[:3]
    for k in (pygame.K_1, pygame.K_2, pygame.K_3):
        key(screen, k)
    assert screen.model.selected == first
    key(screen, pygame.K_2)                       # toggles the second card off again
    assert screen.model.selected == [first[0], first[2]]
    key(screen, pygame.K_RETURN)                  # two chosen: Enter toggles the cursor card
    assert len(screen.model.selected) == 3 and first[1] in screen.model.selected
    chosen = [str(c) for c in screen.model.selected]
    key(screen, pygame.K_RETURN)
    assert app.sent[-1] == {"type": "pass", "cards": chosen}
    pump(screen, host)
    assert screen.model.view.phase == "play"
    assert set(screen.model.view.received or ()) <= set(screen.model.hand_cards)
    assert not set(Card.parse(c) for c in chosen) & set(screen.model.hand_cards)


def test_illegal_card_click_shows_why_and_sends_nothing(surface, shots: Path) -> None:
    screen, host, app = make(seed=8)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn and v.trick and any(
        c.suit == v.trick[0][1].suit for c in v.hand) and len(v.legal) < len(v.hand))
    v = screen.model.view
    illegal = next(c for c in screen.model.hand_cards if c not in v.legal)
    sent = len(app.sent)
    click(screen, card_point(screen, illegal))
    assert len(app.sent) == sent
    notes = " ".join(t for t, _ in screen.note_lines())
    assert "you must follow" in notes
    led = v.trick[0][1].suit
    assert ("clubs", "diamonds", "hearts", "spades")[led] in notes
    assert screen.status_text(v)[0].startswith("Your turn")     # the prompt stays
    screen.draw(surface)
    save_shot(surface, shots / "table-illegal.png")
    screen.update(7.0)
    assert screen.note_lines() == []


def test_reasons_for_the_first_lead_and_hearts() -> None:
    rules = Rules()
    hand = Hand.deal(rules, 4, "hold")
    v = hand.view(hand.turn)
    other = next(c for c in v.hand if str(c) != "2C")
    assert "2♣" in why_illegal(v, other)
    v2 = dataclasses.replace(v, turn=(v.seat + 1) % 4)
    assert why_illegal(v2, other) == "it is not your turn"
    lead = dataclasses.replace(v, tricks=(None,), trick=(), legal=tuple(c for c in v.hand if c.suit != 2))
    heart = next((c for c in v.hand if c.suit == 2), None)
    if heart is not None:
        assert why_illegal(lead, heart) == "hearts are not broken yet"


def test_keyboard_arrows_and_enter_play_a_legal_card(surface) -> None:
    screen, host, app = make(Rules(pass_cycle=("hold",)), seed=6)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn and len(v.legal) > 1)
    v = screen.model.view
    key(screen, pygame.K_RIGHT)
    assert screen.model.keyboard and screen.model.hand_cards[screen.model.cursor] in v.legal
    key(screen, pygame.K_RIGHT)
    card = screen.model.hand_cards[screen.model.cursor]
    assert card in v.legal
    key(screen, pygame.K_RETURN)
    assert app.sent[-1] == {"type": "play", "card": str(card)}
    pump(screen, host)
    assert card not in screen.model.hand_cards


def test_your_lead_after_your_own_winning_card_has_the_focus_on_a_card_you_may_lead(
        surface, monkeypatch) -> None:
    # you play a trick's last card and win it: the host's next view is your lead, your turn
    # again; the focus, left on the A♥ (hearts not broken), moves to a card you may lead
    from .rigged import MOON, rig_first_deal
    rig_first_deal(monkeypatch, MOON)
    screen, host, app = make(Rules(pass_cycle=("hold",), tram="off"))
    m = screen.model
    v = m.view
    assert v.phase == "play" and v.my_turn and len(v.trick) == 3          # you play last
    key(screen, pygame.K_RETURN)                       # your lowest club: it wins the trick
    m.cursor = len(m.hand_cards) - 1
    assert str(m.hand_cards[m.cursor]) == "AH"
    pump(screen, host)
    v = m.view
    assert v.my_turn and v.leader == v.seat and not v.hearts_broken
    assert m.my_turn_to_play and m.hand_cards[m.cursor] in v.legal
    card = m.hand_cards[m.cursor]
    key(screen, pygame.K_RETURN)
    assert app.sent[-1] == {"type": "play", "card": str(card)}


def test_moon_choice_dialog_sends_the_choice(surface, shots: Path) -> None:
    rules = Rules(moon="choose")
    hand = Hand.deal(rules, 9, "hold")
    view = dataclasses.replace(hand.view(0), phase="moon-choice", moon=Moon(0, False, None),
                               turn=0, legal=())
    app = RecordingApp()
    screen = TableScreen(app)
    screen.show_view(view, TableInfo(rules=rules))
    screen.update(0)
    add, sub = screen.button("moon-add"), screen.button("moon-subtract")
    assert add is not None and sub is not None and "26" in add.label
    screen.draw(surface)
    save_shot(surface, shots / "table-moon.png")
    click(screen, add.rect.center)
    assert app.sent[-1] == {"type": "moon", "choice": "add"}
    assert screen.button("moon-add") is None                  # chosen: the dialog goes
    key(screen, pygame.K_s)
    assert len([m for m in app.sent if m["type"] == "moon"]) == 1    # and S sends nothing
    screen.on_message({"type": "error", "code": "illegal", "message": "no", "ref": "moon"})
    assert screen.button("moon-add") is not None              # refused: it is back
    key(screen, pygame.K_s)
    assert app.sent[-1] == {"type": "moon", "choice": "subtract"}
    # someone else's moon: no buttons, a line saying who chooses
    other = dataclasses.replace(view, moon=Moon(2, False, None), turn=2)
    screen.show_view(other)
    screen.update(0)
    assert screen.button("moon-add") is None
    assert "shot the moon" in screen.status_text(screen.model.view)[0]


def test_open_hands_show_every_card_and_ctrl_r_hides_them(surface, shots: Path) -> None:
    screen, host, app = make(Rules(open_hands=True, pass_cycle=("hold",)), seed=2)
    v = screen.model.view
    assert v.others is not None and screen.button("reveal") is not None
    left = (v.seat + 1) % 4
    first = sorted(v.others[left], key=lambda c: (c.suit, c.rank))
    assert first
    screen.draw(surface)
    save_shot(surface, shots / "table-open-hands.png")
    x, y = screen.layout.fan_centre(1)
    probe = (screen.layout.plates[1].right + 16, y - screen.small_art.height // 2 + 20)
    shown = surface.get_at(probe)
    key(screen, pygame.K_r, pygame.KMOD_CTRL)
    assert not screen.model.reveal
    screen.draw(surface)
    hidden = surface.get_at(probe)
    assert shown[:3] != hidden[:3]


def test_countdown_scoreboard_and_tab(surface, shots: Path) -> None:
    rules = Rules(display="countdown", target=60)
    screen, host, app = make(rules, seed=4)
    play_until(screen, host, lambda v: len(screen.model.info.results) >= 1)
    key(screen, pygame.K_TAB)
    assert screen.model.show_scores
    rows = screen.scoreboard_rows()
    totals = host.table.game.totals
    assert rows[-1] == ["Total"] + [str(60 - t) for t in totals]
    first = host.table.game.results[0].points
    assert rows[0][1:] == [str(-p) for p in first]
    screen.draw(surface)
    save_shot(surface, shots / "table-scoreboard.png")
    key(screen, pygame.K_TAB)
    assert not screen.model.show_scores


def test_claim_button_only_when_sure_to_win_the_rest(surface) -> None:
    screen, host, app = make(Rules(tram="claim", pass_cycle=("hold",)), seed=12)
    leads: list[bool] = []

    def at_a_lead(v) -> bool:
        if v.phase != "play" or not v.my_turn or v.trick:
            return False
        sure = host.table.game.hand.can_claim(v.seat)     # the host sees every card
        assert (screen.button("claim") is not None) == sure
        leads.append(sure)
        return sure

    play_until(screen, host, at_a_lead)
    assert leads[-1] and len(leads) > 1 and not any(leads[:-1])   # hidden until then
    click(screen, screen.button("claim").rect.center)
    assert app.sent[-1] == {"type": "claim"}
    pump(screen, host)
    assert host.table.game.results[-1].tram.claimed


def test_hint_highlights_the_cards(surface) -> None:
    screen, host, app = make(seed=7)
    key(screen, pygame.K_h, pygame.KMOD_CTRL)
    assert app.sent[-1] == {"type": "hint"}
    pump(screen, host)
    assert screen.model.hint_cards and screen.model.hint_cards <= set(screen.model.hand_cards)
    assert set(screen.model.selected) == screen.model.hint_cards       # passing: the hint picks the cards
    (hint, kind), = [n for n in screen.note_lines() if n[1] == "hint"]
    for c in screen.model.hint_cards:                 # the cards named once, then the reason
        assert hint.count(c.symbol) == 1


def test_watcher_sees_no_cards_and_cannot_act(surface, shots: Path) -> None:
    host = LocalTable(seed=3)
    host.start()
    host.run_bots()
    msg = host.table_message()
    msg["seat"] = None
    msg["view"] = host.table.view_for(None)
    app = RecordingApp()
    screen = TableScreen(app)
    app.deliver(screen, msg)
    screen.update(0)
    assert screen.model.watching and screen.model.hand_cards == []
    screen.draw(surface)
    save_shot(surface, shots / "table-watching.png")
    click(screen, (640, 740))
    key(screen, pygame.K_RETURN)
    assert app.sent == []


def test_animated_play_moves_then_settles(surface) -> None:
    screen, host, app = make(Rules(pass_cycle=("hold",)), seed=6, animation="normal")
    pump(screen, host, 5.0)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn)
    card = screen.model.view.legal[0]
    screen.click_card(card)
    # nothing is shown as played before the host accepts it: the card waits in the hand
    assert card in screen.model.hand_cards and screen.model.pending is card
    assert (screen.model.me, card) not in screen.model.trick_shown
    for m in host.take_messages():
        screen.app.deliver(screen, m)
    for _ in range(100):
        screen.update(0)
        if (screen.model.me, card) in screen.model.trick_shown:
            break
    assert screen.animating and card not in screen.model.hand_cards
    start = screen.anim.pos(("trick", card))
    screen.update(0.05)
    screen.draw(surface)
    moved = screen.anim.pos(("trick", card))
    assert start is not None and moved is not None and moved != start
    pump(screen, host, 0.1)
    for _ in range(600):
        screen.update(1 / 60)
        if not screen.animating:
            break
    assert not screen.animating and screen.model.view.my_turn is not None


def test_a_refused_play_puts_the_card_back(surface) -> None:
    screen, host, app = make(Rules(pass_cycle=("hold",)), seed=6)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn and len(v.legal) < len(v.hand))
    v = screen.model.view
    illegal = next(c for c in screen.model.hand_cards if c not in v.legal)
    screen.controls.play(illegal)                      # as if the client thought it legal
    assert illegal in screen.model.hand_cards and screen.model.pending is illegal
    pump(screen, host)
    assert illegal in screen.model.hand_cards and screen.model.trick_shown == list(v.trick)
    assert screen.model.pending is None and screen.model.my_turn_to_play


def test_chat_bubbles_and_host_notices(surface) -> None:
    screen, host, app = make()
    app.deliver(screen, {"type": "update", "events": [
        {"type": "chat", "name": "bot 3", "seat": 2, "text": "good luck"},
        {"type": "player_dropped", "seat": 1, "name": "Bob", "grace": 10.0}],
        "view": host.table.view_for("token-me"), "timer": {"seats": [0], "seconds": 20.0}})
    screen.update(0)
    assert screen.model.bubbles[2][0] == "good luck"
    assert any("Bob" in t for t, _ in screen.note_lines())
    assert screen.model.timer and screen.model.timer[0] == (0,)
    screen.draw(surface)
    screen.update(6.0)
    assert not screen.model.bubbles


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)])
def test_the_table_scales_to_the_window(size, shots: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    surf = pygame.display.set_mode(size)
    try:
        screen, host, app = make(seed=5, size=size)
        screen.resize(size)
        bounds = surf.get_rect()
        for _, r in screen.geo.hand_layout():
            assert bounds.contains(r)
        for r in screen.layout.plates.values():
            assert bounds.contains(r)
        for b in screen.buttons:
            assert bounds.contains(b.rect)
        hand = [r for _, r in screen.geo.hand_layout()]
        assert hand[0].left > screen.layout.plates[0].right - hand[0].width // 2
        screen.draw(surf)
        save_shot(surf, shots / f"table-{size[0]}x{size[1]}.png")
    finally:
        pygame.display.quit()


def test_before_the_game_the_seats_and_the_owners_start_button(surface, shots: Path) -> None:
    screen, host, app = make(start=False)
    assert screen.model.view is None and screen.model.info.state == "waiting" and screen.model.info.owner
    screen.draw(surface)
    save_shot(surface, shots / "table-waiting.png")
    key(screen, pygame.K_RETURN)
    assert app.sent[-1] == {"type": "start"}
    pump(screen, host)
    assert screen.model.info.state == "playing" and len(screen.model.hand_cards) == 13


def test_owner_opens_a_seats_menu_from_its_plate(app, drive, shots: Path) -> None:
    """With the real client app: a click on an opponent's plate opens the seat's menu."""
    from hearts.gui.seat_menu import SeatMenu

    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"target": 50}, seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, what="the table")
    drive.click(screen.layout.plates[2].center)
    menu = drive.until(lambda: next((d for d in app.dialogs if isinstance(d, SeatMenu)), None),
                       what="the seat menu")
    assert menu.seat == (screen.model.me + 2) % 4
    drive.shot(shots / "table-seat-menu.png")


def test_undo_takes_the_last_card_back_without_a_new_deal(surface) -> None:
    screen, host, app = make(Rules(allow_undo=True, pass_cycle=("hold",)), seed=6, animation="normal")
    pump(screen, host, 3.0)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn and v.tricks)
    card = screen.model.view.legal[0]
    screen.click_card(card)
    pump(screen, host, 0.1)
    assert card not in screen.model.hand_cards and screen.button("undo") is not None
    key(screen, pygame.K_u, pygame.KMOD_CTRL)
    assert app.sent[-1] == {"type": "undo"}
    for m in host.take_messages():
        screen.app.deliver(screen, m)
    for _ in range(300):
        screen.update(1 / 60)
        assert not any(k[0] == "hand" for k in screen.anim.tweens)   # no deal animation
        if not screen.anim.busy:
            break
    assert card in screen.model.hand_cards and screen.model.view.my_turn


def test_malformed_host_messages_are_skipped(surface) -> None:
    screen, host, app = make()
    before = list(screen.model.hand_cards)
    app.deliver(screen, {"type": "update", "events": [{"type": "card_played", "seat": 1, "card": "ZZ"},
                                                    {"type": "trick_taken"}, "junk"],
                       "view": {"phase": "play"}})
    app.deliver(screen, {"type": "table", "table": {"seats": "no"}, "view": None})
    for _ in range(5):
        screen.update(0.1)
    screen.draw(surface)
    assert screen.model.hand_cards == before and not screen.anim.busy


def test_the_small_scoreboard_can_be_dragged_and_clicked(surface) -> None:
    screen, host, app = make()
    r = screen.geo.mini_scores_rect()
    grab = (r.x + 30, r.y + 60)
    for e in post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(grab[0] - 500, grab[1] + 300),
                                     rel=(0, 0), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grab[0] - 500, grab[1] + 300),
                                     button=1)):
        screen.handle_event(e)
    moved = screen.geo.mini_scores_rect()
    assert (moved.x, moved.y) == (r.x - 500, r.y + 300) and not screen.model.show_scores
    # kept in the settings: the next table screen puts it in the same place
    assert app.saved == 1 and app.settings.scores_at == screen.model.scores_at
    again = TableScreen(app)
    app.deliver(again, host.table_message())
    assert again.geo.mini_scores_rect().topleft == moved.topleft
    screen.resize((1600, 1000))
    after = screen.geo.mini_scores_rect()
    assert after.right <= 1600 and after.bottom <= 1000 and after.x < 1600 - after.right
    click(screen, (after.x + 30, after.y + 60))      # a click without moving opens the board
    assert screen.model.show_scores


def test_hint_only_when_the_host_waits_for_you(surface) -> None:
    # the host answers a hint only for the seat it waits for: the button is enabled, and
    # Ctrl-H asks, only for your pass not yet made and on your turn to play
    screen, host, app = make(seed=7)
    assert screen.button("hint").enabled
    for c in screen.model.hand_cards[:3]:
        screen.click_card(c)
    screen.button("pass").action()
    assert not screen.button("hint").enabled          # the pass is on its way
    key(screen, pygame.K_h, pygame.KMOD_CTRL)
    assert [m for m in app.sent if m["type"] == "hint"] == []
    pump(screen, host)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn)
    assert screen.button("hint").enabled
    # your card goes to the host, which waits for the bots before they move
    app.host = None
    screen.click_card(screen.model.view.legal[0])
    host.receive(app.sent[-1], move_bots=False)
    pump(screen, host)
    v = screen.model.view
    assert v.phase == "play" and not v.my_turn
    assert not screen.button("hint").enabled
    key(screen, pygame.K_h, pygame.KMOD_CTRL)
    assert [m for m in app.sent if m["type"] == "hint"] == []
    app.host = host
    host.run_bots()
    pump(screen, host)
    assert screen.model.view.my_turn and screen.button("hint").enabled
    key(screen, pygame.K_h, pygame.KMOD_CTRL)
    assert [m for m in app.sent if m["type"] == "hint"] == [{"type": "hint"}]


def test_a_hint_for_a_turn_that_has_passed_is_dropped(surface) -> None:
    # the host thinks about a hint while the table goes on: a play hint asked just before
    # the hand's last card can come at the next pass, and must not undo the pass you pick
    screen, host, app = make(seed=7)
    m = screen.model
    hand = m.hand_cards
    for c in hand[:2]:
        screen.click_card(c)
    not_mine = next(c for c in (Card.parse(s) for s in ("3H", "QS", "2C", "AD")) if c not in hand)
    screen.on_message({"type": "hint", "cards": [str(not_mine)], "reason": "late"})
    screen.on_message({"type": "hint", "cards": [str(hand[0])], "reason": "one card"})
    screen.on_message({"type": "hint", "cards": [str(c) for c in hand[:3] + hand[:1]],
                       "reason": "a card twice"})
    assert m.selected == hand[:2] and m.hint is None and not m.hint_cards
    # a whole pass from your hand is this turn's: it is picked for you
    screen.on_message({"type": "hint", "cards": [str(c) for c in hand[3:6]], "reason": "now"})
    assert m.selected == hand[3:6] and m.hint_cards == set(hand[3:6]) and m.hint
    screen.button("pass").action()
    pump(screen, host)
    play_until(screen, host, lambda v: v.phase == "play" and v.my_turn)
    v = m.view
    # on your turn: a card you may not play is another turn's, a legal one is this one's
    illegal = [c for c in m.hand_cards if c not in v.legal]
    if illegal:
        screen.on_message({"type": "hint", "cards": [str(illegal[0])], "reason": "late"})
        assert m.hint is None and not m.hint_cards
    screen.on_message({"type": "hint", "cards": [str(v.legal[-1])], "reason": "now"})
    assert m.hint_cards == {v.legal[-1]} and m.hint
    # once you played, the same answer is for a turn that has passed
    screen.click_card(v.legal[0])
    pump(screen, host)
    m.hint, m.hint_cards = None, set()
    assert not (m.view.my_turn and v.legal[-1] in m.view.legal)     # so in this deal
    screen.on_message({"type": "hint", "cards": [str(v.legal[-1])], "reason": "late"})
    assert m.hint is None and not m.hint_cards
