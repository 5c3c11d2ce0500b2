"""Where do two bots choose differently, and what is each difference worth? A paired A/B
at the level of single plays.

Bot A plays seeded deals in one seat against three table bots (standard rules). At each
of A's plays, bot B is asked too, from the same view and, when both bots draw from a
``random.Random`` called ``rng``, from the same random state: a variant that differs
from A only in some positions then agrees everywhere else. Where the two cards differ
(a fork), the hand is played to its end twice from there, once with each card, A
playing on in both and every bot seeded alike; the fork is worth the difference of
A's seat's points. A's card is then played and the hand goes on.

    .venv/bin/python scripts/decision_ab.py --bot normal --vs "pkg.mod:Variant" \\
        --table normal-v1 --deals 200 --seats 0,2 --jobs 2

The sum of a hand's forks estimates what A's choices gain over B's in that hand (below
0, A's are better), with far less noise than whole hands played by each: the plays
before a fork are the same, and hands without one cost nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.table import play_hand  # noqa: E402
from hearts.engine import Card, Hand, Rules  # noqa: E402


@dataclass
class Fork:
    """One play where A and B chose differently (A's ``play``-th choice with more than one
    legal card), and A's points minus B's from there."""

    play: int
    trick: int
    a_card: Card
    b_card: Card
    worth: int


@dataclass
class HandForks:
    """A's seat in one deal: its points as A played, and the forks on the way."""

    deal: int
    seat: int
    points: int
    forks: list[Fork] = field(default_factory=list)


def _play_on(hand: Hand, seat: int, card: Card, specs: list[str], tag: str) -> int:
    """``seat``'s points when ``card`` is played now and seeded bots finish the hand."""
    rest = Hand.from_dict(hand.to_dict())
    rest.play(seat, card)
    play_hand(rest, [make_bot(spec, seed=f"{tag}/{s}") for s, spec in enumerate(specs)], 1.0)
    return rest.points()[seat]


def duel_hand(a: str, b: str, table: str, d: int, seat: int, seed: str) -> HandForks:
    """Deal ``d`` with A in ``seat`` and ``table`` bots elsewhere, B asked at A's plays."""
    rules = Rules()
    deal = Hand.deal(rules, random.Random(f"{seed}/deal/{d}"), rules.pass_direction(d), dealer=d % 4)
    specs = [a if s == seat else table for s in range(4)]
    bots = [make_bot(spec, seed=f"{seed}/{d}/{seat}/{s}") for s, spec in enumerate(specs)]
    hand = Hand(rules, deal.deal_masks, deal.pass_direction, deal.dealer)
    out = HandForks(d, seat, 0)
    k = 0
    while not hand.done:
        if hand.phase == "pass":
            for s in range(4):
                if not hand.has_passed(s):
                    hand.pass_cards(s, bots[s].choose_pass(hand.view(s), 1.0))
            continue
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        if hand.phase != "play":
            hand.choose_moon(turn, bots[turn].choose_moon(view, 1.0))
            continue
        rng = getattr(bots[turn], "rng", None)
        state = rng.getstate() if turn == seat and isinstance(rng, random.Random) else None
        card = bots[turn].choose_play(view, 1.0)
        if turn == seat and len(view.legal) > 1:
            k += 1
            other = make_bot(b, seed=f"{seed}/{d}/{seat}/B{k}")
            other_rng = getattr(other, "rng", None)
            if state is not None and isinstance(other_rng, random.Random):
                other_rng.setstate(state)
            alt = other.choose_play(view, 1.0)
            if alt != card:
                tag = f"{seed}/{d}/{seat}/F{k}"
                worth = (_play_on(hand, seat, card, specs, tag)
                         - _play_on(hand, seat, alt, specs, tag))
                out.forks.append(Fork(k, hand.trick_number, card, alt, worth))
        hand.play(turn, card)
    out.points = hand.points()[seat]
    return out


def _job(args: tuple[str, str, str, int, int, str]) -> HandForks:
    return duel_hand(*args)


def interval(xs: list[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its 95% interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return m, m - half, m + half


def summary(a: str, b: str, hands: list[HandForks]) -> str:
    """Forks per hand, and what A's choices are worth against B's per fork and per hand."""
    worth = [f.worth for h in hands for f in h.forks]
    per_hand = [float(sum(f.worth for f in h.forks)) for h in hands]
    m, lo, hi = interval(per_hand)
    text = (f"{a} against {b}: {len(worth)} forks in {len(hands)} hands; "
            f"per hand {m:+.3f} ({lo:+.3f} .. {hi:+.3f})")
    if worth:
        fm, flo, fhi = interval([float(w) for w in worth])
        text += f"; per fork {fm:+.2f} ({flo:+.2f} .. {fhi:+.2f})"
    return text + " (A's points minus B's: below 0, A chooses better)"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bot", default="normal", help="bot A, which plays the hands")
    p.add_argument("--vs", required=True, help="bot B, asked at each of A's plays")
    p.add_argument("--table", default="normal-v1", help="the three other seats")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first deal")
    p.add_argument("--seats", default="0,2", help="A's seats, comma-separated")
    p.add_argument("--seed", default="ab")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--list", action="store_true", help="print every fork")
    args = p.parse_args(argv)
    seats = [int(s) for s in args.seats.split(",")]
    for spec in (args.bot, args.vs, args.table):
        try:
            make_bot(spec)
        except ValueError as e:
            print(f"decision_ab: {e}", file=sys.stderr)
            return 2
    work = [(args.bot, args.vs, args.table, d, s, args.seed)
            for d in range(args.start, args.start + args.deals) for s in seats]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            hands = list(pool.map(_job, work))
    else:
        hands = [_job(w) for w in work]
    if args.list:
        for h in hands:
            for f in h.forks:
                print(f"deal {h.deal} seat {h.seat} trick {f.trick}: {f.a_card} against "
                      f"{f.b_card}: {f.worth:+d}")
    print(summary(args.bot, args.vs, hands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
