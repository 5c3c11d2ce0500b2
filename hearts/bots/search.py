"""The search bot: perfect-information Monte Carlo over sampled worlds.

For each decision it deals the unseen cards many times consistent with the
seat's view (`Sampler`), plays each candidate card in every sampled world and
finishes the hand with the rules player for all four seats (`rules_playout`),
then plays the card with the fewest mean points. The same worlds are used for
every candidate (less noise), cards that are interchangeable are searched once,
and the number of worlds is set from a work budget so that the choices depend
on the seed only; the time budget is a hard cap on top. Racing (``prune_z``, the
levels): halfway, the cards clearly worse than the best are dropped and their worlds
go to the close ones.

Reading the plays (``infer``, `inference.PlayReader`): each world is drawn up to
``infer`` times and kept with the probability of the other seats' plays in it.

Moon-aware (``moon_aware=True``, the levels since v1): an opponent plays the
moon attempt (`moon.shoot_play`) in the playouts when its cards in the world make
one plausible, or, with ``on_evidence`` (the levels), only once one is suspected:
it holds every point so far or its plays read like a shooter's. A suspect holding every
point is dealt a hand that can run in two worlds of three: on the alarm alone, or with
``run_on_tell`` only while it leads hearts, once it has taken many hearts (``run_hearts``)
or while its plays read strongly like a shooter's (``run_read``). This seat's own
attempt is searched as a second continuation of every card when its cards allow
(``my_risk``), and chosen when better by ``shoot_z`` standard errors. The moon-aware pass search
(``moon_pass``, in no level: it lost points head to head) adds the passes that
keep stoppers and the moon attempt's pass, has opponents with a runnable hand pass
like shooters, and gives the best few passes more worlds (successive halving). The
levels' pass search tries every pass (``pass_spread``, ``pass_cands``) and scores each
as if the receiver tried for the moon where its hand after the passes allows one
(``pass_moon``, ``pass_risk``), a moon against this seat weighing more than its points
(``pass_weight``).

Against the table (``relative``, `hard`): the search minimises this seat's points less
the others' mean rather than its own points, so a moon it shoots is worth as much as one
shot against it costs. With ``strong_defence`` the seats not shooting in the moon
playouts defend as this seat does (early alarm, stoppers kept), not as the rules player:
against players who defend, a moon comes off far less often than rules players let it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from itertools import combinations
from math import comb

from hearts.engine import Card, View
from hearts.engine.cards import HEARTS, HEARTS_MASK

from .inference import PlayReader
from .moon import (STRONG_DEFENCE, early_alarm, moon_plausible, moon_playout, pass_keeps_moon,
                   score_cards, shoot_pass, shooters_in)
from .policy import pass_policy, pass_scores, rules_playout
from .rules_bot import moon_choice, rules_pass, rules_play
from .sampling import Sampler
from .sim import (FULL, QS_BIT, SimRules, SimState, native, seat_results, sim_rules,
                  state_from_view)


def candidates(view: View, trick_splits: bool = True) -> list[int]:
    """Legal card indices, one per group of interchangeable cards.

    Two legal cards of one suit are interchangeable when no unseen card, nor a card of
    the trick in play, lies between them and they are worth the same points (with the 5♣
    led, the 4♣ ducks and the 7♣ wins). ``trick_splits=False`` is the v1 levels' grouping,
    which missed the trick's cards.
    """
    sr = sim_rules(view.rules)
    legal = sorted(c.index for c in view.legal)
    my = 0
    for card in view.hand:
        my |= card.mask
    # the cards that keep two of this seat's apart: the unseen ones, and the trick's
    apart = FULL & ~view.played_mask() & ~my
    if trick_splits:
        for _, card in view.trick:
            apart |= card.mask
    reps: list[int] = []
    prev = -1
    for c in legal:
        if (prev >= 0 and prev // 13 == c // 13 and sr.value[prev] == sr.value[c]
                and not apart & ((1 << c) - (1 << (prev + 1)))):
            prev = c
            continue
        reps.append(c)
        prev = c
    return reps


def searched_as(cands: Iterable[int], card: int) -> int:
    """The searched candidate standing for ``card``: the highest of ``cands`` in its suit not
    above it (the group of alike cards it belongs to; -1 if none)."""
    return max((c for c in cands if c <= card and c // 13 == card // 13), default=-1)


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


def moon_passes(sr: SimRules, hand: int, n: int, order: list[int]) -> list[tuple[int, ...]]:
    """Passes that keep stoppers: the pass of a moon attempt, and the rules pass with its
    aces and kings outside spades swapped for the next cards that are not."""
    out = [tuple(shoot_pass(sr, hand, n))]
    keep = [c for c in order if c % 13 < 11 or c // 13 == 3]
    head = order[:n]
    high = [c for c in head if c % 13 >= 11 and c // 13 != 3]
    for k in range(1, len(high) + 1):
        swapped = [c for c in head if c not in high[:k]] + [c for c in keep if c not in head][:k]
        if len(swapped) == n:
            out.append(tuple(sorted(swapped)))
    alt = keep[:n + 1]
    out += [tuple(sorted(c)) for c in combinations(alt, n)]
    return list(dict.fromkeys(out))


def start_state(sr: SimRules, hands: list[int], view: View) -> SimState:
    """A sampled deal after the pass, at the first lead."""
    st = SimState(sr, hands, view.totals)
    if sr.first_lead == "left-of-dealer":
        st.leader = st.turn = (view.dealer + 1) & 3
    else:
        st.leader = st.turn = next(s for s in range(4) if hands[s] & 1)
    return st


class SearchBot:
    """Sampling + playouts; ``work`` is the number of simulated plays per decision."""

    name = "search"

    def __init__(self, seed: int | str | None = None, work: int = 6000, cap: float = 0.2,
                 min_worlds: int = 4, max_worlds: int = 120, pass_worlds: int = 24,
                 pass_spread: int = 2, moon_aware: bool = False, opp_risk: int = 4,
                 my_risk: int = 5, pass_keep: int = 4, pass_more: int = 0,
                 moon_pass: bool | None = None, infer: int = 0, shoot_z: float = 0.0,
                 on_evidence: bool = False, read_alarm: float = 0.2,
                 run_on_tell: bool = False, run_hearts: int = 0, run_hearts_qs: int = 0,
                 run_read: float = 0.0, moon_weight: float = 1.0,
                 plausible_share: float = 0.0, weight_read: float = 0.0, read_quiet: int = 0,
                 trick_splits: bool = True, early_work: int = 0, own_tricks: int = 0,
                 early_tricks: int = 4, prune_z: float = 0.0, prune_at: float = 0.5,
                 pass_moon: float = 0.0, pass_risk: int = 5, pass_cands: int = 300,
                 pass_weight: float = 1.0, relative: bool = False,
                 strong_defence: str = "", model_leads: bool = False) -> None:
        self.rng = random.Random(seed)
        self.work = work
        # ``early_work`` replaces ``work`` in the first ``early_tricks`` tricks, where the most
        # is unknown and a playout's result is noisiest
        self.early_work = early_work
        self.early_tricks = early_tricks
        self.cap = cap
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.pass_worlds = pass_worlds
        # the passes searched: the rules player's own, and every pass of the first
        # ``pass_count + pass_spread`` cards in its order (fewer cards where that makes more
        # than ``pass_cands`` passes)
        self.pass_spread = pass_spread
        self.pass_cands = pass_cands
        self.pass_keep = pass_keep      # with pass_more: the best passes searched further
        self.pass_more = pass_more
        # moon-aware: playout opponents whose sampled cards make a moon plausible (at most
        # ``opp_risk`` losers) try for it, and this seat also searches its own attempt when its
        # cards allow (``my_risk``), in play and in the pass
        self.moon_aware = moon_aware
        self.moon_pass = moon_aware if moon_pass is None else moon_pass
        # in the pass search, where the receiver's hand after the passes has at most
        # ``pass_risk`` losers (`moon_plausible`), a pass scores ``pass_moon`` times the hand
        # with the receiver trying for the moon and the rest times the plain one
        self.pass_moon = pass_moon
        self.pass_risk = pass_risk
        # a moon shot against this seat in the pass search counts this many times its points
        self.pass_weight = pass_weight
        # worlds are drawn up to ``infer`` times each, kept by how likely they make the plays
        # seen (`PlayReader`); 0 draws each world once, by the voids only
        self.infer = infer
        # plays that follow suit in the first ``read_quiet`` tricks say nothing of a moon
        # attempt (`PlayReader`)
        self.read_quiet = read_quiet
        self.shoot_z = shoot_z
        # ``on_evidence``: opponents shoot in the play's playouts only once one is suspected (it
        # holds every point so far, or its plays read like a shooter's with at least
        # ``read_alarm`` chance); otherwise every opponent whose sampled cards allow it tries
        self.on_evidence = on_evidence
        self.read_alarm = read_alarm
        # ... and before any evidence, the seats whose cards allow a moon try for it in this
        # share of the worlds (0: none)
        self.plausible_share = plausible_share
        # ``run_on_tell``: worlds are dealt so that a seat holding every point can run only
        # while it leads hearts (the shooter's tell), not on every alarm (see `evaluate`)
        self.run_on_tell = run_on_tell
        # ... and also once it has taken ``run_hearts`` hearts, or the Q♠ and ``run_hearts_qs``
        # hearts (0: never): a seat that deep into a moon is played as able to run
        self.run_hearts = run_hearts
        self.run_hearts_qs = run_hearts_qs
        # ... and also when its plays read as a shooter's with at least this chance (0: never)
        self.run_read = run_read
        # a moon shot against this seat in a play's playouts counts this many times its
        # points: the playouts see fewer moons than real shooters bring (their shooters are
        # dealt at random, and found only on evidence), and a moon costs the most
        self.moon_weight = moon_weight
        # ... only once some seat's plays read as a shooter's with at least this chance (0:
        # always). Searching players take and dump points in ways that set off the alarm; the
        # read tells a real attempt from them
        self.weight_read = weight_read
        self.trick_splits = trick_splits    # see `candidates`
        # in the last ``own_tricks`` tricks this seat's own later plays in each world are its
        # best line there (`best_line`), not the rules player's (0: never)
        self.own_tricks = own_tricks
        # racing: after ``prune_at`` of a play's worlds, the candidates worse than the best by
        # ``prune_z`` standard errors are dropped and their worlds go to the rest (0: never)
        self.prune_z = prune_z
        self.prune_at = prune_at
        self.opp_risk = opp_risk
        self.my_risk = my_risk
        # ``relative``: the search plays for its points against the table's, not its own
        # (`SimState.weighed_points`): a moon counts half its worth, for it or against it
        self.relative = relative
        # in the moon playouts, the seats not shooting defend as this seat does (`moon.
        # STRONG_DEFENCE`): in this seat's own moon attempt ("own"), or everywhere ("all")
        if strong_defence not in ("", "own", "all"):
            raise ValueError(f"strong_defence: '', 'own' or 'all', not {strong_defence!r}")
        self.strong_defence = strong_defence
        # the playouts' rules player leads as the model fitted to `normal`'s own leads
        # (`policy.model_lead`), not as `policy._lead` scores the suits
        self.model_leads = model_leads
        self.capped = 0  # decisions cut short by the time cap (then not reproducible)
        self.moon_attempt = False  # set when a play is chosen for its moon continuation
        self.last_worlds = 0

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        start = time.perf_counter()
        if self.pass_worlds <= 0 or view.pass_direction == "hold" or view.rules.pass_count == 0:
            return rules_pass(view)[0]
        deadline = start + max(0.0, min(budget, self.cap)) * 0.85
        return [Card.from_index(i) for i in self.search_pass(view, deadline)[0]]

    def search_pass(self, view: View, deadline: float) -> tuple[tuple[int, ...], dict]:
        """Try the likeliest passes in sampled deals, every seat passing and playing as the
        rules player; return the pass with the fewest mean points (and every mean)."""
        sr = sim_rules(view.rules)
        me = view.seat
        n = view.rules.pass_count
        hand = 0
        for c in view.hand:
            hand |= c.mask
        scores = pass_scores(sr, hand)
        order = sorted(scores, key=lambda c: (-scores[c], -c))
        rules_choice = tuple(pass_policy(sr, hand, n)[0])
        size = min(len(order), n + self.pass_spread)
        while size > n and comb(size, n) > self.pass_cands:
            size -= 1
        pool = order[:size]
        cands = [rules_choice] + [tuple(sorted(c)) for c in combinations(pool, n)
                                  if tuple(sorted(c)) != rules_choice]
        if self.moon_pass:
            cands += [c for c in moon_passes(sr, hand, n, order) if c not in cands]
        masks = [sum(1 << i for i in c) for c in cands]
        unseen = [i for i in range(52) if not hand >> i & 1]
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        active = list(range(len(cands)))
        rng = self.rng
        # every candidate in pass_worlds deals, then the best pass_keep in pass_more deals more
        schedule = [(self.pass_worlds, 0)]
        if self.pass_more and self.pass_keep < len(cands):
            schedule.append((self.pass_more, self.pass_keep))
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
        is built (the moon-aware pass search in Python)."""
        me = view.seat
        to = view.pass_to
        offset = (to - me) & 3
        share = self.pass_moon if sr.moon_on else 0.0
        if native is not None and not self.moon_pass:
            lead = (view.dealer + 1) & 3 if sr.first_lead == "left-of-dealer" else -1
            got = seat_results(sr, native.score_passes(sr.native, unseen, hand, me, offset, n,
                                                       masks, lead, rng.getrandbits,
                                                       self.pass_risk if share else -1,
                                                       int(self.model_leads)),
                               view.totals, me, self.pass_weight, self.relative)
            if not share:
                return got
            # a moon row equals its plain row where the receiver could not try
            return [a + share * (b - a) for a, b in zip(got, got[len(masks):])]
        after = self._pass_world(sr, rng, unseen, hand, me, n, offset)
        others = tuple(s for s in range(4) if s != me)
        out: list[float] = []
        for mine in masks:
            world = list(after)
            world[me] ^= mine
            world[to] |= mine
            st = start_state(sr, world, view)
            st.leads = int(self.model_leads)
            if self.moon_pass:
                shooters = shooters_in(st, others, self.opp_risk)
                if moon_plausible(st, me, self.my_risk - 1):
                    shooters |= 1 << me
                moon_playout(st, shooters, me)
            elif share and moon_plausible(st, to, self.pass_risk):
                moon = moon_playout(st.copy(), 1 << to, me).weighed_points(
                    me, self.pass_weight, self.relative)
                rules_playout(st)
                plain = st.weighed_points(me, self.pass_weight, self.relative)
                out.append(plain + share * (moon - plain))
                continue
            else:
                rules_playout(st)
            out.append(st.weighed_points(me, self.pass_weight, self.relative))
        return out

    def _pass_world(self, sr: SimRules, rng: random.Random, unseen: list[int], hand: int,
                    me: int, n: int, offset: int) -> list[int]:
        """A random deal of the unseen cards with the other seats' passes made (this seat's
        own pass not yet)."""
        shuffle(unseen, rng.getrandbits)
        hands = [0, 0, 0, 0]
        hands[me] = hand
        k = 0
        for s in range(4):
            if s != me:
                for i in unseen[k:k + 13]:
                    hands[s] |= 1 << i
                k += 13
        passes = [0, 0, 0, 0]
        for s in range(4):
            if s != me:
                if self.moon_pass and pass_keeps_moon(sr, hands[s], n):
                    chosen = shoot_pass(sr, hands[s], n)   # a hand that may run keeps its winners
                else:
                    chosen = pass_policy(sr, hands[s], n)[0]
                for i in chosen:
                    passes[s] |= 1 << i
        after = list(hands)
        for s in range(4):
            if s != me:
                after[s] ^= passes[s]
                after[(s + offset) & 3] |= passes[s]
        return after

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
            if moon_plausible(trial, seat, self.opp_risk):
                return trial
        return world

    def _draw(self, sampler: Sampler, reader: PlayReader) -> list[int]:
        """A world drawn by voids and kept with the probability of the plays seen in it
        (after ``infer`` draws, the likeliest of them)."""
        rng = self.rng
        best, best_w = None, -1.0
        for _ in range(self.infer):
            hidden = sampler.sample(rng)
            w = reader.weight(hidden)
            if w >= 1.0 or rng.random() < w:
                return hidden
            if w > best_w:
                best, best_w = hidden, w
        assert best is not None
        return best

    def choose_play(self, view: View, budget: float) -> Card:
        return self.evaluate(view, budget)[0]

    def evaluate(self, view: View, budget: float) -> tuple[Card, dict[int, float]]:
        """The card to play and the mean points of each searched candidate."""
        start = time.perf_counter()
        legal = view.legal
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0], {}
        cands = candidates(view, self.trick_splits)
        if len(cands) == 1:
            return Card.from_index(cands[0]), {}
        deadline = start + max(0.0, min(budget, self.cap)) * 0.85
        me = view.seat
        base = state_from_view(view)
        base.leads = int(self.model_leads)
        sampler = Sampler(view)
        rng = self.rng
        # this seat's own moon attempt, searched beside the normal play when its cards allow
        own_mode = 1 << me | (STRONG_DEFENCE if self.strong_defence else 0)
        modes = (0, own_mode) if self.moon_aware and moon_plausible(base, me, self.my_risk) \
            else (0,)
        left = sum(view.cards_left) + len(view.trick)
        work = self.early_work if self.early_work and len(view.tricks) < self.early_tricks \
            else self.work
        worlds = work // (len(cands) * max(left, 1))
        most = self.max_worlds * work // self.work     # more worlds allowed early too
        # in the last ``own_tricks`` tricks this seat plays its best line in each world: that
        # multiplies a world's plays by about three for each card past six in hand (measured),
        # so there are fewer worlds
        own = len(view.hand) <= self.own_tricks
        fewer = 3 ** max(0, len(view.hand) - 6) if own else 1
        worlds = max(self.min_worlds, min(most, worlds // len(modes)) // fewer)
        reader = PlayReader(view, quiet=self.read_quiet) if self.infer and view.tricks else None
        # the chance that each other seat is playing for the moon, read from its plays
        shooting = reader.shooting(sampler, rng) if reader and self.moon_aware else [0.0] * 4
        threat = early_alarm(base, me) if self.moon_aware else -1
        # the moon model plays only on evidence: this seat's own attempt, a seat holding every
        # point so far, or plays that read like a shooter's; else the plain playouts
        alarmed = threat >= 0 or max(shooting) >= self.read_alarm
        moon_model = self.moon_aware and (len(modes) > 1 or alarmed or not self.on_evidence
                                             or self.plausible_share > 0)
        if not alarmed:
            shooting = [0.0] * 4
        others = tuple(s for s in range(4) if s != me)
        # worlds where the suspect's cards can run: dealt on any alarm, or with ``run_on_tell``
        # only while it leads hearts, once it is deep in a moon or while its plays read as a
        # moon attempt's. Dealt on a weaker alarm they made the search defend against moons
        # nobody was trying, and cost points against players who were not
        runnable = threat >= 0 and (not self.run_on_tell or _leads_hearts(view, threat)
                                    or self._deep_in_moon(base.taken[threat])
                                    or 0 < self.run_read <= shooting[threat])
        weighed = max(shooting) >= self.weight_read
        scores = _Scores(len(cands), len(modes), self.moon_weight if weighed else 1.0, own,
                         self.relative)
        # racing (``prune_z``): part way, the candidates clearly worse than the best are
        # dropped and the worlds they would have had go to the rest. Not while this seat's
        # own moon is searched: raced, it shot fewer moons in more attempts
        race = self.prune_z and len(modes) == 1
        check = max(self.min_worlds, int(worlds * self.prune_at)) if race else 0
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
                if self.strong_defence == "all":
                    shooters |= STRONG_DEFENCE
                scores.add_moon_world(world, cands, modes, shooters, me)
            else:
                scores.add_world(base, cands, me, hidden)
            if scores.done == check and check < worlds:
                scores.prune(self.prune_z)
                if len(scores.active) == 1:
                    break
                worlds = check + (units - check * len(cands)) // len(scores.active)
            if time.perf_counter() > deadline:
                if scores.done < worlds:
                    self.capped += 1
                break
        self.last_worlds = scores.done
        means, shoots = scores.means(cands, self.shoot_z)
        pick = _pick(view, cands, means, [cands[j] for j in scores.active])
        if pick in shoots:
            self.moon_attempt = True
        return Card.from_index(pick), means

    def _deep_in_moon(self, taken: int) -> bool:
        """Whether a suspect that has taken the cards ``taken`` is played as able to run
        although it does not lead hearts (``run_hearts``, ``run_hearts_qs``)."""
        hearts = (taken & HEARTS_MASK).bit_count()
        return (0 < self.run_hearts <= hearts
                or bool(taken & QS_BIT) and 0 < self.run_hearts_qs <= hearts)

    def _shooters(self, world: SimState, others: tuple[int, ...], alarmed: bool,
                  shooting: list[float]) -> int:
        """The mask of the ``others`` that try for the moon in this world's playouts: those
        whose cards allow it (once alarmed, or always without ``on_evidence``; before that in
        ``plausible_share`` of the worlds), and each seat read as shooting with its chance."""
        sure = alarmed or not self.on_evidence
        shooters = shooters_in(world, others, self.opp_risk) if sure or self.plausible_share \
            else 0
        if shooters and not sure and self.rng.random() >= self.plausible_share:
            shooters = 0
        for s in others:
            if shooting[s] and self.rng.random() < shooting[s]:
                shooters |= 1 << s
        return shooters


def _leads_hearts(view: View, seat: int) -> bool:
    """Whether ``seat`` led the trick in play with a heart."""
    return bool(view.trick) and view.trick[0][0] == seat and view.trick[0][1].suit == HEARTS


class _Scores:
    """Each candidate's points in every world searched for it, per mode (played on, or with
    two modes also going for this seat's moon). Candidates dropped by `prune` are searched no
    further; every world is searched for all the ``active`` ones."""

    def __init__(self, n_cands: int, n_modes: int, moon_weight: float = 1.0,
                 own: bool = False, relative: bool = False) -> None:
        self.nm = n_modes
        self.moon_weight = moon_weight
        self.own = own      # this seat plays its best line in each world (`best_line`)
        self.relative = relative    # see `SearchBot`
        self.points: list[list[list[float]]] = [[[] for _ in range(n_modes)]
                                                for _ in range(n_cands)]
        self.active = list(range(n_cands))
        self.done = 0

    def add_world(self, base: SimState, cands: list[int], me: int, hidden: list[int]) -> None:
        """Every active candidate played on by the rules player for all seats, in ``base``
        with the hands ``hidden``."""
        scored = score_cards(base, [cands[j] for j in self.active], me, hidden=hidden,
                             moon_weight=self.moon_weight, own=self.own,
                             relative=self.relative)
        for j, p in zip(self.active, scored):
            self.points[j][0].append(p)
        self.done += 1

    def add_moon_world(self, world: SimState, cands: list[int], modes: tuple[int, ...],
                       shooters: int, me: int) -> None:
        """Every active candidate in every mode, with the ``shooters`` trying for the moon."""
        cards = [cands[j] for j in self.active]
        for m, mode in enumerate(modes):
            for j, p in zip(self.active, score_cards(world, cards, me, shooters | mode,
                                                     moon_weight=self.moon_weight,
                                                     own=self.own, relative=self.relative)):
                self.points[j][m].append(p)
        self.done += 1

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
