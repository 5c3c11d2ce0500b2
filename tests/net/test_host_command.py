"""`hearts host`: user errors are one sentence; rules from presets and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.cli import UserError, main
from hearts.commands.host import load_rules


def test_rules_from_preset_and_files(tmp_path: Path) -> None:
    assert load_rules("omnibus").jack_of_diamonds == -10
    j = tmp_path / "r.json"
    j.write_text('{"preset": "black-maria", "target": 50}')
    r = load_rules(str(j))
    assert r.high_spades and r.target == 50
    t = tmp_path / "r.toml"
    t.write_text('moon = "choose"\npass_cycle = ["left", "right"]\n')
    r = load_rules(str(t))
    assert r.moon == "choose" and r.pass_cycle == ("left", "right")


@pytest.mark.parametrize("content, fragment", [
    ('{"moon": "sideways"}', "rule 'moon' must be one of"),
    ('{"colour": 1}', "unknown rule 'colour'"),
    ("{not json", "is not valid JSON"),
])
def test_bad_rules_files(tmp_path: Path, content: str, fragment: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content)
    with pytest.raises(UserError, match=fragment):
        load_rules(str(f))


def test_command_errors_are_one_sentence(capsys, tmp_path: Path) -> None:
    assert main(["host", "--rules", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts host: unknown preset 'nope'") and err.count("\n") == 1
    assert main(["host", "--resume"]) == 2
    assert "--resume needs --save-dir" in capsys.readouterr().err
    assert main(["host", "--bot", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_port_in_use_is_one_sentence() -> None:
    import os
    import socket
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        said = {}
        for lang in ("C.UTF-8", "de_DE.UTF-8"):          # the reason in the host's words too
            env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL",
                                                                    "LC_MESSAGES")}
            proc = subprocess.run([sys.executable, "-c",
                                   "import sys; from hearts.cli import main; sys.exit(main())",
                                   "host", "--bind", "127.0.0.1",
                                   "--port", str(port), "--no-advertise", "--no-web"],
                                  capture_output=True, text=True, timeout=20,
                                  env={**env, "LANG": lang, "PYTHONPATH": str(root)})
            assert proc.returncode == 2 and "Traceback" not in proc.stderr
            said[lang] = proc.stderr.strip()
    assert said["C.UTF-8"] == (f"hearts host: cannot listen on 127.0.0.1:{port} "
                               "(the address is already in use); choose another --port")
    assert said["de_DE.UTF-8"] == (f"hearts host: kann nicht auf 127.0.0.1:{port} lauschen "
                                   "(die Adresse wird schon verwendet); wähle einen anderen "
                                   "--port")
