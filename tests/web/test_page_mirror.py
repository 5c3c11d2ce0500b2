"""The page's own JavaScript (assets/web/mirror.js) folds messages recorded from a real
host, under node's test runner: a game with a moon worth 43 (A♠ 7, K♠ 10), totals shown
counting down, a table that changes its rules. The page must show what the host says
(display totals, the moon's points, each rule in words, each change's sentences), never
work it out itself:
tests/web/js/mirror.test.mjs checks the page's state against the host's own `table`
messages after every update and the notes it writes."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from ..net.conftest import FAST
from .rigged import rig_first_deal

NODE = shutil.which("node")
JS_TEST = Path(__file__).parent / "js" / "mirror.test.mjs"
RULES = {"preset": "standard", "high_spades": True, "pass_cycle": ["hold"], "moon": "choose",
         "display": "countdown", "target": 60}


async def record(host: Host) -> list[dict[str, Any]]:
    """Every message a TCP player at seat 0 gets while playing the rigged game to its end."""
    r, w = await asyncio.open_connection("127.0.0.1", host.port)
    dec = Decoder(FAST.from_host())
    got: list[dict[str, Any]] = []

    def send(msg: dict[str, Any]) -> None:
        w.write(encode(msg))

    send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann", "words": True})
    send({"type": "create_table", "name": "moon", "rules": {"preset": "standard"}})
    sent_rules = started = over = False
    played: set[Any] = set()
    last: Any = None                    # what was sent last (a hand's moon or a card's turn)
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while loop.time() < end:
        data = await asyncio.wait_for(r.read(65536), 10)
        assert data, "the host closed"
        for msg in dec.feed(data):
            if msg["type"] == "ping":
                send({"type": "pong"})
                continue
            got.append(msg)
            if msg["type"] == "error":                 # refused: the next view tries again
                played.discard(last)
            if msg["type"] == "table" and not sent_rules:
                sent_rules = True
                send({"type": "set_rules", "rules": RULES})     # a `table` follows
            elif msg["type"] == "table" and msg["table"]["rules"]["high_spades"] and not started:
                started = True
                send({"type": "start"})
            if msg["type"] == "update" and any(e["type"] == "game_over" for e in msg["events"]):
                over = True
            elif msg["type"] == "table" and over:          # the table as the game left it
                w.close()
                return got
            view = msg.get("view") if msg["type"] in ("table", "update") else None
            if not view or view["seat"] != 0:
                continue
            hand = tuple(view["totals"])            # each hand scored changes the totals
            if view["phase"] == "moon-choice" and view["moon"]["shooter"] == 0 \
                    and (hand, "moon") not in played:
                last = (hand, "moon")
                played.add(last)
                send({"type": "moon", "choice": "add"})
            elif view["phase"] == "play" and view["turn"] == 0 and view["legal"]:
                key = (hand, len(view["tricks"]), len(view["trick"]))
                if key not in played:
                    last = key
                    played.add(key)
                    send({"type": "play", "card": view["legal"][0]})
    raise AssertionError("the game did not end")


@pytest.mark.needs("node")
async def test_the_pages_mirror_shows_what_the_host_says(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rigged = rig_first_deal(monkeypatch, when=lambda rules: rules.high_spades)
    host = Host(name="rec", limits=FAST, bot_level="random", seed=4)
    await host.start(bind="127.0.0.1", port=0)
    try:
        messages = await record(host)
    finally:
        await host.stop()
    assert rigged, "the moon's deal was not dealt"
    events = [e for m in messages if m["type"] == "update" for e in m["events"]]
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["moon"]["points"] == 43 and scored["points"] == [0, 43, 43, 43]
    assert scored["display_totals"] == [60, 17, 17, 17]
    recording = tmp_path / "recording.json"
    recording.write_text(json.dumps({"me": "Ann", "messages": messages}))
    assert NODE is not None
    run = subprocess.run([NODE, "--experimental-default-type=module", "--test", str(JS_TEST)],
                         env={"HEARTS_RECORDING": str(recording), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout
