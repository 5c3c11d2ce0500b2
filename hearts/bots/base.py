"""The Bot protocol and the registry that builds bots by name."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hearts.engine import Card, View


@runtime_checkable
class Bot(Protocol):
    """A player. Every choice is made from the seat's `View` only, within ``budget`` seconds.

    A bot is synchronous and may keep state between calls (one bot object per seat).
    """

    name: str

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        """The cards to pass (``view.rules.pass_count`` of ``view.hand``)."""
        ...

    def choose_play(self, view: View, budget: float) -> Card:
        """One of ``view.legal``."""
        ...

    def choose_moon(self, view: View, budget: float) -> str:
        """After shooting the moon where the rules ask: ``"add"`` or ``"subtract"``."""
        ...


class RandomBot:
    """Uniformly random legal choices (for tests and benchmarks)."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        return self.rng.sample(list(view.hand), view.rules.pass_count)

    def choose_play(self, view: View, budget: float) -> Card:
        return self.rng.choice(view.legal)

    def choose_moon(self, view: View, budget: float) -> str:
        return self.rng.choice(("add", "subtract"))


@dataclass(frozen=True)
class Hint:
    """What a bot would do for a seat, and a one-line reason a person understands."""

    cards: tuple[Card, ...]   # one card to play, or the cards to pass
    reason: str               # why, without the cards: each front end names them once
    moon: str | None = None   # "add"/"subtract" when the choice is a moon choice


BOT_NAMES = ("random", "rules", "search", "easy", "normal", "hard", "shooter", "normal-v1",
             "hard-v1")
LEVELS = ("easy", "normal", "hard")
SEAT_LEVELS = (*LEVELS, "random")     # what a host or a player may put in a seat
DEFAULT_LEVEL = "normal"


def make_bot(spec: str = "normal", seed: int | str | None = None) -> Bot:
    """A bot by name (a level, a kind) or a plug-in ``package.module:ClassName``.

    Levels: ``easy`` (the rules bot with lapses), ``normal`` (the moon-aware search, a few
    ms a move, the default in every seat a bot fills) and ``hard`` (the same search with
    four times the work, playing for its points against the table's, tens of ms a move,
    within the host's 0.5 s).
    Kinds: ``rules``, ``random``, ``shooter`` (the rules bot that tries for the moon whenever
    its cards allow: a sparring partner for moon defence), ``normal-v1`` and ``hard-v1``
    (the levels before the moon-aware round, kept to measure the new ones against).
    """
    spec = spec.strip()
    if ":" in spec:
        module_name, _, class_name = spec.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError) as e:
            raise ValueError(f"cannot load bot {spec!r}: {e}") from None
        try:
            try:
                bot = cls(seed=seed)
            except TypeError:
                bot = cls()
        except Exception as e:  # a plug-in's own error: report it in one sentence
            raise ValueError(f"cannot start bot {spec!r}: {type(e).__name__}: {e}") from None
        for method in ("choose_pass", "choose_play", "choose_moon"):
            if not callable(getattr(bot, method, None)):
                raise ValueError(f"bot {spec!r} has no {method}(view, budget) method")
        if not hasattr(bot, "name"):
            try:
                bot.name = class_name
            except AttributeError:
                pass
        return bot
    from .rules_bot import EasyBot, RulesBot, ShooterBot
    from .search import SearchBot
    if spec == "random":
        return RandomBot(seed)
    if spec == "rules":
        return RulesBot(seed)
    if spec == "easy":
        return EasyBot(seed)
    if spec == "shooter":
        return ShooterBot(seed)
    if spec in ("normal", "search"):
        bot = SearchBot(seed, **NORMAL)
        bot.name = spec
        return bot
    if spec in SETTINGS:
        bot = SearchBot(seed, **SETTINGS[spec])
        bot.name = spec
        return bot
    raise ValueError(f"unknown bot {spec!r}; bots are: {', '.join(BOT_NAMES)}, "
                     "or package.module:ClassName")


# search settings of the levels: simulated plays per decision (more in the first four tricks),
# racing (halfway through a play's worlds, the cards worse than the best by 1.5 standard
# errors are dropped and their worlds go to the rest), a time cap (seconds), the pass search
# (its best four passes searched further), how worlds are read from the plays seen (a card
# that follows suit in the first four tricks reads as nothing), the moon model on evidence
# only (suspects of at most five losing cards; a suspect's runnable hand dealt only while it
# leads hearts, once it has taken six hearts or the Q♠ and four, or while its plays read as
# a shooter's with a chance of 0.3; the moon model itself from a read of 0.1), a moon
# against the bot counted four times its points once some seat reads as a shooter with a
# chance of 0.1, and the bot's own moon from a hand with at most three losing cards, a
# heart or a spade under the Q♠ counting twice; in the last six tricks the bot plays its
# own best line in each world (see `SearchBot`). The pass search tries every pass of three
# (286), and scores each as if the receiver tried for the moon wherever its hand after the
# passes has at most seven losers, a moon against the bot there counting three times. A
# share of plausible shooters before any evidence stops more moons among `shooter` bots and
# costs more against `normal-v1` (see README.md): no level uses it
NORMAL: dict[str, Any] = {"work": 52000, "early_work": 128000, "max_worlds": 480,
                          "prune_z": 1.5, "cap": 0.3,
                          "pass_worlds": 96, "pass_more": 288, "pass_keep": 4, "infer": 8,
                          "moon_aware": True, "on_evidence": True, "run_on_tell": True,
                          "run_hearts": 6, "run_hearts_qs": 4, "run_read": 0.3,
                          "read_alarm": 0.1, "moon_pass": False, "my_risk": 3,
                          "shoot_z": 2.0, "read_quiet": 4, "moon_weight": 4.0,
                          "weight_read": 0.1, "opp_risk": 5, "own_tricks": 6,
                          "pass_spread": 10, "pass_moon": 1.0, "pass_risk": 7,
                          "pass_weight": 3.0}
# normal has four times the work it had before the playouts were in C (-0.56 a hand against
# normal-v1 over 2,000 deals, where the old work scored -0.41 on the same deals); hard four
# times normal's in play and twice its worlds for every pass (the host's budget is 0.5 s).
# hard also plays for its points against the table's (a moon counts half its worth, for it
# or against it), and its moon playouts have every seat that is not shooting defend as it
# does: more work alone had stopped making the search stronger (see README.md). The rules
# player of its playouts (in play and in the pass search) leads as the model fitted to
# `normal`'s own leads (`policy.model_lead`)
HARD: dict[str, Any] = {**NORMAL, "work": 208000, "early_work": 512000, "cap": 0.5,
                        "max_worlds": 1920, "pass_worlds": 192, "pass_more": 1152,
                        "relative": True, "strong_defence": "all", "model_leads": True}
# the levels as they were before the moon-aware round (kept to measure the new ones against)
NORMAL_V1: dict[str, Any] = {"work": 12000, "cap": 0.3, "pass_worlds": 24,
                             "trick_splits": False}
HARD_V1: dict[str, Any] = {"work": 60000, "cap": 0.95, "max_worlds": 600, "pass_worlds": 120,
                           "pass_spread": 3, "trick_splits": False}
SETTINGS = {"hard": HARD, "normal-v1": NORMAL_V1, "hard-v1": HARD_V1}


def hint(view: View, budget: float = 0.2) -> Hint:
    """The choice the default bot would make for ``view.seat`` now, with a reason."""
    from .hints import make_hint
    return make_hint(view, budget)
