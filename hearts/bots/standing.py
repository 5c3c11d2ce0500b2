"""Playing for the game near its end: a hand valued by the seat's chance of losing the game
after it (`Standing`), not by its points.

Near the target the same points can end a game the seat wins or one it loses, and who takes
the points the seat does not decides which: the Q♠ on the seat at 95 ends the game for the
leader and prolongs it for the others. A hand that ends the game is scored by the rules
(`game_end`: the seat wins, shares the win, or loses); one that does not by a chance of
winning from the totals after it, each seat's ``exp(-total / s)`` shared out, ``s`` growing
with the hands the game has left. Fitted (``SCALE``, ``POINTS_A_HAND``, ``HANDS_MORE``) to
games played on from 600 random standings with hands of the rules player (docs/bots.md).
"""

from __future__ import annotations

import math
from typing import Sequence

from hearts.engine import Rules
from hearts.engine.scoring import apply_hand, game_end

SCALE = 6.0          # points: the spread of the win chances with one hand left
POINTS_A_HAND = 10.0  # the leading total's climb a hand, for the hands the game has left
HANDS_MORE = 1.0     # hands added to that estimate (the spread never quite closes)


def win_chances(rules: Rules, totals: Sequence[int]) -> list[float]:
    """Each seat's chance of winning a game that goes on from ``totals`` (a model)."""
    low = min(totals)
    hands = max(0.0, (rules.target - max(totals)) / POINTS_A_HAND)
    spread = SCALE * math.sqrt(hands + HANDS_MORE)
    weights = [math.exp(-(t - low) / spread) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]


def near_end(rules: Rules, totals: Sequence[int], within: int) -> bool:
    """Whether a seat is ``within`` points of the target."""
    return max(totals) + within >= rules.target


class Standing:
    """``seat``'s chance of losing the game (0 to 100) after a hand of given points, from the
    ``totals`` before it, plus ``per_point`` for each point the seat takes in the hand. Values
    are cached: a search meets the same points many times."""

    def __init__(self, rules: Rules, totals: Sequence[int], seat: int,
                 per_point: float = 0.0) -> None:
        self.rules = rules
        self.totals = list(totals)
        self.seat = seat
        self.per_point = per_point
        self._cache: dict[tuple[int, ...], float] = {}

    def value(self, points: Sequence[int]) -> float:
        """The chance (in %) that ``seat`` loses the game once ``points`` are scored, plus
        ``per_point`` times its points."""
        key = tuple(points)
        got = self._cache.get(key)
        if got is None:
            after = apply_hand(self.rules, list(self.totals), list(key))
            winners = game_end(self.rules, after)
            if winners is not None:
                share = 1.0 / len(winners) if self.seat in winners else 0.0
            else:
                share = win_chances(self.rules, after)[self.seat]
            got = 100.0 * (1.0 - share) + self.per_point * key[self.seat]
            self._cache[key] = got
        return got


__all__ = ["Standing", "win_chances", "near_end"]
