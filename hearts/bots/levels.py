"""The bots the host builds by name: one row per kind (`KINDS`), and the lists read from it.

A new kind is one row here; a new search kind is also its `SearchConfig` in
`config.SEARCH_LEVELS` (a test checks that the two agree). `base.make_bot`,
`base.check_bot_name` and `base.level_words` read this table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from hearts.i18n import Translator

if TYPE_CHECKING:
    from .base import Bot

Seed = int | str | None


def _class(module: str, name: str) -> Callable[[str, Seed], Bot]:
    """Builds the bot class ``name`` of this package's ``module``, imported when first used."""
    def build(spec: str, seed: Seed) -> Bot:
        cls: Callable[[Seed], Bot] = getattr(importlib.import_module(module, __package__), name)
        return cls(seed)
    return build


def search_bot(spec: str, seed: Seed) -> Bot:
    """The search bot of a level in `config.SEARCH_LEVELS`, with any ``+key=value`` settings
    (`config.parse_search_spec`), named ``spec``."""
    from .config import parse_search_spec
    from .search import SearchBot
    bot = SearchBot(seed, parse_search_spec(spec))
    bot.name = spec
    return bot


@dataclass(frozen=True)
class BotKind:
    """One kind of bot: its name, how it is built, where people see it, its words."""

    name: str
    build: Callable[[str, Seed], Bot]   # (the name with any "+key=value" settings, a seed)
    level: bool = False                 # a level people choose (the hints, the leaderboard)
    seat: bool = False                  # offered for a seat (the seat menus, the settings)
    words: Callable[[Translator], str] | None = None   # as a player reads it; else its name

    @property
    def settings(self) -> bool:
        """Whether ``name+key=value`` changes its search settings (a search level)."""
        return self.build is search_bot


KINDS: dict[str, BotKind] = {k.name: k for k in (
    # uniformly random legal choices (tests, benchmarks, a night of chaos)
    BotKind("random", _class(".base", "RandomBot"), seat=True,
            words=lambda tr: tr.pgettext("bot level", "random")),
    # the hand-written player (policy.py) without lapses
    BotKind("rules", _class(".rules_bot", "RulesBot")),
    # `normal` by its method's name
    BotKind("search", search_bot),
    # the rules bot with lapses
    BotKind("easy", _class(".rules_bot", "EasyBot"), level=True, seat=True,
            words=lambda tr: tr.pgettext("bot level", "easy")),
    # the moon-aware search, a few ms a move: the default in every seat a bot fills
    BotKind("normal", search_bot, level=True, seat=True,
            words=lambda tr: tr.pgettext("bot level", "normal")),
    # the same search with four times the work, tens of ms a move, within the host's 0.5 s
    BotKind("hard", search_bot, level=True, seat=True,
            words=lambda tr: tr.pgettext("bot level", "hard")),
    # the rules bot trying for the moon whenever its cards allow: a moon-defence sparring partner
    BotKind("shooter", _class(".rules_bot", "ShooterBot")),
    # `normal`, passing and playing for the moon as eagerly as strong players do
    BotKind("eager", search_bot),
    # `eager` judging and playing its moon with the other seats searched in each world:
    # a shooter as a search shoots (docs/bots.md, round 4)
    BotKind("moonshot", search_bot),
)}

BOT_NAMES = tuple(KINDS)                                   # every bot a guest may name
LEVELS = tuple(k.name for k in KINDS.values() if k.level)  # easy, normal, hard
SEAT_LEVELS = (*LEVELS, *(k.name for k in KINDS.values() if k.seat and not k.level))
DEFAULT_LEVEL = "normal"

__all__ = ["BotKind", "KINDS", "BOT_NAMES", "LEVELS", "SEAT_LEVELS", "DEFAULT_LEVEL",
           "search_bot"]
