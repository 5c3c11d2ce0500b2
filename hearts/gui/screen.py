"""The screen interface every part of the client implements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from hearts.net.mirror import Folded

    from .shell import Shell
    from .widgets import Form


class Screen:
    """One screen of the client (menu, lobby, table...). The app calls, each frame:
    ``handle_event`` for each pygame event, ``update(dt)`` with seconds since the last
    frame, and ``draw(surface)``; ``on_message`` for each message from the host, then
    ``on_folded`` with the steps the session's mirror folded from it (a ``table`` or an
    ``update``: each change with the table facts after it).
    A screen sends intents with ``self.app.send(message_dict)``.
    """

    is_table = False        # the table screen (the app returns to it after a dialog or lobby)

    def __init__(self, app: "Shell") -> None:
        self.app = app
        self.form: Form | None = None   # the keyboard focus of the screen's widgets, if any

    def on_hide(self) -> None:
        """The app switches to another screen."""

    def on_hosts(self, hosts: list[Any], error: str | None) -> None:
        """The LAN hosts found so far (only the join screen shows them)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def on_message(self, message: dict[str, Any]) -> None:
        pass

    def on_folded(self, steps: list[Folded]) -> None:
        """What the session's mirror folded from the message just given to `on_message`."""

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; lay out again."""

    @property
    def changing(self) -> bool:
        """True while something shown changes with the time alone (a turn clock, a notice
        that goes by itself): the app redraws on its idle wake-ups (once a second)."""
        return False

    @property
    def animating(self) -> bool:
        """True while something moves, so the app keeps drawing at full frame rate;
        when False the app may sleep until the next event (idle CPU)."""
        return False
