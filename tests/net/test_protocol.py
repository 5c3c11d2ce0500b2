"""The codec's limits, intent checks and the wire views."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.engine import Game, Rules, View
from hearts.net.protocol import (Decoder, ProtocolError, check_intent, clean_name, encode, intent)
from hearts.net.limits import Limits
from hearts.net.views import (PUBLIC_KEYS, SEAT_KEYS, WATCHER_PAIRS, public_pairs, public_part,
                       seat_pairs, seat_view, view_bytes, watcher_view)


def test_decoder_splits_and_joins_frames() -> None:
    msgs = [intent("play", card="QS"), intent("chat", text="hi"), intent("leave")]
    data = b"".join(encode(m) for m in msgs)
    dec = Decoder()
    out = []
    for i in range(0, len(data), 3):
        out += dec.feed(data[i:i + 3])
    assert out == msgs


def test_many_small_frames_in_one_read_pass_the_buffer_limit() -> None:
    lim = Limits(max_frame=1024)
    one = encode(intent("chat", text="x" * 200))
    assert len(Decoder(lim).feed(one * 50)) == 50


@pytest.mark.parametrize("payload, code", [
    (msgpack.packb({"type": "chat", "text": "x" * 2000}), "too-large"),
    (msgpack.packb(list(range(300))), "too-large"),
    (msgpack.packb({str(i): i for i in range(100)}), "too-large"),
    (b"\xc1", "bad-frame"),
    (b"\xa2\xff\xfe", "bad-frame"),
])
def test_decoder_limits(payload: bytes, code: str) -> None:
    with pytest.raises(ProtocolError) as e:
        Decoder(Limits(max_frame=1024)).feed(payload)
    assert e.value.code == code and e.value.fatal


def test_frame_over_limit_fed_in_pieces() -> None:
    dec = Decoder(Limits(max_frame=1024))
    data = msgpack.packb({"type": "chat", "text": "y" * 5000})
    with pytest.raises(ProtocolError) as e:
        for i in range(0, len(data), 100):
            dec.feed(data[i:i + 100])
    assert e.value.code == "too-large"


@pytest.mark.parametrize("msg, fragment", [
    ({"type": "play"}, "card (missing)"),
    ({"type": "play", "card": 7}, "card as str"),
    ({"type": "sit", "table": True}, "table as int"),
    ({"type": "sit", "table": 1, "seat": 4}, "seat from 0 to 3"),
    ({"type": "moon", "choice": "both"}, "'add' or 'subtract'"),
    ({"type": "pass", "cards": ["QS"] * 14}, "at most 13"),
    ({"type": "chat", "text": "\x00\x01"}, "not empty"),
])
def test_intent_checks(msg: dict, fragment: str) -> None:
    with pytest.raises(ProtocolError) as e:
        check_intent(msg)
    assert e.value.code == "bad-message" and fragment in e.value.message


def test_unknown_type_and_extra_fields() -> None:
    with pytest.raises(ProtocolError) as e:
        check_intent({"type": "teleport"})
    assert e.value.code == "unknown-type"
    assert check_intent({"type": "play", "card": "QS", "junk": 1}) == {"type": "play",
                                                                       "card": "QS"}


def test_names_and_chat_are_cleaned() -> None:
    assert clean_name("  /Ann\x00\u202e  B  ", 24) == "Ann B"
    assert clean_name("z" * 100, 24) == "z" * 23 + "…"
    assert clean_name("Annabelle Featherstonehaugh", 24) == "Annabelle Featherstoneh…"
    assert clean_name("Annabelle Featherstone  XY", 24) == "Annabelle Featherstone…"
    assert clean_name("z" * 24, 24) == "z" * 24
    assert check_intent({"type": "chat", "text": "a\n\tb" + "c" * 200})["text"][:3] == "a b"
    assert len(check_intent({"type": "chat", "text": "c" * 300 + "\x00 "})["text"]) == 300
    with pytest.raises(ProtocolError) as e:
        check_intent({"type": "chat", "text": "c" * 500})
    assert e.value.code == "too-long" and "at most 300 characters" in e.value.message


@pytest.mark.parametrize("preset", ["standard", "black-maria", "hearts2"])
def test_wire_views_equal_engine_views(preset: str) -> None:
    rules = Rules.preset(preset).replace(open_hands=True)
    rng = random.Random(preset)
    game = Game(rules, seed=3)
    checked = 0
    while not game.over and checked < 300:
        hand = game.hand
        pub = public_part(hand)
        packed = public_pairs(hand)
        assert tuple(pub) == PUBLIC_KEYS
        for seat in range(4):
            for reveal in (False, True):
                wire = seat_view(hand, seat, pub, reveal)
                engine = View.of(hand, seat, reveal).to_dict()
                del engine["rules"]
                assert wire == engine
                assert set(wire) == set(PUBLIC_KEYS + SEAT_KEYS)
                # the packed form an update carries decodes to the same view
                assert msgpack.unpackb(view_bytes(packed, seat_pairs(hand, seat, reveal))) \
                    == wire
                assert View.from_dict({**wire, "rules": rules.to_dict()}) == \
                    View.of(hand, seat, reveal)
        w = watcher_view(pub)
        assert w["hand"] == [] and w["legal"] == [] and w["received"] is None
        assert msgpack.unpackb(view_bytes(packed, WATCHER_PAIRS)) == w
        checked += 1
        if hand.phase == "pass":
            s = next(s for s in range(4) if not hand.has_passed(s))
            game.pass_cards(s, rng.sample(hand.held(s), rules.pass_count))
        elif hand.phase == "play":
            game.play(hand.turn, rng.choice(hand.legal_plays(hand.turn)))
        else:
            game.choose_moon(hand.turn, "add")
    assert checked > 50


def test_a_frame_just_under_the_limit_after_a_partial_read_passes() -> None:
    lim = Limits(max_frame=1024)
    small = encode(intent("chat", text="s" * 100))
    big = encode({"type": "chat", "text": "b" * 980})
    assert len(big) < 1024
    dec = Decoder(lim)
    data = small + big + small
    out = dec.feed(data[:len(small) + 500])
    out += dec.feed(data[len(small) + 500:])
    assert len(out) == 3


def test_packed_card_lists_equal_plain_ones() -> None:
    from hearts.net.views import _mask_packed, _mask_strs
    rng = random.Random(5)
    for _ in range(2000):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        assert msgpack.unpackb(_mask_packed(mask)) == list(_mask_strs(mask))
    assert msgpack.unpackb(_mask_packed(0)) == []
    assert len(msgpack.unpackb(_mask_packed((1 << 52) - 1))) == 52


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1)
    | st.floats(allow_nan=False) | st.text(max_size=300) | st.binary(max_size=300),
    lambda inner: st.lists(inner, max_size=20) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=10),
    max_leaves=60)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(_VALUES, min_size=1, max_size=4), cuts=st.lists(st.integers(1, 64)))
def test_any_frames_within_limits_come_through_however_split(values: list, cuts: list) -> None:
    # the scan of partial frames refuses nothing msgpack itself would accept
    data = b"".join(encode(v) for v in values)
    dec = Decoder()
    out, pos = [], 0
    for cut in cuts + [len(data)]:
        out += dec.feed(data[pos:pos + cut])
        pos += cut
    assert out == [msgpack.unpackb(encode(v), raw=False, strict_map_key=False) for v in values]


@pytest.mark.parametrize("header", [
    b"\xdb\x00\x01\x00\x00",            # str32 of 65,536 bytes (limit 64 KB with its header)
    b"\xda\xff\xff" + b"a" * 10,        # str16 of 65,535 bytes, with a few bytes already in
    b"\xc6\x7f\xff\xff\xff",            # bin32 of 2 GB
    b"\xc9\x00\x10\x00\x00\x01",        # ext32
])
def test_a_declared_size_over_the_limit_is_refused_before_its_bytes(header: bytes) -> None:
    for prefix in (b"", b"\x92\xa1x", b"\x81\xa4text"):    # at the top, in an array, a map
        dec = Decoder(Limits(max_frame=64 * 1024))
        frame = prefix + header
        with pytest.raises(ProtocolError) as e:
            for i in range(len(frame)):                    # byte by byte, like a trickle
                dec.feed(frame[i:i + 1])
        assert e.value.code == "too-large" and e.value.fatal
    # just under the limit is waited for, and then accepted
    dec = Decoder(Limits(max_frame=64 * 1024))
    body = b"x" * (64 * 1024 - 10)
    frame = b"\xdb" + len(body).to_bytes(4, "big") + body
    assert dec.feed(frame[:7]) == []
    assert dec.feed(frame[7:]) == [body.decode()]


def test_a_map_with_an_int_key_or_an_ext_value_is_a_bad_message_not_a_bad_frame() -> None:
    """Well framed, wrong content: decoded, then refused by the check (connection kept)."""
    for payload in (msgpack.packb({1: 2}), msgpack.packb(msgpack.ExtType(3, b"z")),
                    msgpack.packb({"type": "set_rules", "rules": {1: 2}})):
        [msg] = Decoder().feed(payload)
        with pytest.raises(ProtocolError) as e:
            check_intent(msg)
        assert e.value.code == "bad-message" and not e.value.fatal

