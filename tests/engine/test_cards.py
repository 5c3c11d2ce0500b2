"""Cards: parsing, interning, order, masks."""

import pickle

import pytest

from hearts.engine import CARDS, Card, cards_of, mask_of, parse_cards


def test_52_distinct_cards_in_index_order():
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert [str(c) for c in CARDS[:3]] == ["2C", "3C", "4C"]
    assert str(CARDS[13]) == "2D" and str(CARDS[26]) == "2H" and str(CARDS[51]) == "AS"
    assert all(c.index == i and c.mask == 1 << i for i, c in enumerate(CARDS))
    assert sorted(CARDS) == list(CARDS)


@pytest.mark.parametrize("text,expected", [
    ("QS", "QS"), ("qs", "QS"), (" 7h ", "7H"), ("10h", "TH"), ("td", "TD"),
    ("Q♠", "QS"), ("A♥", "AH"), ("2♣", "2C"), ("J♦", "JD"),
])
def test_parse_accepts_common_spellings(text, expected):
    assert str(Card.parse(text)) == expected


def test_cards_are_interned():
    assert Card.parse("QS") is Card.parse("qs") is Card(10, 3)
    assert Card.parse(Card.parse("2C")) is Card.parse("2C")
    assert pickle.loads(pickle.dumps(Card.parse("JD"))) is Card.parse("JD")


@pytest.mark.parametrize("text", ["", "1S", "QX", "QSS", "11H", "S Q"])
def test_parse_rejects_nonsense_in_one_sentence(text):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


def test_parse_rejects_non_text():
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(12)


def test_rank_and_suit_bounds():
    with pytest.raises(ValueError):
        Card(13, 0)
    with pytest.raises(ValueError):
        Card(0, 4)


def test_symbols():
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("QS").symbol == "Q♠"


def test_masks_round_trip():
    cards = parse_cards("2C, AS QH 7D")
    m = mask_of(cards)
    assert m.bit_count() == 4
    assert cards_of(m) == sorted(cards)
    assert mask_of(["2C", "AS", "QH", "7D"]) == m
    assert cards_of((1 << 52) - 1) == list(CARDS)
    assert cards_of(0) == []
