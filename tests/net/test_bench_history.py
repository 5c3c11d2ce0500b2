"""`hearts bench history` runs through the CLI and prints its figures (no timing assertions)."""

from __future__ import annotations

import re
from pathlib import Path

from hearts.cli import main
from hearts.net.history import History


def test_bench_history_prints_each_answer(capsys, tmp_path: Path) -> None:
    assert main(["bench", "history", "--games", "4", "--people", "3", "--asks", "3",
                 "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "wrote 4 games" in out and "4 games" in out
    for kind in ("stats", "games", "game"):
        assert re.search(rf"{kind}\s+median\s+[\d.]+ ms\s+p95\s+[\d.]+ ms\s+max\s+[\d.]+ ms", out)
    history = History(tmp_path).load()                 # what it wrote is a real history
    assert len(history.entries) == 4 and not history.problems
    assert sum(r["games"] for r in history.stats()["all"]["people"] +
               history.stats()["all"]["bots"]) == 16   # four seats a game
