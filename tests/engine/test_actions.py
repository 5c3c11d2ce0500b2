"""Typed actions: one wire form each, parsed back exactly; phases equal their wire strings."""

import msgpack
import pytest

from hearts.engine import (Card, Claim, Game, MoonChoice, Pass, Phase, Play, Rules,
                           action_from_wire)

from .builders import random_step


@pytest.mark.parametrize("action, wire", [
    (Play(2, Card.parse("QS")), ["play", 2, "QS"]),
    (Pass(0, (Card.parse("4C"), Card.parse("2C"), Card.parse("3C"))), ["pass", 0, ["2C", "3C", "4C"]]),
    (Claim(3), ["claim", 3]),
    (MoonChoice(1, "subtract"), ["moon", 1, "subtract"]),
])
def test_each_action_has_one_wire_form(action, wire):
    assert action.to_wire() == wire
    assert action_from_wire(msgpack.unpackb(msgpack.packb(wire))) == action
    assert action.kind == wire[0]


def test_cards_parse_and_passes_compare_sorted():
    assert Play(0, "qs") == Play(0, Card.parse("QS"))  # type: ignore[arg-type]
    assert Pass(1, ("3C", "2C", "4C")) == Pass(1, ("4C", "3C", "2C"))  # type: ignore[arg-type]
    assert hash(Play(0, Card.parse("2C"))) == hash(Play(0, Card.parse("2C")))


@pytest.mark.parametrize("wire", [
    [], ["jump", 0], ["play"], ["play", 0], ["play", "0", "2C"], ["play", True, "2C"],
    ["play", 0, "ZZ"], ["pass", 0, "2C"], ["claim", 0, 1], "play", None, {"play": 1},
])
def test_a_bad_wire_form_is_a_value_error(wire):
    with pytest.raises(ValueError):
        action_from_wire(wire)


def test_phases_are_their_wire_strings():
    assert Phase.MOON_CHOICE == "moon-choice" and str(Phase.PLAY) == "play"
    g = Game(Rules(), seed=1)
    assert g.hand.phase is Phase.PASS and g.hand.view(0).to_dict()["phase"] == "pass"
    assert type(g.hand.view(0).to_dict()["phase"]) is str


def test_a_game_log_replays_from_its_wire_form():
    import random
    rng = random.Random(5)
    g = Game(Rules(), seed=5)
    while not g.over and g.hand_number < 3:
        random_step(g.hand, rng, g.apply)
    again = Game.from_dict(msgpack.unpackb(msgpack.packb(g.to_dict())))
    assert again == g and again.log == g.log
