"""What a bot did for a person while their link was down, said by the host on their return
to a connection whose hello asked for words and said where its seat stood as the link went
down (``hello.away``: the page counts as `hearts.net.words.away_mark` does, the desktop and
the text client keep their own): `hearts.net.words.away_lines`, in the reader's language."""

from __future__ import annotations

from typing import Any

from hearts.i18n import Translator

from .messages import TableMessage
from .mirror import TableInfo, read_view
from .words import Away, Voice, away_lines, away_mark


def _read(msg: TableMessage) -> tuple[TableInfo, Any]:
    info = TableInfo.from_message(dict(msg))
    view = msg["view"]
    return info, (read_view(dict(view), info.rules)[0] if view and msg["seat"] is not None
                  else None)


def back_lines(msg: TableMessage, before: Away, tr: Translator) -> list[str]:
    """Back at the table ``msg`` (the ``table`` message for the seat), what a bot did for
    the seat since ``before``, in ``tr``'s language."""
    info, view = _read(msg)
    return away_lines(Voice(info, msg["seat"], tr), before, away_mark(info, view).played)


__all__ = ["back_lines"]
