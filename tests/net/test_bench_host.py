"""`hearts bench host`'s clients read the host's messages with the host-side limits: the
`tables` list of 100 running tables with long names is larger than a client may send
(it once ended each bench client with "Fatal error on transport" and no figures). The
whole command runs in tests/test_readme.py."""

from __future__ import annotations

from hearts.bench.host import _player, _Stats
from hearts.net.limits import DEFAULT_LIMITS
from hearts.net.protocol import encode

from .lan import Lan


def test_a_bench_player_reads_the_list_of_a_hundred_running_tables() -> None:
    lan = Lan()
    for i in range(100):
        owner = lan.join(f"Player {i:03d} with a long name")
        owner.send("create_table", name=f"The table of player {i:03d}")
        owner.send("start")
    frame = encode(lan.core.tables_message(lan.now))
    assert len(frame) > DEFAULT_LIMITS.max_frame          # over what a client may send
    player = _player("bench", _Stats(0.0, 0.0))
    [msg] = player.decoder.feed(frame)
    assert msg["type"] == "tables" and len(msg["tables"]) == 100


async def test_the_idle_connections_show_how_many_are_connected_so_far(monkeypatch) -> None:
    """`--clients N --idle` takes minutes for 10000: a progress line on a terminal's
    stderr says how many are connected so far, batch by batch, then clears."""
    import io
    import sys

    from hearts.bench.host import _start_idle, _stop_idle
    from hearts.net.host import Host

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    host = Host(name="den", bot_level="random", seed=1)
    await host.start(bind="127.0.0.1", port=0)
    try:
        proc, ready = await _start_idle(host.port, 250)
        assert ready == 250
        shown = err.getvalue()
        assert "/250 idle connections" in shown and shown.endswith("\r")
        assert _stop_idle(proc)[0] == 250
    finally:
        await host.stop()
