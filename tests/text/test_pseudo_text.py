"""The text client's every line in the pseudo language came from the catalogue: a whole
game at a host (the real core) read through `TextRenderer`, the host's own answers and
errors included, and what the client says about typed lines."""

from __future__ import annotations

from hearts import i18n
from hearts.engine import Rules
from hearts.text.commands import parse_line
from hearts.text.history import replay_lines
from hearts.text.render import TextRenderer
from hearts.net.history import History
from hearts.net.table import BOT_NAMES
from tests.engine.builders import random_game
from tests.gui.test_pseudo import not_from_the_catalogue
from tests.net.lan import Lan

# lines typed wrong: what the client says about them may quote them, and the command words
# a player types stay the same in every language (like the protocol's codes)
TYPED = ("play QS QH", "sit", "moon", "create nonsense", "sit 1 west password", "replay")
COMMAND_WORDS = ("nonsense", "replay", "sit", "password", "owls")


def test_every_line_of_the_text_client_comes_from_the_catalogue() -> None:
    i18n.set_language(i18n.PSEUDO)
    lan = Lan()
    zoe = lan.join("Zoe", lang=i18n.PSEUDO)
    text = TextRenderer(symbols=True)
    lines: list[str] = []

    def read() -> None:
        for msg in zoe.take():
            lines.extend(text.render(msg))

    zoe.send("play", card="QS")                       # an error from the host
    zoe.send("create_table", rules={"target": 20, "moon": "choose"})
    zoe.send("command", text="/rules")
    zoe.send("command", text="/who")
    zoe.send("command", text="/help")
    zoe.send("hint")
    zoe.send("start")
    read()
    lines += text.state_lines()
    lines += text.presets_help().splitlines()
    for typed in TYPED:
        action = parse_line(typed)
        assert action.kind == "error", typed
        lines.append(action.text)
    hinted = 0
    while text.table is None or text.table.state != "over":
        lan.play([zoe], until=lambda: bool(zoe.inbox))
        read()
        v = zoe.view
        if v and v["phase"] == "play" and v["turn"] == v["seat"] and hinted < 3:
            hinted += 1                                # a few hints: their reasons, worded
            zoe.send("hint")
            lines += text.state_lines()
    read()
    data = ("Zoe", "Zoe's table", *BOT_NAMES, "test", "standard", "omnibus", "black-maria",
            "spot", "tournament", "gamebot", "hearts2", "skelly", *COMMAND_WORDS)
    leaks = sorted({f"{line!r} -> {left.strip()!r}" for line in lines if line.strip()
                    for left in [not_from_the_catalogue(line, data)] if left})
    assert not leaks, "\n".join(leaks)
    assert len(lines) > 100


def test_the_text_clients_leaderboard_games_and_replay_come_from_the_catalogue(tmp_path) -> None:
    i18n.set_language(i18n.PSEUDO)
    history = History(tmp_path)
    people = [{"name": "Zoe", "kind": "human", "id": "z1"},
              *({"name": n, "kind": "bot", "level": lv} for n, lv in
                (("Ada", "hard"), ("Basil", "normal"), ("Clara", "easy")))]
    for i, rules in enumerate((Rules(), Rules.preset("omnibus"), Rules(target=60))):
        g = random_game(rules, 40 + i)
        history.add({"table": 1, "name": "Den", "players": ["Zoe", "Ada", "Basil", "Clara"],
                     "game": g.to_dict(), "totals": list(g.totals), "winners": g.winners,
                     "people": people, "seating": [[0, 1, 2, 3]] * len(g.results)})
    text = TextRenderer(symbols=True)
    lines = text.render(history.stats("z1")) + text.render(history.games())
    found = history.replay(3)
    assert found is not None
    info, hands = found
    lines += replay_lines({**info, "hands": hands}, symbols=True)
    leaks = sorted({f"{line!r} -> {left!r}" for line in lines if line.strip()
                    for left in [not_from_the_catalogue(line, ("Zoe", "Ada", "Basil", "Clara",
                                                               "Den"))] if left})
    assert not leaks, "\n".join(leaks)
    assert len(lines) > 30
