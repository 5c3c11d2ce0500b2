"""The table's sounds: short tones synthesised here, shipped as WAVs in assets/sounds.

`synthesise(directory)` writes every sound from plain sine partials and filtered
noise (this project's own work, CC0); `python -m hearts.gui.sounds` rewrites the
shipped files. `Sounds.play(name)` plays one through pygame.mixer and does
nothing at all when there is no audio device or sounds are off.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

import pygame

from . import theme

RATE = 44100
NAMES = ("turn", "card", "sweep", "hearts", "queen", "moon", "gameover", "pass")


# -- synthesis ------------------------------------------------------------------------------
def _note(freq: float, dur: float, amp: float = 0.5, decay: float = 6.0, attack: float = 0.005,
          partials: tuple[tuple[float, float], ...] = ((1, 1.0), (2, 0.35), (3, 0.12))) -> list[float]:
    """A bell-like note: a few harmonic partials with a fast attack and exponential decay."""
    n = int(dur * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        v = 0.0
        for mult, a in partials:
            v += a * math.sin(2 * math.pi * freq * mult * t) * math.exp(-decay * (mult - 1) * 0.5 * t)
        out.append(amp * env * v)
    return out


def _noise(dur: float, amp: float, cutoff: float, shape: Callable[[float], float],
           seed: int = 1) -> list[float]:
    """Low-passed white noise under an envelope ``shape(t/dur)``."""
    rng = random.Random(seed)
    n = int(dur * RATE)
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y = 0.0
    out = []
    for i in range(n):
        y += a * (rng.uniform(-1, 1) - y)
        out.append(amp * shape(i / n) * y)
    return out


def _mix(length: float, parts: list[tuple[float, list[float]]]) -> list[float]:
    """Sum ``(start_seconds, samples)`` parts into one track of ``length`` seconds."""
    buf = [0.0] * int(length * RATE)
    for start, samples in parts:
        o = int(start * RATE)
        for i, v in enumerate(samples):
            if o + i < len(buf):
                buf[o + i] += v
    return buf


def _hz(semitones_from_a4: float) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


# note names -> semitones from A4
C5, E5, G5, A5, C6, E6, G6 = 3, 7, 10, 12, 15, 19, 22
D3, F3, A2 = -19, -16, -24


def _sounds() -> dict[str, list[float]]:
    soft = ((1, 1.0), (2, 0.2), (4, 0.05))
    return {
        # two rising chime notes: "your turn"
        "turn": _mix(0.7, [(0.0, _note(_hz(E5), 0.5, 0.35, 7)), (0.11, _note(_hz(A5), 0.58, 0.35, 6))]),
        # a card snapped onto the cloth
        "card": _noise(0.07, 1.6, 2500, lambda x: (1 - x) ** 3),
        # the trick swept off the table
        "sweep": _noise(0.32, 1.3, 1400, lambda x: math.sin(math.pi * x) ** 2),
        # three bright falling notes, slightly detuned: something broke
        "hearts": _mix(0.9, [(0.0, _note(_hz(C6), 0.5, 0.22, 7, partials=soft)),
                             (0.0, _note(_hz(C6) * 1.004, 0.5, 0.16, 7, partials=soft)),
                             (0.12, _note(_hz(G5), 0.5, 0.24, 7, partials=soft)),
                             (0.24, _note(_hz(E5), 0.6, 0.28, 5, partials=soft))]),
        # a low two-note "uh-oh" when the queen of spades is taken
        "queen": _mix(1.0, [(0.0, _note(_hz(F3), 0.45, 0.45, 5, 0.02)),
                            (0.26, _note(_hz(D3), 0.7, 0.5, 4, 0.02)),
                            (0.26, _note(_hz(A2), 0.7, 0.3, 4, 0.02))]),
        # a rising sparkle for shooting the moon
        "moon": _mix(1.5, [(0.09 * i, _note(_hz(n), 0.9, 0.2, 4, partials=soft))
                           for i, n in enumerate((C5, E5, G5, C6, E6, G6))]),
        # a short fanfare
        "gameover": _mix(1.8, [(0.0, _note(_hz(C5), 0.3, 0.3, 6)), (0.16, _note(_hz(E5), 0.3, 0.3, 6)),
                               (0.32, _note(_hz(G5), 0.3, 0.3, 6)),
                               (0.5, _note(_hz(C6), 1.2, 0.3, 2.5)), (0.5, _note(_hz(E5), 1.2, 0.18, 2.5)),
                               (0.5, _note(_hz(G5), 1.2, 0.18, 2.5))]),
        # three quick soft cards sliding across
        "pass": _mix(0.5, [(0.1 * i, _noise(0.16, 1.1, 1800, lambda x: math.sin(math.pi * x) ** 2, i))
                           for i in range(3)]),
    }


def _write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(v) for v in samples))
    gain = min(1.0, 0.8 / peak)
    fade = int(0.01 * RATE)
    n = len(samples)
    frames = bytearray()
    for i, v in enumerate(samples):
        if i > n - fade:
            v *= (n - i) / fade
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v * gain)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def synthesise(directory: Path = theme.SOUNDS) -> list[Path]:
    """Write every sound as ``NAME.wav`` in ``directory``; returns the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, samples in _sounds().items():
        p = directory / f"{name}.wav"
        _write_wav(p, samples)
        paths.append(p)
    return paths


# -- playing --------------------------------------------------------------------------------
class Sounds:
    """Plays the shipped sounds; silent (never failing) without an audio device."""

    def __init__(self, directory: Path = theme.SOUNDS, enabled: bool = True) -> None:
        self.directory = directory
        self.enabled = enabled
        self.volume = 0.6                # 0..1, from the volume setting
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self.played: list[str] = []      # names asked for while enabled (for tests and logs)

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        if self._sounds is None:
            self._sounds = {}
            if not _audio_possible():
                return self._sounds
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1, 512)
                for name in NAMES:
                    p = self.directory / f"{name}.wav"
                    if p.is_file():
                        snd = pygame.mixer.Sound(str(p))
                        self._sounds[name] = snd
            except (pygame.error, OSError):
                self._sounds = {}
        return self._sounds

    def preload(self) -> None:
        """Open the mixer and read the sounds now, not at the first card played."""
        self._load()

    def play(self, name: str) -> None:
        """Play sound ``name`` if sounds are on and audio works."""
        if not self.enabled or self.volume <= 0:
            return
        self.played.append(name)
        del self.played[:-50]
        snd = self._load().get(name)
        if snd is not None:
            try:
                snd.set_volume(self.volume)
                snd.play()
            except pygame.error:
                pass


_shared: Sounds | None = None


def _audio_possible() -> bool:
    """False on a Linux machine with no sound device and no sound server, where opening
    the mixer would only make ALSA print errors."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_AUDIODRIVER"):
        return True
    if os.path.exists("/dev/snd") or os.environ.get("PULSE_SERVER"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return runtime is not None and any(os.path.exists(os.path.join(runtime, sock))
                                 for sock in ("pulse/native", "pipewire-0"))


def shared() -> Sounds:
    """The client's one `Sounds` (its ``enabled`` follows the sounds setting)."""
    global _shared
    if _shared is None:
        _shared = Sounds()
    return _shared


if __name__ == "__main__":
    for p in synthesise():
        print(p)
