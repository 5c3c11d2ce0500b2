"""The table plays back what the session's mirror folded, and folds nothing itself (issue
58, item 3): in the real app against its real host, animated on late frames, each change
shows with the very table facts the mirror handed out with it, in the order the host sent
them, the facts on screen never go back, and once the motions are done the table shows
the mirror's latest facts. Each change is folded once (the connection's own client does
not fold it again)."""

from __future__ import annotations

from typing import Any

import pygame

from hearts.gui.table import TableScreen
from hearts.gui.table_playback import Playback
from hearts.net.mirror import Folded, Mirror


def test_the_table_shows_each_change_with_the_facts_the_mirror_folded(app, drive, monkeypatch):
    emitted: list[Folded] = []
    feed = Mirror.feed

    def recording(self: Mirror, msg: dict[str, Any]) -> list[Folded]:
        steps = feed(self, msg)
        emitted.extend(steps)
        return steps
    monkeypatch.setattr(Mirror, "feed", recording)
    shown: list[tuple[dict[str, Any], Any]] = []     # each motionless change as it played
    change = Playback.change

    def showing(self: Playback, ch: dict[str, Any]) -> None:
        shown.append((ch, self.model.info))
        change(self, ch)
    monkeypatch.setattr(Playback, "change", showing)

    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=5)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the table")
    m = screen.model
    at = -1                 # where in the mirror's steps the facts on screen were made
    summaries = 0
    while app.hands_scored < 2 or summaries < 2:
        drive.step()
        made = next(i for i, f in enumerate(emitted) if f.info is m.info)   # the mirror's
        assert made >= at, "the table went back to older facts"
        at = made
        if m.summary is not None:
            # the hand's summary shows the hand scored in the facts on screen, as folded
            assert m.info.results[-1].hand == int(m.summary["hand"])
            assert m.info.totals == tuple(m.summary["totals"])
            summaries += 1
            drive.key(pygame.K_RETURN)
        elif m.my_turn_to_play:
            drive.key(pygame.K_RETURN)
    kinds = {ch["type"] for ch, _ in shown}
    assert {"game_started", "hand_started", "hand_scored"} <= kinds, kinds
    # each change the host sent was folded once in this client (not again by its connection)
    changes = [id(f.change) for f in emitted if f.kind == "change"]
    assert len(set(changes)) == len(changes)
    # every change played with the facts the mirror folded with it, in the host's order
    by_change = {id(f.change): f for f in emitted if f.kind == "change"}
    assert all(by_change[id(ch)].info is info for ch, info in shown)
    played = {id(ch) for ch, _ in shown}
    assert [id(ch) for ch, _ in shown] == [c for c in changes if c in played]
    # once the motions are done, the table shows the mirror's latest facts
    drive.until(lambda: not screen.animating and m.summary is None
                and m.info is app.link.session.mirror.info, 30, "the table caught up")
