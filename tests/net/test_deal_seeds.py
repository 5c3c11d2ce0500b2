"""Deal seeds: a host without a seed draws them from `secrets` (the seed is published after
each game, so one from `random` would let the Mersenne Twister's state, and every deal to
come, be worked out); a host given a seed (tests) deals the same games every run."""

from __future__ import annotations

import random

from .lan import Lan


def _seeds(seed: int | None, games: int = 2) -> list[int | str]:
    """The deal seeds of ``games`` games started at one host, with `random` reset to the
    same state before each start (as a predictable generator would be)."""
    lan = Lan(seed=seed)
    ann = lan.join("Ann")
    out: list[int | str] = []
    for _ in range(games):
        ann.send("create_table")
        tid = ann.last("table")["table"]["id"]
        random.seed(57)
        ann.send("start")
        game = lan.core.tables[tid].game
        assert game is not None
        out.append(game.seed)
        ann.send("leave")
    return out


def test_an_unseeded_host_draws_seeds_that_random_does_not_decide() -> None:
    first, second = _seeds(None)
    assert first != second
    assert first not in _seeds(None)


def test_a_seeded_host_deals_the_same_games_every_run() -> None:
    assert _seeds(7) == _seeds(7)
