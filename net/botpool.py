"""The threads that run the bots' moves and the hints: tables with people first.

A table of bots that nobody watches must never slow a table of people down (a guest who
opens many bot tables and hangs up would otherwise take the threads from everyone).
`BotPool` is a thread pool with two lanes: work for a table with a person connected is
always taken before work for one without.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable, TypeVar

T = TypeVar("T")

PEOPLE, BOTS_ONLY = 0, 1          # the lanes, in the order they are served


class BotPool:
    """``workers`` threads taking the most urgent call first (FIFO within a lane)."""

    def __init__(self, workers: int, name: str = "bot") -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Any]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._threads = [threading.Thread(target=self._work, name=f"{name}_{i}", daemon=True)
                         for i in range(workers)]
        for t in self._threads:
            t.start()

    def run(self, people: bool, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``fn(*args)`` in a thread, in the lane of a table with (``people``) or without
        people; awaitable on the running loop."""
        fut: Future[T] = Future()
        self._queue.put((PEOPLE if people else BOTS_ONLY, next(self._order), (fut, fn, args)))
        return asyncio.wrap_future(fut)

    def waiting(self) -> int:
        """Calls not yet taken by a thread."""
        return self._queue.qsize()

    def shutdown(self) -> None:
        """Cancel what waits and let the threads end (a call under way finishes)."""
        while True:
            try:
                _lane, _n, (fut, _fn, _args) = self._queue.get_nowait()
            except queue.Empty:
                break
            fut.cancel()
        for _ in self._threads:
            self._queue.put((BOTS_ONLY + 1, next(self._order), None))

    def _work(self) -> None:
        while True:
            _lane, _n, item = self._queue.get()
            if item is None:
                return
            fut, fn, args = item
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn(*args))
            except BaseException as e:       # handed to the awaiting task, as an executor does
                fut.set_exception(e)
