"""`hearts join` speaks the terminal's language: LANG=fr_FR.UTF-8 gives a French client,
menus to the hand's scores, with the host's errors in French too (a real subprocess
against a real host)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys

from hearts.net.host import Host

from .test_join import HEARTS, REPO, Joiner, host  # noqa: F401  (the host fixture)

# English words that are no French ones ("Points", "Scores" and "table" are both)
ENGLISH = re.compile(r"\b(You|Your|Hand|Trick|Waiting|Type|Connected|error|takes|plays|"
                     r"passed|received|turn|lead|dealt|over)\b")
FRENCH_SUITS = {"trèfle": "C", "carreau": "D", "cœur": "H", "pique": "S"}


async def start_french(host: Host) -> Joiner:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL",
                                                            "LC_MESSAGES", "LANG")}
    env.update(LANG="fr_FR.UTF-8", PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HEARTS, "join", f"127.0.0.1:{host.port}", "--name", "Zoé",
        cwd=REPO, env=env, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    return Joiner(proc)


def french_hand(lines: list[str]) -> list[str]:
    start = max(i for i, line in enumerate(lines) if line.startswith("Votre main ("))
    cards = []
    for line in lines[start + 1:]:
        m = re.match(r"^  (trèfle|carreau|cœur|pique): (.*)$", line)
        if not m:
            break
        cards += [("T" if r == "10" else r) + FRENCH_SUITS[m.group(1)] for r in m.group(2).split()]
    return cards


async def test_hearts_join_under_a_french_locale_is_french(host: Host) -> None:
    zoe = await start_french(host)
    try:
        await zoe.expect(r"^Connecté à join test sous le nom Zoé\. Tapez help pour les "
                         r"commandes\.$")
        await zoe.expect(r"^Pas encore de table\. Tapez create pour en ouvrir une\.$")
        await zoe.type("play QS")
        await zoe.expect(r"^erreur : vous n'êtes à aucune table ; créez-en une ou "
                         r"rejoignez-en une d'abord$")
        await zoe.type("create")
        await zoe.expect(r'^Vous êtes assis à la table 1 "Chez Zoé", et elle est à vous\.$')
        await zoe.expect(r"^Règles : Standard\.$")
        await zoe.type("/start")
        await zoe.expect(r"^La partie commence\.$")
        rng = random.Random(3)
        first = len(zoe.lines)
        while True:
            text = await zoe.line(20)
            if m := re.match(r"^Passez (\d) cartes", text):
                await zoe.type("pass " + " ".join(rng.sample(french_hand(zoe.lines),
                                                             int(m.group(1)))))
            elif m := re.match(r"^À vous : jouez l'une de ces cartes : (.*)\.$", text):
                await zoe.type("play " + rng.choice(m.group(1).split()))
            elif text.startswith("Vous avez réussi le grand chelem : tapez moon add"):
                await zoe.type("moon add")
            elif text.startswith("La donne 1 est terminée. Points : "):
                await zoe.expect(r"^Scores : ")
                break
        said = zoe.lines[first:]
        english = [line for line in said if ENGLISH.search(line)]
        assert not english, english
        assert any(line.startswith("Vous jouez ") for line in said)
        assert any(re.match(r"^Vous avez passé .+\.$", line) for line in said)
    finally:
        zoe.kill()
        await zoe.proc.wait()


async def test_every_line_hearts_join_prints_comes_from_the_catalogue(host: Host) -> None:
    """`hearts join --lang pseudo`: the client's own lines (help, errors about typed lines,
    the lists) and the host's, all from the catalogue (the pseudo guard of tests/gui)."""
    from hearts.net.table import BOT_NAMES
    from tests.gui.test_pseudo import not_from_the_catalogue
    from tests.text.test_pseudo_text import COMMAND_WORDS
    zoe = await Joiner.start(f"127.0.0.1:{host.port}", "--name", "Zoe", "--lang", "pseudo")

    async def quiet(seconds: float = 2.0) -> None:
        try:
            while True:
                await zoe.line(seconds)
        except asyncio.TimeoutError:
            pass
    try:
        await zoe.expect("Zoe")
        for typed in ("help", "play QS", "tables", "create", "/rules", "/who", "/help",
                      "stats", "games", "replay 99", "sit 1", "nonsense", "/start", "hint",
                      "hand", "claim", "export 99", "leave", "watch 1", "leave"):
            await zoe.type(typed)
        await quiet()
    finally:
        zoe.kill()
        await zoe.proc.wait()
    data = ("Zoe", "Zoe's table", "join test", "127.0.0.1", str(host.port), *BOT_NAMES,
            "standard", "omnibus", "black-maria", "spot", "tournament", "gamebot", "hearts2",
            "skelly", "help", "create", "play", "hint", "moon", "pass", "quit", "export",
            "watch", "claim",
            *COMMAND_WORDS)
    leaks = sorted({f"{line!r} -> {left!r}" for line in zoe.lines if line.strip()
                    for left in [not_from_the_catalogue(line, data)] if left})
    assert not leaks, "\n".join(leaks)
    assert len(zoe.lines) > 60
