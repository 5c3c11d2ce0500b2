"""The program inside the bundle (scripts/bundle.py freezes this): the `hearts` command.

Double-clicked with no arguments it opens the game (`hearts play`); from a terminal it takes
every subcommand (`hearts host`, `hearts join ADDRESS`, ...).
"""

from __future__ import annotations

import multiprocessing
import sys

from hearts.cli import main

if __name__ == "__main__":
    # the demo's host runs in a child process: on Windows and macOS a frozen program is
    # started again for it, and this sends that start to the child's work
    multiprocessing.freeze_support()
    sys.exit(main())
