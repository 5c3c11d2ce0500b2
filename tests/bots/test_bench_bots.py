"""`hearts bench bots` runs through the CLI and prints its figures (no timing assertions)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from hearts.bench import bots as bench_bots
from hearts.cli import main


def test_bench_bots_prints_both_simulators_and_each_level(capsys):
    assert main(["bench", "bots", "--hands", "1", "--levels", "rules,normal"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"simulator: (\d+) full-hand playouts/s with the rules player in C "
                  r"\((\d+) in Python\)", out)
    assert m and int(m.group(1)) > 0 and int(m.group(2)) > 0, out
    for level in ("rules", "normal"):
        row = re.search(rf"^{level}\s+(\d+) decisions\s+mean\s+[\d.]+ ms\s+p50\s+[\d.]+ ms\s+p99\s+[\d.]+ ms\s+"
                        r"max\s+[\d.]+ ms\s+capped (\d+)$", out, re.M)
        assert row and int(row.group(1)) >= 13, out


def test_bench_bots_says_when_the_c_playouts_are_missing(capsys, monkeypatch):
    monkeypatch.setattr(bench_bots, "native", None)
    assert main(["bench", "bots", "--hands", "1", "--levels", "rules"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"simulator: \d+ full-hand playouts/s .*in Python: the C playouts are "
                     r"not built", out), out


def test_the_python_playouts_can_be_chosen_where_the_c_ones_are_built():
    """HEARTS_PYTHON_PLAYOUTS runs the Python playouts (to measure what the C is worth)."""
    code = "import hearts.bots.sim as s; print(s.native is None)"
    env = {**os.environ, "HEARTS_PYTHON_PLAYOUTS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "True"
