"""scripts/search_regret.py: a search level's regret against a far longer search."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from hearts.bots.config import HARD, NORMAL, parse_search_spec

from .helpers import load_script

search_regret = load_script("search_regret")


def test_a_config_is_a_level_with_settings_changed():
    s = parse_search_spec("normal+work=900+shoot_z=1.5")
    assert s == replace(NORMAL, work=900, shoot_z=1.5)
    assert parse_search_spec("hard") == HARD
    oracle = HARD.scaled(4)
    assert oracle.work == 4 * HARD.work and oracle.early_work == 4 * HARD.early_work
    assert oracle.pass_worlds == 4 * (HARD.pass_worlds + HARD.pass_more)
    assert oracle.pass_more == 0 and oracle.strong_defence == HARD.strong_defence
    with pytest.raises(ValueError, match="not a search setting"):
        parse_search_spec("normal+wrok=1")
    with pytest.raises(ValueError, match="not a search level"):
        parse_search_spec("rules")


def test_each_config_gets_its_regret_per_part(capsys):
    """Deal 0 passes left, so the pass counts too; regret is never below the oracle's best."""
    fast = "normal+work=400+early_work=0+pass_worlds=3+pass_more=0"
    assert search_regret.main(["--deals", "1", "--mult", "2", "--trials", "1", "--table", "rules",
                               "--bot", "rules", "--oracle", fast, fast,
                               "hard+work=200+early_work=0+pass_worlds=2+pass_more=0"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("normal+", "hard+"))]
    assert len(rows) == 2
    for row in rows:
        figures = [float(x) for x in re.findall(r"-?\d+\.\d+", row.split(" ", 1)[1])]
        assert len(figures) == 7 and min(figures[:5]) >= 0


def test_an_unknown_level_is_one_error(capsys):
    assert search_regret.main(["--deals", "1", "hard", "nobot"]) == 2
    assert "not a search level: 'nobot'" in capsys.readouterr().err
