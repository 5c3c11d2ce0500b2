"""Views on the wire: `View.to_dict()` without ``rules``, built once per change for all seats.

The public part of a hand (tricks, turn, totals...) is the same for every seat,
so it is built once and each seat adds only its own cards. The result equals
``hand.view(seat, reveal).to_dict()`` minus the ``rules`` key (tests check it);
the rules travel in the ``table`` message instead, which halves every update.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hearts.engine import cards_of


def _strs(cards: Any) -> list[str]:
    return [str(c) for c in cards]


@lru_cache(maxsize=16384)
def _mask_strs(mask: int) -> tuple[str, ...]:
    """Card names of a mask, in the engine's order (a seat's hand changes one card a
    play, so the same masks come back for every message until it plays)."""
    return tuple(str(c) for c in cards_of(mask))


@lru_cache(maxsize=16384)
def _trick_wire(trick: Any) -> tuple[int, tuple[str, ...], int]:
    return trick.leader, tuple(str(c) for c in trick.cards), trick.winner


def public_part(hand: Any) -> dict[str, Any]:
    """Everything any seat may see of ``hand``."""
    moon = hand.moon
    tram = hand.tram
    lead = hand.leader
    return {
        "phase": hand.phase,
        "pass_direction": hand.pass_direction,
        "dealer": hand.dealer,
        "totals": list(hand.totals),
        "has_passed": [hand.has_passed(s) for s in range(4)],
        "turn": hand.turn,
        "leader": lead,
        "trick": [[s, str(c)] for s, c in hand.trick],
        "tricks": [[t_lead, list(t_cards), t_win]
                   for t_lead, t_cards, t_win in map(_trick_wire, hand.tricks)],
        "hearts_broken": hand.hearts_broken,
        "cards_left": [hand.cards_left(s) for s in range(4)],
        "taken_points": list(hand.taken_points()),
        "tricks_won": [hand.tricks_won(s) for s in range(4)],
        "moon": None if moon is None else
        {"shooter": moon.shooter, "sun": moon.sun, "choice": moon.choice},
        "tram": None if tram is None else
        {"seat": tram.seat, "cards": [_strs(h) for h in tram.cards], "claimed": tram.claimed},
        "points": list(hand.points()) if hand.done else None,
    }


def seat_view(hand: Any, seat: int, public: dict[str, Any], reveal: bool = False
              ) -> dict[str, Any]:
    """``seat``'s view: the public part plus its own cards (every hand with ``reveal``)."""
    passed = hand.passed(seat)
    received = hand.received(seat)
    d = dict(public)
    d["seat"] = seat
    d["hand"] = list(_mask_strs(hand.held_mask(seat)))
    d["passed"] = None if passed is None else _strs(passed)
    d["received"] = None if received is None else _strs(received)
    d["legal"] = list(_mask_strs(hand.legal_mask(seat)))
    d["others"] = [_strs(hand.held(s)) for s in range(4)] if reveal else None
    return d


def watcher_view(public: dict[str, Any]) -> dict[str, Any]:
    """A watcher's view: no seat's hidden cards."""
    d = dict(public)
    d.update({"seat": None, "hand": [], "passed": None, "received": None, "legal": [],
              "others": None})
    return d
