"""Full-window sheets over the current screen: the leaderboard, the finished games and a
replay. A sheet is a modal `Dialog` covering the window, so the screen under it (the
menu, a host's lobby, the table) keeps running and is there again when it closes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from hearts.i18n import _, error_words

from . import widgets as w
from .dialog import Dialog

if TYPE_CHECKING:
    from .shell import Shell
    from .archive import Archive


class Sheet(Dialog):
    """A dialog that fills the window: a title, a line under it, and ``self.panel`` (the
    room for the content). Subclasses lay out in `layout_content`."""

    subtitle = ""

    def __init__(self, app: "Shell", archive: "Archive | None" = None) -> None:
        super().__init__(app)
        self.archive = archive
        self.panel = pygame.Rect(0, 0, 10, 10)

    def close(self) -> None:
        """Close; the last sheet open lets the archive go (nothing more is awaited)."""
        super().close()
        if self.archive is not None and not any(isinstance(d, Sheet) for d in self.app.dialogs):
            self.archive.close()

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        margin = int(16 * s) if size[0] > 900 else 8
        self.rect = pygame.Rect(0, 0, size[0], size[1])
        self.panel = pygame.Rect(margin, margin, size[0] - 2 * margin, size[1] - 2 * margin)
        self.layout_content(size)

    def layout_content(self, size: tuple[int, int]) -> None:
        pass

    def head_height(self) -> int:
        """The title and the line under it."""
        s = self.app.scale
        return int(58 * s) + max(w.font(max(w.MIN_TEXT, int(17 * s))).get_linesize(),
                                 int(24 * s))

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        w.panel(surface, self.panel, alpha=240)
        s = self.app.scale
        room = self.panel.width - int(30 * s)
        size = w.fitting_size(self.title, int(30 * s), room, bold=True)
        w.text(surface, w.fit(self.title, w.font(size, True), room),
               (self.panel.centerx, self.panel.top + int(12 * s)), size, w.ACCENT, bold=True,
               anchor="midtop")
        if self.subtitle:
            f = w.font(max(w.MIN_TEXT, int(17 * s)))
            w.text(surface, w.fit(self.subtitle, f, room),
                   (self.panel.centerx, self.panel.top + int(52 * s)),
                   max(w.MIN_TEXT, int(17 * s)), w.DIM, anchor="midtop")
        self.draw_content(surface)
        self.form.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass


def button_row(buttons: Sequence[w.Widget], area: pygame.Rect, height: int, gap: int,
               widest: int) -> None:
    """Lay ``buttons`` (or any widgets) out in one row, centred in ``area`` (its bottom), as wide as they
    may be up to ``widest``."""
    shown = [b for b in buttons if b.visible]
    if not shown:
        return
    widths = w.row_widths(shown, area.width - gap * (len(shown) - 1), widest)
    x = area.centerx - (sum(widths) + (len(shown) - 1) * gap) // 2
    for b, bw in zip(shown, widths):
        b.rect = pygame.Rect(x, area.bottom - height, bw, height)
        x += bw + gap


def download_dir() -> Path:
    """The desktop's download folder: XDG_DOWNLOAD_DIR of ``user-dirs.dirs`` (in
    $XDG_CONFIG_HOME), else ~/Downloads."""
    import os
    home = Path.home()
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    try:
        lines = (config / "user-dirs.dirs").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeError):
        lines = []
    for line in lines:
        key, sep, value = line.strip().partition("=")
        if key == "XDG_DOWNLOAD_DIR" and sep:
            value = value.strip().strip('"').replace("$HOME", str(home))
            if value.startswith("/") and Path(value) != home:
                return Path(value)
    return home / "Downloads"


def export_game(app: "Shell", doc: dict[str, Any]) -> Path | None:
    """Write a finished game (the exported JSON of docs/history.md) to the download folder
    (`download_dir`, made if missing) and tell the player where; None when it failed."""
    import json
    folder = download_dir()
    day = str(doc.get("finished") or "")[:10] or "game"
    path = folder / f"hearts-game-{doc.get('id')}-{day}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as e:
        app.notify(_("The game was not saved: {why}.").format(why=error_words(e)))
        return None
    app.notify(_("Game saved to {path}.").format(path=path), 6)
    return path


__all__ = ["Sheet", "button_row", "download_dir", "export_game"]
