"""The player key: who you are in every host's statistics, kept in your config directory.

The desktop client and the text client send it in their ``hello`` (the page keeps its
own in the browser's storage). A host keeps only a digest of it (`hearts.net.stats.person_id`)
beside your names and results. To be the same person on another computer, copy the
file `key_path()` there, or give the key once with ``hearts play --player-key KEY`` (or
``hearts join ... --player-key KEY``), which saves it.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

KEY_FILE = "player-key"
_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def config_dir() -> Path:
    """$XDG_CONFIG_HOME/hearts, else ~/.config/hearts."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "hearts"


def key_path() -> Path:
    return config_dir() / KEY_FILE


def check_key(text: str) -> str:
    """``text`` as a player key (spaces around it dropped); ValueError with one sentence
    when it is not one."""
    key = text.strip()
    if not _KEY.match(key):
        raise ValueError("a player key is 8 to 64 letters, digits, '-' or '_' (the one in "
                         f"{key_path()} looks like that)")
    return key


def save_key(key: str, path: Path | None = None) -> str:
    """Keep ``key`` (checked) as this computer's player key; returns it."""
    key = check_key(key)
    path = path or key_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    os.replace(tmp, path)
    return key


def load_key(path: Path | None = None) -> str | None:
    """This computer's player key, made (and kept) on first use; None when it can be
    neither read nor written (the host then knows us for one evening only)."""
    path = path or key_path()
    try:
        return check_key(path.read_text(encoding="ascii"))
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    try:
        return save_key(secrets.token_urlsafe(24), path)
    except OSError:
        return None


__all__ = ["check_key", "config_dir", "key_path", "load_key", "save_key"]
