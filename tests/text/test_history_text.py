"""The text client's stats, games, replay N and export N against a real host."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from hearts.engine import Game, Rules
from hearts.text.client import TextClient
from hearts.text.commands import parse_line
from hearts.net.client import Client
from hearts.net.host import Host
from tests.net.conftest import FAST, is_game_over, play_until
from tests.text.test_client_loop import _wait_line


def test_history_commands_parse() -> None:
    assert parse_line("stats").type == "stats"
    assert parse_line("games").fields == {} and parse_line("games 7").fields == {"before": 7}
    replay = parse_line("replay 3")
    assert (replay.kind, replay.type, replay.fields["id"]) == ("local", "replay", 3)
    export = parse_line("export #3 mine.json")
    assert export.fields == {"id": 3, "file": "mine.json"}
    assert parse_line("replay").kind == "error"
    assert parse_line("replay the best bits").type == "chat"


async def test_stats_games_replay_and_export(tmp_path: Path) -> None:
    host = Host(name="den", limits=FAST, bot_level="random", seed=11)
    await host.start(bind="127.0.0.1", port=0)
    try:
        player = Client("127.0.0.1", host.port, name="Ann", key="ann-key-0001", limits=FAST)
        await player.connect()
        await player.send("create_table", rules={"target": 30})
        await player.wait_for("table")
        await player.send("start")
        await play_until(player, is_game_over, timeout=60)
        await player.close()

        client = Client("127.0.0.1", host.port, name="Ann", key="ann-key-0001")
        await client.connect()
        out: list[str] = []
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        run = asyncio.create_task(TextClient(client, out.append).run(lines))
        target = tmp_path / "game.json"
        for line in ("stats", "games", "replay 1", f"export 1 {target}", "replay 9"):
            lines.put_nowait(line)
        await _wait_line(out, "Saved game #1")
        await _wait_line(out, "error: there is no finished game 9")
        text = "\n".join(out)
        assert "Tonight (since" in text and "Ann (you)" in text and "random bots" in text
        assert "#1 " in text and "(won)" in text
        assert "Hand 1, " in text and "Trick 1: " in text and "Points: " in text
        doc = json.loads(target.read_text())
        assert doc["format"] == "hearts-game" and doc["id"] == 1
        # the exported game is the game: its rules, seed and cards play it again
        game = Game(Rules.from_dict(doc["rules"]), doc["seed"])
        for hand in doc["hands"]:
            for s, cards in enumerate(hand["passes"] or []):
                game.pass_cards(s, cards)
            for t in hand["tricks"]:
                for i, card in enumerate(t["cards"]):
                    game.play((t["leader"] + i) % 4, card)
            if game.hand.phase == "moon-choice":
                game.choose_moon(hand["moon"]["shooter"], hand["moon"]["choice"])
        assert game.over and list(game.totals) == doc["totals"]
        lines.put_nowait(None)
        await asyncio.wait_for(run, 10)
    finally:
        await host.stop()
