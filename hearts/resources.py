"""Where the installed game's files are: through `importlib.resources`, the same in a
checkout's editable install, a wheel and a frozen bundle.

The files are on the file system in every one of those (pygame and the web server open
them by path), so each is given as a `Path`.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset(*parts: str) -> Path:
    """A file or folder of `hearts.assets`: ``asset("fonts", "DejaVuSans.ttf")``."""
    return Path(str(files("hearts.assets"))).joinpath(*parts)


def package_file(*parts: str) -> Path:
    """A data file of the `hearts` package itself: ``package_file("locale")``."""
    return Path(str(files("hearts"))).joinpath(*parts)
