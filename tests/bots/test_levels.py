"""The table of bot kinds and levels (hearts/bots/levels.py) and what reads it."""

from __future__ import annotations

import pytest

from hearts.bots import Bot, base
from hearts.bots.config import SEARCH_LEVELS
from hearts.bots.levels import BOT_NAMES, KINDS, LEVELS, SEAT_LEVELS
from hearts.i18n import ENGLISH_WORDS, LOCALE_DIR, available, read_po, translation


def test_the_lists_are_read_from_the_table():
    assert BOT_NAMES == ("random", "rules", "search", "easy", "normal", "hard", "shooter",
                         "eager") + BOT_NAMES[8:]
    assert LEVELS == ("easy", "normal", "hard")
    assert SEAT_LEVELS == ("easy", "normal", "hard", "random")
    assert (base.BOT_NAMES, base.LEVELS, base.SEAT_LEVELS) == (BOT_NAMES, LEVELS, SEAT_LEVELS)
    assert base.DEFAULT_LEVEL in SEAT_LEVELS


def test_the_search_kinds_are_the_search_levels():
    assert {k.name for k in KINDS.values() if k.settings} == set(SEARCH_LEVELS)


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_kind_builds_by_its_name_and_a_guest_may_name_it(name):
    bot = base.make_bot(name, seed=1)
    assert isinstance(bot, Bot) and bot.name == name
    assert base.check_bot_name(name) == name


def test_only_a_search_kind_takes_settings():
    assert base.make_bot("eager+moon_weight=6", seed=1).name == "eager+moon_weight=6"
    for kind in ("easy", "random", "shooter"):
        with pytest.raises(ValueError, match="unknown bot"):
            base.make_bot(f"{kind}+moon_weight=6")
        with pytest.raises(ValueError):
            base.check_bot_name(f"{kind}+moon_weight=6")


def test_a_level_people_see_is_worded_in_every_language():
    worded = [k.name for k in KINDS.values() if k.words]
    assert set(SEAT_LEVELS) <= set(worded)
    for name in worded:   # the English words are the names (the pgettext literal is right)
        assert base.level_words(name, ENGLISH_WORDS) == name
    for lang in available()[1:]:
        po = read_po(LOCALE_DIR / f"{lang}.po")
        for name in worded:
            assert f"bot level\x04{name}" in po, (lang, name)
            assert base.level_words(name, translation(lang)) == po[f"bot level\x04{name}"]


def test_any_other_bot_is_worded_by_its_name():
    assert base.level_words("hard+moon_weight=6") == "hard+moon_weight=6"
    assert base.level_words("shooter") == "shooter"
    assert base.level_words(None) == ""


def test_every_switch_of_the_search_is_turned_on_by_some_level():
    """A setting that is off in `normal` (0, false, empty) and on in no level is a trial: its
    measurements are in docs/bots.md, and it lives with the research, not in `SearchConfig`
    (unless it is named in `TRIALS`, the research still going on)."""
    from dataclasses import fields

    from hearts.bots.config import NORMAL, TRIALS, SearchConfig
    for f in fields(SearchConfig):
        if not getattr(NORMAL, f.name):
            used = any(getattr(c, f.name) for c in SEARCH_LEVELS.values())
            assert used != (f.name in TRIALS), f.name
