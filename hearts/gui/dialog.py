"""Modal dialogs drawn over the current screen (rules, seat menu, confirmations)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.i18n import _

from . import widgets as w

if TYPE_CHECKING:
    from .shell import Shell


class Dialog:
    """A panel over a dimmed screen with a `Form`; Escape closes it.

    Subclasses fill ``self.form`` and lay out in `layout` (called on open and resize).
    """

    title = ""          # a subclass's title, marked with N_ (said when the dialog is made)

    def __init__(self, app: "Shell") -> None:
        self.app = app
        self.title = _(type(self).title) if type(self).title else ""
        self.form = w.Form(on_cancel=self.close)
        self.rect = pygame.Rect(0, 0, 400, 300)

    def open(self) -> "Dialog":
        self.app.open_dialog(self)
        return self

    def close(self) -> None:
        self.app.close_dialog(self)

    def layout(self, size: tuple[int, int]) -> None:
        self.rect.center = (size[0] // 2, size[1] // 2)

    def widest_label(self) -> int:
        """The width the form's widest button label needs at the smallest text size (a
        menu whose buttons name people is at least that wide, so no name is cut)."""
        return max((w.label_need(x) for x in self.form.widgets), default=0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every input event is this dialog's."""
        self.form.handle_event(event)
        return True

    def on_message(self, message: dict[str, Any]) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 110))
        surface.blit(dim, (0, 0))
        w.panel(surface, self.rect, alpha=255)
        if self.title:
            s = self.app.scale
            room = self.rect.width - int(30 * s)
            size = w.fitting_size(self.title, int(26 * s), room, bold=True)
            w.text(surface, w.fit(self.title, w.font(size, True), room),
                   (self.rect.centerx, self.rect.top + int(14 * s)), size, w.ACCENT, bold=True,
                   anchor="midtop")
        self.form.draw(surface)


class MessageDialog(Dialog):
    """A sentence and buttons: ``buttons`` maps labels to callbacks (None just closes);
    ``default`` names the focused one. `note` is an optional dimmer last line."""

    note = ""

    def __init__(self, app: "Shell", title: str, message: str,
                 buttons: dict[str, Callable[[], Any] | None] | None = None,
                 default: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.buttons: list[w.Button] = []
        for label, action in (buttons or {_("OK"): None}).items():
            button = w.Button(label, self._wrap(action))
            self.form.add(button)
            self.buttons.append(button)
        self.form.focus(self.form.find(default) if default else self.buttons[0])
        self.layout(app.size)

    def _wrap(self, action: Callable[[], Any] | None) -> Callable[[], None]:
        def run() -> None:
            self.close()
            if action is not None:
                action()
        return run

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        width = min(size[0] - 40, int(560 * s))
        self.lines = w.wrap(self.message, w.font(int(20 * s)), width - int(48 * s))
        if self.note:
            self.lines.append(self.note)
        height = int(90 * s) + len(self.lines) * int(28 * s) + int(70 * s)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        shown = [b for b in self.buttons if b.visible]
        bw, bh, gap = int(150 * s), int(44 * s), int(16 * s)
        x = self.rect.centerx - (len(shown) * bw + (len(shown) - 1) * gap) // 2
        for b in shown:
            b.rect = pygame.Rect(x, self.rect.bottom - bh - int(20 * s), bw, bh)
            x += bw + gap

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        y = self.rect.top + int(64 * s)
        for i, line in enumerate(self.lines):
            dim = bool(self.note) and i == len(self.lines) - 1
            w.text(surface, line, (self.rect.centerx, y), int(20 * s), w.DIM if dim else w.TEXT,
                   anchor="midtop")
            y += int(28 * s)


class ConnectionDialog(MessageDialog):
    """The link to the host is down: why in a plain sentence, the reconnect attempt, and a
    way out. Modal, so nothing is played or sent while it shows; Escape does not close it."""

    def __init__(self, app: "Shell") -> None:
        self.attempt = 0
        self.gave_up = False
        super().__init__(app, _("Connection lost"), _("The connection to the host was lost."),
                         {_("Try again"): None, _("Leave"): None})
        self.form.on_cancel = None
        self.retry, self.leave = self.buttons
        self.retry.on_click, self.leave.on_click = self._retry, app.link.disconnect
        self.retry.visible = False
        self.form.focus(None)       # a stray Enter (playing a card) must not leave the game

    @property
    def text(self) -> str:
        return self.message

    def set_state(self, text: str, attempt: int = 0, gave_up: bool = False) -> None:
        self.message, self.attempt, self.gave_up = text, attempt, gave_up
        self.retry.visible = gave_up
        self.title = _("No connection") if gave_up else _("Connection lost")
        self.layout(self.app.size)
        if gave_up:
            self.form.focus(self.retry)

    @property
    def note(self) -> str:  # type: ignore[override]
        """The line under the sentence: the attempt under way, or what the player can do."""
        if self.gave_up:
            return _("Try again, or leave.")
        if self.attempt:
            return _("Reconnecting, attempt {n}…").format(n=self.attempt)
        return _("Reconnecting…")

    status = note

    def _retry(self) -> None:
        self.set_state(_("Trying to reach the host again…"))
        self.app.link.retry_connection()
