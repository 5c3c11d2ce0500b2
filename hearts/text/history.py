"""The host's finished games as text lines: the leaderboards (``stats``), the list of
games (``games``) and a whole game trick by trick (``replay N``)."""

from __future__ import annotations

from typing import Any

from hearts.bots.base import level_words
from hearts.engine.rule_options import passing_words, summary_words
from hearts.i18n import N_, _, ngettext
from hearts.net.history import local_time, player_name
from hearts.net.names import width
from hearts.net.replay import Replay
from hearts.net.words import PROCESS, games_figure, shot_words

from .render import card_text, cards_text

Msg = dict[str, Any]
NAME_COLUMN = 18            # terminal columns a board's name has before its figures
GAP = "  "                  # between two columns of figures
# the figures' columns, named as the desktop's leaderboard names them
HEADINGS = (N_("Games"), N_("Wins"), N_("Place"), N_("Pts/hand"), N_("Moons"), N_("Q♠"),
            N_("Hands"))


def _number(value: Any) -> str:
    return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def board_lines(board: Msg, you: str | None) -> list[str]:
    """One board (people, then bot levels) as lines, its columns as wide as their widest
    heading or figure ("3 (1 left)") on a terminal."""
    rows: list[tuple[str, str, list[str]]] = []       # (start, name, figures)
    for rank, row in enumerate(board.get("people") or [], 1):
        name = str(row.get("name") or "?")
        if you is not None and row.get("id") == you:
            name = _("{name} (you)").format(name=name)
        rows.append((f"  {rank:>2}. ", name, _row_figures(row)))
    for row in board.get("bots") or []:
        name = _("{level} bots").format(level=level_words(row.get("level")) or "?")
        rows.append(("      ", name, _row_figures(row)))
    headings = [_(h) for h in HEADINGS]
    widths = [max(width(cell) for cell in column)
              for column in zip(headings, *(r[2] for r in rows))]
    lines = [" " * (6 + NAME_COLUMN) + GAP + _aligned(headings, widths)]
    if not board.get("people"):
        lines.append("  " + _("No finished games yet."))
    for start, name, figures in rows:
        lines += _row_lines(start, name, _aligned(figures, widths))
    return lines


def _aligned(cells: list[str], widths: list[int]) -> str:
    """``cells`` right-aligned in their columns, by the terminal columns they take."""
    return GAP.join(" " * (w - width(cell)) + cell for cell, w in zip(cells, widths))


def _row_lines(start: str, name: str, figures: str) -> list[str]:
    """A board's row: its name whole, and its figures beside it in their columns (under
    it, on a line of their own, when the name is wider than its column)."""
    room = NAME_COLUMN - width(name)
    if room >= 0:
        return [f"{start}{name}{' ' * room}{GAP}{figures}"]
    return [start + name, " " * (len(start) + NAME_COLUMN) + GAP + figures]


def _row_figures(row: Msg) -> list[str]:
    moons = f"{row.get('moons_shot', 0)}/{row.get('moons_suffered', 0)}"
    return [games_figure(row), str(row.get("wins", 0)), _number(row.get("average_place")),
            _number(row.get("points_per_hand")), moons, str(row.get("queens", 0)),
            str(row.get("hands", 0))]


def stats_lines(msg: Msg) -> list[str]:
    """The ``stats`` answer: tonight's board, then all time."""
    you = msg.get("you")
    tonight = msg.get("tonight") or {}
    every = msg.get("all") or {}
    lines = [ngettext("Tonight (since {time}): {n} game.", "Tonight (since {time}): {n} games.",
                      int(tonight.get("games") or 0)).format(
        time=local_time(str(msg.get("since") or ""), with_date=False),
        n=tonight.get("games") or 0)]
    lines += board_lines(tonight, you)
    lines.append(ngettext("All time on this host: {n} game.", "All time on this host: {n} games.",
                          int(every.get("games") or 0)).format(n=every.get("games") or 0))
    lines += board_lines(every, you)
    lines.append(_("Wins count shared wins; place is the average place (1 to 4); moons: shot "
                   "by them / by another seat against them."))
    return lines


def game_line(g: Msg) -> str:
    """One game of the ``games`` list."""
    totals = list(g.get("totals") or [])
    winners = list(g.get("winners") or [])
    seats = []
    for i, ref in enumerate(g.get("players") or []):
        score = totals[i] if i < len(totals) else "?"
        seat = _("{player} {points}").format(player=player_name(ref), points=score)
        if i in winners:
            seat = _("{seat} (won)").format(seat=seat)
        seats.append(seat)
    hands = int(g.get("hands") or 0)
    return _("#{id} {when} at {table} ({rules}): {seats}; {hands}").format(
        id=g.get("id"), when=local_time(str(g.get("finished") or "")),
        table=g.get("name") or "?", rules=summary_words(str(g.get("summary") or "?")),
        seats=", ".join(seats),
        hands=ngettext("{n} hand", "{n} hands", hands).format(n=hands))


def games_lines(msg: Msg) -> list[str]:
    """The ``games`` answer."""
    games = list(msg.get("games") or [])
    if not games:
        return [_("No finished games on this host yet.")]
    total = int(msg.get("total") or 0)
    lines = [ngettext("Finished games, newest first ({n} in all):",
                      "Finished games, newest first ({n} in all):", total).format(n=total)]
    lines += ["  " + game_line(g) for g in games]
    if msg.get("next") is not None:
        lines.append(_("Type games {id} for the games before #{id}.").format(id=msg["next"]))
    lines.append(_("Type replay N to go through game N trick by trick, export N to save it "
                   "as a JSON file."))
    return lines


def replay_lines(doc: Msg, symbols: bool = False) -> list[str]:
    """A whole game (a ``game`` document), hand by hand and trick by trick."""
    people = list(doc.get("people") or [])
    replay = Replay(doc)

    def c(card: str) -> str:
        return card_text(card, symbols)

    lines = [_("Game #{id} at {table} ({rules}), {when}:").format(
        id=doc.get("id"), table=doc.get("name") or "?",
        rules=summary_words(str(doc.get("summary") or "?")),
        when=local_time(str(doc.get("finished") or "")))]
    for n, hand in enumerate(replay.hands):
        seats = hand.get("seats") or [0, 1, 2, 3]
        full = [player_name(people[i]) if i < len(people) else _("seat {n}").format(n=s)
                for s, i in enumerate(seats)]
        names = [str(people[i].get("name") or "?") if i < len(people)
                 else _("seat {n}").format(n=s) for s, i in enumerate(seats)]
        direction = hand.get("pass_direction")
        lines.append(_("Hand {n}, {dealer} deals; {passing}:").format(
            n=n + 1, dealer=names[hand.get("dealer", 0)],
            passing=passing_words(direction)))
        for s in range(4):
            lines.append("  " + _("{name} holds {cards}").format(
                name=full[s], cards=cards_text(hand["deal"][s], symbols)))
        passes = hand.get("passes")
        if passes:
            from hearts.engine.rules import PASS_OFFSET
            off = PASS_OFFSET[str(direction)]
            for s in range(4):
                lines.append("  " + _("{name} passes {cards} to {to}").format(
                    name=names[s], cards=cards_text(passes[s], symbols),
                    to=names[(s + off) % 4]))
        for t_no, trick in enumerate(hand.get("tricks") or [], 1):
            plays = ", ".join(f"{names[(trick['leader'] + i) % 4]} {c(card)}"
                              for i, card in enumerate(trick["cards"]))
            lines.append("  " + ngettext(
                "Trick {n}: {plays}; {winner} takes it ({points} point).",
                "Trick {n}: {plays}; {winner} takes it ({points} points).",
                int(trick["points"])).format(n=t_no, plays=plays, winner=names[trick["winner"]],
                                            points=trick["points"]))
        tram = hand.get("tram")
        if tram:
            taker = tram.get("seat")
            lines.append("  " + (_("{name} takes the rest of the tricks.").format(
                name=names[taker]) if taker is not None else
                _("The rest of the tricks change nothing.")))
        moon = hand.get("moon")
        if moon:
            lines.append("  " + shot_words(PROCESS, names[moon["shooter"]], bool(moon.get("sun"))))
        lines.append("  " + _("Points: {points}. Totals: {totals}.").format(
            points=", ".join(f"{names[s]} {p}" for s, p in enumerate(hand["points"])),
            totals=", ".join(f"{names[s]} {t}" for s, t in enumerate(hand["totals"]))))
    winners = [player_name(people[i]) for i in
               [(doc.get("hands") or [{}])[-1].get("seats", [0, 1, 2, 3])[w]
                for w in doc.get("winners") or []] if i < len(people)]
    if winners:
        lines.append(ngettext("The winner: {names}.", "The winners: {names}.",
                              len(winners)).format(names=", ".join(winners)))
    return lines


__all__ = ["board_lines", "game_line", "games_lines", "replay_lines", "stats_lines"]
