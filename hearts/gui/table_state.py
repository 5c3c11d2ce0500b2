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


def hint_words(reason: str, cards: int) -> str:
    """The hint's line: its reason, which names the card once ("Hint: 5♥: play low…")."""
    reason = reason.strip()
    if reason:
        return f"Hint: {reason}"
    return "Hint: the outlined card" + ("s" if cards != 1 else "")


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
