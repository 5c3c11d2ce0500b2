"""The suite's own order and tiers: scripts/slow_tests.py reads a `--durations=0` report,
and the workers are handed the longest files first (tests/conftest.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.conftest import _file_seconds

ROOT = Path(__file__).resolve().parents[1]
REPORT = """\
============================= slowest durations =============================
3.50s call     tests/a/test_x.py::test_one
0.40s setup    tests/a/test_x.py::test_one
1.00s call     tests/b/test_y.py::test_two[de]
2.25s call     tests/b/test_y.py::test_two[fr]
0.01s teardown tests/c/test_z.py::test_three
"""


def _script():                                              # scripts/ is not a package
    spec = importlib.util.spec_from_file_location("slow_tests", ROOT / "scripts" / "slow_tests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_durations_report_gives_each_test_and_each_file_its_seconds() -> None:
    script = _script()
    took = script.durations(REPORT)
    assert took["tests/a/test_x.py::test_one"] == pytest.approx(3.9)     # setup and call
    files = script.file_seconds(took)
    assert list(files) == ["tests/a/test_x.py", "tests/b/test_y.py", "tests/c/test_z.py"]
    assert files["tests/b/test_y.py"] == pytest.approx(3.25)


def test_this_run_hands_out_the_longest_files_first(request: pytest.FixtureRequest) -> None:
    seconds = _file_seconds()
    assert seconds, "tests/file_times.txt is missing or empty"
    order = [seconds.get(item.nodeid.split("::")[0], 0.0) for item in request.session.items]
    assert order == sorted(order, reverse=True)
