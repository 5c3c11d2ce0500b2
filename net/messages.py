"""The protocol's messages as types, made from `hearts.net.schema` by ``python -m
hearts.docgen`` (do not edit: a test fails while they differ). Shapes end in
``Map``, what the host sends in ``Message``, the changes of an ``update`` in
``Change``, what a client sends in ``Intent``; docs/protocol.md says what each
field means."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, Union


class SeatMap(TypedDict):
    """The `seat` shape."""

    seat: int
    kind: str
    name: str | None
    level: str | None
    connected: bool
    auto: bool


class TableLineMap(TypedDict):
    """The `table_line` shape."""

    id: int
    name: str
    owner: str | None
    summary: str
    rules: dict[str, Any]
    state: str
    seats: list[SeatMap]
    watchers: int
    locked: bool
    hand: int | None
    owner_away: float | None


class ResultMap(TypedDict):
    """The `result` shape."""

    hand: int
    points: list[int]
    totals: list[int]


class MoonMap(TypedDict):
    """The `moon` shape."""

    shooter: int
    sun: bool
    choice: str | None
    points: NotRequired[int]


class TramMap(TypedDict):
    """The `tram` shape."""

    seat: int | None
    cards: list[list[str]]
    claimed: bool


class TimerMap(TypedDict):
    """The `timer` shape."""

    seats: list[int]
    seconds: float
    why: str
    paused: NotRequired[bool]


class ViewMap(TypedDict):
    """The `view` shape."""

    seat: int | None
    phase: str
    pass_direction: str
    dealer: int
    totals: list[int]
    hand: list[str]
    passed: list[str] | None
    received: list[str] | None
    has_passed: list[bool]
    turn: int | None
    leader: int | None
    trick: list[list[Any]]
    tricks: list[list[Any]]
    hearts_broken: bool
    cards_left: list[int]
    taken_points: list[int]
    tricks_won: list[int]
    points: list[int] | None
    moon: MoonMap | None
    tram: TramMap | None
    legal: list[str]
    others: list[list[str]] | None
    illegal: dict[str, Any]


class PlayerRefMap(TypedDict):
    """The `player_ref` shape."""

    name: str
    kind: str
    level: str | None
    id: str | None


class StatsRowMap(TypedDict):
    """The `stats_row` shape."""

    id: str | None
    name: str
    kind: str
    level: str | None
    games: int
    left: int
    wins: int
    shared_wins: int
    average_place: float | None
    hands: int
    points: int
    points_per_hand: float | None
    moons_shot: int
    moons_suffered: int
    queens: int


class BoardMap(TypedDict):
    """The `board` shape."""

    games: int
    people: list[StatsRowMap]
    people_total: int
    bots: list[StatsRowMap]


class GameLineMap(TypedDict):
    """The `game_line` shape."""

    id: int
    finished: str
    table: int
    name: str
    summary: str
    players: list[PlayerRefMap]
    totals: list[int]
    winners: list[int]
    hands: int


class TrickMap(TypedDict):
    """The `trick` shape."""

    leader: int
    cards: list[str]
    winner: int
    points: int


class HandMap(TypedDict):
    """The `hand` shape."""

    hand: int
    dealer: int
    pass_direction: str
    seats: list[int]
    deal: list[list[str]]
    passes: list[list[str]] | None
    tricks: list[TrickMap]
    claim: int | None
    tram: TramMap | None
    moon: MoonMap | None
    queen: int | None
    points: list[int]
    totals: list[int]
    captions: NotRequired[list[str]]
    title: NotRequired[str]


class StatusMap(TypedDict):
    """The `status` shape."""

    line: str
    offline: str
    starts: str
    starts_away: NotRequired[list[str]]
    moon: dict[str, str] | None
    hand_over: str | None
    gone: list[str]


class GameInfoMap(TypedDict):
    """The `game_info` shape."""

    id: int
    finished: str
    table: int
    name: str
    summary: str
    players: list[PlayerRefMap]
    totals: list[int]
    winners: list[int]
    hands: int
    format: str
    format_version: int
    rules: dict[str, Any]
    seed: str
    people: list[PlayerRefMap]


class TableMap(TypedDict):
    """The `table` shape."""

    id: int
    name: str
    owner: str | None
    summary: str
    rules: dict[str, Any]
    state: str
    seats: list[SeatMap]
    watchers: int
    locked: bool
    hand: int | None
    owner_away: float | None
    owner_seat: int | None
    rules_words: dict[str, Any]
    totals: list[int]
    display_totals: list[int]
    results: list[ResultMap]
    winners: list[int] | None
    kicked: list[str]
    game_players: list[str] | None


class GameStartedChange(TypedDict):
    """A game starts."""

    type: Literal["game_started"]
    rules: dict[str, Any]
    seats: list[SeatMap]


class HandStartedChange(TypedDict):
    """A hand is dealt."""

    type: Literal["hand_started"]
    hand: int
    dealer: int
    pass_direction: str


class PassedChange(TypedDict):
    """A seat chose its cards to pass."""

    type: Literal["passed"]
    seat: int


class CardsReceivedChange(TypedDict):
    """The exchange: to the receiver with `cards`, to others without."""

    type: Literal["cards_received"]
    seat: int
    from_seat: int
    cards: NotRequired[list[str]]


class CardPlayedChange(TypedDict):
    """A card is played."""

    type: Literal["card_played"]
    seat: int
    card: str


class TrickTakenChange(TypedDict):
    """A trick is complete."""

    type: Literal["trick_taken"]
    leader: int
    cards: list[str]
    winner: int
    points: int


class HeartsBrokenChange(TypedDict):
    """Hearts may be led from now on."""

    type: Literal["hearts_broken"]


class MoonShotChange(TypedDict):
    """A seat took every point."""

    type: Literal["moon_shot"]
    shooter: int
    sun: bool


class MoonChosenChange(TypedDict):
    """The shooter chose."""

    type: Literal["moon_chosen"]
    shooter: int
    choice: str
    points: int


class TramChange(TypedDict):
    """The hand ended early (TRAM)."""

    type: Literal["tram"]
    seat: int | None
    claimed: bool
    cards: list[list[str]]


class HandScoredChange(TypedDict):
    """A hand is over."""

    type: Literal["hand_scored"]
    hand: int
    points: list[int]
    totals: list[int]
    display_totals: list[int]
    moon: MoonMap | None


class GameOverChange(TypedDict):
    """The game is over."""

    type: Literal["game_over"]
    totals: list[int]
    display_totals: list[int]
    winners: list[int]
    results: list[ResultMap]


class GameEndedChange(TypedDict):
    """The owner ended the game."""

    type: Literal["game_ended"]
    reason: str
    by: str | None


class PlayerJoinedChange(TypedDict):
    """Someone sits (seat) or watches (nil)."""

    type: Literal["player_joined"]
    seat: int | None
    name: str


class PlayerLeftChange(TypedDict):
    """Someone left."""

    type: Literal["player_left"]
    seat: int | None
    name: str


class PlayerKickedChange(TypedDict):
    """The owner sent someone away."""

    type: Literal["player_kicked"]
    seat: int | None
    name: str


class PlayerDroppedChange(TypedDict):
    """A person lost the connection."""

    type: Literal["player_dropped"]
    seat: int
    name: str
    grace: float


class PlayerReturnedChange(TypedDict):
    """A dropped person is back."""

    type: Literal["player_returned"]
    seat: int
    name: str


class ReplacedByBotChange(TypedDict):
    """A bot takes or plays a seat."""

    type: Literal["replaced_by_bot"]
    seat: int
    level: str
    why: str


class BotRemovedChange(TypedDict):
    """The owner emptied a bot's seat."""

    type: Literal["bot_removed"]
    seat: int


class OwnerChangedChange(TypedDict):
    """Someone else owns the table."""

    type: Literal["owner_changed"]
    name: str | None
    seat: int | None
    why: str


class RulesChangedChange(TypedDict):
    """The owner changed the rules."""

    type: Literal["rules_changed"]
    rules: dict[str, Any]
    summary: str
    by: str | None


class ChatChange(TypedDict):
    """A chat line (`name` `host` for the host's own notices)."""

    type: Literal["chat"]
    name: str
    seat: int | None
    text: str
    notice: NotRequired[str]
    who: NotRequired[str]
    at: NotRequired[int]


class TimerChange(TypedDict):
    """A turn clock starts."""

    type: Literal["timer"]
    seats: list[int]
    seconds: float


class PausedChange(TypedDict):
    """The game is paused."""

    type: Literal["paused"]
    by: str | None


class ResumedChange(TypedDict):
    """The game goes on."""

    type: Literal["resumed"]
    by: str | None


class UndoneChange(TypedDict):
    """A seat took back its last card (and what followed)."""

    type: Literal["undone"]
    seat: int
    actions: int


class WelcomeMessage(TypedDict):
    """The answer to `hello`."""

    type: Literal["welcome"]
    version: int
    host: str
    name: str
    token: str
    player: int
    returning: bool
    table: int | None


class TablesMessage(TypedDict):
    """The lobby."""

    type: Literal["tables"]
    tables: list[TableLineMap]


class TableMessage(TypedDict):
    """Everything about your table."""

    type: Literal["table"]
    table: TableMap
    seat: int | None
    owner: bool
    view: ViewMap | None
    timer: TimerMap | None
    seq: int
    won: NotRequired[str]
    away: NotRequired[list[str]]
    status: NotRequired[StatusMap]


class UpdateMessage(TypedDict):
    """What changed at your table, with your new view."""

    type: Literal["update"]
    table: int
    seq: int
    events: list[ChangeEvent]
    view: ViewMap | None
    timer: TimerMap | None
    said: NotRequired[list[list[str]]]
    shown: NotRequired[list[list[str]]]
    status: NotRequired[StatusMap]


class LeftMessage(TypedDict):
    """You are no longer at a table."""

    type: Literal["left"]
    table: int
    reason: str
    said: NotRequired[str]


class ReplyMessage(TypedDict):
    """The answer to a `command`."""

    type: Literal["reply"]
    text: str
    ok: bool


class HintMessage(TypedDict):
    """The answer to `hint`."""

    type: Literal["hint"]
    cards: list[str]
    reason: str
    moon: str | None


class ChatMessage(TypedDict):
    """A lobby chat line, to everyone on the host."""

    type: Literal["chat"]
    scope: str
    name: str
    text: str


class ErrorMessage(TypedDict):
    """A refused message."""

    type: Literal["error"]
    code: str
    message: str
    ref: str | None


class PingMessage(TypedDict):
    """Every 5 s; answer `pong`."""

    type: Literal["ping"]


class PongMessage(TypedDict):
    """The answer to your `ping`."""

    type: Literal["pong"]


class ByeMessage(TypedDict):
    """The host is shutting down; the connection closes."""

    type: Literal["bye"]
    reason: str


class StatsMessage(TypedDict):
    """The answer to `stats`."""

    type: Literal["stats"]
    you: str | None
    since: str
    all: BoardMap
    tonight: BoardMap


class GamesMessage(TypedDict):
    """The answer to `games`."""

    type: Literal["games"]
    games: list[GameLineMap]
    total: int
    next: int | None


class GameMessage(TypedDict):
    """The answer to `game`."""

    type: Literal["game"]
    game: GameInfoMap
    first: int
    hands: list[HandMap]
    next: int | None


class HelloIntent(TypedDict):
    """The `hello` intent."""

    type: Literal["hello"]
    version: int
    name: str
    token: NotRequired[str | None]
    key: NotRequired[str | None]
    lang: NotRequired[str | None]
    words: NotRequired[bool]
    away: NotRequired[list[Any] | None]


class PingIntent(TypedDict):
    """The `ping` intent."""

    type: Literal["ping"]


class PongIntent(TypedDict):
    """The `pong` intent."""

    type: Literal["pong"]


class ListTablesIntent(TypedDict):
    """The `list_tables` intent."""

    type: Literal["list_tables"]


class CreateTableIntent(TypedDict):
    """The `create_table` intent."""

    type: Literal["create_table"]
    name: NotRequired[str | None]
    rules: NotRequired[dict[str, Any] | None]
    seat: NotRequired[int | None]
    password: NotRequired[str | None]


class SitIntent(TypedDict):
    """The `sit` intent."""

    type: Literal["sit"]
    table: int
    seat: NotRequired[int | None]
    password: NotRequired[str | None]


class WatchIntent(TypedDict):
    """The `watch` intent."""

    type: Literal["watch"]
    table: int
    password: NotRequired[str | None]


class LeaveIntent(TypedDict):
    """The `leave` intent."""

    type: Literal["leave"]


class PassIntent(TypedDict):
    """The `pass` intent."""

    type: Literal["pass"]
    cards: list[Any]


class PlayIntent(TypedDict):
    """The `play` intent."""

    type: Literal["play"]
    card: str


class MoonIntent(TypedDict):
    """The `moon` intent."""

    type: Literal["moon"]
    choice: str


class ClaimIntent(TypedDict):
    """The `claim` intent."""

    type: Literal["claim"]


class UndoIntent(TypedDict):
    """The `undo` intent."""

    type: Literal["undo"]


class HintIntent(TypedDict):
    """The `hint` intent."""

    type: Literal["hint"]


class ChatIntent(TypedDict):
    """The `chat` intent."""

    type: Literal["chat"]
    text: str


class CommandIntent(TypedDict):
    """The `command` intent."""

    type: Literal["command"]
    text: str


class StartIntent(TypedDict):
    """The `start` intent."""

    type: Literal["start"]


class PauseIntent(TypedDict):
    """The `pause` intent."""

    type: Literal["pause"]


class ResumeIntent(TypedDict):
    """The `resume` intent."""

    type: Literal["resume"]


class EndIntent(TypedDict):
    """The `end` intent."""

    type: Literal["end"]


class SetRulesIntent(TypedDict):
    """The `set_rules` intent."""

    type: Literal["set_rules"]
    rules: dict[str, Any]


class SetTargetIntent(TypedDict):
    """The `set_target` intent."""

    type: Literal["set_target"]
    target: int


class KickIntent(TypedDict):
    """The `kick` intent."""

    type: Literal["kick"]
    seat: int


class AllowIntent(TypedDict):
    """The `allow` intent."""

    type: Literal["allow"]
    name: str


class BotIntent(TypedDict):
    """The `bot` intent."""

    type: Literal["bot"]
    seat: int
    level: NotRequired[str | None]


class SetPasswordIntent(TypedDict):
    """The `set_password` intent."""

    type: Literal["set_password"]
    password: NotRequired[str | None]


class StatsIntent(TypedDict):
    """The `stats` intent."""

    type: Literal["stats"]


class GamesIntent(TypedDict):
    """The `games` intent."""

    type: Literal["games"]
    before: NotRequired[int | None]
    limit: NotRequired[int | None]


class GameIntent(TypedDict):
    """The `game` intent."""

    type: Literal["game"]
    id: NotRequired[int | None]
    hand: NotRequired[int | None]


ChangeEvent = Union[
    GameStartedChange,
    HandStartedChange,
    PassedChange,
    CardsReceivedChange,
    CardPlayedChange,
    TrickTakenChange,
    HeartsBrokenChange,
    MoonShotChange,
    MoonChosenChange,
    TramChange,
    HandScoredChange,
    GameOverChange,
    GameEndedChange,
    PlayerJoinedChange,
    PlayerLeftChange,
    PlayerKickedChange,
    PlayerDroppedChange,
    PlayerReturnedChange,
    ReplacedByBotChange,
    BotRemovedChange,
    OwnerChangedChange,
    RulesChangedChange,
    ChatChange,
    TimerChange,
    PausedChange,
    ResumedChange,
    UndoneChange,
]

HostMessage = Union[
    WelcomeMessage,
    TablesMessage,
    TableMessage,
    UpdateMessage,
    LeftMessage,
    ReplyMessage,
    HintMessage,
    ChatMessage,
    ErrorMessage,
    PingMessage,
    PongMessage,
    ByeMessage,
    StatsMessage,
    GamesMessage,
    GameMessage,
]

ClientMessage = Union[
    HelloIntent,
    PingIntent,
    PongIntent,
    ListTablesIntent,
    CreateTableIntent,
    SitIntent,
    WatchIntent,
    LeaveIntent,
    PassIntent,
    PlayIntent,
    MoonIntent,
    ClaimIntent,
    UndoIntent,
    HintIntent,
    ChatIntent,
    CommandIntent,
    StartIntent,
    PauseIntent,
    ResumeIntent,
    EndIntent,
    SetRulesIntent,
    SetTargetIntent,
    KickIntent,
    AllowIntent,
    BotIntent,
    SetPasswordIntent,
    StatsIntent,
    GamesIntent,
    GameIntent,
]
