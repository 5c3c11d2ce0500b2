"""Cards, suits and 52-bit card masks.

A card's index is ``suit * 13 + rank`` with ranks 0..12 for ``2..A`` and suits
0..3 for ``C D H S``; its mask is ``1 << index``. `Card` objects are interned:
there are exactly 52 and ``Card.parse("QS") is Card.parse("QS")``.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from hearts.i18n import T_

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

SUIT_BITS = 0x1FFF
FULL_DECK = (1 << 52) - 1
SUIT_MASK = tuple(SUIT_BITS << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASK[HEARTS]


class Card:
    """One of the 52 playing cards; compare, hash and sort like values."""

    __slots__ = ("index", "rank", "suit", "mask", "_text")

    index: int
    rank: int
    suit: int
    mask: int
    _text: str

    def __new__(cls, rank: int, suit: int) -> "Card":
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        return CARDS[suit * 13 + rank]

    @classmethod
    def _make(cls, index: int) -> "Card":
        card = object.__new__(cls)
        card.index = index
        card.rank = index % 13
        card.suit = index // 13
        card.mask = 1 << index
        card._text = RANKS[card.rank] + SUITS[card.suit]
        return card

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Parse ``"QS"``, ``"10h"``, ``"td"`` or ``"Q♠"`` into a Card."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(T_("not a card: {text}", text=repr(text)))
        card = _BY_NAME.get(text)      # the usual spelling, as every message carries it
        if card is not None:
            return card
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) == 2 and t[1] in SUIT_SYMBOLS:
            t = t[0] + SUITS[SUIT_SYMBOLS.index(t[1])]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(T_("not a card: {text} (write rank then suit, like QS or 7H)",
                                text=repr(text)))
        return CARDS[SUITS.index(t[1]) * 13 + RANKS.index(t[0])]

    @classmethod
    def from_index(cls, index: int) -> "Card":
        return CARDS[index]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``Q♠``; ``10♥`` for tens."""
        rank = "10" if self.rank == 8 else RANKS[self.rank]
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_index, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
_BY_NAME: dict[str, Card] = {c._text: c for c in CARDS}
TWO_CLUBS = Card.parse("2C")
QUEEN_SPADES = Card.parse("QS")
KING_SPADES = Card.parse("KS")
ACE_SPADES = Card.parse("AS")
JACK_DIAMONDS = Card.parse("JD")

def _suit_table(suit: int) -> tuple[tuple[Card, ...], ...]:
    """For each 13-bit rank set, its cards of ``suit`` in rank order: each set is its
    lowest card then the set without it (five times faster to build than card by card,
    which matters to every process's start)."""
    table: list[tuple[Card, ...]] = [()] * (1 << 13)
    for bits in range(1, 1 << 13):
        low = bits & -bits
        table[bits] = (CARDS[suit * 13 + low.bit_length() - 1],) + table[bits ^ low]
    return tuple(table)


# _SUIT_TABLE[s][bits] is the tuple of cards of suit s whose rank bits are set.
_SUIT_TABLE: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_suit_table(s) for s in range(4))


def cards_of(mask: int) -> list[Card]:
    """The cards in a mask, in index order (clubs 2..A, diamonds, hearts, spades)."""
    t = _SUIT_TABLE
    return [
        *t[0][mask & 0x1FFF],
        *t[1][(mask >> 13) & 0x1FFF],
        *t[2][(mask >> 26) & 0x1FFF],
        *t[3][mask >> 39],
    ]


def mask_of(cards: Iterable[Card | str]) -> int:
    """The mask of some cards (strings are parsed)."""
    m = 0
    for c in cards:
        m |= Card.parse(c).mask
    return m


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse ``"2C 3D 4H"`` (or a list of strings or cards) into cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [Card.parse(c) for c in items]


def full_deck() -> list[Card]:
    return list(CARDS)


def iter_bits(mask: int) -> Iterator[int]:
    """Card indices set in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
