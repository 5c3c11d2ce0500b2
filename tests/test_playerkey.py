"""The player key: made once, kept, moved by hand, refused when malformed."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.playerkey import check_key, key_path, load_key, save_key

ROOT = Path(__file__).resolve().parents[1]


def test_a_key_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "player-key"
    first = load_key(path)
    assert first is not None and len(first) >= 30
    assert load_key(path) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("not a key!\n")
    assert load_key(path) not in (None, first)      # a damaged file: a new key


def test_moving_a_key(tmp_path: Path) -> None:
    path = tmp_path / "player-key"
    assert save_key("  the-Key_from-home  ", path) == "the-Key_from-home"
    assert load_key(path) == "the-Key_from-home"
    for bad in ("short", "has spaces in it", "x" * 65, "semi;colon-key"):
        with pytest.raises(ValueError, match="8 to 64 letters"):
            check_key(bad)


def test_hearts_join_takes_a_key_and_keeps_it(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path), "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    bad = subprocess.run([sys.executable, "-m", "hearts.cli", "join", "127.0.0.1:1",
                          "--player-key", "no good"], env=env, capture_output=True, text=True,
                         timeout=30)
    assert bad.returncode == 2 and "8 to 64 letters" in bad.stderr
    run = subprocess.run([sys.executable, "-m", "hearts.cli", "join", "127.0.0.1:1",
                          "--player-key", "moved-key-1234"], env=env, capture_output=True,
                         text=True, timeout=30)
    assert run.returncode == 2 and "cannot reach" in run.stderr     # no host there
    assert (tmp_path / "hearts" / "player-key").read_text().strip() == "moved-key-1234"
    assert key_path().name == "player-key"
