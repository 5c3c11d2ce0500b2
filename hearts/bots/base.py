"""The Bot protocol and the registry that builds bots by name."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Callable, Collection, Protocol, cast, runtime_checkable

from hearts.engine import Card, View
from hearts.i18n import PROCESS, T_, Translator


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


BOT_NAMES = ("random", "rules", "search", "easy", "normal", "hard", "shooter", "eager",
             "moonshot")
LEVELS = ("easy", "normal", "hard")
SEAT_LEVELS = (*LEVELS, "random")     # what a host or a player may put in a seat


def level_words(level: str | None, tr: Translator | None = None) -> str:
    """A bot's level as a player reads it ("easy", "normal", "hard", "random"; any other
    bot by its name)."""
    tr = tr or PROCESS
    return {"easy": tr.pgettext("bot level", "easy"),
            "normal": tr.pgettext("bot level", "normal"),
            "hard": tr.pgettext("bot level", "hard"),
            "random": tr.pgettext("bot level", "random")}.get(level or "", level or "")
DEFAULT_LEVEL = "normal"


def make_bot(spec: str = "normal", seed: int | str | None = None) -> Bot:
    """A bot by name (a level, a kind) or a plug-in ``package.module:ClassName``.

    Levels: ``easy`` (the rules bot with lapses), ``normal`` (the moon-aware search, a few
    ms a move, the default in every seat a bot fills) and ``hard`` (the same search with
    four times the work, tens of ms a move, within the host's 0.5 s); their settings are
    `config.SEARCH_LEVELS`, and ``hard+moon_weight=6`` is a level with settings changed
    (`config.parse_search_spec`). Kinds: ``rules``, ``random``, ``shooter`` (the rules bot
    that tries for the moon whenever its cards allow: a sparring partner for moon defence),
    ``eager`` (``normal``, but passing and playing for the moon as eagerly as strong players
    do: a stronger sparring partner), ``moonshot`` (``eager`` judging and playing its moon
    with the other seats searched in each world: a shooter as a search shoots), ``search`` (``normal`` by its method's name).
    """
    spec = spec.strip()
    if ":" in spec:
        return _plug_in(spec, seed)
    from .config import SEARCH_LEVELS, parse_search_spec
    from .rules_bot import EasyBot, RulesBot, ShooterBot
    from .search import SearchBot
    simple: dict[str, Callable[[int | str | None], Bot]] = {
        "random": RandomBot, "rules": RulesBot, "easy": EasyBot, "shooter": ShooterBot}
    if spec in simple:
        return simple[spec](seed)
    if spec.split("+")[0] in SEARCH_LEVELS:
        bot = SearchBot(seed, parse_search_spec(spec))
        bot.name = spec
        return bot
    raise ValueError(f"unknown bot {spec!r}; bots are: {', '.join(BOT_NAMES)}, "
                     "or package.module:ClassName")


def check_bot_name(spec: str, plug_ins: Collection[str] = (), ceiling: str = "hard") -> str:
    """``spec`` when a guest may put that bot in a seat, checked by name alone: nothing is
    imported or built. A guest names one of the host's bots (`BOT_NAMES`), a search level
    with settings changed within ``ceiling``'s costs (``hard+moon_weight=6``,
    `config.check_bounded`), or one of the operator's ``plug_ins`` exactly as the operator
    gave it. Anything else, a module path above all, raises ValueError."""
    from .config import SEARCH_LEVELS, check_bounded
    if spec in plug_ins:
        return spec
    if ":" in spec:
        raise ValueError(T_("there is no bot {bot} on this host: a plug-in bot is added by "
                            "the host's operator", bot=spec))
    if spec.split("+")[0] in SEARCH_LEVELS:
        try:
            check_bounded(spec, ceiling)
        except ValueError as e:
            raise ValueError(T_("the bot {bot} cannot be used here ({why})", bot=spec,
                                why=str(e))) from None
        return spec
    if spec not in BOT_NAMES:
        raise ValueError(T_("there is no bot {bot} on this host; its bots are: {bots}",
                            bot=spec, bots=", ".join((*BOT_NAMES, *plug_ins))))
    return spec


def _plug_in(spec: str, seed: int | str | None) -> Bot:
    """The bot of class ``ClassName`` from ``package.module:ClassName`` (ValueError if not)."""
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
    return cast(Bot, bot)


def hint(view: View, budget: float = 0.2) -> Hint:
    """The choice the default bot would make for ``view.seat`` now, with a reason."""
    from .hints import make_hint
    return make_hint(view, budget)
