"""QR codes of the browser client's address: for the terminal and for the pygame screen.

`terminal_qr` gives the text `hearts host` prints: Unicode upper half blocks, two modules
a character, each half coloured explicitly (black or bright white, foreground and
background), so the code reads dark on light on a light terminal and on a dark one alike,
inside the 4-module light quiet zone a phone's camera needs. Without colour (``NO_COLOR``)
it is drawn in the terminal's own colours for a dark terminal. `qr_surface` gives a pygame
surface the GUI's host screen shows. Both come from segno.
"""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING

import segno

if TYPE_CHECKING:
    import pygame

QUIET_ZONE = 4           # light modules around the code (ISO/IEC 18004)
MIN_MODULE = 2           # pixels a module takes on screen, at least
# SGR colours: foreground (the upper module) and background (the lower one)
_FG = {True: "30", False: "97"}                  # dark module: black; light: bright white
_BG = {True: "40", False: "107", None: "49"}      # None: below the last row (the terminal's)
_RESET = "\x1b[0m"


def _code(text: str) -> segno.QRCode:
    return segno.make(text, micro=False, error="m")


def colour_wanted(environ: "os._Environ[str] | dict[str, str]" = os.environ) -> bool:
    """Whether to print in colour (not when ``NO_COLOR`` is set or the terminal is dumb)."""
    return not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"


def terminal_qr(text: str, colour: bool = True) -> str:
    """``text`` as a QR code in block characters, two modules a line (see the module)."""
    code = _code(text)
    if not colour:
        out = io.StringIO()
        code.terminal(out=out, compact=True, border=QUIET_ZONE)
        return out.getvalue().rstrip("\n")
    rows = [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    lines = []
    for y in range(0, len(rows), 2):
        below = rows[y + 1] if y + 1 < len(rows) else [None] * len(rows[y])
        parts, last = [], ""
        for top, bottom in zip(rows[y], below):
            sgr = f"\x1b[{_FG[top]};{_BG[bottom]}m"
            if sgr != last:
                parts.append(sgr)
                last = sgr
            parts.append("\u2580")
        lines.append("".join(parts) + _RESET)
    return "\n".join(lines)


def qr_surface(text: str, size: int) -> "pygame.Surface":
    """``text`` as a QR code about ``size`` pixels square: dark modules on white, inside
    the 4-module quiet zone a phone's camera needs; a module is at least 2 pixels (the
    image may then be larger than ``size``). Error correction as high as fits the smallest
    code (a screen shows it crisp: no need to grow it for more)."""
    import pygame
    code = segno.make(text, micro=False, error="l", boost_error=True)
    modules = code.symbol_size(scale=1, border=QUIET_ZONE)[0]
    scale = max(MIN_MODULE, size // modules)     # whole pixels a module
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(code.matrix_iter(scale=1, border=QUIET_ZONE)):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * scale, y * scale, scale, scale))
    return surface


_cache: dict[tuple[str, int], "pygame.Surface"] = {}


def draw_qr(surface: "pygame.Surface", text: str, topright: tuple[int, int],
            size: int) -> "pygame.Rect":
    """Draw ``text``'s QR code with its top-right corner at ``topright`` (made once per
    size); returns where it went."""
    key = (text, size)
    if key not in _cache:
        _cache.clear()
        _cache[key] = qr_surface(text, size)
    image = _cache[key]
    return surface.blit(image, image.get_rect(topright=topright))


__all__ = ["QUIET_ZONE", "colour_wanted", "draw_qr", "qr_surface", "terminal_qr"]
