"""Games with a known first deal for app tests: the real in-process host deals ``hands``
(seat 0 to 3) as its first hand, whatever the seed; later hands are shuffled as usual.

``MOON`` gives seat 0 the four top clubs, the three top spades and the six top hearts:
whatever anyone plays, seat 0 wins every trick, so it shoots the moon (and, with
``tram`` on, the hand ends early as soon as it leads).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from hearts.engine import CARDS, Card
from hearts.engine import game as game_module
from hearts.engine.cards import mask_of
from hearts.engine.hand import Hand

MINE = "AC KC QC JC AS KS QS AH KH QH JH TH 9H".split()


def deal_around(mine: list[str]) -> list[list[str]]:
    """Seat 0 holds ``mine``; the other 39 cards go round seats 1, 2, 3."""
    rest = [str(c) for c in CARDS if str(c) not in mine]
    return [mine, rest[0::3], rest[1::3], rest[2::3]]


MOON = deal_around(MINE)


def rig_first_deal(monkeypatch: Any, hands: list[list[str]],
                   then: list[list[str]] | None = None) -> None:
    """Make every new game's first hand the deal ``hands`` and, if given, its second the
    deal ``then`` (the host runs in this process)."""
    deals = [[mask_of(h) for h in d] for d in (hands, then) if d is not None]
    for masks in deals:
        assert sum(bin(m).count("1") for m in masks) == 52 and len(set(masks)) == 4
    original = game_module.Game._new_hand

    def new_hand(self: Any) -> Hand:
        n = self.hand_number
        if n < len(deals):
            return Hand(self.rules, list(deals[n]), self.rules.pass_direction(n), dealer=n % 4,
                        totals=self.totals)
        return original(self)
    monkeypatch.setattr(game_module.Game, "_new_hand", new_hand)


def play_my_cards(app: Any, drive: Any, until: Callable[[], bool], timeout: float = 30) -> None:
    """Play seat 0's cards with the keyboard (Enter plays the focused legal card) until
    ``until()``, letting the frames run in between."""
    from hearts.gui.table import TableScreen

    def ready() -> bool:
        s = app.screen
        return until() or (isinstance(s, TableScreen) and s.model.my_turn_to_play
                           and not s.animating)
    while not until():
        drive.until(ready, timeout, "our turn")
        if until():
            return
        drive.key(pygame.K_RETURN)


def held(app: Any) -> list[Card]:
    return list(app.screen.model.hand_cards)


SIZES = ((800, 600), (1280, 800))


def shoot(app: Any, shots: Any, name: str) -> None:
    """Draw the app at 800x600 and at 1280x800 (saved as ``name-WxH.png`` when
    $HEARTS_SCREENSHOTS asks for screenshots to look at), then back to its size."""
    from .conftest import shots_asked
    before = app.size
    for size in SIZES:
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()
        if shots_asked():
            app.save_screenshot(shots / f"{name}-{size[0]}x{size[1]}.png")
        else:
            app.draw()
    app.surface = pygame.display.set_mode(before, pygame.RESIZABLE)
    app._resized()
