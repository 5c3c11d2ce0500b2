"""Every screen renders headless (screenshots saved), keyboard and mouse reach every action."""

from __future__ import annotations

import pygame
import pytest

from hearts.gui.menu import JoinScreen, MainMenu, parse_address
from hearts.gui.seat_menu import SeatMenu, TableMenu
from hearts.net.discovery import HostInfo
from tests.gui.helpers import Player, host_lobby


def colours(surface: pygame.Surface) -> int:
    """How many distinct colours a downscaled copy has: a blank screen has very few."""
    small = pygame.transform.scale(surface, (160, 100))
    return len({small.get_at((x, y))[:3] for x in range(160) for y in range(100)})


def test_main_menu_renders_and_keyboard_moves(app, drive, shots):
    drive.step(2)
    assert isinstance(app.screen, MainMenu)
    drive.shot(shots / "menu.png")
    assert colours(app.surface) > 50
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    assert app.screen.form.focused.label == "Join a game"
    drive.key(pygame.K_RETURN)
    assert isinstance(app.screen, JoinScreen)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.screen, MainMenu)
    drive.key(pygame.K_ESCAPE)              # Escape on the menu goes to Quit
    assert app.running and app.screen.form.focused.label == "Quit"
    drive.key(pygame.K_RETURN)
    assert not app.running


def test_join_screen_lists_hosts_and_checks_the_address(app, drive, shots):
    app.show(JoinScreen(app))
    screen = app.screen
    hosts = [HostInfo("Ann's host", "Ann's host", ("192.168.1.7",), 7895,
                      {"tables": "2", "seats": "3", "rules": "standard"}),
             HostInfo("Lab", "Lab", ("10.0.0.9",), 7000, {})]
    screen.on_hosts(hosts, None)
    drive.step()
    assert screen.list.rows[0].split("\t") == ["Ann's host\n192.168.1.7:7895", "–",
                                                "3 at 2 tables", "Standard", "…"]
    assert screen.list.rows[1].split("\t")[2] == "–"
    assert screen.list.value == hosts[0]
    drive.shot(shots / "join.png")
    drive.click(screen.address.rect.center)
    drive.type("bad host:99999")
    drive.key(pygame.K_RETURN)
    assert "not a host address" in screen.error or "port" in screen.error
    drive.shot(shots / "join-error.png")


@pytest.mark.parametrize("text,want", [("10.0.0.2", ("10.0.0.2", 7895)),
                                       ("alice-pc:7000", ("alice-pc", 7000)),
                                       ("[fe80::1]:7001", ("fe80::1", 7001)),
                                       ("::1", ("::1", 7895))])
def test_parse_address(text, want):
    assert parse_address(text) == want


@pytest.mark.parametrize("text", ["", "a b", "host:0", "host:http"])
def test_parse_address_refuses(text):
    with pytest.raises(ValueError):
        parse_address(text)


def test_join_by_address_reaches_the_lobby(app, drive):
    host_lobby(app, drive)           # our own host, on loopback
    port = app.session.port
    app.show(JoinScreen(app))
    drive.click(app.screen.address.rect.center)
    drive.type(f"127.0.0.1:{port}")
    drive.key(pygame.K_RETURN)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    assert app.settings.last_address == f"127.0.0.1:{port}"


def test_unreachable_host_says_so(app, drive, shots):
    from tests.ports import free_port
    port = free_port()                 # nothing listens there now
    app.link.connect("127.0.0.1", port)
    drive.until(lambda: app.dialogs, what="the error dialog")
    assert isinstance(app.screen, MainMenu)
    assert "127.0.0.1" in app.dialogs[-1].message
    drive.shot(shots / "connect-failed.png")
    drive.key(pygame.K_RETURN)
    assert not app.dialogs


def test_lobby_lists_tables_and_sits(app, drive, shots):
    host_lobby(app, drive)
    ann = Player(app, "Ann")
    try:
        ann.send("create_table", name="Ann's table", rules={"preset": "omnibus"}, seat=2)
        ann.wait_for("table")
        screen = app.screen
        drive.click_button(screen.form, "Refresh")
        drive.until(lambda: screen.list.rows, what="a row")
        assert "Ann's table" in screen.list.rows[0] and "Omnibus" in screen.list.rows[0]
        assert "Ann" in screen.list.rows[0] and "free" in screen.list.rows[0]
        drive.shot(shots / "lobby.png")
        drive.click_button(screen.form, "New table")
        drive.shot(shots / "lobby-new-table.png")
        drive.key(pygame.K_ESCAPE)
        assert not app.dialogs
        drive.click_button(screen.form, "Sit")
        drive.until(lambda: app.session.table is not None, what="a seat")
        assert app.session.seat in (0, 1, 3) and not app.session.owner
        drive.step(3)
        drive.shot(shots / "table-waiting.png")
        drive.key(pygame.K_ESCAPE)
        assert isinstance(app.dialogs[-1], TableMenu)
        labels = [b.label for b in app.dialogs[-1].items]
        assert "Start the game" not in labels            # not the owner
        assert "Rules (read-only)…" in labels
        drive.shot(shots / "table-menu-guest.png")
        drive.key(pygame.K_ESCAPE)
        # Leave, then watch the same table from the lobby.
        app.send({"type": "leave"})
        drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
        drive.click_button(app.screen.form, "Refresh")
        drive.until(lambda: app.screen.list.rows, what="the table row")
        drive.click_button(app.screen.form, "Watch")
        drive.until(lambda: app.session.table is not None, what="watching")
        assert app.session.seat is None
        drive.step(2)
        drive.shot(shots / "table-watching.png")
        # A watcher sits down from a seat's menu.
        drive.key(pygame.K_ESCAPE)
        seat_button = next(b for b in app.dialogs[-1].items if b.label.startswith("East"))
        drive.click(seat_button.rect.center)
        drive.click_button(app.dialogs[-1].form, "Sit here")
        drive.until(lambda: app.session.seat == 3, what="seat 4")
    finally:
        ann.close()


def test_new_table_from_the_lobby_with_rules(app, drive, shots):
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    dialog = app.dialogs[-1]
    dialog.preset.step(1)                 # standard -> omnibus
    assert dialog.preset.value == "omnibus"
    drive.click_button(dialog.form, "All rules…")
    rules = app.dialogs[-1]
    assert rules.draft["jack_of_diamonds"] == -10
    target = rules.fields["target"]
    drive.click(target.rect.center)
    for _ in range(4):
        drive.key(pygame.K_BACKSPACE)
    drive.type("60")
    drive.shot(shots / "rules-new-table.png")
    drive.click_button(rules.form, "OK")
    assert app.dialogs[-1] is dialog and dialog.rules["target"] == 60
    drive.click_button(dialog.form, "Create")
    drive.until(lambda: app.session.table is not None, what="the new table")
    tbl = app.session.table
    assert tbl.rules.target == 60 and tbl.rules.jack_of_diamonds == -10
    assert app.session.owner
    drive.key(pygame.K_ESCAPE)
    menu = app.dialogs[-1]
    drive.shot(shots / "table-menu-owner.png")
    drive.click_button(menu.form, "North: free")
    seat = app.dialogs[-1]
    assert isinstance(seat, SeatMenu)
    seat.level.value = "hard"
    drive.shot(shots / "seat-menu.png")
    drive.click_button(seat.form, "Set bot")
    drive.until(lambda: app.session.table.seats[2].kind == "bot", what="the bot")
    assert app.session.table.seats[2].level == "hard"


def test_cancel_while_dealing_stays_in_the_menu(app, drive):
    import time
    app.link.play_against_bots()
    assert type(app.screen).__name__ == "ConnectingScreen"
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.screen, MainMenu)
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        drive.step()
    assert isinstance(app.screen, MainMenu) and app.session.table is None and not app.dialogs


def test_only_one_menu_button_ever_looks_selected(app, drive):
    from hearts.gui import widgets as w
    menu = app.screen

    def lit():
        return [b.label for b in menu.buttons if b.focused or b.hover]
    assert lit() == ["Play against bots"]
    host = menu.form.find("Host a LAN game")
    for pos in ((5, 5), host.rect.center):     # the first says where the pointer rests
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    drive.step()
    assert lit() == ["Host a LAN game"]
    drive.key(pygame.K_TAB)                    # the keyboard moves on; the pointer stays
    assert lit() == ["Join a game"]
    assert not any(b.primary for b in menu.buttons)     # no gold "default" edge beside focus
    assert isinstance(menu.form.focused, w.Button)


def test_at_launch_the_pointer_takes_no_focus_until_it_moves(app, drive):
    """The window opens under the pointer (SDL says so with a motion): Enter still presses
    the first item, and only a real move of the pointer takes the focus."""
    menu = app.screen
    host = menu.form.find("Host a LAN game")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=host.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    drive.step()
    assert menu.form.focused.label == "Play against bots" and not host.hover
    drive.key(pygame.K_RETURN)
    drive.until(lambda: app.session.mode is not None, what="the game")
    assert app.session.mode == "bots"                  # a game against bots, no LAN host
