"""A lost connection at the table, in the real app: the table greyed, every input refused,
and no card shown as played that the host has not accepted."""

from __future__ import annotations

import time

import pygame

from hearts.gui.table import TableScreen

from .helpers import record_sends


def _my_turn(app, drive) -> TableScreen:
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=2)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen, what="the table")
    drive.until(lambda: screen.model.my_turn_to_play and not screen.animating, 20, "our turn")
    return screen


def _card_centre(screen: TableScreen, card) -> tuple[int, int]:
    r = dict(screen.geo.hand_layout())[card]
    return (r.x + 6, r.y + r.height // 3)


def test_input_is_refused_while_disconnected_and_works_again_after(app, drive, shots):
    screen = _my_turn(app, drive)
    card = screen.model.view.legal[0]
    before = app.surface.get_at(_card_centre(screen, card))
    sent = record_sends(app)
    app.link._connection_trouble("The connection to the host was lost.", 1)
    assert screen.model.disconnected is not None
    drive.step()
    drive.shot(shots / "table-disconnected.png")
    greyed = app.surface.get_at(_card_centre(screen, card))
    assert sum(greyed[:3]) < sum(before[:3]) - 150          # the table is greyed
    # clicks, keys and the screen's own handler: nothing is sent, nothing moves
    drive.click(_card_centre(screen, card))
    drive.key(pygame.K_RETURN)
    for e in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_card_centre(screen, card), button=1),
              pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)):
        screen.handle_event(e)
    screen.click_card(card)
    assert [m for m in sent if m.get("type") == "play"] == []
    assert card in screen.model.hand_cards and screen.model.pending is None
    assert all(seat != screen.model.me for seat, _ in screen.model.trick_shown)
    # connected again: the same click plays
    app.link._connection_trouble(None)
    assert screen.model.disconnected is None
    drive.click(_card_centre(screen, card))
    assert [m for m in sent if m.get("type") == "play"] == [{"type": "play", "card": str(card)}]
    drive.until(lambda: card not in screen.model.hand_cards, what="the host's answer")


def test_a_played_card_stays_in_the_hand_until_the_host_accepts_it(app, drive):
    screen = _my_turn(app, drive)
    card = screen.model.view.legal[0]
    app.net.send = lambda msg: None               # the intent never reaches the host
    drive.click(_card_centre(screen, card))
    assert screen.model.pending is card
    end = time.monotonic() + 0.5
    while time.monotonic() < end:
        drive.step()
    assert card in screen.model.hand_cards
    assert all(c is not card for _, c in screen.model.trick_shown)
    assert screen.status_text(screen.model.view)[0].startswith("Playing")


def test_what_the_host_sent_before_we_left_does_not_seat_us_again(app, drive):
    # the host's table messages still in the inbox as the player leaves (the app was
    # busy drawing): they are the old host's, so the main menu stays and its buttons work
    from hearts.gui.menu import MainMenu
    seen: list[dict] = []
    app.link.message_hooks.append(seen.append)
    _my_turn(app, drive)
    late = [m for m in seen if m.get("type") in ("table", "update")]
    assert any(m["type"] == "table" for m in late)
    for m in late:
        app.link.post("message", m)              # arrived, not yet taken
    app.link.post("state", {"state": "lost", "text": "The connection to the host was lost."})
    app.link.disconnect()
    drive.step(5)
    assert isinstance(app.screen, MainMenu) and app.session.table is None and not app.dialogs
    drive.click_button(app.screen.form, "Settings")
    assert app.screen.form.find("Save") is not None
    app.link.play_against_bots()                 # and the next game is taken in as ever
    drive.until(lambda: isinstance(app.screen, TableScreen), what="the next table")
