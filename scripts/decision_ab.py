"""Where do two bots choose differently, and what is each difference worth? A paired A/B
at the level of single choices.

Bot A plays seeded deals in one seat against three table bots (standard rules). At A's
pass and each of its plays, bot B is asked too, from the same view and, when both bots
draw from a ``random.Random`` called ``rng``, from the same random state: a variant that
differs from A only in some positions then agrees everywhere else. Where the two differ (a
fork), the hand is played to its end twice from there, once with each choice, A
playing on in both and every bot seeded alike; the fork is worth the difference of
A's seat's points. A's choice is then made and the hand goes on.

    .venv/bin/python scripts/decision_ab.py --bot hard --vs hard+replies=0 \\
        --table normal --deals 200 --seats 0,2 --jobs 2

A bot is any `make_bot` name: a level, a level with settings changed
(``hard+moon_weight=6``) or a plug-in ``package.module:Class``.

With ``--continuations K`` each branch of a fork is played on K times, seeded apart, and
the fork is worth the mean: where forks are few (a moon setting changes a choice in one
hand of ten) the continuations cost little beside the hands, and one continuation's luck
(who is dealt the Q♠ to dump, a moon that comes off once) no longer decides a fork.

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
from typing import Any, Callable, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import Bot  # noqa: E402
from hearts.bots.table import play_hand, seeded_deal  # noqa: E402
from hearts.engine import Card, Hand, Rules, View  # noqa: E402

J = TypeVar("J")
R = TypeVar("R")


@dataclass
class Fork:
    """One choice where A and B differ (the pass, ``trick`` None, or A's ``play``-th play
    with more than one legal card), and A's points minus B's from there; ``against_table``
    the same for A's points less the other seats' mean (what a game is won by)."""

    play: int
    trick: int | None
    a_cards: tuple[Card, ...]
    b_cards: tuple[Card, ...]
    worth: float
    against_table: float = 0.0
    # after A's choice and B's, in any of the continuations: "own" (a moon by A's seat),
    # else "against" (a moon against it), else ""
    moons: tuple[str, str] = ("", "")


@dataclass
class HandForks:
    """A's seat in one deal: its points as A played, and the forks on the way."""

    deal: int
    seat: int
    points: int
    forks: list[Fork] = field(default_factory=list)


class _Asking:
    """A's bot in its seat: at each choice it asks B too (from A's random state) and plays
    every fork on to the end with each choice (into ``forks``)."""

    def __init__(self, bot: Bot, b: str, hand: Hand, seat: int, specs: list[str],
                 tag: str, continuations: int = 1) -> None:
        self.bot = bot
        self.continuations = continuations
        self.seat = seat
        self.b = b
        self.hand = hand
        self.specs = specs
        self.tag = tag
        self.name = getattr(bot, "name", "A")
        self.forks: list[Fork] = []
        self.k = 0      # A's plays with more than one legal card so far (0: the pass)

    def _both(self, view: View, method: str) -> tuple[Any, Any]:
        rng = getattr(self.bot, "rng", None)
        state = rng.getstate() if isinstance(rng, random.Random) else None
        mine = getattr(self.bot, method)(view, 1.0)
        other = make_bot(self.b, seed=f"{self.tag}/B{self.k}")
        other_rng = getattr(other, "rng", None)
        if state is not None and isinstance(other_rng, random.Random):
            other_rng.setstate(state)
        return mine, getattr(other, method)(view, 1.0)

    def _points_after(self, act: Callable[[Hand], None]) -> tuple[float, float, str]:
        """A's mean points when ``act`` is done on a copy of the hand and seeded bots finish
        it (``continuations`` times, seeded apart), its points less the other seats' mean,
        and the moon ("own", "against" or "", see `Fork.moons`)."""
        mine = against = 0.0
        moons = set()
        now = self.hand.to_dict()
        for i in range(self.continuations):
            rest = Hand.from_dict(now)
            act(rest)
            tag = f"{self.tag}/F{self.k}" + (f"/{i}" if i else "")
            play_hand(rest, [make_bot(spec, seed=f"{tag}/{s}")
                             for s, spec in enumerate(self.specs)], 1.0)
            points = rest.points()
            mine += points[self.seat]
            against += points[self.seat] - (sum(points) - points[self.seat]) / 3
            if rest.moon is not None:
                moons.add("own" if rest.moon.shooter == self.seat else "against")
        n = self.continuations
        return mine / n, against / n, "own" if "own" in moons else "".join(moons)

    def _fork(self, trick: int | None, mine: tuple[Card, ...], alt: tuple[Card, ...],
              act: Callable[[Hand, tuple[Card, ...]], None]) -> None:
        a = self._points_after(lambda h: act(h, mine))
        b = self._points_after(lambda h: act(h, alt))
        self.forks.append(Fork(self.k, trick, mine, alt, a[0] - b[0], a[1] - b[1],
                               (a[2], b[2])))

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        mine, alt = (tuple(sorted(cards)) for cards in self._both(view, "choose_pass"))
        if mine != alt:
            self._fork(None, mine, alt, lambda h, cards: h.pass_cards(self.seat, list(cards)))
        return list(mine)

    def choose_play(self, view: View, budget: float) -> Card:
        if len(view.legal) == 1:
            return self.bot.choose_play(view, budget)
        self.k += 1
        card: Card
        alt: Card
        card, alt = self._both(view, "choose_play")
        if alt != card:
            self._fork(self.hand.trick_number, (card,), (alt,),
                       lambda h, cards: h.play(self.seat, cards[0]))
        return card

    def choose_moon(self, view: View, budget: float) -> str:
        return self.bot.choose_moon(view, budget)


def duel_hand(a: str, b: str, table: str, d: int, seat: int, seed: str,
              continuations: int = 1) -> HandForks:
    """Deal ``d`` with A in ``seat`` and the ``table`` bots elsewhere (one name, or three
    comma-separated: the seats after A's in turn), B asked at A's pass and plays, each fork
    played on ``continuations`` times with each choice."""
    hand = seeded_deal(Rules(), seed, d)
    others = table_bots(table)
    specs = [a] * 4
    for k in range(3):
        specs[(seat + 1 + k) % 4] = others[k]
    bots = [make_bot(spec, seed=f"{seed}/{d}/{seat}/{s}") for s, spec in enumerate(specs)]
    asking = _Asking(bots[seat], b, hand, seat, specs, f"{seed}/{d}/{seat}", continuations)
    bots[seat] = asking
    play_hand(hand, bots, 1.0)
    return HandForks(d, seat, hand.points()[seat], asking.forks)


def table_bots(table: str) -> list[str]:
    """The three table bots of ``--table``: one name for all three, or three names."""
    names = [t.strip() for t in table.split(",")]
    if len(names) not in (1, 3):
        raise ValueError(f"--table: one bot or three, comma-separated (got {len(names)})")
    return names * 3 if len(names) == 1 else names


def bots_known(prog: str, table: str, *specs: str) -> bool:
    """Whether ``specs`` and the ``--table`` all name bots; the first that does not is said
    on stderr as ``prog: why``."""
    try:
        for spec in (*specs, *table_bots(table)):
            make_bot(spec)
    except ValueError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return False
    return True


def run_jobs(job: Callable[[J], R], work: list[J], jobs: int) -> list[R]:
    """``job`` of each item of ``work``, in order: in ``jobs`` processes where more than
    one."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(job, work))
    return [job(w) for w in work]


def _job(args: tuple[str, str, str, int, int, str, int]) -> HandForks:
    return duel_hand(*args)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


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
    per_hand = [sum(f.worth for f in h.forks) for h in hands]
    m, lo, hi = interval(per_hand)
    text = (f"{a} against {b}: {len(worth)} forks in {len(hands)} hands; "
            f"per hand {m:+.3f} ({lo:+.3f} .. {hi:+.3f})")
    if worth:
        fm, flo, fhi = interval(worth)
        text += f"; per fork {fm:+.2f} ({flo:+.2f} .. {fhi:+.2f})"
    tm, tlo, thi = interval([sum(f.against_table for f in h.forks) for h in hands])
    text += (f" (A's points minus B's: below 0, A chooses better); against the table "
             f"(its points less the others' mean) per hand {tm:+.3f} ({tlo:+.3f} .. "
             f"{thi:+.3f})")
    return text + "\n" + _by_moon(hands)


def _by_moon(hands: list[HandForks]) -> str:
    """Where the per-hand figure comes from: the forks after which one branch or both
    ended in a moon (by A's seat, or against it), and the rest."""
    kinds = {"a moon by A's seat": "own", "a moon against A's seat": "against"}
    parts = []
    for label, kind in kinds.items():
        forks = [f for h in hands for f in h.forks if kind in f.moons]
        won = sum(f.moons[0] == kind for f in forks)
        lost = sum(f.moons[1] == kind for f in forks)
        m, lo, hi = interval([sum(f.worth for f in h.forks if kind in f.moons)
                              for h in hands])
        parts.append(f"{label} after {len(forks)} forks (after A's choice {won}, after B's "
                     f"{lost}): per hand {m:+.3f} ({lo:+.3f} .. {hi:+.3f})")
    m, lo, hi = interval([sum(f.worth for f in h.forks if f.moons == ("", ""))
                          for h in hands])
    parts.append(f"no moon: per hand {m:+.3f} ({lo:+.3f} .. {hi:+.3f})")
    return "; ".join(parts)


def duel_parser(description: str, seed: str) -> argparse.ArgumentParser:
    """The options of a paired A/B: the bots, A's seats, the seed, the jobs, the listing."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--bot", default="normal", help="bot A, which plays the hands")
    p.add_argument("--vs", required=True, help="bot B, asked at A's pass and each of its plays")
    p.add_argument("--table", default="normal",
                   help="the other seats: one bot, or three comma-separated (the seats after "
                        "A's in turn)")
    p.add_argument("--seats", default="0,2", help="A's seats, comma-separated")
    p.add_argument("--seed", default=seed)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--list", action="store_true", help="print every fork")
    return p


def main(argv: list[str] | None = None) -> int:
    p = duel_parser(__doc__.split("\n\n")[0], "ab")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--start", type=int, default=0, help="first deal")
    p.add_argument("--continuations", type=int, default=1,
                   help="play each fork on this many times with each choice (seeded apart) "
                        "and take the mean: less noise where forks are few")
    args = p.parse_args(argv)
    seats = [int(s) for s in args.seats.split(",")]
    if not bots_known("decision_ab", args.table, args.bot, args.vs):
        return 2
    if args.continuations < 1:
        print("decision_ab: --continuations: at least 1", file=sys.stderr)
        return 2
    work = [(args.bot, args.vs, args.table, d, s, args.seed, args.continuations)
            for d in range(args.start, args.start + args.deals) for s in seats]
    hands = run_jobs(_job, work, args.jobs)
    if args.list:
        for h in hands:
            for f in h.forks:
                where = "pass" if f.trick is None else f"trick {f.trick}"
                print(f"deal {h.deal} seat {h.seat} {where}: {_cards(f.a_cards)} against "
                      f"{_cards(f.b_cards)}: {f.worth:+g}"
                      + "".join(f" ({who}: moon {kind})" for who, kind in zip("AB", f.moons)
                                if kind))
    print(summary(args.bot, args.vs, hands))
    return 0


if __name__ == "__main__":
    sys.exit(main())
