"""Card motion: tweens keyed by what moves, scaled by the player's animation speed.

An `Animator` holds at most one `Tween` per key (a card, usually) and a queue of
steps to run when nothing moves any more, so a screen can say "show the trick,
wait, sweep it to the winner, then show the next view" and stay responsive.
A speed scale of 0 (animations off) makes every tween and wait finish at once.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

Point = tuple[float, float]

SPEED_SCALES = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}


def speed_scale(setting: Any) -> float:
    """A duration multiplier from a setting: a name of `SPEED_SCALES` or a number (0 = off)."""
    if isinstance(setting, (int, float)) and not isinstance(setting, bool):
        return max(0.0, float(setting))
    return SPEED_SCALES.get(str(setting), 1.0)


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic)."""
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Tween:
    """A move from ``start`` to ``end`` over ``duration`` seconds after ``delay``.

    ``value`` runs 0..1 alongside, for fades and flips.
    """

    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.progress)

    @property
    def pos(self) -> Point:
        v = self.value
        return (self.start[0] + (self.end[0] - self.start[0]) * v,
                self.start[1] + (self.end[1] - self.start[1]) * v)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


@dataclass
class Animator:
    """Keyed tweens, timed waits and a queue of steps that run when all is still."""

    scale: float = 1.0
    tweens: dict[Hashable, Tween] = field(default_factory=dict)
    steps: deque[Callable[[], None]] = field(default_factory=deque)
    hold: float = 0.0
    gate: Callable[[], bool] | None = None      # steps wait until it returns True

    def move(self, key: Hashable, start: Point, end: Point, duration: float, delay: float = 0.0,
             ease: Callable[[float], float] = ease_out,
             on_done: Callable[[], None] | None = None) -> Tween | None:
        """Start moving ``key``; with animations off nothing moves and ``on_done`` runs now."""
        if self.scale <= 0:
            self.tweens.pop(key, None)
            if on_done:
                on_done()
            return None
        t = Tween(start, end, duration * self.scale, delay * self.scale, ease, on_done=on_done)
        self.tweens[key] = t
        return t

    def wait(self, seconds: float, scaled: bool = True) -> None:
        """Keep the animator busy (steps wait) for ``seconds``: scaled by the speed, or
        (``scaled=False``) as given, a setting in seconds; nothing waits with animations off."""
        if self.scale > 0:
            self.hold = max(self.hold, seconds * (self.scale if scaled else 1.0))

    def wait_until(self, ready: Callable[[], bool]) -> None:
        """Hold the queued steps until ``ready()`` (a dialog closed); not with animations off."""
        if self.scale > 0:
            self.gate = ready

    @property
    def gated(self) -> bool:
        """Nothing moves; the steps only wait for the gate (a screen need not redraw)."""
        return self.gate is not None and not self.tweens and self.hold <= 0

    def then(self, step: Callable[[], None]) -> None:
        """Run ``step`` once no tween moves and no wait is left (in order)."""
        self.steps.append(step)

    def pos(self, key: Hashable) -> Point | None:
        """Where ``key`` is now, or None if it is not moving (draw it at its place)."""
        t = self.tweens.get(key)
        return None if t is None else t.pos

    def get(self, key: Hashable) -> Tween | None:
        return self.tweens.get(key)

    @property
    def moving(self) -> bool:
        return bool(self.tweens) or self.hold > 0 or self.gate is not None

    @property
    def busy(self) -> bool:
        """Something moves, a wait runs, or steps are queued."""
        return self.moving or bool(self.steps)

    def update(self, dt: float) -> None:
        """Advance time; finished tweens are dropped; queued steps run when all is still."""
        if self.hold > 0:
            self.hold = max(0.0, self.hold - dt)
        if self.gate is not None and self.gate():
            self.gate = None
        if self.tweens:
            finished = []
            for key, t in self.tweens.items():
                t.update(dt)
                if t.done:
                    finished.append(key)
            for key in finished:
                t = self.tweens.pop(key)
                if t.on_done:
                    t.on_done()
        while self.steps and not self.moving:
            self.steps.popleft()()

    def snap(self) -> None:
        """Put every moving thing at its end now (the window changed size: where it was
        going is no longer where it goes); waits and queued steps stay."""
        for key in list(self.tweens):
            t = self.tweens.pop(key)
            if t.on_done:
                t.on_done()

    def finish(self, gates: bool = True) -> None:
        """Jump to the end: every tween done, every wait over, every step run; with
        ``gates`` False it stops at a gate that still holds (a summary to be dismissed)."""
        for _ in range(1000):
            if self.gate is not None and self.gate():
                self.gate = None
            if not self.busy or (not gates and self.gate is not None):
                return
            self.hold = 0.0
            self.gate = None
            for key in list(self.tweens):
                t = self.tweens.pop(key)
                if t.on_done:
                    t.on_done()
            while self.steps and not self.moving:
                self.steps.popleft()()

    def clear(self) -> None:
        """Forget every tween, wait and step (a fresh table state arrived)."""
        self.tweens.clear()
        self.steps.clear()
        self.hold = 0.0
        self.gate = None
