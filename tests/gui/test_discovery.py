"""LAN discovery in the client: hosts appear live in the join list; a LAN host advertises.

mDNS travels over 127.0.0.1 only (``interfaces=["127.0.0.1"]``), as in tests/net.
"""

from __future__ import annotations

import secrets

import pygame
import pytest

from hearts.gui.menu import JoinScreen
from hearts.net.discovery import Advertiser, browse
from hearts.net.host import Host

LO = ["127.0.0.1"]


@pytest.fixture
def lan_app(config_home):
    from hearts.gui.app import App
    from hearts.gui.settings import Settings
    a = App(Settings(name="Finder", animation="off", sounds=False), size=(1280, 800),
            discover=True, discovery_interfaces=LO)
    yield a
    a.close()


def test_join_list_shows_hosts_live_and_joins(lan_app, shots):
    from tests.gui.conftest import Driver
    app, drive = lan_app, Driver(lan_app)
    name = f"GUI test {secrets.token_hex(3)}"
    host = Host(name=name)

    async def serve():
        await host.start("127.0.0.1", port=0)
        adv = Advertiser(name, host.port, host.txt_properties(), interfaces=LO)
        await adv.start()
        return adv
    adv = app.net.call(serve()).result(10)
    try:
        app.show(JoinScreen(app))
        screen = app.screen
        drive.until(lambda: any(h.name == name for h in screen.hosts), 15, "the host in the list")
        row = next(r for r in screen.list.rows if r.startswith(name))
        assert f"127.0.0.1:{host.port}" in row
        # Columns: host and address, players, free seats, rules, ping (a measured handshake).
        drive.until(lambda: next(r for r in screen.list.rows if r.startswith(name))
                    .split("\t")[4].endswith("ms"), 10, "the ping")
        cells = next(r for r in screen.list.rows if r.startswith(name)).split("\t")
        assert cells[1:4] == ["0", "no tables yet", "Standard"]
        drive.shot(shots / "join-live.png")
        screen.list.select(next(i for i, h in enumerate(screen.hosts) if h.name == name))
        screen.form.focus(screen.list)
        drive.key(pygame.K_RETURN)
        drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
        assert app.session.host_name == name
    finally:
        app.net.call(adv.close()).result(10)
        app.net.call(host.stop()).result(10)


def test_hosting_a_lan_game_advertises_it(lan_app):
    from tests.gui.conftest import Driver
    app, drive = lan_app, Driver(lan_app)
    app.settings.name = f"Ann{secrets.token_hex(2)}"
    app.link.host_lan_game(port=0, bind="127.0.0.1", advertise=True, web_port=0)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert app.link.local_addresses == [f"127.0.0.1:{app.session.port}"]
    found = app.net.call(browse(3.0, interfaces=LO)).result(10)
    assert any(h.name == f"{app.settings.name}'s host" and h.port == app.session.port
               for h in found)
