"""Reading the other seats' plays: how likely a sampled world makes what each of them played.

The sampler deals hidden cards that agree with the voids shown; `PlayReader` goes
further. For each play another seat has made this hand it keeps the public state
just before it, and for a sampled world it asks what that seat would have played
there holding that world's cards (plus the cards it played since). A world in
which the seat, as the rules player, would have dumped the Q♠ or points and did
not is unlikely: it probably did not hold them then (`weight`). A seat whose plays
a moon shooter's (`shoot_play`) explain better than the rules player's (aces led,
tricks won high while it could duck) is probably shooting, and the search lets it
try (`shooting`). The weights are tempered: real players are neither model, so a
world is made less likely, never impossible. With ``model`` (`SearchConfig.read_model`)
every play with a choice is read instead by the learned model of `normal`
(`play_model.shortfall`): its chance against the model's likeliest play, tempered, and
the world's against the likeliest of a few drawn first (`calibrate`).
"""

from __future__ import annotations

import math
import random

from hearts.engine import View

from .moon import moon_open, shoot_play
from .play_model import PLAY_WEIGHTS, packed, shortfall
from .policy import play_policy
from .sampling import Sampler
from .sim import QS, QS_BIT, SimState, native, replay, sim_rules

STRONG = 0.15     # the seat would have dumped the Q♠ and did not
WEAK = 0.6        # it would have played a card worth more points and did not
MILD = 0.5        # it would have played another card worth the same
SHOOTER = 0.05    # how often a seat is taken to be playing for the moon before its plays are read
PILOT = 32        # the worlds drawn to find how likely the likeliest is, with ``model``


class PlayReader:
    """The other seats' plays so far, each with the public state before it."""

    def __init__(self, view: View, strong: float = STRONG, weak: float = WEAK,
                 mild: float = MILD, prior: float = SHOOTER, quiet: int = 0,
                 model: float = 0.0) -> None:
        self.strong = strong
        self.model = model
        self.floor = 0      # the least shortfall of the worlds drawn by `calibrate`
        self.weak = weak
        self.mild = mild
        self.prior = prior
        self.sr = sr = sim_rules(view.rules)
        self.value = sr.value
        self.me = me = view.seat
        plays = [t.plays() for t in view.tricks]
        if view.trick:
            plays.append(list(view.trick))
        seq = [(seat, card.index) for trick in plays for seat, card in trick]
        st = SimState(sim_rules(view.rules), [0, 0, 0, 0], view.totals)
        # the cards each seat plays from each point on (the world holds only what is left)
        later = [0, 0, 0, 0]
        after: list[int] = []
        for seat, card in reversed(seq):
            later[seat] |= 1 << card
            after.append(later[seat])
        after.reverse()
        # (seat, card played, state before, cards it played from then on, moon still open)
        self.events: list[tuple[int, int, SimState, int, bool]] = []
        for k, (seat, card) in enumerate(seq):
            if seat != me:
                before = st.copy()
                before.turn = seat
                if not before.trick:
                    before.leader = seat
                self.events.append((seat, card, before, after[k], moon_open(st, seat)))
            replay(st, seat, card)
        # a seat that can no longer take every moon card is no shooter
        self.open = [moon_open(st, s) for s in range(4)]
        # the plays that say most about the cards held: discards, and spades while the Q♠ is out
        self.telling = [e for e in self.events
                        if e[2].trick and (e[1] // 13 != e[2].led or e[2].led == 3
                                           and not e[2].played & QS_BIT)]
        # the plays that tell a moon attempt: all but a card that follows suit in the first
        # ``quiet`` tricks, which reads as neither (good players win those tricks high, or
        # duck them, as a shooter does)
        self.reading = [e for e in self.events
                        if e[2].ntricks >= quiet or not e[2].trick or e[1] // 13 != e[2].led]
        self.open_mask = sum(1 << s for s in range(4) if self.open[s])
        # the same plays packed for the C reading (`sim.native`)
        self.packed = None if native is None else (
            native.pack_events(self.telling), native.pack_events(self.reading),
            native.pack_events(self.events) if model else b"")

    def _factor(self, p: int, card: int, mild: float) -> float:
        if p == card:
            return 1.0
        if p == QS:
            return self.strong
        if self.value[p] > self.value[card]:
            return self.weak
        return mild

    def weight(self, hidden: list[int]) -> float:
        """How likely the world ``hidden`` (each seat's cards now) makes the plays seen as the
        rules player's, in (0, 1]: only a card worth fewer points than the rules player would
        have played lowers it (the Q♠ not dumped, a heart kept). With ``model``, every play
        read by the learned model instead: the product over the plays with a choice of the
        model's chance of the group played over its likeliest group's, over the same for the
        likeliest world `calibrate` drew (at most 1), to the power ``model``. In C where it
        is built."""
        if self.model:
            return math.exp(-self.model * max(0, self.shortfall(hidden) - self.floor) / 100)
        if self.packed is not None:
            return native.read_weight(self.sr.native, self.packed[0], hidden, self.strong,
                                      self.weak, 1.0)
        return self.weight_py(hidden)

    def weight_py(self, hidden: list[int]) -> float:
        """`weight` in Python (the reference the C one is tested against)."""
        w = 1.0
        for seat, card, st, later, _ in self.telling:
            st.hands[seat] = hidden[seat] | later
            legal = st.legal()
            if legal & (legal - 1):
                w *= self._factor(play_policy(st, legal), card, 1.0)
        return w

    def calibrate(self, sampler: Sampler, rng: random.Random, worlds: int = PILOT) -> None:
        """With ``model``: weigh worlds against the likeliest of ``worlds`` drawn by
        ``sampler``. Against the model's likeliest play alone, nearly every world weighs far
        below 1 after a few tricks (a real player is not the model), and `weight`'s rejection
        would keep the likeliest of its draws whatever ``model``."""
        if self.model:
            self.floor = min(self.shortfall(sampler.sample(rng)) for _ in range(worlds))

    def shortfall(self, hidden: list[int]) -> int:
        """The sum of `play_model.shortfall` over every play seen with a choice in the world
        ``hidden``: 100 times minus the log of how likely the model makes them, against its
        likeliest plays. In C where it is built."""
        if self.packed is not None:
            return native.read_shortfall(self.sr.native, self.packed[2], hidden,
                                         packed(PLAY_WEIGHTS))
        return self.shortfall_py(hidden)

    def shortfall_py(self, hidden: list[int]) -> int:
        """`shortfall` in Python (the reference the C one is tested against)."""
        total = 0
        for seat, card, st, later, _ in self.events:
            st.hands[seat] = hidden[seat] | later
            legal = st.legal()
            if legal & (legal - 1) and legal >> card & 1:
                total += shortfall(st, legal, card)
        return total

    def shooting(self, sampler: Sampler, rng: random.Random, worlds: int = 12) -> list[float]:
        """For each seat the chance that it is playing for the moon: the prior, raised or
        lowered by how much better a shooter's play than the rules player's explains each of
        its plays, averaged over ``worlds`` sampled worlds."""
        seats = [s for s in range(4) if s != self.me and self.open[s]]
        if not seats or not self.reading:
            return [0.0, 0.0, 0.0, 0.0]
        prior = self.prior
        mild = self.mild
        chance = [0.0, 0.0, 0.0, 0.0]
        for _ in range(worlds):
            hidden = sampler.sample(rng)
            if self.packed is not None:
                ratio = native.shoot_ratios(self.sr.native, self.packed[1], hidden, self.strong,
                                            self.weak, mild, self.open_mask)
            else:
                ratio = self.ratios_py(hidden)
            for s in seats:
                chance[s] += prior * ratio[s] / (prior * ratio[s] + 1 - prior) / worlds
        return chance

    def ratios_py(self, hidden: list[int]) -> list[float]:
        """For each seat, how much better a shooter's plays than the rules player's explain its
        plays in the world ``hidden`` (1.0: no better); in Python, the reference of the C one."""
        mild = self.mild
        ratio = [1.0, 1.0, 1.0, 1.0]
        for seat, card, st, later, open_ in self.reading:
            if not open_ or not self.open[seat]:
                continue
            st.hands[seat] = hidden[seat] | later
            legal = st.legal()
            if legal & (legal - 1) == 0:
                continue
            ratio[seat] *= (self._factor(shoot_play(st, legal), card, mild)
                            / self._factor(play_policy(st, legal), card, mild))
        return ratio


__all__ = ["PlayReader"]
