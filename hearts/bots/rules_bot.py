"""The rules bot (a strong hand-written player) and the easy level built on it."""

from __future__ import annotations

import random

from hearts.engine import Card, View

from .moon import moon_plausible, pass_keeps_moon, shoot_pass, shoot_play
from .policy import pass_policy, play_with_reason
from .sim import SimState, best_moon_choice, sim_rules, state_from_view


def legal_mask(view: View) -> int:
    m = 0
    for c in view.legal:
        m |= c.mask
    return m


def hand_mask(view: View) -> int:
    m = 0
    for c in view.hand:
        m |= c.mask
    return m


def taken_masks(view: View) -> tuple[list[int], list[int]]:
    """Cards each seat has taken and tricks each has won, TRAM included."""
    taken = [0, 0, 0, 0]
    won = list(view.tricks_won)
    for t in view.tricks:
        for c in t.cards:
            taken[t.winner] |= c.mask
    if view.tram is not None and view.tram.seat is not None:
        for cards in view.tram.cards:
            for c in cards:
                taken[view.tram.seat] |= c.mask
    return taken, won


def moon_choice(view: View) -> str:
    """Add or subtract after this seat's moon: whichever leaves it better placed."""
    if view.moon is None:
        return "add"
    taken, won = taken_masks(view)
    return best_moon_choice(view.rules, view.seat, view.totals, taken, won, view.moon.sun)


def rules_pass(view: View) -> tuple[list[Card], str]:
    idx, reason = pass_policy(sim_rules(view.rules), hand_mask(view), view.rules.pass_count)
    return [Card.from_index(i) for i in idx], reason


def rules_play(view: View) -> tuple[Card, str]:
    st = state_from_view(view)
    idx, reason = play_with_reason(st, legal_mask(view))
    return Card.from_index(idx), reason


class RulesBot:
    """A hand-written player: ducks, dumps the Q♠ and high cards, voids suits,
    leads low from safe suits, flushes the queen, blocks and tries moons."""

    name = "rules"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        return rules_pass(view)[0]

    def choose_play(self, view: View, budget: float) -> Card:
        return rules_play(view)[0]

    def choose_moon(self, view: View, budget: float) -> str:
        return moon_choice(view)


class EasyBot(RulesBot):
    """The rules bot with lapses: a random legal card now and then, a random pass sometimes."""

    name = "easy"

    def __init__(self, seed: int | str | None = None, blunder: float = 0.3) -> None:
        super().__init__(seed)
        self.blunder = blunder

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        if self.rng.random() < self.blunder:
            return self.rng.sample(list(view.hand), view.rules.pass_count)
        return rules_pass(view)[0]

    def choose_play(self, view: View, budget: float) -> Card:
        if self.rng.random() < self.blunder:
            return self.rng.choice(list(view.legal))
        return rules_play(view)[0]


class ShooterBot(RulesBot):
    """The rules bot that tries for the moon whenever its cards make one plausible: keeps its
    winners in the pass, then takes every trick while nobody else has a point card."""

    name = "shooter"
    risk = 5
    moon_attempt = False   # set when it plays for the moon (the match counts and clears it)

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        sr = sim_rules(view.rules)
        hand = hand_mask(view)
        if view.pass_direction != "hold" and pass_keeps_moon(sr, hand, view.rules.pass_count):
            return [Card.from_index(i) for i in shoot_pass(sr, hand, view.rules.pass_count)]
        return rules_pass(view)[0]

    def choose_play(self, view: View, budget: float) -> Card:
        card, attempt = shooter_play(state_from_view(view), legal_mask(view), self.risk)
        self.moon_attempt |= attempt
        return Card.from_index(card)


def shooter_play(st: SimState, legal: int, risk: int = ShooterBot.risk) -> tuple[int, bool]:
    """The `shooter` bot's card for the seat to play in ``st`` from ``legal``, and whether it
    plays it for the moon: the moon attempt while its cards allow one (at most ``risk`` losers
    before it has a point, 8 after), else the rules player's."""
    me = st.turn
    started = st.taken[me] & st.sr.moon_cards
    if moon_plausible(st, me, risk=8 if started else risk):
        return shoot_play(st, legal), True
    return play_with_reason(st, legal)[0], False


__all__ = ["RulesBot", "EasyBot", "ShooterBot", "moon_choice", "rules_pass", "rules_play",
           "shooter_play"]
