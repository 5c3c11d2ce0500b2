"""Back after the link was down while a bot played the seat, the desktop says what the bot
did (issue 59, item 1), in the sentence the page and the text client say
(`hearts.net.words.away_lines`): a notice at the top of the window and a console line."""

from __future__ import annotations

import socket
import time

from hearts.net.limits import Limits

from tests.web.test_browser import HostThread


def _dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_back_it_says_which_hands_a_bot_played_for_you(app, drive) -> None:
    # bots that play on while the only person is away (by default they rest; the notice is
    # for a table where other people play on)
    served = HostThread(limits=Limits(bot_budget=0.02, drop_grace=0.5, heartbeat_timeout=3.0,
                                      bots_alone=30.0))
    try:
        app.link.connect("127.0.0.1", served.host.port)
        drive.until(lambda: app.session.state == "connected", what="connected")
        app.send({"type": "create_table", "rules": {"preset": "standard", "target": 1000}})
        drive.until(lambda: app.session.table is not None, what="our table")
        app.send({"type": "start"})
        drive.until(lambda: app.session.mirror.view is not None, what="a hand")
        tid = app.session.table.id
        client = app.net.client
        port, client.port = client.port, _dead_port()      # the Wi-Fi is gone
        app.net.loop.call_soon_threadsafe(client.drop_link)
        end = time.monotonic() + 60
        while len(served.host.core.tables[tid].full(0.0)["results"]) < 2:
            assert time.monotonic() < end, "the bot did not play two hands"
            drive.step(1)
        client.port = port                                  # back
        drive.until(lambda: "played for you by a bot" in (app.toast or ""), 20, "the notice")
        results = served.host.core.tables[tid].full(0.0)["results"]
        seat = app.session.table.my_seat
        said = app.toast.split(". ")[0].rstrip(".") + "."
        last = int(said.split("–")[1].split(" ")[0])
        n = sum(r["points"][seat] for r in results[:last])
        assert said == f"Hands 1–{last} were played for you by a bot: {n} point{'' if n == 1 else 's'}."
        assert any(said in line.text for line in app.console.lines), "and in the console"
    finally:
        app.link.disconnect()
        served.stop()
