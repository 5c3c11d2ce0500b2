"""Connection loss: a banner shows, the client reconnects by itself and gets its seat back."""

from __future__ import annotations

import socket

from hearts.gui.table import TableScreen
from net.host import Host


def _states(app, monkeypatch):
    seen: list[str] = []
    original = app._on_state

    def spy(state):
        seen.append(state["state"])
        original(state)
    monkeypatch.setattr(app, "_on_state", spy)
    return seen


def test_dropped_link_reconnects_to_the_same_seat(app, drive, monkeypatch):
    app.settings.bot_level = "random"
    app.play_against_bots(rules={"target": 500})
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view, what="table")
    seen = _states(app, monkeypatch)
    token = app.net.token
    app.net.loop.call_soon_threadsafe(app.net.client.drop_link)
    drive.until(lambda: "lost" in seen and app.session.state == "connected", what="reconnect")
    assert app.banner == "" and app.net.token == token
    assert app.session.seat == 0 and app.session.table is not None
    assert isinstance(app.screen, TableScreen)


def test_host_gone_shows_a_banner_until_it_is_back(app, drive, shots, monkeypatch):
    from tests.gui.helpers import host_lobby
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    drive.click_button(app.dialogs[-1].form, "Create")
    drive.until(lambda: app.session.table is not None, what="our table")
    port = app.session.port
    seen = _states(app, monkeypatch)
    app.net.call(app.net.stop_host()).result(5)
    drive.until(lambda: app.banner, what="the banner")
    assert "reconnecting" in app.banner
    drive.step(2)
    drive.shot(shots / "connection-lost.png")
    # A new host on the same port: the client finds it by itself; the old table is gone.
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))          # the port is free again
    new_host = Host(name="Back again")

    async def start():
        await new_host.start("127.0.0.1", port=port)
        app.net.host = new_host                  # stopped with the app
    app.net.call(start()).result(5)
    drive.until(lambda: app.session.state == "connected" and not app.banner, 15, "reconnect")
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert app.session.table is None and "restarted" in app.toast
    assert seen.count("connected") >= 1
