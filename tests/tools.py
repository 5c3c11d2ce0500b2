"""The tools beyond Python that some tests need, checked in one place.

A test names what it needs with a mark, ``@pytest.mark.needs("node")``, or belongs to a
tier that needs it (``browser`` needs Chromium, ``netns`` network namespaces); where a tool
is missing, tests/conftest.py skips the test with one line saying which tool and how to get
it. ``scripts/test`` installs them itself on Debian or Ubuntu as root (or with sudo).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
from collections.abc import Callable

APT = "scripts/test installs it on Debian/Ubuntu as root or with sudo"


def chromium() -> str | None:
    """Debian's Chromium, as the browser tests drive it, or None."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return found or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)


def _chromium() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "needs Playwright: pip install -e '.[test]' (scripts/test does)"
    if chromium() is None:
        return f"needs Chromium: apt-get install chromium ({APT})"
    return None


def _command(name: str, package: str) -> Callable[[], str | None]:
    def check() -> str | None:
        if shutil.which(name) is None:
            return f"needs {name}: apt-get install {package} ({APT})"
        return None
    return check


def _netns() -> str | None:
    from tests.net.netns import unavailable
    why = unavailable()
    return None if why is None else f"needs network namespaces: {why} (iproute2, as root)"


def _emoji_font() -> str | None:
    from hearts.gui.glyphs import COLOUR_FONTS, first_font
    if first_font(COLOUR_FONTS) is None:
        return f"needs a colour emoji font: apt-get install fonts-noto-color-emoji ({APT})"
    return None


CHECKS: dict[str, Callable[[], str | None]] = {
    "emoji-font": _emoji_font,
    "chromium": _chromium,
    "node": _command("node", "nodejs"),
    "msgfmt": _command("msgfmt", "gettext"),
    "netns": _netns,
}


@functools.cache
def missing(tool: str) -> str | None:
    """Why ``tool`` cannot be used here, in one line naming how to get it; None if it can.
    $HEARTS_TEST_HIDE (names with commas) makes tools count as missing: the suite as on a
    machine without them."""
    if tool in os.environ.get("HEARTS_TEST_HIDE", "").split(","):
        return CHECKS[tool]() or f"needs {tool} (hidden by HEARTS_TEST_HIDE)"
    return CHECKS[tool]()
