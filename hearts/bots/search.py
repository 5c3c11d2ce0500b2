"""The search bot: perfect-information Monte Carlo over sampled worlds.

For each decision it deals the unseen cards many times consistent with the seat's view
(`Sampler`), weighing each world by how well it explains the plays seen
(`inference.PlayReader`), plays each candidate card in every world and finishes the hand
with the rules player for all four seats (`rules_playout`), then plays the card with the
fewest mean points. The same worlds are used for every candidate (less noise), cards that
play alike are searched once, and the number of worlds is set from a work budget so that
the choices depend on the seed only; the time budget is a hard cap on top. Racing: part
way, the cards clearly worse than the best are dropped and their worlds go to the close
ones.

Moons: an opponent plays the moon attempt (`moon.shoot_play`) in the playouts only once one
is suspected (it holds every point so far, or its plays read like a shooter's), and a
suspect is dealt a hand that can run while it shows a shooter's signs. This seat's own
attempt is searched as a second continuation of every card when its cards allow, and
chosen only when clearly better. The pass search tries every pass and scores each as if
the receiver tried for the moon where its hand after the passes allows one.

With a ``tree`` (`SearchConfig.tree`) the other seats choose by search in each world too
(`tree.tree_cards`: a max-n tree over the next plays, the playouts at its leaves) in place
of the rules player's card and the replies; measured, no level but `moonshot` uses it.
With ``ismcts`` they choose by an information-set search instead (`ismcts.ismcts_cards`:
one tree per candidate grown over all of the decision's worlds, a seat's choice at a node
summed over the worlds that reached it).

Every setting is a field of `SearchConfig` (`config.py`, with the levels); docs/bots.md
says what each part does and what it was measured to be worth.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import combinations
from math import comb

from hearts.engine import Card, View
from hearts.engine.cards import HEARTS, HEARTS_MASK

from .config import NORMAL, SearchConfig
from .inference import PlayReader
from .moon import (STRONG_DEFENCE, early_alarm, moon_plausible, moon_playout,
                   pass_keeps_moon, score_cards, shoot_pass, shooters_in)
from .policy import pass_policy, pass_scores, rules_playout
from .rules_bot import moon_choice, rules_pass, rules_play
from .sampling import Sampler
from .sim import (FULL, QS_BIT, SimRules, SimState, alike_groups, native, seat_results,
                  searched_as, sim_rules, state_from_view)
from .ismcts import ismcts_cards, new_tree
from .play_model import PLAY_WEIGHTS, model_cards
from .tree import tree_cards


def candidates(view: View) -> list[int]:
    """Legal card indices, one per group of interchangeable cards.

    Two legal cards of one suit are interchangeable when no unseen card, nor a card of
    the trick in play, lies between them and they are worth the same points (with the 5♣
    led, the 4♣ ducks and the 7♣ wins).
    """
    sr = sim_rules(view.rules)
    legal = sorted(c.index for c in view.legal)
    my = 0
    for card in view.hand:
        my |= card.mask
    # the cards that keep two of this seat's apart: the unseen ones, and the trick's
    apart = FULL & ~view.played_mask() & ~my
    for _, card in view.trick:
        apart |= card.mask
    return alike_groups(legal, apart, sr.value)


def shuffle(cards: list[int], getrandbits: Callable[[int], int]) -> None:
    """`random.Random.shuffle` with its draws spelt out (the C pass search makes the same)."""
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


HIGH_CARDS = sum(1 << (suit * 13 + rank) for suit in range(4) for rank in range(8, 13))


def start_state(sr: SimRules, hands: list[int], view: View) -> SimState:
    """A sampled deal after the pass, at the first lead."""
    st = SimState(sr, hands, view.totals)
    if sr.first_lead == "left-of-dealer":
        st.leader = st.turn = (view.dealer + 1) & 3
    else:
        st.leader = st.turn = next(s for s in range(4) if hands[s] & 1)
    return st


class SearchBot:
    """Sampling + playouts, as its `SearchConfig` says (the `normal` level by default)."""

    name = "search"

    def __init__(self, seed: int | str | None = None, config: SearchConfig = NORMAL) -> None:
        self.rng = random.Random(seed)
        self.config = config
        self.capped = 0  # decisions cut short by the time cap (then not reproducible)
        self.moon_attempt = False  # set when a play is chosen for its moon continuation
        self.last_worlds = 0
        self.committed = False  # playing this hand for the moon (``commit_risk``)

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        start = time.perf_counter()
        cfg = self.config
        if view.pass_direction == "hold" or view.rules.pass_count == 0:
            return rules_pass(view)[0]
        if cfg.commit_pass_risk:
            sr, n = sim_rules(view.rules), view.rules.pass_count
            hand = sum(c.mask for c in view.hand)
            if pass_keeps_moon(sr, hand, n, cfg.commit_pass_risk):
                return [Card.from_index(i) for i in shoot_pass(sr, hand, n)]
        if cfg.pass_worlds <= 0:
            return rules_pass(view)[0]
        deadline = start + max(0.0, min(budget, cfg.cap)) * 0.85
        return [Card.from_index(i) for i in self.search_pass(view, deadline)[0]]

    def search_pass(self, view: View,
                    deadline: float) -> tuple[tuple[int, ...], dict[tuple[int, ...], float]]:
        """Try the passes in sampled deals, the other seats passing and every seat playing as
        the rules player; return the pass with the fewest mean points (and every mean)."""
        cfg = self.config
        sr = sim_rules(view.rules)
        n = view.rules.pass_count
        hand = 0
        for c in view.hand:
            hand |= c.mask
        scores = pass_scores(sr, hand)
        order = sorted(scores, key=lambda c: (-scores[c], -c))
        rules_choice = tuple(pass_policy(sr, hand, n)[0])
        size = min(len(order), n + cfg.pass_spread)
        while size > n and comb(size, n) > cfg.pass_cands:
            size -= 1
        pool = order[:size]
        cands = [rules_choice] + [tuple(sorted(c)) for c in combinations(pool, n)
                                  if tuple(sorted(c)) != rules_choice]
        masks = [sum(1 << i for i in c) for c in cands]
        unseen = [i for i in range(52) if not hand >> i & 1]
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        active = list(range(len(cands)))
        rng = self.rng
        # every candidate in pass_worlds deals, then the best pass_keep in pass_more deals more
        schedule = [(cfg.pass_worlds, 0)]
        if cfg.pass_more and cfg.pass_keep < len(cands):
            schedule.append((cfg.pass_more, cfg.pass_keep))
        cut = False
        for n_worlds, keep in schedule:
            if keep:
                active = sorted(active, key=lambda j: totals[j] / counts[j])[:keep]
            for w in range(n_worlds):
                scored = self._score_passes(sr, rng, unseen, hand, n, [masks[j] for j in active],
                                            view)
                for j, p in zip(active, scored):
                    totals[j] += p
                    counts[j] += 1
                if time.perf_counter() > deadline:
                    cut = w + 1 < n_worlds or keep == 0 and len(schedule) > 1
                    break
            if cut:
                self.capped += 1
                break
        means = {cands[j]: totals[j] / counts[j] for j in active}
        best = min(means.values())
        pick = next(cands[j] for j in active if means[cands[j]] <= best + 1e-9)
        return pick, means

    def _score_passes(self, sr: SimRules, rng: random.Random, unseen: list[int], hand: int,
                      n: int, masks: list[int], view: View) -> list[float]:
        """One deal of the pass search: the unseen cards shuffled and dealt, the other seats'
        passes made, and this seat's points after each of its passes ``masks`` and the hand
        played out (with ``pass_moon``, mixed with the hand where the receiver tries for the
        moon; a moon against this seat counts ``pass_weight`` times its points). In C where it
        is built."""
        cfg = self.config
        me = view.seat
        to = view.pass_to
        offset = (to - me) & 3
        share = cfg.pass_moon if sr.moon_on else 0.0
        if native is not None:
            lead = (view.dealer + 1) & 3 if sr.first_lead == "left-of-dealer" else -1
            got = seat_results(sr, native.score_passes(sr.native, unseen, hand, me, offset, n,
                                                       masks, lead, rng.getrandbits,
                                                       cfg.pass_risk if share else -1),
                               view.totals, me, cfg.pass_weight)
            if not share:
                return got
            # a moon row equals its plain row where the receiver could not try
            return [a + share * (b - a) for a, b in zip(got, got[len(masks):])]
        after = _pass_world(sr, rng, unseen, hand, me, n, offset)
        out: list[float] = []
        for mine in masks:
            world = list(after)
            world[me] ^= mine
            world[to] |= mine
            st = start_state(sr, world, view)
            if share and moon_plausible(st, to, cfg.pass_risk):
                moon = moon_playout(st.copy(), 1 << to, me).weighed_points(me, cfg.pass_weight)
                plain = rules_playout(st).weighed_points(me, cfg.pass_weight)
                out.append(plain + share * (moon - plain))
                continue
            out.append(rules_playout(st).weighed_points(me, cfg.pass_weight))
        return out

    def choose_moon(self, view: View, budget: float) -> str:
        return moon_choice(view)

    def _shooting_world(self, sampler: Sampler, base: SimState, seat: int,
                        world: SimState) -> SimState:
        """A world where ``seat``'s cards make a moon plausible: dealt with its high cards
        favoured, kept when they can run (``world`` if none is found in a few tries)."""
        my_hand = base.hands[base.turn]
        high = sampler.out & HIGH_CARDS
        for _ in range(12):
            hidden = sampler.sample(self.rng, (seat, high, 6))
            hidden[base.turn] = my_hand
            trial = base.copy()
            trial.hands = hidden
            if moon_plausible(trial, seat, self.config.opp_risk):
                return trial
        return world

    def _draw(self, sampler: Sampler, reader: PlayReader) -> list[int]:
        """A world drawn by voids and kept with the probability of the plays seen in it
        (after ``infer`` draws, the likeliest of them)."""
        rng = self.rng
        best, best_w = None, -1.0
        for _ in range(self.config.infer):
            hidden = sampler.sample(rng)
            w = reader.weight(hidden)
            if w >= 1.0 or rng.random() < w:
                return hidden
            if w > best_w:
                best, best_w = hidden, w
        assert best is not None
        return best

    def choose_play(self, view: View, budget: float) -> Card:
        if self.config.commit:
            # a new hand, or a moon no longer open, ends a moon attempt
            self.committed = (self.committed and bool(view.tricks)
                              and moon_plausible(state_from_view(view), view.seat, 8))
        return self.evaluate(view, budget)[0]

    def evaluate(self, view: View, budget: float) -> tuple[Card, dict[int, float]]:
        """The card to play and the mean points of each searched candidate."""
        start = time.perf_counter()
        cfg = self.config
        legal = view.legal
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0], {}
        cands = candidates(view)
        if len(cands) == 1:
            return Card.from_index(cands[0]), {}
        deadline = start + max(0.0, min(budget, cfg.cap)) * 0.85
        me = view.seat
        base = state_from_view(view)
        sampler = Sampler(view)
        rng = self.rng
        # this seat's own moon attempt, searched beside the normal play when its cards allow
        own_mode = 1 << me | (STRONG_DEFENCE if cfg.strong_defence else 0)
        committed = self.committed
        modes = (own_mode,) if committed else (0, own_mode) if moon_plausible(
            base, me, cfg.my_risk) else (0,)
        left = sum(view.cards_left) + len(view.trick)
        work = cfg.early_work if cfg.early_work and len(view.tricks) < cfg.early_tricks \
            else cfg.work
        worlds = work // (len(cands) * max(left, 1))
        most = cfg.max_worlds * work // cfg.work     # more worlds allowed early too
        # in the last ``own_tricks`` tricks this seat plays its best line in each world: that
        # multiplies a world's plays by about three for each card past six in hand (measured),
        # so there are fewer worlds; with a ``tree`` a world costs 1 + ``tree`` playouts a
        # candidate, with ``ismcts`` that many (and ``ismcts_views`` more), and there are
        # that many times fewer
        own = len(view.hand) <= cfg.own_tricks and not cfg.tree and not cfg.ismcts
        fewer = (3 ** max(0, len(view.hand) - 6) if own
                 else cfg.ismcts + cfg.ismcts_views if cfg.ismcts else 1 + cfg.tree)
        worlds = max(cfg.min_worlds, min(most, worlds // len(modes)) // fewer)
        reader = (PlayReader(view, quiet=cfg.read_quiet, model=cfg.read_model)
                  if cfg.infer and view.tricks else None)
        if reader:
            reader.calibrate(sampler, rng)
        # the chance that each other seat is playing for the moon, read from its plays
        shooting = reader.shooting(sampler, rng) if reader else [0.0] * 4
        threat = early_alarm(base, me)
        # the moon model plays only on evidence: this seat's own attempt, a seat holding every
        # point so far, or plays that read like a shooter's; else the plain playouts
        alarmed = threat >= 0 or max(shooting) >= cfg.read_alarm
        moon_model = committed or len(modes) > 1 or alarmed
        if not alarmed:
            shooting = [0.0] * 4
        others = tuple(s for s in range(4) if s != me)
        # worlds where the suspect's cards can run: only while it leads hearts, once it is
        # deep in a moon or while its plays read as a moon attempt's. Dealt on a weaker alarm
        # they made the search defend against moons nobody was trying
        runnable = threat >= 0 and (_leads_hearts(view, threat)
                                    or self._deep_in_moon(base.taken[threat])
                                    or 0 < cfg.run_read <= shooting[threat])
        weighed = max(shooting) >= cfg.weight_read
        scores = _Scores(len(cands), len(modes), cfg.moon_weight if weighed else 1.0, own,
                         cfg.replies, cfg)
        # racing (``prune_z``): part way, the candidates clearly worse than the best are
        # dropped and the worlds they would have had go to the rest. Not while this seat's
        # own moon is searched: raced, it shot fewer moons in more attempts
        race = cfg.prune_z and len(modes) == 1
        check = max(cfg.min_worlds, int(worlds * cfg.prune_at)) if race else 0
        units = worlds * len(cands)
        while scores.done < worlds:
            hidden = self._draw(sampler, reader) if reader else sampler.sample(rng)
            hidden[me] = base.hands[me]
            if moon_model:
                world = base.copy()
                world.hands = hidden
                if runnable and scores.done % 3:
                    # the suspect is likely shooting: two worlds in three are dealt so that
                    # its cards can run, and it tries
                    world = self._shooting_world(sampler, base, threat, world)
                shooters = self._shooters(world, others, alarmed, shooting)
                if cfg.strong_defence == "all":
                    shooters |= STRONG_DEFENCE
                scores.add_moon_world(world, cands, modes, shooters, me)
            else:
                scores.add_world(base, cands, me, hidden)
            if scores.done == check and check < worlds:
                scores.prune(cfg.prune_z)
                if len(scores.active) == 1:
                    break
                worlds = check + (units - check * len(cands)) // len(scores.active)
            if time.perf_counter() > deadline:
                if scores.done < worlds:
                    self.capped += 1
                break
        self.last_worlds = scores.done
        means, shoots = scores.means(cands, cfg.shoot_z)
        pick = _pick(view, cands, means, [cands[j] for j in scores.active])
        if committed or pick in shoots:
            self.moon_attempt = True
            self.committed = cfg.commit
        return Card.from_index(pick), means

    def _deep_in_moon(self, taken: int) -> bool:
        """Whether a suspect that has taken the cards ``taken`` is played as able to run
        although it does not lead hearts (``run_hearts``, ``run_hearts_qs``)."""
        cfg = self.config
        hearts = (taken & HEARTS_MASK).bit_count()
        return (0 < cfg.run_hearts <= hearts
                or bool(taken & QS_BIT) and 0 < cfg.run_hearts_qs <= hearts)

    def _shooters(self, world: SimState, others: tuple[int, ...], alarmed: bool,
                  shooting: list[float]) -> int:
        """The mask of the ``others`` that try for the moon in this world's playouts: once
        alarmed, those whose cards allow it, and each seat read as shooting with its chance."""
        shooters = shooters_in(world, others, self.config.opp_risk) if alarmed else 0
        for s in others:
            if shooting[s] and self.rng.random() < shooting[s]:
                shooters |= 1 << s
        return shooters


def _pass_world(sr: SimRules, rng: random.Random, unseen: list[int], hand: int, me: int, n: int,
                offset: int) -> list[int]:
    """A random deal of the unseen cards with the other seats' passes made (this seat's own
    pass not yet)."""
    shuffle(unseen, rng.getrandbits)
    hands = [0, 0, 0, 0]
    hands[me] = hand
    k = 0
    for s in range(4):
        if s != me:
            for i in unseen[k:k + 13]:
                hands[s] |= 1 << i
            k += 13
    after = list(hands)
    for s in range(4):
        if s != me:
            passed = 0
            for i in pass_policy(sr, hands[s], n)[0]:
                passed |= 1 << i
            after[s] ^= passed
            after[(s + offset) & 3] |= passed
    return after


def _leads_hearts(view: View, seat: int) -> bool:
    """Whether ``seat`` led the trick in play with a heart."""
    return bool(view.trick) and view.trick[0][0] == seat and view.trick[0][1].suit == HEARTS


class _Scores:
    """Each candidate's points in every world searched for it, per mode (played on, or with
    two modes also going for this seat's moon). Candidates dropped by `prune` are searched no
    further; every world is searched for all the ``active`` ones."""

    def __init__(self, n_cands: int, n_modes: int, moon_weight: float = 1.0,
                 own: bool = False, replies: int = 0, config: SearchConfig = NORMAL) -> None:
        self.nm = n_modes
        self.config = config        # its ``tree`` settings
        self.moon_weight = moon_weight
        self.own = own      # this seat plays its best line in each world (`best_line`)
        self.replies = replies      # see `SearchConfig.replies`
        self.points: list[list[list[float]]] = [[[] for _ in range(n_modes)]
                                                for _ in range(n_cands)]
        # with ``ismcts``, each mode's information-set trees, grown over the worlds
        self.trees = [new_tree() for _ in range(n_modes)] if config.ismcts else []
        self.active = list(range(n_cands))
        self.done = 0

    def add_world(self, base: SimState, cands: list[int], me: int, hidden: list[int]) -> None:
        """Every active candidate played on by the rules player for all seats, in ``base``
        with the hands ``hidden``."""
        scored = self._score(base, [cands[j] for j in self.active], me, -1, hidden)
        for j, p in zip(self.active, scored):
            self.points[j][0].append(p)
        self.done += 1

    def add_moon_world(self, world: SimState, cands: list[int], modes: tuple[int, ...],
                       shooters: int, me: int) -> None:
        """Every active candidate in every mode, with the ``shooters`` trying for the moon."""
        cards = [cands[j] for j in self.active]
        for m, mode in enumerate(modes):
            for j, p in zip(self.active, self._score(world, cards, me, shooters | mode,
                                                     mode=m)):
                self.points[j][m].append(p)
        self.done += 1

    def _score(self, world: SimState, cards: list[int], me: int, shooters: int,
               hidden: list[int] | None = None, mode: int = 0) -> list[float]:
        """``me``'s points after each of ``cards`` in ``world``: the others searched
        (`ismcts.ismcts_cards` in the ``mode``'s trees with ``ismcts``, `tree.tree_cards`
        with a ``tree``), else played out (`moon.score_cards`; the other seats by the model
        of `normal`, `play_model.model_cards`, with ``playout_model``)."""
        cfg = self.config
        if cfg.playout_model:
            return model_cards(world, cards, me, shooters, hidden, self.moon_weight, self.own,
                               PLAY_WEIGHTS, cfg.playout_model > 1)
        if cfg.ismcts:
            return ismcts_cards(self.trees[mode], world, cards, me, shooters, hidden,
                                cfg.ismcts, cfg.tree_plies, cfg.tree_explore, self.moon_weight,
                                cfg.ismcts_views)
        if cfg.tree:
            return tree_cards(world, cards, me, shooters, hidden, cfg.tree, cfg.tree_plies,
                              cfg.tree_explore, self.moon_weight, cfg.tree_self)
        return score_cards(world, cards, me, shooters, hidden=hidden,
                           moon_weight=self.moon_weight, own=self.own,
                           replies=self.replies)

    def shoots(self, j: int, shoot_z: float) -> bool:
        """Whether candidate ``j``'s value is its moon continuation: better than played on by
        ``shoot_z`` standard errors of the paired difference (the better of two noisy means is
        too good: a moon chosen on noise is a costly failed attempt)."""
        if self.nm == 1:
            return False
        played, moon = self.points[j]
        mean, se = _paired(moon, played)
        return mean < -shoot_z * se

    def prune(self, z: float) -> None:
        """Drop the active candidates worse than the best by more than ``z`` standard errors
        of the paired difference over the worlds searched so far. A candidate is valued by
        its better mode, its moon continuation's promise not yet tested (`shoots` decides
        once every world is in)."""
        values = {j: min(self.points[j], key=sum) for j in self.active}
        best = min(self.active, key=lambda j: sum(values[j]))
        keep = []
        for j in self.active:
            mean, se = _paired(values[j], values[best])
            if j == best or mean <= z * se:
                keep.append(j)
        self.active = keep

    def means(self, cands: list[int], shoot_z: float) -> tuple[dict[int, float], set[int]]:
        """Each candidate's mean points (over the worlds searched for it), and the candidates
        whose value is their moon continuation (see `shoots`)."""
        shoots = {cands[j] for j in range(len(cands)) if self.shoots(j, shoot_z)}
        means = {}
        for j, c in enumerate(cands):
            values = self.points[j][c in shoots]
            means[c] = sum(values) / len(values)
        return means, shoots


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a - b`` world by world, and its standard error (over ``a``'s worlds)."""
    n = len(a)
    total = total_sq = 0.0
    for x, y in zip(a, b):
        d = x - y
        total += d
        total_sq += d * d
    mean = total / n
    return mean, (max(0.0, total_sq / n - mean * mean) / n) ** 0.5


def _pick(view: View, cands: list[int], means: dict[int, float], active: list[int]) -> int:
    """The ``active`` candidate with the fewest mean points; among equals, the rules player's
    card."""
    best = min(means[c] for c in active)
    preferred = rules_play(view)[0].index
    rep = searched_as(cands, preferred)
    tied = [c for c in active if means[c] <= best + 1e-9]
    return preferred if rep in tied else tied[0]


__all__ = ["SearchBot", "candidates", "searched_as", "start_state"]
