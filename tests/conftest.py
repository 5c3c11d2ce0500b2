"""Every test: a private $XDG_CONFIG_HOME and $XDG_DATA_HOME, so nothing a test runs (the
player key, settings, saved games; subprocesses inherit them) touches the user's own; and
English, whatever the machine's locale (a test of another language asks for it). The slow
tiers and the tools tests need (tests/tools.py): a test whose tool is missing is skipped with
one line saying how to get it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    base = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CONFIG_HOME", str(base / "config"))
        mp.setenv("XDG_DATA_HOME", str(base / "data"))
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            mp.delenv(var, raising=False)
        mp.setenv("LANG", "C.UTF-8")
        yield


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that switched the process's language (a client in German) leaves English."""
    yield
    from hearts import i18n
    i18n.set_language(None)


# -- tiers and tools ------------------------------------------------------------------------------
# The slow tiers: each implies the mark `slow` (`scripts/test -m "not slow"` runs the fast
# core) and the tools it needs. Marks are registered in pyproject.toml. A test that uses
# the `browser` fixture (tests/web/test_browser.py) is in the browser tier wherever it is.
TIERS: dict[str, tuple[str, ...]] = {
    "browser": ("chromium",),      # Debian's Chromium driven by Playwright
    "netns": ("netns",),           # network namespaces as LAN machines (root, iproute2)
    "install": (),                 # builds the wheel or the bundle and runs it
}
FIXTURE_TIERS = {"browser": "browser"}
# the tests measured to take half a second or more (scripts/slow_tests.py writes the list)
SLOW_LIST = Path(__file__).with_name("slow_tests.txt")
# each file's measured seconds (scripts/slow_tests.py): the longest files go to the workers
# first (scripts/test keeps this order with --no-loadscope-reorder), so that no long file
# starts late and runs alone at the end
FILE_TIMES = Path(__file__).with_name("file_times.txt")


def _file_seconds() -> dict[str, float]:
    if not FILE_TIMES.exists():
        return {}
    pairs = (line.split(maxsplit=1) for line in FILE_TIMES.read_text().splitlines()
             if line.strip() and not line.startswith("#"))
    return {path: float(seconds) for seconds, path in pairs}


def _measured_slow() -> set[str]:
    if not SLOW_LIST.exists():
        return set()
    lines = SLOW_LIST.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


@pytest.hookimpl(tryfirst=True)         # before -m deselects: `slow` is added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from tests.tools import missing
    measured = _measured_slow()
    for item in items:
        for fixture, tier in FIXTURE_TIERS.items():
            if fixture in getattr(item, "fixturenames", ()) and not item.get_closest_marker(tier):
                item.add_marker(getattr(pytest.mark, tier))
        if item.nodeid in measured:
            item.add_marker(pytest.mark.slow)
        needs = [str(m.args[0]) for m in item.iter_markers("needs")]
        for tier, tools in TIERS.items():
            if item.get_closest_marker(tier) is not None:
                item.add_marker(pytest.mark.slow)
                needs.extend(tools)
        for tool in needs:
            why = missing(tool)
            if why is not None:
                item.add_marker(pytest.mark.skip(reason=why))
                break
    seconds = _file_seconds()
    items.sort(key=lambda item: -seconds.get(item.nodeid.split("::")[0], 0.0))   # stable
