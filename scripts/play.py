"""scripts/play for every system: set up .venv (first run) and play against three bots.

    py scripts\\play.py            (Windows)
    python3 scripts/play.py        (macOS, Linux)

Extra arguments go to `hearts play` (e.g. --rules omnibus, --demo). The same .venv as the
bash scripts (scripts/_venv): the project installed editable, reinstalled when
pyproject.toml or the C playouts change.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if sys.platform == "win32" else "bin")


def ensure_venv() -> Path:
    """.venv with this checkout installed (as scripts/_venv makes it); its python."""
    python = BIN / ("python.exe" if sys.platform == "win32" else "python")
    if not python.exists():
        print(f"Setting up {VENV} (first run only)...", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    stamp = VENV / ".hearts-stamp"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()
                          + (ROOT / "hearts" / "bots" / "_playout.c").read_bytes()).hexdigest()
    have = stamp.read_text().split() if stamp.exists() else []
    if not have or have[0] != want:        # any install will do: the test one has it all
        print(f"Installing dependencies into {VENV}...", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", str(ROOT)], check=True)
        stamp.write_text(f"{want} \n")
    return python


def main() -> int:
    python = ensure_venv()
    return subprocess.run([str(python), "-m", "hearts", "play", "--bots", *sys.argv[1:]]).returncode


if __name__ == "__main__":
    sys.exit(main())
