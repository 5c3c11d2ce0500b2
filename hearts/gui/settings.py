"""The settings screen and dialog (the settings themselves: `preferences.Settings`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts import i18n
from hearts.bots.base import SEAT_LEVELS, level_words
from hearts.engine.rule_options import on_off
from hearts.i18n import _, pgettext
from hearts.net.limits import Limits

from . import cards as cardart
from . import theme
from . import widgets as w
from .dialog import Dialog
from .preferences import ANIMATION_SPEEDS, BOT_SPEEDS, Settings, config_dir
from .screen import Screen

if TYPE_CHECKING:
    from .shell import Shell

UI_SCALES = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)
TRICK_PAUSES = (0.5, 0.8, 1.1, 1.5, 2.0, 3.0)
VOLUMES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))


def deck_styles() -> tuple[str, ...]:
    return cardart.DECK_STYLES


def card_backs() -> tuple[str, ...]:
    return cardart.CARD_BACKS


def backgrounds() -> tuple[str, ...]:
    return theme.BACKGROUND_NAMES



def _percent(v: float) -> str:
    return on_off(False) if v <= 0 else _("{n} %").format(n=round(v * 100))


def _seconds(v: float) -> str:
    return _("{n} s").format(n=f"{v:g}")


def deck_words(deck: str) -> str:
    """A deck style as the settings name it."""
    return {"classic": pgettext("deck", "classic"), "four-colour": pgettext("deck", "four-colour"),
            "large-print": pgettext("deck", "large print"),
            "dark": pgettext("deck", "dark")}.get(deck, deck)


def back_words(back: str) -> str:
    """A card back as the settings name it."""
    return {"blue": pgettext("card back", "blue"), "red": pgettext("card back", "red"),
            "green": pgettext("card back", "green"), "hearts": pgettext("card back", "hearts"),
            "gold": pgettext("card back", "gold")}.get(back, back)


def background_words(background: str) -> str:
    """A table background as the settings name it."""
    return {"green": pgettext("background", "green"), "blue": pgettext("background", "blue"),
            "burgundy": pgettext("background", "burgundy"),
            "wood": pgettext("background", "wood"),
            "night": pgettext("background", "night")}.get(background, background)


def speed_words(speed: str) -> str:
    """An animation or bot speed in words."""
    return {"off": pgettext("speed", "off"), "fast": pgettext("speed", "fast"),
            "normal": pgettext("speed", "normal"),
            "slow": pgettext("speed", "slow")}.get(speed, speed)


def language_words(lang: str) -> str:
    """A language by its own name ("Deutsch"); "" is the system's."""
    if not lang:
        return _("System ({language})").format(
            language=i18n.language_name(i18n.from_environment() or i18n.ENGLISH))
    return i18n.language_name(lang)


def _with(options: tuple[float, ...], value: float) -> list[float]:
    """``options`` plus ``value`` in order (a value set by hand in the file stays choosable)."""
    return sorted({*options, value})


def _size_text(v: tuple[int, int]) -> str:
    return f"{v[0]} × {v[1]}"


class SettingsScreen(Screen):
    """Edit the settings; Save writes them and applies them at once."""

    def __init__(self, app: "Shell", back: Screen | None = None,
                 on_done: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.back = back
        self.on_done = on_done      # set when shown as a dialog over the table
        s = app.settings
        self.draft = dataclasses.replace(s)
        d = self.draft
        sizes: list[tuple[int, int]] = list(WINDOW_SIZES)
        if (d.window[0], d.window[1]) not in sizes:
            sizes.append((d.window[0], d.window[1]))
        languages = ["", *i18n.available()]
        if d.language not in languages:
            languages.append(d.language)
        # The rules new games against bots start with: changed here only, never by a
        # change made at a table (that belongs to that table).
        self.rules_button = w.Button(self._bot_rules_text(), self._edit_bot_rules)
        self.rows: list[tuple[str, w.Widget]] = [
            (_("Your name"), w.TextInput(d.name, max_len=Limits().max_name,
                                         placeholder=_("name shown to others"),
                                         on_change=lambda v: setattr(d, "name", v))),
            (_("Deck"), w.Choice(deck_styles(), d.deck, show=deck_words,
                                 on_change=lambda v: setattr(d, "deck", v))),
            (_("Card back"), w.Choice(card_backs(), d.card_back, show=back_words,
                                      on_change=lambda v: setattr(d, "card_back", v))),
            (_("Background"), w.Choice(backgrounds(), d.background, show=background_words,
                                       on_change=lambda v: setattr(d, "background", v))),
            (_("Animations"), w.Choice(ANIMATION_SPEEDS, d.animation, show=speed_words,
                                       on_change=lambda v: setattr(d, "animation", v))),
            (_("Sounds"), w.Toggle(d.sounds, on_change=lambda v: setattr(d, "sounds", v))),
            (_("Volume"), w.Choice(_with(VOLUMES, d.volume), d.volume, show=_percent,
                                   on_change=lambda v: setattr(d, "volume", v))),
            (_("Text size"), w.Choice(_with(UI_SCALES, d.ui_scale), d.ui_scale, show=_percent,
                                      on_change=lambda v: setattr(d, "ui_scale", v))),
            (_("Window size"), w.Choice(sizes, tuple(d.window), show=_size_text,
                                        on_change=lambda v: setattr(d, "window", tuple(v)))),
            (_("Bot level"), w.Choice(SEAT_LEVELS, d.bot_level, show=level_words,
                                      on_change=lambda v: setattr(d, "bot_level", v))),
            (_("Bot speed"), w.Choice(BOT_SPEEDS, d.bot_speed, show=speed_words,
                                      on_change=lambda v: setattr(d, "bot_speed", v))),
            (_("Pause after a trick"), w.Choice(_with(TRICK_PAUSES, d.trick_pause),
                                                d.trick_pause, show=_seconds,
                                                on_change=lambda v: setattr(d, "trick_pause", v))),
            (_("Rules against bots"), self.rules_button),
            (_("Language"), w.Choice(languages, d.language, show=language_words,
                                     on_change=lambda v: setattr(d, "language", v))),
        ]
        self.labels = [w.Label(text) for text, _ in self.rows]
        self.save_button = w.Button(_("Save"), self.save, primary=True)
        self.cancel_button = w.Button(_("Back"), self.cancel)
        self.form: w.Form = w.Form([*(x for _, x in self.rows), self.save_button, self.cancel_button,
                            *self.labels], on_cancel=self.cancel)
        self.message = ""
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        scale = self.app.scale
        n = len(self.rows) + 1                          # the rows and the buttons
        head, foot = int(80 * scale), int(40 * scale)
        gap = max(4, int(8 * scale))
        row_h = max(24, min(int(38 * scale), (height - 20 - head - foot) // n - gap))
        panel_w = min(width - 20, int(1100 * scale))
        self.panel = pygame.Rect(0, 0, panel_w, head + n * (row_h + gap) + foot)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.top + head
        form_w = int(panel_w * 0.6)
        label_w = int(form_w * 0.36)
        top = y
        for (_, widget), label in zip(self.rows, self.labels):
            label.rect = pygame.Rect(self.panel.left + 30, y, label_w, row_h)
            widget.rect = pygame.Rect(label.rect.right + 10, y, form_w - label_w - 50, row_h)
            y += row_h + gap
        right = self.rows[0][1].rect.right + int(30 * scale)
        self.preview = pygame.Rect(right, top, self.panel.right - 30 - right, y - gap - top)
        bw = int(160 * scale)
        self.save_button.rect = pygame.Rect(0, y + gap, bw, row_h)
        self.cancel_button.rect = pygame.Rect(0, y + gap, bw, row_h)
        self.save_button.rect.right = self.panel.centerx - gap
        self.cancel_button.rect.left = self.panel.centerx + gap

    def _bot_rules_text(self) -> str:
        from hearts.engine import Rules, RulesError
        from hearts.engine.rule_options import rules_title
        try:
            return rules_title(Rules.from_dict(self.draft.bot_rules)) + "…"
        except RulesError:
            return rules_title(Rules()) + "…"

    def _edit_bot_rules(self) -> None:
        """The rules dialog, to choose the rules of new games against bots."""
        from hearts.engine import Rules

        from .rules_dialog import RulesDialog

        def keep(rules: dict[str, Any]) -> None:
            self.draft.bot_rules = Rules.from_dict(rules).changes()
            self.rules_button.label = self._bot_rules_text()
        RulesDialog(self.app, dict(self.draft.bot_rules), editable=True, on_apply=keep,
                    title=_("Rules of new games against bots")).open()

    def save(self) -> None:
        if not self.draft.name.strip():
            self.message = _("Please enter a name.")
            return
        self.draft.name = self.draft.name.strip()
        new_language = self.draft.language != self.app.settings.language
        self.app.apply_settings(self.draft)
        self.app.save_settings()
        if new_language and self.on_done is None:
            # every screen words itself when it is made: the menu is made again
            self.app.show(self.app.main_menu())
            return
        self.cancel()

    def cancel(self) -> None:
        if self.on_done is not None:
            self.on_done()
            return
        self.app.show(self.back if self.back is not None else self.app.main_menu())

    def handle_event(self, event: pygame.event.Event) -> None:
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.on_done is None:
            self.app.draw_background(surface)
        scale = self.app.scale
        w.panel(surface, self.panel, alpha=255)
        w.text(surface, _("Settings"), (self.panel.centerx, self.panel.top + int(18 * scale)),
               int(34 * scale), w.ACCENT, bold=True, anchor="midtop")
        self.form.draw(surface)
        self._draw_preview(surface)
        if self.message:
            w.text(surface, self.message, (self.panel.centerx, self.panel.bottom - int(20 * scale)),
                   int(18 * scale), w.RED, anchor="midbottom")

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The chosen background, deck and card back, as they will look at the table."""
        r = self.preview
        if r.width < 80 or r.height < 80:
            return
        d = self.draft
        try:
            from hearts.engine import Card

            from . import theme
            from .cards import card_art
            surface.blit(theme.background(d.background, r.size), r)
            card_w = max(30, min(r.width // 4, int(r.height / 1.4 / 1.6)))
            art = card_art(card_w, d.deck, d.card_back)
        except Exception:  # the preview is a nicety; never break the screen
            return
        faces = [art.face(Card.parse(c)) for c in ("QS", "AH", "TD", "JC")]
        y = r.top + int(r.height * 0.12)
        step = (r.width - 2 * int(card_w * 0.3) - card_w) // max(1, len(faces) - 1)
        x = r.left + int(card_w * 0.3)
        for face in faces:
            surface.blit(face, (x, y))
            x += min(step, card_w + 8)
        back = art.back()
        by = y + int(card_w * 1.4) + int(r.height * 0.06)
        for i in range(3):
            surface.blit(back, (r.centerx - card_w + i * card_w // 3, by))
        pygame.draw.rect(surface, w.PANEL_EDGE, r, 1, border_radius=6)
        w.text(surface, _("Preview"), (r.left + 8, r.bottom - 6), int(15 * self.app.scale), w.TEXT,
               anchor="bottomleft")


class SettingsDialog(Dialog):
    """The settings over the table (the game goes on underneath)."""

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.inner = SettingsScreen(app, on_done=self.close)
        self.form = self.inner.form

    def layout(self, size: tuple[int, int]) -> None:
        self.inner.resize(size)
        self.rect = self.inner.panel

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.inner.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 110))
        surface.blit(dim, (0, 0))
        self.inner.draw(surface)


__all__ = ["Settings", "SettingsDialog", "SettingsScreen", "config_dir"]
