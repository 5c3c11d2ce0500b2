"""WCAG contrast of the text the desktop draws, measured on the frame itself: the window
is drawn twice, once as it is and once with every font rendering nothing; a pixel where
the text's own colour shows at full strength is compared with the pixel beneath it in
the frame without text. WCAG AA wants 4.5:1 (3:1 for large text: 24 px, or 19 px bold)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import numpy as np
import pygame

from hearts.gui import theme
from hearts.gui import widgets as w

AA, AA_LARGE = 4.5, 3.0


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (the last axis: R, G, B in 0..255)."""
    c = rgb.astype(float) / 255.0
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * c[..., 0] + 0.7152 * c[..., 1] + 0.0722 * c[..., 2]


def ratio(a: Any, b: Any) -> Any:
    la, lb = luminance(np.asarray(a)), luminance(np.asarray(b))
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


class _Font:
    """A font that renders as usual (noting each colour and how large), or nothing."""

    def __init__(self, real: pygame.font.Font, size: int, bold: bool, rec: "Record") -> None:
        self._real, self._size, self._bold, self._rec = real, size, bold, rec

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def render(self, s: str, antialias: bool, colour: Any, *a: Any) -> pygame.Surface:
        img = self._real.render(s, antialias, colour, *a)
        if self._rec.blank:
            return pygame.Surface(img.get_size(), pygame.SRCALPHA)
        if s.strip() and not a:                          # text on no background of its own
            large = self._size >= 24 or self._bold and self._size >= 19
            key = tuple(pygame.Color(colour))[:3]
            self._rec.colours[key] = self._rec.colours.get(key, True) and large
            self._rec.words.setdefault(key, s)
        return img


class Record:
    def __init__(self) -> None:
        self.blank = False
        self.colours: dict[tuple[int, int, int], bool] = {}     # colour -> only large text
        self.words: dict[tuple[int, int, int], str] = {}        # colour -> a text in it


@contextmanager
def fonts(monkeypatch: Any) -> Iterator[Record]:
    rec = Record()
    real_w, real_t = w.font, theme.font

    def wfont(size: int, bold: bool = False, mono: bool = False) -> Any:
        return _Font(real_w(size, bold, mono), max(w.MIN_TEXT, int(size)), bold, rec)

    def tfont(size: int, face: str = "sans") -> Any:
        return _Font(real_t(size, face), max(6, int(size)), face in ("bold", "serif"), rec)
    monkeypatch.setattr(w, "font", wfont)
    monkeypatch.setattr(theme, "font", tfont)
    yield rec
    monkeypatch.setattr(w, "font", real_w)
    monkeypatch.setattr(theme, "font", real_t)


def low_contrast(app: Any, monkeypatch: Any) -> list[str]:
    """Each text colour of the frame whose full-strength pixels read under AA against what
    lies beneath them (a few stray pixels, 2 %, are let pass: a glyph over a card's edge)."""
    def frame() -> np.ndarray:
        screen = app.screen
        for cache in (getattr(screen, "cache", None), getattr(screen, "tilted_cache", None)):
            if isinstance(cache, dict):
                cache.clear()
        app.draw()
        return pygame.surfarray.array3d(app.surface).copy()
    with fonts(monkeypatch) as rec:
        shown = frame()
        rec.blank = True
        bare = frame()
    out = []
    for colour, large in rec.colours.items():
        mask = np.all(shown == np.array(colour), axis=-1) & np.any(shown != bare, axis=-1)
        if mask.sum() < 12:
            continue
        r = ratio(shown[mask], bare[mask])
        need = AA_LARGE if large else AA
        bad = r < need
        if bad.mean() > 0.02:
            worst = bare[mask][np.argmin(r)]
            out.append(f"{colour} ({rec.words[colour]!r}): {bad.mean():.0%} under {need}:1, "
                       f"worst {r.min():.2f}:1 on {tuple(int(x) for x in worst)}")
    return out
