"""One host per save folder, and tonight kept in it (issue 57 item 3, issue 59 item 3).

Real `hearts host` processes on loopback: a second host on a folder refuses in one sentence
naming the first (its port and process id); a host killed with SIGKILL never blocks a
restart; a host restarted the same evening goes on with the same "tonight".
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from hearts.net.client import Client
from hearts.net.evening import EVENING, EVENING_HOURS, evening_start
from hearts.net.save_folder import LOCK

from tests.ports import free_port

from .conftest import FAST, is_game_over, start_host_process
from .test_faults import _play


def run_host_command(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """`hearts host` on ``folder`` run to its end (one that starts is stopped by the test's
    timeout: only for a host that is to refuse)."""
    cmd = [sys.executable, "-m", "hearts.cli", "host", "--bind", "127.0.0.1", "--port",
           str(free_port()), "--no-web", "--no-advertise", "--save-dir", str(folder), *extra]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "LANGUAGE": "en"}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env,
                          stdin=subprocess.DEVNULL)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def _answers(port: int) -> bool:
    c = Client("127.0.0.1", port, name="Probe", limits=FAST, reconnect=False)
    try:
        await c.connect()
        return (await c.wait_for("tables"))["type"] == "tables"
    finally:
        await c.close()


async def test_a_second_host_on_a_folder_refuses_and_a_killed_one_never_blocks(
        tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    port = free_port()
    first = await start_host_process(port, folder)
    try:
        second = await asyncio.to_thread(run_host_command, folder)
        assert second.returncode != 0
        assert second.stderr.strip().splitlines() == [
            f"hearts host: another host uses the save folder {folder} (port {port}, process "
            f"{first.pid}); stop it first or choose another --save-dir"]
        assert await _answers(port)                  # the first is unharmed
        first.kill()                                 # kill -9: no goodbye, the file stays
        first.wait()
        assert json.loads((folder / LOCK).read_text())["pid"] == first.pid
        port2 = free_port()
        again = await start_host_process(port2, folder)
        try:
            assert await _answers(port2)
            assert json.loads((folder / LOCK).read_text()) == {"pid": again.pid,
                                                              "port": port2}
        finally:
            _stop(again)
    finally:
        _stop(first)


async def _finish_a_game(port: int) -> None:
    ann = Client("127.0.0.1", port, name="Ann", limits=FAST, reconnect=False)
    await ann.connect()
    try:
        await ann.send("create_table", rules={"target": 1, "pass_count": 0})
        await ann.wait_for("table")
        await ann.send("start")
        await _play(ann, is_game_over)
    finally:
        await ann.close()


async def _tonight(port: int) -> tuple[str, int]:
    c = Client("127.0.0.1", port, name="Probe", limits=FAST, reconnect=False)
    await c.connect()
    try:
        await c.send("stats")
        answer = await c.wait_for("stats")
        return answer["since"], answer["tonight"]["games"]
    finally:
        await c.close()


async def test_tonight_survives_a_restart_the_same_evening(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    port = free_port()
    first = await start_host_process(port, folder)
    try:
        await _finish_a_game(port)
        since, games = await _tonight(port)
        assert games == 1
    finally:
        _stop(first)
    port = free_port()
    again = await start_host_process(port, folder)
    try:
        assert await _tonight(port) == (since, 1)          # the same evening, its game
    finally:
        _stop(again)
    # --session names its own start, and leaves the kept one as it is
    port = free_port()
    named = await start_host_process(port, folder, "--session", "2000-01-01")
    try:
        since_named, games = await _tonight(port)
        assert since_named < "2000-01-02" and games == 1
    finally:
        _stop(named)
    assert json.loads((folder / EVENING).read_text()) == {"start": since}
    # and `hearts host --stats` counts the same tonight
    shown = await asyncio.to_thread(run_host_command, folder, "--stats")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0].endswith(": 1 game.")


def test_an_evening_ends_after_its_hours(tmp_path: Path) -> None:
    now = time.time()
    start = evening_start(tmp_path, now)
    assert evening_start(tmp_path, now + 3600) == start
    later = now + EVENING_HOURS * 3600 + 60
    assert evening_start(tmp_path, later) > start                 # a new evening, kept
    assert evening_start(tmp_path, later + 60) == evening_start(tmp_path, later)
    (tmp_path / EVENING).write_text("not json")
    assert evening_start(tmp_path, later) >= start                # a damaged file: anew
