"""A host table without sockets for table-screen tests: the real `hearts.net.table.Table`
(the host's own sans-I/O table) with one person in seat 0 and bots elsewhere.

The messages that person receives are built by the host's own `hearts.net.updates`
(``table`` and ``update`` maps, as `hearts.net.server.ServerCore` sends them); it takes the
intents the screen sends, applies them, and moves the bots with the real bot code.
"""

from __future__ import annotations

from typing import Any

from hearts.bots.base import make_bot
from hearts.engine import Card, Rules
from hearts.net.mirror import Mirror
from hearts.net.protocol import intent_action
from hearts.net.server import bot_action
from hearts.net.table import Table, TableError
from hearts.net.updates import member_messages, table_message

ME = "token-me"


class LocalTable:
    """One table, one person (``ME`` in ``seat``), three bots of ``level``."""

    def __init__(self, rules: Rules | None = None, seed: int = 1, level: str = "random",
                 name: str = "Ann", seat: int = 0) -> None:
        self.now = 0.0
        self.table = Table(1, "Test table", rules or Rules())
        self.table.owner = ME
        self.table.sit(ME, name, seat, self.now)
        for s in range(4):
            if s != seat:
                self.table.set_bot(ME, s, level)
        self.bots = {s: make_bot(level, f"{seed}/{s}") for s in range(4) if s != seat}
        self.seed = seed
        self.inbox: list[dict[str, Any]] = []     # messages for the screen
        self.sent: list[dict[str, Any]] = []      # intents received from the screen

    # -- host side -------------------------------------------------------------------------
    def table_message(self) -> dict[str, Any]:
        t = self.table
        return table_message(t, t.owner == ME, t.seat_of(ME), self.now)

    def start(self) -> None:
        self.table.start(ME, self.now, seed=self.seed)
        self.flush()

    def flush(self) -> None:
        t = self.table
        changes, seats_changed, _ = t.flush()
        me = [(ME, t.seat_of(ME), t.owner == ME)]
        for _, msg in member_messages(t, changes, seats_changed, me, self.now):
            assert isinstance(msg, dict)
            self.inbox.append(msg)

    def run_bots(self, limit: int = 400) -> None:
        """Let the bots move until the game waits for the person (or is over)."""
        for _ in range(limit):
            seats = self.table.bot_seats(self.now)
            if not seats:
                return
            for s in seats:
                hand = self.table.game.hand
                action = bot_action(self.bots[s], hand.view(s), 0.01)
                self.table.bot_move(s, action, self.table.version, self.now)
                self.flush()

    def receive(self, msg: dict[str, Any], move_bots: bool = True) -> None:
        """An intent from the screen, handled like the host handles it (the bots not moved
        after it with ``move_bots`` False)."""
        self.sent.append(msg)
        t = msg["type"]
        try:
            if t in ("play", "pass", "moon", "claim"):
                action = intent_action(msg, self.table.player_seat(ME))
                self.table.act(ME, action, self.now)
            elif t == "undo":
                self.table.undo(ME, self.now)
            elif t == "start":
                self.table.start(ME, self.now, seed=self.seed + 1)
            elif t == "hint":
                from hearts.bots.base import hint
                h = hint(self.table.game.hand.view(self.table.seat_of(ME)))
                self.inbox.append({"type": "hint", "cards": [str(c) for c in h.cards],
                                   "reason": h.reason, "moon": h.moon})
                return
            else:
                return
        except TableError as e:
            self.inbox.append({"type": "error", "code": e.code, "message": e.message, "ref": t})
            return
        self.flush()
        if move_bots:
            self.run_bots()

    def take_messages(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out


class RecordingApp:
    """The part of the client app a screen talks to: ``send`` forwards each intent to a
    `LocalTable` (or only records it), plus settings and the window size; ``deliver``
    hands a host message over through the session's `Mirror`, as the app's link does."""

    def __init__(self, host: LocalTable | None = None, size: tuple[int, int] = (1280, 800),
                 **settings: Any) -> None:
        self.host = host
        self.sent: list[dict[str, Any]] = []
        self.size = size
        self.settings = _Settings(**settings)
        self.saved = 0                            # save_settings calls
        self.mirror = Mirror()                    # the session's, as the link keeps it

    def deliver(self, screen: Any, msg: dict[str, Any]) -> None:
        """A host message to ``screen`` as the app's link hands it over: folded by the
        session's mirror, then the message and the mirror's steps."""
        steps = self.mirror.feed(msg)
        screen.on_message(msg)
        if steps:
            screen.on_folded(steps)

    def save_settings(self) -> None:
        self.saved += 1

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)
        if self.host is not None:
            self.host.receive(msg)


class _Settings:
    def __init__(self, deck: str = "classic", card_back: str = "blue", background: str = "green",
                 animation: str = "off", sounds: bool = False) -> None:
        self.deck = deck
        self.card_back = card_back
        self.background = background
        self.animation = animation
        self.sounds = sounds
        self.scores_at: tuple[float, float] | None = None

    @property
    def animation_scale(self) -> float:
        return {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}[self.animation]
