"""Run a coroutine on uvloop when it is installed (faster sockets), else on asyncio's loop."""

from __future__ import annotations

import asyncio
from typing import Any, Coroutine, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T], fast: bool = True) -> T:
    """`asyncio.run`, on uvloop if ``fast`` and it can be imported."""
    if fast:
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return uvloop.run(main)
    return asyncio.run(main)


def loop_name() -> str:
    """The running loop's kind, for benchmark reports."""
    loop = asyncio.get_running_loop()
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"
