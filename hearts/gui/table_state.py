"""Presentation helpers of the table screen: reasons, pass and moon words. Pure: no pygame.

The table facts and the seat's view come from `net.mirror` (`TableInfo`, `read_view`).
"""

from __future__ import annotations

from typing import Any, Callable

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


def hint_words(reason: str, cards: list[Card]) -> str:
    """The hint's line: the cards named once, then why ("Hint: 5♥ · play low…")."""
    names = " ".join(c.symbol for c in cards)
    reason = reason.strip()
    if names and reason:
        return f"Hint: {names} · {reason}"
    return f"Hint: {names or reason}" if names or reason else "Hint: none"


def tram_words(tram: dict[str, Any] | None, name: Callable[[int], str], me: int | None) -> str | None:
    """The plain sentence for a hand that ended early (TRAM), or None if it did not."""
    if not tram:
        return None
    seat = tram.get("seat")
    if seat is None:
        return "No points were left: the hand ended early."
    who = "You" if seat == me else name(seat)
    if tram.get("claimed"):
        return f"{who} claimed the rest: {'your' if seat == me else 'those'} cards win every trick left."
    return f"{who} {'win' if seat == me else 'wins'} every trick left: the hand ended early."
