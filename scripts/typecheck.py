"""Check the types of the whole tree with ``mypy --strict`` (configured in pyproject.toml).

net/ and assets/ sit beside hearts/ in the repository but are installed as hearts.net and
hearts.assets (pyproject.toml's package-dir), and mypy follows no import hook, so it reads
the tree as installed: build/typecheck/hearts holds links to hearts/'s entries and to
net/ and assets/ under their installed names. Extra arguments go to mypy.

    .venv/bin/python scripts/typecheck.py
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "typecheck"
MAPPED = {"net": ROOT / "net", "assets": ROOT / "assets"}   # as pyproject.toml's package-dir


def link_tree() -> Path:
    """build/typecheck/hearts: the package as installed, made of links to the checkout."""
    package = TREE / "hearts"
    if TREE.exists():
        shutil.rmtree(TREE)
    package.mkdir(parents=True)
    entries = {p.name: p for p in (ROOT / "hearts").iterdir() if p.name != "__pycache__"}
    for name, target in {**entries, **MAPPED}.items():
        os.symlink(target, package / name, target_is_directory=target.is_dir())
    return package


def main(argv: list[str]) -> int:
    from mypy import api
    out, err, status = api.run([str(link_tree()), str(ROOT / "scripts"), *argv])
    # say the checkout's paths, not the links'
    for mapped, real in ((TREE / "hearts" / "net", ROOT / "net"),
                         (TREE / "hearts" / "assets", ROOT / "assets"),
                         (TREE / "hearts", ROOT / "hearts")):
        out = out.replace(str(mapped), str(real.relative_to(ROOT)))
    sys.stdout.write(out)
    sys.stderr.write(err)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
