"""What pyproject.toml installs: every package of the tree, under the one import name
`hearts`, with every data file the game opens. (tests/install/ builds the wheel and the
bundle for real; these checks read the project file and the tree.)"""

from __future__ import annotations

import fnmatch
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
SETUPTOOLS = PROJECT["tool"]["setuptools"]


def _installed_name(folder: Path) -> str:
    """The import name of a folder of the tree, as package-dir maps it."""
    rel = folder.relative_to(ROOT).as_posix()
    for name, where in SETUPTOOLS["package-dir"].items():
        if rel == where or rel.startswith(where + "/"):
            return name + rel[len(where):].replace("/", ".")
    return rel.replace("/", ".")


def _folder(package: str) -> str:
    """The folder of the tree an installed package comes from, as package-dir maps it."""
    for name, where in SETUPTOOLS["package-dir"].items():
        if package == name or package.startswith(name + "."):
            return where + package[len(name):].replace(".", "/")
    return package.replace(".", "/")


def test_the_package_list_is_every_folder_with_an_init_or_data() -> None:
    """Every folder with an __init__.py, and every folder of tracked data files (setuptools
    installs those as packages too, and warns of any it was not told of)."""
    roots = [ROOT / "hearts", *(ROOT / where for where in SETUPTOOLS["package-dir"].values())]
    found = {_installed_name(init.parent) for top in roots for init in top.rglob("__init__.py")
             if "__pycache__" not in init.parts}
    data = {_installed_name((ROOT / path).parent) for top in ("hearts", *SETUPTOOLS[
        "package-dir"].values()) for path in _tracked(top) if not path.endswith((".py", ".c"))}
    assert sorted(SETUPTOOLS["packages"]) == sorted(found | data)


def test_one_import_name() -> None:
    assert {p.split(".")[0] for p in SETUPTOOLS["packages"]} == {"hearts"}
    assert all(name.startswith("hearts.") for name in SETUPTOOLS["package-dir"])


def _tracked(folder: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return out.split()


def _matches(inside: str, pattern: str) -> bool:
    """A package-data glob: ``*`` stays within one folder."""
    return (inside.count("/") == pattern.count("/") and fnmatch.fnmatch(inside, pattern))


def test_every_data_file_is_named_in_package_data() -> None:
    """Each tracked file of the packages that is not Python source (the fonts, sounds,
    page, catalogues, type stubs) is matched by a package-data pattern, so the wheel has
    it; the C source goes in the sdist and is built (ext-modules)."""
    data = SETUPTOOLS["package-data"]
    where = {pkg: _folder(pkg) for pkg in data}
    missed = []
    for path in _tracked("hearts") + [p for d in SETUPTOOLS["package-dir"].values()
                                      for p in _tracked(d)]:
        if path.endswith((".py", ".c")):
            continue
        if not any(path.startswith(where[pkg] + "/")
                   and _matches(path[len(where[pkg]) + 1:], pat)
                   for pkg, pats in data.items() for pat in pats):
            missed.append(path)
    assert missed == [], "not in [tool.setuptools.package-data]"
