"""The host's save files around the sans-I/O core: the folders it claims at its start,
each save the core orders, and the episodes of writes the disk refuses.

A refused write never stops play and never loses a finished game: `hearts.net.history.History`
keeps the game in memory (counted at once), a table whose save failed is saved whole
again later, and the writes are tried again with backoff. `hearts.net.save_trouble.SaveTrouble`
decides what is said, and when an episode ends.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from hearts.i18n import T_, nT_, said

from . import saves
from .evening import evening_start
from .limits import Limits
from .save_folder import FolderLock, claim
from .save_trouble import SaveTrouble

if TYPE_CHECKING:
    from .history import History
    from .host import TableRuntime
    from .server import Save, ServerCore

log = logging.getLogger("hearts.host")


class SaveKeeper:
    """Writes what the core orders, and lives through a disk that refuses (module doc).

    ``runtime(table_id)`` gives a table's `hearts.net.host.TableRuntime`, which keeps the
    table's `hearts.net.saves.TableStore` (made here on first use); ``wake()`` has the host carry out what the
    core decided since (a notice, a snapshot ordered again); ``on_notice`` is the operator's
    console.
    """

    def __init__(self, core: "ServerCore", history: "History", save_dir: Path | None,
                 limits: Limits, session_given: bool,
                 runtime: Callable[[int], "TableRuntime"], wake: Callable[[], None]) -> None:
        self.core = core
        self.history = history
        self.save_dir = save_dir
        self.trouble = SaveTrouble(limits.save_retry, limits.save_retry_max)
        self.on_notice: Callable[[str], None] | None = None
        self._session_given = session_given
        self._runtime = runtime
        self._wake = wake
        self._loop: asyncio.AbstractEventLoop | None = None
        self._retry: asyncio.TimerHandle | None = None      # the next try of refused writes
        self._settled: asyncio.TimerHandle | None = None    # the end of an episode
        self._locks: list[FolderLock] = []

    # -- the folders ------------------------------------------------------------------------
    def claim(self, loop: asyncio.AbstractEventLoop) -> None:
        """Lock each folder the host writes (`hearts.net.save_folder`: `SaveError` when it
        cannot be written or another host holds it), and find tonight's start there."""
        self._loop = loop
        for folder in dict.fromkeys(f for f in (self.save_dir, self.history.save_dir)
                                    if f is not None):
            try:
                self._locks.append(claim(folder))
            except saves.SaveError:
                self.release()
                raise
        if self.history.save_dir is not None and not self._session_given:
            self.history.session = evening_start(self.history.save_dir)

    def note_port(self, port: int) -> None:
        """Say in each lock file which port this host listens on."""
        for lock in self._locks:
            lock.note(port)

    def release(self) -> None:
        for lock in self._locks:
            lock.release()
        self._locks = []

    def stop(self) -> None:
        """The host stops: no more tries; what is still kept is written if it can be (else
        logged), and the folders are let go."""
        for handle in (self._retry, self._settled):
            if handle is not None:
                handle.cancel()
        self._retry = self._settled = None
        if self.history.save_dir is not None and self.history.write_pending() is not None:
            log.error("%d finished game(s) could not be written to %s (%s) before the host "
                      "stopped", len(self.history.unwritten), self.history.save_dir,
                      self.history.error)
        self.release()

    # -- writing ------------------------------------------------------------------------------
    def write(self, order: "Save") -> None:
        """Write one save the core ordered. One the disk refuses starts or goes on with an
        episode (`_refused`); one that works may end it (`_worked`)."""
        try:
            if order.history is not None:
                self.history.add(order.history)   # counted now; written now or kept
                if self.history.error is not None:
                    raise saves.SaveError(f"cannot write the history in {self.history.save_dir}: "
                                          f"{self.history.error}", error=self.history.error)
            elif self.save_dir is not None:
                rt = self._runtime(order.table)
                if rt.store is None:
                    rt.store = saves.TableStore(self.save_dir, order.table)
                if order.snapshot is not None:
                    rt.store.snapshot(order.snapshot)
                elif order.entries is not None:
                    rt.store.append(order.entries)      # (SaveError before a snapshot)
            else:
                return
        except saves.SaveError as e:
            self._refused(e, order.table, table_save=order.history is None)
            return
        self._worked()

    def _refused(self, e: saves.SaveError, table_id: int, table_save: bool) -> None:
        """A write the disk refused: a table's next save is a whole snapshot; the episode
        is logged and told to the operator once, and to each table it touches once; the
        writes are tried again later."""
        if table_save:
            self.core.save_failed(table_id)
        if self._settled is not None:      # not over after all: the same episode
            self._settled.cancel()
            self._settled = None
        if self.trouble.failed(e.error, table_id if table_save else None, not table_save):
            log.error("%s; play goes on, finished games are kept in memory, and the saves "
                      "are tried again until they work (said once)", e)
            if self.on_notice is not None:
                self.on_notice(said(self.trouble.notice()))
        if self.trouble.to_tell(table_id):
            self.core.notice(table_id, self.trouble.notice())
            self._soon(self._wake)
        self._again_later()

    def _try_again(self) -> None:
        """Try the refused writes again: the kept games, then each table whose save failed."""
        self._retry = None
        if self.history.write_pending() is not None:
            self._again_later()
        elif not self._save_tables_again():
            self._worked()
        self._wake()

    def _again_later(self) -> None:
        if self._retry is None and self._loop is not None and not self.core.stopping:
            self._retry = self._loop.call_later(self.trouble.next_try(), self._try_again)

    def _save_tables_again(self) -> bool:
        """Order a whole snapshot of each table whose save failed; whether one was."""
        tables, self.trouble.tables = self.trouble.tables, set()
        ordered = False
        for tid in sorted(tables):
            ordered = self.core.save_again(tid) or ordered
        return ordered

    def _worked(self) -> None:
        """A write worked: during an episode, the kept games are written (in order, once)
        and the tables whose save failed are saved again; once all is written and writes
        go on working for `SaveTrouble.settle` seconds, the episode ends, said once."""
        if not self.trouble.failing:
            return
        if self.history.write_pending() is not None:
            self._again_later()
            return
        if self._save_tables_again():
            self._soon(self._wake)          # they end the episode once written
            return
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        if self._settled is None and self._loop is not None and not self.core.stopping:
            self._settled = self._loop.call_later(self.trouble.settle, self._over)

    def _over(self) -> None:
        """Everything refused was written, and writes have worked since: said once."""
        self._settled = None
        if not self.trouble.worked():
            return
        kept = self.trouble.kept
        log.info("saving works again in %s; %d kept finished game(s) written",
                 self.history.save_dir or self.save_dir, kept)
        if self.on_notice is not None:
            self.on_notice(said(nT_("The host can save again: {n} kept game was written.",
                                    "The host can save again: {n} kept games were written.",
                                    kept) if kept else T_("The host can save again.")))

    def _soon(self, call: Callable[[], None]) -> None:
        if self._loop is not None:
            self._loop.call_soon(call)


__all__ = ["SaveKeeper"]
