"""Text fields behave as in any desktop toolkit (issue 59, item 14), in the real app:
the remembered address is selected when the Join screen opens, so typing replaces it;
Ctrl-A selects all, Home/End and Shift move and select; and an address that does not
answer is never remembered, while one that reaches a host is."""

from __future__ import annotations

import socket

import pygame

from hearts.gui.menu import JoinScreen

from .helpers import host_lobby


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                          # nothing listens there now
    return port


def test_the_join_field_selects_edits_and_remembers_only_a_good_address(app, drive, shots):
    host_lobby(app, drive)             # our own host, on loopback
    port = app.session.port
    app.settings.last_address = "127.0.0.1:18895"
    app.show(JoinScreen(app))
    field = app.screen.address
    assert field.focused and field.selection == (0, len("127.0.0.1:18895"))
    drive.shot(shots / "join-selected.png")
    drive.type("localhost")                             # replaces, never appends
    assert field.value == "localhost"
    drive.key(pygame.K_HOME)
    drive.type("x")
    assert field.value == "xlocalhost" and field.selection is None
    drive.key(pygame.K_END, pygame.KMOD_SHIFT)          # select to the end...
    drive.key(pygame.K_BACKSPACE)                       # ...and delete it
    assert field.value == "x"
    drive.key(pygame.K_a, pygame.KMOD_CTRL)
    assert field.selection == (0, 1)
    bad = _free_port()
    drive.type(f"127.0.0.1:{bad}")
    assert field.value == f"127.0.0.1:{bad}"
    drive.key(pygame.K_RETURN)
    drive.until(lambda: app.dialogs, 15, "could not connect")
    assert app.settings.last_address == "127.0.0.1:18895"   # the bad one is not kept
    drive.key(pygame.K_RETURN)
    # a click into the field from another widget selects it too
    app.show(JoinScreen(app))
    field = app.screen.address
    app.screen.form.focus(app.screen.back_button)
    drive.click(field.rect.center)
    assert field.focused and field.selection == (0, len(field.value))
    drive.type(f"127.0.0.1:{port}")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert app.settings.last_address == f"127.0.0.1:{port}"
