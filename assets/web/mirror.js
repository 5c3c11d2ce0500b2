// What the page knows, folded from the host's messages in the order they are shown.

export function freshState() {
  return {
    status: "connecting",       // the link (see link.js)
    statusWhy: "",
    host: "",                   // the host's name
    me: null,                   // {name, token, player} from welcome
    tables: [],                 // the lobby
    table: null,                // the whole table (the `table` message's `table`)
    seat: null,                 // my seat, null when watching
    owner: false,
    view: null,                 // my view of the hand, with `rules` put back
    timer: null,                // {seats, seconds, why, paused?, at}
    chat: [],                   // {name, seat, text, kind, lobby?} ("chat", "host", "note", "reply", "error")
    lobby: [],                  // the lobby's chat lines and the host's answers at no table
    unread: 0,
    hint: null,                 // {cards, reason, moon}
    trickShown: null,           // a finished trick held on the table: {leader, cards, winner}
    scored: null,               // the last hand_scored change, until looked at
    notice: null,               // a sentence for the lobby (why I left a table)
    queued: false,              // I asked for a seat a bot holds: taken at the next deal
    ownerAwayAt: 0,             // when table.owner_away was said (performance.now())
  };
}

const seatName = (state, seat) =>
  seat === null || seat === undefined ? "a watcher"
    : (state.table && state.table.seats[seat] && state.table.seats[seat].name) || `seat ${seat + 1}`;

const KEEP = 300;               // lines kept in each log

function keep(lines, line) {
  lines.push(line);
  if (lines.length > KEEP) lines.splice(0, lines.length - KEEP);
}

/** A line of our own in the table's chat, or in the lobby's when at no table. */
export function note(state, text, kind = "note") {
  keep(state.table ? state.chat : state.lobby, { name: "", seat: null, text, kind });
}

function setTimer(state, timer) {
  state.timer = timer ? { ...timer, at: performance.now() } : null;
}

/** Fold one host message into `state`. */
export function apply(state, msg) {
  switch (msg.type) {
    case "welcome":
      state.me = { name: msg.name, token: msg.token, player: msg.player };
      state.host = msg.host;
      break;
    case "tables":
      state.tables = msg.tables;
      break;
    case "table": {
      const same = state.table && state.table.id === msg.table.id;
      state.table = msg.table;
      state.seat = msg.seat;
      state.owner = msg.owner;
      state.view = withRules(msg.view, msg.table.rules);
      state.ownerAwayAt = performance.now();     // owner_away counts from now
      setTimer(state, msg.timer);
      if (!same) { state.trickShown = null; state.scored = null; state.hint = null; }
      if (msg.seat !== null) state.queued = false;
      break;
    }
    case "update":
      if (!state.table || state.table.id !== msg.table) break;
      for (const ev of msg.events) change(state, ev);
      state.view = withRules(msg.view, state.table.rules);
      setTimer(state, msg.timer);
      if (state.hint && !(state.view && state.view.turn === state.seat) &&
          !(state.view && state.view.phase === "pass")) state.hint = null;
      break;
    case "left":
      if (state.table && state.table.id === msg.table) {
        state.notice = msg.reason === "kicked"
          ? `The owner of “${state.table.name}” sent you away from the table.`
          : msg.reason === "left" ? null : msg.reason;
        state.table = null;
        state.seat = null;
        state.view = null;
        state.timer = null;
        state.owner = false;
        state.trickShown = null;
        state.scored = null;
        state.queued = false;
      }
      break;
    case "hint":
      state.hint = msg;
      break;
    case "reply":
      if (state.table) state.unread++;
      note(state, msg.text, msg.ok ? "reply" : "error");
      break;
    case "chat": {               // a lobby line: shown in the lobby, and in the table's chat marked as such
      if (msg.scope !== "lobby") break;
      const line = { name: msg.name, seat: null, text: msg.text, kind: msg.name === "host" ? "host" : "chat", lobby: true };
      keep(state.lobby, line);
      if (state.table) {
        keep(state.chat, line);
        if (!state.me || msg.name !== state.me.name) state.unread++;
      }
      break;
    }
    case "bye":
      note(state, `The host is closing: ${msg.reason}`, "error");
      break;
    default:
      break;
  }
}

function withRules(view, rules) {
  return view ? { ...view, rules } : null;
}

/** One change of an `update`. */
function change(state, ev) {
  const t = state.table;
  switch (ev.type) {
    case "card_played":
      state.trickShown = null;
      break;
    case "trick_taken":
      state.trickShown = { leader: ev.leader, cards: ev.cards, winner: ev.winner, points: ev.points };
      break;
    case "hand_started":
      t.hand = ev.hand;
      t.state = "playing";
      state.trickShown = null;
      break;
    case "hand_scored":
      t.totals = ev.totals;
      t.results = [...(t.results || []), { hand: ev.hand, points: ev.points, totals: ev.totals }];
      t.display_totals = ev.display_totals;
      state.scored = ev;
      break;
    case "game_over":
      t.state = "over";
      t.winners = ev.winners;
      t.totals = ev.totals;
      t.results = ev.results;
      t.display_totals = ev.display_totals;
      state.scored = { ...(state.scored || {}), over: true, winners: ev.winners };
      break;
    case "game_ended":
      t.state = "over";
      note(state, `The game was ended: ${ev.reason}`);
      break;
    case "game_started":
      t.state = "playing";
      t.results = [];
      t.winners = null;
      t.rules = ev.rules;
      state.scored = null;
      break;
    case "paused":
      t.state = "paused";
      note(state, `${ev.by || "The owner"} paused the game.`);
      break;
    case "resumed":
      t.state = "playing";
      note(state, `${ev.by || "The owner"} resumed the game.`);
      break;
    case "rules_changed":
      t.rules = ev.rules;
      t.summary = ev.summary;
      note(state, `${ev.by || "The owner"} changed the rules: ${ev.summary}.`);
      break;
    case "owner_changed":
      t.owner = ev.name;
      t.owner_seat = ev.seat;
      t.owner_away = null;
      note(state, ev.seat !== null && ev.seat !== undefined && ev.seat === state.seat ? "You own the table now."
        : ev.name ? `${ev.name} owns the table now.` : "Nobody owns the table now.");
      break;
    case "chat":
      keep(state.chat, { name: ev.name, seat: ev.seat, text: ev.text,
        kind: ev.name === "host" && ev.seat === null ? "host" : "chat" });
      if (!state.me || ev.name !== state.me.name) state.unread++;
      break;
    case "player_joined":
      note(state, ev.seat === null ? `${ev.name} is watching.` : `${ev.name} sat down.`);
      break;
    case "player_left":
      note(state, `${ev.name} left.`);
      break;
    case "player_kicked":
      note(state, `${ev.name} was sent away by the owner.`);
      break;
    case "player_dropped":
      note(state, `${ev.name} lost the connection.`);
      break;
    case "player_returned":
      note(state, `${ev.name} is back.`);
      break;
    case "moon_shot":
      note(state, `${seatName(state, ev.shooter)} shot the ${ev.sun ? "sun" : "moon"}!`);
      break;
    case "moon_chosen": {
      const name = seatName(state, ev.shooter);
      const points = state.view && state.view.moon ? state.view.moon.points : "the moon's points";
      note(state, ev.choice === "add" ? `${name} chose to add ${points} to everyone else.`
        : `${name} chose to take ${points} off their own score.`);
      break;
    }
    case "tram":
      note(state, ev.claimed ? `${seatName(state, ev.seat)} claimed the rest of the hand.`
        : "The rest of the hand was decided.");
      break;
    case "undone":
      note(state, `${seatName(state, ev.seat)} took back a card.`);
      break;
    default:
      break;
  }
}
