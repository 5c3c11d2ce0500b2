"""The rules engine: pure Hearts with every option of docs/rules.md, no I/O, no clock.

>>> from hearts.engine import Card, Rules, Hand, Game, IllegalMove
"""

from .actions import (Action, Claim, MoonChoice, MoonOption, Pass, Phase, Play,
                      action_from_wire)
from .cards import CARDS, Card, cards_of, mask_of, parse_cards
from .game import Game, HandResult
from .hand import Hand, IllegalMove, Trick, Tram
from .rules import PRESETS, Rules, RulesError
from .scoring import Moon
from .view import View

__all__ = ["CARDS", "Action", "Card", "Claim", "Game", "Hand", "HandResult", "IllegalMove", "Moon",
           "MoonChoice", "MoonOption", "PRESETS", "Pass", "Phase", "Play", "Rules", "RulesError",
           "Trick", "Tram", "View", "action_from_wire", "cards_of", "mask_of", "parse_cards"]
