"""`hearts bench engine` runs through the CLI and prints both rates (no timing assertions)."""

from __future__ import annotations

import random
import re

import pytest

from hearts.bench import engine as bench_engine
from hearts.bench.openspiel_driver import load_pyspiel
from hearts.cli import main
from hearts.engine import Rules


def _rate(label: str, out: str) -> float:
    m = re.search(re.escape(label) + r".*?\s(\d+) hands/s", out)
    assert m, f"no {label!r} rate in:\n{out}"
    return float(m.group(1))


@pytest.mark.skipif(load_pyspiel() is None, reason="open_spiel is not installed")
def test_bench_prints_ours_openspiel_and_ratio(capsys):
    assert main(["bench", "engine", "--seconds", "0.05", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    ours = _rate("ours (standard rules, tram off)", out)
    usual = _rate("OpenSpiel, usual loop", out)
    fastest = _rate("OpenSpiel, deal pre-shuffled", out)
    assert ours > 0 and usual > 0 and fastest > 0
    for label, theirs in (("usual loop", usual), ("fastest", fastest)):
        ratio = float(re.search(rf"ratio ours/OpenSpiel {label}\s+([\d.]+)", out).group(1))
        assert ratio == pytest.approx(ours / theirs, rel=0.02, abs=0.01)


def test_bench_without_openspiel_prints_ours(capsys, monkeypatch):
    monkeypatch.setattr(bench_engine, "load_pyspiel", lambda: None)
    assert main(["bench", "engine", "--seconds", "0.02", "--tram", "auto"]) == 0
    out = capsys.readouterr().out
    assert _rate("ours (standard rules, tram auto)", out) > 0
    assert "OpenSpiel hearts" in out and "not installed" in out
    assert "ratio" not in out


def test_bench_hands_play_to_the_end():
    """The benchmarked hands are whole hands: passed as the cycle says, every card played."""
    rules = Rules(tram="off")
    rng = random.Random(5)
    for n in range(8):
        hand = bench_engine.our_hand(rules, rng, n)
        assert hand.done and len(hand.tricks) == 13
        assert hand.pass_direction == ("left", "right", "across", "hold")[n % 4]
        assert sum(hand.points()) in (26, 78)
    pyspiel = load_pyspiel()
    if pyspiel is not None:
        game = pyspiel.load_game("hearts")
        for n in range(8):
            drive = bench_engine.openspiel_hand if n < 4 else bench_engine.openspiel_hand_usual
            state = drive(game, rng, n)
            assert state.is_terminal()
            # direction + 52 deal + 12 pass (none when holding) + 52 plays
            assert len(state.history()) == 1 + 52 + (0 if n % 4 == 3 else 12) + 52
