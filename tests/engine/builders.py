"""Helpers for engine tests: deals built by hand, scripted play, random drivers."""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from hearts.engine import (CARDS, Action, Card, Claim, Game, Hand, MoonChoice, Pass, Play, Rules,
                          parse_cards)

Pick = Callable[[Hand, int, list[Card]], Card]


def deal(*seats: str) -> list[list[Card]]:
    """Four hands written out in full, e.g. ``deal("2C 3C ...", "...", "...", "...")``."""
    assert len(seats) == 4, "a deal is four hands"
    hands = [parse_cards(s) for s in seats]
    for i, h in enumerate(hands):
        assert len(h) == 13 and len(set(h)) == 13, f"seat {i} must hold 13 different cards: {h}"
    assert len({c for h in hands for c in h}) == 52, "a deal must hold all 52 cards once"
    return hands


def fill(fixed: dict[int, str], order: Sequence[int] = (0, 1, 2, 3)) -> list[list[Card]]:
    """A deal where the seats in ``fixed`` hold those cards; every other card goes, in
    deck order (2C..AC, 2D.., 2H.., 2S..AS), to the first seat of ``order`` (then the
    other seats) that still has room."""
    hands: list[list[Card]] = [[], [], [], []]
    used: set[Card] = set()
    for seat, text in fixed.items():
        cards = parse_cards(text)
        assert not used & set(cards), f"card given twice: {used & set(cards)}"
        used |= set(cards)
        hands[seat] = list(cards)
    order = [*order, *(s for s in range(4) if s not in order)]
    for card in CARDS:
        if card in used:
            continue
        seat = next(s for s in order if len(hands[s]) < 13)
        hands[seat].append(card)
    for i, h in enumerate(hands):
        assert len(h) == 13, f"seat {i} holds {len(h)} cards"
    return hands


def hand(rules: Rules | None, hands: Sequence[Iterable[Card | str]], pass_direction: str = "hold",
         dealer: int = 0, totals: Sequence[int] | None = None) -> Hand:
    """`Hand.from_deal` with defaults for tests (no pass, dealer 0)."""
    cards = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
    return Hand.from_deal(rules or Rules(), cards, pass_direction, dealer, totals)


def play(h: Hand, cards: str) -> None:
    """Play the cards in order, each by the seat whose turn it is."""
    for c in parse_cards(cards):
        h.play(h.turn, c)


def lowest(h: Hand, seat: int, legal: list[Card]) -> Card:
    return legal[0]


def highest(h: Hand, seat: int, legal: list[Card]) -> Card:
    return max(legal, key=lambda c: (c.rank, c.suit))


def play_rest(h: Hand, pick: Pick = lowest, moon: str = "add") -> None:
    """Play to the end of the hand with ``pick`` choosing among the legal cards."""
    while h.phase == "play":
        seat = h.turn
        h.play(seat, pick(h, seat, h.legal_plays(seat)))
    if h.phase == "moon-choice":
        h.choose_moon(h.turn, moon)


def random_pick(rng: random.Random) -> Pick:
    return lambda h, seat, legal: rng.choice(legal)


def random_step(h: Hand, rng: random.Random, act: Callable[[Action], None] | None = None) -> None:
    """One random legal action in ``h``; ``act`` applies it (default `h.apply`)."""
    act = act or h.apply
    if h.phase == "pass":
        seat = next(s for s in range(4) if not h.has_passed(s))
        act(Pass(seat, tuple(rng.sample(h.held(seat), h.rules.pass_count))))
    elif h.phase == "play":
        seat = h.turn
        if h.rules.tram == "claim" and h.can_claim(seat) and rng.random() < 0.5:
            act(Claim(seat))
        else:
            act(Play(seat, rng.choice(h.legal_plays(seat))))
    elif h.phase == "moon-choice":
        act(MoonChoice(h.turn, rng.choice(["add", "subtract"])))
    else:  # pragma: no cover - callers stop at "done"
        raise AssertionError(f"no action in phase {h.phase}")


def random_hand(h: Hand, rng: random.Random) -> Hand:
    """Play a whole hand (passes included) with random legal actions."""
    while not h.done:
        random_step(h, rng)
    return h


def random_game(rules: Rules, seed: int, max_hands: int = 400) -> Game:
    """A whole game driven by random legal actions from a seeded generator."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    while not g.over:
        assert g.hand_number < max_hands, "game does not end"
        random_step(g.hand, rng, g.apply)
    return g


# A deal where seat 0 takes every card: seat 0 holds all clubs, the others one suit each.
SUN_DEAL = deal(
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
)

# Seat 3 wins trick 1 (2C 3C 4C 5C, no points), seat 0 wins trick 2 with AC and then
# holds the top of every suit it has: it takes every other card, JD included (moon, no sun).
MOON_DEAL = deal(
    "2C 9C TC JC QC KC AC AS KS QS AH KH QH",
    "3C 7C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "4C 8C KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "5C 6C JS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
)
MOON_OPENING = "2C 3C 4C 5C 6C AC 7C 8C"


def moon_hand(rules: Rules, totals: Sequence[int] | None = None, moon: str | None = None,
              jack: bool = True) -> Hand:
    """`MOON_DEAL` played out: seat 0 takes every heart, QS and JD, seat 3 took trick 1.
    With ``jack=False`` it is `MOON_NOJACK_DEAL`: seat 3 takes JD on trick 1.

    ``moon`` answers a moon-choice phase if one comes; None leaves it open.
    """
    h = hand(rules, MOON_DEAL if jack else MOON_NOJACK_DEAL, totals=totals)
    play(h, MOON_OPENING if jack else MOON_NOJACK_OPENING)
    while h.phase == "play":
        legal = h.legal_plays(h.turn)
        h.play(h.turn, highest(h, h.turn, legal) if h.turn == 0 else legal[0])
    if h.phase == "moon-choice" and moon is not None:
        h.choose_moon(0, moon)
    return h


# Seat 0 takes every heart and QS but not JD: seat 1 (all diamonds) discards JD on
# trick 1, which seat 3 wins with 5C; seat 0 wins trick 2 with AC and then the rest.
MOON_NOJACK_DEAL = deal(
    "2C 9C TC JC QC KC AC AS KS QS AH KH QH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "3C 4C 7C 8C 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "5C 6C JS 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
)
MOON_NOJACK_OPENING = "2C JD 3C 5C 6C AC 2D 4C"

# A hand whose points split: played by SPLIT_SCRIPT (tram off) it gives
#   seat 0: 4 tricks, 11 hearts (93 at face value), JD;  seat 1: 2 tricks, 7H 4H;
#   seat 2: no trick, no card;  seat 3: 7 tricks, QS, AS and KS, no heart.
# The last six tricks hold no heart, no QS and no JD (KS is in trick 9).
SPLIT_DEAL = deal(
    "2C 2D 3D 4D 5D 6D 7D 8D 9D AH KH QH JH",
    "3C QS TH 9H 8H TD JD QD KD AD 2S 3S 4S",
    "4C 5C 6C 7C 8C 9C TC JC QC KC 7H 6H 5H",
    "AC AS KS JS TS 9S 8S 7S 6S 5S 4H 3H 2H",
)
SPLIT_SCRIPT = [
    "2C 3C 4C AC", "AS 9D QS KC", "2H AH 8H 5H", "KH 9H 6H 3H", "2D TD 7H 4H",
    "TH QC 5S QH", "JH JD JC 6S", "3D QD 5C 7S", "2S 6C KS 4D", "JS 5D 3S 7C",
    "TS 6D 4S 8C", "9S 7D KD 9C", "8S 8D AD TC",
]


def script(h: Hand, tricks: Sequence[str], act: Callable[[int, Card], None] | None = None) -> None:
    """Play scripted cards (in play order) while the hand is in play; stops at a TRAM."""
    act = act or h.play
    for c in parse_cards(" ".join(tricks)):
        if h.phase != "play":
            return
        act(h.turn, c)


def split_hand(rules: Rules, totals: Sequence[int] | None = None) -> Hand:
    h = hand(rules, SPLIT_DEAL, totals=totals)
    script(h, SPLIT_SCRIPT)
    return h


def game_with_deal(rules: Rules, hands: Sequence[Iterable[Card | str]], totals: Sequence[int],
                   seed: int = 0) -> Game:
    """A game whose current hand is ``hands`` (no pass) with the totals so far."""
    g = Game(rules, seed=seed)
    g.totals = list(totals)
    g.hand = Hand.from_deal(rules, [list(x) for x in hands], "hold", dealer=0, totals=totals)
    return g


def split_game(rules: Rules, totals: Sequence[int], seed: int = 0) -> Game:
    """`game_with_deal` on `SPLIT_DEAL`, played by `SPLIT_SCRIPT` to the end of the hand."""
    g = game_with_deal(rules, SPLIT_DEAL, totals, seed)
    h = g.hand
    script(h, SPLIT_SCRIPT, g.play)
    return g


# -- an independent reference for scoring and game end, written from docs/rules.md ---------------
def card_value(rules: Rules, card: Card) -> int:
    """Penalty value of one card (JD excluded: it is a bonus)."""
    text = str(card)
    if card.suit == 2:
        return 1 if rules.heart_points == "one" else card.rank + 2
    if text == "QS":
        return rules.queen_points
    if rules.high_spades and text in ("AS", "KS"):
        return {"AS": 7, "KS": 10}[text]
    return 0


def is_penalty(rules: Rules, card: Card) -> bool:
    return card.suit == 2 or str(card) == "QS" or (rules.high_spades and str(card) in ("AS", "KS"))


def reference_points(rules: Rules, h: Hand) -> list[int]:
    """A finished hand's points computed from the cards each seat took."""
    taken = [set(h.taken(s)) for s in range(4)]
    won = [h.tricks_won(s) for s in range(4)]
    pen_cards = {c for c in CARDS if is_penalty(rules, c)}
    m = sum(card_value(rules, c) for c in pen_cards)
    need = pen_cards | ({Card.parse("JD")} if rules.moon_needs_jack else set())
    shooter = None
    if rules.moon != "off":
        shooter = next((s for s in range(4) if need <= taken[s]), None)
    jd = Card.parse("JD")
    if shooter is None:
        assert h.moon is None
        pts = [sum(card_value(rules, c) for c in taken[s]) for s in range(4)]
        for s in range(4):
            clean = won[s] == 0 if rules.clean_hand == "no-tricks" else not taken[s] & pen_cards
            if clean:
                pts[s] += rules.clean_hand_bonus
            if jd in taken[s]:
                pts[s] += rules.jack_of_diamonds
        return pts
    sun = rules.sun != "off" and won[shooter] == 13
    assert h.moon is not None and h.moon.shooter == shooter and h.moon.sun == sun
    choice = h.moon.choice
    assert choice in ("add", "subtract")
    if rules.moon in ("add", "subtract"):
        assert choice == rules.moon
    if rules.moon == "new-moon" and h.totals[shooter] < m:
        assert choice == "add"
    if rules.moon == "auto":
        value = rules.sun_value if sun and rules.sun == "others" else m
        added = [0 if s == shooter else value for s in range(4)]
        if sun and rules.sun == "bonus":
            added[shooter] += rules.sun_value
        if rules.bonuses_on_moon == "jack":
            added = [a + (rules.jack_of_diamonds if jd in taken[s] else 0) for s, a in enumerate(added)]
        after = [t + a for t, a in zip(h.totals, added)]
        if rules.floor_at_zero:
            after = [max(t, 0) for t in after]
        if rules.exact_target == "halves":
            after = [rules.target // 2 if t == rules.target else t for t in after]
        winners = game_over_reference(rules, after)
        assert choice == ("subtract" if winners is not None and shooter not in winners else "add")
    value = rules.sun_value if sun and rules.sun == "others" else m
    if choice == "add":
        pts = [0 if s == shooter else value for s in range(4)]
    else:
        pts = [-value if s == shooter else 0 for s in range(4)]
    if sun and rules.sun == "bonus":
        pts[shooter] += rules.sun_value
    if rules.bonuses_on_moon == "jack":
        for s in range(4):
            if jd in taken[s]:
                pts[s] += rules.jack_of_diamonds
    return pts


def check_hand(h: Hand) -> None:
    """Invariants of a finished hand: every card played once, points as the reference."""
    assert h.done
    cards = [c for t in h.tricks for c in t.cards]
    if h.tram is None:
        assert len(h.tricks) == 13
    else:
        cards += [c for held in h.tram.cards for c in held]
    assert len(cards) == 52 and set(cards) == set(CARDS)
    assert sorted(c for s in range(4) for c in h.taken(s)) == sorted(
        cards if h.tram is None or h.tram.seat is not None else
        [c for t in h.tricks for c in t.cards])
    if h.tram is None or h.tram.seat is not None:
        assert sum(h.tricks_won(s) for s in range(4)) == 13
    assert h.points() == reference_points(h.rules, h)


def game_over_reference(rules: Rules, totals: Sequence[int]) -> list[int] | None:
    """Who shares the win after a hand with these totals (None: play on); for
    ties="random" the seats the winner is drawn from."""
    exact = [s for s in range(4) if totals[s] == rules.target]
    if rules.exact_target == "wins" and exact:
        return exact
    over = any(t >= rules.target if rules.end_when == "reach" else t > rules.target for t in totals)
    if not over:
        return None
    low = min(totals)
    lowest = [s for s in range(4) if totals[s] == low]
    if len(lowest) > 1 and rules.ties == "play-on":
        return None
    return lowest


def check_game(g: Game) -> None:
    """Totals follow the hands' points and the game ended exactly when the rules say."""
    rules = g.rules
    totals = [0, 0, 0, 0]
    for i, r in enumerate(g.results):
        totals = [t + p for t, p in zip(totals, r.points)]
        if rules.floor_at_zero:
            totals = [max(t, 0) for t in totals]
        if rules.exact_target == "halves":
            totals = [rules.target // 2 if t == rules.target else t for t in totals]
        assert list(r.totals) == totals
        end = game_over_reference(rules, totals)
        if i < len(g.results) - 1:
            assert end is None
    assert g.totals == totals
    if g.over:
        assert end is not None
        if rules.ties == "random":
            assert len(g.winners) == 1 and g.winners[0] in end
        else:
            assert g.winners == end
    if rules.display == "countdown":
        assert g.display_totals() == [rules.target - t for t in totals]


def checked_random_game(rules: Rules, seed: int, max_hands: int = 400) -> Game:
    """`random_game` with every finished hand and the game checked against the reference."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    n = 0
    while not g.over:
        assert g.hand_number < max_hands, "game does not end"
        random_step(g.hand, rng, g.apply)
        if len(g.results) > n:
            n = len(g.results)
            check_hand(g.last_hand)
    check_game(g)
    return g


def reference_legal(h: Hand, seat: int) -> list[Card]:
    """The cards ``seat`` may play now, written from docs/rules.md (independent of the engine)."""
    rules = h.rules
    if h.phase != "play" or seat != h.turn:
        return []
    held = h.held(seat)
    first = not h.tricks
    if h.trick:
        led = h.trick[0][1].suit
        follow = [c for c in held if c.suit == led]
        if follow:
            return follow
        if first and rules.first_trick != "anything":
            barred = {c for c in CARDS if is_penalty(rules, c)}
            if rules.first_trick == "hearts-if-void":
                barred = {c for c in barred if c.suit != 2}
            return [c for c in held if c not in barred] or held
        return held
    if first and rules.first_lead == "two-of-clubs":
        return [Card.parse("2C")]
    if first and rules.first_lead == "any-club":
        return [c for c in held if c.suit == 0]
    played = [c for t in h.tricks for c in t.cards]
    broken = any(c.suit == 2 or (str(c) == "QS" and rules.queen_breaks_hearts) for c in played)
    if broken or (rules.hearts_break == "free" and not first):
        return held
    others = [c for c in held if c.suit != 2]
    if not others or (rules.lead_hearts_over_queen and [str(c) for c in others] == ["QS"]):
        return held
    return others


def reference_leader(h: Hand) -> int:
    """Who leads trick 1."""
    if h.rules.first_lead == "left-of-dealer":
        return (h.dealer + 1) % 4
    holder = [s for s in range(4) if Card.parse("2C") in h.held(s)]
    return holder[0]
