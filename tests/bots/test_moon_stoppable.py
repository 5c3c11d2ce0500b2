"""scripts/moon_stoppable.py: the search for a line of play that stops a moon."""

from __future__ import annotations

from hearts.bots.sim import FULL, SimState, sim_rules
from hearts.engine import Card, Rules, parse_cards

from .helpers import load_script

stoppable = load_script("moon_stoppable")


def mask(text: str) -> int:
    return sum(c.mask for c in parse_cards(text))


def _two_tricks_left() -> SimState:
    # seat 1 has every point but five hearts and has led the K♥; seat 2 holds the A♥,
    # which stops the moon now, and falls on seat 1's A♣ in the last trick if kept
    hands = {0: "8H 3D", 1: "AC", 2: "AH 6H", 3: "7H 2D"}
    st = SimState(sim_rules(Rules(hearts_break="free")), [mask(hands[s]) for s in range(4)])
    st.ntricks = 11
    st.played = FULL & ~sum(st.hands) & ~mask("KH")
    st.hands[1] |= mask("KH")
    st.taken[1] = mask("QS 2H 3H 4H 5H 9H TH JH QH")
    st.won[1] = 11
    st.leader = st.turn = 1
    st.play(Card.parse("KH").index)
    return st


def test_the_stopper_played_now_stops_the_moon():
    st = _two_tricks_left()
    assert stoppable.can_stop(st.copy(), 2)
    ducked = st.copy()
    ducked.play(Card.parse("6H").index)
    assert not stoppable.can_stop(ducked, 2)


def test_the_other_seats_defend_as_the_rules_player_does():
    # seat 0 has no stopper, but seat 2 covers the K♥ with the A♥ (the rules player's moon
    # alarm has fired): every line of seat 0's ends without the moon
    st = _two_tricks_left()
    assert stoppable.shooter_play(st, st.legal())[0] == Card.parse("AH").index
    assert stoppable.can_stop(st, 0)


def test_the_node_limit_is_reported():
    st = _two_tricks_left()
    try:
        stoppable.can_stop(st, 2, limit=0)
    except stoppable.TooBig:
        return
    raise AssertionError("no TooBig past the limit")


def test_a_few_deals_against_shooters_run_and_report(capsys):
    stoppable.main(["--deals", "1", "--seed", "t"])
    out = capsys.readouterr().out
    assert "normal against 3 shooter, 1 deals:" in out
