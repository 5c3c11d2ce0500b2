"""`hearts match`: figures per bot, JSON, reproducible for a seed, clear user errors."""

from __future__ import annotations

import json
import re

from hearts.cli import main


def _match(capsys, *args: str) -> dict:
    assert main(["match", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_match_reports_per_bot_and_is_reproducible(capsys):
    args = ("--bots", "rules,random,hearts.bots.examples:LowestBot,random", "--deals", "6",
            "--seed", "5", "--rules", "omnibus")
    a = _match(capsys, *args)
    b = _match(capsys, *args)
    assert set(a["per_bot"]) == {"rules", "random", "hearts.bots.examples:LowestBot"}
    row = a["per_bot"]["rules"]
    for key in ("points_per_hand", "ci95", "moons_shot", "moons_suffered", "decision_ms_p50",
                "decision_ms_p99"):
        assert key in row
    assert row["ci95"][0] <= row["points_per_hand"] <= row["ci95"][1]
    assert row["hands"] == 24 and a["per_bot"]["random"]["hands"] == 48
    strip = lambda r: {k: {x: y for x, y in v.items() if not x.startswith("decision_ms")}
                       for k, v in r["per_bot"].items()}
    assert strip(a) == strip(b)
    assert a["per_bot"]["rules"]["points_per_hand"] < a["per_bot"]["random"]["points_per_hand"]


def test_match_plays_whole_games(capsys):
    out = _match(capsys, "--bots", "rules,rules,random,random", "--games", "1", "--seed", "2",
                 "--set", "target=30")
    shares = [r["win_rate"] * r["seats"] for r in out["per_bot"].values()]
    assert abs(sum(shares) - 1.0) < 1e-6
    # the places of a game are 1 to 4 whoever shares them: they add up to 10
    assert abs(sum(r["mean_place"] * r["seats"] for r in out["per_bot"].values()) - 10) < 1e-2
    for row in out["per_bot"].values():
        # one game has no spread to measure: no interval rather than a zero-width one
        assert row["win_ci95"] is None and row["place_ci95"] is None and row["ci95"] is None
        assert 1 <= row["mean_place"] <= 4
    assert out["first_vs_rest"]["ci95"] is None
    assert out["first_vs_rest_games"]["wins"]["ci95"] is None
    games = out["first_vs_rest_games"]
    rules, random_ = out["per_bot"]["rules"], out["per_bot"]["random"]
    assert abs(games["wins"]["mean"] - (rules["win_rate"] - random_["win_rate"])) < 1e-3
    assert abs(games["place"]["mean"] - (rules["mean_place"] - random_["mean_place"])) < 1e-2
    text_rc = main(["match", "--bots", "rules,rules,random,random", "--games", "2", "--seed",
                    "2", "--set", "target=30"])
    text = capsys.readouterr().out
    assert text_rc == 0 and text.index("games won") < text.index("pts/hand")
    assert "rules against the others in the same games: wins" in text
    assert "too few to tell" not in text
    for one in (["--games", "1", "--set", "target=30"], ["--deals", "1"]):
        text_rc = main(["match", "--bots", "rules,rules,random,random", "--seed", "2", *one])
        text = capsys.readouterr().out
        assert text_rc == 0 and "pts/hand" in text
        # every interval of a single game or deal says so, none is "50.0 .. 50.0%"
        assert text.count("too few to tell") == (9 if one[0] == "--games" else 3), text
        assert not any(a == b for a, b in re.findall(r"([-+]?[\d.]+) \.\. ([-+]?[\d.]+)", text))


def test_match_user_errors(capsys):
    assert main(["match", "--bots", "rules,rules,rules"]) == 2
    assert "four bots" in capsys.readouterr().err
    assert main(["match", "--bots", "rules,rules,rules,wizard"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["match", "--bots", "rules,rules,rules,rules", "--rules", "nope"]) == 2
    assert "unknown preset" in capsys.readouterr().err
    assert main(["match", "--bots", "rules,rules,rules,rules", "--set", "moon=sideways"]) == 2
    assert "moon" in capsys.readouterr().err


class Cheater:
    """Plays a card it does not hold."""

    name = "cheater"

    def __init__(self, seed=None):
        pass

    def choose_pass(self, view, budget):
        return list(view.hand[:view.rules.pass_count])

    def choose_play(self, view, budget):
        from hearts.engine import Card
        return next(Card.from_index(i) for i in range(52)
                    if Card.from_index(i) not in view.hand)

    def choose_moon(self, view, budget):
        return "add"


def test_match_reports_an_illegal_plugin_move(capsys):
    assert main(["match", "--bots", "tests.bots.test_match:Cheater,rules,rules,rules",
                 "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert "cheater made an illegal move" in err and "Traceback" not in err


def test_match_splits_the_moons_by_the_seat_passed_to(capsys):
    out = _match(capsys, "--bots", "rules,rules,rules,random", "--deals", "40", "--seed", "3")
    rules, rnd = out["per_bot"]["rules"], out["per_bot"]["random"]
    # random takes every point now and then: those are moons against the rules seats
    assert rnd["moons_shot"] > 0 and rules["moons_suffered"] == 3 * rnd["moons_shot"]
    assert rules["moons_suffered_from_receiver"] + rules["moons_suffered_from_others"] == \
        rules["moons_suffered"]
    assert rules["moons_suffered_from_receiver"] > 0 and rules["moons_suffered_from_others"] > 0
    # 40 deals cycle left, right, across, hold: 30 passing deals x 4 seatings x 3 seats
    assert rules["passes"] == 360 and rnd["passes"] == 120
    # rules passes its high cards (aces and kings outside hearts) far more often than random
    assert rules["high_pass_share"] > 2 * rnd["high_pass_share"]
    assert 0 < rules["receiver_moon_rate"] < 1 and 0 < rules["other_seat_moon_rate"] < 1
    main(["match", "--bots", "rules,rules,rules,random", "--deals", "4", "--seed", "3"])
    assert "by the seat it passed to" in capsys.readouterr().out


def test_shooter_moons_rules_tables(capsys):
    out = _match(capsys, "--bots", "shooter,rules,rules,rules", "--deals", "80", "--seed", "1")
    shooter = out["per_bot"]["shooter"]
    # it tries whenever its cards make a moon plausible, and often gets there
    assert shooter["moons_shot"] >= 8
    assert out["per_bot"]["rules"]["moons_suffered"] >= 3 * shooter["moons_shot"]
    # every moon it shot came from a hand it played for the moon, and it says which hands
    assert shooter["moon_attempts"] > shooter["moons_shot"]
    assert shooter["moon_attempts_won"] == shooter["moons_shot"]
    assert out["per_bot"]["rules"]["moon_attempts"] == 0      # the rules bot does not say


def test_the_first_bot_is_compared_with_the_others_on_the_same_deals(capsys):
    out = _match(capsys, "--bots", "rules,random,random,random", "--deals", "12", "--seed", "3")
    paired = out["first_vs_rest"]
    rules, rand = out["per_bot"]["rules"], out["per_bot"]["random"]
    assert abs(paired["points_per_hand"] - (rules["points_per_hand"] - rand["points_per_hand"])) < 0.01
    assert paired["ci95"][1] < 0            # the rules player beats random ones, surely
    same = _match(capsys, "--bots", "random,random,random,random", "--deals", "2")
    assert "first_vs_rest" not in same


def test_places_put_the_winners_first_and_share_ties():
    from hearts.commands.match import places
    assert places([50, 101, 30, 70], [2]) == [2.0, 4.0, 1.0, 3.0]
    assert places([40, 40, 104, 60], [0, 1]) == [1.5, 1.5, 4.0, 3.0]
    assert places([100, 60, 60, 80], [3]) == [4.0, 2.5, 2.5, 1.0]  # a winner by the rules, not totals


def test_vs_plays_every_deal_again_with_another_bot_in_the_first_place(capsys):
    """--vs: the same deals, table and seeds with another bot in the first bot's place; the
    same bot there plays every card as before, so the difference is exactly nothing."""
    same = _match(capsys, "--bots", "rules,easy,easy,easy", "--vs", "rules", "--games", "2",
                  "--seed", "4", "--set", "target=30")
    vs = same["vs"]
    assert vs["points"]["mean"] == 0 and vs["wins"]["mean"] == 0 and vs["place"]["mean"] == 0
    assert vs["per_bot"]["points_per_hand"] == same["per_bot"]["rules"]["points_per_hand"]
    other = _match(capsys, "--bots", "rules,easy,easy,easy", "--vs", "random", "--deals", "4",
                   "--seed", "4")
    rules, random_ = other["per_bot"]["rules"], other["vs"]["per_bot"]
    assert other["vs"]["bot"] == "random" and random_["hands"] == rules["hands"] == 16
    assert abs(other["vs"]["points"]["mean"]
               - (rules["points_per_hand"] - random_["points_per_hand"])) < 1e-2
    assert other["vs"]["points"]["mean"] < 0
    assert main(["match", "--bots", "rules,easy,easy,easy", "--vs", "wizard"]) == 2
    assert "unknown bot" in capsys.readouterr().err
