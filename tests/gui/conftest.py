"""Headless pygame for every GUI test, and helpers that drive the client with posted events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable, Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private $XDG_CONFIG_HOME so tests never touch the user's settings."""
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))     # saved games
    return home


def shots_asked() -> bool:
    """Screenshots are saved only when $HEARTS_SCREENSHOTS asks for them (to look at):
    encoding one takes ~0.2 s, and nobody sees a temporary directory's."""
    return bool(os.environ.get("HEARTS_SCREENSHOTS"))


def save_shot(surface: Any, path: Path) -> None:
    """Save ``surface`` as ``path`` (PNG) when screenshots are asked for (`shots_asked`)."""
    if shots_asked():
        import pygame
        pygame.image.save(surface, str(path))


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: $HEARTS_SCREENSHOTS if set (to look at them), else a temp dir
    (`Driver.shot` then only draws the frame)."""
    d = Path(os.environ.get("HEARTS_SCREENSHOTS") or tmp_path / "shots")
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture
def app(config_home: Path) -> Iterator[Any]:
    from hearts.gui.app import App
    from hearts.gui.settings import Settings
    settings = Settings(name="Tester", animation="off", sounds=False)
    a = App(settings, size=(1280, 800), discover=False)
    yield a
    a.close()


@pytest.fixture
def app_in(config_home: Path) -> Iterator[Callable[..., Any]]:
    """Make an app in a language (``app_in("fr", (800, 600))``); each is closed after the
    test."""
    from hearts.gui.app import App
    from hearts.gui.settings import Settings
    made: list[Any] = []

    def make(lang: str, size: tuple[int, int] = (800, 600)) -> Any:
        made.append(App(Settings(name="Tester", animation="off", sounds=False, language=lang),
                        size=size, discover=False))
        return made[-1]
    yield make
    for a in made:
        a.close()


class LapseClock:
    """The app's frame clock in a time-lapse: every frame counts as ``ms`` milliseconds
    (the app's longest step while things move is 100 ms) and none waits for the screen's
    refresh, so a hand's animations and pauses play in a few hundred quick frames."""

    def __init__(self, ms: int = 100) -> None:
        self.ms = ms

    def tick(self, framerate: int = 0) -> int:
        return self.ms


class Driver:
    """Posts input events to a running `App` and steps its loop until a condition holds."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def time_lapse(self, ms: int = 100) -> None:
        """Run the app's animations and pauses on frames, not on the wall clock (see
        `LapseClock`); timeouts given to `until` stay in real seconds."""
        self.app.clock = LapseClock(ms)

    def step(self, n: int = 1) -> None:
        """Run ``n`` frames at once (no idle wait). Each frame ends with a millisecond's
        sleep: forced frames back to back never let go of the GIL, and on an idle machine
        the network thread (the in-process host and the connection) starves."""
        for _ in range(n):
            self.app.redraw()
            self.app.step()
            time.sleep(0.001)

    def until(self, cond: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
        """Step until ``cond()`` is true (at once if it already is: a step with nothing
        to do sleeps a second waiting for input) and return its value."""
        end = time.monotonic() + timeout
        value = cond()
        while not value:
            if time.monotonic() >= end:
                raise AssertionError(f"timed out waiting for {what or cond}")
            self.app.step()
            value = cond()
        return value

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode,
                                             scancode=0))
        self.step()

    def type(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.step()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step()

    def click_button(self, form: Any, label: str) -> None:
        """Click the button labelled ``label`` in ``form`` (a `widgets.Form`)."""
        b = form.find(label)
        assert b is not None, f"no button {label!r} in {[getattr(x, 'label', x) for x in form.widgets]}"
        self.click(b.rect.center)

    def shot(self, path: Path) -> None:
        """Draw the frame; save it as ``path`` (PNG) when screenshots are asked for
        (`shots_asked`)."""
        if shots_asked():
            self.app.save_screenshot(path)
        else:
            self.app.draw()


@pytest.fixture
def drive(app: Any) -> Driver:
    return Driver(app)
