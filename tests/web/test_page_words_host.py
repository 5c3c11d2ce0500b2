"""The page words none of what `hearts.net.words` says (issue 58, item 3): a change's
sentences, a taken trick's label, a moon, what a bot did while you were away, why you left
a table, a replay's captions and hand titles, who won, the status line, who starts, the
moon's choice, a hand's head and why a table is gone come from the host
(``update.said``/``shown``, ``table.away``, ``left.said``, a ``game`` answer's ``captions``
and ``title``, ``table.won``, ``table.status``/``update.status``). A structural check: no
JavaScript file of the page holds one of these sentences (the page's catalogue keys)."""

from __future__ import annotations

import re

from hearts.resources import asset

# a piece of each sentence as the catalogue writes it, in English
HOSTS_WORDS = ("takes it", "take it,", "You take it",
               "played for you by a bot", "bot played {n} card", "removed you from it",
               "takes trick", "plays {card}", "leads.", "Hand over. Points",
               "takes the rest of the tricks", "The deal: the raised cards",
               "After the pass: the raised cards", "share the win", "You win!", "wins!",
               # the table's sentences as they stand (status)
               "Your lead", "Your turn", "to play", "Waiting for the others to pass",
               "this hand.", "Pass {n} card", "What you do now waits", "Hand over",
               "starts the game", "resumes the game", "starts the next game", "is away",
               "Nobody owns the table", "shot the moon", "shot the sun",
               "to everyone else", "off my score", "is choosing",
               "Hand {hand} is over", "is gone", "closed while you were away", "deals, passing",
               "deals, no passing")


def test_no_page_script_words_what_the_host_words() -> None:
    scripts = {p.name: p.read_text(encoding="utf-8")
               for p in asset("web").iterdir() if p.name.endswith(".js")}
    assert "mirror.js" in scripts and "records.js" in scripts
    assert "away.js" not in scripts
    found = [(name, words) for name, text in scripts.items() for words in HOSTS_WORDS
             if _worded(text, words)]
    assert found == []


def _worded(text: str, words: str) -> bool:
    """Whether ``text`` passes a sentence holding ``words`` to the page's `t` or `nt`."""
    return re.search(r"\b[tn]?t\(\s*\"[^\"]*" + re.escape(words), text) is not None
