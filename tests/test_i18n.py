"""hearts.i18n: the process's language and each connection's."""

from __future__ import annotations

import hearts.i18n as i18n


def test_english_without_a_catalogue():
    tr = i18n.translation("xx_YY")          # no catalogue for it: the source strings
    assert tr.gettext("{name} shot the moon.") == "{name} shot the moon."
    assert tr.ngettext("{n} point", "{n} points", 1) == "{n} point"
    assert tr.ngettext("{n} point", "{n} points", 2) == "{n} points"
    assert i18n.translation("xx_YY") is tr  # one catalogue object per language


def test_set_language_changes_the_process_words():
    try:
        i18n.set_language("xx")
        assert i18n._("Your turn.") == "Your turn."
        assert i18n.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 cards"
    finally:
        i18n.set_language(None)
    assert i18n.N_("Pass three cards.") == "Pass three cards."
