"""The bundle that needs no Python (scripts/bundle, PyInstaller), built on this machine and
run from a folder outside the checkout: the demo hand with its screenshot, a host serving the
page and its words, `hearts join` against it, its start to a painted menu. Prints the build
time, the bundle's size and that start (run with -s to see them; `scripts/bundle --time-start
3` times the start against the venv's)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import (ROOT, check_page, clean_env, demo_screenshot, hosting, join_once,
                      painted_time, without_system_fonts)

# (scripts/test runs a file's tests on one worker: the bundle is built once, never twice at
# once into build/bundle)
pytestmark = [pytest.mark.install, pytest.mark.timeout(900),
              pytest.mark.skipif(sys.platform == "win32", reason="the Linux/macOS build")]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """scripts/bundle's program (its build venv is kept in build/bundle between runs)."""
    dist = tmp_path_factory.mktemp("dist")
    start = time.monotonic()
    done = subprocess.run([str(ROOT / "scripts" / "bundle"), "--dist", str(dist)],
                          capture_output=True, text=True,
                          env={**clean_env(), "PYTHON": sys.executable})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    made = dist / "hearts"
    size = sum(p.stat().st_size for p in made.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"\nbundle: {size / 1e6:.0f} MB in {sum(1 for _ in made.rglob('*'))} entries, "
          f"built in {time.monotonic() - start:.0f} s")
    return made / "hearts"


def test_the_bundle_plays_the_demo_with_its_own_files(bundle: Path, tmp_path: Path) -> None:
    took = demo_screenshot([str(bundle)], tmp_path, tmp_path / "demo.png",
                           wrap=without_system_fonts())
    print(f"\nbundle: the demo hand and its screenshot in {took:.1f} s")
    internal = bundle.parent / "_internal" / "hearts"
    assert (internal / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
    assert (internal / "locale" / "de.po").is_file()
    assert any((internal / "bots").glob("_playout*.so")), "the C playouts are not in the bundle"


def test_the_bundle_hosts_the_page_and_joins(bundle: Path, tmp_path: Path) -> None:
    with hosting([str(bundle)], tmp_path, tmp_path / "saves") as (port, web):
        check_page(web)
        assert "Connected to" in join_once([str(bundle)], tmp_path, port)


def test_the_bundle_starts_to_a_painted_menu(bundle: Path, tmp_path: Path) -> None:
    # how fast, against the venv: scripts/bundle --time-start 3 (docs/install.md)
    took = painted_time([str(bundle)], tmp_path)
    print(f"\nbundle: start to a painted menu in {took:.2f} s")
