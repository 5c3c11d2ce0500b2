"""Input meant for one hand never acts on the next (issue 59, item 12): in the real app
against its real host, animated on late frames, a key pressed as the last trick ends
brings the hand's summary up and does nothing else; the summary holds until it is
dismissed, and only then is the next hand dealt, with nothing chosen in it."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui.table import TableScreen
from hearts.gui.table_playback import SUMMARY_SECONDS

from .helpers import record_sends
from .rigged import MOON, rig_first_deal


@pytest.mark.parametrize("by", ["key", "click"])
def test_a_key_as_the_last_trick_ends_brings_the_summary_and_nothing_more(app, drive,
                                                                             monkeypatch, by):
    # we hold the top cards: after the first trick the rest is ours, and the hand ends
    # early with twelve cards still in our hand (the keys still reach them)
    rig_first_deal(monkeypatch, MOON)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    app.settings.trick_pause = 3.0           # the trick stays: the host's next messages wait
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"pass_cycle": ["hold", "left"], "tram": "auto"}, seed=1)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the table")
    m = screen.model
    drive.until(lambda: m.my_turn_to_play and not screen.animating, 30, "our turn")
    drive.key(pygame.K_RETURN)
    # the host has scored the hand and dealt the next; the table still shows the last trick
    drive.until(lambda: app.hands_scored == 1, 10, "the hand scored at the host")
    assert m.summary is None and screen.anim.busy, "the summary came before the key"
    assert len(m.hand_cards) == 12
    sent = record_sends(app)
    if by == "key":
        drive.key(pygame.K_RETURN)              # meant for the hand that is ending
    else:                                       # a card of the hand that is ending
        drive.click(dict(screen.geo.hand_layout())[m.hand_cards[0]].center)
    assert m.summary is not None and int(m.summary["hand"]) == 0
    assert m.hand_scored and m.view.phase != "pass" and not m.selected
    assert sent == []
    # the summary holds: the next hand waits under it, and its keys go nowhere
    for _ in range(int(SUMMARY_SECONDS * 10 * 0.6)):
        drive.step()
    for k in (pygame.K_1, pygame.K_t, pygame.K_SPACE):
        drive.key(k)
        assert m.summary is None if k == pygame.K_SPACE else m.summary is not None
    assert not m.selected and sent == []
    drive.until(lambda: len(m.hand_cards) == 13 and m.view.phase == "pass", 10, "the next deal")
    assert not m.selected and sent == []
    assert m.pass_to_make


def test_a_summary_not_dismissed_closes_by_itself_and_then_the_hand_is_dealt(app, drive,
                                                                             monkeypatch):
    rig_first_deal(monkeypatch, MOON)
    app.settings.bot_level = "random"
    app.settings.animation = "fast"
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"pass_cycle": ["hold", "left"], "tram": "auto"}, seed=1)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the table")
    m = screen.model
    drive.until(lambda: m.my_turn_to_play and not screen.animating, 30, "our turn")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: m.summary is not None, 30, "the summary")
    shown = screen.clock
    for _ in range(int(SUMMARY_SECONDS * 10) + 20):      # frames of 100 ms, none idle
        if m.summary is None:
            break
        drive.step()
    assert m.summary is None
    assert screen.clock - shown >= SUMMARY_SECONDS - 0.1
    drive.until(lambda: len(m.hand_cards) == 13, 10, "the next deal")
    assert not m.selected
