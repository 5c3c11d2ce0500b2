"""Colours, fonts and table backgrounds shared by every screen of the client.

Fonts are the DejaVu faces shipped in ``assets/fonts`` (they have the suit glyphs
♠♥♦♣ that pygame's default font lacks). Backgrounds are drawn, not loaded: a soft
radial gradient with a fine cloth grain, cached per name and size.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path

import pygame

from hearts.resources import asset

from .glyphs import Font

FONTS = asset("fonts")
SOUNDS = asset("sounds")
SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")   # fallback where they are not

Color = tuple[int, int, int]

# -- colours ------------------------------------------------------------------------
TEXT: Color = (244, 240, 228)
TEXT_DIM: Color = (190, 200, 190)
TEXT_DARK: Color = (30, 30, 34)
HUMAN_NAME: Color = (255, 128, 112)     # human players' names stand out (Mac Hearts: red)
BOT_NAME: Color = (226, 232, 240)
ACCENT: Color = (255, 204, 77)          # whose turn, selection, focus
ACCENT_SOFT: Color = (255, 226, 150)
HEART_RED: Color = (222, 38, 52)
WARN: Color = (255, 170, 60)
ERROR: Color = (255, 96, 96)
GOOD: Color = (120, 220, 140)
PANEL: tuple[int, int, int, int] = (10, 22, 16, 178)     # translucent dark panel
PANEL_EDGE: tuple[int, int, int, int] = (255, 255, 255, 40)
BUTTON: Color = (246, 232, 196)
BUTTON_HOVER: Color = (255, 244, 214)
BUTTON_TEXT: Color = (40, 34, 24)
BUTTON_DISABLED: Color = (156, 160, 150)    # with BUTTON_TEXT: 5.9:1 (WCAG AA)

# name -> (centre colour, edge colour, grain strength)
BACKGROUNDS: dict[str, tuple[Color, Color, int]] = {
    "green": ((46, 128, 78), (12, 58, 34), 10),
    "blue": ((36, 98, 140), (10, 36, 66), 10),
    "burgundy": ((132, 36, 52), (48, 10, 20), 10),
    "wood": ((150, 100, 58), (70, 40, 20), 0),
    "night": ((54, 58, 78), (14, 15, 24), 8),
}
BACKGROUND_NAMES = tuple(BACKGROUNDS)


# -- fonts --------------------------------------------------------------------------
_FONT_FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
               "serif": "DejaVuSerif-Bold.ttf", "mono": "DejaVuSansMono.ttf"}


@lru_cache(maxsize=128)
def font(size: int, face: str = "sans") -> pygame.font.Font:
    """A DejaVu font of ``size`` pixels: ``face`` is sans, bold, serif (bold serif) or mono."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(6, int(size))
    for folder in (FONTS, SYSTEM_FONTS):
        try:
            return Font(str(folder / _FONT_FILES[face]), size)
        except (FileNotFoundError, OSError):
            continue
    return pygame.font.Font(None, size)   # a broken install: still show something


def text(s: str, size: int, color: Color = TEXT, face: str = "sans") -> pygame.Surface:
    """Rendered antialiased text (not cached: cache the result where it is drawn often)."""
    return font(size, face).render(s, True, color)


def shadowed_text(s: str, size: int, color: Color = TEXT, face: str = "sans",
                  shadow: tuple[int, int, int, int] = (0, 0, 0, 150)) -> pygame.Surface:
    """Text with a soft drop shadow, readable on any background."""
    f = font(size, face)
    fg = f.render(s, True, color)
    sh = f.render(s, True, shadow[:3])
    sh.set_alpha(shadow[3])
    off = max(1, size // 14)
    out = pygame.Surface((fg.get_width() + off, fg.get_height() + off), pygame.SRCALPHA)
    out.blit(sh, (off, off))
    out.blit(fg, (0, 0))
    return out


# -- backgrounds ----------------------------------------------------------------------
def _mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=4)
def _grain(strength: int) -> pygame.Surface:
    """A 64x64 tile of fine noise, mostly transparent, to give the cloth a weave."""
    rng = random.Random(7)
    pixels = bytearray()
    for _ in range(64 * 64):            # RGBA bytes at once: many times faster than set_at
        v = rng.random()
        if v < 0.5:
            pixels += bytes((0, 0, 0, int(strength * (0.5 - v) * 2)))
        else:
            pixels += bytes((255, 255, 255, int(strength * (v - 0.5) * 1.2)))
    return pygame.image.frombuffer(bytes(pixels), (64, 64), "RGBA").copy()


def _wood(size: tuple[int, int], light: Color, dark: Color) -> pygame.Surface:
    w, h = size
    small = pygame.Surface((64, 256))
    rng = random.Random(3)
    phase = [rng.uniform(0, 6.28) for _ in range(4)]
    for y in range(256):
        for x in range(64):
            g = (math.sin(y * 0.09 + math.sin(x * 0.05 + phase[0]) * 2.2 + phase[1]) * 0.5 + 0.5)
            g = g * 0.55 + 0.45 * (math.sin(y * 0.023 + phase[2]) * 0.5 + 0.5)
            small.set_at((x, y), _mix(dark, light, 0.35 + 0.65 * g))
    big = pygame.transform.smoothscale(pygame.transform.rotate(small, 90), (w, h))
    _vignette(big)
    return big


def _vignette(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    v = pygame.Surface((32, 20), pygame.SRCALPHA)
    for y in range(20):
        for x in range(32):
            dx, dy = (x - 15.5) / 16, (y - 9.5) / 10
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            v.set_at((x, y), (0, 0, 0, int(120 * d ** 2.2)))
    surface.blit(pygame.transform.smoothscale(v, (w, h)), (0, 0))


@lru_cache(maxsize=6)
def background(name: str, size: tuple[int, int]) -> pygame.Surface:
    """The table cloth ``name`` (see `BACKGROUND_NAMES`) at ``size``, cached."""
    centre, edge, grain = BACKGROUNDS.get(name, BACKGROUNDS["green"])
    w, h = max(1, size[0]), max(1, size[1])
    if name == "wood":
        surf = _wood((w, h), centre, edge)
    else:
        small = pygame.Surface((48, 30))
        for y in range(30):
            for x in range(48):
                dx, dy = (x - 23.5) / 24, (y - 13.0) / 17
                d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                small.set_at((x, y), _mix(centre, edge, d ** 1.6))
        surf = pygame.transform.smoothscale(small, (w, h))
    if grain:
        tile = _grain(grain)
        for ty in range(0, h, 64):
            for tx in range(0, w, 64):
                surf.blit(tile, (tx, ty))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


# -- small shapes ---------------------------------------------------------------------
def panel(size: tuple[int, int], radius: int = 12, fill: tuple[int, int, int, int] = PANEL,
          edge: tuple[int, int, int, int] | None = PANEL_EDGE) -> pygame.Surface:
    """A translucent rounded panel."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(s, edge, s.get_rect(), width=1, border_radius=radius)
    return s


def soft_shadow(size: tuple[int, int], radius: int, alpha: int = 90,
                spread: int = 6) -> pygame.Surface:
    """A blurred rounded-rectangle shadow, ``spread`` pixels larger on each side."""
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    f = 4
    small = pygame.Surface((max(2, w // f), max(2, h // f)), pygame.SRCALPHA)
    inner = pygame.Rect(spread // f, spread // f, max(1, size[0] // f), max(1, size[1] // f))
    pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(1, radius // f))
    return pygame.transform.smoothscale(small, (w, h))
