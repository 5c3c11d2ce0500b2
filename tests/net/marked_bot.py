"""A plug-in bot whose import leaves a mark: proof of whether the host imported it.

The mark is this module in `sys.modules` (a host in the test's process) and a line in
the file named by ``HEARTS_TEST_MARK`` (a host in a process of its own).
"""

from __future__ import annotations

import os

from hearts.bots import RandomBot

_mark = os.environ.get("HEARTS_TEST_MARK")
if _mark:
    with open(_mark, "a", encoding="utf-8") as f:
        f.write("imported\n")


class MarkedBot(RandomBot):
    """Random legal play, under its own name."""

    name = "marked"
