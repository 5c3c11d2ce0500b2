"""What the screens, dialogs and the app's parts may use of the app (`Shell`), and of its
link, commands and console: protocols, so that no module below `app` imports it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

if TYPE_CHECKING:
    from .chat_line import Line
    from .connection import Connection
    from .dialog import Dialog, MessageDialog
    from .preferences import Settings
    from .saved_game import SavedGame
    from .screen import Screen
    from .session import Session
    from .widgets import Colour


class LinkFace(Protocol):
    """The app's link to a host (`link.Link`), as screens use it."""

    message_hooks: list[Callable[[dict[str, Any]], None]]
    local_addresses: list[str]
    local_web: list[str]

    def connect(self, address: str, port: int, mode: str = "join",
                token: str | None = None, remember: str | None = None) -> None: ...

    def disconnect(self) -> None: ...

    def play_against_bots(self, rules: dict[str, Any] | None = None, seed: int | None = None,
                          demo: bool = False, resume: SavedGame | None = None) -> None: ...

    def host_lan_game(self, port: int = 7895, bind: str = "0.0.0.0",
                      advertise: bool = True, web_port: int = 7896) -> None: ...

    def retry_connection(self) -> None: ...

    def at_table(self) -> bool: ...


class CommandsFace(Protocol):
    """The app's commands (`commands.AppCommands`) a screen's button asks for."""

    def show_rules(self) -> None: ...

    def leave_table(self) -> None: ...


class ConsoleFace(Protocol):
    """The chat console (`console.Console`), as the link, the keys and the screens use it."""

    lobby: list[Line]

    @staticmethod
    def wants_toggle(event: pygame.event.Event) -> bool: ...

    def toggle(self, key_text: str | None = None) -> None: ...

    def open(self) -> None: ...

    def clear(self) -> None: ...

    def add(self, text: str, colour: Colour = ..., name: str = "", name_colour: Colour = ...,
            said: bool = False) -> None: ...

    def rules_changed(self, lines: list[str]) -> None: ...

    def on_message(self, msg: dict[str, Any]) -> None: ...


class Shell(Protocol):
    """The app (`app.App`) as everything it holds sees it: the window's size and scale,
    the settings, the host (``link``, ``net``, ``session``, `send`), the screen and the
    dialogs shown, notices, and quitting."""

    settings: Settings
    dialogs: list[Dialog]
    banner: str
    save_games: bool
    discover: bool
    discovery_interfaces: list[str] | None
    hands_scored: int
    exit_after_hands: int | None

    @property
    def link(self) -> LinkFace: ...

    @property
    def commands(self) -> CommandsFace: ...

    @property
    def console(self) -> ConsoleFace: ...

    @property
    def net(self) -> Connection: ...

    @property
    def session(self) -> Session: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    def draw_background(self, surface: pygame.Surface) -> None: ...

    def show(self, screen: Screen) -> None: ...

    def main_menu(self) -> Screen: ...

    def open_dialog(self, dialog: Dialog) -> None: ...

    def close_dialog(self, dialog: Dialog) -> None: ...

    def message(self, title: str, text: str,
                buttons: dict[str, Callable[[], Any] | None] | None = None,
                default: str | None = None) -> MessageDialog: ...

    def redraw(self) -> None: ...

    def notify(self, text: str, seconds: float = 4.0) -> None: ...

    def apply_settings(self, new: Settings) -> None: ...

    def save_settings(self) -> None: ...

    def send(self, message: dict[str, Any]) -> None: ...

    def exit_soon(self, seconds: float = 0.4) -> None: ...

    def quit(self) -> None: ...

    def quiet_keys(self, seconds: float = 0.6) -> None: ...

    def when_painted(self, fn: Callable[[], Any]) -> None: ...


__all__ = ["CommandsFace", "ConsoleFace", "LinkFace", "Shell"]
