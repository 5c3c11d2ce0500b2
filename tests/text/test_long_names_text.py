"""The text client prints the longest names whole (issue 59): a table named after a
24-grapheme name in the `tables` list (against a real host), and a long name in the
leaderboard, its figures on the next line in their columns rather than the name cut."""

from __future__ import annotations

import asyncio

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.text.client import TextClient
from hearts.text.history import NAME_COLUMN, board_lines
from tests.net.conftest import FAST
from tests.text.test_client_loop import _wait_line

LONG = "Wwwwwwwwwwwwwwwwwwwwwwww"


async def test_a_table_named_after_the_longest_name_is_listed_whole() -> None:
    host = Host(name="den", limits=FAST, bot_level="random", seed=11)
    await host.start(bind="127.0.0.1", port=0)
    try:
        owner = Client("127.0.0.1", host.port, name=LONG, limits=FAST)
        await owner.connect()
        await owner.send("create_table")
        await owner.wait_for("table")
        client = Client("127.0.0.1", host.port, name="Ann", limits=FAST)
        await client.connect()
        out: list[str] = []
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        run = asyncio.create_task(TextClient(client, out.append).run(lines))
        lines.put_nowait("tables")
        line = await _wait_line(out, "  table 1 ")
        assert f'"{LONG}\'s table"' in line and "…" not in line
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
        await owner.close()
    finally:
        await host.stop()


def test_a_long_name_on_the_board_is_whole_and_its_figures_stay_in_their_columns() -> None:
    row = {"games": 2, "wins": 1, "average_place": 1.5, "points_per_hand": 4.25,
           "moons_shot": 0, "moons_suffered": 1, "queens": 3, "hands": 8}
    board = {"people": [{"name": "Ann", "id": "a", **row}, {"name": LONG, "id": "w", **row}]}
    lines = board_lines(board, "w")
    short, long_name, figures = lines[1:]
    assert long_name == f"   2. {LONG} (you)"
    assert figures.strip() == short[6 + NAME_COLUMN:].strip()
    assert figures.index(figures.strip()) == short.index(short[6 + NAME_COLUMN:].strip())


def test_the_boards_columns_stay_aligned_by_terminal_width() -> None:
    """A "0 (1 left)" figure widens its column for every row, and a wide name (漢字, an
    emoji: two terminal columns each) is padded by its width, not its graphemes: each
    column ends at the same terminal column in every line, in English and in French."""
    import re

    from hearts import i18n
    from hearts.net.names import width

    row = {"games": 2, "wins": 1, "average_place": 1.5, "points_per_hand": 4.25,
           "moons_shot": 0, "moons_suffered": 1, "queens": 3, "hands": 8}
    board = {"people": [{"name": "Ann", "id": "a", **row},
                        {"name": "漢字の名前", "id": "k", **row, "games": 0, "left": 1},
                        {"name": "Zoë 😀", "id": "z", **row, "games": 12, "left": 10}],
             "bots": [{"level": "hard", **row}]}
    try:
        for lang in ("en", "fr"):
            i18n.set_language(lang)
            lines = board_lines(board, "a")
            ends = [[width(line[:m.end()]) for m in re.finditer(r"\S+", line)][-7:]
                    for line in lines]
            assert len(lines) == 5 and all(e == ends[0] for e in ends), "\n".join(lines)
            assert "0 (1 " in lines[2]
    finally:
        i18n.set_language(None)
