"""Shooting the moon in the real app (its in-process host deals a hand that must be a
moon): the choice goes once chosen, a moon and an early end are both said, the cards
left stay on the table while you choose, and you are "you"."""

from __future__ import annotations

import pygame

from hearts.gui.table import TableScreen

from .helpers import record_sends
from .rigged import MOON, deal_around, play_my_cards, rig_first_deal, shoot
from .table_seen import look

NO_PASSING = {"pass_cycle": ["hold"], "moon": "choose"}
# the second hand: seat 0 holds the 2♣ and leads it
LEAD_2C = deal_around("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S".split())


def _moon_game(app, drive, monkeypatch, tram: str):
    rig_first_deal(monkeypatch, MOON)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse()
    app.link.play_against_bots(rules={**NO_PASSING, "tram": tram}, seed=1)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    play_my_cards(app, drive, lambda: screen.button("moon-add") is not None)
    return screen


def test_the_moon_dialog_goes_as_soon_as_you_choose(app, drive, monkeypatch, shots):
    screen = _moon_game(app, drive, monkeypatch, tram="off")
    seen = look(screen, monkeypatch)
    assert seen.has("Take 26 off my score") and seen.has("You shot the moon!")
    shoot(app, shots, "moon-choice")
    drive.key(pygame.K_s)
    assert screen.button("moon-add") is None           # gone in the frame of the key
    summary_seen = False
    for _ in range(200):                               # until the next hand is dealt
        drive.step()
        seen = look(screen, monkeypatch)
        assert not seen.has("Take 26 off my score") and not seen.has("Add 26 to the others")
        if screen.model.summary is not None and not summary_seen:
            summary_seen = True
            assert seen.has("You shot the moon.")                      # you are you
            shoot(app, shots, "moon-chosen-summary")
        if summary_seen and screen.model.summary is None:
            break
    assert summary_seen


def test_a_moon_and_an_early_end_say_both_and_keep_the_cards(app, drive, monkeypatch, shots):
    screen = _moon_game(app, drive, monkeypatch, tram="auto")
    v = screen.model.view
    assert v.phase == "moon-choice" and sum(v.cards_left) == 0       # the host dealt it out
    # while you choose, everyone's cards left are on the table, face up, and counted
    cards = screen.tram_cards()
    assert cards is not None and sum(map(len, cards)) > 0
    screen.cache.clear()                     # the plates are drawn afresh, their text seen
    seen = look(screen, monkeypatch)
    assert not seen.has("0 cards")
    for seat in (1, 2, 3):
        n = len(cards[seat])
        assert seen.has(f"{n} card"), (seat, n)
    assert sorted(screen.model.hand_cards) == sorted(cards[0])     # yours too, in your hand
    shoot(app, shots, "moon-early-end-choice")
    drive.key(pygame.K_a)
    drive.until(lambda: screen.model.summary is not None, what="the summary")
    seen = look(screen, monkeypatch)
    assert seen.has("You shot the moon.")
    assert seen.has("You win every trick left: the hand ended early.")
    assert not seen.has("Tester shot the moon")
    shoot(app, shots, "moon-early-end-summary")


def test_a_key_meant_for_a_summary_that_closed_by_itself_goes_nowhere(app, drive, monkeypatch):
    """The hand's summary closes by itself; the Enter pressed a moment later was meant
    for it: it picks no card to pass in the next hand."""
    import time
    rig_first_deal(monkeypatch, MOON)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse()
    app.link.play_against_bots(rules={"pass_cycle": ["hold", "left"]}, seed=1)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    play_my_cards(app, drive, lambda: screen.model.summary is not None)   # an early moon
    for _ in range(200):                                 # frames of 100 ms: the summary's 8 s
        drive.step()
        if screen.model.summary is None:
            break
    assert screen.model.summary is None
    closed = time.monotonic()
    for _ in range(20):                                  # the next deal on screen, at once
        if screen.model.view.phase == "pass":
            break
        drive.step()
    drive.key(pygame.K_RETURN)
    assert time.monotonic() - closed < 0.5
    assert screen.model.selected == []                  # the Enter went nowhere
    time.sleep(0.7)
    drive.key(pygame.K_RETURN)
    assert len(screen.model.selected) == 1              # a moment later, keys work again


def _covered_cards(app, screen, seat: int) -> list[str]:
    """The cards left of ``seat`` whose index (their top left corner, where the next card
    does not cover it) is not drawn as a white card face on the window."""
    n = len(screen.tram_cards()[seat])
    art = screen.geo.open_art
    step = screen.geo.open_step()
    out, start = [], 0
    for row in screen.geo.open_rows(screen.model.rel(seat), n):
        count = (row.width - art.width) // step + 1
        for i in range(count):
            corner = pygame.Rect(row.x + i * step + 2, row.y + 2, step - 4, round(art.height * 0.4))
            px = [app.surface.get_at((x, y))[:3] for x in range(corner.left, corner.right, 2)
                  for y in range(corner.top, corner.bottom, 2)]
            if sum(1 for p in px if min(p) > 200) < len(px) // 10:     # faces: 1/5 and more
                out.append(f"row {row} card {start + i}")
        start += count
    return out


def test_the_moons_announcement_and_the_cards_left_clear_the_summary(app, drive, monkeypatch, shots):
    screen = _moon_game(app, drive, monkeypatch, tram="auto")
    drive.key(pygame.K_a)
    drive.until(lambda: screen.model.summary is not None and screen.model.notice, what="the summary")
    text = screen.model.notice[0]
    assert text == "You shot the moon!"
    across = (screen.model.me + 2) % 4
    for size in ((800, 600), (1024, 768), (1280, 800), (1920, 1080)):
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()
        drive.shot(shots / f"moon-announcement-{size[0]}x{size[1]}.png")
        # every card left shows its index: none under the summary (or its Review button)
        sheet = screen.sheets.summary_rect().union(screen.button("review").rect)
        for seat in (1, 2, 3):
            for row in screen.geo.open_rows(screen.model.rel(seat), len(screen.tram_cards()[seat])):
                assert not row.colliderect(sheet), (size, seat, row, sheet)
                assert app.surface.get_rect().contains(row), (size, seat, row)
            assert not _covered_cards(app, screen, seat), (size, seat, _covered_cards(app, screen, seat))
        placed = screen.panels.notice_place(text)
        assert placed is not None, size
        r, _size = placed
        shown = screen.tram_cards()[across]
        assert shown                                     # the seat across shows its cards
        for row in screen.geo.open_rows(2, len(shown)):
            assert not r.colliderect(row), (size, r, row)
        assert not r.colliderect(screen.layout.plates[2]), size
        assert not r.colliderect(screen.sheets.summary_rect()), size


def _early_end(app, drive, monkeypatch, animation: str):
    """The moon deal with TRAM on, played to its summary: the hand ends early as you lead
    (you win every trick left). The next hand (``LEAD_2C``, no passing) is yours to lead."""
    rig_first_deal(monkeypatch, MOON, then=LEAD_2C)
    app.settings.bot_level = "random"
    app.settings.animation = animation
    drive.time_lapse()
    app.link.play_against_bots(rules={"pass_cycle": ["hold"], "tram": "auto"}, seed=1)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    play_my_cards(app, drive, lambda: screen.model.summary is not None)
    assert screen.model.summary["hand"] == 0
    return screen


def test_no_card_is_yours_to_play_once_the_hand_ended_early(app, drive, monkeypatch, shots):
    # the summary is up over the hand's last view, which still says it is your turn: your
    # cards stay in your hand, none raised, dimmed or lifted under the mouse as playable
    screen = _early_end(app, drive, monkeypatch, "normal")
    m = screen.model
    assert m.view.my_turn and m.view.phase == "play" and m.hand_cards
    assert not m.my_turn_to_play and not any(m.card_enabled(c) for c in m.hand_cards)
    card = m.hand_cards[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, buttons=(0, 0, 0), rel=(0, 0),
                                         pos=dict(screen.geo.hand_layout())[card].center))
    drive.step()
    assert m.hover_card is card
    rects = dict(screen.geo.hand_layout())
    assert len({r.top for r in rects.values()}) == 1                 # none raised
    shoot(app, shots, "moon-early-end-hand")
    # the focus goes to your last card; a click on it closes the summary, sends nothing
    sent = record_sends(app)
    drive.key(pygame.K_END)
    drive.click(rects[card].center)
    assert m.summary is None
    # the next hand's lead is yours: the focus moved to the 2♣, and Enter plays it
    drive.until(lambda: m.info.hand == 1 and m.my_turn_to_play and not screen.animating, 20,
                "our lead in the next hand")
    assert [x for x in sent if x.get("type") == "play"] == []
    assert str(m.hand_cards[m.cursor]) == "2C"
    drive.key(pygame.K_RETURN)
    assert [x for x in sent if x.get("type") == "play"] == [{"type": "play", "card": "2C"}]


def test_up_on_the_summary_closes_it_and_plays_nothing(app, drive, monkeypatch):
    # Up plays the focused card, as Enter does; on a summary it only closes it, as Enter
    # does: no card of the next hand, not yet seen, goes with the same key
    screen = _early_end(app, drive, monkeypatch, "normal")
    sent = record_sends(app)
    drive.key(pygame.K_UP)
    assert screen.model.summary is None
    drive.until(lambda: screen.model.info.hand == 1 and screen.model.my_turn_to_play
                and not screen.animating, 20, "our lead in the next hand")
    assert [x for x in sent if x.get("type") == "play"] == []


def test_the_next_hand_is_yours_to_play_under_the_last_ones_summary(app, drive, monkeypatch):
    # animations off: the next hand is dealt under the summary at once; its lead is yours
    # while the summary still shows, and a click on the 2♣ closes the summary and plays it
    screen = _early_end(app, drive, monkeypatch, "off")
    m = screen.model
    drive.until(lambda: m.info.hand == 1, 10, "the next hand under the summary")
    assert m.summary is not None and m.summary["hand"] == 0
    assert m.my_turn_to_play and [c for c in m.hand_cards if m.card_enabled(c)] == \
        [c for c in m.hand_cards if str(c) == "2C"]
    assert str(m.hand_cards[m.cursor]) == "2C"
    sent = record_sends(app)
    drive.click(dict(screen.geo.hand_layout())[m.hand_cards[m.cursor]].center)
    assert m.summary is None
    assert [x for x in sent if x.get("type") == "play"] == [{"type": "play", "card": "2C"}]


def test_no_hint_for_a_hand_that_is_scored(app, drive, monkeypatch, shots):
    # under the summary of a hand that ended early as you led, no card of it is yours to
    # play: the Hint button is drawn disabled and Ctrl-H asks the host for nothing
    screen = _early_end(app, drive, monkeypatch, "normal")
    m = screen.model
    assert m.view.my_turn and m.view.phase == "play" and m.hand_scored
    assert not screen.button("hint").enabled
    shoot(app, shots, "moon-early-end-no-hint")
    sent = record_sends(app)
    drive.key(pygame.K_h, pygame.KMOD_CTRL)
    assert m.summary is not None
    assert [x for x in sent if x.get("type") == "hint"] == []
    # the next hand's lead is yours: the hint is back
    drive.key(pygame.K_RETURN)
    drive.until(lambda: m.info.hand == 1 and m.my_turn_to_play and not screen.animating, 20,
                "our lead in the next hand")
    assert screen.button("hint").enabled
    drive.key(pygame.K_h, pygame.KMOD_CTRL)
    assert [x for x in sent if x.get("type") == "hint"] == [{"type": "hint"}]
