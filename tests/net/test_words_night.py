"""The game night's sentences (net.words): who can start or go on and how soon, a table
gone, an action lost, a finished game for someone who did not play it."""

from __future__ import annotations

from dataclasses import replace

from hearts.net import words
from hearts.net.mirror import SeatInfo, TableInfo


def info(state: str, owner: bool = False, away: float | None = None,
         connected: tuple[bool, ...] = (False, True, True, False)) -> TableInfo:
    return TableInfo(id=1, name="Oak", state=state, owner=owner, owner_seat=0, owner_name="Olga",
                     owner_away=away, my_seat=2,
                     seats=tuple(SeatInfo(i, "human" if i < 3 else "bot",
                                          ("Olga", "Bob", "Dee", "Dexter")[i],
                                          connected=connected[i]) for i in range(4)))


def test_who_can_start_or_go_on_in_every_state() -> None:
    def line(t: TableInfo, away: float | None) -> str:
        return words.next_step_line(words.Voice(t, 2), away)
    assert line(info("waiting"), None) == "Olga starts the game."
    assert line(info("over"), None) == "Olga starts the next game."
    assert line(info("paused"), None) == "Olga resumes the game."
    assert line(info("playing"), None) == ""
    assert line(info("waiting", owner=True), None) == \
        "Start the game when you like: empty seats get bots."
    # Bob sits next after Olga and is here: he gets it, and Dee reads his name
    assert line(info("over", away=7.6), 7.6) == \
        "Olga is away: Bob can start the next game in 8 seconds."
    bob_gone = info("waiting", away=1.2, connected=(False, False, True, False))
    assert line(bob_gone, 1.2) == "Olga is away: you can start the game in 1 second."
    assert line(info("paused", away=3), 3.0) == "Olga is away: Bob can resume the game in 3 seconds."
    watching = info("waiting", away=5, connected=(False, False, False, False))
    assert line(watching, 5.0) == \
        "Olga is away: the table passes to the next person here in 5 seconds."
    assert line(info("waiting", away=0), 0.0) == \
        "Olga is away: the table passes to the next person here in a moment."


def test_a_table_gone_and_an_action_lost() -> None:
    v = words.Voice(info("playing"), 2)
    assert words.table_gone_line(v, "Oak", True) == \
        "The table “Oak” is gone: the host restarted without it. Choose a table in the lobby."
    assert words.table_gone_line(v, "Oak", False) == \
        "The table “Oak” is gone: it closed while you were away. Choose a table in the lobby."
    assert words.lost_action_line(v, "QS") == \
        "Your Q♠ did not reach the host before the connection broke: play it again."
    assert words.lost_action_line(v, None).startswith("Your pass did not reach the host")


def test_a_finished_game_for_someone_who_did_not_play_it() -> None:
    t = replace(info("over"), totals=(40, 12, 30, 20), winners=(1,),
                game_players=("Olga", "Bob", "Clara", "Dexter"))    # Dee took Clara's seat since
    v = words.Voice(t, 2)
    assert words.place_line(v) == "" and words.winners_line(v, [1]) == "Bob wins!"
    assert words.winners_line(v, [2]) == "Clara wins!"
    v = words.Voice(replace(t, game_players=("Olga", "Bob", "Dee", "Dexter")), 2)
    assert words.winners_line(v, [2]) == "You win!"
    assert words.place_line(v).startswith("You finished third of 4")
