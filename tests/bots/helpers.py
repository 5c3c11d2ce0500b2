"""Shared helpers for the bot tests: random rule sets and playing hands with bots."""

from __future__ import annotations

import importlib.util
import random
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from hearts.bots import make_bot
from hearts.bots.config import NORMAL, SearchConfig
from hearts.bots.search import SearchBot
from hearts.engine import Hand, Rules, View
from hearts.engine.rule_options import OPTIONS
from hearts.engine.rules import PASS_DIRECTIONS, PRESETS


def random_rules(rng: random.Random) -> Rules:
    """A random but valid rule set touching every option that changes play."""
    opts: dict = {o.name: rng.choice(o.values) for o in OPTIONS.values() if o.kind == "choice"}
    opts.update({o.name: rng.random() < 0.5 for o in OPTIONS.values() if o.kind == "bool"})
    opts["pass_cycle"] = tuple(rng.choice(PASS_DIRECTIONS) for _ in range(rng.randint(1, 4)))
    opts["pass_count"] = rng.choice([0, 1, 3, 3, 4])
    opts["queen_points"] = rng.choice([13, 25, -5])
    opts["jack_of_diamonds"] = rng.choice([0, 0, -10, 5])
    opts["clean_hand_bonus"] = rng.choice([0, -5])
    opts["target"] = rng.choice([100, 50])
    return Rules(**opts)


def views_in_play(rules: Rules, n: int, seed: str, first: int = 5) -> list[tuple[int, View]]:
    """Views of the seat to play at a random point (the ``first``-th card played or later)
    of ``n`` hands played by bots that lead winners (``shooter``) and bots that duck
    (``rules``), each with its hand's number."""
    views = []
    for k in range(n):
        rng = random.Random(f"{seed}/{k}")
        bots = [make_bot("shooter" if (s + k) % 3 == 0 else "rules", seed=k) for s in range(4)]
        hand = Hand.deal(rules, rng, rules.pass_direction(k), dealer=k % 4)
        stop = rng.randrange(first, 48)
        while hand.phase != "play" or len(hand.tricks) * 4 + len(hand.trick) < stop:
            if hand.phase == "pass":
                for s in range(4):
                    hand.pass_cards(s, bots[s].choose_pass(hand.view(s), 1.0))
            elif hand.phase == "play":
                s = hand.turn
                hand.play(s, bots[s].choose_play(hand.view(s), 1.0))
            else:
                break
        if hand.phase == "play":
            views.append((k, hand.view(hand.turn)))
    return views


def all_rule_sets(n_random: int, seed: int = 7) -> list[Rules]:
    rng = random.Random(seed)
    return [Rules.preset(p) for p in PRESETS] + [random_rules(rng) for _ in range(n_random)]


def uncapped(bot, cap: float = 10.0):
    """``bot`` with its search's time cap lifted to ``cap`` seconds, so that its choices depend
    on its seed only (a loaded machine cuts no decision short); other bots as they are."""
    if isinstance(bot, SearchBot):
        bot.config = replace(bot.config, cap=cap)
    return bot


def search_bot(seed=1, base: SearchConfig = NORMAL, **changes) -> SearchBot:
    """A search bot of the configuration ``base`` (`normal`'s) with ``changes``."""
    return SearchBot(seed, replace(base, **changes))


def play_hand(rules: Rules, bots: list, seed, hand_number: int = 0, budget: float = 5.0) -> Hand:
    """Deal and play one hand with four bots through the engine (which rejects illegal moves)."""
    hand = Hand.deal(rules, random.Random(seed), rules.pass_direction(hand_number),
                     dealer=hand_number % 4)
    while not hand.done:
        if hand.phase == "pass":
            for s in range(4):
                hand.pass_cards(s, bots[s].choose_pass(hand.view(s), budget))
        elif hand.phase == "play":
            s = hand.turn
            hand.play(s, bots[s].choose_play(hand.view(s), budget))
        else:
            s = hand.turn
            hand.choose_moon(s, bots[s].choose_moon(hand.view(s), budget))
    return hand


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (registered, so its dataclasses find it)."""
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
