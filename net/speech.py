"""Each connection's language, and the host's words said in it: the errors, replies,
notices and hints the core words as `Text`, a table's ``rules_words``, a view's
``illegal`` reasons, and for a connection whose hello asked for ``words`` (the page) the
table in `hearts.net.words`' sentences: each change of an update (``update.said``), what
the table shows for it (``update.shown``), why it left a table (``left.said``) and each
step of a replay (a ``game`` answer's ``captions``), who won a finished game (``table.won``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from math import ceil
from typing import Any

from hearts.engine import Rules
from hearts.engine.rule_options import words_of
from hearts.engine.scoring import moon_value
from hearts.i18n import ENGLISH, Text, Translator, resolve, said, translation

from .messages import StatusMap, UpdateMessage
from .mirror import TableInfo, read_view
from .outbox import ConnId
from .words import Shown, Voice, change_lines, hand_over_line, left_line, \
    moon_choice_lines, next_step_line, replay_captions, replay_title, shown_lines, \
    status_line, table_gone_line, winners_line

log = logging.getLogger("hearts.host")
RULES_SAID_KEPT = 64        # rules in words kept (`Speech._rules_words`), languages and rules


@dataclass(frozen=True)
class Leaving:
    """A ``left`` message's sentence, said in each reader's language (`Speech.said_for`:
    only to a connection that asked for words): why you are no longer at table ``name``."""

    name: str
    reason: Any                     # "left", "kicked", or a `Text` (the host's words)

    def line(self, tr: Translator) -> str:
        reason = said(self.reason, tr) if isinstance(self.reason, Text) else self.reason
        return left_line(Voice(tr=tr), reason, self.name)


class Speech:
    """The catalogue each connection reads (its hello's ``lang``; English before)."""

    def __init__(self) -> None:
        self._langs: dict[ConnId, str] = {}
        self._worded: set[ConnId] = set()     # their hello asked for each change in words
        # a table's rules in words, by language and the rules' map: said to each member of
        # a table, at every hand (`_rules_words`)
        self._rules_said: dict[tuple[str | None, tuple[Any, ...]], dict[str, str]] = {}

    def heard(self, conn: ConnId, lang: str) -> None:
        """``conn`` asked for ``lang`` (resolved once, to a catalogue the host has)."""
        self._langs[conn] = resolve(lang[:35])

    def words_wanted(self, conn: ConnId) -> None:
        """``conn``'s hello asked for each change worded (``hello.words``: the page)."""
        self._worded.add(conn)

    def wants_words(self, conn: ConnId | None) -> bool:
        return conn in self._worded

    def wordings(self, members: list[tuple[ConnId, int | None, bool]]
                 ) -> tuple[dict[ConnId, tuple[int | None, bool]], set[ConnId]]:
        """Of a table's ``members`` (connection, seat, owns the table): those who asked for
        words, with their seat and ownership (`said_changes`), and every one sent updates
        as maps to be worded (those and the ones who read another language)."""
        readers: dict[ConnId, tuple[int | None, bool]] = {}
        worded: set[ConnId] = set()
        for conn, seat, owner in members:
            if conn in self._worded:
                readers[conn] = (seat, owner)
                worded.add(conn)
            elif not self.reads_english(conn):
                worded.add(conn)
        return readers, worded

    def drop(self, conn: ConnId) -> None:
        self._langs.pop(conn, None)
        self._worded.discard(conn)

    def said_changes(self, conn: ConnId, msg: UpdateMessage, info: TableInfo,
                     seat: int | None, owner: bool = False) -> UpdateMessage:
        """``msg`` with ``said``: each of its changes in `hearts.net.words`' sentences for
        the reader at ``seat`` (None: watching), in ``conn``'s language, the table as
        ``info`` (after the changes) says it, and the table's `status` after them (``owner``:
        the reader owns the table). The one wording of a change: the desktop and text
        clients say the same sentences from their own mirror."""
        tr = self.words_for(conn)
        events = [dict(ch) for ch in msg["events"]]
        info = replace(info, my_seat=seat, owner=owner)
        voice = Voice(info, seat, tr)
        return {**msg, "said": [change_lines(ch, info, seat, tr) for ch in events],
                "shown": [shown_lines(voice, ch, events[:i]) for i, ch in enumerate(events)],
                "status": status_words(voice, msg.get("view"))}

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
        if kind == "game" and conn in self._worded:
            return self._captioned(conn, msg)
        if kind == "left" and isinstance(msg.get("said"), Leaving):
            msg = self._left_said(conn, msg)
        if kind == "table" or (kind == "update" and not self.reads_english(conn)):
            return self._table_words(conn, msg)
        if not any(isinstance(v, Text) for v in msg.values()):
            return msg
        tr = self.words_for(conn)
        return {k: said(v, tr) if isinstance(v, Text) else v for k, v in msg.items()}

    def _captioned(self, conn: ConnId, msg: Any) -> Any:
        """A ``game`` answer with each hand's ``captions``: every step of its replay in
        words (`hearts.net.words.replay_captions`, as the desktop's replay says them)."""
        hands = msg.get("hands") or []
        tr = self.words_for(conn)
        doc = {**msg["game"], "hands": hands}
        try:
            captions = replay_captions(tr, doc)
            of, first = int(msg["game"].get("hands") or len(hands)), int(msg.get("first") or 0)
            titles = [replay_title(tr, doc, hand, first + i + 1, of)
                      for i, hand in enumerate(hands)]
        except (KeyError, IndexError, TypeError, ValueError) as e:     # sent as it is
            log.warning("game %s could not be captioned (%s)", msg["game"].get("id"), e)
            return msg
        return {**msg, "hands": [{**hand, "captions": said, "title": title}
                                 for hand, said, title in zip(hands, captions, titles)]}

    def _left_said(self, conn: ConnId, msg: Any) -> Any:
        """A ``left`` with its sentence (`hearts.net.words.left_line`) for a connection
        that asked for words; without it for the others, as before."""
        out = {k: v for k, v in msg.items() if k != "said"}
        if conn in self._worded:
            out["said"] = msg["said"].line(self.words_for(conn))
        return out

    def _table_words(self, conn: ConnId, msg: Any) -> Any:
        """A ``table`` or ``update`` with its rules in words and its view's reasons said
        in ``conn``'s language (copied: the parts are shared between the members); a
        finished game's ``table`` with who won (``won``) for a connection that asked for
        words."""
        kind = msg.get("type")
        tr = self.words_for(conn)
        out = dict(msg)
        table = out.get("table")
        if isinstance(table, dict) and "rules_words" in table:
            out["table"] = {**table, "rules_words": self._rules_words(conn, table["rules"])}
        if kind == "table" and conn in self._worded and isinstance(table, dict) \
                and table.get("winners"):
            voice = Voice(TableInfo.from_message(msg), msg.get("seat"), tr)
            out["won"] = winners_line(voice, list(table["winners"]))
        if kind == "table" and conn in self._worded and isinstance(table, dict):
            info = TableInfo.from_message(msg)
            out["status"] = status_words(Voice(info, msg.get("seat"), tr), msg.get("view"))
        view = out.get("view")
        if isinstance(view, dict) and view.get("illegal"):
            out["view"] = {**view, "illegal": {c: said(why, tr) for c, why in view["illegal"].items()}}
        return out

    def _rules_words(self, conn: ConnId, rules: dict[str, Any]) -> dict[str, str]:
        """`words_of` the rules map ``rules`` in ``conn``'s language, made once for each
        language and rules (the same for every member of a table, at every hand)."""
        key = (self._langs.get(conn), tuple((k, tuple(v) if isinstance(v, list) else v)
                                            for k, v in rules.items()))   # (`Rules.to_dict`)
        words = self._rules_said.get(key)
        if words is None:
            if len(self._rules_said) >= RULES_SAID_KEPT:
                self._rules_said.clear()
            words = self._rules_said[key] = words_of(Rules.from_dict(rules),
                                                     self.words_for(conn))
        return words


def status_words(v: Voice, wire: Any) -> StatusMap:
    """The table's sentences as they stand for the reader of ``v`` (``wire``: their view as
    sent): the page shows these (``status``), the desktop and text clients say the same from
    `hearts.net.words` themselves."""
    info = v.info
    try:
        view = read_view(wire, info.rules)[0] if isinstance(wire, dict) else None
    except (KeyError, TypeError, ValueError):
        view = None
    me = v.me
    line = ""
    if view is not None and info.state == "playing":
        seated = me is not None and view.seat == me
        line = status_line(v, view, Shown(
            watching=not seated, turn=view.turn, my_play=seated and view.turn == me,
            passed=me is not None and seated and bool(view.has_passed[me]),
            hand_over=view.phase == "done"))[0]
    away = info.owner_away
    out: StatusMap = {
        "line": line, "offline": status_line(v, None, Shown(disconnected=True))[0],
        "starts": next_step_line(v, None),
        "moon": None,
        "hand_over": hand_over_line(v, info.results[-1].hand) if info.results else None,
        "gone": [table_gone_line(v, info.name, restarted) for restarted in (False, True)]}
    if away is not None and not info.owner:
        out["starts_away"] = [next_step_line(v, float(n)) for n in range(ceil(away) + 1)]
    moon = view.moon if view is not None and view.phase == "moon-choice" else None
    if view is not None and moon is not None and moon.choice is None:
        sent = wire.get("moon") if isinstance(wire, dict) else None
        points = sent.get("points") if isinstance(sent, dict) else None
        out["moon"] = moon_choice_lines(v, moon.shooter, moon.sun, points if isinstance(
            points, int) else moon_value(view.rules))
    return out


__all__ = ["Leaving", "Speech", "status_words"]
