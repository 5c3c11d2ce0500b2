"""The rules dialog: a preset (each with its one-line description), the common options,
and the rest folded under "More options".

Editable for the table's owner (Apply sends ``set_rules``; while a game runs only the
target can change, with ``set_target``), read-only for everyone else. The lobby's "New
table" uses it with ``on_apply`` to collect rules instead of sending them. Values are in
plain words; the help of the option under the mouse (else the focused one) shows at the
bottom, and a gold label marks an option changed from the preset, as the legend says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import PRESETS, Rules, RulesError
from hearts.engine.rule_options import (OPTIONS, applies, nearest_preset, preset_description,
                                        preset_name)
from hearts.i18n import _, ngettext, said

from . import widgets as w
from .dialog import Dialog
from .sheets import button_row

if TYPE_CHECKING:
    from .shell import Shell

CUSTOM = "custom"
PASS_CYCLES = (("left", "right", "across", "hold"), ("left", "right", "across"), ("left",),
               ("right",), ("across",), ("hold",), ("left", "right"), ("left", "right", "hold"))
# Shown at once; the others are folded under "More options".
COMMON = ("pass_cycle", "first_lead", "hearts_break", "queen_points", "moon", "target",
          "turn_seconds", "allow_undo")


def value_widget(name: str, value: Any, on_change: Callable[[Any], Any],
                 enabled: bool, rules: Callable[[], Rules | None] = lambda: None) -> w.Widget:
    """The right widget for rule option ``name``, showing its value in plain words (as
    they are under ``rules()``, the rules being edited: "others get 43")."""
    option = OPTIONS[name]
    if option.kind == "cycle":
        value = tuple(value)
        options = list(PASS_CYCLES) + ([value] if value not in PASS_CYCLES else [])
        return w.Choice(options, value, on_change=on_change, show=option.words, enabled=enabled)
    if option.kind == "choice":
        return w.Choice(option.values, value, on_change=on_change,
                        show=lambda v: option.words(v, rules=rules()), enabled=enabled)
    if option.kind == "bool":
        return w.Toggle(bool(value), on_change=on_change, enabled=enabled)
    low, high = option.bounds
    return w.NumberField(value, low, high, on_change=on_change,
                         optional=option.kind == "optional-int", enabled=enabled,
                         show=lambda v: option.words(v, rules=rules()))


def preset_words(rules: Rules) -> str:
    """"Standard", or "custom (based on Standard)"."""
    name = rules.preset_name()
    return preset_name(name) if name else custom_words(nearest_preset(rules))


def custom_words(base: str) -> str:
    """"custom (based on Standard)": rules changed from the preset ``base``."""
    return _("custom (based on {preset})").format(preset=preset_name(base))


class RulesDialog(Dialog):
    """The preset on top with its description, the common options in two columns, the
    rest folded; help for the option under the mouse or focused; a legend."""

    def __init__(self, app: "Shell", rules: dict[str, Any], editable: bool, locked: bool = False,
                 on_apply: Callable[[dict[str, Any]], Any] | None = None,
                 title: str | None = None) -> None:
        super().__init__(app)
        try:
            current = Rules.from_dict(rules or {})
        except RulesError:
            current = Rules()
        self.original = current.to_dict()
        self.draft = dict(self.original)
        self._draft_key = ""
        self._draft: Rules | None = None
        self.editable = editable
        self.locked = locked and on_apply is None
        self.on_apply = on_apply
        self.title = title or (_("Table rules") if editable
                               else _("Table rules (set by the owner)"))
        self.error = ""
        self.base = current.preset_name() or nearest_preset(current)
        self.preset = w.Choice([*PRESETS, CUSTOM], self.base, on_change=self._preset,
                               show=self._preset_text, enabled=editable and not self.locked)
        self.preset.options.remove(CUSTOM)
        if current.preset_name() is None:
            self.preset.options.append(CUSTOM)
            self.preset.value = CUSTOM
        self.form.add(self.preset)
        self.unfolded = any(n not in COMMON and self.draft[n] != v
                            for n, v in Rules.preset(self.base).to_dict().items())
        self.fold = w.Button("", self._toggle_fold)
        self.form.add(self.fold)
        self.fields: dict[str, w.Widget] = {}
        self.label_rects: dict[str, pygame.Rect] = {}
        self.hovered: str | None = None
        self._build_fields()
        buttons: list[w.Button] = []
        if editable:
            buttons.append(w.Button(_("Apply") if on_apply is None else _("OK"), self.apply,
                                    primary=True))
            buttons.append(w.Button(_("Cancel"), self.close))
        else:
            buttons.append(w.Button(_("Close"), self.close, primary=True))
        self.buttons = buttons
        for b in buttons:
            self.form.add(b)
        self.form.focus(self.preset if self.preset.enabled else buttons[0])
        self.layout(app.size)

    # -- what is shown ----------------------------------------------------------------------
    def _preset_text(self, value: str) -> str:
        return custom_words(self.base) if value == CUSTOM else preset_name(value)

    def shown_names(self) -> list[str]:
        """The options on screen: the common ones, or every one when unfolded."""
        names = Rules.names()
        return list(names) if self.unfolded else [n for n in names if n in COMMON]

    def changed(self, name: str) -> bool:
        """Whether option ``name`` differs from the preset the draft is based on."""
        return bool(self.draft[name] != Rules.preset(self.base).to_dict()[name])

    def _fold_label(self) -> str:
        if self.unfolded:
            return _("Fewer options  ▴")
        hidden = sum(1 for n in Rules.names() if n not in COMMON and self.changed(n))
        if hidden:
            return ngettext("More options  ▾  ({n} changed)", "More options  ▾  ({n} changed)",
                            hidden).format(n=hidden)
        return _("More options  ▾")

    def _build_fields(self) -> None:
        for old in self.fields.values():
            self.form.widgets.remove(old)
        self.fields = {}
        at = self.form.widgets.index(self.fold)
        for name in Rules.names():
            widget = value_widget(name, self.draft[name], self._setter(name),
                                  self._may_change(name), self.draft_rules)
            self.fields[name] = widget
            self.form.widgets.insert(at, widget)
            at += 1
        if self.rect.width > 400:
            self.layout(self.app.size)

    def _may_change(self, name: str) -> bool:
        """Whether option ``name`` is open to change: the dialog edits, the table allows
        it, and it does something under the rules as they stand (else it shows greyed)."""
        rules = self.draft_rules()
        return (self.editable and (not self.locked or name == "target")
                and (rules is None or applies(name, rules)))

    def _toggle_fold(self) -> None:
        self.unfolded = not self.unfolded
        self.layout(self.app.size)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(v: Any) -> None:
            self.draft[name] = list(v) if name == "pass_cycle" else v
            self.error = ""
            self._sync_preset()
            for other, widget in self.fields.items():
                widget.enabled = self._may_change(other)
            if self.rect.width > 400:
                self.layout(self.app.size)       # (the fold's label may have grown)
        return set_value

    def _sync_preset(self) -> None:
        try:
            name = Rules.from_dict(self.draft).preset_name()
        except RulesError:
            name = None
        if name is None:
            if CUSTOM not in self.preset.options:
                self.preset.options.append(CUSTOM)
            self.preset.value = CUSTOM
        else:
            self.preset.value = self.base = name
        self.fold.label = self._fold_label()

    def _preset(self, name: str) -> None:
        if name == CUSTOM:
            return
        self.base = name
        self.draft = Rules.preset(name).to_dict()
        focused = self.form.focused
        self._build_fields()
        self.form.focus(focused if focused in self.form.widgets else self.preset)

    def draft_rules(self) -> Rules | None:
        """The rules as they stand in the dialog (None while a value is out of range)."""
        key = repr(sorted(self.draft.items()))
        if key != self._draft_key:
            try:
                self._draft = Rules.from_dict(self.draft)
            except RulesError:
                self._draft = None
            self._draft_key = key
        return self._draft

    def changes(self) -> dict[str, Any]:
        """The draft options that differ from the rules the dialog opened with."""
        return {k: v for k, v in self.draft.items() if self.original.get(k) != v}

    def apply(self) -> None:
        bad = [n for n, x in self.fields.items() if isinstance(x, w.NumberField) and not x.valid]
        if bad:
            option = OPTIONS[bad[0]]
            self.error = _("{option} must be {what}.").format(option=option.label_in(),
                                                              what=said(option.accepts()))
            if bad[0] not in COMMON and not self.unfolded:
                self._toggle_fold()
            return
        try:
            Rules.from_dict(self.draft)
        except RulesError as e:
            self.error = str(e)
            return
        if self.on_apply is not None:
            self.close()
            self.on_apply(dict(self.draft))
            return
        changes = self.changes()
        self.close()
        if not changes:
            return
        if self.locked:
            if "target" in changes:
                self.app.send({"type": "set_target", "target": changes["target"]})
            return
        self.app.send({"type": "set_rules", "rules": changes})

    def on_message(self, message: dict[str, Any]) -> None:
        # Rules changed by the owner while a reader has the dialog open: show them.
        if message.get("type") == "table" and not self.editable:
            rules = (message.get("table") or {}).get("rules")
            if rules:
                self.draft = Rules.from_dict(rules).to_dict()
                self._build_fields()
                self._sync_preset()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((n for n in self.shown_names()
                                 if self.label_rects[n].union(self.fields[n].rect)
                                 .collidepoint(event.pos)), None)
        return super().handle_event(event)

    # -- layout -------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        names = self.shown_names()
        half = (len(names) + 1) // 2
        gap = max(3, int(6 * s))
        line = w.font(int(16 * s)).get_linesize()
        self._fold_h, self._button_h = max(24, int(34 * s)), max(28, int(42 * s))
        head = int(62 * s) + max(24, int(36 * s)) + line + int(16 * s)   # title, preset, about
        foot = int(8 * s) + self._fold_h + 2 * line + int(12 * s) + self._button_h + int(14 * s)
        rh = max(24, int(32 * s))
        if head + half * (rh + gap) + foot > size[1] - 20:
            rh = max(20, (size[1] - 20 - head - foot) // half - gap)
        width = min(size[0] - 20, int(1180 * s))
        height = head + half * (rh + gap) + foot
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        col_w = (width - int(60 * s)) // 2
        # the labels take what the longest needs (some languages say them longer, others
        # their values), between a third and a half of the column
        label_need = max(w.font(w.MIN_TEXT).size(OPTIONS[n].label_in())[0] for n in names) + 4
        label_w = max(int(col_w * 0.34), min(int(col_w * 0.46), label_need))
        self.preset.rect = pygame.Rect(0, self.rect.top + int(54 * s), int(360 * s),
                                       max(24, int(36 * s)))
        self.preset.rect.centerx = self.rect.centerx + int(40 * s)
        self.label_rects = {}
        top = self.rect.top + head
        shown = set(names)
        for name, widget in self.fields.items():
            widget.visible = name in shown
        for i, name in enumerate(names):
            col, row = divmod(i, half)
            x = self.rect.left + int(20 * s) + col * (col_w + int(20 * s))
            y = top + row * (rh + gap)
            self.label_rects[name] = pygame.Rect(x, y, label_w, rh)
            self.fields[name].rect = pygame.Rect(x + label_w + 8, y, col_w - label_w - 8, rh)
        bottom = top + half * (rh + gap)
        self.fold.label = self._fold_label()
        fold_w = max(int(300 * s), w.font(w.MIN_TEXT).size(self.fold.label)[0] + 24)
        self.fold.rect = pygame.Rect(0, bottom + int(8 * s), fold_w, self._fold_h)
        self.fold.rect.centerx = self.rect.centerx
        button_area = self.rect.inflate(-int(28 * s), 0)
        button_area.height -= int(14 * s)               # the buttons 14 px above the bottom
        button_row(self.buttons, button_area, self._button_h, int(16 * s), int(150 * s))
        if self.hovered not in shown:
            self.hovered = None

    def _note(self) -> tuple[str, Any]:
        """The line above the buttons: an error, the help of the option under the mouse
        or focused, or why the options cannot change."""
        focused = self.form.focused
        name = self.hovered or next((n for n, x in self.fields.items() if x is focused), None)
        if self.error:
            return self.error, w.RED
        if name is not None:
            return _("{option}: {help}").format(option=OPTIONS[name].label_in(),
                                                help=OPTIONS[name].help_in()), w.TEXT
        if focused is self.preset or self.form.focused is None:
            return _("Choose a preset, then change any option; F1 shows these rules at the "
                     "table."), w.DIM
        if self.locked and self.editable:
            return _("While a game runs only the target can change."), w.DIM
        if not self.editable:
            return _("Only the table's owner can change the rules."), w.DIM
        return "", w.DIM

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        size = int(16 * s)
        f = w.font(size)
        w.text(surface, _("Preset"), (self.preset.rect.left - int(12 * s), self.preset.rect.centery),
               int(18 * s), anchor="midright")
        about = preset_description(self.preset.value) or _(
            "Your own rules, starting from {preset}: gold labels mark the changes.").format(
            preset=preset_name(self.base))
        w.text(surface, w.fit(about, f, self.rect.width - int(40 * s)),
               (self.rect.centerx, self.preset.rect.bottom + int(8 * s)), size, w.DIM,
               anchor="midtop")
        for name, r in self.label_rects.items():
            changed = self.changed(name)
            label = OPTIONS[name].label_in()
            # the label under the mouse in bold, unless bold it would no longer fit whole
            bold = name == self.hovered and w.font(
                w.fitting_size(label, size, r.width, bold=True), True).size(label)[0] <= r.width
            small = w.fitting_size(label, size, r.width, bold=bold)
            w.text(surface, w.fit(label, w.font(small, bold), r.width),
                   (r.left, r.centery), small, w.ACCENT if changed else w.TEXT,
                   bold=bold, anchor="midleft")
        note, colour = self._note()
        room = self.rect.width - int(60 * s)
        lines = w.wrap(note, f, room)[:2] if note else []
        y = self.buttons[0].rect.top - int(6 * s)
        for line in reversed(lines):
            r = w.text(surface, line, (self.rect.centerx, y), size, colour, anchor="midbottom")
            y = r.top
        # The legend, left of the fold button (or above the note when there is no room).
        legend = _("changed from the preset")
        swatch = pygame.Rect(self.rect.left + int(20 * s), 0, int(12 * s), int(12 * s))
        swatch.centery = self.fold.rect.centery
        if self.fold.rect.left - swatch.right - int(16 * s) >= f.size(legend)[0]:
            pygame.draw.rect(surface, w.ACCENT, swatch, border_radius=2)
            w.text(surface, legend, (swatch.right + int(6 * s), swatch.centery), size, w.ACCENT,
                   anchor="midleft")
        else:
            w.text(surface, _("Gold: {legend}").format(legend=legend), (self.rect.centerx, y - int(2 * s)), size,
                   w.ACCENT, anchor="midbottom")
