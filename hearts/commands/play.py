"""`hearts play`: until the pygame client lands, watch four random players in the terminal."""

from __future__ import annotations

import argparse
import random

from hearts.engine import Game, Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--rules", default="standard", help="preset name")


def run(args: argparse.Namespace) -> int:
    game = Game(Rules.preset(args.rules), seed=args.seed)
    rng = random.Random(args.seed)
    shown = 0
    while not game.over:
        hand = game.hand
        if hand.phase == "pass":
            for s in range(4):
                game.pass_cards(s, rng.sample(hand.held(s), hand.rules.pass_count))
        elif hand.phase == "play":
            game.play(hand.turn, rng.choice(hand.legal_plays(hand.turn)))
        elif hand.phase == "moon-choice":
            game.choose_moon(hand.turn, "add")
        for r in game.results[shown:]:
            print(f"hand {r.number + 1}: points {list(r.points)} totals {list(r.totals)}")
        shown = len(game.results)
    print("winners:", ", ".join(f"seat {s}" for s in game.winners))
    return 0
