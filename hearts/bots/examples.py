"""An example plug-in bot: always the lowest legal card, passes its highest cards.

Use it anywhere bots are chosen:  hearts match --bots hearts.bots.examples:LowestBot,rules,rules,rules
Your own bot works the same way from any importable module: mypkg.mybot:MyBot.
"""

from __future__ import annotations

from hearts.engine import Card, View


class LowestBot:
    name = "lowest"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed  # a plug-in may ignore the seed; it must never read other hands

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        by_rank = sorted(view.hand, key=lambda c: (c.rank, c.suit))
        return by_rank[-view.rules.pass_count:]

    def choose_play(self, view: View, budget: float) -> Card:
        return min(view.legal, key=lambda c: (c.rank, c.suit))

    def choose_moon(self, view: View, budget: float) -> str:
        return "add"
