"""Text with what the game's DejaVu faces have no glyph for: an emoji in a name ("🃏 Zoë",
a family joined by zero-width joiners) is drawn by the first font on this computer that
has it, the colour emoji font first, so that it shows as a picture, not a box.

`Font` is a `pygame.font.Font` whose ``size`` and ``render`` do this, so every measure and
every line drawn agree. The fallback fonts are the system's (Debian: fonts-noto-color-emoji
and fonts-symbola, which scripts/_system installs); where none is found a missing glyph
shows as the face's box, as before. A colour emoji font has bitmaps of one size only
(Noto's: 109 px): each emoji is drawn at that size and scaled to the line."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import regex

from hearts.net.names import graphemes

# where systems keep a colour emoji font, and a font of symbols in outline
COLOUR_FONTS = (
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",            # Debian, Ubuntu
    "/usr/share/fonts/noto/NotoColorEmoji.ttf",                     # Arch
    "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",        # Fedora
    "/usr/share/fonts/google-noto-color-emoji-fonts/NotoColorEmoji.ttf",
)
OUTLINE_FONTS = (
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",   # Debian (fonts-symbola)
    "/usr/share/fonts/gdouros-symbola/Symbola.ttf",                 # Fedora
)
COLOUR_SIZE = 109                  # the size of Noto Color Emoji's bitmaps
_EMOJI = regex.compile(r"\p{Emoji_Presentation}|\u200d|\ufe0f|\p{Regional_Indicator}")
_INVISIBLE = frozenset("\u200d\ufe0f\ufe0e")   # joiners and variation selectors: no glyph


@lru_cache(maxsize=4)
def first_font(paths: tuple[str, ...]) -> str | None:
    """The first of ``paths`` that is a file here."""
    return next((p for p in paths if Path(p).is_file()), None)


@lru_cache(maxsize=8)
def _coverage(path: str) -> Any:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, COLOUR_SIZE if path in COLOUR_FONTS else 16)


@lru_cache(maxsize=4096)
def has(path: str, grapheme: str) -> bool:
    """Whether the font at ``path`` has a glyph for each character of ``grapheme``."""
    try:
        metrics = _coverage(path).get_metrics(
            "".join(c for c in grapheme if c not in _INVISIBLE) or grapheme)
    except (OSError, pygame.error):
        return False
    return all(m is not None for m in metrics)


@lru_cache(maxsize=64)
def _outline(path: str, size: int) -> pygame.font.Font:
    return pygame.font.Font(path, size)


@lru_cache(maxsize=1)
def _colour(path: str) -> pygame.font.Font:
    return pygame.font.Font(path, COLOUR_SIZE)


@lru_cache(maxsize=512)
def _emoji(path: str, grapheme: str, height: int) -> pygame.Surface:
    try:
        img = _colour(path).render(grapheme, True, (255, 255, 255))
    except pygame.error:                         # nothing to draw (a joiner alone)
        return pygame.Surface((0, height), pygame.SRCALPHA)
    w = max(1, round(img.get_width() * height / max(1, img.get_height())))
    return pygame.transform.smoothscale(img.convert_alpha() if pygame.display.get_surface()
                                        else img, (w, height))


class Font(pygame.font.Font):
    """A face (a DejaVu file) that draws what it lacks with the fallback fonts."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self.path = path
        self.px = size

    def runs(self, text: str) -> list[tuple[str, str | None]]:
        """``text`` in pieces, each with the font that draws it (None: this face)."""
        if text.isascii() or (_EMOJI.search(text) is None
                              and all(has(self.path, c) for c in text)):
            return [(text, None)]
        colour, outline = first_font(COLOUR_FONTS), first_font(OUTLINE_FONTS)
        out: list[tuple[str, str | None]] = []
        for g in graphemes(text):
            which: str | None = None
            if all(c in _INVISIBLE for c in g):
                pass                                 # a joiner alone (a field's text cut)
            elif colour and _EMOJI.search(g) is not None and has(colour, g):
                which = colour                       # an emoji: in colour where it can be
            elif not (g.isascii() or has(self.path, g)):
                which = next((p for p in (outline, colour) if p and has(p, g)), None)
            if out and out[-1][1] == which and which != colour:
                out[-1] = (out[-1][0] + g, which)
            else:
                out.append((g, which))
        return out

    def _piece(self, piece: str, which: str | None, antialias: bool,
               color: Any) -> pygame.Surface:
        if which is None:
            return super().render(piece, antialias, color)
        if which in COLOUR_FONTS:
            return _emoji(which, piece, self.get_height())
        return _outline(which, self.px).render(piece, antialias, color)

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][1] is None:
            return super().size(text)
        w = 0
        for piece, which in runs:
            if which is None:
                w += super().size(piece)[0]
            elif which in COLOUR_FONTS:
                w += _emoji(which, piece, self.get_height()).get_width()
            else:
                w += _outline(which, self.px).size(piece)[0]
        return w, self.get_height()

    def render(self, text: str | bytes | None, antialias: bool, color: Any,  # type: ignore[override]
               background: Any = None) -> pygame.Surface:
        if not isinstance(text, str):
            return super().render(text, antialias, color, background)
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][1] is None:
            return super().render(text, antialias, color, background)
        imgs = [self._piece(piece, which, antialias, color) for piece, which in runs]
        h = self.get_height()
        out = pygame.Surface((sum(i.get_width() for i in imgs), h), pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        for img in imgs:
            out.blit(img, (x, (h - img.get_height()) // 2))
            x += img.get_width()
        return out


__all__ = ["COLOUR_FONTS", "Font", "OUTLINE_FONTS", "first_font", "has"]
