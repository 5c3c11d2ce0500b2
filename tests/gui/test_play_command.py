"""`hearts play` from the command line: scriptable demo with a screenshot, clear user errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame


HEARTS = [sys.executable, "-c", "import sys; from hearts.cli import main; sys.exit(main())"]


def _env(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    return env


def test_demo_exits_after_a_hand_with_a_screenshot(tmp_path):
    shot = tmp_path / "demo.png"
    proc = subprocess.run([*HEARTS, "play", "--demo",
                           "--exit-after-hands", "1", "--screenshot", str(shot),
                           "--animations", "off", "--bot-level", "random", "--size", "1024x640"],
                          env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(shot)).get_size() == (1024, 640)


def test_unknown_preset_is_one_sentence(tmp_path):
    proc = subprocess.run([*HEARTS, "play", "--rules", "nope"],
                          env=_env(tmp_path), capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("hearts play: unknown preset 'nope'")
    assert "Traceback" not in proc.stderr


def test_rules_from_a_file(tmp_path):
    rules = tmp_path / "house.json"
    rules.write_text('{"preset": "omnibus", "target": 1}')
    shot = tmp_path / "house.png"
    proc = subprocess.run([*HEARTS, "play", "--demo", "--rules", str(rules),
                           "--exit-after-hands", "1", "--animations", "off",
                           "--bot-level", "random", "--screenshot", str(shot)],
                          env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert shot.exists()
    bad = tmp_path / "bad.json"
    bad.write_text('{"moon": "sideways"}')
    proc = subprocess.run([*HEARTS, "play", "--rules", str(bad)], env=_env(tmp_path),
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2 and "moon" in proc.stderr and "Traceback" not in proc.stderr
