"""One line of the chat console's log, and the colours a line has unless told."""

from __future__ import annotations

import time

from .widgets import Colour

CHAT = (236, 236, 228)
HUMAN = (255, 128, 112)      # people's names in red, as the Mac Hearts of seed 003


class Line:
    """One line of the log; ``said`` marks words someone said (chat, lobby, the host's
    operator), which alone peek over a closed console and count as unread: the table
    shows hands, moons and seats its own way."""

    __slots__ = ("name", "text", "colour", "name_colour", "at", "said")

    def __init__(self, text: str, colour: Colour = CHAT, name: str = "", name_colour: Colour = HUMAN,
                 said: bool = False) -> None:
        self.text, self.colour, self.name, self.name_colour = text, colour, name, name_colour
        self.said = said
        self.at = time.monotonic()


__all__ = ["CHAT", "HUMAN", "Line"]
