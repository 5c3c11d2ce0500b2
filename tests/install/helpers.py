"""Running what an install gives (`hearts` of a fresh venv, or the bundle's program) as a
person would: from a folder outside the checkout, in processes of its own, on loopback."""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def copy_checkout(dest: Path) -> Path:
    """The files git knows of (tracked, or new and not ignored), as a clean clone has them,
    copied to ``dest``: a build there sees no .venv, build/ or stale egg-info."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, listed.decode().split("\0")):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a person's shell: no PYTHONPATH into the checkout, no display."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSAFEPATH")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONUNBUFFERED="1", **extra)
    return env


def wait_listening(port: int, proc: subprocess.Popen[str], log: Path,
                   timeout: float = 60.0) -> None:
    """Until something accepts on 127.0.0.1:``port`` (fails at once if ``proc`` ended)."""
    end = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"the process ended ({proc.returncode}): {log.read_text()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > end:
                raise AssertionError(f"nothing listens on {port} after {timeout} s") from None
            time.sleep(0.05)


def get(port: int, path: str) -> tuple[int, bytes]:
    """GET ``path`` from 127.0.0.1:``port``: the status and the body."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def stop(proc: subprocess.Popen[str]) -> None:
    """End a process this test started (by its own handle), and reap it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def hosting(hearts: Sequence[str], cwd: Path, save_dir: Path) -> Iterator[tuple[int, int]]:
    """`hearts host` on loopback (no LAN announcement): its game port and web port."""
    port, web = free_port(), free_port()
    log = cwd / "host.log"                      # a file: a pipe nobody reads could fill
    with log.open("w") as err:
        proc = subprocess.Popen([*hearts, "host", "--bind", "127.0.0.1", "--port", str(port),
                                 "--web-port", str(web), "--no-advertise", "--bot", "random",
                                 "--save-dir", str(save_dir)],
                                cwd=cwd, env=clean_env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err, text=True)
    try:
        wait_listening(port, proc, log)
        wait_listening(web, proc, log)
        yield port, web
    finally:
        stop(proc)


def check_page(web: int) -> None:
    """The page and its German words are served."""
    status, body = get(web, "/")
    assert status == 200 and b"<html" in body.lower()
    status, body = get(web, "/lang/de.json")
    assert status == 200 and body.startswith(b"{")


def join_once(hearts: Sequence[str], cwd: Path, port: int) -> str:
    """`hearts join` to the host: connected, then end of input; its output."""
    done = subprocess.run([*hearts, "join", f"127.0.0.1:{port}", "--name", "Ann"], cwd=cwd,
                          env=clean_env(), input="", capture_output=True, text=True, timeout=60)
    assert "Connected to" in done.stdout, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def demo_screenshot(hearts: Sequence[str], cwd: Path, shot: Path, wrap: Sequence[str] = ()
                    ) -> float:
    """`hearts play --demo --exit-after-hands 1 --screenshot`: its wall time; the PNG is made."""
    start = time.monotonic()
    done = subprocess.run([*wrap, *hearts, "play", "--demo", "--exit-after-hands", "1",
                           "--animations", "off", "--screenshot", str(shot)], cwd=cwd,
                          env=clean_env(), capture_output=True, text=True, timeout=240)
    took = time.monotonic() - start
    assert done.returncode == 0, done.stdout + done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return took


def without_system_fonts() -> list[str]:
    """A command prefix that runs its command with /usr/share/fonts empty (a private mount
    namespace, as root), so only fonts the game carries can be drawn with; [] where that
    cannot be done here."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return []
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs none /usr/share/fonts"],
                           capture_output=True)
    if probe.returncode != 0:
        return []
    return ["unshare", "-m", "sh", "-c", 'mount -t tmpfs none /usr/share/fonts && exec "$@"', "sh"]


def painted_time(hearts: Sequence[str], cwd: Path) -> float:
    """Seconds from starting `hearts play` in ``cwd`` to its main menu drawn (scripts/bundle.py's
    timing, in a person's environment)."""
    spec = importlib.util.spec_from_file_location("bundle", ROOT / "scripts" / "bundle.py")
    assert spec is not None and spec.loader is not None
    bundle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bundle)
    took: float = bundle.painted_time(list(hearts), cwd=cwd, env=clean_env())
    return took
