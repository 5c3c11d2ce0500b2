"""A finished game, hand by hand and card by card, rebuilt with the engine; and the steps
of a replay.

`replay_hands(game_dict)` replays a saved game (`Game.to_dict()`: rules, seed, actions)
and writes each hand as plain values: the deal, the passes, every trick in order, the
claim or TRAM, the moon and the points (the hand map of docs/protocol.md's ``game``).
The host sends these in ``game`` messages and every front end exports them (the
"hearts-game" JSON of docs/history.md).

`Replay` walks those values for a viewer: step by step (pass, then each card), every
seat's cards at that moment, the trick on the table, the points taken so far, and the
engine `Hand` of that moment (for a bot's hint: "what would hard play here?").

>>> from hearts.engine import Game
>>> hands = replay_hands(Game(seed=3).to_dict())
>>> hands
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hearts.engine import Card, Claim, Game, Hand, Rules, action_from_wire
from hearts.engine.cards import QUEEN_SPADES, cards_of, mask_of
from hearts.engine.rules import PASS_OFFSET
from hearts.engine.scoring import penalty_points

FORMAT = "hearts-game"
FORMAT_VERSION = 1


class ReplayError(ValueError):
    """A saved game that does not replay; the message says where."""


def trick_points(rules: Rules, cards: tuple[Card, ...] | list[Card]) -> int:
    """The penalty points of one trick's cards (the J♦ counted when the rules say so)."""
    m = mask_of(cards)
    pts = penalty_points(rules, m)
    if rules.jack_of_diamonds and any(str(c) == "JD" for c in cards):
        pts += rules.jack_of_diamonds
    return pts


class _Recorder(Game):
    """A `Game` that keeps each finished `Hand` (a game keeps only the last)."""

    def __init__(self, rules: Rules, seed: int | str) -> None:
        self.finished: list[Hand] = []
        super().__init__(rules, seed)

    def _score_hand(self) -> None:
        self.finished.append(self.hand)
        super()._score_hand()


def replay_game(game_dict: dict[str, Any]) -> tuple[Game, list[Hand]]:
    """The replayed game and each of its finished hands, in order; `ReplayError` when the
    saved game is not one (bad rules, an action the engine refuses)."""
    try:
        rules = Rules.from_dict(game_dict["rules"])
        seed = game_dict["seed"]
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise ValueError("the seed is not a number")
        game = _Recorder(rules, seed)
        actions = game_dict["actions"]
        if not isinstance(actions, list):
            raise ValueError("the actions are not a list")
    except (KeyError, TypeError, ValueError) as e:
        raise ReplayError(f"not a saved game ({e})") from None
    for n, wire in enumerate(actions):
        try:
            game.apply(action_from_wire(wire))
        except (TypeError, ValueError) as e:        # IllegalMove is a ValueError
            raise ReplayError(f"action {n + 1} ({wire!r}) does not replay: {e}") from None
    return game, game.finished


def hand_dict(hand: Hand, number: int, totals: tuple[int, ...] | list[int]) -> dict[str, Any]:
    """One finished hand as plain values (the ``hand`` shape of docs/protocol.md)."""
    rules = hand.rules
    held = [[str(c) for c in cards_of(deal)] for deal in hand.deal_masks]
    passes = None
    if hand.pass_direction != "hold":
        passes = [[str(c) for c in hand.passed(s) or ()] for s in range(4)]
    claim = next((a.seat for a in hand.actions if isinstance(a, Claim)), None)
    queen = next((s for s in range(4) if QUEEN_SPADES in hand.taken(s)), None)
    tram = hand.tram
    moon = hand.moon
    return {
        "hand": number, "dealer": hand.dealer, "pass_direction": hand.pass_direction,
        "deal": held, "passes": passes,
        "tricks": [{"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner,
                    "points": trick_points(rules, t.cards)} for t in hand.tricks],
        "claim": claim,
        "tram": None if tram is None else {
            "seat": tram.seat, "claimed": tram.claimed,
            "cards": [[str(c) for c in h] for h in tram.cards]},
        "moon": None if moon is None else moon.to_dict(),
        "queen": queen,
        "points": hand.points(), "totals": list(totals),
    }


def replay_hands(game_dict: dict[str, Any]) -> list[dict[str, Any]]:
    """Every finished hand of a saved game as `hand_dict` values."""
    game, hands = replay_game(game_dict)
    return [hand_dict(h, r.number, r.totals) for h, r in zip(hands, game.results)]


# -- the front ends: gathering a game's pages, stepping through it ---------------------------
def export_document(info: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A whole game as the exported JSON document (docs/history.md): the ``game`` answer's
    header with every hand, the same from every front end."""
    doc: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION}
    doc.update((k, v) for k, v in info.items() if k not in doc)
    doc["hands"] = hands
    return doc


class GamePages:
    """Gathers the pages of one game's ``game`` answers into the whole game.

    >>> pages = GamePages(7)
    >>> pages.request()
    {'type': 'game', 'id': 7, 'hand': 0}
    """

    def __init__(self, game_id: int) -> None:
        self.id = game_id
        self.info: dict[str, Any] | None = None
        self.hands: list[dict[str, Any]] = []
        self.done = False

    def request(self) -> dict[str, Any]:
        """The intent that asks for the next page."""
        return {"type": "game", "id": self.id, "hand": len(self.hands)}

    def feed(self, msg: dict[str, Any]) -> bool:
        """Take a ``game`` answer (of this game); True once the game is whole."""
        game = msg.get("game") or {}
        if msg.get("type") != "game" or game.get("id") != self.id or \
                msg.get("first") != len(self.hands):
            return self.done
        self.info = game
        self.hands += list(msg.get("hands") or [])
        self.done = msg.get("next") is None
        return self.done

    def document(self) -> dict[str, Any]:
        """The whole game (`export_document`); only once `done`."""
        assert self.info is not None and self.done
        return export_document(self.info, self.hands)


@dataclass(frozen=True)
class Moment:
    """A replay's position: what the table looked like after ``step`` steps of ``hand``.

    Step 0 is the deal; when the hand passes, step 1 is the exchange; each next step is
    one card. ``cards[s]`` is what seat s holds now, ``trick`` the cards on the table as
    (seat, card), ``taken`` the points each seat has taken so far in this hand.
    """

    hand: int
    step: int
    steps: int
    cards: list[list[str]]
    trick: list[tuple[int, str]]
    last_trick: dict[str, Any] | None        # the trick just completed (its winner, points)
    taken: list[int]
    turn: int | None                          # whose card comes next
    passed: bool                              # the exchange has happened
    done: bool                                # the hand's last step: points in ``points``
    points: list[int] | None
    totals_before: list[int]
    note: str                                 # a plain description of the step (no words:
    #                                           "deal", "pass", "play", "trick", "end")


class Replay:
    """Step through the hands of a ``game`` answer (or an exported game): `moment(h, s)`,
    `hand_at(h, s)` for the engine's view of that moment, and the sizes of each hand."""

    def __init__(self, game: dict[str, Any]) -> None:
        self.game = game
        self.rules = Rules.from_dict(game.get("rules") or {})
        self.hands: list[dict[str, Any]] = list(game.get("hands") or [])

    def steps(self, hand: int) -> int:
        """The last step of ``hand`` (deal 0, the pass 1 when there is one, then the cards)."""
        h = self.hands[hand]
        cards = sum(len(t["cards"]) for t in h["tricks"])
        return cards + (1 if h.get("passes") else 0) + (1 if h.get("tram") else 0)

    def plays(self, hand: int) -> list[tuple[int, str]]:
        """Every card of ``hand`` in order, as (seat, card)."""
        out = []
        for t in self.hands[hand]["tricks"]:
            out += [((t["leader"] + i) % 4, c) for i, c in enumerate(t["cards"])]
        return out

    def _after_pass(self, hand: int) -> list[list[str]]:
        h = self.hands[hand]
        cards = [list(d) for d in h["deal"]]
        passes = h.get("passes")
        if passes:
            off = PASS_OFFSET[h["pass_direction"]]
            for s in range(4):
                for c in passes[s]:
                    cards[s].remove(c)
            for s in range(4):
                cards[(s + off) % 4] += passes[s]
            for c in cards:
                c.sort(key=lambda x: Card.parse(x))
        return cards

    def totals_before(self, hand: int) -> list[int]:
        return list(self.hands[hand - 1]["totals"]) if hand > 0 else [0, 0, 0, 0]

    def moment(self, hand: int, step: int) -> Moment:
        """The table after ``step`` steps of ``hand`` (clamped to the hand's steps)."""
        h = self.hands[hand]
        last = self.steps(hand)
        step = max(0, min(step, last))
        has_pass = bool(h.get("passes"))
        passed = not has_pass or step >= 1
        cards = self._after_pass(hand) if passed else [list(d) for d in h["deal"]]
        n = step - (1 if has_pass else 0)             # cards played
        plays = self.plays(hand)
        n = max(0, min(n, len(plays)))
        taken = [0, 0, 0, 0]
        trick: list[tuple[int, str]] = []
        last_trick = None
        for i, (seat, card) in enumerate(plays[:n]):
            cards[seat].remove(card)
            trick.append((seat, card))
            if len(trick) == 4:
                t = h["tricks"][i // 4]
                taken[t["winner"]] += t["points"]
                last_trick = t
                trick = []
        tram = h.get("tram")
        ended = step == last
        if ended and tram:
            cards = [list(c) for c in tram["cards"]]
            if tram.get("seat") is not None:
                left = [c for hcards in tram["cards"] for c in hcards]
                taken[tram["seat"]] += trick_points(self.rules, [Card.parse(c) for c in left])
        turn = None
        if not ended and passed and n < len(plays):
            turn = plays[n][0]
        note = ("deal" if step == 0 and has_pass else "pass" if has_pass and step == 1
                else "end" if ended else "trick" if n and n % 4 == 0 else "play" if n
                else "deal")
        return Moment(hand, step, last, cards, trick, last_trick, taken, turn, passed, ended,
                      list(h["points"]) if ended else None, self.totals_before(hand), note)

    def hand_at(self, hand: int, step: int) -> Hand:
        """The engine's `Hand` at that moment (its views feed a bot's hint)."""
        h = self.hands[hand]
        eng = Hand.from_deal(self.rules, h["deal"], h["pass_direction"], h["dealer"],
                             self.totals_before(hand))
        step = max(0, min(step, self.steps(hand)))
        passes = h.get("passes")
        if passes and step >= 1:
            for s in range(4):
                eng.pass_cards(s, passes[s])
        n = step - (1 if passes else 0)
        for seat, card in self.plays(hand)[:max(0, n)]:
            if eng.done:
                break
            eng.play(seat, card)
        return eng


__all__ = ["FORMAT", "FORMAT_VERSION", "GamePages", "Moment", "export_document", "Replay", "ReplayError", "hand_dict",
           "replay_game", "replay_hands", "trick_points"]
