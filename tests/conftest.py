"""Every test: a private $XDG_CONFIG_HOME and $XDG_DATA_HOME, so nothing a test runs (the
player key, settings, saved games; subprocesses inherit them) touches the user's own; and
English, whatever the machine's locale (a test of another language asks for it). The slow
tiers and the tools tests need (tests/tools.py): a test whose tool is missing is skipped with
one line saying how to get it."""

from __future__ import annotations

from collections.abc import Iterator

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
# core) and the tools it needs. Marks are registered in pyproject.toml.
TIERS: dict[str, tuple[str, ...]] = {
    "browser": ("chromium",),      # Debian's Chromium driven by Playwright
    "netns": ("netns",),           # network namespaces as LAN machines (root, iproute2)
    "install": (),                 # builds the wheel or the bundle and runs it
}


@pytest.hookimpl(tryfirst=True)         # before -m deselects: `slow` is added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from tests.tools import missing
    for item in items:
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
