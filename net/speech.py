"""Each connection's language, and the host's words said in it: the errors, replies,
notices and hints the core words as `Text`, a table's ``rules_words``, a view's
``illegal`` reasons."""

from __future__ import annotations

from typing import Any

from hearts.engine import Rules
from hearts.engine.rule_options import words_of
from hearts.i18n import ENGLISH, Text, Translator, resolve, said, translation

from .outbox import ConnId


class Speech:
    """The catalogue each connection reads (its hello's ``lang``; English before)."""

    def __init__(self) -> None:
        self._langs: dict[ConnId, str] = {}

    def heard(self, conn: ConnId, lang: str) -> None:
        """``conn`` asked for ``lang`` (resolved once, to a catalogue the host has)."""
        self._langs[conn] = resolve(lang[:35])

    def drop(self, conn: ConnId) -> None:
        self._langs.pop(conn, None)

    def words_for(self, conn: ConnId) -> Translator:
        """The catalogue of ``conn``'s language."""
        return translation(self._langs.get(conn))

    def reads_english(self, conn: ConnId | None) -> bool:
        """Whether ``conn`` reads the host's words as they are made (English)."""
        return conn is None or self._langs.get(conn, ENGLISH) == ENGLISH

    def said_for(self, conn: ConnId, msg: Any) -> Any:
        """``msg`` with every `Text` in it said in ``conn``'s language (packed updates pass
        as they are: `reads_english`)."""
        if not isinstance(msg, dict):
            return msg
        kind = msg.get("type")
        if kind == "table" or (kind == "update" and not self.reads_english(conn)):
            return self._table_words(conn, msg)
        if not any(isinstance(v, Text) for v in msg.values()):
            return msg
        tr = self.words_for(conn)
        return {k: said(v, tr) if isinstance(v, Text) else v for k, v in msg.items()}

    def _table_words(self, conn: ConnId, msg: Any) -> Any:
        """A ``table`` or ``update`` with its rules in words and its view's reasons said
        in ``conn``'s language (copied: the parts are shared between the members)."""
        tr = self.words_for(conn)
        out = dict(msg)
        table = out.get("table")
        if isinstance(table, dict) and "rules_words" in table:
            out["table"] = {**table, "rules_words": words_of(Rules.from_dict(table["rules"]), tr)}
        view = out.get("view")
        if isinstance(view, dict) and view.get("illegal"):
            out["view"] = {**view, "illegal": {c: said(why, tr) for c, why in view["illegal"].items()}}
        return out


__all__ = ["Speech"]
