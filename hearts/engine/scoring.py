"""Points of a hand (card values, moon, sun, bonuses) and the end of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import (ACE_SPADES, HEARTS_MASK, JACK_DIAMONDS, KING_SPADES,
                    QUEEN_SPADES, SUIT_BITS)
from .rules import Rules

_FACE_VALUES = [sum(r + 2 for r in range(13) if bits >> r & 1) for bits in range(1 << 13)]


def penalty_mask(rules: Rules) -> int:
    """Cards worth penalty points: hearts, QS, and AS/KS with `high_spades`."""
    m = HEARTS_MASK | QUEEN_SPADES.mask
    if rules.high_spades:
        m |= ACE_SPADES.mask | KING_SPADES.mask
    return m


def moon_mask(rules: Rules) -> int:
    """The cards one player must take to shoot the moon."""
    m = penalty_mask(rules)
    if rules.moon_needs_jack:
        m |= JACK_DIAMONDS.mask
    return m


def point_mask(rules: Rules) -> int:
    """Every card whose taker can change anyone's points (JD included when it counts)."""
    m = moon_mask(rules)
    if rules.jack_of_diamonds:
        m |= JACK_DIAMONDS.mask
    return m


def penalty_points(rules: Rules, taken: int) -> int:
    """Points of the penalty cards in a mask (hearts, QS, high spades; not JD)."""
    hearts = (taken >> 26) & SUIT_BITS
    pts = _FACE_VALUES[hearts] if rules.heart_points == "face" else hearts.bit_count()
    if taken & QUEEN_SPADES.mask:
        pts += rules.queen_points
    if rules.high_spades:
        if taken & ACE_SPADES.mask:
            pts += 7
        if taken & KING_SPADES.mask:
            pts += 10
    return pts


def moon_value(rules: Rules) -> int:
    """M: what all the penalty cards are worth (26 in the standard game)."""
    return penalty_points(rules, penalty_mask(rules))


def moon_stake(rules: Rules, sun: bool) -> int:
    """The points a shot moves (added to each other seat, or taken off the shooter): the
    moon's value, or the sun's where the sun replaces it (``sun=others``)."""
    return rules.sun_value if sun and rules.sun == "others" else moon_value(rules)


@dataclass(frozen=True)
class Moon:
    """A moon shot: who, whether also the sun (every trick), and how it was scored."""

    shooter: int
    sun: bool
    choice: str | None  # "add" | "subtract"; None while the shooter has to choose

    def to_dict(self) -> dict[str, Any]:
        """The wire form: ``{shooter, sun, choice}``."""
        return {"shooter": self.shooter, "sun": self.sun, "choice": self.choice}

    def wire(self, rules: Rules) -> dict[str, Any]:
        """`to_dict` with the points at stake under ``rules`` (``points``: `moon_stake`), as
        views and changes carry it, so that no client works the moon's value out."""
        return {**self.to_dict(), "points": moon_stake(rules, self.sun)}


def find_moon(rules: Rules, taken: list[int], tricks_won: list[int]) -> Moon | None:
    """The moon shot in a finished hand, if any (choice left undecided)."""
    if rules.moon == "off":
        return None
    need = moon_mask(rules)
    for seat in range(4):
        if taken[seat] & need == need:
            return Moon(seat, rules.sun != "off" and tricks_won[seat] == 13, None)
    return None


def hand_points(rules: Rules, taken: list[int], tricks_won: list[int],
                moon: Moon | None) -> list[int]:
    """Each seat's points for a finished hand; ``moon`` must carry its choice."""
    jd = JACK_DIAMONDS.mask
    jd_counts = rules.jack_of_diamonds != 0 and (moon is None or rules.bonuses_on_moon == "jack")
    points = [0, 0, 0, 0]
    if moon is None:
        pen = penalty_mask(rules)
        for s in range(4):
            points[s] = penalty_points(rules, taken[s])
            if rules.clean_hand_bonus and (
                tricks_won[s] == 0 if rules.clean_hand == "no-tricks" else not taken[s] & pen
            ):
                points[s] += rules.clean_hand_bonus
    else:
        value = moon_stake(rules, moon.sun)
        for s in range(4):
            if moon.choice == "subtract":
                points[s] = -value if s == moon.shooter else 0
            else:
                points[s] = 0 if s == moon.shooter else value
        if moon.sun and rules.sun == "bonus":
            points[moon.shooter] += rules.sun_value
    if jd_counts:
        for s in range(4):
            if taken[s] & jd:
                points[s] += rules.jack_of_diamonds
    return points


def apply_hand(rules: Rules, totals: list[int], points: list[int]) -> list[int]:
    """Totals after a hand: added points, then `floor_at_zero` and `exact_target=halves`."""
    new = [t + p for t, p in zip(totals, points)]
    if rules.floor_at_zero:
        new = [max(0, t) for t in new]
    if rules.exact_target == "halves":
        new = [rules.target // 2 if t == rules.target else t for t in new]
    return new


def game_end(rules: Rules, totals: list[int]) -> list[int] | None:
    """After a hand: None if play goes on, else the seats sharing the win.

    Under ``ties="random"`` the list may hold several seats; the caller draws one.
    """
    lowest = min(totals)
    if rules.exact_target == "wins":
        exact = [s for s in range(4) if totals[s] == rules.target]
        if exact:
            return exact
    if rules.end_when == "reach":
        over = any(t >= rules.target for t in totals)
    else:
        over = any(t > rules.target for t in totals)
    if not over:
        return None
    winners = [s for s in range(4) if totals[s] == lowest]
    if len(winners) > 1 and rules.ties == "play-on":
        return None
    return winners


def resolve_moon_choice(rules: Rules, moon: Moon, totals: list[int],
                        taken: list[int], tricks_won: list[int]) -> str | None:
    """The choice the rules make for the shooter, or None when the shooter chooses."""
    mode = rules.moon
    if mode in ("add", "subtract"):
        return mode
    if mode == "choose":
        return None
    if mode == "new-moon":
        return None if totals[moon.shooter] >= moon_value(rules) else "add"
    # auto: add unless adding ends the game without the shooter among the winners
    added = hand_points(rules, taken, tricks_won, Moon(moon.shooter, moon.sun, "add"))
    after = apply_hand(rules, totals, added)
    winners = game_end(rules, after)
    if winners is not None and moon.shooter not in winners:
        return "subtract"
    return "add"
