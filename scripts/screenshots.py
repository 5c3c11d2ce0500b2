"""The README's screenshots, made again: the desktop client at a table and the browser page on
a phone, both mid-hand against bots on loopback.

    .venv/bin/python scripts/screenshots.py [--out docs/images] [--seed 7]

The table: the pygame-ce client (headless) plays a game against three bots in its own host,
your cards chosen by the hint, and is saved during the fifth trick with your turn to play.
The phone: `hearts host` on 127.0.0.1, Debian's Chromium driven by Playwright at 390x844
(a phone's CSS pixels), a player who opens a table, starts it, passes
and plays its first legal card to the fourth trick.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CHROMIUM = "/usr/bin/chromium"
PHONE: ViewportSize = {"width": 390, "height": 844}


def _until(done: Callable[[], Any], step: Callable[[], None], timeout: float, what: str) -> Any:
    end = time.monotonic() + timeout
    while True:
        got = done()
        if got:
            return got
        if time.monotonic() > end:
            raise SystemExit(f"screenshots: {what} did not come within {timeout:.0f} s")
        step()


def table_shot(path: Path, seed: int) -> None:
    """The desktop client during the fifth trick, its turn to play."""
    from hearts.bots import hint
    from hearts.gui.app import App
    from hearts.gui.preferences import Settings
    from hearts.net.mirror import read_view

    app = App(Settings(name="Ann", animation="normal", sounds=False), size=(1280, 800),
              discover=False, save_games=False)

    def step() -> None:
        app.redraw()
        app.step()
        time.sleep(0.005)

    def my_turn() -> Any:
        sess = app.session
        if sess.view is None or sess.table is None or app.animating:
            return None
        view, _ = read_view(sess.view, sess.table.rules)
        if view.phase == "pass" and not view.has_passed[view.seat]:
            return view
        return view if view.phase == "play" and view.my_turn else None

    try:
        app.link.play_against_bots(None, seed=seed)
        while True:
            view = _until(my_turn, step, 60, "your turn")
            if view.phase == "pass":
                app.send({"type": "pass", "cards": [str(c) for c in hint(view).cards]})
            elif len(view.tricks) >= 4 and view.trick:
                break
            else:
                app.send({"type": "play", "card": str(hint(view).cards[0])})
            _until(lambda: my_turn() is None, step, 30, "the host's answer")
        for _ in range(20):
            step()
        app.save_screenshot(path)
    finally:
        app.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def phone_shot(path: Path) -> None:
    """The browser page on a phone during the fourth trick."""
    from playwright.sync_api import sync_playwright

    port, web_port = _free_port(), _free_port()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home}
        host = subprocess.Popen([sys.executable, "-m", "hearts", "host", "--bind", "127.0.0.1",
                                 "--port", str(port), "--web-port", str(web_port),
                                 "--no-advertise", "--name", "Den"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _until(lambda: _listening(web_port), lambda: time.sleep(0.1), 20, "the host")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--headless", "--no-sandbox", "--disable-gpu"])
                ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
                page = ctx.new_page()
                page.goto(f"http://127.0.0.1:{web_port}/")
                page.fill("#name", "Ann")
                page.click(".name-form button[type=submit]")
                page.click(".new-table")
                page.click("#create form button[type=submit]")
                page.wait_for_selector(".table-screen")
                if page.locator("aside.chat-panel").is_visible():
                    page.click(".chat-head .close")
                page.click("button.start")
                page.wait_for_selector("button.pass")
                for card in page.locator(".hand .card").all()[-3:]:
                    card.click(position={"x": 8, "y": 30})
                page.click("button.pass:not([disabled])")
                tricks = 0
                while tricks < 4:
                    legal = page.locator(".hand .card.legal")
                    legal.first.wait_for(timeout=30000)
                    before = page.locator(".hand .card").count()
                    if before <= 9 and page.locator(".trick .card").count():
                        break
                    legal.first.click(position={"x": 8, "y": 30})
                    _until(lambda: page.locator(".hand .card").count() < before,
                           lambda: time.sleep(0.05), 10, "the card played")
                    tricks = 13 - page.locator(".hand .card").count()
                page.wait_for_timeout(400)
                # a card that has just landed is still fading in: wait for the finite motions
                page.wait_for_function("document.getAnimations().every("
                                       "a => a.effect.getTiming().iterations === Infinity)")
                page.screenshot(path=str(path), animations="disabled")
                browser.close()
        finally:
            host.terminate()
            host.wait(10)


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(ROOT / "docs" / "images"))
    p.add_argument("--seed", type=int, default=7, help="seed of the desktop game's deals")
    p.add_argument("--only", choices=("table", "phone"))
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.only != "phone":
        table_shot(out / "table.jpg", args.seed)
        print(f"saved {out / 'table.jpg'}")
    if args.only != "table":
        phone_shot(out / "phone.png")
        print(f"saved {out / 'phone.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
