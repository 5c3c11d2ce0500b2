"""Typed game actions and the phases of a hand.

An action is what one seat does: `Pass` three cards, `Play` a card, `Claim` the
rest of the tricks (TRAM), or make its `MoonChoice`. Each has one wire form, a
plain list such as ``["play", 2, "QS"]``, used in saved games and logs
(`to_wire` / `action_from_wire`).

>>> Play(2, "qs")
Play(seat=2, card=Card.parse('QS'))
>>> action_from_wire(["pass", 0, ["3C", "2C", "4C"]])
Pass(seat=0, cards=(Card.parse('2C'), Card.parse('3C'), Card.parse('4C')))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

from .cards import Card


class Phase(StrEnum):
    """Where a hand stands; equal to its wire string (``Phase.PLAY == "play"``)."""

    PASS = "pass"
    PLAY = "play"
    MOON_CHOICE = "moon-choice"
    DONE = "done"


class MoonOption(StrEnum):
    """The shooter's choice when ``moon=choose``."""

    ADD = "add"
    SUBTRACT = "subtract"


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes ``cards`` (parsed and sorted, so equal passes compare equal)."""

    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(Card.parse(c) for c in self.cards)))

    def to_wire(self) -> list[Any]:
        return ["pass", self.seat, [str(c) for c in self.cards]]


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card``."""

    seat: int
    card: Card
    kind: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))

    def to_wire(self) -> list[Any]:
        return ["play", self.seat, str(self.card)]


@dataclass(frozen=True, slots=True)
class Claim:
    """``seat`` shows its hand and claims every trick left (TRAM)."""

    seat: int
    kind: ClassVar[str] = "claim"

    def to_wire(self) -> list[Any]:
        return ["claim", self.seat]


@dataclass(frozen=True, slots=True)
class MoonChoice:
    """The shooter ``seat`` adds to the others or subtracts from itself."""

    seat: int
    choice: str
    kind: ClassVar[str] = "moon"

    def to_wire(self) -> list[Any]:
        return ["moon", self.seat, str(self.choice)]


Action: TypeAlias = Pass | Play | Claim | MoonChoice

_KINDS: dict[str, type[Pass] | type[Play] | type[Claim] | type[MoonChoice]] = {
    cls.kind: cls for cls in (Pass, Play, Claim, MoonChoice)}
_ARITY = {"pass": 3, "play": 3, "claim": 2, "moon": 3}


def action_from_wire(data: Any) -> Action:
    """The action of a wire list (``["play", 2, "QS"]``); ValueError if it is not one."""
    if isinstance(data, (Pass, Play, Claim, MoonChoice)):
        return data
    if not isinstance(data, (list, tuple)) or not data or data[0] not in _ARITY:
        raise ValueError(f"not an action: {data!r}")
    kind = data[0]
    if len(data) != _ARITY[kind] or not isinstance(data[1], int) or isinstance(data[1], bool):
        raise ValueError(f"not an action: {data!r}")
    seat = data[1]
    if kind == "play":
        return Play(seat, data[2])
    if kind == "pass":
        if not isinstance(data[2], (list, tuple)):
            raise ValueError(f"not an action: {data!r}")
        return Pass(seat, tuple(data[2]))
    if kind == "moon":
        return MoonChoice(seat, data[2])
    return Claim(seat)


__all__ = ["Action", "Claim", "MoonChoice", "MoonOption", "Pass", "Phase", "Play",
           "action_from_wire"]
