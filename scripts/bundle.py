"""Build the game as a program that needs no Python, for the system this runs on.

    python3 scripts/bundle.py            # Linux: dist/hearts/hearts; macOS: dist/hearts.app
    py scripts\\bundle.py                 # Windows: dist\\hearts\\hearts.exe
    python3 scripts/bundle.py --zip      # and dist/hearts-<system>-<machine>.zip to hand out
    python3 scripts/bundle.py --time-start 3   # then its start against the venv's `hearts`

PyInstaller (docs/install.md says why) freezes scripts/bundle_main.py with the installed
`hearts` package: every module (subcommands and bots are imported by name), its data (the
fonts, sounds, page and catalogues of hearts.assets and hearts/locale) and the C playouts.
The build happens in a venv of its own (build/bundle/venv) into which this checkout is
installed for real, not editable, so the C playouts are compiled and the packages are found
as a wheel has them. Prints the build time and the bundle's size.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYINSTALLER = "pyinstaller>=6.10,<7"


def build_venv(where: Path) -> Path:
    """A venv with PyInstaller and this checkout installed; its python. (Two builds at
    once share it: run one at a time.) The pip of the Python running this installs into
    it where it can (`pip --python`, pip 22.3 and later): a pip of its own costs the venv
    as much CPU again as the install."""
    python = where / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    outer = subprocess.run([sys.executable, "-m", "pip", "--python", str(sys.executable),
                            "--version"], capture_output=True).returncode == 0
    pip = [sys.executable, "-m", "pip", "--python", str(python)] if outer else \
        [str(python), "-m", "pip"]
    if not python.exists() or subprocess.run([*pip, "--version"],
                                             capture_output=True).returncode != 0:
        shutil.rmtree(where, ignore_errors=True)         # none yet, or a broken one
        venv.create(where, with_pip=not outer)
    subprocess.run([*pip, "install", "-q", PYINSTALLER, str(ROOT)], check=True)
    return python


def freeze(python: Path, dist: Path, work: Path, onefile: bool) -> Path:
    """Run PyInstaller; the folder (or file) it made."""
    windowed = sys.platform == "darwin"         # macOS: a hearts.app to double-click
    cmd = [str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--name", "hearts", "--distpath", str(dist), "--workpath", str(work),
           "--specpath", str(work),
           "--collect-submodules", "hearts", "--collect-data", "hearts",
           # read through importlib.resources, which PyInstaller's analysis does not follow
           "--collect-all", "confusable_homoglyphs",
           "--onefile" if onefile else "--onedir",
           *(["--windowed", "--osx-bundle-identifier", "org.hearts.lan"] if windowed else []),
           str(ROOT / "scripts" / "bundle_main.py")]
    work.mkdir(parents=True, exist_ok=True)
    # run from the work folder: from the checkout's root, its hearts/ (without net/ and
    # assets/ under it) would be found before the installed package
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run(cmd, check=True, cwd=work, env=env)
    if sys.platform == "darwin":
        return dist / "hearts.app"
    if sys.platform == "win32" and onefile:
        return dist / "hearts.exe"
    return dist / "hearts"


def program_in(made: Path) -> Path:
    """The program to run in what `freeze` made."""
    if made.is_file():
        return made
    if sys.platform == "darwin":
        return made / "Contents" / "MacOS" / "hearts"
    return made / ("hearts.exe" if sys.platform == "win32" else "hearts")


def painted_time(program: list[str], cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> float:
    """Seconds from starting ``program play`` to its main menu drawn (and the program gone)."""
    start = time.monotonic()
    subprocess.run([*program, "play", "--exit-when-painted"], capture_output=True, check=True,
                   timeout=120, cwd=cwd,
                   env=env or {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    return time.monotonic() - start


def time_start(bundle: Path, runs: int) -> str:
    """The median start to a painted menu of the bundle and of the checkout's .venv `hearts`
    (scripts/play's), ``runs`` of each alternated so that both meet the same load."""
    programs = {"bundle": [str(bundle)]}
    venv_hearts = shutil.which("hearts", path=str(ROOT / ".venv" / (
        "Scripts" if sys.platform == "win32" else "bin")))
    if venv_hearts:
        programs["venv"] = [venv_hearts]
    times: dict[str, list[float]] = {name: [] for name in programs}
    for _ in range(runs):
        for name, program in programs.items():
            times[name].append(painted_time(program))
    return ", ".join(f"{name} {statistics.median(t):.2f} s" for name, t in times.items())


def size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--onefile", action="store_true",
                        help="one file instead of one folder (starts slower: it unpacks first)")
    parser.add_argument("--zip", action="store_true", help="also pack the result in a .zip")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes")
    parser.add_argument("--time-start", type=int, default=0, metavar="N",
                        help="then time N starts to a painted menu, the bundle's against the "
                             "venv's `hearts` (alternated; the medians)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    python = build_venv(ROOT / "build" / "bundle" / "venv")
    made = freeze(python, args.dist, ROOT / "build" / "bundle" / "work", args.onefile)
    took = time.monotonic() - start
    print(f"bundle: {made} ({size(made) / 1e6:.0f} MB) built in {took:.0f} s")
    if args.zip:
        name = f"hearts-{platform.system().lower()}-{platform.machine().lower()}"
        archive = shutil.make_archive(str(args.dist / name), "zip", made.parent, made.name)
        print(f"bundle: {archive} ({Path(archive).stat().st_size / 1e6:.0f} MB)")
    if args.time_start > 0:
        print(f"start to a painted menu (median of {args.time_start}): "
              + time_start(program_in(made), args.time_start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
