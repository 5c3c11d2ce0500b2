"""Bots playing a hand among themselves: the loop `hearts match`, `hearts bench` and the
diagnostic scripts share."""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from hearts.engine import Hand, Rules


def play_hand(hand: Hand, bots: Sequence[Any], budget: float, actor: Any = None,
              timed: Callable[[int, float], None] | None = None) -> None:
    """Play ``hand`` to its end, ``bots[s]`` choosing for seat s within ``budget`` seconds.

    Actions go to ``actor`` (the hand itself by default, or the `Game` it belongs to);
    ``timed(seat, seconds)`` hears how long each pass and play choice took.
    """
    actor = hand if actor is None else actor
    while not hand.done:
        if hand.phase == "pass":
            for s in range(4):
                if not hand.has_passed(s):
                    t = time.perf_counter()
                    cards = bots[s].choose_pass(hand.view(s), budget)
                    if timed:
                        timed(s, time.perf_counter() - t)
                    actor.pass_cards(s, cards)
            continue
        seat = hand.turn
        assert seat is not None
        if hand.phase == "play":
            t = time.perf_counter()
            card = bots[seat].choose_play(hand.view(seat), budget)
            if timed:
                timed(seat, time.perf_counter() - t)
            actor.play(seat, card)
        else:
            actor.choose_moon(seat, bots[seat].choose_moon(hand.view(seat), budget))


def seeded_deal(rules: Rules, seed: str, d: int) -> Hand:
    """Deal ``d`` of a run seeded ``seed``: the same cards, pass direction and dealer in
    every run and tool given that seed (`hearts match`, the diagnostic scripts)."""
    return Hand.deal(rules, random.Random(f"{seed}/deal/{d}"), rules.pass_direction(d), dealer=d % 4)


__all__ = ["play_hand", "seeded_deal"]
