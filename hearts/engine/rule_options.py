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

Every text here is English marked for the catalogue (``N_``); what a player reads is
said in a language: ``words(value, tr)``, ``label_in(tr)``, ``rules_in_words(rules, tr=tr)``
(``tr`` a `hearts.i18n.Translator`; None: the process's language).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Literal

from hearts.i18n import N_, PROCESS, T_, Text, Translator

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
    unit: str = ""                              # after a number: "points", "seconds", "cards"
    none_words: str = ""                        # what None means, for "optional-int"
    none_said: str = ""                         # ...with the rules known: its value ({sun})
    zero_words: str = ""                        # what 0 means, where it means "none"

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)

    def words(self, value: Any, tr: Translator | None = None, rules: Any = None) -> str:
        """``value`` of this option in plain words, in ``tr``'s language; ``rules`` (a
        `Rules`, the standard ones if None): the rules it is part of, whose facts some
        words name ("others get 43": the moon's value under them)."""
        tr = tr or PROCESS
        if self.kind == "cycle":
            if tuple(value) == ("hold",):
                return tr.gettext("no passing")
            if len(value) > 1:
                return ", ".join(direction_words(str(d), tr) for d in value)
            return tr.gettext("always {direction}").format(
                direction=direction_words(str(value[0]), tr)) if value else ""
        if self.kind == "bool":
            return on_off(bool(value), tr)
        if self.kind == "choice":
            words = dict(self.choices).get(value)
            if not words:
                return str(value)
            return tr.gettext(words).format(**_facts(rules)) if "{" in words else tr.gettext(words)
        if value is None:
            if self.none_said and rules is not None:
                return tr.gettext(self.none_said).format(**_facts(rules))
            return tr.gettext(self.none_words)
        if value == 0 and self.zero_words:
            return tr.gettext(self.zero_words)
        return unit_words(self.unit, value, tr)

    def label_in(self, tr: Translator | None = None) -> str:
        """The option's short name in ``tr``'s language."""
        return (tr or PROCESS).gettext(self.label)

    def help_in(self, tr: Translator | None = None) -> str:
        """The option's help in ``tr``'s language."""
        return (tr or PROCESS).gettext(self.help)

    def accepts(self) -> Text:
        """What the option accepts, in words (for errors and the console; a `Text`)."""
        if self.kind == "cycle":
            return T_("a list of {directions}", directions=", ".join(PASS_DIRECTIONS))
        if self.kind == "choice":
            return T_("one of {values}", values=", ".join(self.values))
        if self.kind == "bool":
            return T_("on or off")
        low, high = self.bounds
        if self.kind == "optional-int":
            return T_("a whole number from {low} to {high} or default", low=low, high=high)
        return T_("a whole number from {low} to {high}", low=low, high=high)


def direction_words(direction: str, tr: Translator | None = None) -> str:
    """A pass direction (``left``, ``right``, ``across``, ``hold``) in words."""
    tr = tr or PROCESS
    return {"left": tr.pgettext("pass direction", "left"),
            "right": tr.pgettext("pass direction", "right"),
            "across": tr.pgettext("pass direction", "across"),
            "hold": tr.pgettext("pass direction", "hold")}.get(direction, direction)


def passing_words(direction: str | None, tr: Translator | None = None) -> str:
    """A hand's pass in a few words: "passing left", "passing across"... or "no passing"."""
    tr = tr or PROCESS
    return {"left": tr.gettext("passing left"), "right": tr.gettext("passing right"),
            "across": tr.gettext("passing across")}.get(direction or "",
                                                        tr.gettext("no passing"))


def on_off(value: bool, tr: Translator | None = None) -> str:
    """A switch's state in words."""
    tr = tr or PROCESS
    return tr.pgettext("switch", "on") if value else tr.pgettext("switch", "off")


def unit_words(unit: str, n: int, tr: Translator | None = None) -> str:
    """``n`` with its unit (``points``, ``seconds``, ``cards``), as its language counts."""
    tr = tr or PROCESS
    if unit == "points":
        return tr.ngettext("{n} point", "{n} points", n).format(n=n)
    if unit == "seconds":
        return tr.ngettext("{n} second", "{n} seconds", n).format(n=n)
    if unit == "cards":
        return tr.ngettext("{n} card", "{n} cards", n).format(n=n)
    return str(n)


def _opt(name: str, kind: Kind, group: str, label: str, help: str, **kw: Any) -> RuleOption:
    return RuleOption(name, kind, group, label, help, **kw)


_LIST = [
    # -- passing and leading
    _opt("pass_cycle", "cycle", "passing", N_("Pass directions"),
         N_("The pass direction of each hand, repeating: left, right, across or hold "
            "(no pass).")),
    _opt("pass_count", "int", "passing", N_("Cards passed"),
         N_("How many cards each player passes (0: no passing)."), bounds=(0, 6), unit="cards",
         zero_words=N_("no passing")),
    _opt("first_lead", "choice", "passing", N_("First lead"),
         N_("Who leads the first trick, and what."),
         choices=(("two-of-clubs", N_("2♣ leads")),
                  ("any-club", N_("any club, by the 2♣ holder")),
                  ("left-of-dealer", N_("left of the dealer, any card")))),
    _opt("first_trick", "choice", "passing", N_("Points on trick 1"),
         N_("Whether hearts and Q♠ may be discarded on the first trick."),
         choices=(("no-points", N_("none, unless no choice")),
                  ("hearts-if-void", N_("hearts if void in clubs")),
                  ("anything", N_("anything goes")))),
    _opt("hearts_break", "choice", "passing", N_("Leading hearts"),
         N_("When hearts may be led."),
         choices=(("required", N_("once hearts are broken")),
                  ("free", N_("any time after trick 1")))),
    _opt("queen_breaks_hearts", "bool", "passing", N_("Q♠ breaks hearts"),
         N_("Playing Q♠ breaks hearts as a heart does.")),
    _opt("lead_hearts_over_queen", "bool", "passing", N_("Lead ♥ over Q♠"),
         N_("With hearts unbroken and only hearts and Q♠ in hand, a heart may be led.")),
    # -- card values
    _opt("heart_points", "choice", "values", N_("Heart points"), N_("What each heart is worth."),
         choices=(("one", N_("1 point each")),
                  ("face", N_("face value (A 14)")))),
    _opt("queen_points", "int", "values", N_("Q♠ points"), N_("Points for taking Q♠."),
         bounds=(-100, 100), unit="points"),
    _opt("high_spades", "bool", "values", N_("A♠ 7, K♠ 10"),
         N_("A♠ counts 7 points and K♠ 10 as well (Black Maria).")),
    _opt("jack_of_diamonds", "int", "values", N_("J♦ points"),
         N_("Points for taking J♦ (Omnibus: −10, a bonus)."), bounds=(-100, 100),
         unit="points", zero_words=N_("nothing")),
    _opt("clean_hand_bonus", "int", "values", N_("Clean hand bonus"),
         N_("Points for a clean hand (a bonus is negative, like −5)."), bounds=(-100, 100),
         unit="points", zero_words=N_("none")),
    _opt("clean_hand", "choice", "values", N_("Clean hand means"),
         N_("What counts as a clean hand."),
         choices=(("no-tricks", N_("no trick taken")),
                  ("no-points", N_("no penalty points taken")))),
    # -- moon and sun
    _opt("moon", "choice", "moon", N_("Shooting the moon"),
         N_("What happens when one player takes every heart and Q♠."),
         choices=(("add", N_("others get {points}")), ("subtract", N_("shooter loses {points}")),
                  ("choose", N_("shooter chooses")),
                  ("new-moon", N_("shooter chooses (new moon)")),
                  ("auto", N_("others get {points} unless it loses")),
                  ("off", N_("no moon")))),
    _opt("moon_needs_jack", "bool", "moon", N_("Moon needs J♦"),
         N_("Shooting the moon also needs J♦ (Omnibus).")),
    _opt("bonuses_on_moon", "choice", "moon", N_("Bonuses with a moon"),
         N_("Whether J♦ and the clean-hand bonus still count in a hand with a moon."),
         choices=(("jack", N_("J♦ still counts")), ("none", N_("no J♦, no clean bonus")))),
    _opt("sun", "choice", "moon", N_("Shooting the sun"), N_("Taking all 13 tricks."),
         choices=(("off", N_("counts as a moon")), ("others", N_("others get the sun")),
                  ("bonus", N_("shooter gets a bonus")))),
    _opt("sun_points", "optional-int", "moon", N_("Sun points"),
         N_("Points of the sun (default: 39 for the others, −24 as a bonus)."),
         bounds=(-200, 200), unit="points", none_words=N_("the default"),
         none_said=N_("the usual {sun}")),
    # -- game end and totals
    _opt("target", "int", "end", N_("Game to"),
         N_("The game ends after the hand in which a total reaches this."), bounds=(1, 10000),
         unit="points"),
    _opt("end_when", "choice", "end", N_("Game ends when"), N_("When a total ends the game."),
         choices=(("reach", N_("a total reaches it")),
                  ("exceed", N_("a total passes it")))),
    _opt("exact_target", "choice", "end", N_("Exactly the target"),
         N_("What a total of exactly the target does."),
         choices=(("none", N_("nothing special")), ("wins", N_("that player wins")),
                  ("halves", N_("that total drops to half")))),
    _opt("ties", "choice", "end", N_("Ties"), N_("What equal lowest totals at the end do."),
         choices=(("share", N_("winners share")), ("play-on", N_("play another hand")),
                  ("random", N_("a random winner")))),
    _opt("floor_at_zero", "bool", "end", N_("No total below 0"),
         N_("A total pushed below zero by bonuses is set to 0.")),
    _opt("display", "choice", "end", N_("Show totals as"), N_("How totals are shown."),
         choices=(("penalty", N_("points (lowest wins)")),
                  ("countdown", N_("countdown (highest wins)")))),
    # -- finishing early
    _opt("tram", "choice", "early", N_("Ending a decided hand"),
         N_("TRAM (the rest are mine): when one player must win every trick left."),
         choices=(("auto", N_("dealt out at once")),
                  ("claim", N_("the winner may claim")), ("off", N_("every card played")))),
    # -- table rules that are not card rules
    _opt("turn_seconds", "int", "table", N_("Turn timer"),
         N_("Seconds per turn before a bot plays for you (0: no timer)."), bounds=(0, 3600),
         unit="seconds", zero_words=N_("off")),
    _opt("allow_undo", "bool", "table", N_("Undo"),
         N_("Take back your last card (only when every other seat is a bot).")),
    _opt("open_hands", "bool", "table", N_("Open hands"),
         N_("Everyone's cards shown, with a played-cards list (only against bots).")),
]

OPTIONS: dict[str, RuleOption] = {o.name: o for o in _LIST}

# One line per preset, shown first in the rules dialog and in the docs.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": N_("The usual game: pass left, right, across, hold; 26 to shoot the moon."),
    "omnibus": N_("J♦ is worth −10, and a moon needs it too."),
    "black-maria": N_("Pass right only, A♠ 7 and K♠ 10, hearts led freely, no moon."),
    "spot": N_("Hearts at face value, Q♠ 25, game to 500."),
    "tournament": N_("No hold hand: pass left, right, across."),
    "gamebot": N_("Q♠ does not break hearts; ties play on."),
    "hearts2": N_("Hearts 2.0's house rules: Omnibus, new moon, clean-hand bonus, no totals "
                  "below 0."),
    "skelly": N_("J♦ −10, the shooter chooses, exactly the target wins, the game ends past it."),
}

GROUPS = {"passing": N_("Passing and leading"), "values": N_("Card values"),
          "moon": N_("Moon and sun"), "end": N_("Game end and totals"),
          "early": N_("Finishing early"), "table": N_("Table rules that are not card rules")}


def describe(name: str) -> Text:
    """What option ``name`` accepts, in words; KeyError for an unknown name."""
    return OPTIONS[name].accepts()


# The presets' names as people write them.
PRESET_NAMES: dict[str, str] = {
    "standard": N_("Standard"), "omnibus": N_("Omnibus"), "black-maria": N_("Black Maria"),
    "spot": N_("Spot hearts"), "tournament": N_("Tournament"), "gamebot": N_("Gamebot"),
    "hearts2": N_("Hearts 2.0"), "skelly": N_("Skelly"),
}


def preset_name(name: str, tr: Translator | None = None) -> str:
    """A preset's name as people say it, in ``tr``'s language (the code if unknown)."""
    words = PRESET_NAMES.get(name)
    return (tr or PROCESS).gettext(words) if words else name


def summary_words(summary: str, tr: Translator | None = None) -> str:
    """A table's or a game's ``summary`` (a preset's code, or ``custom: ...``) as people say
    it, in ``tr``'s language: the preset's name, or "custom"."""
    if summary.startswith("custom"):
        return (tr or PROCESS).gettext("custom")
    return preset_name(summary, tr)


def preset_description(name: str, tr: Translator | None = None) -> str:
    """A preset's one-line description in ``tr``'s language ("" if unknown)."""
    words = PRESET_DESCRIPTIONS.get(name)
    return (tr or PROCESS).gettext(words) if words else ""


def group_title(group: str, tr: Translator | None = None) -> str:
    """The title of a group of options in ``tr``'s language."""
    words = GROUPS.get(group)
    return (tr or PROCESS).gettext(words) if words else group


def option_line(name: str, value: Any, tr: Translator | None = None, rules: Any = None) -> str:
    """``Label: value in words`` for option ``name``, in ``tr``'s language (``rules``: the
    rules it is part of, see `RuleOption.words`)."""
    tr = tr or PROCESS
    o = OPTIONS[name]
    return tr.gettext("{option}: {value}").format(option=o.label_in(tr),
                                                  value=o.words(value, tr, rules))


def _facts(rules: Any) -> dict[str, Any]:
    """What option words may name of their rules: ``points``, the moon's value."""
    from .rules import Rules
    from .scoring import moon_value
    rules = rules if rules is not None else Rules()
    return {"points": moon_value(rules), "sun": rules.sun_value}


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


def rules_in_words(rules: Any, only_changed: bool = False,
                   tr: Translator | None = None) -> list[str]:
    """One line per option that does something under ``rules`` (a `Rules`),
    ``Label: value in words``; ``only_changed``: only those that differ from the default."""
    default = type(rules)()
    return [option_line(o.name, getattr(rules, o.name), tr, rules) for o in _LIST
            if applies(o.name, rules)
            and (not only_changed or getattr(rules, o.name) != getattr(default, o.name))]


@lru_cache(maxsize=64)
def nearest_preset(rules: Any) -> str:
    """The preset ``rules`` (a `Rules`) differ least from: the one they are "based on"."""
    from .rules import PRESETS, Rules
    mine = rules.to_dict()

    def distance(name: str) -> int:
        theirs = Rules.preset(name).to_dict()
        return sum(1 for k, v in mine.items() if theirs.get(k) != v)
    return min(PRESETS, key=distance)


def rules_title(rules: Any, leave_out: tuple[str, ...] = (), tr: Translator | None = None) -> str:
    """The rules in a few words, as the rules dialog says them: the nearest preset's name,
    then each option changed from it, ``Omnibus, Game to: 50 points`` (``leave_out``:
    options said elsewhere, like the target beside it)."""
    from .rules import Rules
    base = nearest_preset(rules)
    preset = Rules.preset(base)
    changed = [option_line(o.name, getattr(rules, o.name), tr, rules) for o in _LIST
               if getattr(rules, o.name) != getattr(preset, o.name) and o.name not in leave_out]
    return ", ".join([preset_name(base, tr), *changed])


def words_of(rules: Any, tr: Translator | None = None) -> dict[str, str]:
    """Every option's value in plain words, by option name (``rules`` is a `Rules`)."""
    return {o.name: o.words(getattr(rules, o.name), tr, rules) for o in _LIST}


def changes_in_words(before: Any, after: Any, tr: Translator | None = None) -> list[str]:
    """What changed between two `Rules`, one line each: ``Label: old → new``."""
    tr = tr or PROCESS
    return [tr.gettext("{option}: {old} → {new}").format(
        option=o.label_in(tr), old=o.words(getattr(before, o.name), tr, before),
        new=o.words(getattr(after, o.name), tr, after))
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
        return "; ".join(f"`{v}`: {o.words(v)}" for v in o.values)   # (the standard game's moon)
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
           "changes_in_words", "describe", "direction_words", "group_title", "markdown_presets",
           "markdown_table", "nearest_preset", "on_off", "option_line", "passing_words",
           "preset_description", "preset_name", "rules_in_words", "rules_title", "summary_words",
           "unit_words", "words_of"]
