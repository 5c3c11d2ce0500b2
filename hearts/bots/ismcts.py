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
averages know it (the leak an information-set search of one observer keeps). With
``views`` each seat searches from its own view instead: in this seat's worlds only its own
nodes are searched and counted, every other seat playing its card of most promise from its
own statistics (`_read_card`), and those are gathered in steps of worlds re-dealt from that
seat's view (`views_step`: its hand kept, the other three, this seat's among them,
shuffled with their counts and the voids shown, `redeal`), which give this seat no value.
A node's statistics are then those of the seat that chose its card, over worlds it could
not tell apart.

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
        self.worlds = 0     # the worlds searched so far (the other seats' views take turns)


def new_tree() -> Any:
    """An empty tree for one decision: in C where it is built, else an `ISTree`."""
    return native.is_tree() if native is not None else ISTree()


def is_step(root: _ISNode, st: SimState, plies: int, explore: float, shooters: int,
            me: int, view: int = -1) -> SimState:
    """One step of the search from ``root`` in the world ``st`` (the candidate played; see
    the module), ``shooters`` as in `moon.score_cards`; ``st`` played to its end.

    With ``view`` a seat, only that seat searches (UCB, a new node, its statistics updated):
    every other seat plays its card of most promise from its own statistics, read only
    (`_read_card`), and only ``view``'s nodes are updated: the step of a world dealt from
    ``view``'s own view (`views_step`)."""
    path = [root]
    node = root
    depth = 0
    while st.ntricks < 13 and depth < plies:
        legal = st.legal()
        mover = st.turn
        first = _policy_card(st, legal, shooters, me)
        cls = [first] + [c for c in iter_bits(legal)
                         if c != first and not _plays_as_under(st, legal, c)]
        if view >= 0 and mover != view:
            card = _read_card(node, cls, mover, explore)
            nxt_or_none = node.child(card)
            if nxt_or_none is None:
                nxt_or_none = _ISNode(card)
                node.children.append(nxt_or_none)
            st.play(card)
            node = nxt_or_none
            depth += 1
            continue
        kids: list[_ISNode | None] = []
        missing = -1
        for i, c in enumerate(cls):
            kid = node.child(c)
            kids.append(kid)
            if kid is not None:
                kid.avail += 1
            if (kid is None or not kid.visits) and missing < 0:
                missing = i     # not tried (a node another seat's read reached is not)
        if missing >= 0:
            found = kids[missing]
            if found is None:
                found = _ISNode(cls[missing], avail=1)
                node.children.append(found)
            nxt = found
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


def _read_card(node: _ISNode, cls: list[int], mover: int, explore: float) -> int:
    """The card of ``cls`` (the playouts' first) that ``mover``'s statistics at ``node``
    promise most, read only: the least mean points less ``explore`` over the root of its
    visits (a card seen rarely has to be clearly better); the playouts' card where none of
    them was tried."""
    pick, best = cls[0], 0.0
    found = False
    for c in cls:
        kid = node.child(c)
        if kid is None or not kid.visits:
            continue
        u = -(kid.sum[mover] / kid.visits) / 26.0 - explore / math.sqrt(kid.visits)
        if not found or u > best:
            pick, best, found = c, u, True
    return pick


def ismcts_cards(tree: Any, world: SimState, cards: list[int], me: int, shooters: int = -1,
                 hidden: list[int] | None = None, iters: int = 1, plies: int = 8,
                 explore: float = 0.5, moon_weight: float = 1.0, views: int = 0) -> list[float]:
    """``me``'s mean points after each of ``cards`` in ``world`` (with the hands ``hidden``
    if given) over ``iters`` steps of the search in ``tree`` (from `new_tree`, one per
    decision: the worlds before this one have grown it), scored as `moon.score_cards`
    scores. With ``views``, each seat searches from its own view (`views_step`): ``me`` in
    ``world``, and after each card ``views`` steps more in worlds re-dealt from the other
    seats' views, which give no value."""
    if isinstance(tree, ISTree):
        return ismcts_cards_py(tree, world, cards, me, shooters, hidden, iters, plies, explore,
                               moon_weight, views)
    assert native is not None
    answer = native.ismcts_cards(tree, world, cards, me, shooters, hidden, iters, plies,
                                 explore, views)
    values = seat_results(world.sr, answer, world.totals, me, moon_weight)
    return [sum(values[i * iters:(i + 1) * iters]) / iters for i in range(len(cards))]


def ismcts_cards_py(tree: ISTree, world: SimState, cards: list[int], me: int,
                    shooters: int = -1, hidden: list[int] | None = None, iters: int = 1,
                    plies: int = 8, explore: float = 0.5, moon_weight: float = 1.0,
                    views: int = 0) -> list[float]:
    """`ismcts_cards` in Python (the reference the C one is tested against)."""
    if hidden is not None:
        world = world.copy()
        world.hands = list(hidden)
    seed = world_seed(world)
    out = []
    for c in cards:
        root = tree.roots.setdefault(c, _ISNode(c))
        start = world.copy()
        start.play(c)
        total = 0.0
        for _ in range(iters):
            end = is_step(root, start.copy(), plies, explore, shooters, me,
                          me if views else -1)
            total += end.weighed_points(me, moon_weight)
        out.append(total / iters)
        for k in range(views):
            views_step(root, start, tree.worlds * views + k, seed, plies, explore, shooters, me)
    tree.worlds += 1
    return out


def views_step(root: _ISNode, st: SimState, step: int, seed: int, plies: int, explore: float,
               shooters: int, me: int) -> None:
    """The ``step``-th step of the other seats' own searches under ``root`` (in turn the
    seats after ``me``): ``st`` (the candidate played) re-dealt from that seat's view
    (`redeal`, with the random state ``seed ^ step``), and a step there in which only that
    seat searches (`is_step` with ``view``); none where the deal did not go round."""
    view = (me + 1 + step % 3) & 3
    seen, _ = redeal(st, view, seed ^ step)
    if seen is not None:
        is_step(root, seen, plies, explore, shooters, me, view)


_M64 = (1 << 64) - 1


def mix64(x: int) -> tuple[int, int]:
    """splitmix64's step from state ``x``: (the new state, a random 64-bit number); the
    random numbers of the re-deals, the same as the C's."""
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def world_seed(st: SimState) -> int:
    """The random state of a world's re-deals: from its hands and the cards played."""
    x = 0
    for h in st.hands:
        x = mix64(x ^ h)[1]
    return mix64(x ^ st.played)[1]


def redeal(st: SimState, view: int, rng: int) -> tuple[SimState | None, int]:
    """``st`` with the cards ``view`` cannot see (the other three hands) shuffled and dealt
    back among those seats, each its count, none a suit it has shown it lacks (None where
    the cards did not go round), and the random state after it."""
    out = st.copy()
    pool: list[int] = []
    cap = [0, 0, 0, 0]
    for i in range(4):
        if i != view:
            cap[i] = st.hands[i].bit_count()
            pool += iter_bits(st.hands[i])
            out.hands[i] = 0
    for i in range(len(pool) - 1, 0, -1):
        rng, z = mix64(rng)
        j = z % (i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for c in pool:
        suit = c // 13
        open_seats = [i for i in range(4) if cap[i] and not st.voids[i] >> suit & 1]
        total = sum(cap[i] for i in open_seats)
        if not total:
            return None, rng
        rng, z = mix64(rng)
        pick = z % total
        for i in open_seats:
            if pick < cap[i]:
                out.hands[i] |= 1 << c
                cap[i] -= 1
                break
            pick -= cap[i]
    return out, rng


__all__ = ["ISTree", "new_tree", "is_step", "views_step", "ismcts_cards", "ismcts_cards_py",
           "redeal", "world_seed", "mix64"]
