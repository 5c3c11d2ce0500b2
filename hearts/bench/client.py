"""`hearts bench client`: what a person waits for, idle CPU at a table, frame times.

- Start: fresh processes run `hearts play` and are timed from their launch to the first
  painted main menu, and `hearts play --bots` to the first painted table with the cards
  dealt (interpreter start, imports, window, fonts, the host and the deal), best and
  median of ``--starts`` each.
- Idle CPU: a game against bots at a table, waiting for you to pass; the client's
  process (pygame thread, network thread and the in-process host together) is
  measured with ``time.process_time`` over ``--idle`` seconds, as % of one core.
- Frame time at 1280x800 with animations at normal speed: the work of each frame
  (events, update, draw, flip: not the sleep to 60 fps) while cards move, p50/p99/max
  over ``--anim`` seconds, twice: a game against bots with this seat played by posted
  key presses, and a ``--demo`` game where four bots race ahead of the animation (their
  thinking shares the process, and Python's GIL, with the drawing).

Headless (SDL's dummy video driver) unless ``--window``: a real display adds the
copy to the screen, which the dummy driver does in memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from hearts.bots.levels import SEAT_LEVELS

if TYPE_CHECKING:
    from hearts.engine import View

# A fresh `hearts play` that prints when it first paints what is asked for, and quits.
_PAINTED = r"""
import sys, time
t0, what, args = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
from hearts.gui import app as appmodule
draw = appmodule.App.draw

def painted(self):
    draw(self)
    screen = self.screen
    if what == "menu" or (screen.is_table and getattr(screen.model, "view", None) is not None):
        print("PAINTED", time.perf_counter() - t0, flush=True)
        self.running = False
appmodule.App.draw = painted
from hearts.cli import main
sys.exit(main(["play", *args]))
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--starts", type=int, default=5,
                        help="fresh processes timed to the first painted menu, and as many "
                             "to the first painted table (default 5)")
    parser.add_argument("--idle", type=float, default=10.0,
                        help="seconds of idling at a table to measure CPU (default 10)")
    parser.add_argument("--anim", type=float, default=10.0,
                        help="seconds of bots playing to time frames (default 10)")
    parser.add_argument("--size", default="1280x800", help="window size (default 1280x800)")
    parser.add_argument("--bot-level", default="normal",
                        choices=SEAT_LEVELS,
                        help="bots of the games (default normal)")
    parser.add_argument("--window", action="store_true",
                        help="use the real display instead of SDL's dummy driver")


def _env(window: bool) -> dict[str, str]:
    env = dict(os.environ)
    if not window:
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def paint_times(what: str, starts: int, window: bool, size: str) -> list[float]:
    """Seconds from launching `hearts play` (``what``: "menu"; "table": with --bots) to its
    first paint of it, one per fresh process (fresh settings and saved games)."""
    out = []
    args = ["--size", size] + (["--bots", "--bot-level", "random"] if what == "table" else [])
    with tempfile.TemporaryDirectory() as home:
        env = _env(window)
        env["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        env["XDG_DATA_HOME"] = os.path.join(home, "data")
        for _ in range(starts):
            # Launch time on the clock the child reads (perf_counter is per-boot monotonic
            # on Linux, shared by processes).
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-c", _PAINTED, repr(t0), what, *args],
                                  env=env, capture_output=True, text=True, timeout=120)
            line = next((x for x in proc.stdout.splitlines() if x.startswith("PAINTED")), None)
            if line is None:
                raise RuntimeError(f"the client did not start: {proc.stderr.strip()[-300:]}")
            out.append(float(line.split()[1]))
    return out


def _key(key: int) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def table_view(app: "object") -> "View | None":
    """The seat's view the table screen shows, if the app shows a table."""
    from hearts.gui.table import TableScreen
    screen = app.screen  # type: ignore[attr-defined]
    return screen.model.view if isinstance(screen, TableScreen) else None


def _autoplay(app: "object") -> None:
    """Play this seat with the keyboard as a person would: 1 2 3 Enter to pass, Right
    Enter to play (the cursor skips cards that may not be played), A on a moon."""
    import pygame
    from hearts.gui.table import TableScreen
    screen = app.screen  # type: ignore[attr-defined]
    if not isinstance(screen, TableScreen):
        return
    v = screen.model.view
    if v is None or screen.animating or getattr(app, "_bench_acted", None) is v:
        return
    if v.phase == "pass" and v.passed is None and not screen.model.pass_sent:
        for k in (pygame.K_1, pygame.K_2, pygame.K_3)[: v.rules.pass_count]:
            _key(k)
        _key(pygame.K_RETURN)
    elif v.phase == "play" and v.my_turn:
        _key(pygame.K_RIGHT)
        _key(pygame.K_RETURN)
    elif v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
        _key(pygame.K_a)
    elif screen.game_over():
        app.send({"type": "start"})  # type: ignore[attr-defined]
    else:
        return
    app._bench_acted = v  # type: ignore[attr-defined]


def _report(app: "object", what: str, width: int, height: int, seconds: float) -> None:
    moving = [t for t, anim in app.frame_times if anim]  # type: ignore[attr-defined]
    if len(moving) < 10:
        print(f"frame time {what}: too few animated frames to measure")
        return
    print(f"frame time while cards animate at {width}x{height}, {what}: "
          f"p50 {_pct(moving, 0.5) * 1000:.1f} ms, p99 {_pct(moving, 0.99) * 1000:.1f} ms, "
          f"max {max(moving) * 1000:.1f} ms over {len(moving)} animated frames "
          f"({len(moving) / seconds:.0f} per second)")


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def run(args: argparse.Namespace) -> int:
    from hearts.cli import UserError
    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        raise UserError(f"--size takes WxH like 1280x800 (got {args.size!r})") from None
    for what, words in (("menu", "the main menu"), ("table", "a table (--bots)")):
        times = paint_times(what, args.starts, args.window, args.size)
        print(f"start to {words} painted: best {min(times) * 1000:.0f} ms, "
              f"median {statistics.median(times) * 1000:.0f} ms over {len(times)} fresh "
              "processes")

    os.environ.update({k: v for k, v in _env(args.window).items()
                       if k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
                                "PYGAME_HIDE_SUPPORT_PROMPT")})
    cfg = tempfile.TemporaryDirectory()
    os.environ["XDG_CONFIG_HOME"] = cfg.name
    from hearts.gui.app import App
    from hearts.gui.preferences import Settings

    # Idle: our turn to pass, nothing moves.
    app = App(Settings(name="Bench", animation="normal", sounds=False), size=(width, height),
              discover=False)
    try:
        app.link.play_against_bots(seed=1)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            app.step()
            v = table_view(app)
            if v is not None and v.phase == "pass" and not app.animating:
                break
        else:
            raise UserError("the table did not settle within 20 s")
        for _ in range(3):
            app.step()
        c0, w0 = time.process_time(), time.perf_counter()
        frames = 0
        while time.perf_counter() - w0 < args.idle:
            app.step()
            frames += 1
        cpu = (time.process_time() - c0) / (time.perf_counter() - w0) * 100
        print(f"idle at a table: {cpu:.1f}% of one core over {args.idle:.0f} s "
              f"({frames / args.idle:.1f} wake-ups per second)")
    finally:
        app.close()

    # Frames while cards move: a game against bots, this seat played by posted keys.
    app = App(Settings(name="Bench", animation="normal", sounds=False,
                       bot_level=args.bot_level), size=(width, height), discover=False)
    try:
        app.link.play_against_bots(seed=2)
        app.record_frames = True
        w0 = time.perf_counter()
        while time.perf_counter() - w0 < args.anim:
            app.step()
            _autoplay(app)
        _report(app, f"playing against {args.bot_level} bots", width, height, args.anim)
    finally:
        app.close()

    # Four bots race through a game (--demo) while the client animates it.
    app = App(Settings(name="Bench", animation="normal", sounds=False,
                       bot_level=args.bot_level), size=(width, height), discover=False)
    try:
        app.link.play_against_bots(seed=3, demo=True)
        app.record_frames = True
        w0 = time.perf_counter()
        while time.perf_counter() - w0 < args.anim:
            app.step()
        _report(app, f"watching four {args.bot_level} bots (--demo)", width, height, args.anim)
    finally:
        app.close()
        cfg.cleanup()
    return 0
