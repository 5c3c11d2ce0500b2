"""Faults: a player's process killed mid-trick, the host killed with SIGKILL and resumed
with several tables, a save directory that fills up or turns read-only, corrupt saves."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import random
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import msgpack
import pytest

from hearts.engine import Game, action_from_wire
from hearts.net import saves
from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.mirror import TableInfo

from tests.ports import free_port

from .conftest import FAST, has_change, is_game_over, play_until, start_host_process

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _changes(kind: str, **match: Any):
    return lambda ev: ev["type"] == "update" and any(
        e["type"] == kind and all(e.get(k) == v for k, v in match.items())
        for e in ev["events"])


async def _play(client: Client, stop, rng: random.Random | None = None,
                timeout: float = 60) -> dict:
    """Play random legal moves until an event ``stop(event)``; acts on the current view
    first (the event that ended the last call may have made it our turn)."""
    rng = rng or random.Random(client.name)
    acted: Any = None
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        view = client.view
        if view and view.get("seat") is not None:
            seat = view["seat"]
            key = (tuple(view["totals"]), view["phase"], len(view["hand"]), view["turn"],
                   len(view["trick"]), view["has_passed"][seat])
            if key != acted:
                if view["phase"] == "pass" and not view["has_passed"][seat]:
                    acted = key
                    await client.send("pass", cards=rng.sample(view["hand"],
                                                               view["rules"]["pass_count"]))
                elif view["phase"] == "play" and view["turn"] == seat and view["legal"]:
                    acted = key
                    await client.send("play", card=rng.choice(view["legal"]))
                elif view["phase"] == "moon-choice" and view["turn"] == seat:
                    acted = key
                    await client.send("moon", choice="add")
        ev = await client.next_event(max(0.01, end - loop.time()))
        if stop(ev):
            return ev


# -- a client killed mid-trick ------------------------------------------------------------------
class Kid:
    """tests/net/fault_client.py in its own process."""

    def __init__(self, port: int, table: int, token: str | None = None) -> None:
        args = [sys.executable, "-m", "tests.net.fault_client", str(port), str(table)]
        self.proc = subprocess.Popen(args + ([token] if token else []), env=ENV, cwd=ROOT,
                                     stdout=subprocess.PIPE, text=True)
        self.lines: list[str] = []

    async def line(self, start: str, timeout: float = 20) -> str:
        loop = asyncio.get_running_loop()
        while True:
            text = await asyncio.wait_for(loop.run_in_executor(None, self.proc.stdout.readline),
                                          timeout)
            if not text:
                raise AssertionError(f"the client ended without {start!r}: {self.lines}")
            self.lines.append(text.strip())
            if text.startswith(start):
                return text.strip()


async def test_client_killed_mid_trick_then_back(host: Host) -> None:
    grace = host.limits.drop_grace
    own = Client("127.0.0.1", host.port, name="Own", limits=FAST)
    await own.connect()
    await own.send("create_table", rules={"pass_count": 0, "target": 40})
    tid = (await own.wait_for("table"))["table"]["id"]
    eye = Client("127.0.0.1", host.port, name="Eye", limits=FAST)
    await eye.connect()
    await eye.send("watch", table=tid)
    await eye.wait_for("table")
    kid = Kid(host.port, tid)
    token = (await kid.line("token")).split()[1]
    await eye.wait_for(_changes("player_joined", seat=1))
    await own.send("start")
    owner_plays = asyncio.ensure_future(_play(own, is_game_over))
    # the kid has played into a trick that is not complete yet: kill it there
    await eye.wait_for(lambda ev: _changes("card_played", seat=1)(ev) and 0 < len(
        eye.view["trick"]) < 4 and not any(e["type"] == "trick_taken" for e in ev["events"]))
    kid.proc.send_signal(signal.SIGKILL)
    kid.proc.wait()
    loop = asyncio.get_running_loop()
    killed = loop.time()
    await eye.wait_for(_changes("player_dropped", seat=1))
    await eye.wait_for(_changes("replaced_by_bot", seat=1, why="dropped"))
    assert loop.time() - killed < grace + 1.0          # the bot took over within the grace
    await eye.wait_for(_changes("card_played", seat=1))  # ...and plays the seat
    owner_plays.cancel()         # the owner waits: the game cannot end before the kid is back
    back = Kid(host.port, tid, token)
    assert await back.line("seat") == "seat 1"
    await eye.wait_for(_changes("player_returned", seat=1))
    assert host.core.tables[tid].seats[1].auto is False
    owner_plays = asyncio.ensure_future(_play(own, is_game_over))
    await back.line("played")                          # the person plays again
    await back.line("game over", timeout=60)
    assert back.proc.wait(10) == 0
    await owner_plays
    await own.close()
    await eye.close()


# -- the host killed and resumed ----------------------------------------------------------------
def _stable(table: TableInfo) -> TableInfo:
    """A table as saved: everything but who is connected right now (and so whether the
    owner is away)."""
    return replace(table, watchers=0, owner_away=None, seats=tuple(
        replace(s, connected=True, auto=False) for s in table.seats))


async def _play_to(client: Client, stop, rng: random.Random) -> None:
    """Play random legal cards until a view shows ``stop(view)``; then stop acting."""
    acted: Any = None
    while True:
        view = client.view
        if view and view.get("seat") is not None and stop(view):
            return
        if view and view.get("seat") is not None and view["phase"] == "play" \
                and view["turn"] == view["seat"] and view["legal"]:
            key = (tuple(view["totals"]), len(view["hand"]), len(view["trick"]))
            if key != acted:
                acted = key
                await client.send("play", card=rng.choice(view["legal"]))
        await client.next_event(30)


async def test_host_killed_with_several_tables_and_resumed(tmp_path: Path) -> None:
    port = free_port()
    save_dir = tmp_path / "saves"
    proc = await start_host_process(port, save_dir)
    clients: list[Client] = []

    async def person(name: str) -> Client:
        c = Client("127.0.0.1", port, name=name, retry_for=30)
        await c.connect()
        clients.append(c)
        return c
    try:
        # table 1: four people, all stop mid-hand
        four = [await person(n) for n in ("A1", "A2", "A3", "A4")]
        await four[0].send("create_table", rules={"target": 30, "pass_count": 0})
        t1 = (await four[0].wait_for("table"))["table"]["id"]
        for c in four[1:]:
            await c.send("sit", table=t1)
            await c.wait_for("table")
        # table 2: one person and three bots; the bots wait for the person's turn
        b = await person("B")
        await b.send("create_table", rules={"target": 30, "pass_count": 0})
        t2 = (await b.wait_for("table"))["table"]["id"]
        # table 3: waiting, with changed rules and a password
        c3 = await person("C")
        await c3.send("create_table", name="friends", password="pw",
                      rules={"target": 77, "moon": "choose"})
        await c3.wait_for("table")
        # table 4: a paused game
        e = await person("E")
        await e.send("create_table", rules={"target": 30, "pass_count": 0})
        await e.wait_for("table")
        for owner in (four[0], b, e):
            await owner.send("start")
        await asyncio.gather(*(c.wait_for(has_change("game_started")) for c in (*four, b, e)))
        await e.send("pause")
        await e.wait_for(has_change("paused"))
        await asyncio.gather(
            *(_play_to(c, lambda v: len(v["tricks"]) >= 3, random.Random(c.name)) for c in four),
            _play_to(b, lambda v: len(v["tricks"]) >= 2, random.Random(7)))
        await asyncio.sleep(0.5)       # quiet: every table waits for a person
        for c in clients:
            while not c._events.empty():
                c._events.get_nowait()
        before = {c.name: (c.view, c.table) for c in clients}
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for c in clients:
            await c.wait_for("disconnected")
        proc = await start_host_process(port, save_dir, "--resume")
        for c in clients:
            await c.wait_for("welcome", timeout=30)
            t = await c.wait_for("table", timeout=10)
            view, table = before[c.name]
            def bare(v: dict | None) -> dict | None:
                return None if v is None else {k: x for k, x in v.items() if k != "rules"}
            assert bare(t["view"]) == bare(view), c.name       # from its last action on
            if table is not None:
                # the client's mirror, folded from updates, equals the resumed host's table
                assert _stable(TableInfo.from_message(t)) == _stable(table), c.name
        assert c3.table.locked and c3.table.rules.target == 77 and c3.owner
        assert e.table.state == "paused"
        # everything plays on: table 1 and 2 to the end, table 4 after its resume
        await e.send("resume")
        await asyncio.gather(*(_play(c, is_game_over, timeout=90) for c in (*four, b, e)))
        stranger = await person("Stranger")
        await stranger.send("sit", table=3)
        assert (await stranger.wait_for("error"))["code"] == "password"
    finally:
        for c in clients:
            await c.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    assert len(saves.read_history(save_dir / saves.HISTORY)) == 3


# -- a save directory that fills up or turns read-only --------------------------------------------
@contextlib.contextmanager
def _tmpfs(path: Path, size: str) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    path.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                       capture_output=True, text=True)
    if r.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield path
    finally:
        for _ in range(3):      # the bind mount a test put on top, then the tmpfs
            if subprocess.run(["umount", "-l", str(path)], capture_output=True).returncode:
                break


def _fill(path: Path) -> Path:
    filler = path / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError as e:
            assert e.errno == errno.ENOSPC
    return filler


def _saved_game(save_dir: Path, tid: int) -> Game:
    """The game as the files hold it now (snapshot plus log), as a resume would load it."""
    [(path, data, problem)] = [x for x in saves.load_tables(save_dir)
                               if x[0].name == f"table-{tid}.msgpack"]
    assert problem is None
    game = Game.from_dict(data["game"])
    entries, _ = saves.read_log(saves.log_path(save_dir, tid))
    for index, action in entries:
        if index == len(game.log):
            game.apply(action_from_wire(action))
    return game


@pytest.mark.parametrize("fault", ["full", "read-only"])
async def test_save_dir_full_or_read_only(tmp_path: Path, fault: str, caplog) -> None:
    with _tmpfs(tmp_path / "disk", "512k") as disk:
        h = Host(save_dir=disk, limits=FAST, bot_level="random", seed=5)
        await h.start(bind="127.0.0.1", port=0)
        try:
            ann = Client("127.0.0.1", h.port, name="Ann", limits=FAST)
            await ann.connect()
            await ann.send("create_table", rules={"target": 100, "pass_count": 0})
            tid = (await ann.wait_for("table"))["table"]["id"]
            await ann.send("start")
            await _play(ann, lambda ev: _changes("trick_taken")(ev)
                        and len(ann.view["tricks"]) == 4)
            good = _saved_game(disk, tid)
            assert len(good.log) > 10
            if fault == "full":
                filler = _fill(disk)
            else:
                # a read-only bind mount over the directory (a remount of the file system
                # itself is refused while the host holds its log open for writing)
                subprocess.run(["mount", "--bind", str(disk), str(disk)], check=True)
                subprocess.run(["mount", "-o", "remount,bind,ro", str(disk)], check=True)
            with caplog.at_level("ERROR", logger="hearts.host"):
                # play goes on: this hand, and more
                await _play(ann, _changes("hand_scored"))
                await _play(ann, _changes("trick_taken"))
            why = "No space left on device" if fault == "full" else "Read-only file system"
            errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
            assert errors and all(why in m for m in errors), errors
            assert f"cannot save table {tid} in {disk}" in errors[0] or \
                f"cannot write the log of table {tid}" in errors[0]
            # the last good save is still there, whole, and a prefix of the game
            kept = _saved_game(disk, tid)
            assert len(kept.log) >= len(good.log)
            assert list(h.core.tables[tid].game.log[:len(kept.log)]) == list(kept.log)
            assert len(kept.log) < len(h.core.tables[tid].game.log)
            # the disk comes back: the next action is saved again, in full
            if fault == "full":
                filler.unlink()
            else:
                subprocess.run(["umount", str(disk)], check=True)
            await _play(ann, _changes("hand_scored"))
            await asyncio.sleep(0.2)
            assert _saved_game(disk, tid).log == h.core.tables[tid].game.log[:len(
                _saved_game(disk, tid).log)]
            assert len(_saved_game(disk, tid).log) > len(kept.log)
            if h.core.tables[tid].state != "over":     # (the hand just scored may have ended it)
                await _play(ann, is_game_over)
            await ann.close()
        finally:
            await h.stop()


# -- corrupt saves ------------------------------------------------------------------------------
async def _saved_table(save_dir: Path) -> bytes:
    h = Host(save_dir=save_dir, limits=FAST, bot_level="random", seed=2)
    await h.start(bind="127.0.0.1", port=0)
    ann = Client("127.0.0.1", h.port, name="Ann", limits=FAST)
    await ann.connect()
    await ann.send("create_table", rules={"pass_count": 0})
    await ann.wait_for("table")
    await ann.send("start")
    await play_until(ann, lambda ev: _changes("trick_taken")(ev))
    await ann.close()
    await h.stop()
    return saves.table_path(save_dir, 1).read_bytes()


async def test_corrupt_saves_are_refused_whole(tmp_path: Path, caplog) -> None:
    save_dir = tmp_path / "s"
    data = await _saved_table(save_dir)
    table = msgpack.unpackb(data, raw=False)
    bad = {
        2: data[: len(data) // 2],                                      # cut
        3: msgpack.packb({**table, "id": 3, "seats": table["seats"][:3]}),   # three seats
        4: msgpack.packb({**table, "id": 4, "state": "dancing"}),
        5: msgpack.packb({**table, "id": 5, "game": {**table["game"], "actions": [
            ["play", 0, "ZZ"]]}}),                                     # a move the game refuses
        6: msgpack.packb({**table, "id": 6, "seats": [{"kind": "human"}] * 4}),
        7: msgpack.packb([1, 2, 3]),
    }
    for tid, blob in bad.items():
        saves.table_path(save_dir, tid).write_bytes(blob)
    saves.log_path(save_dir, 1).write_bytes(msgpack.packb([99, ["play", 0, {"x": 1}]]) + b"\xc1")
    h = Host(save_dir=save_dir, limits=FAST, bot_level="random")
    with caplog.at_level("WARNING", logger="hearts.host"):
        await h.start(bind="127.0.0.1", port=0, resume=True)
    try:
        assert sorted(h.core.tables) == [1]                  # the good one, and only it
        text = caplog.text
        for tid in bad:
            assert f"table-{tid}.msgpack" in text, tid
            assert saves.table_path(save_dir, tid).read_bytes() == bad[tid]   # left as it was
        assert "does not have four seats" in text and "'dancing' is unknown" in text
        ann = Client("127.0.0.1", h.port, name="Ann", limits=FAST)
        await ann.connect()
        await ann.send("sit", table=1)      # the seat holders are away: seat 0 is theirs
        await ann.wait_for(lambda ev: ev["type"] in ("table", "error"))
        await ann.close()
    finally:
        await h.stop()
