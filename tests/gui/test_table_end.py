"""How hands and games end on the table: a hand ended early (TRAM) shows the cards left
face up with one plain sentence and the next hand waits for the summary; game over is a
final score sheet with OK, and Enter never deals a new game; a scripted run's screenshot
shows the last hand scored, not a frame the host has already left behind."""

from __future__ import annotations

import time

import pygame

from hearts.engine import Rules
from hearts.gui.table import TableScreen
from hearts.gui.table_playback import SUMMARY_SECONDS

from .helpers import record_sends
from .table_host import LocalTable, RecordingApp
from .table_seen import look, problems
from .test_table import key


def _deliver(screen: TableScreen, host: LocalTable, until, seconds: float = 60.0) -> None:
    """Hand the host's messages to the screen and let time run (1/30 s a frame) until ``until()``."""
    for m in host.take_messages():
        screen.app.deliver(screen, m)
    for _ in range(int(seconds * 30)):
        if until():
            return
        screen.update(1 / 30)
    raise AssertionError("never happened")


def _no_passing(animation: str, seed: int = 3) -> tuple[TableScreen, LocalTable]:
    """A started game without passing (seed 3 ends its first hand early), animated."""
    pygame.display.init()
    host = LocalTable(Rules(pass_cycle=("hold",)), seed=seed)
    screen = TableScreen(RecordingApp(host, animation=animation))
    host.inbox.append(host.table_message())
    host.start()
    host.run_bots()
    return screen, host


def test_a_hand_ended_early_shows_the_cards_left_and_waits_for_the_summary(monkeypatch, shots):
    screen, host = _no_passing("normal")
    _deliver(screen, host, lambda: not screen.anim.busy)
    while not (screen.model.summary and screen.model.summary.get("tram")):
        assert screen.model.summary is None, "a hand ended without TRAM first"
        v = screen.model.view
        assert v.phase == "play" and v.my_turn
        screen.click_card(v.legal[0])
        _deliver(screen, host, lambda: screen.model.summary is not None
                 or (not screen.anim.busy and screen.model.my_turn_to_play))
    cards = screen.tram_cards()
    assert cards is not None and sum(map(len, cards)) > 0
    seen = look(screen, monkeypatch)
    surf = _shot(screen)
    pygame.image.save(surf, str(shots / "table-tram.png"))
    assert not problems(seen, screen.size)
    said = [s for s, _ in seen.lines if "hand ended early" in s or "claimed the rest" in s
            or "trick left" in s]
    assert len(said) == 1, said                          # said once, in the summary
    assert not [n for n in screen.note_lines() if "early" in n[0]]
    # the opponents' cards left are drawn face up: white faces where the backs were blue
    w, h = screen.small_art.size
    for seat in (1, 3):
        if not cards[seat]:
            continue
        cx, cy = screen.layout.fan_centre(screen.model.rel(seat))
        top = cy - (h + round(h * 0.45)) // 2
        plate = screen.layout.plates[screen.model.rel(seat)]
        x0 = plate.right + round(10 * screen.layout.u) if seat == 1 else None
        if x0 is None:
            n = len(cards[seat][:7])
            x0 = plate.left - round(10 * screen.layout.u) - (max(6, round(w * 0.42)) * (n - 1) + w)
        area = pygame.Rect(x0 + 2, top + h // 3, max(4, w // 3), h // 3)
        px = [surf.get_at((x, y)) for x in range(area.left, area.right) for y in range(area.top, area.bottom)]
        light = sum(1 for p in px if min(p[:3]) > 200)
        assert light > len(px) // 2, f"seat {seat}: the cards left are not face up"
    # the next hand waits under the summary ...
    for _ in range(60):
        screen.update(1 / 30)
    assert screen.model.summary is not None and sum(screen.model.view.cards_left) < 52
    # ... until Enter closes it; then it is dealt
    key(screen, pygame.K_RETURN)
    assert screen.model.summary is None
    _deliver(screen, host, lambda: sum(screen.model.view.cards_left) == 52)


def test_the_summary_closes_itself_and_then_the_next_hand_comes(monkeypatch):
    screen, host = _no_passing("fast")
    for _ in range(40):
        v = screen.model.view
        if screen.model.summary is not None:
            break
        if v is not None and screen.model.my_turn_to_play:
            screen.click_card(v.legal[0])
        _deliver(screen, host, lambda: screen.model.summary is not None
                 or (not screen.anim.busy and screen.model.my_turn_to_play))
    assert screen.model.summary is not None
    start = screen.clock
    _deliver(screen, host, lambda: sum(screen.model.view.cards_left) == 52, SUMMARY_SECONDS + 5)
    assert screen.clock - start >= SUMMARY_SECONDS - 0.1


def _shot(screen: TableScreen) -> pygame.Surface:
    surf = pygame.Surface(screen.size)
    screen.draw(surf)
    return surf


def _play_by_keys(app, drive, done, timeout: float = 60.0) -> None:
    """Pass with 1 2 3 Enter, play with Enter, ask a hint (Ctrl-H) each turn, until ``done()``."""
    screen = app.screen
    end = time.monotonic() + timeout
    passed_hand = None
    while not done():
        assert time.monotonic() < end, "the game did not get there"
        drive.step()
        screen = app.screen
        if not isinstance(screen, TableScreen) or screen.model.view is None or screen.animating:
            continue
        v = screen.model.view
        if screen.model.summary is not None:
            drive.key(pygame.K_RETURN)
        elif v.phase == "pass" and not v.has_passed[v.seat] and passed_hand != screen.model.info.hand:
            for k in (pygame.K_1, pygame.K_2, pygame.K_3):
                drive.key(k)
            drive.key(pygame.K_RETURN)
            passed_hand = screen.model.info.hand
        elif screen.model.my_turn_to_play:
            drive.key(pygame.K_h, pygame.KMOD_CTRL)
            drive.key(pygame.K_RETURN)
        elif v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            drive.key(pygame.K_a)


def test_game_over_is_a_score_sheet_with_ok_and_enter_deals_nothing(app, drive, shots, monkeypatch):
    app.settings.bot_level = "random"
    sent = record_sends(app)
    app.link.play_against_bots(rules={"target": 15}, seed=7)
    drive.until(lambda: isinstance(app.screen, TableScreen), what="the table")
    _play_by_keys(app, drive, lambda: app.session.table is not None and app.session.table.state == "over")
    screen = app.screen
    drive.until(lambda: screen.game_over() and not screen.animating, 20, "the sheet")
    drive.step()
    drive.shot(shots / "table-game-over-sheet.png")
    seen = look(screen, monkeypatch)
    assert not problems(seen, screen.size)
    assert screen.button("over-ok") is not None and screen.button("over-ok").primary
    assert seen.has(screen.over_headline()) and seen.has("You finished")
    assert seen.has("Place") and len(screen.scoreboard_rows()) == len(screen.model.info.results) + 1
    for rec in screen.model.info.results:                   # every hand is on the sheet
        assert seen.has(str(rec.hand + 1))
    assert screen.note_lines() == [] and not seen.has("Hint:")     # no stale hint under it
    starts = len([m for m in sent if m.get("type") == "start"])
    drive.key(pygame.K_RETURN)                              # closes the sheet, nothing else
    assert screen.model.over_closed and screen.button("over-ok") is None
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_KP_ENTER)
    for _ in range(10):
        drive.step()
    assert len([m for m in sent if m.get("type") == "start"]) == starts
    assert app.session.table.state == "over"
    assert screen.button("new-game") is not None           # a new game is an explicit click


def test_the_screenshot_of_a_scripted_run_is_the_last_hand_scored(app, drive, shots):
    app.settings.bot_level = "random"
    app.settings.animation = "fast"
    app.settings.trick_pause = 0.2
    app.settings.bot_speed = "fast"
    app.exit_after_hands = 1
    drive.time_lapse()          # the hand's animations run, on frames rather than seconds
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=5)
    drive.until(lambda: isinstance(app.screen, TableScreen), what="the table")
    _play_by_keys(app, drive, lambda: not app.running)
    screen = app.screen
    path = shots / "table-exit-after-hands.png"
    app.save_screenshot(path)
    assert path.exists()
    m = screen.model
    assert m.summary is not None and int(m.summary["hand"]) == 0          # hand 1, scored
    assert len(m.trick_shown) < 4 and m.taken is None
    assert screen.status_text(m.view)[0] == "Hand over"
    assert sum(m.view.cards_left) < 52                                  # not the next deal
    assert list(m.summary["totals"]) == list(screen.model.info.results[0].totals)


def test_under_a_hands_summary_no_seat_still_holds_a_card_it_played():
    """The view after a hand's last card is of the next deal, so it waits for the summary;
    meanwhile the plates, fans and open hands count the cards shown played, not that view."""
    pygame.display.init()
    host = LocalTable(Rules(pass_cycle=("hold",), tram="off"), seed=3)
    screen = TableScreen(RecordingApp(host, animation="normal"))
    host.inbox.append(host.table_message())
    host.start()
    host.run_bots()
    _deliver(screen, host, lambda: not screen.anim.busy)
    while screen.model.summary is None:
        v = screen.model.view
        if screen.model.my_turn_to_play:
            screen.click_card(v.legal[0])
        _deliver(screen, host, lambda: screen.model.summary is not None
                 or (not screen.anim.busy and screen.model.my_turn_to_play))
    v = screen.model.view
    assert sum(v.cards_left) > 0, "the summary's view is still the last trick's"
    assert [screen.model.cards_left(v, s) for s in range(4)] == [0, 0, 0, 0]
    assert not screen.model.hand_cards
    if v.others is not None:
        assert all(not screen.model.held(s, v.others[s]) for s in range(4))
