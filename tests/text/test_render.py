"""The text renderer on real engine views: hands grouped by suit, turns, legal cards, scores."""

from __future__ import annotations

from typing import Any

from hearts.engine import Card, Hand, Rules
from hearts.text.render import TextRenderer, card_text, cards_text, suit_lines

NAMES = ["Ann", "Bob", "Cy", "Di"]


def seats(kinds: tuple[str, ...] = ("human", "bot", "bot", "bot")) -> list[dict[str, Any]]:
    return [{"seat": i, "kind": k, "name": NAMES[i], "level": "easy" if k == "bot" else None,
             "connected": True, "auto": False} for i, k in enumerate(kinds)]


def table_msg(seat: int | None, view: dict | None, rules: Rules | None = None,
              owner: bool = True) -> dict[str, Any]:
    rules = rules or Rules()
    return {"type": "table", "seat": seat, "owner": owner, "view": view, "seq": 1,
            "table": {"id": 3, "name": "den", "owner": "Ann", "summary": rules.summary(),
                      "rules": rules.to_dict(), "state": "playing", "seats": seats(),
                      "watchers": 0, "hand": 0, "totals": [0, 0, 0, 0]}}


def wire_view(hand: Hand, seat: int) -> dict[str, Any]:
    """A view as the host sends it (without the rules, which travel in `table`)."""
    d = hand.view(seat).to_dict()
    d.pop("rules")
    return d


def test_cards_as_text() -> None:
    assert card_text("QS") == "QS"
    assert card_text("QS", symbols=True) == "Q♠"
    assert card_text("TH", symbols=True) == "10♥"
    assert cards_text([]) == "none"
    assert cards_text(["2C", "TD"], symbols=True) == "2♣ 10♦"
    # every symbol form reads back as the same card
    for c in ("2C", "TD", "QH", "AS"):
        assert str(Card.parse(card_text(c, True))) == c


def test_suit_lines_group_and_sort() -> None:
    assert suit_lines(["KC", "2C", "TH", "9C", "5C", "AS"]) == [
        "  clubs: 2 5 9 K", "  hearts: 10", "  spades: A"]
    assert suit_lines(["QS", "3D"], symbols=True) == ["  ♦ diamonds: 3", "  ♠ spades: Q"]
    assert suit_lines([]) == []


def test_pass_prompt_shows_hand_direction_and_target() -> None:
    hand = Hand.deal(Rules(), 4, "left")
    r = TextRenderer()
    lines = r.render(table_msg(0, wire_view(hand, 0)))
    assert lines[0] == 'You sit at table 3 "den", and you own it.'
    text = "\n".join(lines)
    assert "Seats: South: Ann (you), West: Bob (easy bot), North: Cy (easy bot), East: Di (easy bot)." in text
    assert "Pass 3 cards left to Bob. Type pass and 3 cards" in text
    shown = [line for line in lines if line.startswith("  ")]
    assert shown == suit_lines([str(c) for c in hand.held(0)])
    # the same view again does not repeat the prompt; `hand` (force) does
    assert r.render({"type": "update", "table": 3, "seq": 2, "events": [{"type": "passed",
                     "seat": 2}], "view": wire_view(hand, 0)}) == ["Cy has passed."]
    assert any(line.startswith("Pass 3 cards") for line in r.state_lines())


def _to_play(hand: Hand) -> Hand:
    for s in range(4):
        hand.pass_cards(s, hand.held(s)[:3])
    return hand


def test_play_prompt_lists_exactly_the_legal_cards() -> None:
    hand = _to_play(Hand.deal(Rules(), 9, "right"))
    leader = hand.turn
    assert leader is not None
    r = TextRenderer()
    lines = r.render(table_msg(leader, wire_view(hand, leader)))
    assert "You lead." in lines
    assert f"Your turn: play one of {' '.join(str(c) for c in hand.legal_plays(leader))}." \
        in lines
    # the leader plays; the next seat's client shows the trick so far and its legal cards
    first = hand.legal_plays(leader)[0]
    hand.play(leader, first)
    nxt = hand.turn
    assert nxt is not None
    r2 = TextRenderer(symbols=True)
    r2.render(table_msg(nxt, None))
    lines = r2.render({"type": "update", "table": 3, "seq": 5, "view": wire_view(hand, nxt),
                       "events": [{"type": "card_played", "seat": leader, "card": str(first)}]})
    assert lines[0] == f"{NAMES[leader]} plays {first.symbol}."
    assert f"Trick 1 so far: {NAMES[leader]} {first.symbol}." in lines
    legal = " ".join(c.symbol for c in hand.legal_plays(nxt))
    assert lines[-1] == f"Your turn: play one of {legal}."


def test_a_refused_card_repeats_the_prompt() -> None:
    hand = _to_play(Hand.deal(Rules(), 9, "right"))
    seat = hand.turn
    r = TextRenderer()
    r.render(table_msg(seat, wire_view(hand, seat)))
    lines = r.render({"type": "error", "code": "illegal", "ref": "play",
                      "message": "you must lead the 2 of clubs"})
    assert lines[0] == "error: you must lead the 2 of clubs"
    assert lines[-1].startswith("Your turn: play one of ")
    # an error about anything else does not
    assert r.render({"type": "error", "code": "no-table", "ref": "sit",
                     "message": "there is no table 9"}) == ["error: there is no table 9"]


def test_watchers_get_no_prompt_and_see_plays() -> None:
    hand = _to_play(Hand.deal(Rules(), 2, "left"))
    public = wire_view(hand, 0)
    public.update(seat=None, hand=[], legal=[], passed=None, received=None)
    r = TextRenderer()
    lines = r.render(table_msg(None, public, owner=False))
    assert lines[0] == 'You are watching table 3 "den".'
    assert not any("Your turn" in line for line in lines)
    assert any(line.startswith("Waiting for ") for line in r.state_lines())


def test_scores_game_over_and_winners() -> None:
    r = TextRenderer()
    r.render(table_msg(1, None, owner=False))
    lines = r.render({"type": "update", "table": 3, "seq": 9, "view": None, "events": [
        {"type": "trick_taken", "winner": 1, "leader": 0, "cards": ["2H", "QS", "3H", "4H"],
         "points": 16},
        {"type": "hand_scored", "hand": 4, "points": [0, 26, 0, 0], "totals": [50, 101, 20, 20],
         "moon": None},
        {"type": "game_over", "totals": [50, 101, 20, 20], "winners": [2, 3], "results": []}]})
    assert lines == [
        "You take the trick (2H QS 3H 4H): 16 points.",
        "Hand 5 is over. Points: Ann 0, you +26, Cy 0, Di 0.",
        "Scores: Ann 50, you 101, Cy 20, Di 20.",
        "Game over. Final scores: Ann 50, you 101, Cy 20, Di 20.",
        "Cy and Di share the win!",
        "Ann starts the next game.",              # what you can do next: wait for the owner
    ]


def test_countdown_scores_count_down() -> None:
    rules = Rules(display="countdown", target=100)
    r = TextRenderer()
    r.render(table_msg(0, None, rules))
    lines = r.render({"type": "update", "table": 3, "seq": 2, "view": None, "events": [
        {"type": "hand_scored", "hand": 0, "points": [3, 10, 13, 0], "totals": [3, 10, 13, 0]}]})
    assert lines[-1] == "Scores: you 97 left, Bob 90 left, Cy 87 left, Di 100 left."


def test_chat_replies_connection_and_moon_lines() -> None:
    r = TextRenderer()
    assert r.render({"type": "welcome", "host": "den", "name": "Ann", "token": "x",
                     "player": 1}) == ["Connected to den as Ann. Type help for the commands."]
    r.render(table_msg(0, None))
    assert r.render({"type": "update", "table": 3, "seq": 2, "view": None, "events": [
        {"type": "chat", "name": "Bob", "seat": 1, "text": "hi all"}]}) == ["Bob: hi all"]
    assert r.render({"type": "reply", "text": "the game has started", "ok": True}) == [
        "the game has started"]
    assert r.render({"type": "reply", "text": "only the owner can", "ok": False}) == [
        "host: only the owner can"]
    assert r.render({"type": "reply", "ok": True, "text": "Commands:\n/help - this list\n"
                     "/who - the people"}) == ["Commands:", "  /help - this list",
                                               "  /who - the people"]
    assert r.render({"type": "reply", "ok": True, "text": "Tables:\n1: den [waiting, standard] "
                     "Ann\n2: Bo's table [playing, omnibus] Bo"}) == [
        "Tables:", "  1: den [waiting, standard] Ann", "  2: Bo's table [playing, omnibus] Bo"]
    assert r.render({"type": "hint", "cards": ["QS"], "reason": "dump the queen",
                     "moon": None}) == ["Hint: QS (dump the queen)."]
    assert r.render({"type": "disconnected", "reason": "the host went silent"}) == [
        "Connection lost (the host went silent); reconnecting..."]
    assert r.render({"type": "welcome", "host": "den", "name": "Ann", "token": "x",
                     "player": 1}) == ["Reconnected to den."]
    assert r.render({"type": "update", "table": 3, "seq": 3, "view": None, "events": [
        {"type": "moon_shot", "shooter": 2, "sun": False},
        {"type": "moon_chosen", "shooter": 2, "choice": "add"}]}) == [
        "Cy shot the moon!", "Cy chose to add the points to the others."]
    assert r.render({"type": "left", "table": 3, "reason": "kicked"})[0] == (
        "The owner of table 3, “den”, removed you from it.")      # the table named
    assert r.state_lines()[0].startswith("You are not at a table.")


def test_moon_choice_prompt() -> None:
    view = wire_view(_to_play(Hand.deal(Rules(), 1, "left")), 0)
    view.update(phase="moon-choice", turn=0)
    r = TextRenderer()
    lines = r.render(table_msg(0, view))
    assert lines[-1].startswith("You shot the moon: type moon add")


def test_locked_tables_and_the_password_error() -> None:
    r = TextRenderer()
    listing = r.render({"type": "tables", "tables": [
        {"id": 1, "name": "Den", "state": "waiting", "summary": "standard", "locked": True,
         "seats": seats(), "watchers": 0},
        {"id": 2, "name": "Open", "state": "waiting", "summary": "standard", "locked": False,
         "seats": seats(), "watchers": 0}]})
    assert listing[1].startswith('  table 1 "Den" (locked: friends only): waiting')
    assert listing[2].startswith('  table 2 "Open": waiting')
    # seats by place, the words sit takes (no numbers 0-3)
    assert "seats south Ann, west Bob (bot), north Cy (bot), east Di (bot)" in listing[1]
    assert listing[-1].endswith("; a locked table needs sit N password WORD.")
    err = {"type": "error", "code": "password", "ref": "sit",
           "message": "table 1 is for friends only: it needs its password"}
    r.joining = ("sit", {"table": 1, "seat": 2})
    assert r.render(err) == ["error: table 1 is for friends only; type sit 1 north password WORD "
                             "with the password its owner gave you."]
    r.joining = ("watch", {"table": 1, "password": "owl"})
    assert r.render({**err, "ref": "watch"}) == [
        "error: that password does not open table 1; type watch 1 password WORD with the "
        "password its owner gave you (capitals count)."]
    assert "password WORD" in r.presets_help() and "/password off" in r.presets_help()


def test_the_prompt_offers_a_claim_only_when_sure() -> None:
    from tests.engine.builders import MOON_DEAL, MOON_OPENING, hand as built, play
    rules = Rules(tram="claim")
    h = built(rules, MOON_DEAL)
    r = TextRenderer()
    lines = r.render(table_msg(h.turn, wire_view(h, h.turn), rules))
    assert not any("type claim" in line for line in lines)      # trick 1: not sure yet
    play(h, MOON_OPENING)
    assert h.can_claim(0)
    lines = r.render(table_msg(0, wire_view(h, 0), rules))
    assert lines[-1] == "You are sure to win every trick left: type claim to take them now."
    off = Rules(tram="off")
    lines = TextRenderer().render(table_msg(0, wire_view(h, 0), off))
    assert not any("type claim" in line for line in lines)


def test_the_tables_list_names_the_places_in_the_readers_language() -> None:
    """French: "seats sud Ann, ouest Bob (bot)...", not the English words beside "Sud,
    Ouest"; in every language `sit N PLACE` takes the listed word back (and the English)."""
    from hearts import i18n
    from hearts.text.commands import parse_line
    try:
        for lang in i18n.available()[1:]:
            i18n.set_language(lang)
            tr = i18n.translation(lang)
            listing = TextRenderer().render({"type": "tables", "tables": [
                {"id": 1, "name": "Den", "state": "waiting", "summary": "standard",
                 "seats": seats(), "watchers": 0}]})
            south, west = tr.gettext("south"), tr.gettext("west")
            assert south != "south" and west != "west", lang
            assert f"{south} Ann" in listing[1] and f"{west} Bob" in listing[1], listing
            assert " south " not in listing[1] and " west " not in listing[1], listing
            for word, seat in ((west, 1), (west.upper(), 1), ("west", 1), ("1", 1)):
                assert parse_line(f"sit 1 {word}").fields == {"table": 1, "seat": seat}
    finally:
        i18n.set_language(None)
