"""The rules engine: pure Hearts with every option of RULES.md, no I/O, no clock.

>>> from hearts.engine import Card, Rules, Hand, Game, IllegalMove
"""

from .cards import CARDS, Card, cards_of, mask_of, parse_cards
from .game import Game, HandResult
from .hand import Hand, IllegalMove, Trick, Tram
from .rules import PRESETS, Rules, RulesError
from .scoring import Moon
from .view import View

__all__ = ["CARDS", "Card", "Game", "Hand", "HandResult", "IllegalMove", "Moon", "PRESETS",
           "Rules", "RulesError", "Trick", "Tram", "View", "cards_of", "mask_of", "parse_cards"]
