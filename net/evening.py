"""When "tonight" started, kept in the save folder so that a restart the same evening keeps
the night's leaderboard.

A host without ``--session`` starts the evening at its first start and writes that time
to ``evening.json``; a host started again within `EVENING_HOURS` of it goes on with the
same evening. A later start begins a new one.
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from .saves import write_atomic

log = logging.getLogger("hearts.host")

EVENING = "evening.json"
EVENING_HOURS = 12.0        # a start this long after the evening's start begins a new one


def _stamp(when: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))


def kept_start(folder: Path, now: float | None = None) -> str | None:
    """The evening's start kept in ``folder`` while it is less than `EVENING_HOURS` old."""
    now = time.time() if now is None else now
    try:
        kept = json.loads((folder / EVENING).read_bytes()).get("start")
    except (OSError, ValueError, AttributeError):
        return None
    if isinstance(kept, str) and _stamp(now - EVENING_HOURS * 3600) < kept <= _stamp(now):
        return kept
    return None


def evening_start(folder: Path, now: float | None = None) -> str:
    """The start of tonight (`hearts.net.history.now_stamp` form) for a host starting now
    on ``folder``: the kept one (`kept_start`), else now, kept for the next start."""
    now = time.time() if now is None else now
    kept = kept_start(folder, now)
    if kept is not None:
        return kept
    start = _stamp(now)
    path = folder / EVENING
    try:
        write_atomic(path, json.dumps({"start": start}).encode() + b"\n")
    except OSError as e:        # tonight starts now again at the next start: no more lost
        log.warning("cannot keep the evening's start in %s: %s", path, e.strerror or e)
    return start


__all__ = ["EVENING", "EVENING_HOURS", "evening_start", "kept_start"]
