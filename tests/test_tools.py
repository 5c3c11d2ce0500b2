"""A machine without the tests' tools: every test that needs one is skipped with one line
naming it, none errors (tests/tools.py, tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_without_chromium_node_and_msgfmt_the_tests_that_need_them_skip() -> None:
    env = {**os.environ, "HEARTS_TEST_HIDE": "chromium,node,msgfmt"}
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-n", "0", "tests/web/test_browser_night.py",
                           "tests/web/test_browser_languages.py", "tests/web/test_page_words.py",
                           "tests/test_i18n.py::test_msgfmt_finds_no_untranslated_or_fuzzy_entry"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=170)
    out = done.stdout
    assert done.returncode == 0, out[-3000:]
    assert " error" not in out and "failed" not in out, out[-3000:]
    assert "needs chromium (hidden by HEARTS_TEST_HIDE)" in out
    assert "needs node (hidden" in out and "needs msgfmt (hidden" in out
