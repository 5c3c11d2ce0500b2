"""scripts/decision_ab.py: the paired A/B at the level of single choices."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hearts.bots import RulesBot, SearchBot, make_bot
from hearts.bots.config import NORMAL
from hearts.bots.table import play_hand, seeded_deal
from hearts.engine import Card, Rules, View

from .helpers import load_script

decision_ab = load_script("decision_ab")

HIGH = "tests.bots.test_decision_ab:HighCard"
SEARCH = "tests.bots.test_decision_ab:QuickSearch"


class QuickSearch(SearchBot):
    """`normal` with less work and no time cap within the 1 s offered: its plays depend on
    the seed only, however busy the machine."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed, replace(NORMAL, work=3000, cap=5.0))


class HighCard(RulesBot):
    """The rules bot's pass, then always the highest legal card."""

    name = "high"

    def choose_play(self, view: View, budget: float) -> Card:
        return max(view.legal, key=lambda c: c.index)


class LowPass(RulesBot):
    """The rules bot, passing its lowest cards."""

    name = "lowpass"

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        return sorted(view.hand, key=lambda c: (c.rank, c.suit))[:view.rules.pass_count]


class SwitchAt(HighCard):
    """The rules bot, playing the highest legal card at its ``at``-th choice with more than
    one legal card: the hand a fork's other branch should be."""

    name = "switch"

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at
        self.k = 0

    def choose_play(self, view: View, budget: float) -> Card:
        if len(view.legal) > 1:
            self.k += 1
            if self.k == self.at:
                return super().choose_play(view, budget)
        return RulesBot.choose_play(self, view, budget)


def _hand_points(d: int, seat: int, seat_bot: object) -> int:
    rules = Rules()
    hand = seeded_deal(rules, "t", d)
    bots = [seat_bot if s == seat else make_bot("rules") for s in range(4)]
    play_hand(hand, bots, 1.0)
    return hand.points()[seat]


def test_a_fork_is_worth_the_hand_played_with_the_other_card():
    for d in range(6):
        result = decision_ab.duel_hand("rules", HIGH, "rules", d, 1, "t")
        assert result.points == _hand_points(d, 1, make_bot("rules"))
        if not result.forks:
            continue
        # the first fork, replayed by hand: the rules bot plays the high card there once
        fork = result.forks[0]
        assert fork.trick is not None and fork.b_cards[0].index > fork.a_cards[0].index
        assert result.points - _hand_points(d, 1, SwitchAt(fork.play)) == fork.worth
        assert fork.moons == ("", "")       # the rules bots' hands end without a moon here
        # without a moon the others share what A does not take: A's points less their mean
        # move by four thirds of A's own
        assert fork.against_table == pytest.approx(4 * fork.worth / 3)
        return
    pytest.fail("the rules bot always played the highest card in six deals")


def test_a_pass_fork_is_worth_the_hand_with_the_other_pass():
    # deal 0 passes left; the rules bot keeps its low cards, so the passes differ
    result = decision_ab.duel_hand("rules", "tests.bots.test_decision_ab:LowPass", "rules", 0, 2,
                                   "t")
    fork = result.forks[0]
    assert fork.trick is None and fork.play == 0 and len(fork.b_cards) == 3
    assert result.points - _hand_points(0, 2, LowPass()) == fork.worth
    assert all(f.trick is None for f in result.forks)     # the rest is played alike


def test_a_search_bot_against_itself_never_forks():
    # B draws from A's random state, so the same bot agrees at every play
    result = decision_ab.duel_hand(SEARCH, SEARCH, "rules", 3, 0, "t")
    assert result.forks == []
    # asking another bot leaves A's own line as it was
    differ = decision_ab.duel_hand(SEARCH, HIGH, "rules", 3, 0, "t")
    assert differ.forks and differ.points == result.points


def test_continuations_play_each_fork_on_several_times_and_take_the_mean():
    # rules bots play alike whatever their seed: more continuations change nothing
    one = decision_ab.duel_hand("rules", HIGH, "rules", 1, 1, "t")
    three = decision_ab.duel_hand("rules", HIGH, "rules", 1, 1, "t", continuations=3)
    assert one.forks and [f.worth for f in three.forks] == [f.worth for f in one.forks]
    # random bots draw by their seeds: the first continuation is the single one, the second
    # is seeded apart, and the fork is worth their mean
    seen_apart = False
    for d in range(4):
        single = decision_ab.duel_hand("rules", HIGH, "random", d, 1, "t")
        double = decision_ab.duel_hand("rules", HIGH, "random", d, 1, "t", continuations=2)
        assert [f.play for f in double.forks] == [f.play for f in single.forks]
        for f1, f2 in zip(single.forks, double.forks):
            second = 2 * f2.worth - f1.worth
            assert second == int(second) and abs(second) <= 26
            seen_apart |= second != f1.worth
    assert seen_apart


def test_the_summary_splits_the_forks_by_the_moons_after_them():
    fork = decision_ab.Fork
    c = (Card.from_index(0),)
    hands = [decision_ab.HandForks(0, 0, 0, [fork(1, 1, c, c, -26, 0.0, ("own", "")),
                                             fork(2, 2, c, c, 3, 0.0)]),
             decision_ab.HandForks(1, 0, 0, [fork(1, 3, c, c, 20, 0.0, ("", "against"))]),
             decision_ab.HandForks(2, 0, 0, [])]
    out = decision_ab.summary("a", "b", hands)
    assert "3 forks in 3 hands; per hand -1.000" in out
    assert ("a moon by A's seat after 1 forks (after A's choice 1, after B's 0): "
            "per hand -8.667") in out
    assert ("a moon against A's seat after 1 forks (after A's choice 0, after B's 1): "
            "per hand +6.667") in out
    assert "no moon: per hand +1.000" in out


def test_the_command_prints_the_summary(capsys):
    assert decision_ab.main(["--bot", "rules", "--vs", HIGH, "--table", "rules",
                             "--deals", "2", "--seats", "0", "--list", "--seed", "t"]) == 0
    out = capsys.readouterr().out
    assert "rules against " + HIGH + ":" in out and "forks in 2 hands" in out
    assert "trick" in out     # the listed forks
    assert "against the table (its points less the others' mean) per hand" in out


def test_an_unknown_bot_is_one_clear_error(capsys):
    assert decision_ab.main(["--vs", "nobot", "--deals", "1"]) == 2
    assert "unknown bot 'nobot'" in capsys.readouterr().err


def test_a_table_of_three_bots_sits_in_the_seats_after_a():
    """--table a,b,c: the seats after A's in turn; the hand is the one those bots play."""
    assert decision_ab.table_bots("rules") == ["rules"] * 3
    assert decision_ab.table_bots("rules, easy,random") == ["rules", "easy", "random"]
    with pytest.raises(ValueError, match="one bot or three"):
        decision_ab.table_bots("rules,easy")
    result = decision_ab.duel_hand("rules", "rules", "random,rules,easy", 2, 3, "t")
    hand = seeded_deal(Rules(), "t", 2)
    specs = ["random", "rules", "easy", "rules"]        # seats 0, 1, 2 follow A's seat 3
    play_hand(hand, [make_bot(spec, seed=f"t/2/3/{s}") for s, spec in enumerate(specs)], 1.0)
    assert result.forks == [] and result.points == hand.points()[3]
    assert decision_ab.main(["--table", "rules,easy", "--vs", "rules", "--deals", "1"]) == 2
