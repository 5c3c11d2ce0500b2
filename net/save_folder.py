"""A host's claim on its save folder: it can be written, and it is this host's alone.

`claim` writes a file in the folder (so a full, read-only or forbidden folder is found
at the start, in one sentence) and takes a lock on ``host.lock`` that the operating
system holds for the process: ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows, both imported only when used. The system lets the lock go when the process
ends in any way (``kill -9`` too), so a crashed host never blocks a restart. The file
holds the holder's process id and port, so a second host names the first when it
refuses.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import IO, Any

from hearts.i18n import T_, error_text

from .saves import SaveError, write_atomic

LOCK = "host.lock"
# Windows locks bytes, and a locked byte cannot be read: the lock is on a byte past what
# the file says
_LOCK_AT = 4096


class FolderTaken(SaveError):
    """Another running host holds the save folder; ``pid`` and ``port`` name it."""

    def __init__(self, message: str, pid: int | None, port: int | None) -> None:
        super().__init__(message, "save")
        self.pid = pid
        self.port = port


class FolderLock:
    """The lock a host holds on its save folder while it runs (`claim` takes it)."""

    def __init__(self, folder: Path, file: IO[bytes]) -> None:
        self.folder = folder
        self._file: IO[bytes] | None = file

    def note(self, port: int) -> None:
        """Write who holds the folder (this process and ``port``) into the lock file."""
        if self._file is None:
            return
        data = json.dumps({"pid": os.getpid(), "port": port}).encode()
        try:
            self._file.seek(0)
            self._file.truncate()
            self._file.write(data)
            self._file.flush()
        except OSError:
            pass                    # only the second host's sentence is the poorer for it

    def release(self) -> None:
        """Let the folder go (the file stays: the next host takes the lock on it)."""
        f, self._file = self._file, None
        if f is None:
            return
        try:
            _unlock(f)
        except OSError:
            pass
        f.close()


def claim(folder: Path) -> FolderLock:
    """Make ``folder`` if needed, check that it can be written and lock it for this host.
    `SaveError` (a `Text` message) when it cannot be written; `FolderTaken` when another
    running host holds it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        f = open(folder / LOCK, "a+b")
    except OSError as e:
        raise _unwritable(folder, e) from None
    try:
        _lock(f)
    except OSError:
        holder = _holder(f)
        f.close()
        pid, port = holder.get("pid"), holder.get("port")
        if isinstance(port, int) and isinstance(pid, int):
            text = T_("another host uses the save folder {folder} (port {port}, process "
                      "{pid}); stop it first or choose another --save-dir",
                      folder=str(folder), port=port, pid=pid)
        elif isinstance(pid, int):
            text = T_("another host uses the save folder {folder} (process {pid}); stop it "
                      "first or choose another --save-dir", folder=str(folder), pid=pid)
        else:
            text = T_("another host uses the save folder {folder}; stop it first or choose "
                      "another --save-dir", folder=str(folder))
        raise FolderTaken(text, pid if isinstance(pid, int) else None,
                          port if isinstance(port, int) else None) from None
    lock = FolderLock(folder, f)
    try:
        # a whole new file, as the saves write theirs: this is what a full disk, a
        # read-only mount or a folder without write permission refuses
        probe = folder / ".write-check"
        write_atomic(probe, b"hearts\n" * 64)
        probe.unlink()
    except OSError as e:
        lock.release()
        raise _unwritable(folder, e) from None
    lock.note(0)
    return lock


def _unwritable(folder: Path, error: OSError) -> SaveError:
    return SaveError(T_("the host cannot write in its save folder {folder}: {why}",
                        folder=str(folder), why=error_text(error)), error=error)


def _holder(f: IO[bytes]) -> dict[str, Any]:
    """Who the lock file says holds the folder ({} when it says nothing readable)."""
    try:
        f.seek(0)
        data = json.loads(f.read(_LOCK_AT) or b"{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _lock(f: IO[bytes]) -> None:
    """Lock ``f`` for this process without waiting; OSError when another holds it."""
    if sys.platform == "win32":
        import msvcrt
        f.seek(_LOCK_AT)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(f: IO[bytes]) -> None:
    if sys.platform == "win32":
        import msvcrt
        f.seek(_LOCK_AT)
        msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl
        fcntl.flock(f.fileno(), fcntl.LOCK_UN)


__all__ = ["FolderLock", "FolderTaken", "LOCK", "claim"]
