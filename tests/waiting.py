"""Waiting on a condition, not for a time: the test goes on as soon as the condition holds
and fails with what it waited for when it never does. (A sleep stays where the test is
that nothing happens for a while.)"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


async def eventually(cond: Callable[[], T], timeout: float = 5.0, what: str = "") -> T:
    """Poll ``cond()`` on the running loop until it is true; its value."""
    end = asyncio.get_running_loop().time() + timeout
    while not (value := cond()):
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what or cond}")
        await asyncio.sleep(0.01)
    return value


def until(cond: Callable[[], T], timeout: float = 5.0, what: str = "") -> T:
    """Poll ``cond()`` in this thread until it is true; its value."""
    end = time.monotonic() + timeout
    while not (value := cond()):
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what or cond}")
        time.sleep(0.01)
    return value
