"""Connection loss: a banner shows, the client reconnects by itself and gets its seat back."""

from __future__ import annotations

import socket

import pygame

from hearts.gui.table import TableScreen
from hearts.net.host import Host


def _states(app, monkeypatch):
    seen: list[str] = []
    original = app.link._on_state

    def spy(state):
        seen.append(state["state"])
        original(state)
    monkeypatch.setattr(app.link, "_on_state", spy)
    return seen


def test_dropped_link_reconnects_to_the_same_seat(app, drive, monkeypatch):
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"target": 500})
    drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view, what="table")
    seen = _states(app, monkeypatch)
    token = app.net.token
    app.net.loop.call_soon_threadsafe(app.net.client.drop_link)
    drive.until(lambda: "lost" in seen and app.session.state == "connected", what="reconnect")
    assert app.banner == "" and app.net.token == token
    assert app.session.seat == 0 and app.session.table is not None
    assert isinstance(app.screen, TableScreen)


def _host_table(app, drive):
    from tests.gui.helpers import host_lobby
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    drive.click_button(app.dialogs[-1].form, "Create")
    drive.until(lambda: app.session.table is not None and isinstance(app.screen, TableScreen),
                what="our table")


def _restart_host(app, port, name="Back again"):
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))          # the port is free again
    new_host = Host(name=name)

    async def start():
        await new_host.start("127.0.0.1", port=port)
        app.net.host = new_host                  # stopped with the app
    app.net.call(start()).result(5)


def test_host_gone_blocks_the_table_until_it_is_back_without_the_table(app, drive, shots,
                                                                       monkeypatch):
    _host_table(app, drive)
    port = app.session.port
    seen = _states(app, monkeypatch)
    sent: list[dict] = []
    monkeypatch.setattr(app.net, "send", sent.append)
    app.net.call(app.net.stop_host()).result(5)
    d = drive.until(lambda: app.link.connection_dialog, what="the lost-connection dialog")
    drive.until(lambda: d.attempt >= 2, what="a counted attempt")
    # A plain sentence, never system text, and the attempt under way.
    assert d.text in ("The host closed the connection.", "The connection to the host was lost.")
    assert "Errno" not in d.text and "Reconnecting, attempt" in d.status
    assert app.dialogs[-1] is d and not app.banner
    assert app.screen.model.disconnected == d.text             # the table greyed, input refused
    # Input goes nowhere: Escape opens no table menu, keys and clicks send nothing.
    drive.key(pygame.K_ESCAPE)
    drive.key(pygame.K_RETURN)
    drive.click((app.size[0] // 2, app.size[1] - 60))
    assert app.dialogs == [d] and sent == []
    drive.step(2)
    drive.shot(shots / "connection-lost.png")
    # A new host on the same port: the client finds it by itself; the old table is gone.
    monkeypatch.undo()
    _restart_host(app, port)
    drive.until(lambda: app.session.state == "connected" and app.link.connection_dialog is None, 15,
                "reconnect")
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert app.session.table is None
    gone = app.dialogs[-1]
    assert gone.title == "Table gone"
    assert "“Tester's table” is gone: the host restarted without it" in gone.message
    assert seen.count("lost") >= 2


def test_leave_while_reconnecting_goes_to_the_menu(app, drive):
    _host_table(app, drive)
    app.net.call(app.net.stop_host()).result(5)
    d = drive.until(lambda: app.link.connection_dialog, what="the lost-connection dialog")
    drive.click_button(d.form, "Leave")
    drive.until(lambda: type(app.screen).__name__ == "MainMenu", what="the menu")
    assert app.session.mode is None and not app.dialogs


def test_gives_up_after_the_limit_then_tries_again(app, drive):
    _host_table(app, drive)
    port = app.session.port
    app.net.retry_for = app.net.client.retry_for = 1.0
    app.net.call(app.net.stop_host()).result(5)
    drive.until(lambda: app.link.connection_dialog and app.link.connection_dialog.gave_up, 10,
                "giving up")
    d = app.link.connection_dialog
    assert d.text == "The host did not come back within 1 second."
    assert d.form.find("Try again").visible and d.form.find("Leave").visible
    _restart_host(app, port)
    drive.click_button(d.form, "Try again")
    drive.until(lambda: app.link.connection_dialog is None and app.session.state == "connected", 10,
                "back")
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert "is gone: the host restarted without it" in app.dialogs[-1].message


def test_why_the_link_dropped_is_read_from_its_code_not_its_words():
    """The host's bye in any language, a silent host, a failed link: each code its sentence."""
    from hearts.gui.connection import lost_sentence
    from hearts.net.client import BYE, FAILED, HOST_CLOSED, SILENT
    closed = lost_sentence(HOST_CLOSED)
    assert lost_sentence(BYE) == closed
    assert lost_sentence(SILENT) not in (closed, lost_sentence(FAILED))
    assert lost_sentence("l'hôte a fermé la connexion") == lost_sentence(FAILED)
