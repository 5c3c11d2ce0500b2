"""The demo (four bots play, you watch) in the real app: all four hands face up, a label
people understand, no "Demo left"; and a table with a person keeps its cards from watchers."""

from __future__ import annotations

import pygame

from hearts.engine import Rules
from hearts.gui.table import TableScreen
from hearts.net import words
from hearts.net.table import Table

from .table_seen import look


def test_the_demo_shows_all_four_hands_and_says_what_it_is(app, drive, shots, monkeypatch):
    app.settings.bot_level = "random"
    app.settings.animation = "normal"          # the table shows the racing host at its pace
    drive.time_lapse()
    app.link.play_against_bots(rules={"target": 200}, demo=True)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "play" and app.screen, 30, "the demo")
    drive.until(lambda: screen.model.view.others is not None and screen.model.view.cards_left[0] >= 4
                and not screen.anim.tweens, 30, "the hands")
    v = screen.model.view
    assert screen.model.watching
    assert sum(len(h) for h in v.others) == sum(v.cards_left)       # every card, every seat
    drive.until(lambda: screen.status_text(screen.model.view)[0].startswith("Demo:"), 30,
                "a card to play (not between hands)")
    drive.shot(shots / "table-demo.png")
    seen = look(screen, monkeypatch)
    assert seen.has("Demo: four bots play, you watch"), screen.status_text(screen.model.view)
    assert not seen.has("Demo left") and not any("Demo" in t for t, _ in screen.note_lines())
    # the bottom seat's cards are drawn face up too (white card faces, not the blue fan)
    cx, cy = screen.layout.fan_centre(0)
    w, h = screen.small_art.size
    px = [app.surface.get_at((x, y))[:3] for x in range(cx - w // 2, cx + w // 2, 2)
          for y in range(cy - h // 2, cy + h // 2, 2)]
    assert sum(1 for p in px if min(p) > 200) > len(px) // 3
    # one name a seat: the scores panel names the players the table shows (the dealer that
    # started the demo and left is no one's name)
    names = ["Ada", "Basil", "Clara", "Dexter"]
    assert [screen.model.info.seat_name(s) for s in range(4)] == names
    panel = screen.geo.mini_scores_rect()
    assert [t for t, r in seen.on_window if panel.contains(r) and t in names + ["Demo"]] == names
    drive.key(pygame.K_TAB)                                   # the score sheet
    drive.shot(shots / "table-demo-scores.png")
    seen = look(screen, monkeypatch)
    assert all(seen.has(n) for n in names) and not any(t == "Demo" for t, _ in seen.lines)


def test_what_was_said_of_a_hands_play_is_gone_under_its_summary(app, drive):
    """A note of the hand in play ("Hearts are broken.", up for three seconds) that is still
    up as the hand is scored does not stay under the summary, telling of a hand that is over
    (the demo, unanimated, plays a hand in less than those three seconds; the run stops at
    the first hand's summary)."""
    app.settings.bot_level = "random"
    app.settings.animation = "off"
    app.exit_after_hands = 1
    app.link.play_against_bots(demo=True, seed=3)
    drive.until(lambda: not app.running, 30, "the first hand scored")
    screen = app.screen
    m = screen.model
    assert m.summary is not None and int(m.summary["hand"]) == 0
    assert m.view.hearts_broken and sum(m.view.cards_left) < 52   # this hand broke them
    line = " ".join(words.change_lines({"type": "hearts_broken"}, m.info, screen.voice.me))
    assert line == "Hearts are broken."
    assert line not in [text for text, _ in screen.note_lines()]


def test_watchers_see_no_cards_while_a_person_plays() -> None:
    t = Table(1, "t", Rules())
    t.sit("tok", "Ann", 0, 0.0)
    t.owner = "tok"
    for s in (1, 2, 3):
        t.set_bot("tok", s, "random")
    t.start("tok", 0.0, seed=1)
    assert t.view_at(None)["others"] is None


def test_a_racing_demo_is_read_at_the_apps_pace_and_never_dropped(app, drive):
    # four random bots with a far target race ahead of any table; the app takes their
    # messages a few milliseconds a frame. Its network side reads no further ahead than
    # `BACKLOG` messages, and the host holds the bots back for it: the connection is never
    # dropped for reading slowly ("does not read its messages")
    from hearts.gui.connection import BACKLOG
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"target": 10000}, demo=True)
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.session.state == "connected",
                30, "the demo")
    states, most = set(), 0
    hands = app.hands_scored
    import time
    end = time.monotonic() + 30                  # (a loaded machine deals slower)
    while time.monotonic() < end and app.hands_scored <= hands + 2:
        drive.step()
        most = max(most, app.link.inbox.qsize())
        states.add(app.session.state)
    assert app.hands_scored > hands + 2           # the host raced on, hand after hand
    assert most <= BACKLOG, most                  # ...and the app read at its own pace
    assert states == {"connected"} and app.link.connection_dialog is None
    assert isinstance(app.screen, TableScreen)
