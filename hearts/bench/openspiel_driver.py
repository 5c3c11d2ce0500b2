"""Drive DeepMind OpenSpiel's ``hearts`` beside our engine, for the cross-check and the bench.

OpenSpiel (``pip install open_spiel``) is optional: `load_pyspiel` returns None
without it. Facts about OpenSpiel's game that this module maps around (from
``open_spiel/games/hearts/hearts.{h,cc}``):

- A card action is ``rank * 4 + suit`` (suits C D H S, ranks 2..A); ours is
  ``suit * 13 + rank``.
- The first chance outcome is the pass direction: 0 no pass, 1 left, 2 across,
  3 right, the same seat offsets as ours. With ``pass_cards=False`` only 0 is
  legal, although ``chance_outcomes()`` still lists all four. Then 52 chance outcomes deal the cards, the i-th to seat ``i % 4``.
- Passing is one card per action, seat 0's three cards first, then 1, 2, 3.
- ``apply_action`` does not check legality, and a state plays one hand only.
- ``must_break_hearts=False`` is implemented by starting with
  ``hearts_broken() == True``; our ``hearts_break="free"`` keeps
  ``hand.hearts_broken`` as the fact (a heart or QS has been played), so the
  flag is compared only under ``must_break_hearts=True``; the legal sets are
  compared under both.
- ``points(p)`` is the running sum of the trick points (JD -10 with
  ``jd_bonus``); at the end a moon adds -26 to the shooter and +26 to the others
  (so a shooter who took JD ends at -10), and ``avoid_all_tricks_bonus`` gives
  -5 to each seat that took no trick unless the moon was shot.
  ``returns()[p] == 26 - points(p)``.
- The last trick's winner is not exposed (there is no next leader); it is
  checked through the final points only.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from hearts.engine import Hand, Rules
from hearts.engine.cards import (CARDS, HEARTS_MASK, JACK_DIAMONDS, QUEEN_SPADES, SUIT_MASK,
                                 cards_of)

OS_OPTIONS = ("pass_cards", "no_pts_on_first_trick", "can_lead_any_club", "jd_bonus",
              "avoid_all_tricks_bonus", "qs_breaks_hearts", "must_break_hearts",
              "can_lead_hearts_instead_of_qs")

# our card index -> OpenSpiel action, and OpenSpiel action -> our card mask / Card
OS_ACTION = tuple((i % 13) * 4 + i // 13 for i in range(52))
OS_MASK = tuple(1 << ((a % 4) * 13 + a // 4) for a in range(52))
OS_CARD = tuple(CARDS[(a % 4) * 13 + a // 4] for a in range(52))
OS_PASS_DIR = {"hold": 0, "left": 1, "across": 2, "right": 3}
CLUBS_MASK = SUIT_MASK[0]
_DIRECTIONS = ("left", "right", "across", "hold")


def load_pyspiel() -> Any | None:
    """The ``pyspiel`` module, or None when open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def all_option_sets() -> list[dict[str, bool]]:
    """The 256 combinations of OpenSpiel's eight boolean hearts options."""
    return [dict(zip(OS_OPTIONS, bits)) for bits in itertools.product((False, True), repeat=8)]


def rules_for(options: dict[str, bool]) -> Rules:
    """Our `Rules` for a set of OpenSpiel options (docs/rules.md names them (OS))."""
    return Rules(
        pass_cycle=("left", "right", "across", "hold") if options["pass_cards"] else ("hold",),
        first_trick="no-points" if options["no_pts_on_first_trick"] else "anything",
        first_lead="any-club" if options["can_lead_any_club"] else "two-of-clubs",
        jack_of_diamonds=-10 if options["jd_bonus"] else 0,
        clean_hand_bonus=-5 if options["avoid_all_tricks_bonus"] else 0,
        clean_hand="no-tricks",
        queen_breaks_hearts=options["qs_breaks_hearts"],
        hearts_break="required" if options["must_break_hearts"] else "free",
        lead_hearts_over_queen=options["can_lead_hearts_instead_of_qs"],
        tram="off",
        moon="add",
        moon_needs_jack=False,
        bonuses_on_moon="jack",
    )


def os_mask(actions: list[int]) -> int:
    """OpenSpiel card actions as one of our masks."""
    m = 0
    for a in actions:
        m |= OS_MASK[a]
    return m


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how."""


@dataclass
class Stats:
    """What the cross-check exercised, so a test can check its coverage."""

    hands: int = 0
    decisions: int = 0
    moons: int = 0
    moons_with_jd: int = 0
    clean_hand_bonuses: int = 0
    queen_and_hearts_leads: int = 0
    hearts_only_leads: int = 0
    first_trick_discards_with_points: int = 0
    directions: dict[str, int] = field(default_factory=dict)


def _choose(rng: random.Random, legal: int, seat: int, shooter: int | None) -> Any:
    cards = cards_of(legal)
    if shooter is None:
        return rng.choice(cards)
    # a moon-seeking table: the shooter plays high, the others low, with some noise
    if rng.random() < 0.15:
        return rng.choice(cards)
    return cards[-1] if seat == shooter else cards[0]


def crosscheck_hand(game: Any, rules: Rules, options: dict[str, bool], seed: int,
                    stats: Stats, deal: list[int] | None = None,
                    direction: str | None = None) -> None:
    """Play one hand in both engines with the same deal, passes and plays; raise
    `Mismatch` at the first difference in turn, legal set, hearts broken, trick
    winner, running points or final points.

    ``deal`` (four masks) and ``direction`` default to a random deal and direction
    from ``seed``; the passes and plays are random legal choices from ``seed``, and
    in about 30% of the hands one seat plays high and the others low (moons).
    """
    rng = random.Random(seed)
    if direction is None:
        direction = rng.choice(_DIRECTIONS) if options["pass_cards"] else "hold"
    shooter = rng.randrange(4) if rng.random() < 0.3 else None
    hand = Hand.deal(rules, rng, direction) if deal is None else Hand(rules, deal, direction)
    where = f"options={options} seed={seed} direction={direction}"

    state = game.new_initial_state()
    state.apply_action(OS_PASS_DIR[direction])
    dealt = [cards_of(m) for m in hand.deal_masks]
    for k in range(13):
        for s in range(4):
            state.apply_action(OS_ACTION[dealt[s][k].index])
    stats.hands += 1
    stats.directions[direction] = stats.directions.get(direction, 0) + 1

    if direction != "hold":
        for s in range(4):
            if state.current_player() != s:
                raise Mismatch(f"{where}: OpenSpiel expects seat {state.current_player()} "
                               f"to pass, we expect seat {s}")
            held = os_mask(state.legal_actions())
            if held != hand.held_mask(s):
                raise Mismatch(f"{where}: seat {s} holds {cards_of(held)} in OpenSpiel, "
                               f"{hand.held(s)} in ours")
            chosen = rng.sample(hand.held(s), 3)
            hand.pass_cards(s, chosen)
            for c in chosen:
                state.apply_action(OS_ACTION[c.index])

    must_break = options["must_break_hearts"]
    qs = QUEEN_SPADES.mask
    pen = qs | HEARTS_MASK
    for step in range(52):
        turn = hand.turn
        if turn is None or state.current_player() != turn:
            raise Mismatch(f"{where} play {step}: OpenSpiel's turn is seat "
                           f"{state.current_player()}, ours seat {turn}")
        seat = turn
        legal = hand.legal_mask(seat)
        theirs = os_mask(state.legal_actions())
        if legal != theirs:
            raise Mismatch(f"{where} play {step} seat {seat}: legal {cards_of(legal)} in ours, "
                           f"{cards_of(theirs)} in OpenSpiel; trick {hand.trick}, "
                           f"held {hand.held(seat)}, hearts broken {hand.hearts_broken}")
        if must_break and hand.hearts_broken != state.hearts_broken():
            raise Mismatch(f"{where} play {step}: hearts broken {hand.hearts_broken} in ours, "
                           f"{state.hearts_broken()} in OpenSpiel")
        held = hand.held_mask(seat)
        if step % 4 == 0:
            if step and must_break and not hand.hearts_broken:
                if held & HEARTS_MASK == held:
                    stats.hearts_only_leads += 1
                elif held & pen == held and held & qs and held != qs:
                    stats.queen_and_hearts_leads += 1
        elif step < 4 and held & pen and not held & CLUBS_MASK:
            stats.first_trick_discards_with_points += 1
        card = _choose(rng, legal, seat, shooter)
        hand.play(seat, card)
        state.apply_action(OS_ACTION[card.index])
        stats.decisions += 1
        if step % 4 == 3 and step < 51:
            winner = hand.tricks[-1].winner
            if state.current_player() != winner:
                raise Mismatch(f"{where} trick {len(hand.tricks)}: won by seat {winner} in ours, "
                               f"seat {state.current_player()} in OpenSpiel "
                               f"({hand.tricks[-1]})")
            running = hand.taken_points()
            os_running = [int(state.points(p)) for p in range(4)]
            if running != os_running:
                raise Mismatch(f"{where} trick {len(hand.tricks)}: points so far {running} in "
                               f"ours, {os_running} in OpenSpiel")

    if hand.phase == "moon-choice" and hand.turn is not None:  # kept for other mappings
        hand.choose_moon(hand.turn, "add")
    if not hand.done or not state.is_terminal():
        raise Mismatch(f"{where}: hand over in ours {hand.done}, in OpenSpiel "
                       f"{state.is_terminal()}")
    ours = hand.points()
    os_points = [int(state.points(p)) for p in range(4)]
    returns = [26 - int(r) for r in state.returns()]
    if ours != os_points or os_points != returns:
        raise Mismatch(f"{where}: final points {ours} in ours, {os_points} in OpenSpiel "
                       f"(26 - returns: {returns}); moon {hand.moon}, tricks won "
                       f"{[hand.tricks_won(s) for s in range(4)]}")
    if hand.moon is not None:
        stats.moons += 1
        if options["jd_bonus"] and JACK_DIAMONDS in hand.taken(hand.moon.shooter):
            stats.moons_with_jd += 1
    elif options["avoid_all_tricks_bonus"]:
        stats.clean_hand_bonuses += sum(1 for s in range(4) if hand.tricks_won(s) == 0)


def crosscheck(pyspiel: Any, hands: int, seed: int = 0, stats: Stats | None = None) -> Stats:
    """Cross-check ``hands`` random hands spread evenly over the 256 option sets."""
    combos = all_option_sets()
    games = [pyspiel.load_game("hearts", o) for o in combos]
    rules = [rules_for(o) for o in combos]
    stats = Stats() if stats is None else stats
    for i in range(hands):
        k = i % len(combos)
        crosscheck_hand(games[k], rules[k], combos[k], seed * 1_000_003 + i, stats)
    return stats
