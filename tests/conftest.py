"""Every test: a private $XDG_CONFIG_HOME and $XDG_DATA_HOME, so nothing a test runs (the
player key, settings, saved games; subprocesses inherit them) touches the user's own; and
English, whatever the machine's locale (a test of another language asks for it)."""

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
