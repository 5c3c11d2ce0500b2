"""Text sizes on the table: the smallest, a line's height, a button's width."""

from __future__ import annotations

from . import theme

MIN_TEXT = 12                      # pixels: no text smaller, however small the window


def button_width(label: str, height: int) -> int:
    """The width a button of ``height`` needs to show ``label`` whole."""
    size = max(MIN_TEXT, int(height * 0.42))
    return theme.font(size, "bold").size(label)[0] + 16 + height // 2


def line_height(size: int, u: float, face: str = "sans") -> int:
    """The line height of text of ``size`` at scale ``u`` (never under the minimum)."""
    return theme.font(max(MIN_TEXT, round(size * u)), face).get_linesize()


__all__ = ["MIN_TEXT", "button_width", "line_height"]
