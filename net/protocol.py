"""The wire protocol, sans-I/O: msgpack maps with a ``type`` tag, checked both ways.

A connection is a stream of msgpack maps (msgpack is self-delimiting: no length
prefix). `Decoder.feed(bytes)` returns the complete messages so far and raises
`ProtocolError` on a frame over the size limit or malformed data; `encode(msg)`
packs one message. `check_intent` validates what a client sends (the host calls
it on every message) and `check_event` the shape of what the host sends.
See docs/protocol.md for every message.

>>> dec = Decoder()
>>> dec.feed(encode(intent("play", card="QS")))
[{'type': 'play', 'card': 'QS'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import msgpack

from hearts.engine import Action, Card, Claim, MoonChoice, MoonOption, Pass, Play
from hearts.i18n import T_, Text, text_of

from .errors import NetError
from .framescan import FrameScanner
from .limits import DEFAULT_LIMITS, Limits
from .messages import ClientMessage, ErrorMessage
from .names import clean_name, visible

PROTOCOL_VERSION = 1
DEFAULT_PORT = 7895

Message = dict[str, Any]
AnyMessage = Mapping[str, Any]
"""A message to send: a `hearts.net.messages` TypedDict or a plain map."""


class ProtocolError(NetError):
    """A message or frame that breaks the protocol: a ``code`` and a one-sentence message
    (a `hearts.i18n.Text`, which the host says in each connection's language).

    ``fatal`` errors (bad framing) mean the stream cannot continue and the
    connection is closed after the error is sent.
    """

    def __init__(self, code: str, message: str, fatal: bool = False) -> None:
        super().__init__(message, code)
        self.fatal = fatal


# -- error codes (the ``code`` of an ``error`` event) -------------------------------------
ERROR_CODES = {
    "bad-frame": "the bytes are not msgpack (or hold a string that is not UTF-8, or nest "
                 "too deep) (fatal)",
    "too-large": "a frame, array or map over the limits (fatal)",
    "bad-message": "not a map with a string `type`, or a field is missing, of the wrong "
                   "type or out of range",
    "unknown-type": "no such message type",
    "version": "the client's protocol version differs from the host's (fatal)",
    "hello-first": "the first message must be a hello (fatal)",
    "hello-timeout": "no hello in time (fatal)",
    "bad-name": "the name is empty or unusable",
    "no-table": "no such table",
    "not-at-table": "you are not at a table",
    "not-seated": "you are watching, not playing",
    "seat-taken": "that seat is held by a person",
    "table-full": "no free seat",
    "kicked": "you were kicked from that table",
    "not-owner": "only the table's owner may do that",
    "state": "not possible at this point of the game",
    "paused": "the game is paused",
    "illegal": "a card name that does not parse, or the engine refused the move (the "
               "message names the rule)",
    "rules": "a rule name or value is not accepted",
    "limit": "a host limit was reached (also: too many wrong table passwords, wait)",
    "replaced": "the same player connected again; the old connection is closed (fatal)",
    "password": "the table needs its password, or the password is wrong",
    "too-long": "a chat line or command is longer than the host accepts",
    "internal": "the host failed on the request (a bug, logged on the host)",
    "no-game": "no finished game has that id",
}

# -- schemas ------------------------------------------------------------------------------
# field -> (accepted types, required). ``None`` in the types means nil is accepted.
_STR = (str,)
_INT = (int,)
_OPT_INT = (int, type(None))
_OPT_STR = (str, type(None))

INTENTS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "hello": {"version": (_INT, True), "name": (_STR, True), "token": (_OPT_STR, False),
              "key": (_OPT_STR, False), "lang": (_OPT_STR, False),
              "words": ((bool,), False), "away": ((list, type(None)), False)},
    "ping": {},
    "pong": {},
    "list_tables": {},
    "create_table": {"name": (_OPT_STR, False), "rules": ((dict, type(None)), False),
                     "seat": (_OPT_INT, False), "password": (_OPT_STR, False)},
    "sit": {"table": (_INT, True), "seat": (_OPT_INT, False), "password": (_OPT_STR, False)},
    "watch": {"table": (_INT, True), "password": (_OPT_STR, False)},
    "leave": {},
    "pass": {"cards": ((list,), True)},
    "play": {"card": (_STR, True)},
    "moon": {"choice": (_STR, True)},
    "claim": {},
    "undo": {},
    "hint": {},
    "chat": {"text": (_STR, True)},
    "command": {"text": (_STR, True)},
    # owner's commands
    "start": {},
    "pause": {},
    "resume": {},
    "end": {},
    "set_rules": {"rules": ((dict,), True)},
    "set_target": {"target": (_INT, True)},
    "kick": {"seat": (_INT, True)},
    "allow": {"name": (_STR, True)},
    "bot": {"seat": (_INT, True), "level": (_OPT_STR, False)},
    "set_password": {"password": (_OPT_STR, False)},
    # the finished games (net.history)
    "stats": {},
    "games": {"before": (_OPT_INT, False), "limit": (_OPT_INT, False)},
    "game": {"id": (_OPT_INT, False), "hand": (_OPT_INT, False)},
}

AWAY_MAX = 1 << 31           # a `hello.away` number above this is not a table's

OWNER_INTENTS = frozenset({"start", "pause", "resume", "end", "set_rules", "set_target", "kick",
                           "allow", "bot", "set_password"})
GAME_INTENTS = frozenset({"pass", "play", "moon", "claim", "undo"})

# Top-level event types the host sends (each a map with ``type``).
EVENTS = frozenset({
    "welcome", "error", "ping", "pong", "tables", "table", "update", "left", "reply", "hint",
    "chat", "bye", "stats", "games", "game",
})

# Change kinds inside an ``update`` (``update.events`` is a list of maps with ``type``).
CHANGES = frozenset({
    "game_started", "hand_started", "passed", "cards_received", "card_played", "trick_taken",
    "hearts_broken", "moon_shot", "moon_chosen", "tram", "hand_scored", "game_over",
    "player_joined", "player_left", "player_kicked", "player_dropped", "player_returned",
    "replaced_by_bot", "bot_removed", "owner_changed", "rules_changed", "chat", "timer",
    "paused", "resumed", "undone", "game_ended",
})

MOON_CHOICES = tuple(str(m) for m in MoonOption)


def intent_action(msg: Mapping[str, Any], seat: int) -> Action:
    """The engine action of a checked game intent (pass, play, moon, claim) by ``seat``.

    A card that does not parse raises `ProtocolError` ``illegal`` naming it.
    """
    t = msg["type"]
    try:
        if t == "play":
            return Play(seat, Card.parse(msg["card"]))
        if t == "pass":
            return Pass(seat, tuple(Card.parse(c) for c in msg["cards"]))
    except ValueError as e:
        raise ProtocolError("illegal", text_of(e)) from None
    if t == "moon":
        return MoonChoice(seat, msg["choice"])
    if t == "claim":
        return Claim(seat)
    raise ValueError(f"{t!r} is not a game action")


def intent(type_: str, **fields: Any) -> ClientMessage:
    """Build a client message, checked like the host checks it (raises ProtocolError)."""
    msg = {"type": type_, **fields}
    return check_intent(msg)


def _field_error(type_: str, name: str, why: Text) -> ProtocolError:
    # TRANSLATORS: {kind} is a message type and {field} one of its fields, as the protocol
    # names them ('play', card); {what} says what it needs: "(missing)", "as a card name..."
    return ProtocolError("bad-message", T_("'{kind}' needs {field} {what}", kind=type_,
                                           field=name, what=why))


def check_intent(msg: Any, limits: Limits = DEFAULT_LIMITS) -> ClientMessage:
    """Validate one decoded client message; returns it (unknown extra fields dropped), as
    its `hearts.net.messages` type."""
    if not isinstance(msg, dict):
        raise ProtocolError("bad-message", T_("a message must be a map with a 'type'"))
    type_ = msg.get("type")
    if not isinstance(type_, str):
        raise ProtocolError("bad-message", T_("a message must be a map with a 'type'"))
    schema = INTENTS.get(type_)
    if schema is None:
        raise ProtocolError("unknown-type", T_("unknown message type {kind}",
                                               kind=repr(type_[:32])))
    out: Message = {"type": type_}
    for name, (types, required) in schema.items():
        if name not in msg:
            if required:
                raise _field_error(type_, name, T_("(missing)"))
            continue
        value = msg[name]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            want = " or ".join("nil" if t is type(None) else t.__name__ for t in types)
            raise _field_error(type_, name, T_("as {kind}", kind=want))
        out[name] = value
    _check_values(out, limits)
    return cast("ClientMessage", out)


def _check_values(msg: Message, limits: Limits) -> None:
    t = msg["type"]
    if t == "hello":
        away = msg.get("away")
        if away is not None and (len(away) != 4 or not all(
                type(n) is int and 0 <= n <= AWAY_MAX for n in away)):
            raise _field_error(t, "away", T_("as four whole numbers: the table, the hands "
                                             "scored, the hand and the cards you had played"))
    elif t == "pass":
        cards = msg["cards"]
        if len(cards) > 13 or not all(isinstance(c, str) and len(c) <= 3 for c in cards):
            raise _field_error(t, "cards", T_("as a list of at most 13 card names like 'QS'"))
    elif t == "play":
        if len(msg["card"]) > 3:
            raise _field_error(t, "card", T_("as a card name like 'QS'"))
    elif t == "moon":
        if msg["choice"] not in MOON_CHOICES:
            raise _field_error(t, "choice", T_("as 'add' or 'subtract'"))
    elif t in ("chat", "command"):
        # cleaned in full (the frame limit bounds it), then refused rather than cut
        text = clean_text(msg["text"], len(msg["text"]))
        if not text:
            raise _field_error(t, "text", T_("that is not empty"))
        if len(text) > limits.max_chat:
            raise ProtocolError("too-long", T_("a chat line may have at most {limit} characters "
                                               "(this one has {length}), so send it in "
                                               "shorter lines", limit=limits.max_chat,
                                               length=len(text)))
        msg["text"] = text
    elif t in ("set_rules", "create_table") and msg.get("rules") is not None:
        rules = msg["rules"]
        if len(rules) > limits.max_rules_keys or not all(isinstance(k, str) for k in rules):
            raise _field_error(t, "rules", T_("as a map of option names to values"))
    for key in ("seat",):
        v = msg.get(key)
        if v is not None and not 0 <= v <= 3:
            raise _field_error(t, key, T_("from 0 to 3"))
    if isinstance(msg.get("password"), str) and len(msg["password"]) > limits.max_password:
        raise _field_error(t, "password", T_("of at most {n} characters",
                                             n=limits.max_password))
    if t == "hello" and msg.get("token") is not None and len(msg["token"]) > 64:
        raise _field_error(t, "token", T_("of at most {n} characters", n=64))
    if t == "hello" and msg.get("key") is not None and len(msg["key"]) > 64:
        raise _field_error(t, "key", T_("of at most {n} characters", n=64))
    if t == "hello" and msg.get("lang") is not None and len(msg["lang"]) > 35:
        raise _field_error(t, "lang", T_("of at most {n} characters", n=35))
    if t == "games" and msg.get("limit") is not None and not 1 <= msg["limit"] <= 50:
        raise _field_error(t, "limit", T_("from 1 to 50"))
    for key in ("before", "id", "hand"):
        v = msg.get(key)
        if v is not None and not 0 <= v < 1 << 31:
            raise _field_error(t, key, T_("as a number from 0"))
    if t == "create_table" and msg.get("name") is not None:
        msg["name"] = clean_name(msg["name"], limits.max_title) or None


def check_event(msg: Any) -> Message:
    """Check the envelope of a host message (the client calls this)."""
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError("bad-message", "a host message must be a map with a 'type'")
    if msg["type"] not in EVENTS:
        raise ProtocolError("unknown-type", f"unknown host message type {msg['type'][:32]!r}")
    if msg["type"] == "update" and not isinstance(msg.get("events"), list):
        raise ProtocolError("bad-message", "an update needs a list of events")
    return msg


# -- text cleaning ------------------------------------------------------------------------
def clean_text(text: str, limit: int) -> str:
    """Drop control and format characters (not an emoji's joiners), collapse whitespace,
    cut to ``limit``."""
    return " ".join(visible(text[: limit * 4]).split())[:limit]


# -- events -------------------------------------------------------------------------------
def error(code: str, message: str, ref: str | None = None) -> ErrorMessage:
    """An ``error`` event; ``ref`` is the type of the message it answers. ``message`` is
    sent as given: the host says a `Text` in the connection's language first."""
    return {"type": "error", "code": code, "message": message, "ref": ref}


def version_error(client_version: Any) -> ErrorMessage:
    """The ``version`` error (its message a `Text`, to be said in the client's language)."""
    return error("version", T_("this host speaks protocol version {host} and your client "
                               "speaks {client}; use the same version of Hearts",
                               host=PROTOCOL_VERSION, client=repr(client_version)), "hello")


# -- codec --------------------------------------------------------------------------------
def encode(msg: Any) -> bytes:
    """One message (or any msgpack value, for packing parts of one) as msgpack bytes."""
    data: bytes = msgpack.packb(msg, use_bin_type=True)
    return data


# Splicing: a map can be written as its header plus key/value pairs packed apart, so
# the parts every recipient shares (a table's public view) are packed once per change.
def map_header(count: int) -> bytes:
    """The msgpack header of a map of ``count`` pairs."""
    return bytes((0x80 | count,)) if count < 16 else b"\xde" + count.to_bytes(2, "big")


def array_header(count: int) -> bytes:
    """The msgpack header of an array of ``count`` items."""
    return bytes((0x90 | count,)) if count < 16 else b"\xdc" + count.to_bytes(2, "big")


def pack_pairs(d: dict[str, Any]) -> bytes:
    """The key/value pairs of ``d`` packed, without the map header (for `map_header`)."""
    return encode(d)[1 if len(d) < 16 else 3:]


class ExtValue:
    """A msgpack ext value (the protocol uses none): decoded so that the message holding
    it is refused with ``bad-message`` rather than the connection closed."""

    __slots__ = ("code", "data")

    def __init__(self, code: int, data: bytes) -> None:
        self.code = code
        self.data = data

    def __repr__(self) -> str:
        return f"ExtValue({self.code}, {len(self.data)} bytes)"


class Decoder:
    """Incremental msgpack decoder with hard limits; feed bytes, get messages.

    The internal buffer never holds more than ``limits.max_frame`` unread bytes: a
    frame longer than that raises a fatal ``too-large`` ProtocolError, as does an
    array or map over ``max_array``/``max_map``. Any other malformed byte raises a
    fatal ``bad-frame``. After a fatal error the decoder must not be fed again.
    """

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self._max = limits.max_frame
        # Map keys of any hashable kind and ext values decode (to `ExtValue`): such a
        # message is well framed, so `check_intent` refuses it with `bad-message` and
        # the connection stays open.
        self._unpacker = msgpack.Unpacker(
            raw=False, strict_map_key=False, use_list=True, ext_hook=ExtValue,
            max_buffer_size=limits.max_frame, max_array_len=limits.max_array,
            max_map_len=limits.max_map, max_str_len=limits.max_frame,
            max_bin_len=limits.max_frame, max_ext_len=limits.max_frame,
        )
        self._scanner = FrameScanner(limits.max_frame, limits.max_array, limits.max_map)
        self._partial = bytearray()   # the bytes of the frame being received, once split
        self._fed = 0        # bytes fed so far
        self._consumed = 0   # bytes of complete messages (tell() after each one: after a
        #                      partial parse tell() runs ahead and cannot be used)

    def _too_large(self) -> ProtocolError:
        return ProtocolError("too-large", f"a message is larger than {self._max} bytes",
                             fatal=True)

    def _scan_partial(self, chunk: memoryview, consumed_before: int) -> None:
        """Keep the bytes of an incomplete frame and refuse it as soon as its headers
        declare more than the limits (msgpack alone would wait for the bytes)."""
        pending = self._fed - self._consumed
        if not pending:
            if self._partial:
                self._partial = bytearray()
                self._scanner.restart()
            return
        if self._consumed != consumed_before:      # a frame ended here; a new one began
            self._partial = bytearray(chunk[len(chunk) - pending:])
            self._scanner.restart()
        else:
            self._partial += chunk
        if self._scanner.too_large(self._partial):
            raise ProtocolError("too-large", "a message declares an array, map or string over "
                                "the host's limits", fatal=True)

    @property
    def pending(self) -> int:
        """Bytes fed that are not yet a whole message (the start of the next one)."""
        return self._fed - self._consumed

    def feed(self, data: bytes) -> list[Any]:
        """Add bytes; return every complete message (raw decoded values, not yet checked)."""
        out: list[Any] = []
        unpacker = self._unpacker
        view = memoryview(data)
        while view:
            room = self._max - (self._fed - self._consumed)
            if room <= 0:
                raise self._too_large()
            chunk = view[:room]
            view = view[room:]
            consumed = self._consumed
            try:
                unpacker.feed(chunk)
                self._fed += len(chunk)
                for obj in unpacker:
                    out.append(obj)
                    self._consumed = unpacker.tell()
            except msgpack.BufferFull:
                raise self._too_large() from None
            except UnicodeDecodeError:
                raise ProtocolError("bad-frame", "a string in the message is not valid UTF-8",
                                    fatal=True) from None
            except msgpack.StackError:
                raise ProtocolError("bad-frame", "a message is nested deeper than msgpack can "
                                    "read", fatal=True) from None
            except ValueError as e:
                if "exceeds max" in str(e):
                    raise ProtocolError("too-large", "a message has an array, map or string over "
                                        "the host's limits", fatal=True) from None
                raise ProtocolError("bad-frame", "the bytes received are not valid msgpack",
                                    fatal=True) from None
            except Exception:  # msgpack raises a few non-ValueError types on junk
                raise ProtocolError("bad-frame", "the bytes received are not valid msgpack",
                                    fatal=True) from None
            self._scan_partial(chunk, consumed)
        if self._fed - self._consumed >= self._max:
            raise self._too_large()
        return out


__all__ = ["PROTOCOL_VERSION", "DEFAULT_PORT", "CHANGES", "Decoder", "ERROR_CODES", "EVENTS",
           "GAME_INTENTS", "INTENTS", "intent_action", "Limits", "Message", "AnyMessage", "OWNER_INTENTS", "ProtocolError",
           "array_header", "check_event", "check_intent", "clean_name", "clean_text", "encode",
           "error", "intent", "map_header", "pack_pairs", "version_error"]
