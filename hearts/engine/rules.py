"""Every rule option of docs/rules.md, with its default, its check and the presets."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from hearts.i18n import T_, Text

from .rule_options import OPTIONS, PASS_DIRECTIONS

PASS_OFFSET = {"left": 1, "right": 3, "across": 2, "hold": 0}


class RulesError(ValueError):
    """A rule name or value that is not accepted; the message is one sentence (a `Text`:
    ``text_of(e).said(tr)`` in another language)."""


# The checks below read the one description of every option (rule_options.OPTIONS).
_CHOICES: dict[str, tuple[str, ...]] = {
    o.name: o.values for o in OPTIONS.values() if o.kind == "choice"}
_BOOLS = tuple(o.name for o in OPTIONS.values() if o.kind == "bool")
_INTS: dict[str, tuple[int, int]] = {o.name: o.bounds for o in OPTIONS.values() if o.kind == "int"}
_OPTIONAL_INTS: dict[str, tuple[int, int]] = {
    o.name: o.bounds for o in OPTIONS.values() if o.kind == "optional-int"}
SUN_POINTS_DEFAULT = {"off": 0, "others": 39, "bonus": -24}


@dataclass(frozen=True)
class Rules:
    """A table's rules: one field per option of docs/rules.md, defaults = standard game.

    Build with ``Rules()``, ``Rules.preset(name)``, ``rules.replace(**changes)``
    or ``Rules.from_dict(d)``; every value is checked and a bad one raises
    `RulesError` naming the option and what it accepts.
    """

    pass_cycle: tuple[str, ...] = ("left", "right", "across", "hold")
    pass_count: int = 3
    first_lead: str = "two-of-clubs"
    first_trick: str = "no-points"
    hearts_break: str = "required"
    queen_breaks_hearts: bool = True
    lead_hearts_over_queen: bool = False
    heart_points: str = "one"
    queen_points: int = 13
    high_spades: bool = False
    jack_of_diamonds: int = 0
    clean_hand_bonus: int = 0
    clean_hand: str = "no-tricks"
    moon: str = "add"
    moon_needs_jack: bool = False
    bonuses_on_moon: str = "jack"
    sun: str = "off"
    sun_points: int | None = None
    target: int = 100
    end_when: str = "reach"
    exact_target: str = "none"
    ties: str = "share"
    floor_at_zero: bool = False
    display: str = "penalty"
    tram: str = "auto"
    turn_seconds: int = 0
    allow_undo: bool = False
    open_hands: bool = False

    def __post_init__(self) -> None:
        cycle = self.pass_cycle
        if isinstance(cycle, str):
            cycle = tuple(cycle.replace(",", " ").split())
        if not isinstance(cycle, (list, tuple)) or not cycle or any(
            d not in PASS_DIRECTIONS for d in cycle
        ):
            raise RulesError(T_("rule '{name}' must be a non-empty list of {directions} (got {value})",
                                name="pass_cycle", directions=", ".join(PASS_DIRECTIONS),
                                value=repr(self.pass_cycle)))
        object.__setattr__(self, "pass_cycle", tuple(cycle))
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise RulesError(T_("rule '{name}' must be one of {values} (got {value})",
                                    name=name, values=", ".join(choices), value=repr(value)))
        for name in _BOOLS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(T_("rule '{name}' must be true or false (got {value})",
                                    name=name, value=repr(value)))
        for name, (low, high) in {**_INTS, **_OPTIONAL_INTS}.items():
            value = getattr(self, name)
            if value is None and name in _OPTIONAL_INTS:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RulesError(T_("rule '{name}' must be a whole number from {low} to {high} "
                                    "(got {value})", name=name, low=low, high=high,
                                    value=repr(value)))

    # -- building -------------------------------------------------------------
    @classmethod
    def names(cls) -> list[str]:
        """Every option name, in docs/rules.md order."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of the named presets of docs/rules.md (see `PRESETS`)."""
        return cls(**_preset_options(name))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Rules from a plain dict; missing options take their defaults.

        A ``preset`` key, if present, is applied first and the other keys override it.
        """
        if not isinstance(data, dict):
            raise RulesError(T_("rules must be a map of option names to values (got {kind})",
                                kind=type(data).__name__))
        data = dict(data)
        preset = data.pop("preset", None)
        base = {} if preset is None else _preset_options(preset)
        _check_names(data)
        return cls(**{**base, **data})

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain msgpack/JSON-ready values."""
        d = {name: getattr(self, name) for name in self.names()}
        d["pass_cycle"] = list(self.pass_cycle)
        return d

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some options changed (each checked)."""
        _check_names(changes)
        return dataclasses.replace(self, **changes)

    def with_changes(self, changes: dict[str, Any]) -> "Rules":
        """These rules with a change map applied, as a client sends it (``set_rules``).

        A ``preset`` key starts from that preset instead; lists become tuples.
        Raises `RulesError` with one sentence for anything that is not accepted.
        """
        if not isinstance(changes, dict):
            raise RulesError(T_("rules must map option names to values"))
        try:
            if "preset" in changes:
                return Rules.from_dict(dict(changes))
            return self.replace(**{k: (tuple(v) if isinstance(v, list) else v)
                                   for k, v in changes.items()})
        except TypeError:
            raise RulesError(T_("rules must map option names to values")) from None

    def with_text(self, name: str, text: str) -> "Rules":
        """A copy with one option set from text as typed in a console: ``moon choose``."""
        return self.replace(**{name: parse_value(name, text)})

    def changes(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        default = Rules().to_dict()
        return {k: v for k, v in self.to_dict().items() if default[k] != v}

    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        for name in PRESETS:
            if Rules.preset(name) == self:
                return name
        return None

    # -- derived values ---------------------------------------------------------
    def pass_direction(self, hand_number: int) -> str:
        """The pass direction of hand ``hand_number`` (0-based)."""
        if self.pass_count == 0:
            return "hold"
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    @property
    def sun_value(self) -> int:
        """The sun's points: `sun_points` or the default of the `sun` mode."""
        return SUN_POINTS_DEFAULT[self.sun] if self.sun_points is None else self.sun_points

    def summary(self) -> str:
        """A short line for a table list: the preset name and changed options."""
        name = self.preset_name()
        if name:
            return name
        return "custom: " + ", ".join(f"{k}={_show(v)}" for k, v in self.changes().items())


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(value)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _preset_options(name: str) -> dict[str, Any]:
    if name not in PRESETS:
        raise RulesError(T_("unknown preset {name}; presets are: {presets}", name=repr(name),
                            presets=", ".join(PRESETS)))
    return PRESETS[name]


def _check_names(data: dict[str, Any]) -> None:
    known = Rules.names()
    for name in data:
        if name not in known:
            raise RulesError(T_("unknown rule {name}; rules are: {rules}", name=repr(name),
                                rules=", ".join(known)))


def describe(name: str) -> Text:
    """What an option accepts, in words."""
    if name not in OPTIONS:
        raise RulesError(T_("unknown rule {name}; rules are: {rules}", name=repr(name),
                            rules=", ".join(Rules.names())))
    return OPTIONS[name].accepts()


def parse_value(name: str, text: str) -> Any:
    """Turn console text into the value of option ``name`` (raises RulesError)."""
    what = describe(name)
    t = str(text).strip()
    if name == "pass_cycle":
        return tuple(t.lower().replace(",", " ").split())
    if name in _BOOLS:
        low = t.lower()
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        raise RulesError(T_("rule '{name}' must be {what} (got {value})", name=name, what=what,
                            value=repr(t)))
    if name in _INTS or name in _OPTIONAL_INTS:
        if name in _OPTIONAL_INTS and t.lower() in ("default", "none", ""):
            return None
        try:
            return int(t)
        except ValueError:
            raise RulesError(T_("rule '{name}' must be {what} (got {value})", name=name,
                                what=what, value=repr(t))) from None
    return t.lower()


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "omnibus": {"jack_of_diamonds": -10, "moon_needs_jack": True},
    "black-maria": {
        "pass_cycle": ("right",),
        "first_lead": "left-of-dealer",
        "first_trick": "anything",
        "hearts_break": "free",
        "high_spades": True,
        "moon": "off",
    },
    "spot": {"heart_points": "face", "queen_points": 25, "target": 500},
    "tournament": {"pass_cycle": ("left", "right", "across")},
    "gamebot": {"queen_breaks_hearts": False, "ties": "play-on"},
    "hearts2": {
        "queen_breaks_hearts": False,
        "ties": "play-on",
        "exact_target": "halves",
        "moon": "new-moon",
        "jack_of_diamonds": -10,
        "moon_needs_jack": True,
        "bonuses_on_moon": "none",
        "clean_hand_bonus": -5,
        "clean_hand": "no-points",
        "floor_at_zero": True,
    },
    "skelly": {
        "jack_of_diamonds": -10,
        "exact_target": "wins",
        "end_when": "exceed",
        "moon": "choose",
    },
}
