"""A write the disk refuses never loses a finished game (issue 57, item 2).

Real hosts over real TCP on a real full tmpfs, a read-only bind mount and a write refused
at the file layer (`hearts.net.saves.write_all`, which every save and history write goes
through): every finished game counts in ``stats`` at once, is written in order and once
when writing works again, the people at the table are told once, the operator once, and
the log has one line for the episode.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import pytest

from hearts.net import saves
from hearts.net.client import Client
from hearts.net.history import History
from hearts.net.host import Host
from hearts.net.save_trouble import SaveTrouble

from .conftest import FAST, is_game_over
from .test_faults import _fill, _play, _saved_game, _tmpfs
from .test_save_folder import run_host_command

QUICK = replace(FAST, save_retry=0.05, save_retry_max=0.2)
ONE_HAND = {"target": 1, "pass_count": 0}       # a game of one hand
NOTICE = "The host cannot save its games: {why}; play goes on, and they are kept until it can."


class Listener(Client):
    """A client that keeps every line the host itself says to it."""

    def __init__(self, *a: Any, **k: Any) -> None:
        super().__init__(*a, **k)
        self.host_lines: list[str] = []

    def _handle(self, msg: dict[str, Any]) -> str | None:
        if msg["type"] == "chat" and msg.get("name") == "host":
            self.host_lines.append(msg["text"])
        return super()._handle(msg)


class Operator:
    """The operator's console (`SaveKeeper.on_notice`): its lines, and a wait for the next."""

    def __init__(self, host: Host) -> None:
        self.lines: list[str] = []
        self.read = 0
        self.said = asyncio.Event()
        host.keeper.on_notice = self.line

    def line(self, text: str) -> None:
        self.lines.append(text)
        self.said.set()

    async def next_line(self, timeout: float = 20.0) -> str:
        """The first line not read yet (waiting for it)."""
        while len(self.lines) <= self.read:
            self.said.clear()
            await asyncio.wait_for(self.said.wait(), timeout)
        self.read += 1
        return self.lines[self.read - 1]


async def _table(host: Host, name: str = "Ann") -> Listener:
    ann = Listener("127.0.0.1", host.port, name=name, limits=FAST)
    await ann.connect()
    await ann.send("create_table", rules=ONE_HAND)
    await ann.wait_for("table")
    return ann


async def _games(ann: Client, n: int) -> None:
    for _ in range(n):
        await ann.send("start")
        await _play(ann, is_game_over)


def _my_turn(client: Client) -> bool:
    view = client.view
    return bool(view and view["phase"] == "play" and view["turn"] == view["seat"])


def _history_lines(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / saves.HISTORY).read_bytes().splitlines()
            if line.strip()]


async def _stats_games(ann: Client) -> int:
    await ann.send("stats")
    answer = await ann.wait_for("stats")
    return int(answer["all"]["games"])


async def _refused_then_written(host: Host, folder: Path, refuse: Any, allow: Any,
                                caplog: pytest.LogCaptureFixture, why: str,
                                every_write: bool = True) -> None:
    """One game written, three played while ``refuse()`` holds, then ``allow()``: the
    figures the issue asks for. ``every_write``: every write is refused meanwhile (a
    full tmpfs takes one now and then, in the room the host's own truncations free)."""
    operator = Operator(host)
    ann = await _table(host)
    try:
        await _games(ann, 1)
        assert len(_history_lines(folder)) == 1
        refuse()
        with caplog.at_level(logging.INFO, logger="hearts.host"):
            await _games(ann, 3)
            # counted at once: the host's own board and the wire's stats
            assert host.history.all.games == 4 and await _stats_games(ann) == 4
            kept = len(host.history.unwritten)
            assert kept + len(_history_lines(folder)) == 4
            assert kept == 3 if every_write else kept >= 1
            # the people at the table: one sentence; the operator: one
            assert ann.host_lines == [NOTICE.format(why=why)]
            assert operator.lines == [NOTICE.format(why=why)]
            assert await operator.next_line() == NOTICE.format(why=why)
            allow()
            # written by the retry (nobody plays meanwhile), and the operator is told
            assert await operator.next_line() == \
                f"The host can save again: {host.keeper.trouble.kept} kept games were written."
        assert not host.history.unwritten
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1, [r.getMessage() for r in errors]      # one per episode
        lines = _history_lines(folder)
        assert len(lines) == 4                                         # each once
        assert [line["finished"] for line in lines] == sorted(line["finished"] for line in lines)
        seeds = [line["game"]["seed"] for line in lines]
        assert len(set(seeds)) == 4
        kept = [e["id"] for e in host.history.entries]
        assert kept == [1, 2, 3, 4]
        # the folder read again holds the same four games, their figures the same
        again = History(folder).load()
        assert [e["id"] for e in again.entries] == kept and not again.problems
        assert again.all.to_wire() == host.history.all.to_wire()
        # a later game is written at once again, and nobody is told anything more
        await _games(ann, 1)
        assert len(_history_lines(folder)) == 5 and not host.history.unwritten
        assert len(ann.host_lines) == 1 and len(operator.lines) == 2
    finally:
        await ann.close()


async def test_a_full_disk_keeps_every_finished_game(tmp_path: Path, caplog) -> None:
    with _tmpfs(tmp_path / "disk", "200k") as disk:
        host = Host(save_dir=disk, limits=QUICK, bot_level="random", seed=3)
        await host.start(bind="127.0.0.1", port=0)
        filler: list[Path] = []
        try:
            await _refused_then_written(host, disk, lambda: filler.append(_fill(disk)),
                                        lambda: filler.pop().unlink(), caplog,
                                        "the disk is full", every_write=False)
        finally:
            await host.stop()


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[tuple[Path, Any, Any]]:
    """A folder on a tmpfs, and ways to bind-mount it read-only over itself and back."""
    with _tmpfs(tmp_path / "disk", "1m") as disk:
        def refuse() -> None:
            subprocess.run(["mount", "--bind", str(disk), str(disk)], check=True)
            subprocess.run(["mount", "-o", "remount,bind,ro", str(disk)], check=True)

        def allow() -> None:
            subprocess.run(["umount", str(disk)], check=True)
        yield disk, refuse, allow


async def test_a_read_only_folder_keeps_every_finished_game(read_only_mount, caplog) -> None:
    disk, refuse, allow = read_only_mount
    host = Host(save_dir=disk, limits=QUICK, bot_level="random", seed=4)
    await host.start(bind="127.0.0.1", port=0)
    try:
        await _refused_then_written(host, disk, refuse, allow, caplog, "the disk is read-only")
    finally:
        await host.stop()


@pytest.fixture
def refused_writes(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """The file layer's writes refused (ENOSPC) while ``["on"]`` is true."""
    state = {"on": False}
    real = saves.write_all

    def write_all(fd: int, data: bytes) -> None:
        if state["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)
    monkeypatch.setattr(saves, "write_all", write_all)
    return state


async def test_a_write_refused_at_the_file_layer_keeps_every_game(
        tmp_path: Path, refused_writes: dict[str, bool], caplog) -> None:
    folder = tmp_path / "saves"
    host = Host(save_dir=folder, limits=QUICK, bot_level="random", seed=5)
    await host.start(bind="127.0.0.1", port=0)
    try:
        await _refused_then_written(host, folder, lambda: refused_writes.update(on=True),
                                    lambda: refused_writes.update(on=False), caplog,
                                    "the disk is full")
    finally:
        await host.stop()


async def test_a_table_whose_save_fails_goes_on_and_is_saved_whole_again(
        tmp_path: Path, refused_writes: dict[str, bool]) -> None:
    folder = tmp_path / "saves"
    host = Host(save_dir=folder, limits=QUICK, bot_level="random", seed=6)
    operator = Operator(host)
    await host.start(bind="127.0.0.1", port=0)
    ann = Listener("127.0.0.1", host.port, name="Ann", limits=FAST)
    try:
        await ann.connect()
        await ann.send("create_table", rules={"target": 100, "pass_count": 0})
        tid = (await ann.wait_for("table"))["table"]["id"]
        await ann.send("start")
        await ann.wait_for(lambda ev: ev["type"] == "update" and ev.get("view") is not None)
        refused_writes["on"] = True
        # play goes on through two hands while no save can be written
        for _ in range(2):
            await _play(ann, lambda ev: ev["type"] == "update" and any(
                e["type"] == "hand_scored" for e in ev["events"]))
        assert len(ann.host_lines) == 1 and len(operator.lines) == 1
        await operator.next_line()
        refused_writes["on"] = False
        assert await operator.next_line() == "The host can save again."
        # the table was saved whole by the retry: once it is Ann's turn (nobody else
        # moves), the files hold the whole game, as a resume would read it
        if not _my_turn(ann):
            await ann.wait_for(lambda ev: _my_turn(ann), timeout=20)
        assert _saved_game(folder, tid).log == host.core.tables[tid].game.log
    finally:
        await ann.close()
        await host.stop()


def test_the_retries_back_off_up_to_a_ceiling() -> None:
    trouble = SaveTrouble(retry=1.0, retry_max=5.0)
    assert trouble.failed(OSError(errno.ENOSPC, "full"), 3) is True
    assert trouble.failed(None, 4) is False          # the same episode
    assert [trouble.next_try() for _ in range(5)] == [1.0, 2.0, 4.0, 5.0, 5.0]
    assert trouble.to_tell(3) and not trouble.to_tell(3) and trouble.to_tell(4)
    assert trouble.tables == {3, 4} and trouble.worked() and not trouble.worked()
    assert trouble.failed(OSError(errno.EROFS, "ro")) is True      # a new episode, anew
    assert trouble.next_try() == 1.0 and trouble.to_tell(3) and trouble.episodes == 2


# -- at the start ------------------------------------------------------------------------------
def test_a_host_refuses_a_folder_it_cannot_write(tmp_path: Path, read_only_mount) -> None:
    disk, refuse, _allow = read_only_mount
    refuse()
    done = run_host_command(disk)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"hearts host: the host cannot write in its save folder {disk}: the disk is read-only"]


async def test_a_host_refuses_a_full_folder(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "disk", "200k") as disk:
        _fill(disk)
        host = Host(save_dir=disk, limits=QUICK, bot_level="random")
        with pytest.raises(saves.SaveError) as refused:
            await host.start(bind="127.0.0.1", port=0)
        assert str(refused.value) == \
            f"the host cannot write in its save folder {disk}: the disk is full"
        assert host._server is None
