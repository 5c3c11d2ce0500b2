"""The page words none of what `hearts.net.words` says (issue 58, item 3): a change's
sentences, a taken trick's label, a moon, what a bot did while you were away, why you left
a table, a replay's captions and who won come from the host (``update.said``/``shown``,
``table.away``, ``left.said``, a ``game`` answer's ``captions``, ``table.won``). A structural check: no
JavaScript file of the page holds one of these sentences (the page's catalogue keys)."""

from __future__ import annotations

import re

from hearts.resources import asset

# a piece of each sentence as the catalogue writes it, in English
HOSTS_WORDS = ("takes it", "take it,", "You take it",
               "played for you by a bot", "bot played {n} card", "removed you from it",
               "takes trick", "plays {card}", "leads.", "Hand over. Points",
               "takes the rest of the tricks", "The deal: the raised cards",
               "After the pass: the raised cards", "share the win", "You win!", "wins!")


def test_no_page_script_words_what_the_host_words() -> None:
    scripts = {p.name: p.read_text(encoding="utf-8")
               for p in asset("web").iterdir() if p.name.endswith(".js")}
    assert "mirror.js" in scripts and "records.js" in scripts
    assert "away.js" not in scripts
    found = [(name, words) for name, text in scripts.items() for words in HOSTS_WORDS
             if _worded(text, words)]
    assert found == []
    # the summary's moon and a replay's are the host's (the moon choice's own panel still
    # words its headline: a page back mid-choice, or a deal that opens in it, has no
    # moon_shot change for the host to word)
    assert not [name for name in ("panels.js", "records.js") for words in ("shot the moon",
                "shot the sun") if _worded(scripts[name], words)]


def _worded(text: str, words: str) -> bool:
    """Whether ``text`` passes a sentence holding ``words`` to the page's `t` or `nt`."""
    return re.search(r"\b[tn]?t\(\s*\"[^\"]*" + re.escape(words), text) is not None
