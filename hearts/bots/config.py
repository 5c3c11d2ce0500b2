"""The search bot's settings (`SearchConfig`) and the levels as named configurations.

Every setting is described once, here; `SearchBot` reads them, `make_bot` builds a level
from `SEARCH_LEVELS`, and ``level+key=value+...`` (`parse_search_spec`) changes a few of a
level's settings for an experiment (`hearts match`, `scripts/decision_ab.py`). Why each
setting has its value, with the measurements, is in docs/bots.md.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

Defence = Literal["", "own", "all"]


@dataclass(frozen=True)
class SearchConfig:
    """How `SearchBot` searches: the defaults are the `normal` level."""

    # -- work: simulated plays per decision (worlds x candidates x cards left), more early
    work: int = 52000
    early_work: int = 128000        # replaces ``work`` in the first ``early_tricks`` (0: never)
    early_tricks: int = 4
    min_worlds: int = 4
    max_worlds: int = 480           # at ``work`` (scaled up with ``early_work``)
    cap: float = 0.3                # seconds: a decision is cut short past this (or the budget)
    # racing: after ``prune_at`` of a play's worlds, the candidates worse than the best by
    # ``prune_z`` standard errors of the paired difference are dropped (0: never)
    prune_z: float = 1.5
    prune_at: float = 0.5

    # -- the pass search: the first ``pass_count + pass_spread`` cards of the rules player's
    # order (fewer where that makes more than ``pass_cands`` passes), every pass of them in
    # ``pass_worlds`` deals, then the best ``pass_keep`` in ``pass_more`` deals more
    pass_worlds: int = 96
    pass_more: int = 288
    pass_keep: int = 4
    pass_spread: int = 10
    pass_cands: int = 300
    # where the receiver's hand after the passes has at most ``pass_risk`` losers, a pass
    # scores ``pass_moon`` times the hand with the receiver trying for the moon (the rest the
    # plain hand), a moon against this seat counting ``pass_weight`` times its points
    pass_moon: float = 1.0
    pass_risk: int = 7
    pass_weight: float = 3.0

    # -- reading the plays (`inference.PlayReader`): each world is drawn up to ``infer``
    # times and kept with the probability of the plays seen in it (0: by the voids only);
    # cards that follow suit in the first ``read_quiet`` tricks say nothing of a moon
    infer: int = 8
    read_quiet: int = 4
    # with ``read_model`` > 0 a world's probability is read from every play with a choice by
    # the learned model of `normal` (`play_model.shortfall`): the product of the model's
    # chance of the group played over its likeliest group's, against the likeliest of a few
    # worlds drawn first, to the power ``read_model`` (0: the rules player's card on the
    # telling plays alone)
    read_model: float = 0.0

    # -- moons. Opponents try for the moon in the playouts only on evidence: a seat holding
    # every point so far (`moon.early_alarm`) or read as a shooter with at least
    # ``read_alarm`` chance; then the suspects with at most ``opp_risk`` losers try
    opp_risk: int = 5
    read_alarm: float = 0.1
    # a suspect holding every point is dealt a hand that can run (two worlds in three) while
    # it leads hearts, once it has taken ``run_hearts`` hearts or the Q♠ and
    # ``run_hearts_qs`` (0: never), or while it reads as a shooter with ``run_read`` (0: never)
    run_hearts: int = 6
    run_hearts_qs: int = 4
    run_read: float = 0.3
    # a moon against this seat counts ``moon_weight`` times its points once some seat reads
    # as a shooter with at least ``weight_read`` chance
    moon_weight: float = 4.0
    weight_read: float = 0.1
    # this seat's own moon is searched beside its normal play from at most ``my_risk`` losers
    # and chosen when better by ``shoot_z`` standard errors of the paired difference
    my_risk: int = 3
    shoot_z: float = 2.0
    # in the last ``own_tricks`` tricks this seat plays its own best line in each world
    # (`moon.best_line`), not the rules player's (0: never)
    own_tricks: int = 6
    # a moon-eager player: it passes for the moon (`moon.shoot_pass`) where its hand after
    # that pass has at most ``commit_pass_risk`` losers (0: never), and with ``commit``, once
    # it plays a card for its moon continuation it plays the rest of the hand for the moon
    # (only that continuation searched) while the moon stays open
    commit_pass_risk: int = 0
    commit: bool = False

    # -- what the search plays for, and how its playouts play
    # in the moon playouts the seats not shooting defend as this seat does
    # (`moon.STRONG_DEFENCE`): in its own attempt ("own"), everywhere ("all"), never ("")
    strong_defence: Defence = ""
    # the other seats choose their cards by playing each out in the world (the fewest
    # points for themselves), not as the rules player: for the rest of the trick in play
    # (1), or until this seat is to play again (2); 0 never
    replies: int = 0
    # the other seats, and this seat's later plays, chosen by search in each world
    # (`tree.tree_cards`): after each candidate, ``tree`` steps of a max-n search over the
    # next ``tree_plies`` plays, UCB with ``tree_explore``; 0 never. Each world then costs
    # about 1 + ``tree`` playouts a candidate, and the worlds are that many times fewer for
    # the same ``work``. It replaces ``replies`` and ``own_tricks``. Without ``tree_self``
    # this seat's later plays in the tree are the playouts' (only the others search)
    tree: int = 0
    tree_plies: int = 8
    tree_explore: float = 0.5
    tree_self: bool = True
    # the other seats, and this seat's later plays, chosen by an information-set search
    # (`ismcts.ismcts_cards`): after each candidate one tree over the next ``tree_plies``
    # plays grown over all the decision's worlds, a node the plays seen, not a world; each
    # world ``ismcts`` steps of it a candidate (UCB with ``tree_explore``), and the worlds
    # that many times fewer for the same ``work``; 0 never. It replaces ``replies``,
    # ``own_tricks`` and ``tree``
    ismcts: int = 0
    # with ``ismcts``, each seat searches from its own view: in this seat's worlds only this
    # seat's nodes are searched and updated, the others playing by their own statistics; those
    # are gathered in ``ismcts_views`` steps more a world and candidate, each in the world
    # re-dealt from the next other seat's view (its hand kept, the other three shuffled with
    # their counts and the voids shown), which give no value. A world then costs ``ismcts`` +
    # ``ismcts_views`` playouts a candidate; 0 never
    ismcts_views: int = 0
    # the other seats in the playouts play a model of `normal` learned from its play
    # (`play_model.model_card`, a conditional logit on hand-made features, fitted by
    # scripts/fit_play.py) wherever they neither shoot nor defend a moon (1), and this
    # seat's later plays too outside the moon playouts (2); 0 never. It replaces ``replies``
    playout_model: int = 0

    def __post_init__(self) -> None:
        if self.strong_defence not in ("", "own", "all"):
            raise ValueError(f"strong_defence: '', 'own' or 'all', not {self.strong_defence!r}")

    def scaled(self, mult: int) -> SearchConfig:
        """This configuration with ``mult`` times the work, worlds and pass deals, and no
        time cap (the long search `scripts/search_regret.py` judges by)."""
        return replace(self, work=self.work * mult, early_work=self.early_work * mult,
                       max_worlds=self.max_worlds * mult,
                       pass_worlds=(self.pass_worlds + self.pass_more) * mult, pass_more=0,
                       cap=1e9)


NORMAL = SearchConfig()
# `normal`'s search with four times its work in play, twice its deals for every pass and
# four times for the best few, within the host's 0.5 s, and the other seats answering its
# card for the rest of the trick in the playouts (`replies`). A `hard` that also searched
# for other things (strong defenders in its moon playouts, fitted leads) chose worse
# than `normal` at a moon-eager table, play by play; one with the other seats searched over
# the next tricks in each world (`tree`) chose worse than this one, 0.9 points a hand over
# four runs, and one with them searched over information sets (`ismcts`) no better
# (docs/bots.md)
HARD = replace(NORMAL, work=208000, early_work=512000, max_worlds=1920, cap=0.5,
               pass_worlds=192, pass_more=1152, replies=1)
# `hard` with the other seats searched in each world as round 4 built it (`tree`, its own
# later plays the playouts'): a setting for experiments and the `moonshot` partner's search
# (``hard+tree=24+tree_self=false+replies=0+work=624000+early_work=1536000``)

# a sparring partner for moon defence: `normal`, but moon-eager: it passes for the moon with
# a hand of at most four losers after that pass, and once it plays a card for its moon (its
# own attempt judged against strong defenders) it plays the hand for it
EAGER = replace(NORMAL, commit_pass_risk=4, commit=True, strong_defence="own")

# a sparring partner that shoots as a search does: `eager`, its moon judged and played with
# the other seats searched in each world (`tree`: the defence searched, not modelled; 16
# steps, its own later plays the playouts'), from a hand of five losers on a margin of one
# standard error; twice `normal`'s work. About 3% of its hands are moons at a table of three
# `normal` (docs/bots.md)
MOONSHOT = replace(EAGER, tree=16, tree_self=False, my_risk=5, shoot_z=1.0,
                   work=2 * NORMAL.work, early_work=2 * NORMAL.early_work)

# the settings that no level uses, kept as settings for the research still going on (each
# measured in docs/bots.md); any other setting some level turns on (tests/bots/test_levels.py)
TRIALS = ("ismcts", "ismcts_views", "playout_model", "read_model")

SEARCH_LEVELS: dict[str, SearchConfig] = {"normal": NORMAL, "search": NORMAL, "hard": HARD,
                                          "eager": EAGER, "moonshot": MOONSHOT}


def parse_search_spec(spec: str) -> SearchConfig:
    """``level`` or ``level+key=value+...``: a search level's configuration with some
    settings changed (``hard+replies=0+moon_weight=6``). Raises ValueError."""
    level, *changes = spec.split("+")
    if level not in SEARCH_LEVELS:
        raise ValueError(f"not a search level: {level!r} ({', '.join(SEARCH_LEVELS)})")
    types = {f.name: f.type for f in fields(SearchConfig)}
    values: dict[str, object] = {}
    for change in changes:
        key, sep, text = change.partition("=")
        if not sep or key not in types:
            raise ValueError(f"not a search setting: {change!r} "
                             f"(settings: {', '.join(types)})")
        values[key] = _value(key, str(types[key]), text)
    return replace(SEARCH_LEVELS[level], **values)  # type: ignore[arg-type]


# the settings that set how much a decision may cost: a variant named over the network
# (``hard+work=...``) may set none of them above the ceiling level's (`check_bounded`)
COST_SETTINGS = ("work", "early_work", "early_tricks", "min_worlds", "max_worlds", "cap",
                 "pass_worlds", "pass_more", "pass_keep", "pass_spread", "pass_cands", "infer",
                 "replies", "tree", "tree_plies", "ismcts", "ismcts_views", "playout_model",
                 "read_model")


def check_bounded(spec: str, ceiling: str = "hard") -> SearchConfig:
    """The configuration of ``spec`` when none of its costs (`COST_SETTINGS`) is above the
    larger of its own level's and ``ceiling``'s; ValueError naming the first that is."""
    config = parse_search_spec(spec)
    base, top = SEARCH_LEVELS[spec.split("+")[0]], SEARCH_LEVELS[ceiling]
    for name in COST_SETTINGS:
        bound = max(getattr(base, name), getattr(top, name))
        if getattr(config, name) > bound:
            raise ValueError(f"{name} may be at most {bound} on this host")
    return config


def _value(key: str, kind: str, text: str) -> object:
    try:
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            if text.lower() not in ("true", "false", "1", "0"):
                raise ValueError(text)
            return text.lower() in ("true", "1")
    except ValueError:
        raise ValueError(f"{key}: not a{'n' if kind == 'int' else ''} {kind}: {text!r}") \
            from None
    return text


__all__ = ["SearchConfig", "NORMAL", "HARD", "EAGER", "MOONSHOT", "SEARCH_LEVELS", "TRIALS",
           "COST_SETTINGS", "parse_search_spec", "check_bounded"]
