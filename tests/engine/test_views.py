"""Views: what one seat may know, their wire form, and rebuilding a hand from a view."""

import random

import msgpack
import pytest

from hearts.engine import Card, Hand, Rules, View, mask_of

from .builders import MOON_DEAL, SPLIT_DEAL, SPLIT_SCRIPT, hand, moon_hand, play, random_step, script

FIELDS_PUBLIC = ("phase", "turn", "leader", "trick", "tricks", "hearts_broken", "cards_left",
                 "taken_points", "tricks_won", "moon", "tram", "points", "totals", "dealer")


def hands_along_the_way(rules: Rules, seed: int, direction: str = "left"):
    """A random hand, yielded after every action (and before the first)."""
    rng = random.Random(seed)
    h = Hand.deal(rules, rng, direction, dealer=seed % 4, totals=[seed, 2 * seed, 0, 7])
    yield h
    while not h.done:
        random_step(h, rng)
        yield h


def strings_in(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(strings_in(v) for v in obj)) if obj else set()
    return set()


def test_view_shows_own_cards_and_public_play():
    h = hand(Rules(tram="off"), SPLIT_DEAL)
    script(h, SPLIT_SCRIPT[:2])
    play(h, "2H AH")
    v = h.view(1)
    assert v.seat == 1 and v.hand == tuple(h.held(1)) and v.turn == 1 and v.my_turn
    assert v.trick == ((3, Card.parse("2H")), (0, Card.parse("AH")))
    assert [t.winner for t in v.tricks] == [3, 3]
    assert v.legal == tuple(h.legal_plays(1)) and v.hearts_broken
    assert v.cards_left == (10, 11, 11, 10)
    assert v.taken_points == (0, 0, 0, 13) and v.tricks_won == (0, 0, 0, 2)
    assert v.points is None and v.others is None and v.passed is None
    assert h.view(2).legal == () and not h.view(2).my_turn
    assert v.voids()[0] == {3} and v.voids()[2] == {3}  # seats 0 and 2 discarded on spades
    assert v.played_mask() == mask_of("2C 3C 4C AC AS 9D QS KC 2H AH".split())
    assert v.unseen_mask() == ((1 << 52) - 1) & ~v.played_mask() & ~mask_of(v.hand)


def test_view_of_a_pass():
    h = hand(Rules(), SPLIT_DEAL, pass_direction="across")
    h.pass_cards(0, ["AH", "KH", "QH"])
    v0, v1 = h.view(0), h.view(1)
    assert v0.passed == tuple(Card.parse(c) for c in ("QH", "KH", "AH")) and v0.received is None
    assert v1.passed is None and v0.has_passed == (True, False, False, False)
    assert v0.pass_to == 2 and v0.pass_from == 2
    for s in (1, 2, 3):
        h.pass_cards(s, h.held(s)[:3])
    assert h.view(2).received == h.view(0).passed


@pytest.mark.parametrize("seed", range(4))
def test_view_dict_round_trip_at_every_step(seed):
    rules = Rules(moon="choose", tram="claim") if seed % 2 else Rules()
    for h in hands_along_the_way(rules, seed):
        for s in range(4):
            for reveal in (False, True):
                v = h.view(s, reveal)
                d = v.to_dict()
                assert View.from_dict(d) == v
                wire = msgpack.unpackb(msgpack.packb(d))
                assert View.from_dict(wire) == v


def test_view_round_trip_of_moon_choice_and_tram():
    h = moon_hand(Rules(moon="choose"))
    assert h.phase == "moon-choice" and h.tram is not None
    for s in range(4):
        assert View.from_dict(h.view(s).to_dict()) == h.view(s)


@pytest.mark.parametrize("seed", range(6))
def test_a_view_holds_no_card_of_another_seat(seed):
    for h in hands_along_the_way(Rules(), seed, ["left", "right", "across", "hold"][seed % 4]):
        if h.tram is not None:
            break  # the TRAM shows every hand to everyone
        for s in range(4):
            known = strings_in(h.view(s).to_dict())
            passed = {str(c) for c in h.passed(s) or ()}
            for o in range(4):
                if o != s:
                    secret = {str(c) for c in h.held(o)} - passed
                    assert not known & secret, (s, o, known & secret)


@pytest.mark.parametrize("seed", range(6))
def test_hand_from_view_rebuilds_the_public_state(seed):
    rules = [Rules(), Rules.preset("black-maria"), Rules.preset("omnibus")][seed % 3]
    rng = random.Random(seed)
    for step, h in enumerate(hands_along_the_way(rules, seed)):
        if h.phase != "play" or step % 3:
            continue
        seat = rng.randrange(4)
        v = h.view(seat)
        hidden = {o: h.held(o) for o in range(4) if o != seat}
        rebuilt = Hand.from_view(v, hidden)
        w = rebuilt.view(seat)
        for f in FIELDS_PUBLIC + ("hand", "legal"):
            assert getattr(w, f) == getattr(v, f), f
        assert [rebuilt.held(s) for s in range(4)] == [h.held(s) for s in range(4)]
        # and both go on to the same end
        copy = Hand.from_dict(h.to_dict())
        r2 = random.Random(step)
        while not copy.done:
            random_step(copy, r2)
            rebuilt.apply(copy.actions[-1])
        assert rebuilt.done and rebuilt.points() == copy.points()


def test_from_view_with_another_guess_is_a_valid_hand():
    h = hand(Rules(tram="off"), MOON_DEAL)
    play(h, "2C 3C 4C 5C")
    v = h.view(3)
    # swap two cards between seats 1 and 2 (neither has shown a void)
    guess = {o: list(h.held(o)) for o in (0, 1, 2)}
    a, b = guess[1].pop(0), guess[2].pop(0)
    guess[1].append(b)
    guess[2].append(a)
    rebuilt = Hand.from_view(v, guess)
    assert rebuilt.turn == 3 and rebuilt.held(1) == sorted(guess[1])
    assert rebuilt.tricks == h.tricks
