"""Bots: fill empty seats, take over dropped players, play on timeouts, give hints.

>>> from hearts.bots import make_bot, hint
>>> bot = make_bot("normal", seed=1)
>>> card = bot.choose_play(view, budget=0.1)

Modules: `base` (the protocol, `make_bot`, `hint`), `levels` (the table of bot kinds
and levels), `sim` (a fast simulator on card masks), `policy` (the hand-written player
on masks), `moon` (when a hand can run, the moon attempt's play and pass, the early moon
alarm), `rules_bot` (the rules, easy and shooter bots), `sampling` (dealing the unseen
cards consistent with a view), `search`, `hints`, `table` (bots playing a hand among
themselves), `examples` (a plug-in bot to copy).
"""

from .base import Bot, Hint, RandomBot, hint, make_bot
from .levels import BOT_NAMES, KINDS, LEVELS, SEAT_LEVELS, BotKind
from .rules_bot import EasyBot, RulesBot, ShooterBot
from .search import SearchBot

__all__ = ["Bot", "Hint", "RandomBot", "RulesBot", "EasyBot", "ShooterBot", "SearchBot", "hint", "make_bot",
           "BOT_NAMES", "LEVELS", "SEAT_LEVELS", "KINDS", "BotKind"]
