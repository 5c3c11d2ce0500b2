"""Write tests/slow_tests.txt, the tests that took half a second or more, from a pytest
run's ``--durations=0`` report: those are marked `slow` (tests/conftest.py), so that
`scripts/test -m "not slow"` is the fast core. Also tests/file_times.txt, each file's
seconds: the workers take the longest files first (tests/conftest.py), so that no long file
starts last and runs alone at the end. Run again when the suite changes:

    scripts/test --durations=0 | tee run.txt
    .venv/bin/python scripts/slow_tests.py run.txt [--over SECONDS]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "slow_tests.txt"
FILES = ROOT / "tests" / "file_times.txt"
LINE = re.compile(r"^(\d+\.\d+)s (?:call|setup|teardown)\s+(\S.*)$")
HEADER = """\
# The tests that took {over:g} s or more (setup, call and teardown) in a whole run, marked
# `slow` by tests/conftest.py: `scripts/test -m "not slow"` leaves them out. Made by
# scripts/slow_tests.py from `scripts/test --durations=0`; the tiers' own tests (browser,
# netns, install) are slow by their marks and not listed.
"""
FILES_HEADER = """\
# Each test file's seconds (its tests' setup, call and teardown added up) in a whole run:
# tests/conftest.py hands the workers the longest files first. Made by scripts/slow_tests.py
# from `scripts/test --durations=0`.
"""


def durations(report: str) -> dict[str, float]:
    """Each test's seconds, setup, call and teardown added up."""
    took: dict[str, float] = {}
    for line in report.splitlines():
        if m := LINE.match(line.strip()):
            took[m.group(2).strip()] = took.get(m.group(2).strip(), 0.0) + float(m.group(1))
    return took


def file_seconds(took: dict[str, float]) -> dict[str, float]:
    """Each test file's seconds, its tests' added up, the longest first."""
    files: dict[str, float] = {}
    for test, seconds in took.items():
        path = test.split("::")[0]
        files[path] = files.get(path, 0.0) + seconds
    return dict(sorted(files.items(), key=lambda f: -f[1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="the output of a run with --durations=0")
    parser.add_argument("--over", type=float, default=0.5, help="seconds (default 0.5)")
    parser.add_argument("--skip", action="append", default=["tests/web/test_browser",
                        "tests/web/test_records_page", "tests/net/test_discovery_lan",
                        "tests/net/test_join_lan", "tests/install/"],
                        help="a path prefix of tests slow by their tier (repeatable)")
    args = parser.parse_args(argv)
    took = durations(args.report.read_text(errors="replace"))
    slow = sorted(t for t, s in took.items()
                  if s >= args.over and not t.startswith(tuple(args.skip)))
    OUT.write_text(HEADER.format(over=args.over) + "".join(f"{t}\n" for t in slow))
    print(f"{len(slow)} of {len(took)} timed tests took {args.over:g} s or more: {OUT}")
    files = file_seconds(took)
    FILES.write_text(FILES_HEADER + "".join(f"{seconds:.1f} {path}\n"
                                            for path, seconds in files.items()))
    print(f"{len(files)} files timed: {FILES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
