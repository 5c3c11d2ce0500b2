"""Measure the text a screen or dialog draws against its box: nothing cut with an
ellipsis, no wrapped text of which only its first lines are drawn, no line under the
minimum size, no line outside the panel that holds it."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pygame

from hearts.gui import table_draw
from hearts.gui import widgets as w
from hearts.gui.dialog import Dialog


class Wrapped:
    """Every text broken into lines (`widgets.wrap`, under `table_draw.wrap` too) and every
    string drawn (`widgets.text`, `table_draw.text`) while `wrapping` watches."""

    def __init__(self) -> None:
        self.wrapped: list[tuple[str, int, list[str]]] = []     # (text, width, its lines)
        self.drawn: list[str] = []

    def unfinished(self) -> list[tuple[str, int]]:
        """The wrapped texts whose lines are drawn only in part: from the first line drawn
        on, every line must be (a log scrolled up may leave out only the first ones).
        Lines drawn in pieces (a name in bold, the rest after it) count as drawn."""
        blob = "\n".join(self.drawn) + "\n" + "".join(self.drawn)
        out = []
        for s, width, lines in self.wrapped:
            shown = [line in blob for line in lines if line.strip()]
            if True in shown and not all(shown[shown.index(True):]):
                out.append((s, width))
        return out


@contextmanager
def wrapping(monkeypatch: Any) -> Iterator[Wrapped]:
    """Note every text wrapped and every string drawn, for `Wrapped.unfinished`."""
    rec = Wrapped()
    saved = w.wrap, w.text, table_draw.wrap, table_draw.text
    real_wrap, real_text, _cached_wrap, real_table_text = saved

    def wrap(s: str, f: pygame.font.Font, width: int) -> list[str]:
        lines = real_wrap(s, f, width)
        rec.wrapped.append((s, width, list(lines)))
        return lines

    def text(surface: pygame.Surface, s: str, *a: Any, **k: Any) -> pygame.Rect:
        rec.drawn.append(s)
        return real_text(surface, s, *a, **k)

    def table_text(s: str, *a: Any, **k: Any) -> pygame.Surface:
        rec.drawn.append(s)
        return real_table_text(s, *a, **k)
    monkeypatch.setattr(w, "wrap", wrap)
    monkeypatch.setattr(w, "text", text)
    # the table's wrap remembers its lines: uncached, each call is seen
    monkeypatch.setattr(table_draw, "wrap", table_draw.wrap.__wrapped__)
    monkeypatch.setattr(table_draw, "text", table_text)
    yield rec
    for owner, name, value in zip((w, w, table_draw, table_draw), ("wrap", "text", "wrap", "text"),
                                  saved):
        monkeypatch.setattr(owner, name, value)


class TextRecord:
    def __init__(self) -> None:
        self.drawn: list[tuple[str, pygame.Rect, int]] = []
        self.cut: list[tuple[str, int]] = []


@contextmanager
def recording(monkeypatch: Any) -> Iterator[TextRecord]:
    """Record every `widgets.text` line drawn and every text cut: a `widgets.fit` that had
    to cut, a wrapped text drawn only in part (`Wrapped.unfinished`)."""
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
    with wrapping(monkeypatch) as wraps:
        yield rec
    rec.cut += wraps.unfinished()
    monkeypatch.setattr(w, "text", real_text)
    monkeypatch.setattr(w, "fit", real_fit)


def lay_out(part: Any, size: tuple[int, int]) -> None:
    """Lay ``part`` (a screen or a dialog) out again for a window of ``size``, as the app
    does when the window changes size: text it wraps there is watched too."""
    if isinstance(part, Dialog):
        part.layout(size)
    else:
        part.resize(size)


def problems(app: Any, monkeypatch: Any) -> list[str]:
    """Lay out and draw the app's screen and each open dialog; what is wrong with their
    text (empty when all is readable): cut, too small, off the window, or outside its
    dialog."""
    window = pygame.Rect((0, 0), app.size)
    surface = app.surface
    out: list[str] = []
    parts: list[tuple[Any, pygame.Rect]] = [(app.screen, window)]
    parts += [(d, d.rect) for d in app.dialogs]
    for part, box in parts:
        with recording(monkeypatch) as rec:
            lay_out(part, app.size)
            part.draw(surface)
        if part is not app.screen:
            box = part.rect
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
