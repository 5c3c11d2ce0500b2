"""Where two bots choose differently near a game's end, which choice wins more games? A
paired A/B of single choices judged by the game, the sibling of `decision_ab`.

Near the end a hand's points are not what counts: the same 5 points can end a game the
seat wins or one it loses, and taking the Q♠ can be right when it keeps a leader short of
the target. So a choice is judged by the games won after it, not by the hand's points.

Each position is a game of four ``rules`` bots, seeded from ``--seed``, stopped at the
first hand that starts with a seat at ``--near`` or more (within 26 of the target 100)
and the game not over; that hand is dealt with those totals. Bot A plays it in one seat
against the ``--table`` bots, and B is asked at A's pass and each play with a choice, as
in `decision_ab` (from A's random state). Where they differ (a fork) each choice is played
on from a copy of the hand: the rest of it with the same bots, A playing on, then the game
to its end with the ``--rest`` bots in all four seats, the further hands dealt and the bots
seeded alike after either choice. A fork is worth A's seat's game loss (1, or 1 less its
share of the win) after A's choice less after B's.

    .venv/bin/python scripts/endgame_ab.py --bot hard --vs normal \\
        --table normal --positions 100 --jobs 2

The sum of a hand's forks estimates what A's choices gain over B's in games won (shown
×100 with the sign turned: above 0, A's choices win more), with the hand's points beside
it (below 0, A's choices take fewer); the forks after which the game ended in this very
hand are counted too.
"""

from __future__ import annotations

import functools
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from decision_ab import (_Asking, _cards, bots_known, duel_parser, interval,  # noqa: E402
                         run_jobs, table_bots)

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import Bot  # noqa: E402
from hearts.bots.table import play_hand  # noqa: E402
from hearts.engine import Card, Hand, Rules  # noqa: E402
from hearts.engine.scoring import apply_hand, game_end  # noqa: E402


@dataclass
class EndFork:
    """One choice where A and B differ (the pass, ``trick`` None, or a play), A's seat's
    game loss after A's choice less after B's (``worth``), the same for its points in this
    hand, and whether the game ended in this hand after each choice."""

    trick: int | None
    a_cards: tuple[Card, ...]
    b_cards: tuple[Card, ...]
    worth: float
    points: int
    ended: tuple[bool, bool]


@dataclass
class EndHand:
    """A's seat in one position: hand ``index`` of the game, started at ``totals``."""

    position: int
    seat: int
    index: int
    totals: list[int]
    forks: list[EndFork] = field(default_factory=list)


def play_game(rules: Rules, hand: Hand, index: int, bots: Callable[[int], list[Bot]],
              deal: Callable[[int], random.Random]) -> list[int]:
    """Play ``hand`` (hand ``index`` of its game) to its end, then further hands until the
    game is over (hand j dealt from ``deal(j)``, played by ``bots(j)``); the winners."""
    j = index
    while True:
        play_hand(hand, bots(j), 1.0)
        totals = apply_hand(rules, hand.totals, hand.points())
        winners = game_end(rules, totals)
        if winners is not None:
            return winners
        j += 1
        hand = Hand.deal(rules, deal(j), rules.pass_direction(j), dealer=j % 4, totals=totals)


@functools.lru_cache(maxsize=None)
def position(seed: str, p: int, near: int) -> tuple[tuple[int, ...], int]:
    """Position ``p``: the totals and hand index at the first hand start of a game of four
    ``rules`` bots where the game goes on and a seat has ``near`` or more (the next game,
    seeded apart, where one ends first)."""
    rules = Rules()
    for g in range(1000):
        tag = f"{seed}/pos/{p}" + (f"/{g}" if g else "")
        bots = [make_bot("rules", seed=f"{tag}/{s}") for s in range(4)]
        totals, i = [0, 0, 0, 0], 0
        while True:
            hand = Hand.deal(rules, random.Random(f"{tag}/deal/{i}"), rules.pass_direction(i),
                             dealer=i % 4, totals=totals)
            play_hand(hand, bots, 1.0)
            totals = apply_hand(rules, totals, hand.points())
            i += 1
            if game_end(rules, totals) is not None:
                break
            if max(totals) >= near:
                return tuple(totals), i
    raise RuntimeError(f"no position {p} with a seat at {near} in 1000 games")


def loss(seat: int, winners: list[int]) -> float:
    """A seat's game loss: 0 for a win alone, 1 less its share of a shared win, 1 else."""
    return 1 - (1 / len(winners) if seat in winners else 0)


class _EndAsking(_Asking):
    """`_Asking` whose forks are played on to the game's end (into ``ends``)."""

    def __init__(self, bot: Bot, b: str, hand: Hand, seat: int, specs: list[str], tag: str,
                 rest: str, index: int) -> None:
        super().__init__(bot, b, hand, seat, specs, tag)
        self.rest = rest
        self.index = index
        self.ends: list[EndFork] = []

    def _after(self, act: Callable[[Hand], None]) -> tuple[float, int, bool]:
        """A's seat's loss when ``act`` is done on a copy of the hand and the game played
        to its end, its points in this hand, and whether the game ended with it."""
        hand = Hand.from_dict(self.hand.to_dict())
        act(hand)
        tag = f"{self.tag}/F{self.k}"

        def bots(j: int) -> list[Bot]:
            if j == self.index:
                return [make_bot(spec, seed=f"{tag}/{s}") for s, spec in enumerate(self.specs)]
            return [make_bot(self.rest, seed=f"{tag}/h{j}/{s}") for s in range(4)]

        rules = hand.rules
        winners = play_game(rules, hand, self.index, bots,
                            lambda j: random.Random(f"{tag}/deal/{j}"))
        points = hand.points()
        ended = game_end(rules, apply_hand(rules, hand.totals, points)) is not None
        return loss(self.seat, winners), points[self.seat], ended

    def _fork(self, trick: int | None, mine: tuple[Card, ...], alt: tuple[Card, ...],
              act: Callable[[Hand, tuple[Card, ...]], None]) -> None:
        a = self._after(lambda h: act(h, mine))
        b = self._after(lambda h: act(h, alt))
        self.ends.append(EndFork(trick, mine, alt, a[0] - b[0], a[1] - b[1], (a[2], b[2])))


def endgame_hand(a: str, b: str, table: str, rest: str, p: int, seat: int, seed: str,
                 near: int) -> EndHand:
    """Position ``p`` with A in ``seat`` and the ``table`` bots elsewhere, B asked at A's
    pass and plays, each fork played on to the game's end with each choice."""
    totals, i = position(seed, p, near)
    rules = Rules()
    hand = Hand.deal(rules, random.Random(f"{seed}/deal/{p}"), rules.pass_direction(i),
                     dealer=i % 4, totals=totals)
    others = table_bots(table)
    specs = [a] * 4
    for k in range(3):
        specs[(seat + 1 + k) % 4] = others[k]
    tag = f"{seed}/{p}/{seat}"
    bots: list[Bot] = [make_bot(spec, seed=f"{tag}/{s}") for s, spec in enumerate(specs)]
    asking = _EndAsking(bots[seat], b, hand, seat, specs, tag, rest=rest, index=i)
    bots[seat] = asking
    play_hand(hand, bots, 1.0)
    return EndHand(p, seat, i, list(totals), asking.ends)


def _job(args: tuple[str, str, str, str, int, int, str, int]) -> EndHand:
    return endgame_hand(*args)


def summary(a: str, b: str, hands: list[EndHand]) -> str:
    """Forks, games won per 100 hands and per 100 forks, the hand's points per hand."""
    forks = [f for h in hands for f in h.forks]
    m, lo, hi = interval([-100 * sum(f.worth for f in h.forks) for h in hands])
    text = (f"{a} against {b}: {len(forks)} forks in {len(hands)} positions×seats; games "
            f"won per 100 hands, A's choices less B's (above 0, A's win more): {m:+.1f} "
            f"({lo:+.1f} .. {hi:+.1f})")
    if forks:
        fm, flo, fhi = interval([-100 * f.worth for f in forks])
        text += f"; per 100 forks {fm:+.1f} ({flo:+.1f} .. {fhi:+.1f})"
    pm, plo, phi = interval([float(sum(f.points for f in h.forks)) for h in hands])
    both = sum(f.ended == (True, True) for f in forks)
    one = sum(f.ended[0] != f.ended[1] for f in forks)
    return text + (f"\npoints in this hand per hand, A's less B's (below 0, A's take fewer): "
                   f"{pm:+.3f} ({plo:+.3f} .. {phi:+.3f}); the game ended in this hand after "
                   f"both choices at {both} forks, after one only at {one}")


def main(argv: list[str] | None = None) -> int:
    p = duel_parser(__doc__.split("\n\n")[0], "endgame")
    p.add_argument("--rest", default="normal",
                   help="the bots in all four seats for the hands after this one")
    p.add_argument("--positions", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first position")
    p.add_argument("--near", type=int, default=74,
                   help="a position starts the first hand with a seat at this total or more")
    args = p.parse_args(argv)
    seats = [int(s) for s in args.seats.split(",")]
    if not bots_known("endgame_ab", args.table, args.bot, args.vs, args.rest):
        return 2
    work = [(args.bot, args.vs, args.table, args.rest, q, s, args.seed, args.near)
            for q in range(args.start, args.start + args.positions) for s in seats]
    hands = run_jobs(_job, work, args.jobs)
    if args.list:
        for h in hands:
            for f in h.forks:
                where = "pass" if f.trick is None else f"trick {f.trick}"
                ended = "".join(f" (game over in this hand after {who}'s choice)"
                                for who, e in zip("AB", f.ended) if e)
                print(f"position {h.position} seat {h.seat} (hand {h.index}, totals "
                      f"{' '.join(map(str, h.totals))}) {where}: {_cards(f.a_cards)} against "
                      f"{_cards(f.b_cards)}: {f.worth:+g} (points {f.points:+d}){ended}")
    print(summary(args.bot, args.vs, hands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
