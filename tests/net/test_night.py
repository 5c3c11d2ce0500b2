"""A short game night (`hearts bench night`, in seconds): 14 people over TCP and WebSocket
at three tables with bots, phones sleeping, owners vanishing, reloads, joins mid-game, a
kick, the friends' table's password, the host SIGKILLed and resumed twice; every
invariant checked after every event holds."""

from __future__ import annotations

import asyncio
from typing import Any

from hearts.bench.night import Night, NightConfig, fresh_host_night, run_night


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


def test_everyone_leaves_at_the_end_even_on_the_way_back() -> None:
    """The night ends just as a phone's alarm went off (its owner still coming back) and
    as the host closed someone's link: both come back and leave with everyone else, and
    the host then holds no connection, player, table or runtime."""
    async def last_call() -> tuple[Night, dict[str, Any], dict[str, Any]]:
        async with fresh_host_night(NightConfig(people=4, web_share=0.5, scale=20.0)) as night:
            base = await night.host.facts()
            for p in night.people:
                assert await p.connect() is not None
            night.relinking = True
            owner, sleeper, cut, other = night.people
            owner.send("create_table", name="Last call")
            await asyncio.wait_for(owner._table.wait(), 5)
            assert owner.mirror.info is not None
            for p in (sleeper, cut, other):
                p.send("sit", table=owner.mirror.info.id)
                await p.flush()
                assert p.mirror.seat is not None
            await sleeper.linking.acquire()     # a slow way back (a loaded machine)
            await night._sleep(sleeper, 0.0, silent=False)
            while sleeper.asleep:               # the alarm went off: on the way back
                await asyncio.sleep(0.001)
            assert not sleeper.alive
            asyncio.get_running_loop().call_later(0.5, sleeper.linking.release)
            cut.drop()                          # the link the host closed, unmade
            await night._last_call()
            await night.check()
            end = await night._everyone_leaves(base)
        return night, base, end

    night, base, end = asyncio.run(last_call())
    assert night.stats.violations == []
    assert night.stats.reconnects >= 1
    assert {k: end[k] for k in Night.COUNTS} == {k: base[k] for k in Night.COUNTS}
