"""The other seats searched over information sets: one tree per decision, shared by the worlds.

`tree.tree_cards` searches each sampled world on its own, every card seen: there the other
seats answer as no player at the table can. Here (an information-set Monte Carlo tree
search, single-observer, after Cowling, Powley & Whitehouse 2012) one tree per candidate
card is grown over all of a decision's worlds. A node is a sequence of plays after the
candidate (what every seat sees), not a world: at a node a seat's statistics are summed over
every world that reached it, so it chooses by what its cards have done on average across
the worlds, not by the hands of this one. Each step (`is_step`) walks down by the plays the
world allows: the mover's cards (the playouts' card first, then the rest from the lowest,
one of cards that play alike), a card not yet tried getting a new node, else UCB on the
mover's mean `moon.line_score` over its visits with the availability count (how often the
card could be chosen) in place of the parent's visits; past ``plies`` plays or a new node
the hand is played out as the playouts do, and every seat's score is added up the path.
This seat's own later plays are in the tree too, and are its information sets proper (its
hand is the same in every world).

The worlds are still this seat's: every one holds its real hand, so the other seats'
averages know it (the leak an information-set search of one observer keeps).

Nothing in it is random: the same worlds in the same order give the same values. In C
where it is built (`_playout.ismcts_cards`); `ISTree` and `is_step` are the reference the C
is tested against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from hearts.engine.cards import iter_bits

from .moon import _plays_as_under, _policy_card, line_score, moon_playout_py
from .policy import rules_playout_py
from .sim import SimState, native, seat_results


@dataclass
class _ISNode:
    card: int
    children: list[_ISNode] = field(default_factory=list)
    visits: int = 0
    avail: int = 0
    sum: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])

    def child(self, card: int) -> _ISNode | None:
        return next((c for c in self.children if c.card == card), None)


class ISTree:
    """One decision's trees in Python: a root for each candidate card."""

    def __init__(self) -> None:
        self.roots: dict[int, _ISNode] = {}


def new_tree() -> Any:
    """An empty tree for one decision: in C where it is built, else an `ISTree`."""
    return native.is_tree() if native is not None else ISTree()


def is_step(root: _ISNode, st: SimState, plies: int, explore: float, shooters: int,
            me: int) -> SimState:
    """One step of the search from ``root`` in the world ``st`` (the candidate played; see
    the module), ``shooters`` as in `moon.score_cards`; ``st`` played to its end."""
    path = [root]
    node = root
    depth = 0
    while st.ntricks < 13 and depth < plies:
        legal = st.legal()
        mover = st.turn
        first = _policy_card(st, legal, shooters, me)
        cls = [first] + [c for c in iter_bits(legal)
                         if c != first and not _plays_as_under(st, legal, c)]
        kids: list[_ISNode | None] = []
        missing = -1
        for i, c in enumerate(cls):
            kid = node.child(c)
            kids.append(kid)
            if kid is not None:
                kid.avail += 1
            elif missing < 0:
                missing = i
        if missing >= 0:
            nxt = _ISNode(cls[missing], avail=1)
            node.children.append(nxt)
        else:
            pick: _ISNode | None = None
            best = 0.0
            for kid in kids:
                assert kid is not None
                u = (-(kid.sum[mover] / kid.visits) / 26.0
                     + explore * math.sqrt(math.log(kid.avail) / kid.visits))
                if pick is None or u > best:
                    pick, best = kid, u
            assert pick is not None
            nxt = pick
        st.play(nxt.card)
        node = nxt
        path.append(node)
        depth += 1
        if missing >= 0 and len(cls) > 1:
            break
    if shooters < 0:
        rules_playout_py(st)
    else:
        moon_playout_py(st, shooters, me)
    v = [line_score(st, s) for s in range(4)]
    for n in path:
        n.visits += 1
        for i in range(4):
            n.sum[i] += v[i]
    return st


def ismcts_cards(tree: Any, world: SimState, cards: list[int], me: int, shooters: int = -1,
                 hidden: list[int] | None = None, iters: int = 1, plies: int = 8,
                 explore: float = 0.5, moon_weight: float = 1.0) -> list[float]:
    """``me``'s mean points after each of ``cards`` in ``world`` (with the hands ``hidden``
    if given) over ``iters`` steps of the search in ``tree`` (from `new_tree`, one per
    decision: the worlds before this one have grown it), scored as `moon.score_cards`
    scores."""
    if isinstance(tree, ISTree):
        return ismcts_cards_py(tree, world, cards, me, shooters, hidden, iters, plies, explore,
                               moon_weight)
    assert native is not None
    answer = native.ismcts_cards(tree, world, cards, me, shooters, hidden, iters, plies,
                                 explore)
    values = seat_results(world.sr, answer, world.totals, me, moon_weight)
    return [sum(values[i * iters:(i + 1) * iters]) / iters for i in range(len(cards))]


def ismcts_cards_py(tree: ISTree, world: SimState, cards: list[int], me: int,
                    shooters: int = -1, hidden: list[int] | None = None, iters: int = 1,
                    plies: int = 8, explore: float = 0.5,
                    moon_weight: float = 1.0) -> list[float]:
    """`ismcts_cards` in Python (the reference the C one is tested against)."""
    if hidden is not None:
        world = world.copy()
        world.hands = list(hidden)
    out = []
    for c in cards:
        root = tree.roots.setdefault(c, _ISNode(c))
        start = world.copy()
        start.play(c)
        total = 0.0
        for _ in range(iters):
            end = is_step(root, start.copy(), plies, explore, shooters, me)
            total += end.weighed_points(me, moon_weight)
        out.append(total / iters)
    return out


__all__ = ["ISTree", "new_tree", "is_step", "ismcts_cards", "ismcts_cards_py"]
