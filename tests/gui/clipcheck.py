"""Measure the text a screen or dialog draws against its box: nothing cut with an
ellipsis, no line under the minimum size, no line outside the panel that holds it."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pygame

from hearts.gui import widgets as w


class TextRecord:
    def __init__(self) -> None:
        self.drawn: list[tuple[str, pygame.Rect, int]] = []
        self.cut: list[tuple[str, int]] = []


@contextmanager
def recording(monkeypatch: Any) -> Iterator[TextRecord]:
    """Record every `widgets.text` line drawn and every `widgets.fit` that had to cut."""
    rec = TextRecord()
    real_text, real_fit = w.text, w.fit

    def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int, *a: Any,
             **k: Any) -> pygame.Rect:
        r = real_text(surface, s, pos, size, *a, **k)
        rec.drawn.append((s, r, w.font(size).get_height()))
        return r

    def fit(s: str, f: pygame.font.Font, width: int) -> str:
        out = real_fit(s, f, width)
        if out != s:
            rec.cut.append((s, width))
        return out
    monkeypatch.setattr(w, "text", text)
    monkeypatch.setattr(w, "fit", fit)
    yield rec
    monkeypatch.setattr(w, "text", real_text)
    monkeypatch.setattr(w, "fit", real_fit)


def problems(app: Any, monkeypatch: Any) -> list[str]:
    """Draw the app's screen and each open dialog; what is wrong with their text (empty
    when all is readable): cut, too small, off the window, or outside its dialog."""
    window = pygame.Rect((0, 0), app.size)
    surface = app.surface
    out: list[str] = []
    parts: list[tuple[Any, pygame.Rect]] = [(app.screen, window)]
    parts += [(d, d.rect) for d in app.dialogs]
    for part, box in parts:
        with recording(monkeypatch) as rec:
            part.draw(surface)
        name = type(part).__name__
        out += [f"{name} cut: {s!r} in {width} px" for s, width in rec.cut]
        for s, r, height in rec.drawn:
            if not s.strip():
                continue
            if height < w.MIN_TEXT:
                out.append(f"{name} small: {s!r} {height} px")
            if not window.contains(r):
                out.append(f"{name} off the window: {s!r} {r}")
            elif not box.contains(r):
                out.append(f"{name} outside its box: {s!r} {r} not in {box}")
    return out
