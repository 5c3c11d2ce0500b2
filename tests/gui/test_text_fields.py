"""Text fields behave as in any desktop toolkit (issue 59, item 14), in the real app:
the remembered address is selected when the Join screen opens, so typing replaces it;
Ctrl-A selects all, Home/End and Shift move and select; and an address that does not
answer is never remembered, while one that reaches a host is."""

from __future__ import annotations

import pygame

from hearts.gui.link import host_title
from hearts.gui.menu import JoinScreen
from hearts.gui.settings import SettingsScreen
from hearts.net.names import graphemes
from tests.ports import free_port

from .helpers import host_lobby

FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467"     # one person sees one emoji


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
    bad = free_port()                  # nothing listens there
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


def test_a_name_is_counted_in_what_a_reader_sees_as_letters(app, drive, shots):
    """Issue 59 item 6: the name field takes the host's 24 graphemes, an emoji with
    joiners whole (an emoji picker sends it in one piece)."""
    app.show(SettingsScreen(app))
    field = next(w for w in app.screen.form.widgets if getattr(w, "max_len", 0) == 24)
    app.screen.form.focus(field)
    drive.key(pygame.K_a, pygame.KMOD_CTRL)
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=FAMILY))
    drive.step()
    assert field.value == FAMILY * 24 and len(graphemes(field.value)) == 24
    drive.shot(shots / "settings-emoji-name.png")
    longest = "🃏 Zoë" + FAMILY * 19                      # 24 graphemes: the host's whole
    assert len(graphemes(longest)) == 24 and host_title(longest) == longest + "'s host"
    title = host_title("🃏 Zoë" + FAMILY * 60)           # (only past any name's length: cut)
    assert title == "🃏 Zoë" + FAMILY * 27 + "…'s host" and len(graphemes(title)) == 40
