"""scripts/play.py, the command for systems without bash (`py scripts\\play.py`): it finds
the .venv the bash scripts made (the same stamp, so nothing is installed again) and opens
the game; here it quits once the first frame is drawn."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(not (ROOT / ".venv" / ".hearts-stamp").exists(),
                    reason="needs the .venv that scripts/test makes")
def test_play_py_opens_the_game_from_the_venv(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "play.py"), "--exit-when-painted",
                           "--screenshot", str(tmp_path / "shot.png")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Installing" not in done.stderr          # the bash scripts' install is found as is
    assert (tmp_path / "shot.png").stat().st_size > 0
