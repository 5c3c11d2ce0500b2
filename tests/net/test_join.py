"""`hearts join` as a real subprocess against a real host on 127.0.0.1.

Each test reads the client's printed lines and answers with typed lines, the
way a person (or a screen reader user) would: the cards it plays come from
the legal cards the client printed.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys
from pathlib import Path
from typing import AsyncIterator

import pytest

from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.protocol import Decoder, encode, version_error
from tests.ports import free_port

REPO = Path(__file__).resolve().parents[2]
LIMITS = Limits(drop_grace=5.0, heartbeat_interval=0.5, heartbeat_timeout=5.0,
                hello_timeout=2.0, bot_budget=0.02)
HEARTS = "import sys; from hearts.cli import main; sys.exit(main())"
SUIT_LETTER = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


@pytest.fixture
async def host(tmp_path) -> AsyncIterator[Host]:
    h = Host(name="join test", limits=LIMITS, bot_level="random", seed=11)
    await h.start(bind="127.0.0.1", port=0)
    yield h
    await h.stop()


class Joiner:
    """One `hearts join` process: type lines, read lines."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []

    @classmethod
    async def start(cls, *args: str) -> "Joiner":
        env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", HEARTS, "join", *args, cwd=REPO, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        return cls(proc)

    async def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        await self.proc.stdin.drain()

    async def line(self, timeout: float = 10.0) -> str:
        assert self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not raw:
            err = (await self.proc.stderr.read()).decode() if self.proc.stderr else ""
            raise AssertionError(f"the client ended; output so far: {self.lines[-15:]}; "
                                 f"stderr: {err}")
        text = raw.decode().rstrip("\n")
        self.lines.append(text)
        return text

    async def expect(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        """Read lines until one matches ``pattern`` (a regex searched in the line)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"no line like {pattern!r}; last lines: {self.lines[-15:]}")
            try:
                text = await self.line(left)
            except asyncio.TimeoutError:
                raise AssertionError(f"no line like {pattern!r}; last lines: "
                                     f"{self.lines[-15:]}") from None
            m = re.search(pattern, text)
            if m:
                return m

    async def finish(self, timeout: float = 10.0) -> tuple[int, str, str]:
        """Close stdin (end of input) and wait: (exit code, the rest of stdout, stderr)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        out, err = await asyncio.wait_for(self.proc.communicate(), timeout)
        return self.proc.returncode or 0, out.decode(), err.decode()

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()


@pytest.fixture
async def joiners() -> AsyncIterator[list[Joiner]]:
    started: list[Joiner] = []
    yield started
    for j in started:
        j.kill()
        await j.proc.wait()


async def join(joiners: list[Joiner], host: Host, name: str, *extra: str) -> Joiner:
    j = await Joiner.start(f"127.0.0.1:{host.port}", "--name", name, *extra)
    joiners.append(j)
    await j.expect(rf"^Connected to join test as {re.escape(name)}\.")
    return j


def hand_from_lines(lines: list[str]) -> list[str]:
    """The cards of the last "Your hand" block printed (suit lines like "  clubs: 2 10 K")."""
    start = max(i for i, line in enumerate(lines) if line.startswith("Your hand ("))
    cards = []
    for line in lines[start + 1:]:
        m = re.match(r"^  (?:\S+ )?(clubs|diamonds|hearts|spades): (.*)$", line)
        if not m:
            break
        for rank in m.group(2).split():
            cards.append(("T" if rank == "10" else rank) + SUIT_LETTER[m.group(1)])
    return cards


async def play_hand(j: Joiner, rng: random.Random, bad_card: bool = False) -> list[str]:
    """Answer every pass and play prompt until the hand is scored; returns the lines read."""
    first = len(j.lines)
    tried_bad = not bad_card
    while True:
        text = await j.line(20)
        if m := re.match(r"^Pass (\d) cards", text):
            hand = hand_from_lines(j.lines)
            await j.type("pass " + " ".join(rng.sample(hand, int(m.group(1)))))
        elif m := re.match(r"^Your turn: play one of (.*)\.$", text):
            legal = m.group(1).split()
            hand = hand_from_lines(j.lines)
            assert set(legal) <= set(hand)
            if not tried_bad:
                tried_bad = True
                wrong = [c for c in hand if c not in legal] or ["2C" if "2C" not in hand
                                                                else "3C"]
                await j.type(f"play {wrong[0]}")
                err = await j.expect(r"^error: ")
                assert "error: " in err.string
                await j.expect(r"^Your turn: play one of ")  # the prompt comes again
                await j.type(rng.choice(legal))                # a lone card plays it
                continue
            await j.type(f"play {rng.choice(legal)}")
        elif text.startswith("You shot the moon: type moon add"):
            await j.type("moon add")
        elif text.startswith("Hand 1 is over."):
            await j.expect(r"^Scores: ")
            return j.lines[first:]


async def test_play_a_whole_hand_against_bots(host: Host, joiners: list[Joiner]) -> None:
    ann = await join(joiners, host, "Ann")
    await ann.expect(r"^No tables yet")
    await ann.type("create")
    await ann.expect(r"^You sit at table 1 .*, and you own it\.")
    await ann.type("/start")
    await ann.expect(r"^The game starts\.")
    await ann.expect(r"^Hand 1 is dealt; ")
    await ann.expect(r"^Cards pass left this hand\.")
    lines = await play_hand(ann, random.Random(5), bad_card=True)
    text = "\n".join(lines)
    assert "You passed " in text and "You received " in text
    # 13 cards: played one by one, the rest shown when the hand was decided early (TRAM)
    played = len(re.findall(r"^You play ", text, re.M))
    rest = re.search(r"^  you: (.*)$", text, re.M)
    assert played + (len(rest.group(1).split()) if rest else 0) == 13
    assert played >= 1
    # scores add up to 26 points (or a moon's worth) for the hand
    points = re.search(r"^Hand 1 is over\. Points: (.*)\.$", text, re.M)
    assert points is not None
    assert sum(int(p.rsplit(" ", 1)[1]) for p in points.group(1).split(", ")) in (26, 78)
    await ann.type("/who")
    await ann.expect(r"Ann \(owner\)")
    rc, out, err = await ann.finish()
    assert rc == 0, err
    assert "Traceback" not in err
    assert "You left table 1, “Ann's table”." in out


async def test_chat_between_two_text_clients(host: Host, joiners: list[Joiner]) -> None:
    ann = await join(joiners, host, "Ann")
    await ann.type("create")
    await ann.expect(r"^You sit at table 1 ")
    bob = await join(joiners, host, "Bob", "--symbols")
    await bob.expect(r"^  table 1 \"Ann's table\": waiting")
    await bob.type("sit 1")
    await bob.expect(r"^You sit at table 1 .*\"\.")
    await ann.expect(r"^Bob sat down \(West\)\.")
    await ann.type("hello Bob, ready?")
    await bob.expect(r"^Ann: hello Bob, ready\?$")
    await bob.type("ready when you are")
    await ann.expect(r"^Bob: ready when you are$")
    # the owner's command answers go to the one who asked
    await bob.type("/start")
    await bob.expect(r"^host: only the table's owner \(Ann\) can start the game")
    await ann.type("/start")
    await bob.expect(r"^Hand 1 is dealt")
    await bob.expect(r"^  ♣ clubs: |^  ♦ diamonds: |^  ♥ hearts: |^  ♠ spades: ")
    await bob.expect(r"^Pass 3 cards left to (seat 2|Clara)")
    # a third person finds no free seat and is told so in one sentence
    cy = await join(joiners, host, "Cy")
    await cy.type("sit 1 1")
    await cy.expect(r"^error: Bob sits in that seat$")
    for j in (ann, bob, cy):
        rc, _, err = await j.finish()
        assert rc == 0 and "Traceback" not in err


async def test_hints_at_a_full_game_a_pause_and_a_lobby_typo(host: Host,
                                                               joiners: list[Joiner]) -> None:
    """What a newcomer trips over, each answered with what to type: a game whose free seats
    are bots (`sit 1` takes one at the next hand), a paused game (its owner hears of
    /resume), /bot on a person's seat, and a lone mistyped word in the lobby (refused, not
    said to everyone)."""
    ann = await join(joiners, host, "Ann")
    await ann.type("create")
    await ann.expect(r"^You sit at table 1 ")
    bob = await join(joiners, host, "Bob")
    await bob.type("sit 1")
    await ann.expect(r"^Bob sat down \(West\)\.")
    await ann.type("/start")
    await bob.expect(r"^Pass 3 cards")
    cy = await join(joiners, host, "Cy")
    await cy.type("clear")
    await cy.expect(r"^error: unknown command clear: help lists them; to say it to everyone "
                    r"in the lobby, type say clear$")
    await cy.type("say hi all")
    await cy.expect(r"^\[lobby\] Cy: hi all$")
    await cy.type("sit 1")                      # the first bot's seat, at the next hand
    await ann.expect(r"Cy .*next hand")
    await ann.type("/bot south hard")
    await ann.expect(r"^host: that is your own seat: a bot can only take an empty seat or "
                     r"another bot's$")
    await ann.type("/bot west hard")
    await ann.expect(r"^host: Bob sits there: a bot can only take an empty seat or another "
                     r"bot's, so kick Bob first$")
    await ann.type("/pause")
    await ann.expect(r"^the game is paused: type /resume to go on$")
    for j in (bob, ann):
        await j.type("pass " + " ".join(hand_from_lines(j.lines)[:3]))
    await bob.expect(r"^error: the game is paused$")
    await ann.expect(r"^error: the game is paused: type /resume to go on$")
    for j in (ann, bob, cy):
        rc, _, err = await j.finish()
        assert rc == 0 and "Traceback" not in err


async def test_friends_only_table_needs_its_password(host: Host, joiners: list[Joiner]) -> None:
    ann = await join(joiners, host, "Ann")
    await ann.type("create omnibus password owls")
    await ann.expect(r"^You sit at table 1 .*, and you own it\.")
    await ann.expect(r"^Friends only: others need the password to sit or watch")
    bob = await join(joiners, host, "Bob")
    await bob.expect(r"^  table 1 \"Ann's table\" \(locked: friends only\): waiting")
    await bob.expect(r"^Type sit N .*; a locked table needs sit N password WORD\.$")
    await bob.type("sit 1")
    await bob.expect(r"^error: table 1 is for friends only; type sit 1 password WORD with the "
                     r"password its owner gave you\.$")
    await bob.type("watch 1 password OWLS")
    await bob.expect(r"^error: that password does not open table 1; type watch 1 password WORD")
    await bob.type("sit 1 north password owls")
    await bob.expect(r"^You sit at table 1 .*\"\.")
    await ann.expect(r"^Bob sat down \(North\)\.")
    assert host.core.tables[1].seats[2].name == "Bob"
    # the owner opens the table again: a third person needs no password
    await ann.type("/password off")
    cy = await join(joiners, host, "Cy")
    await cy.expect(r"^  table 1 \"Ann's table\": waiting")
    await cy.type("watch 1")
    await cy.expect(r"^You are watching table 1 ")
    for j in (ann, bob, cy):
        rc, _, err = await j.finish()
        assert rc == 0 and "Traceback" not in err


async def test_unreachable_host_is_one_line_and_exit_2(joiners: list[Joiner]) -> None:
    port = free_port()
    j = await Joiner.start(f"127.0.0.1:{port}", "--name", "Ann")
    joiners.append(j)
    rc, out, err = await j.finish()
    assert rc == 2
    assert out == ""
    assert err.strip() == (f"hearts join: cannot reach a Hearts host at 127.0.0.1:{port} "
                           "(connection refused)")


async def test_bad_port_is_one_line(joiners: list[Joiner]) -> None:
    j = await Joiner.start("127.0.0.1:99999")
    joiners.append(j)
    rc, out, err = await j.finish()
    assert rc == 2
    assert err.strip() == ("hearts join: the port in '127.0.0.1:99999' must be a number "
                           "from 1 to 65535")


async def test_version_mismatch_is_one_line(joiners: list[Joiner]) -> None:
    """A host of another protocol version answers the hello with a version error."""

    async def other_version(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        dec = Decoder()
        while True:
            data = await reader.read(4096)
            if not data:
                break
            for msg in dec.feed(data):
                if msg.get("type") == "hello":
                    writer.write(encode({**version_error(msg["version"]),
                                         "message": "this host speaks protocol version 2 and "
                                                    "your client speaks 1; use the same version "
                                                    "of Hearts"}))
                    await writer.drain()
                    writer.close()
                    return

    server = await asyncio.start_server(other_version, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        j = await Joiner.start(f"127.0.0.1:{port}")
        joiners.append(j)
        rc, out, err = await j.finish()
    assert rc == 2
    assert err.strip() == ("hearts join: this host speaks protocol version 2 and your client "
                           "speaks 1; use the same version of Hearts")


async def test_reconnects_after_the_link_drops(host: Host, joiners: list[Joiner]) -> None:
    ann = await join(joiners, host, "Ann")
    await ann.type("create")
    await ann.expect(r"^You sit at table 1 ")
    await ann.type("/start")
    await ann.expect(r"^Pass 3 cards ")
    hand = hand_from_lines(ann.lines)
    conn = next(c for c in host._connections.values() if c.player and c.player.name == "Ann")
    assert conn.transport is not None
    conn.transport.abort()
    await ann.expect(r"^Connection lost \(.*\); reconnecting\.\.\.$")
    await ann.expect(r"^Reconnected to join test\.$")
    # the same seat with the same cards, and the pass still asked for
    await ann.expect(r"^Pass 3 cards ")
    assert hand_from_lines(ann.lines) == hand
    await ann.type("pass " + " ".join(hand[:3]))
    await ann.expect(r"^You passed ")
    rc, _, err = await ann.finish()
    assert rc == 0 and "Traceback" not in err


async def test_host_going_away_for_good_ends_in_one_sentence(tmp_path, joiners) -> None:
    h = Host(name="join test", limits=LIMITS, bot_level="random")
    await h.start(bind="127.0.0.1", port=0)
    j = await Joiner.start(f"127.0.0.1:{h.port}", "--name", "Ann")
    joiners.append(j)
    await j.expect(r"^Connected to ")
    await h.stop()
    await j.expect(r"^The host says goodbye: the host is shutting down\.$")
    await j.expect(r"^Connection lost ")
    # the library keeps trying for 30 s; end of input stops the client at once
    rc, _, err = await j.finish()
    assert rc == 0 and "Traceback" not in err


@pytest.mark.parametrize("text, expected", [
    ("10.0.0.9", ("10.0.0.9", 7895, True)),
    ("10.0.0.9:7900", ("10.0.0.9", 7900, True)),
    ("den.local", ("den.local", 7895, False)),
    ("den.local:7000", ("den.local", 7000, True)),
    ("Kitchen table", ("Kitchen table", 7895, False)),
    ("::1", ("::1", 7895, True)),
    ("[fd00::5]:7001", ("fd00::5", 7001, True)),
    ("[fd00::5]", ("fd00::5", 7895, True)),
])
def test_addresses(text: str, expected: tuple[str, int, bool]) -> None:
    from hearts.commands.join import split_address
    assert split_address(text) == expected


@pytest.mark.parametrize("text, words", [
    ("den:http", "must be a number from 1 to 65535"),
    (":7895", "has no host before the port"),
    ("fd00::zz::1", "put an IPv6 address in brackets"),
    ("[fd00::5", "write an IPv6 address like"),
])
def test_bad_addresses(text: str, words: str) -> None:
    from hearts.cli import UserError
    from hearts.commands.join import split_address
    with pytest.raises(UserError, match=re.escape(words)):
        split_address(text)


async def test_watchers_read_the_chat(host: Host, joiners: list[Joiner]) -> None:
    ann = await join(joiners, host, "Ann")
    await ann.type("create")
    await ann.expect(r"^You sit at table 1 ")
    di = await join(joiners, host, "Di")
    await di.type("watch 1")
    await di.expect(r'^You are watching table 1 "Ann\'s table"\.$')
    await ann.expect(r"^Di is watching\.$")
    await ann.type("/start")
    await di.expect(r"^Hand 1 is dealt")
    await ann.type("good luck")
    await di.expect(r"^Ann: good luck$")
    assert not any(line.startswith(("Your hand", "Pass 3")) for line in di.lines)
    for j in (ann, di):
        rc, _, err = await j.finish()
        assert rc == 0 and "Traceback" not in err
