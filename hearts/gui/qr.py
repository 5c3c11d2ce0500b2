"""QR codes of the browser client's address: for the terminal and for the pygame screen.

`terminal_qr` gives the text `hearts host` prints (Unicode half blocks, light modules
drawn, for a dark terminal); `qr_surface` a pygame surface the GUI's host screen shows.
Both come from segno.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import segno

if TYPE_CHECKING:
    import pygame


def _code(text: str) -> segno.QRCode:
    return segno.make(text, micro=False, error="m")


def terminal_qr(text: str) -> str:
    """``text`` as a QR code in block characters, two modules a line."""
    out = io.StringIO()
    _code(text).terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


def qr_surface(text: str, size: int) -> "pygame.Surface":
    """``text`` as a QR code about ``size`` pixels square: dark modules on white, with the
    quiet zone a phone's camera needs."""
    import pygame
    code = _code(text)
    border = 2
    modules = code.symbol_size(scale=1, border=border)[0]
    scale = max(1, size // modules)             # whole pixels a module, at most ``size``
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(code.matrix_iter(scale=1, border=border)):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), (x * scale, y * scale, scale, scale))
    return surface





_cache: dict[tuple[str, int], "pygame.Surface"] = {}


def draw_qr(surface: "pygame.Surface", text: str, topright: tuple[int, int], size: int) -> None:
    """Draw ``text``'s QR code with its top-right corner at ``topright`` (made once per size)."""
    key = (text, size)
    if key not in _cache:
        _cache.clear()
        _cache[key] = qr_surface(text, size)
    image = _cache[key]
    surface.blit(image, image.get_rect(topright=topright))
__all__ = ["draw_qr", "qr_surface", "terminal_qr"]
