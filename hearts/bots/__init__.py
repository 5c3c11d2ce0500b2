"""Bots: fill empty seats, take over dropped players, play on timeouts, give hints.

>>> from hearts.bots import make_bot, hint
>>> bot = make_bot("normal", seed=1)
>>> card = bot.choose_play(view, budget=0.1)
"""

from .base import Bot, Hint, RandomBot, hint, make_bot, BOT_NAMES

__all__ = ["Bot", "Hint", "RandomBot", "hint", "make_bot", "BOT_NAMES"]
