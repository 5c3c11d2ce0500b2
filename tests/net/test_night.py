"""A short game night (`hearts bench night`, in seconds): 14 people over TCP and WebSocket
at three tables with bots, phones sleeping, owners vanishing, reloads, joins mid-game, a
kick, the friends' table's password, the host SIGKILLed and resumed twice; every
invariant checked after every event holds."""

from __future__ import annotations

import asyncio

from hearts.bench.night import Night, NightConfig, run_night


def test_a_short_game_night_breaks_no_invariant() -> None:
    cfg = NightConfig(hands=8, scale=20.0, tick=0.15, max_seconds=90.0)
    night, result = asyncio.run(run_night(cfg))
    s = night.stats
    assert s.violations == [], (s.restarts, night.hands, s.events, s.violations)
    assert s.restarts == 2 and night.hands >= 8
    web = sum(p.web for p in night.people)
    assert len(night.people) >= 12 and 0 < web < len(night.people)
    for kind in ("silent sleep", "sleep", "owner vanishes", "reload", "leave",
                 "join mid-game", "password refused", "kick", "knowledge compared"):
        assert s.events.get(kind), (kind, s.events)
    assert s.reconnects > 0 and s.latencies
    assert isinstance(night, Night) and result["end_rss_kb"] > 0
