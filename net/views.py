"""Views on the wire: `View.to_dict()` without ``rules``, built once per change for all seats.

The public part of a hand (tricks, turn, totals...) is the same for every seat,
so it is built once and each seat adds only its own cards. The result equals
``hand.view(seat, reveal).to_dict()`` minus the ``rules`` key (tests check it);
the rules travel in the ``table`` message instead, which halves every update.

Two forms: dicts (`public_part`, `seat_view`, `watcher_view`) for the rare
``table`` messages, and packed msgpack pairs (`public_pairs`, `seat_pairs`,
`view_bytes`) for the update after every action, where the public part is
packed once and each finished trick only once per hand.
"""

from __future__ import annotations

import functools
import weakref
from functools import lru_cache
from typing import Any

from hearts.engine import CARDS, cards_of

from .protocol import array_header, encode, map_header, pack_pairs

PUBLIC_KEYS = ("phase", "pass_direction", "dealer", "totals", "has_passed", "turn", "leader",
               "trick", "hearts_broken", "cards_left", "taken_points", "tricks_won", "moon",
               "tram", "points", "tricks")
SEAT_KEYS = ("seat", "hand", "passed", "received", "legal", "others", "illegal")


def _strs(cards: Any) -> list[str]:
    return [str(c) for c in cards]


@lru_cache(maxsize=1 << 16)
def _mask_strs(mask: int) -> tuple[str, ...]:
    """Card names of a mask, in the engine's order (a seat's hand changes one card a
    play, so the same masks come back for every message until it plays)."""
    return tuple(str(c) for c in cards_of(mask))


def _suit_packed(suit: int) -> list[bytes]:
    """[rank bits] -> the packed names of those cards of ``suit``, in rank order."""
    table = [b""]
    for bits in range(1, 1 << 13):
        top = bits.bit_length() - 1
        table.append(table[bits ^ (1 << top)] + encode(str(CARDS[suit * 13 + top])))
    return table


_SUIT_PACKED = [_suit_packed(s) for s in range(4)]


@lru_cache(maxsize=1 << 16)
def _mask_packed(mask: int) -> bytes:
    """`_mask_strs` packed as an array, suit by suit from tables."""
    t = _SUIT_PACKED
    return (array_header(mask.bit_count()) + t[0][mask & 0x1FFF] + t[1][(mask >> 13) & 0x1FFF]
            + t[2][(mask >> 26) & 0x1FFF] + t[3][mask >> 39])


def _scalars(hand: Any) -> dict[str, Any]:
    """The public part but for ``tricks``."""
    moon = hand.moon
    tram = hand.tram
    return {
        "phase": hand.phase,
        "pass_direction": hand.pass_direction,
        "dealer": hand.dealer,
        "totals": list(hand.totals),
        "has_passed": [hand.has_passed(s) for s in range(4)],
        "turn": hand.turn,
        "leader": hand.leader,
        "trick": [[s, str(c)] for s, c in hand.trick],
        "hearts_broken": hand.hearts_broken,
        "cards_left": [hand.cards_left(s) for s in range(4)],
        "taken_points": list(hand.taken_points()),
        "tricks_won": [hand.tricks_won(s) for s in range(4)],
        "moon": None if moon is None else moon.wire(hand.rules),
        "tram": None if tram is None else
        {"seat": tram.seat, "cards": [_strs(h) for h in tram.cards], "claimed": tram.claimed},
        "points": list(hand.points()) if hand.done else None,
    }


def _trick_list(trick: Any) -> list[Any]:
    return [trick.leader, _strs(trick.cards), trick.winner]


def public_part(hand: Any) -> dict[str, Any]:
    """Everything any seat may see of ``hand``."""
    d = _scalars(hand)
    d["tricks"] = [_trick_list(t) for t in hand.tricks]
    return d


def seat_view(hand: Any, seat: int, public: dict[str, Any], reveal: bool = False
              ) -> dict[str, Any]:
    """``seat``'s view: the public part plus its own cards (every hand with ``reveal``)."""
    passed = hand.passed(seat)
    received = hand.received(seat)
    d = dict(public)
    d["seat"] = seat
    d["hand"] = list(_mask_strs(hand.held_mask(seat)))
    d["passed"] = None if passed is None else _strs(passed)
    d["received"] = None if received is None else _strs(received)
    d["legal"] = list(_mask_strs(hand.legal_mask(seat)))
    d["others"] = [_strs(hand.held(s)) for s in range(4)] if reveal else None
    d["illegal"] = hand.illegal_reasons(seat)
    return d


def watcher_view(public: dict[str, Any], hand: Any = None) -> dict[str, Any]:
    """A watcher's view: no seat's hidden cards, unless ``hand`` is given (a table of
    four bots, where nobody's cards are secret): then every seat's, in ``others``."""
    d = dict(public)
    d.update({"seat": None, "hand": [], "passed": None, "received": None, "legal": [],
              "others": None if hand is None else [_strs(hand.held(s)) for s in range(4)],
              "illegal": {}})
    return d


# -- packed --------------------------------------------------------------------------------
# id(hand) -> [weakref to the hand, the finished tricks packed so far, their array
# packed]; the entry goes when its hand does. A hand only ever appends tricks (undo
# replays into a new Hand); the identity checks below rebuild an entry all the same
# should that ever change.
_packed_tricks: dict[int, list[Any]] = {}
_NIL = encode(None)
_K = {k: encode(k) for k in ("tricks", *SEAT_KEYS)}
_SEAT_HEAD = [_K["seat"] + encode(s) + _K["hand"] for s in range(4)]
_VIEW_HEADER = map_header(len(PUBLIC_KEYS) + len(SEAT_KEYS))
WATCHER_PAIRS = pack_pairs({"seat": None, "hand": [], "passed": None, "received": None,
                            "legal": [], "others": None, "illegal": {}})


def _forget_tricks(key: int, _ref: object) -> None:
    _packed_tricks.pop(key, None)


def _tricks_packed(hand: Any) -> bytes:
    tricks = hand.tricks
    key = id(hand)
    entry = _packed_tricks.get(key)
    if entry is None or entry[0]() is not hand or len(entry[1]) > len(tricks) or (
            entry[1] and entry[1][-1] is not tricks[len(entry[1]) - 1]):
        ref = weakref.ref(hand, functools.partial(_forget_tricks, key))
        entry = _packed_tricks[key] = [ref, [], array_header(0)]
    done = entry[1]
    if len(done) < len(tricks):
        parts = [entry[2][1 if len(done) < 16 else 3:]]
        for t in tricks[len(done):]:
            done.append(t)
            parts.append(encode(_trick_list(t)))
        entry[2] = array_header(len(done)) + b"".join(parts)
    packed: bytes = entry[2]
    return packed


def public_pairs(hand: Any) -> bytes:
    """`public_part` as packed map pairs (no header), for `view_bytes`."""
    return pack_pairs(_scalars(hand)) + _K["tricks"] + _tricks_packed(hand)


def seat_pairs(hand: Any, seat: int, reveal: bool = False) -> bytes:
    """The pairs `seat_view` adds to the public part, packed."""
    passed = hand.passed_mask(seat)
    received = hand.received_mask(seat)
    return b"".join((
        _SEAT_HEAD[seat], _mask_packed(hand.held_mask(seat)),
        _K["passed"], _NIL if passed is None else _mask_packed(passed),
        _K["received"], _NIL if received is None else _mask_packed(received),
        _K["legal"], _mask_packed(hand.legal_mask(seat)),
        _K["others"], encode([_strs(hand.held(s)) for s in range(4)]) if reveal else _NIL,
        _K["illegal"], encode(hand.illegal_reasons(seat))))


def watcher_pairs(hand: Any, reveal: bool) -> bytes:
    """`WATCHER_PAIRS`, with every seat's cards when ``reveal`` (a table of four bots)."""
    if not reveal:
        return WATCHER_PAIRS
    return pack_pairs({"seat": None, "hand": [], "passed": None, "received": None, "legal": [],
                       "others": [_strs(hand.held(s)) for s in range(4)], "illegal": {}})


def view_bytes(public: bytes, own: bytes) -> bytes:
    """A whole packed view from `public_pairs` and `seat_pairs` (or `WATCHER_PAIRS`)."""
    return _VIEW_HEADER + public + own

