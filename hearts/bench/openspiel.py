"""`hearts bench openspiel`: our engine cross-checked hand by hand against OpenSpiel's hearts.

The suite cross-checks 30 random hands of each of the 256 option sets OpenSpiel knows
(tests/engine/test_openspiel.py); this runs as many as asked, spread evenly over them,
and prints what was compared: hands, decisions, moons and the rest of `Stats`. The first
difference stops it, said in full (exit status 1).
"""

from __future__ import annotations

import argparse
import time

from .openspiel_driver import Mismatch, crosscheck, load_pyspiel


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=25_600,
                        help="random hands, spread over the 256 option sets (default 25600)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals and plays")


def run(args: argparse.Namespace) -> int:
    pyspiel = load_pyspiel()
    if pyspiel is None:
        from hearts.cli import UserError
        raise UserError("hearts bench openspiel needs open_spiel: pip install open_spiel")
    start = time.process_time()
    try:
        stats = crosscheck(pyspiel, args.hands, seed=args.seed)
    except Mismatch as e:
        print(f"hearts bench openspiel: the engines differ: {e}")
        return 1
    took = time.process_time() - start
    print(f"hearts bench openspiel: {stats.hands} hands over the 256 option sets agree "
          f"({stats.hands / took:.0f} hands/s, {took:.1f} s CPU)")
    print(f"  decisions {stats.decisions}, moons {stats.moons} ({stats.moons_with_jd} with the "
          f"J♦), clean-hand bonuses {stats.clean_hand_bonuses}")
    print(f"  leads: the Q♠ with hearts {stats.queen_and_hearts_leads}, hearts only "
          f"{stats.hearts_only_leads}; first-trick discards with points "
          f"{stats.first_trick_discards_with_points}")
    print("  pass directions: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.directions.items())))
    return 0
