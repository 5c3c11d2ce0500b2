"""The QR code `hearts host` prints scans on a light terminal and on a dark one: the text is
drawn as a terminal would draw it (each character cell, its colours, the theme's own
colours where none is set, the theme's background all around) and read back by a real
decoder (zxing-cpp) that, like many phone cameras, does not try the code inverted."""

from __future__ import annotations

import re

import numpy as np
import pytest
import segno
import zxingcpp

from hearts.gui.qr import QUIET_ZONE, colour_wanted, terminal_qr

URL = "http://192.168.1.20:7896/"
# a theme: default foreground and background, then SGR black and bright white (grey levels)
LIGHT = {"fg": 40, "bg": 250, "black": 0, "white": 255}
DARK = {"fg": 210, "bg": 28, "black": 12, "white": 240}
SGR = {"30": ("fg", "black"), "97": ("fg", "white"), "39": ("fg", None),
       "40": ("bg", "black"), "107": ("bg", "white"), "49": ("bg", None)}
CELL_W, CELL_H = 4, 8              # pixels of one character cell (a module is 4x4)
TOKEN = re.compile(r"\x1b\[([0-9;]*)m|(.)")


def cells(text: str, theme: dict[str, int]) -> list[list[tuple[int, int]]]:
    """Each character cell as (upper half, lower half) grey levels, as a terminal shows it."""
    out = []
    for line in text.splitlines():
        state: dict[str, str | None] = {"fg": None, "bg": None}
        row = []
        for m in TOKEN.finditer(line):
            if m.group(1) is not None:
                for code in m.group(1).split(";"):
                    if code in ("", "0"):
                        state = {"fg": None, "bg": None}
                    else:
                        key, colour = SGR[code]
                        state[key] = colour
                continue
            fg = theme[state["fg"] or "fg"]
            bg = theme[state["bg"] or "bg"]
            row.append({"\u2580": (fg, bg), "\u2584": (bg, fg), "\u2588": (fg, fg),
                        " ": (bg, bg)}[m.group(2)])
        out.append(row)
    return out


def render(text: str, theme: dict[str, int], margin: int = 6) -> np.ndarray:
    """The terminal's pixels: the code with ``margin`` cells of the theme's background."""
    grid = cells(text, theme)
    width = max(len(r) for r in grid)
    img = np.full(((len(grid) + 2 * margin) * CELL_H, (width + 2 * margin) * CELL_W),
                  theme["bg"], dtype=np.uint8)
    for y, row in enumerate(grid):
        for x, (upper, lower) in enumerate(row):
            top, left = (y + margin) * CELL_H, (x + margin) * CELL_W
            img[top:top + CELL_H // 2, left:left + CELL_W] = upper
            img[top + CELL_H // 2:top + CELL_H, left:left + CELL_W] = lower
    return img


def decode(img: np.ndarray) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(img, try_invert=False)]


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_the_printed_code_scans_on_light_and_dark_terminals(theme: dict[str, int]) -> None:
    assert decode(render(terminal_qr(URL), theme)) == [URL]


def test_the_code_has_a_light_quiet_zone_of_four_modules_in_either_theme() -> None:
    symbol = segno.make(URL, micro=False, error="m")
    want = [[bool(m) for m in row] for row in symbol.matrix_iter(scale=1, border=QUIET_ZONE)]
    for theme in (LIGHT, DARK):
        grid = cells(terminal_qr(URL), theme)
        modules = [[c[half] for c in row] for row in grid for half in (0, 1)][:len(want)]
        dark = theme["black"]
        assert [[v == dark for v in row] for row in modules] == want
        ring = [v for y, row in enumerate(modules) for x, v in enumerate(row)
                if min(x, y, len(row) - 1 - x, len(modules) - 1 - y) < QUIET_ZONE]
        assert set(ring) == {theme["white"]}       # drawn light, not left to the theme


def test_without_colour_the_code_still_scans_on_a_dark_terminal() -> None:
    plain = terminal_qr(URL, colour=False)
    assert "\x1b" not in plain
    assert decode(render(plain, DARK)) == [URL]
    assert colour_wanted({"TERM": "xterm-256color"})
    assert not colour_wanted({"TERM": "xterm", "NO_COLOR": "1"})
    assert not colour_wanted({"TERM": "dumb"})
