"""Hints: what the default bot would do for a seat, with a reason a person understands."""

from __future__ import annotations

from hearts.engine import Card, View
from hearts.engine.scoring import Moon, hand_points
from hearts.i18n import T_, Text

from .base import Hint
from .policy import PASS_REASONS, REASONS, pass_reason, play_with_reason
from .rules_bot import legal_mask, moon_choice, taken_masks
from .search import SearchBot, searched_as
from .sim import FULL, QS, state_from_view


def situation(view: View, card: Card) -> str:
    """A reason code for playing ``card`` now, read from the situation alone."""
    if len(view.legal) == 1:
        return "only"
    st = state_from_view(view)
    if not view.trick:
        mine = 0
        for c in view.hand:
            mine |= c.mask
        out = FULL & ~view.played_mask() & ~mine
        suit_out = out & (0x1FFF << (13 * card.suit))
        if suit_out and suit_out & ((1 << card.index) - 1) == 0:
            return "lead-low"
        if suit_out and suit_out >> card.index == 0:
            return "lead-high"
        return "lead-safe"
    if st.led != card.suit:
        return "dump-queen" if card.index == QS else "discard"
    if card.rank < st.best:
        return "duck"
    if len(view.trick) == 3:
        return "win-last"
    mine_in_suit = [c for c in view.legal if c.suit == card.suit]
    if card == max(mine_in_suit) and len(mine_in_suit) > 1:
        return "win-clean"
    return "win-low"


def make_hint(view: View, budget: float = 0.2) -> Hint:
    """The normal bot's choice for ``view.seat`` and a one-line reason."""
    if view.phase == "pass":
        if view.has_passed[view.seat] or view.rules.pass_count == 0:
            return Hint((), T_("you have passed; wait for the others"))
        bot = SearchBot(seed=0)
        cards = bot.choose_pass(view, budget)
        code = pass_reason([c.index for c in cards])
        return Hint(tuple(cards), PASS_REASONS[code])
    if view.phase == "moon-choice":
        choice = moon_choice(view)
        taken, won = taken_masks(view)
        m = view.moon
        pts = hand_points(view.rules, taken, won, Moon(m.shooter, m.sun, choice)) if m else [0] * 4
        if choice == "add":
            why = T_("add {n} to everyone else: it leaves you best placed", n=max(pts))
        else:
            why = T_("take {n} off your own total: it leaves you best placed", n=-pts[view.seat])
        return Hint((), why, choice)
    if view.phase != "play" or not view.my_turn or not view.legal:
        return Hint((), T_("it is not your turn"))
    bot = SearchBot(seed=0)
    card, means = bot.evaluate(view, budget)
    st = state_from_view(view)
    rules_card, code = play_with_reason(st, legal_mask(view))
    if rules_card != card.index:
        code = situation(view, card)
    reason: Text = REASONS[code]
    if means:
        # the card's own mean: the searched card of its group (a card dropped early in the
        # search has a mean from fewer worlds, not to be quoted)
        points = round(means[searched_as(means, card.index)], 1)
        reason = T_("{reason} (about {points} points for you this hand)", reason=reason,
                    points=points)
    return Hint((card,), reason)
