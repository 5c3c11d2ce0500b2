"""`hearts bench engine`: random full hands per second, ours and OpenSpiel's, on one core.

Each hand is dealt, passed (the direction cycles left, right, across, hold in
both engines) and played to the last card with random legal choices. Ours goes
through the public API (`Hand.deal`, `pass_cards`, `legal_plays`, `play`,
`choose_moon`); OpenSpiel is driven from Python two ways: the usual loop of its
examples (every chance node sampled from `chance_outcomes()`, `legal_actions()`
for every pass and play), and at its fastest, with the deal's 52 chance outcomes
shuffled once and applied in a row.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from hearts.engine import Hand, Rules

from .openspiel_driver import OS_PASS_DIR, load_pyspiel

_CYCLE = ("left", "right", "across", "hold")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="time to spend on each engine (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    parser.add_argument("--tram", choices=("off", "auto"), default="off",
                        help="our tram rule: off plays every card like OpenSpiel (default off)")


def our_hand(rules: Rules, rng: random.Random, number: int) -> Hand:
    """One random hand through our public API; returns the finished hand."""
    hand = Hand.deal(rules, rng, _CYCLE[number & 3])
    if hand.phase == "pass":
        for seat in range(4):
            hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    choice = rng.choice
    while hand.phase == "play":
        turn = hand.turn
        assert turn is not None
        seat = turn
        hand.play(seat, choice(hand.legal_plays(seat)))
    if hand.phase == "moon-choice" and hand.turn is not None:
        hand.choose_moon(hand.turn, choice(("add", "subtract")))
    return hand


def openspiel_hand_usual(game: Any, rng: random.Random, number: int) -> Any:
    """One random hand of OpenSpiel's hearts, driven by the usual Python loop of its
    examples: each chance node's outcome sampled from ``chance_outcomes()``."""
    state = game.new_initial_state()
    state.apply_action(OS_PASS_DIR[_CYCLE[number & 3]])
    choice = rng.choice
    apply = state.apply_action
    while not state.is_terminal():
        if state.is_chance_node():
            apply(choice([a for a, _ in state.chance_outcomes()]))
        else:
            apply(choice(state.legal_actions()))
    state.returns()
    return state


def openspiel_hand(game: Any, rng: random.Random, number: int) -> Any:
    """One random hand of OpenSpiel's hearts, driven from Python at its fastest (the
    deal's chance outcomes shuffled once); returns the final state."""
    state = game.new_initial_state()
    state.apply_action(OS_PASS_DIR[_CYCLE[number & 3]])
    # sampling the deal's chance outcomes one by one is a uniform shuffle of them
    deal = [a for a, _ in state.chance_outcomes()]
    rng.shuffle(deal)
    apply = state.apply_action
    for a in deal:
        apply(a)
    choice = rng.choice
    legal = state.legal_actions
    while not state.is_terminal():
        apply(choice(legal()))
    state.returns()
    return state


def rate(play: Callable[[random.Random, int], object], seconds: float, seed: int) -> float:
    """Hands per second of ``play`` over about ``seconds`` (at least one hand)."""
    rng = random.Random(seed)
    play(rng, 0)  # warm up
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(10):
            play(rng, n)
            n += 1
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def run(args: argparse.Namespace) -> int:
    seconds = max(0.0, args.seconds)
    rules = Rules(tram=args.tram)
    print(f"random full hands (deal, pass, play to the end), one core, {seconds:g} s each, "
          f"seed {args.seed}")
    ours = rate(lambda rng, n: our_hand(rules, rng, n), seconds, args.seed)
    print(f"{'ours (standard rules, tram ' + args.tram + ')':38} {ours:10.0f} hands/s")
    pyspiel = load_pyspiel()
    if pyspiel is None:
        print(f"{'OpenSpiel hearts':38} not installed (pip install open_spiel), no comparison")
        return 0
    game = pyspiel.load_game("hearts")
    usual = rate(lambda rng, n: openspiel_hand_usual(game, rng, n), seconds, args.seed)
    print(f"{'OpenSpiel, usual loop (node by node)':38} {usual:10.0f} hands/s")
    theirs = rate(lambda rng, n: openspiel_hand(game, rng, n), seconds, args.seed)
    print(f"{'OpenSpiel, deal pre-shuffled (fastest)':38} {theirs:10.0f} hands/s")
    print(f"{'ratio ours/OpenSpiel usual loop':38} {ours / usual:10.2f}")
    print(f"{'ratio ours/OpenSpiel fastest':38} {ours / theirs:10.2f}")
    return 0
