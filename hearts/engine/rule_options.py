"""One public description of every rule option: kind, values, label, help, plain words.

`OPTIONS` is the single source that `Rules` checks values against and from which
the GUI's rules dialog, the console's ``/rules`` and the option tables of
docs/rules.md are derived. Adding a rule option means: a field on `Rules`
(hearts/engine/rules.py), an entry here, and the engine code that plays it.

>>> OPTIONS["moon"].label
'Shooting the moon'
>>> OPTIONS["first_lead"].words("two-of-clubs")
'2♣ leads'

Run ``python -m hearts.docgen`` to rewrite docs/rules.md's option tables after a
change (a test fails while they differ).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal

Kind = Literal["cycle", "choice", "bool", "int", "optional-int"]
PASS_DIRECTIONS = ("left", "right", "across", "hold")


@dataclass(frozen=True)
class RuleOption:
    """One option: ``kind``, its ``choices`` (with plain words) or ``bounds``, and texts."""

    name: str
    kind: Kind
    group: str                                  # the docs/rules.md section it sits in
    label: str                                  # a short name for people
    help: str                                   # one or two sentences
    choices: tuple[tuple[str, str], ...] = ()   # (value, plain words), for kind "choice"
    bounds: tuple[int, int] = (0, 0)            # for kinds "int" and "optional-int"
    unit: str = ""                              # after a number: "points", "seconds"
    none_words: str = ""                        # what None means, for "optional-int"
    zero_words: str = ""                        # what 0 means, where it means "none"

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)

    def words(self, value: Any) -> str:
        """``value`` of this option in plain words."""
        if self.kind == "cycle":
            return ", ".join(str(d) for d in value) if len(value) > 1 else \
                f"always {value[0]}" if value else ""
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "choice":
            return dict(self.choices).get(value, str(value))
        if value is None:
            return self.none_words
        if value == 0 and self.zero_words:
            return self.zero_words
        return f"{value} {self.unit}".strip()

    def accepts(self) -> str:
        """What the option accepts, in words (for errors and the console)."""
        if self.kind == "cycle":
            return f"a list of {', '.join(PASS_DIRECTIONS)}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.values)
        if self.kind == "bool":
            return "on or off"
        low, high = self.bounds
        return f"a whole number from {low} to {high}" + (
            " or default" if self.kind == "optional-int" else "")


def _opt(name: str, kind: Kind, group: str, label: str, help: str, **kw: Any) -> RuleOption:
    return RuleOption(name, kind, group, label, help, **kw)


_LIST = [
    # -- passing and leading
    _opt("pass_cycle", "cycle", "passing", "Pass directions",
         "The pass direction of each hand, repeating: left, right, across or hold (no pass)."),
    _opt("pass_count", "int", "passing", "Cards passed",
         "How many cards each player passes (0: no passing).", bounds=(0, 6), unit="cards",
         zero_words="no passing"),
    _opt("first_lead", "choice", "passing", "First lead", "Who leads the first trick, and what.",
         choices=(("two-of-clubs", "2♣ leads"),
                  ("any-club", "any club, by the 2♣ holder"),
                  ("left-of-dealer", "left of the dealer, any card"))),
    _opt("first_trick", "choice", "passing", "Points on trick 1",
         "Whether hearts and Q♠ may be discarded on the first trick.",
         choices=(("no-points", "none, unless no choice"),
                  ("hearts-if-void", "hearts if void in clubs"),
                  ("anything", "anything goes"))),
    _opt("hearts_break", "choice", "passing", "Leading hearts", "When hearts may be led.",
         choices=(("required", "once hearts are broken"),
                  ("free", "any time after trick 1"))),
    _opt("queen_breaks_hearts", "bool", "passing", "Q♠ breaks hearts",
         "Playing Q♠ breaks hearts as a heart does."),
    _opt("lead_hearts_over_queen", "bool", "passing", "Lead ♥ over Q♠",
         "With hearts unbroken and only hearts and Q♠ in hand, a heart may be led."),
    # -- card values
    _opt("heart_points", "choice", "values", "Heart points", "What each heart is worth.",
         choices=(("one", "1 point each"),
                  ("face", "face value (A 14)"))),
    _opt("queen_points", "int", "values", "Q♠ points", "Points for taking Q♠.",
         bounds=(-100, 100), unit="points"),
    _opt("high_spades", "bool", "values", "A♠ 7, K♠ 10",
         "A♠ counts 7 points and K♠ 10 as well (Black Maria)."),
    _opt("jack_of_diamonds", "int", "values", "J♦ points",
         "Points for taking J♦ (Omnibus: −10, a bonus).", bounds=(-100, 100), unit="points",
         zero_words="nothing"),
    _opt("clean_hand_bonus", "int", "values", "Clean hand bonus",
         "Points for a clean hand (a bonus is negative, like −5).", bounds=(-100, 100),
         unit="points", zero_words="none"),
    _opt("clean_hand", "choice", "values", "Clean hand means", "What counts as a clean hand.",
         choices=(("no-tricks", "no trick taken"), ("no-points", "no penalty points taken"))),
    # -- moon and sun
    _opt("moon", "choice", "moon", "Shooting the moon",
         "What happens when one player takes every heart and Q♠.",
         choices=(("add", "others get 26"), ("subtract", "shooter loses 26"),
                  ("choose", "shooter chooses"),
                  ("new-moon", "shooter chooses (new moon)"),
                  ("auto", "others get 26 unless it loses"),
                  ("off", "no moon"))),
    _opt("moon_needs_jack", "bool", "moon", "Moon needs J♦",
         "Shooting the moon also needs J♦ (Omnibus)."),
    _opt("bonuses_on_moon", "choice", "moon", "Bonuses with a moon",
         "Whether J♦ and the clean-hand bonus still count in a hand with a moon.",
         choices=(("jack", "J♦ still counts"), ("none", "no J♦, no clean bonus"))),
    _opt("sun", "choice", "moon", "Shooting the sun", "Taking all 13 tricks.",
         choices=(("off", "counts as a moon"), ("others", "others get the sun"),
                  ("bonus", "shooter gets a bonus"))),
    _opt("sun_points", "optional-int", "moon", "Sun points",
         "Points of the sun (default: 39 for the others, −24 as a bonus).",
         bounds=(-200, 200), unit="points", none_words="the default"),
    # -- game end and totals
    _opt("target", "int", "end", "Game to",
         "The game ends after the hand in which a total reaches this.", bounds=(1, 10000),
         unit="points"),
    _opt("end_when", "choice", "end", "Game ends when", "When a total ends the game.",
         choices=(("reach", "a total reaches it"),
                  ("exceed", "a total passes it"))),
    _opt("exact_target", "choice", "end", "Exactly the target",
         "What a total of exactly the target does.",
         choices=(("none", "nothing special"), ("wins", "that player wins"),
                  ("halves", "that total drops to half"))),
    _opt("ties", "choice", "end", "Ties", "What equal lowest totals at the end do.",
         choices=(("share", "winners share"), ("play-on", "play another hand"),
                  ("random", "a random winner"))),
    _opt("floor_at_zero", "bool", "end", "No total below 0",
         "A total pushed below zero by bonuses is set to 0."),
    _opt("display", "choice", "end", "Show totals as", "How totals are shown.",
         choices=(("penalty", "points (lowest wins)"),
                  ("countdown", "countdown (highest wins)"))),
    # -- finishing early
    _opt("tram", "choice", "early", "Ending a decided hand",
         "TRAM (the rest are mine): when one player must win every trick left.",
         choices=(("auto", "dealt out at once"),
                  ("claim", "the winner may claim"), ("off", "every card played"))),
    # -- table rules that are not card rules
    _opt("turn_seconds", "int", "table", "Turn timer",
         "Seconds per turn before a bot plays for you (0: no timer).", bounds=(0, 3600),
         unit="seconds", zero_words="off"),
    _opt("allow_undo", "bool", "table", "Undo",
         "Take back your last card (only when every other seat is a bot)."),
    _opt("open_hands", "bool", "table", "Open hands",
         "Everyone's cards shown, with a played-cards list (only against bots)."),
]

OPTIONS: dict[str, RuleOption] = {o.name: o for o in _LIST}

# One line per preset, shown first in the rules dialog and in the docs.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "The usual game: pass left, right, across, hold; 26 to shoot the moon.",
    "omnibus": "J♦ is worth −10, and a moon needs it too.",
    "black-maria": "Pass right only, A♠ 7 and K♠ 10, hearts led freely, no moon.",
    "spot": "Hearts at face value, Q♠ 25, game to 500.",
    "tournament": "No hold hand: pass left, right, across.",
    "gamebot": "Q♠ does not break hearts; ties play on.",
    "hearts2": "Hearts 2.0's house rules: Omnibus, new moon, clean-hand bonus, no totals below 0.",
    "skelly": "J♦ −10, the shooter chooses, exactly the target wins, the game ends past it.",
}

GROUPS = {"passing": "Passing and leading", "values": "Card values", "moon": "Moon and sun",
          "end": "Game end and totals", "early": "Finishing early",
          "table": "Table rules that are not card rules"}


def describe(name: str) -> str:
    """What option ``name`` accepts, in words; KeyError for an unknown name."""
    return OPTIONS[name].accepts()


# The presets' names as people write them.
PRESET_NAMES: dict[str, str] = {
    "standard": "Standard", "omnibus": "Omnibus", "black-maria": "Black Maria",
    "spot": "Spot hearts", "tournament": "Tournament", "gamebot": "Gamebot",
    "hearts2": "Hearts 2.0", "skelly": "Skelly",
}

# When an option does something: the others are moot under these rules (``/rules`` leaves
# them out, e.g. "J♦ still counts" when the J♦ is worth nothing).
_APPLIES: dict[str, Callable[[Any], bool]] = {
    "lead_hearts_over_queen": lambda r: r.hearts_break == "required",
    "queen_breaks_hearts": lambda r: r.hearts_break == "required",
    "clean_hand": lambda r: r.clean_hand_bonus != 0,
    "moon_needs_jack": lambda r: r.moon != "off" and r.jack_of_diamonds != 0,
    "bonuses_on_moon": lambda r: r.moon != "off" and (r.jack_of_diamonds != 0
                                                      or r.clean_hand_bonus != 0),
    "sun": lambda r: r.moon != "off",
    "sun_points": lambda r: r.moon != "off" and r.sun != "off",
    "pass_cycle": lambda r: r.pass_count > 0,
}


def applies(name: str, rules: Any) -> bool:
    """Whether option ``name`` does anything under ``rules`` (a `Rules`)."""
    test = _APPLIES.get(name)
    return True if test is None else bool(test(rules))


def rules_in_words(rules: Any, only_changed: bool = False) -> list[str]:
    """One line per option that does something under ``rules`` (a `Rules`),
    ``Label: value in words``; ``only_changed``: only those that differ from the default."""
    default = type(rules)()
    return [f"{o.label}: {o.words(getattr(rules, o.name))}" for o in _LIST
            if applies(o.name, rules)
            and (not only_changed or getattr(rules, o.name) != getattr(default, o.name))]


def nearest_preset(rules: Any) -> str:
    """The preset ``rules`` (a `Rules`) differ least from: the one they are "based on"."""
    from .rules import PRESETS, Rules
    mine = rules.to_dict()

    def distance(name: str) -> int:
        theirs = Rules.preset(name).to_dict()
        return sum(1 for k, v in mine.items() if theirs.get(k) != v)
    return min(PRESETS, key=distance)


def rules_title(rules: Any, leave_out: tuple[str, ...] = ()) -> str:
    """The rules in a few words, as the rules dialog says them: the nearest preset's name,
    then each option changed from it, ``Omnibus, Game to: 50 points`` (``leave_out``:
    options said elsewhere, like the target beside it)."""
    from .rules import Rules
    base = nearest_preset(rules)
    preset = Rules.preset(base)
    changed = [f"{o.label}: {o.words(getattr(rules, o.name))}" for o in _LIST
               if getattr(rules, o.name) != getattr(preset, o.name) and o.name not in leave_out]
    return ", ".join([PRESET_NAMES.get(base, base), *changed])


def words_of(rules: Any) -> dict[str, str]:
    """Every option's value in plain words, by option name (``rules`` is a `Rules`)."""
    return {o.name: o.words(getattr(rules, o.name)) for o in _LIST}


def changes_in_words(before: Any, after: Any) -> list[str]:
    """What changed between two `Rules`, one line each: ``Label: old → new``."""
    return [f"{o.label}: {o.words(getattr(before, o.name))} → {o.words(getattr(after, o.name))}"
            for o in _LIST if getattr(before, o.name) != getattr(after, o.name)]


# -- docs/rules.md's tables ---------------------------------------------------------------------
def _md_value(o: RuleOption, value: Any) -> str:
    if o.kind == "cycle":
        return "`" + ", ".join(value) + "`"
    if o.kind == "bool":
        return "on" if value else "off"
    if value is None:
        return "default (39 for `others`, −24 for `bonus`)"
    return f"`{value}`"


def _md_accepts(o: RuleOption) -> str:
    if o.kind == "cycle":
        return "a non-empty list of " + ", ".join(f"`{d}`" for d in PASS_DIRECTIONS)
    if o.kind == "choice":
        return "; ".join(f"`{v}`: {w}" for v, w in o.choices)
    if o.kind == "bool":
        return "on, off"
    low, high = o.bounds
    return f"{low} to {high}" + (", or default" if o.kind == "optional-int" else "")


def markdown_table(group: str) -> str:
    """The option table of one docs/rules.md section."""
    from .rules import Rules
    default = Rules()
    rows = ["| option | label | default | accepts |", "|---|---|---|---|"]
    rows += [f"| `{o.name}` | {o.label} | {_md_value(o, getattr(default, o.name))} | "
             f"{_md_accepts(o)} |" for o in _LIST if o.group == group]
    return "\n".join(rows)


def markdown_presets() -> str:
    """The presets table of docs/rules.md."""
    from .rules import PRESETS
    rows = ["| preset | what it is | options |", "|---|---|---|"]
    for name, opts in PRESETS.items():
        shown = ", ".join(f"`{k} = {_md_plain(v)}`" for k, v in opts.items()) or "all defaults"
        rows.append(f"| `{name}` | {PRESET_DESCRIPTIONS[name]} | {shown} |")
    return "\n".join(rows)


def _md_plain(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return ", ".join(v)
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


__all__ = ["GROUPS", "OPTIONS", "PRESET_DESCRIPTIONS", "PRESET_NAMES", "RuleOption", "applies",
           "changes_in_words", "describe", "markdown_presets", "markdown_table", "nearest_preset",
           "rules_in_words", "rules_title", "words_of"]
