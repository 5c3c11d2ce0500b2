"""Saved tables (atomic msgpack files) and the history of finished games (JSON lines)."""

from __future__ import annotations

import errno
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

import msgpack

from .errors import NetError

log = logging.getLogger("hearts.host")

HISTORY = "history.jsonl"


class SaveError(NetError):
    """A save file that cannot be read or written; the message is one sentence, ``error``
    the file system's refusal behind it (None: not one)."""

    default_code = "save"

    def __init__(self, message: str, code: str | None = None,
                 error: OSError | None = None) -> None:
        super().__init__(message, code)
        self.error = error


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the open file ``fd``: every save and history write goes
    through here (the file layer: a write the disk refuses raises its OSError here)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]


def table_path(save_dir: Path, table_id: int) -> Path:
    return save_dir / f"table-{table_id}.msgpack"


def log_path(save_dir: Path, table_id: int) -> Path:
    return save_dir / f"table-{table_id}.log"


class TableStore:
    """One table's files: a snapshot (atomic rewrite) and a log of the game actions since.

    A snapshot is written whenever more than game actions changed (seats, rules,
    owner, a new hand); each game action in between is appended to the log as
    ``[index, action]`` (index = position in ``Game.log``), which costs one small
    write instead of rewriting the table. A crash can cut only the last log
    entry: the action in flight.
    """

    def __init__(self, save_dir: Path, table_id: int) -> None:
        self.save_dir = save_dir
        self.table_id = table_id
        self._log: Any = None

    def snapshot(self, table_dict: dict[str, Any]) -> None:
        save_table(self.save_dir, table_dict)
        self.close()
        try:
            # the snapshot holds every action so far: start a fresh log (a stale one is
            # harmless: its entries are below the snapshot's action count and skipped)
            self._log = open(log_path(self.save_dir, self.table_id), "wb", buffering=0)
        except OSError as e:
            raise SaveError(f"cannot write the log of table {self.table_id} in "
                            f"{self.save_dir}: {e.strerror or e}", error=e) from None

    def append(self, entries: list[list[Any]]) -> None:
        if self._log is None:
            raise SaveError("no snapshot yet")
        try:
            write_all(self._log.fileno(),
                      b"".join(msgpack.packb(e, use_bin_type=True) for e in entries))
        except OSError as e:
            raise SaveError(f"cannot write the log of table {self.table_id}: "
                            f"{e.strerror or e}", error=e) from None

    def close(self) -> None:
        if self._log is not None:
            try:
                self._log.close()
            except OSError:
                pass
            self._log = None

    def remove(self) -> None:
        self.close()
        remove_table(self.save_dir, self.table_id)


def read_log(path: Path) -> tuple[list[list[Any]], bool]:
    """The entries of a table log, and whether an incomplete or bad tail was cut off."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], False
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    unpacker.feed(data)
    out: list[list[Any]] = []
    consumed = 0
    try:
        for entry in unpacker:
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)):
                return out, True
            out.append(entry)
            consumed = unpacker.tell()   # (after a partial parse tell() runs ahead)
    except Exception:
        return out, True
    return out, consumed != len(data)


def write_atomic(path: Path, data: bytes, sync: bool = False) -> None:
    """Write ``data`` so that ``path`` holds either the old or the new content, never half."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        try:
            write_all(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_table(save_dir: Path, table_dict: dict[str, Any]) -> None:
    """Save one table (``Table.to_dict()``) to its file."""
    try:
        write_atomic(table_path(save_dir, table_dict["id"]),
                     msgpack.packb(table_dict, use_bin_type=True))
    except OSError as e:
        raise SaveError(f"cannot save table {table_dict['id']} in {save_dir}: "
                        f"{e.strerror or e}", error=e) from None


def remove_table(save_dir: Path, table_id: int) -> None:
    for path in (table_path(save_dir, table_id), log_path(save_dir, table_id)):
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def saved_ids(save_dir: Path) -> list[int]:
    """The table numbers that have a snapshot or a log in ``save_dir``."""
    ids = set()
    for path in save_dir.glob("table-*"):
        stem = path.name.split(".", 1)[0].removeprefix("table-")
        if stem.isdigit():
            ids.add(int(stem))
    return sorted(ids)


def load_tables(save_dir: Path) -> Iterator[tuple[Path, dict[str, Any] | None, str | None]]:
    """Every saved table: (path, dict, None) or (path, None, one-sentence error)."""
    if not save_dir.is_dir():
        return
    for path in sorted(save_dir.glob("table-*.msgpack")):
        try:
            data = msgpack.unpackb(path.read_bytes(), raw=False, strict_map_key=False)
            if not isinstance(data, dict) or data.get("format") != "hearts-table":
                raise ValueError("not a saved table")
            yield path, data, None
        except Exception as e:  # corrupt file: report, never overwrite it
            yield path, None, f"{path} is not a readable saved table ({type(e).__name__}); " \
                              "it was left as it is"


def history_line(record: dict[str, Any]) -> bytes:
    """A finished game's line in ``history.jsonl`` (without its newline), stamped with the
    time it finished unless it has one."""
    record = {"finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **record}
    return json.dumps(record, separators=(",", ":")).encode()


def append_bytes(path: Path, data: bytes, end_line: bool = False) -> int:
    """Append ``data`` to ``path``; returns where it starts. ``end_line``: a last line a
    crash cut short is ended first, so it cannot swallow this one. A write the disk
    refuses leaves the file as it was (never half a line) and raises its OSError."""
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o644)
    try:
        start = os.fstat(fd).st_size
        lead = b""
        if start and end_line:
            os.lseek(fd, start - 1, os.SEEK_SET)
            if os.read(fd, 1) != b"\n":
                lead = b"\n"
        try:
            write_all(fd, lead + data)
        except OSError:
            os.ftruncate(fd, start)
            raise
    finally:
        os.close(fd)
    return start + len(lead)


def append_line(save_dir: Path, line: bytes) -> int:
    """Append one history line (without its newline) to ``history.jsonl``; returns where
    it starts."""
    return append_bytes(save_dir / HISTORY, line + b"\n", end_line=True)


def append_history(save_dir: Path, record: dict[str, Any]) -> tuple[int, bytes]:
    """Add one finished game as a JSON line to ``history.jsonl``; returns where its line
    starts and its bytes (without the newline)."""
    line = history_line(record)
    return append_line(save_dir, line), line


def read_history(path: Path) -> list[dict[str, Any]]:
    """The finished games of a history file (a bad line raises SaveError)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    raise SaveError(f"line {n} of {path} is not a JSON record") from None
    return out
