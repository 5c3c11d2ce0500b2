"""The other seats searched: a max-n tree over the next plays of one sampled world.

`SearchBot` values a candidate card in a world by playing the hand out. With the rules
player in every seat (`moon.score_cards`) the other seats answer by their own cards and the
trick alone; with a tree (`SearchConfig.tree`) every seat, this one's later plays too,
chooses by search in that world: after the candidate, ``iters`` steps of a max-n search
over the next ``plies`` plays, each seat at its turn choosing the card that leaves it the
least `moon.line_score` (its points; a moon 26 against it, taken off for its own), the
playouts' card (`rules_playout` or `moon_playout`) until another is found better and the
same playouts past the tree. Each step walks down from the root by UCB on the mover's mean
(``explore`` the weight of the exploration term, points over 26), adds one child (the
playouts' own card first, then the others from the lowest, one of cards that play alike)
and plays the hand out from it; each node's best line is its mover's best child's. The
candidate's value is the end of the root's best line, scored as the playouts' are.

Everything is a function of the world: no random numbers. In C where it is built
(`_playout.tree_cards`); `tree_cards_py` is the reference the C is tested against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from hearts.engine.cards import iter_bits

from .moon import _plays_as_under, _policy_card, line_score, moon_playout_py
from .policy import rules_playout_py
from .sim import SimState, native, seat_results


@dataclass
class _Node:
    st: SimState
    end: SimState
    val: list[float]
    depth: int
    leaf: bool
    untried: list[int] = field(default_factory=list)
    tried: int = 0
    children: list[_Node] = field(default_factory=list)
    visits: int = 0
    sum: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])


def _node(st: SimState, depth: int, plies: int, shooters: int, me: int,
          search_me: bool = True) -> _Node:
    end = st.copy()
    if shooters < 0:
        rules_playout_py(end)
    else:
        moon_playout_py(end, shooters, me)
    n = _Node(st, end, [line_score(end, s) for s in range(4)], depth,
              st.ntricks >= 13 or depth >= plies)
    if not n.leaf:
        legal = st.legal()
        card = _policy_card(st, legal, shooters, me)
        n.untried = [card]
        if search_me or st.turn != me:
            n.untried += [c for c in iter_bits(legal)
                          if c != card and not _plays_as_under(st, legal, c)]
    return n


def tree_line(root: SimState, iters: int, plies: int, explore: float, shooters: int,
              me: int, search_me: bool = True) -> SimState:
    """The end of the hand from ``root`` after ``iters`` steps of the max-n search of the
    next ``plies`` plays (see the module); ``shooters`` as in `moon.score_cards`; without
    ``search_me``, ``me`` plays the playouts' card in the tree (only the other seats search)."""
    top = _node(root, 0, plies, shooters, me, search_me)
    for _ in range(iters):
        path = [top]
        n = top
        while not n.leaf:
            if n.tried < len(n.untried):
                nxt = n.st.copy()
                nxt.play(n.untried[n.tried])
                n.tried += 1
                child = _node(nxt, n.depth + 1, plies, shooters, me, search_me)
                n.children.append(child)
                path.append(child)
                break
            mover = n.st.turn
            logn = math.log(n.visits)
            pick: _Node | None = None
            best = 0.0
            for c in n.children:
                u = -(c.sum[mover] / c.visits) / 26.0 + explore * math.sqrt(logn / c.visits)
                if pick is None or u > best:
                    pick, best = c, u
            assert pick is not None
            n = pick
            path.append(n)
        v = list(path[-1].val)
        for k in range(len(path) - 1, -1, -1):
            n = path[k]
            n.visits += 1
            for i in range(4):
                n.sum[i] += v[i]
            if k == len(path) - 1:
                continue
            mover = n.st.turn
            pick = None
            for c in n.children:
                if pick is None or c.val[mover] < pick.val[mover]:
                    pick = c
            assert pick is not None
            n.end, n.val = pick.end, list(pick.val)
    return top.end


def tree_cards(world: SimState, cards: list[int], me: int, shooters: int = -1,
               hidden: list[int] | None = None, iters: int = 16, plies: int = 8,
               explore: float = 0.5, moon_weight: float = 1.0,
               search_me: bool = True) -> list[float]:
    """``me``'s points after each of ``cards`` in ``world`` (with the hands ``hidden`` if
    given), the hand's end found by `tree_line` (``search_me``: ``me``'s later plays searched
    too), scored as `moon.score_cards` scores. One call to C for them all where it is built."""
    if native is not None:
        answer = native.tree_cards(world, cards, me, shooters, hidden, iters, plies, explore,
                                   int(search_me))
        return seat_results(world.sr, answer, world.totals, me, moon_weight)
    return tree_cards_py(world, cards, me, shooters, hidden, iters, plies, explore,
                         moon_weight, search_me)


def tree_cards_py(world: SimState, cards: list[int], me: int, shooters: int = -1,
                  hidden: list[int] | None = None, iters: int = 16, plies: int = 8,
                  explore: float = 0.5, moon_weight: float = 1.0,
                  search_me: bool = True) -> list[float]:
    """`tree_cards` in Python (the reference the C one is tested against)."""
    if hidden is not None:
        world = world.copy()
        world.hands = list(hidden)
    out = []
    for c in cards:
        st = world.copy()
        st.play(c)
        end = tree_line(st, iters, plies, explore, shooters, me, search_me)
        out.append(end.weighed_points(me, moon_weight))
    return out


__all__ = ["tree_line", "tree_cards", "tree_cards_py"]
