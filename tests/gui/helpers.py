"""Helpers for GUI tests: a second player as a real `hearts.net.client.Client` on the app's loop."""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from hearts.net.client import Client


class Player:
    """Another person at the host, driven from the test thread (runs on the app's net loop)."""

    def __init__(self, app: Any, name: str) -> None:
        self.app = app
        self.client = Client("127.0.0.1", app.session.local_port or app.session.port, name=name,
                             reconnect=False)
        self.run(self.client.connect())

    def run(self, coro: Any, timeout: float = 10.0) -> Any:
        return self.app.net.call(coro).result(timeout)

    def send(self, type_: str, **fields: Any) -> None:
        self.run(self.client.send(type_, **fields))

    def wait_for(self, match: Any, timeout: float = 10.0) -> dict[str, Any]:
        return self.run(self.client.wait_for(match, timeout), timeout + 2)

    def close(self) -> None:
        self.run(self.client.close())


def host_lobby(app: Any, drive: Any) -> None:
    """Host a game in the app (loopback only, not advertised) and wait for its lobby."""
    app.link.host_lan_game(port=0, bind="127.0.0.1", advertise=False, web_port=0)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")


def record_sends(app: Any) -> list[dict[str, Any]]:
    """Every message the app sends from now on (still sent), in order."""
    sent: list[dict[str, Any]] = []
    real_send = app.send
    app.send = lambda msg: (sent.append(msg), real_send(msg))
    return sent


def change(events: list[dict[str, Any]], kind: str) -> bool:
    return any(c.get("type") == kind for c in events)


def own_table_with_bob(app: Any, drive: Any) -> "Player":
    """Host a LAN game from the menu, open a table and seat a second real player, Bob."""
    from hearts.i18n import _
    host_lobby(app, drive)
    drive.click_button(app.screen.form, _("New table"))      # (in the app's language)
    drive.click_button(app.dialogs[-1].form, _("Create"))
    drive.until(lambda: app.session.table is not None, what="our table")
    bob = Player(app, "Bob")
    bob.send("sit", table=app.session.table.id, seat=1)
    bob.wait_for("table")
    drive.until(lambda: app.session.table.seats[1].name == "Bob", what="Bob seated")
    return bob


def play_by_keys(app: Any, drive: Any, screen: Any,
                 on_my_turn: Callable[[Any], None] = lambda view: None,
                 seconds: float = 60) -> None:
    """Play the game at ``screen`` to its end with the keys a person uses (1-2-3 and Enter
    to pass, Right and Enter to play, A for a moon's choice); ``on_my_turn(view)`` runs
    before each of our plays (screenshots, a hint...)."""
    end = time.monotonic() + seconds
    while app.session.table is None or app.session.table.state != "over":
        assert time.monotonic() < end, (
            f"the game did not finish: {screen.model.view and screen.model.view.phase}, "
            f"{app.session.table and app.session.table.state}, {screen.model.selected}, "
            f"{screen.model.view and screen.model.view.passed}, {app.dialogs}, "
            f"{type(app.screen).__name__}, {screen.model.show_scores}")
        drive.step()
        v = screen.model.view
        if v is None:
            continue
        if v.phase == "pass" and v.passed is None:
            if not screen.model.selected:
                for k in (pygame.K_1, pygame.K_2, pygame.K_3)[: v.rules.pass_count]:
                    drive.key(k)
            drive.key(pygame.K_RETURN)        # again, should keys be resting a moment
        elif v.phase == "play" and v.my_turn:
            on_my_turn(v)
            drive.key(pygame.K_RIGHT)
            drive.key(pygame.K_RETURN)
            drive.until(lambda: screen.model.view is not v, 5, "the host's answer")
        elif v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            drive.key(pygame.K_a)


def play_until(app: Any, drive: Any, done: Callable[[], object], limit: float = 60) -> None:
    """The app's player passes and plays (its first cards, its first legal card, a moon
    added to the others) through ``app.send``, frame by frame, until ``done()``."""
    from hearts.gui.table import TableScreen
    end = time.monotonic() + limit
    acted = None
    while not done():
        screen = app.screen
        v = screen.model.view if isinstance(screen, TableScreen) else None
        assert time.monotonic() < end, ("the game did not get there", v, app.dialogs)
        drive.step()
        if v is None or v is acted:
            continue
        if v.phase == "pass" and not v.has_passed[v.seat] and v.pass_direction != "hold":
            app.send({"type": "pass", "cards": [str(c) for c in v.hand[:v.rules.pass_count]]})
            acted = v
        elif v.phase == "play" and v.my_turn:
            app.send({"type": "play", "card": str(v.legal[0])})
            acted = v
        elif v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            app.send({"type": "moon", "choice": "add"})
            acted = v
