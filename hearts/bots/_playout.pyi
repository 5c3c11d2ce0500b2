"""The bots' playouts in C (`_playout.c`); see `policy.rules_playout`."""

from collections.abc import Callable, Sequence

from .sim import SimState

def rules_playout(state: SimState, /) -> SimState: ...
def moon_playout(state: SimState, shooters: int, me: int, /) -> SimState: ...
def pack_rules(ft_barred: int, penalty: int, moon_cards: int, point_cards: int,
               first_lead: int, free: bool, qbreaks: bool, hearts_over_q: bool,
               moon_on: bool, jd_value: int, additive: bool, values: Sequence[int],
               /) -> bytes: ...
def score_cards(state: SimState, cards: Sequence[int], me: int, shooters: int,
                hidden: Sequence[int] | None = None, weight: float = -1.0,
                replies: int = 0,
                /) -> tuple[list[int | tuple[list[int], list[int]]],
                            int]: ...
def pack_events(events: Sequence[tuple[int, int, SimState, int, bool]], /) -> bytes: ...
def read_weight(rules: bytes, events: bytes, hidden: Sequence[int], strong: float,
                weak: float, mild: float, /) -> float: ...
def shoot_ratios(rules: bytes, events: bytes, hidden: Sequence[int], strong: float,
                 weak: float, mild: float, open_seats: int, /) -> list[float]: ...
def sample_try(cards: bytes, others: bytes, known: Sequence[int], cap: Sequence[int],
               strict: bool, fseat: int, fcards: int, factor: int,
               rand: Callable[[], float], /) -> list[int] | None: ...
def score_passes(rules: bytes, unseen: list[int], hand: int, me: int, offset: int,
                 count: int, cands: Sequence[int], lead: int, getrandbits: Callable[[int], int],
                 risk: int = ...,
                 /) -> tuple[list[int | tuple[list[int], list[int]]],
                             int]: ...
def tree_cards(state: SimState, cards: Sequence[int], me: int, shooters: int,
               hidden: Sequence[int] | None, iters: int, plies: int, explore: float,
               search_me: int = 1,
               /) -> tuple[list[int | tuple[list[int], list[int]]],
                           int]: ...
