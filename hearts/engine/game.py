"""A whole game: hands dealt in turn until a total reaches the target."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from hearts.i18n import T_

from .actions import Action, Claim, MoonChoice, Pass, Play, action_from_wire
from .cards import Card
from .hand import Hand, IllegalMove, Tram
from .rules import Rules
from .scoring import Moon, apply_hand, game_end
from .view import View


@dataclass(frozen=True)
class HandResult:
    """A finished hand's record: its points, the totals after it, moon and TRAM."""

    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon: Moon | None
    tram: Tram | None


class Game:
    """Hands to the target: dealer and pass cycle, totals, ties, winners.

    Each hand's deal comes from ``seed`` and its number, so a game is its rules,
    its seed and its action log (`to_dict`), and replays to the same state.
    """

    def __init__(self, rules: Rules | None = None, seed: int | str | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.seed = seed if seed is not None else random.randrange(1 << 62)
        self.totals = [0, 0, 0, 0]
        self.results: list[HandResult] = []
        self.log: list[Action] = []
        self.winners: list[int] | None = None
        self.hand_number = 0
        self.last_hand: Hand | None = None
        self._hand_start = 0
        self.hand = self._new_hand()
        if self.hand.done:  # a TRAM before the first card
            self._score_hand()

    def _new_hand(self) -> Hand:
        n = self.hand_number
        rng = random.Random(f"{self.seed}/{n}")
        return Hand.deal(self.rules, rng, self.rules.pass_direction(n), dealer=n % 4,
                         totals=self.totals)

    # -- reading -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winners is not None

    @property
    def scores(self) -> list[int]:
        """The running totals (penalty form)."""
        return list(self.totals)

    def display_totals(self) -> list[int]:
        """Totals as the table shows them: penalty points, or target minus them in countdown."""
        if self.rules.display == "countdown":
            return [self.rules.target - t for t in self.totals]
        return list(self.totals)

    def view(self, seat: int, reveal: bool = False) -> View:
        """The current hand as ``seat`` sees it."""
        return self.hand.view(seat, reveal)

    # -- actions -----------------------------------------------------------------------------
    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        self.apply(Pass(seat, tuple(Card.parse(c) for c in cards)))

    def play(self, seat: int, card: Card | str) -> None:
        self.apply(Play(seat, Card.parse(card)))

    def choose_moon(self, seat: int, choice: str) -> None:
        self.apply(MoonChoice(seat, choice))

    def claim(self, seat: int) -> None:
        self.apply(Claim(seat))

    def apply(self, action: Action) -> None:
        """Apply one action (`Pass`, `Play`, `Claim` or `MoonChoice`) and log it."""
        if self.over:
            raise IllegalMove(T_("the game is over"))
        hand = self.hand
        hand.apply(action)
        self.log.append(action)
        if hand.done:
            self._score_hand()

    def _score_hand(self) -> None:
        hand = self.hand
        self.totals = apply_hand(self.rules, self.totals, hand.points())
        self.results.append(HandResult(self.hand_number, tuple(hand.points()), tuple(self.totals),
                                       hand.moon, hand.tram))
        winners = game_end(self.rules, self.totals)
        self.last_hand = hand
        if winners is not None:
            if len(winners) > 1 and self.rules.ties == "random":
                winners = [random.Random(f"{self.seed}/tie/{self.hand_number}").choice(winners)]
            self.winners = winners
            return
        self.hand_number += 1
        self._hand_start = len(self.log)
        self.hand = self._new_hand()
        if self.hand.done:  # a hold hand can end by TRAM before its first card
            self._score_hand()

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last card of this hand and every action after it.

        Needs ``allow_undo``; returns how many actions were taken back.
        """
        if not self.rules.allow_undo:
            raise IllegalMove(T_("undo is off at this table"))
        for i in range(len(self.log) - 1, self._hand_start - 1, -1):
            a = self.log[i]
            if isinstance(a, Play) and a.seat == seat:
                break
        else:
            raise IllegalMove(T_("you have no card to take back in this hand"))
        removed = len(self.log) - i
        replayed = Game.from_dict({"rules": self.rules.to_dict(), "seed": self.seed,
                                   "actions": [a.to_wire() for a in self.log[:i]]})
        self.__dict__.update(replayed.__dict__)
        return removed

    # -- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain msgpack-ready values: rules, seed and the action log."""
        return {"rules": self.rules.to_dict(), "seed": self.seed,
                "actions": [a.to_wire() for a in self.log]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Game":
        """Replay a game saved by `to_dict`."""
        game = cls(Rules.from_dict(data["rules"]), data["seed"])
        for a in data["actions"]:
            game.apply(action_from_wire(a))
        return game

    def state(self) -> tuple[Any, ...]:
        return (self.rules, self.seed, tuple(self.totals), tuple(self.results), self.winners,
                self.hand_number, self.hand.state())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]
