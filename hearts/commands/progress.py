"""A one-line progress bar with an ETA for long commands, on a terminal only."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``step()`` after each unit of work; draws ``[####....]  37/500 deals  ETA 1m12s``
    on ``stream`` when it is a terminal (and ``enabled``), and nothing otherwise."""

    def __init__(self, total: int, unit: str, enabled: bool = True,
                 stream: TextIO | None = None, width: int = 24) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = max(1, total)
        self.unit = unit
        self.width = width
        self.done = 0
        self.shown = enabled and self.stream.isatty()
        self._start = time.monotonic()
        self._last = 0.0

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.shown and (now - self._last >= 0.2 or self.done >= self.total):
            self._last = now
            self.stream.write("\r" + self.line(now - self._start))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        """The bar after ``elapsed`` seconds."""
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        eta = ""
        if 0 < self.done < self.total:
            left = elapsed / self.done * (self.total - self.done)
            eta = f"  ETA {int(left // 60)}m{int(left % 60):02d}s"
        return f"[{bar}] {self.done:>{len(str(self.total))}}/{self.total} {self.unit}{eta}"

    def close(self) -> None:
        """Clear the line, so that the results start on a clean one."""
        if self.shown:
            self.stream.write("\r" + " " * (len(self.line(0)) + 16) + "\r")
            self.stream.flush()
