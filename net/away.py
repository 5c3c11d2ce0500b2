"""Where a seat stood as its person went away, for the host to say on their return what a
bot did meanwhile (`hearts.net.words.away_mark` and `away_lines`, the desktop's and the
text client's count and sentences), to a connection whose hello asked for words."""

from __future__ import annotations

from typing import Any

from hearts.i18n import Translator

from .messages import TableMessage
from .mirror import TableInfo, read_view
from .table import Table
from .updates import table_message
from .words import Away, Voice, away_lines, away_mark


def _read(msg: TableMessage) -> tuple[TableInfo, Any]:
    info = TableInfo.from_message(dict(msg))
    view = msg["view"]
    return info, (read_view(dict(view), info.rules)[0] if view and msg["seat"] is not None
                  else None)


def mark(table: Table, seat: int, now: float) -> Away:
    """Where ``seat`` of ``table`` stands now (its person has just gone away)."""
    return away_mark(*_read(table_message(table, False, seat, now)))


def back_lines(msg: TableMessage, before: Away, tr: Translator) -> list[str]:
    """Back at the table ``msg`` (the ``table`` message for the seat), what a bot did for
    the seat since ``before``, in ``tr``'s language."""
    info, view = _read(msg)
    return away_lines(Voice(info, msg["seat"], tr), before, away_mark(info, view).played)


__all__ = ["back_lines", "mark"]
