"""scripts/endgame_ab.py: choices near a game's end, judged by the games won after them."""

from __future__ import annotations

import random

from hearts.bots import make_bot
from hearts.bots.table import play_hand
from hearts.engine import Hand, Rules
from hearts.engine.scoring import apply_hand, game_end

from .helpers import load_script
from .test_decision_ab import HIGH

endgame_ab = load_script("endgame_ab")


def test_a_position_is_a_game_going_on_with_a_seat_near_the_target():
    rules = Rules()
    for p in range(3):
        totals, index = endgame_ab.position("t", p, 80)
        assert max(totals) >= 80 and game_end(rules, list(totals)) is None and index > 0
        assert endgame_ab.position.__wrapped__("t", p, 80) == (totals, index)


def test_a_game_is_played_on_until_it_ends_and_a_seat_loses_or_shares():
    rules = Rules()
    hand = Hand.deal(rules, random.Random(1), "left", totals=[90, 40, 60, 95])
    winners = endgame_ab.play_game(rules, hand, 0, lambda j: [make_bot("rules")] * 4,
                                   lambda j: random.Random(f"t/{j}"))
    assert winners and all(s in range(4) for s in winners)
    assert endgame_ab.loss(1, [1]) == 0 and endgame_ab.loss(1, [1, 2]) == 0.5
    assert endgame_ab.loss(0, [1]) == 1


def test_a_fork_is_worth_the_game_played_on_with_the_other_choice():
    seen = 0
    for p in range(4):
        result = endgame_ab.endgame_hand("rules", HIGH, "rules", "rules", p, 1, "t", 80)
        totals, index = endgame_ab.position("t", p, 80)
        assert result.totals == list(totals) and result.index == index
        for fork in result.forks:
            assert fork.worth in (-1, -0.5, 0, 0.5, 1) and abs(fork.points) <= 26
            seen += 1
        # the hand A played, replayed: the game ends in it exactly where A's line ended it
        hand = Hand.deal(Rules(), random.Random(f"t/deal/{p}"),
                         Rules().pass_direction(index), dealer=index % 4, totals=list(totals))
        play_hand(hand, [make_bot("rules")] * 4, 1.0)
        after = apply_hand(Rules(), list(totals), hand.points())
        if result.forks:
            assert result.forks[0].ended[0] == (game_end(Rules(), after) is not None)
    assert seen > 0
    # a bot asked against itself never forks
    assert endgame_ab.endgame_hand("rules", "rules", "rules", "rules", 0, 1, "t", 80).forks == []


def test_the_command_prints_games_won_and_points(capsys):
    assert endgame_ab.main(["--bot", "rules", "--vs", HIGH, "--table", "rules", "--rest",
                            "rules", "--positions", "2", "--seats", "0", "--near", "85",
                            "--seed", "t", "--list"]) == 0
    out = capsys.readouterr().out
    assert f"rules against {HIGH}:" in out and "in 2 positions×seats" in out
    assert "games won per 100 hands" in out and "points in this hand per hand" in out
    assert "totals" in out      # the listed forks
    assert endgame_ab.main(["--vs", "nobot", "--positions", "1"]) == 2
    assert "unknown bot 'nobot'" in capsys.readouterr().err
