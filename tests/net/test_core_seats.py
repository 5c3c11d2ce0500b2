"""Seats: bots, taking over a bot between hands, watchers, hints, undo, open hands, console
seat names, a bot's illegal or missing move: decisions of the sans-I/O core, driven
without sockets (`tests.net.lan`)."""

from __future__ import annotations

from hearts.engine import Play

from .lan import Lan, Person


def _game_of_bots() -> tuple[Lan, Person, int]:
    """A host where Ann plays a game against three bots: it, Ann and the table's id."""
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", rules={"target": 60})
    tid = ann.last("table")["table"]["id"]
    ann.send("start")
    assert ann.changes("game_started")
    return lan, ann, tid


def test_person_takes_over_a_bot_at_the_next_hand() -> None:
    lan, ann, tid = _game_of_bots()
    bob = lan.join("Bob")
    bob.send("sit", table=tid, seat=2)
    t = bob.last("table")
    assert t["seat"] is None                     # watching until the hand is over
    assert t["view"]["hand"] == [] and t["view"]["legal"] == []
    hand_no = t["table"]["hand"]
    lan.play([ann], lambda: bob.seat == 2)
    ev = bob.last("table")
    assert ev["table"]["hand"] == hand_no + 1
    assert ev["view"]["seat"] == 2 and len(ev["view"]["hand"]) == 13
    assert lan.core.tables[tid].seats[2].kind == "human"


def test_watcher_sees_no_hidden_cards() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", rules={"target": 5})
    tid = ann.last("table")["table"]["id"]
    eve = lan.join("Eve")
    eve.send("watch", table=tid)
    ann.send("start")
    lan.play([ann], lambda: ann.table.state == "over")
    seen = [m for m in eve.inbox if m["type"] in ("update", "table")]
    assert len(seen) > 20 and eve.table.state == "over"
    for ev in seen:
        v = ev["view"]
        if v is None:
            continue
        assert v["seat"] is None and v["hand"] == [] and v["legal"] == []
        assert v["passed"] is None and v["received"] is None and v["others"] is None
        for e in ev.get("events", []):
            if e["type"] == "cards_received":
                assert "cards" not in e


def test_hint_undo_and_open_hands() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", rules={"pass_count": 0, "allow_undo": True, "open_hands": True})
    ann.send("start")
    assert ann.changes("game_started")
    # Ann's turn comes at once (the bots move in no time here): ask a hint, play it, then
    # take it back
    view = ann.view
    assert view["turn"] == 0
    assert view["others"] is not None and len(view["others"]) == 4   # bots only: open hands
    ann.send("hint")
    hint = ann.last("hint")
    assert len(hint["cards"]) == 1 and hint["cards"][0] in view["legal"] and hint["reason"]
    ann.send("play", card=hint["cards"][0])
    assert any(c["seat"] == 0 for c in ann.changes("card_played"))
    ann.take()
    ann.send("undo")
    assert ann.changes("undone")
    assert hint["cards"][0] in ann.view["hand"]
    ann.send("play", card="XX")
    assert ann.last("error")["code"] == "illegal"


def test_a_hint_computed_after_its_turn_has_passed_is_not_sent() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", rules={"pass_count": 0})
    ann.send("start")
    assert ann.view["turn"] == 0
    core, hand = lan.core, lan.core.tables[1].game.hand
    player = core.player_on(ann.conn)
    asked = hand.view(0)             # the host thinks about this position...
    card = str(asked.legal[-1])
    core.hint_ready(player.id, asked, [card], "the highest", None)
    lan.pump()
    assert ann.last("hint")["cards"] == [card]     # ...and answers while Ann still faces it
    ann.take()
    ann.send("play", card=str(asked.legal[0]))    # Ann plays before the answer comes
    core.hint_ready(player.id, asked, [card], "the highest", None)
    lan.pump()
    assert [m for m in ann.take() if m["type"] == "hint"] == []


def test_bot_levels_and_refusals() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table")
    assert ann.ask("/bot 1 random")["ok"]
    ann.send("bot", seat=2, level="nonsense")
    err = ann.last("error")
    assert err["code"] == "bad-message" and "nonsense" in err["message"]
    ann.take()
    ann.send("bot", seat=0, level="random")
    assert ann.last("error")["code"] == "seat-taken"
    assert ann.ask("/bot 1 off")["ok"]
    assert lan.core.tables[1].seats[1].kind == "empty"


def test_console_names_seats_by_place_name_and_number() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table")
    tid = ann.last("table")["table"]["id"]
    bob = lan.join("Bob")
    bob.send("sit", table=tid, seat=2)
    table = lan.core.tables[tid]

    who = ann.ask("/who")
    assert who["ok"] and ("south (seat 0): Ann (owner); west (seat 1): empty; "
                          "north (seat 2): Bob; east (seat 3): empty") in who["text"]
    # /who from Bob's seat: the places turn with him
    assert "south (seat 2): Bob; west (seat 3): empty; north (seat 0): Ann (owner)" in \
        bob.ask("/who")["text"]

    reply = ann.ask("/bot West easy")            # a place, any case
    assert reply == {"type": "reply", "ok": True, "text": "west (seat 1): easy bot"}
    assert table.seats[1].kind == "bot" and table.seats[1].level == "easy"
    bot = table.seats[1].name
    assert ann.ask(f"/bot {bot.lower()} hard")["text"] == "west (seat 1): hard bot"
    assert table.seats[1].level == "hard"                # by the bot's name
    assert ann.ask("/bot 3 random")["ok"]                # numbers still work
    assert table.seats[3].kind == "bot"
    assert ann.ask("/bot east off")["text"] == "east (seat 3): bot removed"
    assert table.seats[3].kind == "empty"

    bad = ann.ask("/bot sideways easy")
    assert not bad["ok"] and "no seat 'sideways'" in bad["text"] and "south is you" in bad["text"]
    assert "SEAT is a place (south is you" in ann.ask("/help")["text"]

    # /sit with a place moves Bob at his own table (before the game): his west is seat 3
    assert bob.ask("/sit west") == {"type": "reply", "ok": True,
                                    "text": f"you sit at table {tid}, seat 3"}
    assert table.seat_of(bob.token) == 3

    refused = ann.ask("/kick west")               # a bot sits there
    assert not refused["ok"] and refused["text"].startswith(f"west is {bot}, a bot")
    assert ann.ask("/kick east")["text"] == "Bob was kicked"
    assert bob.last("left")["reason"] == "kicked"


def test_a_bots_illegal_or_missing_move_is_replaced_by_a_legal_one() -> None:
    lan = Lan()
    lan.run_bots = False                          # the test answers for the bots
    ann = lan.join("Ann")
    ann.send("create_table", rules={"pass_count": 0}, seat=3)
    ann.send("start")
    core = lan.core
    table = core.tables[1]
    (turn,) = lan.turns                           # one seat to move: the one with 2C
    assert turn.seat == table.waiting_for()[0] != 3 and turn.version == table.version
    hand = table.game.hand
    illegal = next(c for c in hand.held(turn.seat) if c not in hand.legal_plays(turn.seat))
    core.bot_moved(1, turn.seat, turn.version, Play(turn.seat, illegal), lan.now)
    lan.pump()
    played = ann.changes("card_played")
    assert [(e["seat"], e["card"]) for e in played] == [(turn.seat, "2C")]
    # the next bot fails or runs out of time (None) while its thread still thinks: a
    # legal card is played for it, and it is asked nothing until its thread is free
    turn2 = lan.turns[-1]
    assert turn2.seat == (turn.seat + 1) % 4 != 3
    lan.turns.clear()
    core.bot_moved(1, turn2.seat, turn2.version, None, lan.now, busy=True)
    lan.pump()
    assert ann.changes("card_played")[-1]["seat"] == turn2.seat
    assert [t.seat for t in lan.turns] == [(turn2.seat + 1) % 4] or 3 in table.waiting_for()
    lan.turns.clear()
    # a stale answer (the table moved on since) changes nothing
    before = len(table.game.log)
    core.bot_moved(1, turn.seat, turn.version, Play(turn.seat, hand.held(turn.seat)[0]),
                   lan.now)
    lan.pump()
    assert len(table.game.log) == before
    core.bot_free(1, turn2.seat, lan.now)
    lan.pump()


def test_a_hand_left_before_any_move_is_the_bots_in_game_players() -> None:
    # the demo's dealer starts a table of bots and leaves at once: the bot that took its
    # seat played the whole hand, so the score sheet names it, not the dealer
    lan = Lan()
    dealer, eve = lan.join("Dealer"), lan.join("Eve")
    dealer.send("create_table", rules={"target": 60})
    tid = dealer.last("table")["table"]["id"]
    for seat in (1, 2, 3):
        dealer.send("bot", seat=seat, level="random")
    eve.send("watch", table=tid)
    dealer.send("start")
    eve.take()
    dealer.send("leave")
    tables = [m["table"] for m in eve.take() if m["type"] == "table"]
    assert tables and all(t["game_players"][0] == "Ada" for t in tables)
    assert tables[-1]["seats"][0]["name"] == "Ada"
    assert eve.mirror.info is not None and eve.mirror.info.player_name(0) == "Ada"
    assert [who["name"] for who in lan.core.tables[tid].seating[0]] == \
        ["Ada", "Basil", "Clara", "Dexter"]                  # the game's record too


def test_a_hand_left_after_a_move_stays_the_persons_in_game_players() -> None:
    lan = Lan()
    ann, eve = lan.join("Ann"), lan.join("Eve")
    ann.send("create_table", rules={"target": 60})
    tid = ann.last("table")["table"]["id"]
    eve.send("watch", table=tid)
    ann.send("start")
    ann.send("pass", cards=ann.view["hand"][:3])
    ann.send("leave")
    assert eve.last("table")["table"]["seats"][0]["name"] == "Ada"
    first = lan.core.tables[tid].seating[0]
    assert first[0]["name"] == "Ann"                                   # her pass was in it
    # the bots played the hand out, and a bot made most of her seat's moves: the hand is
    # the bot's, played for her (docs/history.md)
    assert first[0]["kind"] == "bot" and first[0]["for"]["name"] == "Ann"


def test_a_refused_sit_at_another_table_keeps_the_seat_at_the_first() -> None:
    lan, ann, first = _game_of_bots()
    bob = lan.join("Bob")
    bob.send("create_table")
    second = bob.last("table")["table"]["id"]
    tables = lan.core.tables
    ann.send("sit", table=second, seat=0)              # Bob's: refused, nothing changes
    assert ann.last("error")["code"] == "seat-taken"
    assert tables[first].seat_of(ann.token) == 0 and tables[first].seats[0].kind == "human"
    assert lan.core.players[ann.token].table == first
    ann.send("sit", table=second, seat=1)              # a free seat: she moves
    assert tables[second].seat_of(ann.token) == 1 and lan.core.players[ann.token].table == second


def test_sit_down_at_a_game_of_bots_takes_the_next_bot_seat_nobody_waits_for() -> None:
    """`sit` without a seat during a game ("Sit down" at a game of bots): the first bot's
    seat nobody is already waiting for, taken at the next hand; none left, `table-full`."""
    lan, ann, tid = _game_of_bots()
    promised = []
    for name in ("Bob", "Cy", "Di"):
        person = lan.join(name)
        person.send("sit", table=tid)
        assert person.last("table")["seat"] is None            # watching until the next hand
        promised.append([i for i, s in enumerate(lan.core.tables[tid].seats)
                         if s.pending is not None and s.pending[1] == name])
    assert promised == [[1], [2], [3]]
    eve = lan.join("Eve")
    eve.send("sit", table=tid)
    assert eve.last("error")["code"] == "table-full"
    lan.play([ann], lambda: lan.core.tables[tid].seats[3].kind == "human")
    assert [s.name for s in lan.core.tables[tid].seats] == ["Ann", "Bob", "Cy", "Di"]
