"""What the table screen puts on the window, for table tests: every line of text drawn
(through `table_draw.text`), every line cut short (`table_draw.fit`, or a wrapped text
drawn only in part), and where the text lands on the window, so tests assert what the
player sees."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pygame

from hearts.gui import table_draw
from tests.gui.clipcheck import wrapping


class Seen:
    def __init__(self) -> None:
        self.texts: dict[int, tuple[str, int]] = {}          # id(surface) -> (text, size)
        self.lines: list[tuple[str, int]] = []               # every line rendered, with its size
        self.cut: list[tuple[str, int]] = []                 # lines cut short
        self.on_window: list[tuple[str, pygame.Rect]] = []   # lines blitted onto the window

    def has(self, part: str) -> bool:
        return any(part in s for s, _ in self.lines)


class Window(pygame.Surface):
    """A window-sized surface that notes where text lands."""

    def __init__(self, size: tuple[int, int], seen: Seen) -> None:
        super().__init__(size)
        self.seen = seen

    def blit(self, source: pygame.Surface, dest: Any, *a: Any, **k: Any) -> pygame.Rect:  # type: ignore[override]
        r = super().blit(source, dest, *a, **k)
        hit = self.seen.texts.get(id(source))
        if hit is not None:
            pos = dest.topleft if isinstance(dest, pygame.Rect) else dest
            self.seen.on_window.append((hit[0], pygame.Rect((round(pos[0]), round(pos[1])),
                                                            source.get_size())))
        return r


@contextmanager
def watching(monkeypatch: Any) -> Iterator[Seen]:
    seen = Seen()
    real_text, real_fit = table_draw.text, table_draw.fit

    def text(s: str, size: int, *a: Any, **k: Any) -> pygame.Surface:
        img = real_text(s, size, *a, **k)
        used = max(table_draw.MIN_TEXT, size)
        seen.lines.append((s, used))
        seen.texts[id(img)] = (s, used)
        return img

    def fit(s: str, size: int, width: int, face: str = "sans") -> str:
        out = real_fit(s, size, width, face)
        if out != s:
            seen.cut.append((s, width))
        return out
    monkeypatch.setattr(table_draw, "text", text)
    monkeypatch.setattr(table_draw, "fit", fit)
    with wrapping(monkeypatch) as wraps:
        yield seen
    seen.cut += wraps.unfinished()
    monkeypatch.setattr(table_draw, "text", real_text)
    monkeypatch.setattr(table_draw, "fit", real_fit)


def look(screen: Any, monkeypatch: Any, size: tuple[int, int] | None = None) -> Seen:
    """Draw ``screen`` once onto a recording window; what it showed."""
    with watching(monkeypatch) as seen:
        screen.draw(Window(size or screen.size, seen))
    return seen


def problems(seen: Seen, size: tuple[int, int]) -> list[str]:
    """Text cut, under 12 px, or off the window (empty when all of it reads)."""
    window = pygame.Rect((0, 0), size)
    out = [f"cut: {s!r} in {w} px" for s, w in seen.cut]
    out += [f"small: {s!r} {n} px" for s, n in seen.lines if n < 12 and s.strip()]
    out += [f"off the window: {s!r} {r}" for s, r in seen.on_window if not window.contains(r)]
    return out
