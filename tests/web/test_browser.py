"""The browser client in a real browser: Debian's Chromium, driven by Playwright, on a
host on loopback. A phone-sized page names itself, opens a table, plays a whole hand by
tapping cards, reaches game over; reloads mid-hand and finds its seat and cards again;
chats with a TCP client at its table; is kicked by an owner and sees why; chats in the
lobby with a TCP client while a page at a table sees the lobby's lines marked as such.

Screenshots of the lobby (empty, and with its chat), passing, a trick, the scores and game over at 360x740 and
1280x800 go to $HEARTS_WEB_SHOTS when it is set (none are taken otherwise).
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode
from tests.tools import chromium

from .rigged import rig_first_deal

CHROMIUM = chromium() or "/usr/bin/chromium"
try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:            # pragma: no cover: the tier's check (tests/tools.py) skips
    pass
pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
PACE = "0.25"            # the page shows bots' cards four times faster than for people
LEFT_EDGE = {"x": 8, "y": 30}   # a card in the hand is tapped on its visible corner


class HostThread:
    """A host on 127.0.0.1 running in its own thread and event loop."""

    def __init__(self, port: int = 0, web_port: int = 0,
                 limits: Limits = Limits(bot_budget=0.05, drop_grace=30.0),
                 save_dir: Path | None = None, resume: bool = False,
                 name: str = "Browser test") -> None:
        self.loop = asyncio.new_event_loop()
        self.host = Host(name=name, bot_level="random", seed=11, limits=limits,
                         save_dir=save_dir)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.call(self.host.start(bind="127.0.0.1", port=port, web_port=web_port, resume=resume))

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(15)

    def stop(self) -> None:
        self.call(self.host.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class Line:
    """A blocking TCP client speaking the protocol (answers pings by itself)."""

    def __init__(self, port: int, name: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.dec = Decoder(Limits().from_host())
        self.got: list[dict[str, Any]] = []
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name})
        self.welcome = self.until(lambda m: m["type"] == "welcome")

    def send(self, msg: dict[str, Any]) -> None:
        self.sock.sendall(encode(msg))

    def until(self, match: Callable[[dict[str, Any]], bool], timeout: float = 10) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.got):
                if match(m):
                    return self.got.pop(i)
            self.got.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("the expected message did not come")
            self.sock.settimeout(left)
            for m in self.dec.feed(self.sock.recv(65536)):
                if m["type"] == "ping":
                    self.send({"type": "pong"})
                self.got.append(m)

    def play_until(self, done: Callable[[dict[str, Any]], bool], timeout: float = 30) -> None:
        """Pass and play the first cards allowed (and add at a moon) until ``done``."""
        acted: set[Any] = set()

        def step(m: dict[str, Any]) -> bool:
            if done(m):
                return True
            view = m.get("view") if m["type"] in ("table", "update") else None
            if not view or view["seat"] is None:
                return False
            seat = view["seat"]
            key = (view["phase"], tuple(view["hand"]), len(view["trick"]))    # one decision
            if key in acted:
                return False
            if view["phase"] == "pass" and not view["has_passed"][seat]:
                self.send({"type": "pass", "cards": view["hand"][:3]})
            elif view["phase"] == "play" and view["turn"] == seat and view["legal"]:
                self.send({"type": "play", "card": view["legal"][0]})
            elif view["phase"] == "moon-choice" and view["moon"]["shooter"] == seat:
                self.send({"type": "moon", "choice": "add"})
            else:
                return False
            acted.add(key)
            return False
        self.until(step, timeout)

    def close(self) -> None:
        self.sock.close()


def chat_from(text: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "update" and any(
        e["type"] == "chat" and e["text"] == text for e in m["events"])


@pytest.fixture(scope="module")
def served() -> Iterator[HostThread]:
    h = HostThread()
    yield h
    h.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator["Browser"]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)   # a fresh profile
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    where = Path(os.environ.get("HEARTS_WEB_SHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


def open_page(browser: "Browser", served: HostThread, name: str,
              viewport: dict[str, int] = PHONE, query: str = "") -> "Page":
    """A fresh phone-sized page (its own storage) that has joined under ``name``."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, has_touch=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}{query}")
    page.fill("#name", name)
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")
    return page


def shots_asked() -> bool:
    """Screenshots are taken only when $HEARTS_WEB_SHOTS asks for them (to look at): each
    costs Chromium a resize, a layout and a PNG, and nobody sees a temporary directory's."""
    return bool(os.environ.get("HEARTS_WEB_SHOTS"))


def snap(page: "Page", shots: Path, what: str) -> None:
    """Screenshots of the page as it is at its own (phone) size and at laptop size (the page
    lays itself out again after a resize: the hand's rows depend on the width)."""
    if not shots_asked():
        return
    size = page.viewport_size or PHONE
    page.screenshot(path=str(shots / f"{what}-{size['width']}x{size['height']}.png"),
                    animations="disabled")
    page.set_viewport_size(LAPTOP)
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots / f"{what}-1280x800.png"), animations="disabled")
    page.set_viewport_size(size)
    page.wait_for_timeout(200)


def until(done: Callable[[], bool], timeout: float = 5.0) -> None:
    """Poll ``done`` (page.wait_for_function would evaluate a string, which the page's
    Content-Security-Policy forbids)."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the page did not get there in time")
        time.sleep(0.03)


def tap_legal(page: "Page") -> None:
    """Tap the first card the page allows, if any (a tap the page redraws under is lost:
    the caller looks again)."""
    legal = page.locator(".hand .card.legal")
    if legal.count():
        try:
            legal.first.click(position=LEFT_EDGE, timeout=1000)
        except Exception:
            pass


def hand_cards(page: "Page") -> list[str]:
    return page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")


def pass_three(page: "Page", before: Callable[[], None] | None = None) -> list[str]:
    page.wait_for_selector("button.pass")
    cards = page.locator(".hand .card")
    chosen = []
    for i in (0, 5, 10):
        cards.nth(i).click(position=LEFT_EDGE)
        chosen.append(cards.nth(i).get_attribute("data-card"))
    assert page.locator(".hand .card.selected").count() == 3
    if before is not None:
        before()
    page.click("button.pass:not([disabled])")
    return chosen


def create_table(page: "Page", preset: str = "standard") -> None:
    page.click(".new-table")
    page.select_option("#t-preset", preset)
    page.click("#create form button[type=submit]")
    page.wait_for_selector(".table-screen")


def command(page: "Page", text: str) -> None:
    if not page.locator("aside.chat-panel").is_visible():
        page.click(".chat-btn")
    page.fill("aside.chat-panel .chat-input", text)
    page.press("aside.chat-panel .chat-input", "Enter")


def test_a_phone_plays_a_whole_hand_by_tapping_cards(browser, served, shots) -> None:
    page = open_page(browser, served, "Ann")
    snap(page, shots, "lobby-empty")
    create_table(page)
    assert page.locator(".seat.bottom .name").inner_text() == "Ann"
    command(page, "/rules set target 1")        # the game ends after this hand
    page.wait_for_selector(".chat-log li.reply")
    page.click(".chat-head .close")
    page.click("button.start")
    page.wait_for_selector(".hand .card >> nth=12")
    passed = pass_three(page, lambda: snap(page, shots, "passing"))
    page.wait_for_selector(".hand .card.received")        # the exchange: 3 cards came
    assert page.locator(".hand .card.received").count() == 3
    assert not set(passed) & set(hand_cards(page)) - set(
        page.eval_on_selector_all(".hand .card.received", "els => els.map(e => e.dataset.card)"))
    seen_trick = seen_winner = False
    illegal_checked = False
    deadline = time.monotonic() + 90
    while not page.locator("#gameover").count():
        assert time.monotonic() < deadline, "the hand did not end"
        if page.locator("#scores").count():
            page.click("#scores .buttons .primary")
        if not seen_winner and page.locator(".trick .card.winner").count():
            seen_winner = True
            snap(page, shots, "trick-taken")
        legal = page.locator(".hand .card.legal")
        if legal.count():
            if not illegal_checked and page.locator(".hand .card.illegal").count():
                bad = page.locator(".hand .card.illegal").first
                reason = bad.get_attribute("data-reason")
                assert reason and bad.get_attribute("aria-label").endswith(reason)
                # the engine's words, as the host's view carries them
                assert reason == served.call(_why_illegal(served.host, "Ann",
                                                          bad.get_attribute("data-card")))
                illegal_checked = True
            if not seen_trick and page.locator(".trick .card").count() >= 2:
                seen_trick = True
                snap(page, shots, "trick")
            before = len(hand_cards(page))
            try:
                legal.first.click(position=LEFT_EDGE, timeout=1000)
                until(lambda: page.locator(".hand .card").count() < before
                      or page.locator("#gameover, #scores").count() > 0)
            except Exception:
                pass                              # the page redrew under the tap: look again
        else:
            page.wait_for_timeout(60)
    assert seen_trick and illegal_checked
    snap(page, shots, "game-over")
    won = page.locator("#gameover .winner-line").inner_text().strip()
    assert re.search(r"(wins|You win|share the win.*)!$", won)
    assert won == served.call(_winners_said(served.host, "Ann"))     # the host's sentence
    assert page.locator("#gameover table.scores tbody tr").count() == 1
    # the scores sheet at hand's end, as a player sees it mid-game
    page.click("#gameover .close")
    page.click(".scores-btn")
    snap(page, shots, "scores")
    page.click("#gameover .close, #scores .close")
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


def test_reload_mid_hand_returns_to_the_same_seat_and_cards(browser, served, shots) -> None:
    page = open_page(browser, served, "Cyd")
    create_table(page)
    page.click("button.start")
    page.wait_for_selector(".hand .card >> nth=12")
    pass_three(page)
    page.wait_for_selector(".hand .card.legal, .trick .card", timeout=15000)
    seat = page.locator(".seat.bottom").get_attribute("data-seat")
    cards = sorted(hand_cards(page))
    table = page.locator(".bar .tname").inner_text()
    page.reload()
    page.wait_for_selector(".table-screen .hand .card")
    assert page.locator(".seat.bottom").get_attribute("data-seat") == seat
    assert page.locator(".bar .tname").inner_text() == table
    until(lambda: page.locator(".hand .card").count() <= len(cards))
    now = sorted(hand_cards(page))
    assert set(now) <= set(cards) and len(now) >= len(cards) - 1   # maybe one card played
    # the network drops the page (a phone asleep): it comes back by itself to its seat
    served.call(_drop(served.host, "Cyd"))
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_selector("#banner", state="hidden", timeout=10000)
    page.wait_for_selector(".table-screen .hand .card")
    assert page.locator(".seat.bottom").get_attribute("data-seat") == seat
    assert set(hand_cards(page)) <= set(cards)
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


async def _why_illegal(host: Host, name: str, card: str) -> str | None:
    from hearts.engine import Card
    player = next(p for p in host.core.players.values() if p.name == name)
    table = host.core.tables[player.table]
    seat = next(s for t, s in table.member_seats() if t == player.token)
    return table.game.hand.view(seat).why_illegal(Card.parse(card))


async def _winners_said(host: Host, name: str) -> str:
    """Who won the game at ``name``'s table, as `hearts.net.words` says it to them."""
    from hearts.net import words
    from hearts.net.mirror import TableInfo
    from hearts.net.updates import table_message
    player = next(p for p in host.core.players.values() if p.name == name)
    table = host.core.tables[player.table]
    seat = table.seat_of(player.token)
    info = TableInfo.from_message(dict(table_message(table, False, seat, 0.0)))
    return words.winners_line(words.Voice(info, seat), list(info.winners or ()))


async def _drop(host: Host, name: str) -> None:
    player = next(p for p in host.core.players.values() if p.name == name)
    host.connection(player).transport.abort()


def test_a_phone_chats_with_a_tcp_player_at_its_table(browser, served, shots) -> None:
    page = open_page(browser, served, "Dee")
    create_table(page)
    tid = served.call(_table_of(served.host, "Dee"))
    bob = Line(served.host.port, "Bob")
    try:
        bob.send({"type": "sit", "table": tid, "seat": 2})
        bob.until(lambda m: m["type"] == "table")
        page.wait_for_selector(".seat.top .name:text('Bob')")
        bob.send({"type": "chat", "text": "hello from the terminal"})
        command(page, "hi Bob, from a phone")
        page.wait_for_selector(".chat-log li:has-text('hello from the terminal')")
        bob.until(chat_from("hi Bob, from a phone"))
        command(page, "/who")
        page.wait_for_selector(".chat-log li.reply:has-text('Bob')")
        snap(page, shots, "chat")
    finally:
        bob.close()
    page.context.close()


def test_free_seats_are_named_by_place_as_the_commands_read_them(browser, served) -> None:
    """The page calls a free seat by its place (never "Seat 3", which /bot 3 would read as
    east): /bot north fills the seat the page labels North."""
    page = open_page(browser, served, "Gil")
    create_table(page)
    labels = {pos: page.locator(f".seat.{pos} .name").inner_text()
              for pos in ("left", "top", "right")}
    assert labels == {"left": "West", "top": "North", "right": "East"}
    assert page.locator(".seat.top").get_attribute("aria-label") == "North"
    command(page, "/bot north hard")
    page.wait_for_selector(".seat.top.bot")
    assert page.locator(".seat.right.empty").count() == 1
    assert page.locator(".seat.bot").count() == 1
    name = page.locator(".seat.top .name").inner_text()
    assert page.locator(".seat.top").get_attribute("aria-label") == f"{name}, North"
    page.context.close()


async def _promised(host: Host, tid: int) -> list[str]:
    return [s.pending[1] for s in host.core.tables[tid].seats if s.pending is not None]


def test_sit_down_at_a_game_of_bots_takes_a_bot_seat_at_the_next_hand(browser, served) -> None:
    """A late guest's "Sit down" at a running game whose other seats are bots: no "full"
    refusal, the page watches and the first bot's seat is theirs when the next hand is
    dealt."""
    owner = Line(served.host.port, "Kit")
    try:
        owner.send({"type": "create_table", "name": "Kit's game"})
        tid = owner.until(lambda m: m["type"] == "table")["table"]["id"]
        owner.send({"type": "start"})
        owner.until(lambda m: m["type"] == "update" and m["events"]
                    and any(c["type"] == "game_started" for c in m["events"]))
        page = open_page(browser, served, "Lou")
        card = page.locator(f".table-card[data-table='{tid}']")
        assert card.locator("button.sit").inner_text() == "Sit down"
        card.locator("button.sit").click()
        page.wait_for_selector(".table-screen")
        until(lambda: served.call(_promised(served.host, tid)) == ["Lou"])
        assert not page.locator(".toast.error").count() and not page.errors
        page.context.close()
    finally:
        owner.close()


async def _table_of(host: Host, name: str) -> int:
    return next(p.table for p in host.core.players.values() if p.name == name)


def test_a_kicked_phone_sees_why(browser, served, shots) -> None:
    owner = Line(served.host.port, "Eve")
    try:
        owner.send({"type": "create_table", "name": "Eve's den"})
        tid = owner.until(lambda m: m["type"] == "table")["table"]["id"]
        page = open_page(browser, served, "Fay")
        card = page.locator(f".table-card[data-table='{tid}']")
        card.locator("button.sit").click()
        page.wait_for_selector(".table-screen")
        seat = int(page.locator(".seat.bottom").get_attribute("data-seat"))
        owner.until(lambda m: m["type"] == "table" and m["table"]["seats"][seat]["name"] == "Fay")
        owner.send({"type": "kick", "seat": seat})
        page.wait_for_selector(".lobby-screen .notice")
        notice = page.locator(".notice").inner_text()
        assert "Eve's den" in notice and "removed you from it" in notice
        snap(page, shots, "kicked")
        card.locator("button.sit").click()      # and may not come back
        page.wait_for_selector(".toast.error")
        assert "kicked" in page.locator(".toast.error").last.inner_text()
        page.context.close()
    finally:
        owner.close()


def lobby_line(text: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "chat" and m.get("scope") == "lobby" and m["text"] == text


def test_lobby_chat_between_a_phone_and_a_tcp_player_and_at_a_table(browser, served, shots) -> None:
    seated = open_page(browser, served, "Ivy")
    create_table(seated)
    page = open_page(browser, served, "Gus")
    hal = Line(served.host.port, "Hal")
    try:
        page.click(".lobby-chat .chat-fold")         # a phone folds the lobby's chat away
        page.fill(".lobby-chat .chat-input", "anyone for a game? Ivy's table has three bots")
        page.press(".lobby-chat .chat-input", "Enter")
        assert hal.until(lobby_line("anyone for a game? Ivy's table has three bots"))["name"] == "Gus"
        assert page.input_value(".lobby-chat .chat-input") == ""
        long = "in a minute: " + "finishing my tea first, then I sit down " * 3
        hal.send({"type": "chat", "text": long.strip()})
        page.wait_for_selector(f".lobby-chat .chat-log li:has-text('{long.strip()}')")
        assert page.locator(".lobby-chat li:has-text('in a minute') b").inner_text() == "Hal"
        # at a table the line is in the chat, marked as the lobby's, and counted as unread
        seated.wait_for_selector(".chat-btn .badge")
        assert int(seated.locator(".chat-btn .badge").inner_text()) >= 2
        assert not seated.locator(".lobby-chat").is_visible()
        seated.click(".chat-btn")
        lobby = seated.locator("aside.chat-panel .chat-log li.lobby:has-text('in a minute')")
        assert lobby.locator(".tag").inner_text().lower() == "lobby"
        assert lobby.locator("b").inner_text() == "Hal"
        # and the table's own chat stays out of the lobby
        command(seated, "table talk only")
        seated.wait_for_selector("aside.chat-panel .chat-log li.chat:not(.lobby):has-text('table talk only')")
        snap(seated, shots, "table-chat-with-lobby")
        page.wait_for_timeout(300)
        assert page.locator(".lobby-chat li:has-text('table talk only')").count() == 0
        snap(page, shots, "lobby-chat")
        assert page.errors == [] and seated.errors == []        # type: ignore[attr-defined]
    finally:
        hal.close()
    page.context.close()
    seated.context.close()


def test_the_moon_is_offered_at_its_worth_under_the_tables_rules(browser, served, shots,
                                                                 monkeypatch) -> None:
    """With A♠ 7 and K♠ 10 a moon is worth 43: the shooter's choice and the note say 43,
    as the host's view does (the page once said 26 whatever the rules)."""
    rigged = rig_first_deal(monkeypatch, when=lambda rules: rules.high_spades)
    page = open_page(browser, served, "Moe")
    create_table(page)
    for i, line in enumerate(("/rules set high_spades on", "/rules set pass_cycle hold",
                              "/rules set moon choose")):
        command(page, line)
        page.wait_for_selector(f".chat-log li.reply >> nth={i}")
    assert not page.locator(".chat-log li.error").count()
    page.click(".chat-head .close")
    page.click("button.start")
    while not page.locator(".centre.moon").count():       # all clubs: every trick is mine
        tap_legal(page)
        page.wait_for_timeout(80)
    assert rigged
    buttons = page.locator(".centre.moon button").all_inner_texts()
    assert buttons == ["Add 43 to everyone else", "Take 43 off my score"]
    snap(page, shots, "moon-choice")
    page.click(".centre.moon button >> nth=0")
    page.wait_for_selector("#scores")
    assert page.locator("#scores tbody tr td").all_inner_texts()[1:] == ["0", "+43", "+43", "+43"]
    page.click("#scores .buttons .primary")
    page.click(".chat-btn")
    page.wait_for_selector(".chat-log li:has-text('You chose to add 43 to everyone else.')")   # the host's words
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()
