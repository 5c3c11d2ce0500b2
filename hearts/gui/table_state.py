"""Presentation helpers of the table screen: reasons, pass and moon words. Pure: no pygame.

The table facts and the seat's view come from `net.mirror` (`TableInfo`, `read_view`).
"""

from __future__ import annotations

from hearts.engine import Card, Rules, View
from hearts.engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from hearts.engine.scoring import moon_value
from net.mirror import TableInfo


def suit_words(suit: int) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


def why_illegal(view: View, card: Card) -> str:
    """Why ``card`` may not be played now, in the engine's words (the pass phase: what to do)."""
    if view.phase == "pass":
        return "cards are being passed: pick cards to pass"
    return view.why_illegal(card) or ""


def pass_words(view: View, info: TableInfo) -> str:
    """"Pass 3 cards to the left (to Ann)" for the current hand."""
    n = view.rules.pass_count
    d = view.pass_direction
    if d == "hold":
        return "No passing this hand: keep your cards"
    return f"Pass {n} card{'s' if n != 1 else ''} to the {d} (to {info.seat_name(view.pass_to)})"


def moon_points(rules: Rules) -> int:
    """M, the points a moon is worth under these rules."""
    return moon_value(rules)
