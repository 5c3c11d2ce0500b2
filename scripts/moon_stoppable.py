"""Which moons against a bot could it have stopped? A diagnostic for moon defence.

Plays seeded deals of one bot against three `shooter` bots (standard rules). For each
hand another seat shoots, it goes back to each of the bot's plays and asks whether
some line of the bot's plays from there, every hand known, stops the moon: the other
seats play as `shooter` does (it and the rules player it falls back on are
deterministic). It prints, per moon, the last play from which the moon could still be
stopped, and then the moons no line could stop.

    .venv/bin/python scripts/moon_stoppable.py --bot normal --deals 200

Every hand known is more than a player knows: "stoppable" is an upper bound, and the
play it names is where the bot's choice, not its knowledge, may have lost the hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.bots import Bot, make_bot  # noqa: E402
from hearts.bots.rules_bot import shooter_play  # noqa: E402
from hearts.bots.sim import SimState, state_from_view  # noqa: E402
from hearts.bots.table import play_hand, seeded_deal  # noqa: E402
from hearts.engine import Card, Hand, Rules, View  # noqa: E402


class TooBig(Exception):
    """The search for a stopping line visited more than its node limit."""


def can_stop(st: SimState, me: int, limit: int = 200_000, _nodes: list[int] | None = None) -> bool:
    """Whether some line of ``me``'s plays from ``st`` ends the hand with no moon by another
    seat, the others playing as `shooter` does (raises `TooBig` past ``limit`` choices)."""
    nodes = _nodes if _nodes is not None else [0]
    mc = st.sr.moon_cards
    while st.ntricks < 13:
        if not st.trick and sum(1 for t in st.taken if t & mc) > 1:
            return True
        if st.turn != me:
            st.play(shooter_play(st, st.legal())[0])
            continue
        nodes[0] += 1
        if nodes[0] > limit:
            raise TooBig
        legal = st.legal()
        while legal:
            card = (legal & -legal).bit_length() - 1
            legal &= legal - 1
            after = st.copy()
            after.play(card)
            if can_stop(after, me, limit, nodes):
                return True
        return False
    holders = [s for s in range(4) if st.taken[s] & mc]
    return not (len(holders) == 1 and holders[0] != me and st.taken[holders[0]] & mc == mc)


class Recording:
    """A bot that keeps the full state (every hand) before each of its plays."""

    def __init__(self, bot: Bot, hand: Hand) -> None:
        self.bot = bot
        self.hand = hand
        self.states: list[SimState] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose_play(self, view: View, budget: float) -> Card:
        self.states.append(state_from_view(view, [self.hand.held_mask(s) for s in range(4)]))
        return self.bot.choose_play(view, budget)


def play_recorded(bot_spec: str, deal_seed: str, d: int) -> tuple[Hand, list[SimState]]:
    """Deal ``d`` played out with the bot in seat 0; the full state at each of its plays."""
    rules = Rules()
    hand = seeded_deal(rules, deal_seed, d)
    seat0 = Recording(make_bot(bot_spec, seed=f"{deal_seed}/{d}/0"), hand)
    shooters = [make_bot("shooter", seed=f"{deal_seed}/{d}/{s}") for s in (1, 2, 3)]
    play_hand(hand, [seat0, *shooters], 1.0)
    return hand, seat0.states


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", default="stop")
    args = ap.parse_args(argv)
    moons = unstoppable = too_big = 0
    lost_at: list[int] = []
    for d in range(args.deals):
        hand, states = play_recorded(args.bot, args.seed, d)
        if hand.moon is None or hand.moon.shooter == 0:
            continue
        moons += 1
        try:
            verdicts = [can_stop(st.copy(), 0) for st in states]
        except TooBig:
            too_big += 1
            print(f"deal {d}: too many lines to search")
            continue
        if not any(verdicts):
            unstoppable += 1
            print(f"deal {d}: no line stops it")
        else:
            last = max(i for i, v in enumerate(verdicts) if v) + 1
            lost_at.append(last)
            print(f"deal {d}: stoppable until play {last} of {len(verdicts)}")
    print(f"{args.bot} against 3 shooter, {args.deals} deals: {moons} moons against it; "
          f"{len(lost_at)} stoppable (last stoppable play: {sorted(lost_at)}), "
          f"{unstoppable} not, {too_big} too big to search")


if __name__ == "__main__":
    main()
