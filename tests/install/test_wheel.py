"""The wheel and the sdist as a player gets them: built from the checkout's files, the wheel
installed into a fresh venv outside the checkout, and there `hearts host` serves the page in
German, `hearts play` draws the demo with the fonts it carries, `hearts join` connects.
Prints the wheel's size and file count (run with -s to see them)."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from .helpers import (ROOT, check_page, clean_env, copy_checkout, demo_screenshot, hosting,
                      join_once, without_system_fonts)

pytestmark = [pytest.mark.install, pytest.mark.timeout(900)]

# what the installed package tells of itself: where its files are
WHERE = """
import json, sys
from hearts.resources import asset, package_file
from hearts.gui import theme, widgets
print(json.dumps({
    "assets": str(asset()), "locale": str(package_file("locale")),
    "font": widgets._first_existing(widgets._FONT_CANDIDATES), "theme_fonts": str(theme.FONTS),
    "files": sorted(p.relative_to(asset()).as_posix() for p in asset().rglob("*")
                    if p.is_file() and "__pycache__" not in p.parts),
    "sys_path": sys.path}))
"""


def _assets_as_tracked() -> set[str]:
    listed = subprocess.run(["git", "ls-files", "assets"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    return {p.removeprefix("assets/") for p in listed}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the wheel, the sdist): `python -m build` on a copy of the checkout (the sdist first,
    the wheel built from it, so the sdist must carry everything too)."""
    src = copy_checkout(tmp_path_factory.mktemp("src"))
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(src)],
                          capture_output=True, text=True, env=clean_env())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return next(out.glob("*.whl")), next(out.glob("*.tar.gz"))


def test_the_wheel_carries_every_asset_under_one_import_name(built) -> None:
    wheel, sdist = built
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        top = next(n for n in names if n.endswith(".dist-info/top_level.txt"))
        assert z.read(top).decode().split() == ["hearts"]
    print(f"\nwheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB, {len(names)} files")
    assert {n.split("/")[0] for n in names} == {"hearts", top.split("/")[0]}
    assert {f"hearts/assets/{p}" for p in _assets_as_tracked()} <= set(names)
    for lang in ("de", "es", "fr", "it"):
        assert f"hearts/locale/{lang}.po" in names
    assert any(n.startswith("hearts/bots/_playout.") and n.endswith((".so", ".pyd"))
               for n in names), "the C playouts were not built into the wheel"
    with tarfile.open(sdist) as t:
        inside = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {f"assets/{p}" for p in _assets_as_tracked()} <= inside
    assert {"hearts/bots/_playout.c", "hearts/locale/de.po", "pyproject.toml"} <= inside


def test_a_fresh_venv_plays_hosts_and_joins_from_the_wheel(built, tmp_path: Path) -> None:
    wheel, _ = built
    env_dir = tmp_path / "venv"
    venv.create(env_dir)
    py = env_dir / "bin" / "python"
    # the suite's pip installs into it (`pip --python`), as its own would, without the 13 s
    # of CPU of ensurepip, a cold pip and compiling every package (the game runs the same)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
                           "--no-compile", str(wheel)],
                          capture_output=True, text=True, env=clean_env())
    assert done.returncode == 0, done.stderr[-3000:]
    hearts = [str(env_dir / "bin" / "hearts")]
    home = tmp_path / "home"                      # a cwd outside the checkout
    home.mkdir()

    where = json.loads(subprocess.run([str(py), "-c", WHERE], cwd=home, env=clean_env(),
                                      capture_output=True, text=True, check=True).stdout)
    assert str(ROOT) not in "".join(where["sys_path"])
    for key in ("assets", "locale", "font", "theme_fonts"):
        assert where[key].startswith(str(env_dir)), (key, where[key])
    # the same files as the checkout's editable install finds
    from hearts.resources import asset
    mine = sorted(p.relative_to(asset()).as_posix() for p in asset().rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
    assert [f for f in where["files"] if not f.endswith(".pyc")] == mine

    with hosting(hearts, home, tmp_path / "saves") as (port, web):
        check_page(web)
        assert "Connected to" in join_once(hearts, home, port)
    hidden = without_system_fonts()
    took = demo_screenshot(hearts, home, tmp_path / "demo.png", wrap=hidden)
    print(f"\nfrom the wheel: the demo hand and its screenshot in {took:.1f} s"
          + (" (system fonts hidden)" if hidden else ""))
