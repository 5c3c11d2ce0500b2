"""The host's saves while the disk refuses them, sans-I/O.

An episode runs from the first write that fails until everything refused is written
(the finished games kept, a whole snapshot of each table whose save failed) and writes
have then worked for ``settle`` seconds: a nearly full disk takes a small write now and
then between refusals, and that is one episode, not many. Within it the host goes on
playing, keeps its finished games in memory (`hearts.net.history.History`) and tries
again after a delay that doubles up to a ceiling. The log has one line when an episode
starts and one when it ends; the operator is told at both, each table it touches once.
"""

from __future__ import annotations

from hearts.i18n import T_, Text, error_text


class SaveTrouble:
    """Whether the host's writes fail now, what was said about it, and when to try again."""

    def __init__(self, retry: float = 1.0, retry_max: float = 30.0) -> None:
        self.retry = retry
        self.retry_max = retry_max
        self.settle = retry_max               # writes that work this long end an episode
        self.failing = False
        self.error: OSError | None = None     # the refusal behind it, when there was one
        self.tables: set[int] = set()         # tables whose last save failed
        self.told: set[int] = set()           # tables told in this episode
        self.kept = 0                         # finished games refused in this episode
        self.episodes = 0
        self._delay = retry

    def failed(self, error: OSError | None, table: int | None = None,
               game: bool = False) -> bool:
        """A write failed: a table's save (``table``) or a finished ``game``; True when
        this starts an episode."""
        started = not self.failing
        if started:
            self.failing = True
            self.episodes += 1
            self._delay = self.retry
            self.error = None
            self.kept = 0
        self.error = error or self.error
        if table is not None:
            self.tables.add(table)
        self.kept += game
        return started

    def worked(self) -> bool:
        """Writing works again; True when this ends an episode."""
        if not self.failing:
            return False
        self.failing = False
        self.told.clear()
        self._delay = self.retry
        return True

    def to_tell(self, table: int) -> bool:
        """Whether ``table``'s people are still to be told of this episode (then they are)."""
        if table in self.told:
            return False
        self.told.add(table)
        return True

    def next_try(self) -> float:
        """Seconds until the next try; each try waits twice as long, up to the ceiling."""
        delay = self._delay
        self._delay = min(self._delay * 2, self.retry_max)
        return delay

    def why(self) -> Text | str:
        """Why writing fails, in words to be said in each reader's language."""
        return error_text(self.error) if self.error is not None else \
            T_("the save folder cannot be written")

    def notice(self) -> Text:
        """The one sentence the people at a table and the operator are told."""
        return T_("The host cannot save its games: {why}; play goes on, and they are kept "
                  "until it can.", why=self.why())


__all__ = ["SaveTrouble"]
