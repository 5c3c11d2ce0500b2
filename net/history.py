"""The finished games of a host: the history file, its index, the statistics and replays.

With a save directory the host appends each finished game to ``history.jsonl`` (one JSON
line, `hearts.net.saves.append_history`) and, beside it, one line to ``stats.jsonl``: the game's
index entry (where its line is, a CRC of it, the summary the ``games`` list shows, and
its `hearts.net.stats.tally`). The index is a cache: at start every history line is checked
against it (offset, length, CRC) and any line it lacks or that changed is read again
(replayed with the engine), so deleting ``stats.jsonl`` rebuilds it. A history line that
is not a whole game (cut by a crash, edited by hand) is reported and skipped; every other
game is kept. Without a save directory the same is kept in memory for the host's life.

A finished game counts at once, written or not: one the disk refuses waits in memory
(`History.unwritten`) and is written, in order and once, by the next `History.write_pending`
that works (the host tries again with backoff, `hearts.net.save_trouble`).

`History` answers the ``stats``, ``games`` and ``game`` intents (docs/protocol.md).
"""

from __future__ import annotations

import json
import logging
import time
import zlib
from collections import OrderedDict
from pathlib import Path
from typing import Any

from .replay import (FORMAT, FORMAT_VERSION, ReplayError, export_document, hand_dict,
                     replay_game)
from .saves import HISTORY, append_bytes, append_line, history_line, write_atomic
from .stats import TALLY_VERSION, Board, tally

log = logging.getLogger("hearts.host")

INDEX = "stats.jsonl"
REPLAYS = "replays.jsonl"
GAMES_PAGE = 20            # games per `games` answer unless asked for fewer
MAX_GAMES_PAGE = 50
HANDS_PAGE = 16            # hands per `game` answer (a long game comes in several)


def now_stamp(when: float | None = None) -> str:
    """A UTC time as the history writes it (``2025-11-26T21:40:00Z``; strings in this
    form sort as the times do)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when))


def local_time(stamp: str, with_date: bool = True) -> str:
    """A history time (`now_stamp` form) in local time, ``2025-11-26 22:40`` (or ``22:40``);
    anything else as it is."""
    import datetime as dt
    try:
        when = dt.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(
            tzinfo=dt.timezone.utc).astimezone()
    except (TypeError, ValueError):
        return str(stamp or "")
    return when.strftime("%Y-%m-%d %H:%M" if with_date else "%H:%M")


def player_name(ref: dict[str, Any]) -> str:
    """An occupant (``player_ref``) as people read it: ``Ann``, ``Ada (hard bot)``."""
    from hearts.bots.base import level_words
    from hearts.i18n import _
    if ref.get("kind") == "bot":
        return _("{name} ({level} bot)").format(name=ref.get("name") or "?",
                                                level=level_words(ref.get("level") or "normal"))
    return str(ref.get("name") or "?")


class HistoryError(ValueError):
    """A history line that is not a whole finished game; the message says why."""


# -- one history line ---------------------------------------------------------------------
def _ref(who: Any) -> dict[str, Any]:
    """An occupant as the wire shows it (``player_ref``): name, kind, level, id."""
    if not isinstance(who, dict):
        raise HistoryError("a player is not a map")
    kind = "bot" if who.get("kind") == "bot" else "human"
    name = who.get("name")
    level = who.get("level")
    pid = who.get("id")
    return {"name": str(name) if name is not None else "?", "kind": kind,
            "level": str(level) if kind == "bot" and level is not None else None,
            "id": str(pid) if kind == "human" and pid else None}


def _seating(record: dict[str, Any], hands: int) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """The record's people and who sat where in each hand; a game saved before these were
    kept counts each seat's final name as one person."""
    people = record.get("people")
    seating = record.get("seating")
    if isinstance(people, list) and people and isinstance(seating, list) and \
            len(seating) >= hands and all(
                isinstance(row, list) and len(row) == 4 and all(
                    isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(people)
                    for i in row) for row in seating):
        return [_ref(p) for p in people], [list(r) for r in seating[:max(hands, 1)]]
    names = record.get("players")
    if not (isinstance(names, list) and len(names) == 4):
        names = [f"seat {i + 1}" for i in range(4)]
    return ([{"name": str(n), "kind": "human", "level": None, "id": None} for n in names],
            [[0, 1, 2, 3] for _ in range(max(hands, 1))])


def examine(raw: bytes) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A history line's record and its replayed hands (each with ``seats``: who sat where,
    as indexes in the record's people); `HistoryError` when it is not a whole game."""
    try:
        record = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise HistoryError("it is not a JSON record (cut short, or damaged)") from None
    return examine_record(record)


def examine_record(record: Any, finished_only: bool = True
                   ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`examine` of a decoded record; ``finished_only`` False also takes a game still
    being played (its finished hands)."""
    if not isinstance(record, dict) or not isinstance(record.get("game"), dict):
        raise HistoryError("it holds no game")
    try:
        game, finished = replay_game(record["game"])
    except ReplayError as e:
        raise HistoryError(str(e)) from None
    if finished_only and not game.over:
        raise HistoryError("its game is not finished")
    if "totals" in record and record["totals"] != list(game.totals):
        raise HistoryError(f"its totals {record['totals']} are not those its game replays to "
                           f"({list(game.totals)})")
    hands = [hand_dict(h, r.number, r.totals) for h, r in zip(finished, game.results)]
    people, seating = _seating(record, len(hands))
    for h, seats in zip(hands, seating):
        h["seats"] = seats
    record["people"] = people
    record["seating"] = seating
    record["totals"] = list(game.totals)
    record["winners"] = list(game.winners or [])
    record["summary"] = game.rules.summary()
    return record, hands


def _text(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) else default


def index_entry(line_id: int, offset: int, raw: bytes
                ) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The index entry of one history line (``bad``: why it was skipped), and for a good
    game its replay line (``replays.jsonl``: the hands, so a ``game`` answer need not
    replay the game again)."""
    entry: dict[str, Any] = {"id": line_id, "offset": offset, "length": len(raw),
                             "crc": zlib.crc32(raw), "v": TALLY_VERSION}
    try:
        record, hands = examine(raw)
    except HistoryError as e:
        entry["bad"] = str(e)
        return entry, None
    people, seating = record["people"], record["seating"]
    table = record.get("table")
    entry.update({
        "finished": _text(record.get("finished")), "table":
            table if isinstance(table, int) and not isinstance(table, bool) else 0,
        "name": _text(record.get("name")), "summary": record["summary"],
        "players": [people[i] for i in seating[-1]], "people": people,
        "totals": record["totals"], "winners": record["winners"], "hands": len(hands),
        "tally": tally(people, seating, hands, record["totals"], record["winners"]),
    })
    replay = {"id": line_id, "crc": entry["crc"], "rules": record["game"]["rules"],
              "seed": str(record["game"]["seed"]), "hands": hands}
    return entry, replay


def game_line(entry: dict[str, Any]) -> dict[str, Any]:
    """The ``game_line`` of the ``games`` list."""
    return {k: entry[k] for k in ("id", "finished", "table", "name", "summary", "players",
                                  "totals", "winners", "hands")}


def _lines(data: bytes) -> list[tuple[int, bytes]]:
    """(offset, bytes without the newline) of every non-empty line; a last line without
    its newline (the write a crash cut) is one too."""
    out = []
    pos = 0
    n = len(data)
    while pos < n:
        end = data.find(b"\n", pos)
        if end < 0:
            end = n
        if data[pos:end].strip():
            out.append((pos, data[pos:end]))
        pos = end + 1
    return out


# -- the host's history ----------------------------------------------------------------------
class History:
    """Every finished game of a host, its boards and its replays (see the module doc).

    ``save_dir`` None keeps everything in memory. ``session`` is the time "tonight"
    starts (`now_stamp` form; default: now, when the host starts).
    """

    def __init__(self, save_dir: Path | str | None = None, session: str | None = None) -> None:
        self.save_dir = Path(save_dir) if save_dir is not None else None
        self.session = session or now_stamp()
        self.entries: list[dict[str, Any]] = []      # good games, oldest first
        self.problems: list[str] = []                # the lines skipped, in words
        self.all = Board()
        self.tonight = Board()
        self._memory: list[bytes] = []               # without a save dir: the lines
        # finished games the disk refused, oldest first: (index entry, replay line, line)
        self.unwritten: list[tuple[dict[str, Any], dict[str, Any] | None, bytes]] = []
        self.error: OSError | None = None            # why the last write failed (None: it worked)
        self._index: list[dict[str, Any]] = []       # every index entry (stats.jsonl), in order
        self._index_stale = False                    # stats.jsonl lacks entries: write it whole
        self._kept: dict[int, tuple[str, int]] = {}  # table -> (seed, id) of its last game
        self._lines = 0                              # history lines so far (ids are 1..)
        self._cache: OrderedDict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = \
            OrderedDict()

    @property
    def path(self) -> Path | None:
        return self.save_dir / HISTORY if self.save_dir is not None else None

    # -- loading --------------------------------------------------------------------------
    def load(self) -> "History":
        """Read the history and its index (rebuilding what the index lacks); report every
        line that is not a whole game. Returns self."""
        if self.save_dir is None:
            return self
        path = self.save_dir / HISTORY
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = b""
        except OSError as e:
            log.error("cannot read %s: %s", path, e.strerror or e)
            return self
        cached = self._read_index()
        entries = []
        replays: list[tuple[dict[str, Any], dict[str, Any]]] = []
        rebuilt = 0
        for n, (offset, raw) in enumerate(_lines(data)):
            old = cached[n] if n < len(cached) else None
            if old is not None and old.get("offset") == offset and \
                    old.get("length") == len(raw) and old.get("crc") == zlib.crc32(raw) \
                    and old.get("id") == n + 1 and old.get("v") == TALLY_VERSION:
                entries.append(old)
            else:
                entry, replay = index_entry(n + 1, offset, raw)
                entries.append(entry)
                if replay is not None:
                    replays.append((entry, replay))
                rebuilt += 1
        self._index = entries
        if rebuilt or len(cached) != len(entries):
            if cached:
                log.info("the statistics of %d game(s) were read again from %s", rebuilt, path)
            self._keep_replays(replays, fresh=rebuilt == len(entries))
            try:
                self._write_index()
            except OSError as e:
                log.error("cannot write %s: %s", self.save_dir / INDEX, e.strerror or e)
        for entry in entries:
            self._fold(entry)
        return self

    def _keep_replays(self, replays: list[tuple[dict[str, Any], dict[str, Any]]],
                      fresh: bool = False) -> None:
        """Write the replay lines (``fresh``: a new file, else after the others) and note
        where each is in its index entry. A failure costs speed only: such a game is
        replayed again when asked for."""
        assert self.save_dir is not None
        path = self.save_dir / REPLAYS

        def lines(start: int) -> bytes:
            chunks = []
            for entry, replay in replays:
                line = _json_line(replay)
                entry["replay"] = [start, len(line) - 1]
                start += len(line)
                chunks.append(line)
            return b"".join(chunks)
        try:
            if fresh:
                write_atomic(path, lines(0))
            elif replays:
                start = path.stat().st_size if path.exists() else 0
                if append_bytes(path, lines(start)) != start:
                    raise OSError(f"{path} changed while it was written")
        except OSError as e:
            if fresh:
                log.error("cannot write %s: %s", path, e.strerror or e)
            for entry, _replay in replays:
                entry.pop("replay", None)

    def _read_index(self) -> list[dict[str, Any]]:
        assert self.save_dir is not None
        out: list[dict[str, Any]] = []
        try:
            data = (self.save_dir / INDEX).read_bytes()
        except OSError:
            return out
        for line in data.split(b"\n"):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                break                       # a damaged index: the rest is read again
            if not isinstance(entry, dict):
                break
            out.append(entry)
        return out

    def _write_index(self) -> None:
        """Write ``stats.jsonl`` whole (OSError when the disk refuses)."""
        assert self.save_dir is not None
        write_atomic(self.save_dir / INDEX, b"".join(_json_line(e) for e in self._index))
        self._index_stale = False

    def _fold(self, entry: dict[str, Any]) -> None:
        self._lines = max(self._lines, entry["id"])
        if "bad" in entry:
            where = self.path or "the history"
            problem = f"game {entry['id']} of {where} was skipped: {entry['bad']}"
            self.problems.append(problem)
            log.warning("%s", problem)
            return
        try:
            self.all.add(entry["finished"], entry["people"], entry["tally"])
            if entry["finished"] >= self.session:
                self.tonight.add(entry["finished"], entry["people"], entry["tally"])
        except (KeyError, TypeError, IndexError):        # an index line edited by hand
            log.warning("the statistics of game %d were not counted", entry["id"])
            return
        self.entries.append(entry)

    # -- a game ends ----------------------------------------------------------------------
    def add(self, record: dict[str, Any]) -> dict[str, Any]:
        """Keep one finished game (`history_record`) and count it; returns its index entry.
        With a save directory it is written now, or, when the disk refuses (``error``),
        kept in `unwritten` until a `write_pending` works."""
        raw = history_line(record)
        line_id = self._lines + 1
        if self.save_dir is None:
            self._memory.append(raw)
            entry, _replay = index_entry(line_id, len(self._memory) - 1, raw)
        else:
            entry, replay = index_entry(line_id, -1, raw)   # its offset: once it is written
            self.unwritten.append((entry, replay, raw))
            self._index.append(entry)
        self._fold(entry)
        game = record.get("game")
        if isinstance(record.get("table"), int) and isinstance(game, dict) and "bad" not in entry:
            self._kept[record["table"]] = (str(game.get("seed")), entry["id"])
        if self.save_dir is not None:
            self.write_pending()
        return entry

    def write_pending(self) -> OSError | None:
        """Write the finished games kept in memory, oldest first, each once, and the index
        when it lacks some; returns the refusal that stopped it (also ``error``), or None
        when everything is written."""
        assert self.save_dir is not None or not self.unwritten
        try:
            while self.unwritten:
                entry, replay, raw = self.unwritten[0]
                assert self.save_dir is not None
                entry["offset"] = append_line(self.save_dir, raw)
                self.unwritten.pop(0)
                if replay is not None:
                    self._keep_replays([(entry, replay)])
                if self._index_stale:
                    continue
                try:
                    append_bytes(self.save_dir / INDEX, _json_line(entry))
                except OSError:     # the game is safe in the history; the index comes later
                    self._index_stale = True
            if self._index_stale:
                self._write_index()
        except OSError as e:
            self.error = e
            return e
        self.error = None
        return None

    # -- answers --------------------------------------------------------------------------
    def stats(self, you: str | None = None) -> dict[str, Any]:
        """The ``stats`` answer for the person with id ``you``."""
        return {"type": "stats", "you": you, "since": self.session,
                "all": self.all.to_wire(you), "tonight": self.tonight.to_wire(you)}

    def games(self, before: int | None = None, limit: int | None = None) -> dict[str, Any]:
        """The ``games`` answer: the newest games (with ids below ``before``)."""
        limit = max(1, min(limit or GAMES_PAGE, MAX_GAMES_PAGE))
        entries = self.entries
        end = len(entries)
        if before is not None:
            end = _bisect_ids(entries, before)
        page = entries[max(0, end - limit):end][::-1]
        more = end - len(page) > 0
        return {"type": "games", "games": [game_line(e) for e in page],
                "total": len(entries), "next": page[-1]["id"] if page and more else None}

    def find(self, game_id: int) -> dict[str, Any] | None:
        """The index entry of a good game."""
        i = _bisect_ids(self.entries, game_id)
        if i < len(self.entries) and self.entries[i]["id"] == game_id:
            return self.entries[i]
        return None

    def replay(self, game_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """A game's header (``game_info``) and all its hands, or None when there is no
        such finished game (or its line can no longer be read)."""
        if game_id in self._cache:
            self._cache.move_to_end(game_id)
            return self._cache[game_id]
        entry = self.find(game_id)
        if entry is None:
            return None
        replay = self._read_replay(entry)
        if replay is None:                  # not kept (or damaged): replay it again
            raw = self._read_line(entry)
            if raw is None:
                return None
            try:
                record, hands = examine(raw)
            except HistoryError as e:
                log.warning("game %d can no longer be replayed: %s", game_id, e)
                return None
            replay = {"rules": record["game"]["rules"], "seed": str(record["game"]["seed"]),
                      "hands": hands}
        info = {**game_line(entry), "format": FORMAT, "format_version": FORMAT_VERSION,
                "rules": replay["rules"], "seed": replay["seed"], "people": entry["people"]}
        hands = replay["hands"]
        self._cache[game_id] = (info, hands)
        while len(self._cache) > 8:
            self._cache.popitem(last=False)
        return info, hands

    def game(self, game_id: int, first: int = 0) -> dict[str, Any] | None:
        """The ``game`` answer: the header and the hands from ``first`` (a page)."""
        found = self.replay(game_id)
        if found is None:
            return None
        return _page(*found, first)

    def kept_id(self, table: Any) -> int | None:
        """The id of the finished game kept for ``table``'s game, once it is over."""
        game = table.game
        kept = self._kept.get(table.id)
        if game is not None and game.over and kept is not None and kept[0] == str(game.seed):
            return kept[1]
        return None

    def table_game(self, table: Any, first: int = 0) -> dict[str, Any] | None:
        """The ``game`` answer for the game at ``table`` (`hearts.net.table.Table`): once it is
        over and kept, the kept one; while it is played, its finished hands only, without
        the seed (which would tell the deals to come): id 0, ``finished`` empty."""
        game = table.game
        if game is None:
            return None
        kept = self.kept_id(table)
        if kept is not None:
            return self.game(kept, first)
        try:
            record, hands = examine_record(history_record(table), finished_only=False)
        except HistoryError as e:
            log.warning("the game at table %d does not replay: %s", table.id, e)
            return None
        people, seating = record["people"], record["seating"]
        info = {"id": 0, "finished": "", "table": table.id, "name": table.name,
                "summary": record["summary"], "players": [people[i] for i in seating[-1]],
                "totals": list(game.totals), "winners": list(game.winners or []),
                "hands": len(hands), "format": FORMAT, "format_version": FORMAT_VERSION,
                "rules": record["game"]["rules"], "seed": str(game.seed) if game.over else "",
                "people": people}
        return _page(info, hands, first)

    def export(self, game_id: int) -> dict[str, Any] | None:
        """The whole game as the exported JSON document (docs/history.md)."""
        found = self.replay(game_id)
        if found is None:
            return None
        info, hands = found
        return export_document(info, hands)

    def _read_replay(self, entry: dict[str, Any]) -> dict[str, Any] | None:
        """A game's kept replay line, when it is there and of this very history line."""
        where = entry.get("replay")
        if self.save_dir is None or not (isinstance(where, list) and len(where) == 2):
            return None
        try:
            with open(self.save_dir / REPLAYS, "rb") as f:
                f.seek(where[0])
                replay = json.loads(f.read(where[1]))
        except (OSError, ValueError, TypeError):
            return None
        if not (isinstance(replay, dict) and replay.get("id") == entry["id"]
                and replay.get("crc") == entry["crc"] and isinstance(replay.get("hands"), list)):
            return None
        return replay

    def _read_line(self, entry: dict[str, Any]) -> bytes | None:
        if self.save_dir is None:
            line: bytes = self._memory[entry["offset"]]
            return line
        if entry["offset"] < 0:             # not written yet: it is in memory
            return next((raw for e, _r, raw in self.unwritten if e is entry), None)
        try:
            with open(self.save_dir / HISTORY, "rb") as f:
                f.seek(entry["offset"])
                raw = f.read(entry["length"])
        except OSError as e:
            log.error("cannot read game %d of %s: %s", entry["id"], self.save_dir / HISTORY,
                      e.strerror or e)
            return None
        return raw if zlib.crc32(raw) == entry["crc"] else None


def _page(info: dict[str, Any], hands: list[dict[str, Any]], first: int) -> dict[str, Any]:
    """A ``game`` answer: the header and at most `HANDS_PAGE` hands from ``first``."""
    first = max(0, min(first, len(hands)))
    page = hands[first:first + HANDS_PAGE]
    end = first + len(page)
    return {"type": "game", "game": info, "first": first, "hands": page,
            "next": end if end < len(hands) else None}


def _bisect_ids(entries: list[dict[str, Any]], game_id: int) -> int:
    """The position of the first entry whose id is ``game_id`` or more."""
    lo, hi = 0, len(entries)
    while lo < hi:
        mid = (lo + hi) // 2
        if entries[mid]["id"] < game_id:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _json_line(value: Any) -> bytes:
    return (json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def history_record(table: Any) -> dict[str, Any]:
    """The history line of a table whose game just ended (`hearts.net.table.Table`): its names,
    the game (`Game.to_dict()`), totals and winners, and who played where in each hand
    (``people``: each occupant once, and each person a bot played a whole hand for;
    ``seating``: per hand, an index in people per seat)."""
    game = table.game
    people: list[dict[str, Any]] = []
    index: dict[tuple[Any, ...], int] = {}

    def person(who: dict[str, Any]) -> int:
        key = (who.get("kind"), who.get("id"), who.get("level"), who.get("name"))
        if key not in index:
            index[key] = len(people)
            people.append({k: v for k, v in who.items() if k != "for"})
        return index[key]
    seating = []
    for row in table.seating:
        seats = []
        for who in row:
            if isinstance(who.get("for"), dict):
                person(who["for"])          # in the game, though the bot played this hand
            seats.append(person(who))
        seating.append(seats)
    return {"table": table.id, "name": table.name, "players": [s.name for s in table.seats],
            "game": game.to_dict(), "totals": list(game.totals),
            "winners": list(game.winners or []), "people": people, "seating": seating}


def session_start(text: str, now: float | None = None) -> str:
    """The start of "tonight" from what an operator typed: ``HH:MM`` (today, or yesterday
    when that is still to come), a date ``YYYY-MM-DD`` or a date and time
    ``YYYY-MM-DDTHH:MM`` in local time; ValueError with one sentence otherwise."""
    import datetime as dt
    text = text.strip()
    current = dt.datetime.fromtimestamp(time.time() if now is None else now)
    try:
        if len(text) <= 5 and ":" in text:
            t = dt.datetime.strptime(text, "%H:%M").time()
            when = dt.datetime.combine(current.date(), t)
            if when > current:
                when -= dt.timedelta(days=1)
        else:
            when = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a time like 18:00, 2025-11-26 or "
                         "2025-11-26T18:00") from None
    if when.tzinfo is None:
        when = when.astimezone()          # local time
    return now_stamp(when.timestamp())


__all__ = ["GAMES_PAGE", "HANDS_PAGE", "History", "HistoryError", "INDEX", "REPLAYS",
           "examine",
           "examine_record",
           "game_line", "history_record", "index_entry", "local_time", "now_stamp",
           "player_name",
           "session_start"]

