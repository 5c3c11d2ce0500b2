"""Where the leaderboard, the history and the replays come from: the host this client is
connected to (``stats``, ``games``, ``game`` over the connection), or the games against
bots kept on this computer (read with `hearts.net.history`, as a host would answer).

Both answer with the host's messages, so the screens read one shape.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from hearts.i18n import _

if TYPE_CHECKING:
    from .shell import Shell

Answer = Callable[[dict[str, Any]], None]
ANSWERS = {"stats": "stats", "games": "games", "game": "game"}


class Archive:
    """Asks for ``stats``, ``games`` or ``game`` and calls back with the answer (or an
    ``error`` message)."""

    local = False

    def ask(self, msg: dict[str, Any], answer: Answer) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """The screens that asked are gone: drop what is still awaited."""


class HostArchive(Archive):
    """The connected host's finished games."""

    def __init__(self, app: "Shell") -> None:
        self.app = app
        self.waiting: list[tuple[dict[str, Any], Answer]] = []
        app.link.message_hooks.append(self._on_message)

    def ask(self, msg: dict[str, Any], answer: Answer) -> None:
        self.waiting.append((msg, answer))
        self.app.send(msg)

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        for i, (asked, answer) in enumerate(self.waiting):
            if kind == ANSWERS[asked["type"]] or (kind == "error"
                                                   and msg.get("ref") == asked["type"]):
                del self.waiting[i]
                answer(msg)
                return

    def close(self) -> None:
        self.waiting.clear()
        if self._on_message in self.app.link.message_hooks:
            self.app.link.message_hooks.remove(self._on_message)


class LocalArchive(Archive):
    """The games against bots this computer kept (the in-process host's history)."""

    local = True

    def __init__(self, directory: Path, key: str | None) -> None:
        from hearts.net.history import History, session_start
        from hearts.net.stats import person_id
        today = session_start("00:00")          # "tonight" on this computer: today
        self.history = History(directory, today).load() if directory.is_dir() \
            else History(None, today)
        self.you = person_id(key) if key else None

    def ask(self, msg: dict[str, Any], answer: Answer) -> None:
        kind = msg["type"]
        if kind == "stats":
            answer(self.history.stats(self.you))
        elif kind == "games":
            answer(self.history.games(msg.get("before"), msg.get("limit")))
        else:
            found = self.history.game(int(msg.get("id") or 0), int(msg.get("hand") or 0))
            answer(found or {"type": "error", "code": "no-game", "ref": "game",
                             "message": _("That game is no longer kept on this computer.")})


def bots_archive(app: "Shell") -> LocalArchive:
    """The games against bots kept on this computer (`saved_game.save_dir`)."""
    from .saved_game import save_dir
    return LocalArchive(save_dir(), app.net.key)




def fetch_game(archive: Archive, game_id: int | None, then: Answer,
               failed: Callable[[str], None]) -> None:
    """Gather every page of a game (None: the game at our table) and call ``then`` with
    the whole document (docs/history.md), or ``failed`` with the host's sentence."""
    from hearts.net.replay import GamePages
    pages = GamePages(game_id or 0)

    def request() -> dict[str, Any]:
        msg = pages.request()
        if game_id is None:
            del msg["id"]
        return msg

    def answered(msg: dict[str, Any]) -> None:
        if msg.get("type") == "error":
            failed(str(msg.get("message") or _("The host did not send the game.")))
            return
        if game_id is None and pages.info is None:
            pages.id = int((msg.get("game") or {}).get("id") or 0)
        if msg.get("first") != len(pages.hands):
            failed(_("The host sent the game's pages out of order."))
        elif pages.feed(msg):
            then(pages.document())
        else:
            archive.ask(request(), answered)

    archive.ask(request(), answered)


__all__ = ["Archive", "HostArchive", "LocalArchive", "bots_archive", "fetch_game"]
