// What the page knows, folded from the host's messages in the order they are shown. The
// changes come worded by the host (`update.said`: net/words.py's sentences, the desktop's
// and the text client's, in the page's language); the page notes them, it words none.
import { t } from "./i18n.js";

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
    awayNotice: null,           // at a table: what a bot did while my link was down (table.away)
    queued: false,              // I asked for a seat a bot holds: taken at the next deal
    said: null,                 // at a table: its sentences as they stand (table/update.status, the host's words)
    ownerAwayAt: 0,             // when table.owner_away was said (performance.now())
  };
}

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

/** Whether a hint is for the turn on the table now: a whole pass from my hand while mine
 * is to make, a card I may play on my turn, or a moon choice on mine. The host sends a hint
 * only while its turn lasts, but my own card may be on its way to the host as it comes. */
export function hintFits(state, msg) {
  const v = state.view;
  const cards = msg.cards || [];
  if (!v || state.seat === null || v.seat !== state.seat) return false;
  if (v.phase === "pass") {
    return !v.has_passed[v.seat] && cards.length === v.rules.pass_count
      && new Set(cards).size === cards.length && cards.every((c) => v.hand.includes(c));
  }
  if (v.phase === "moon-choice") {
    return !!v.moon && v.moon.shooter === v.seat && (msg.moon === "add" || msg.moon === "subtract");
  }
  return v.phase === "play" && v.turn === v.seat && cards.length > 0
    && cards.every((c) => (v.legal || []).includes(c));
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
      state.table = { ...msg.table, won: msg.won || "" };     // who won: the host's words
      state.seat = msg.seat;
      state.owner = msg.owner;
      state.view = withRules(msg.view, msg.table.rules);
      state.ownerAwayAt = performance.now();     // owner_away counts from now
      state.said = msg.status || null;
      setTimer(state, msg.timer);
      if (!same) { state.trickShown = null; state.scored = null; state.hint = null; }
      if (msg.seat !== null) state.queued = false;
      break;
    }
    case "update":
      if (!state.table || state.table.id !== msg.table) break;
      msg.events.forEach((ev, i) => change(state, ev, (msg.said && msg.said[i]) || [],
        (msg.shown && msg.shown[i]) || []));
      state.view = withRules(msg.view, state.table.rules);
      if (msg.status) state.said = msg.status;
      setTimer(state, msg.timer);
      if (state.hint && !(state.view && state.view.turn === state.seat) &&
          !(state.view && state.view.phase === "pass")) state.hint = null;
      break;
    case "left":
      if (state.table && state.table.id === msg.table) {
        state.notice = msg.reason === "left" ? null : msg.said || null;   // the host's sentence
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
      if (hintFits(state, msg)) state.hint = msg;
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
      note(state, t("The host is closing: {reason}", { reason: msg.reason }), "error");
      break;
    default:
      break;
  }
}

/** Where my seat stands, for the host to say on my return what a bot did meanwhile
 * (`hello.away`: the table, the hands scored, the hand, the cards I played in it; counted
 * as hearts.net.words.away_mark counts); null when I have no seat. */
export function awayMark(state) {
  const table = state.table;
  const view = state.view;
  if (!table || state.seat === null) return null;
  const played = view ? (view.tricks || []).length + ((view.trick || []).some(([s]) => s === state.seat) ? 1 : 0) : 0;
  return [table.id, (table.results || []).length, table.hand ?? 0, played];
}

function withRules(view, rules) {
  return view ? { ...view, rules } : null;
}

// the changes whose sentences go in the table's chat (the others show on the table)
const NOTED = new Set(["game_ended", "paused", "resumed", "rules_changed", "owner_changed",
  "player_joined", "player_left", "player_kicked", "player_dropped", "player_returned",
  "moon_shot", "moon_chosen", "tram", "undone"]);

/** One change of an `update`, the host's sentences for it (`said`) and what the table
 * shows for it while it shows (`shown`: a taken trick's label, the lines under a hand's scores). */
function change(state, ev, said, shown) {
  const table = state.table;
  if (NOTED.has(ev.type)) for (const line of said) note(state, line.trim());
  switch (ev.type) {
    case "card_played":
      state.trickShown = null;
      break;
    case "trick_taken":
      state.trickShown = { leader: ev.leader, cards: ev.cards, winner: ev.winner, points: ev.points,
        label: shown[0] || "" };
      break;
    case "hand_started":
      table.hand = ev.hand;
      table.state = "playing";
      state.trickShown = null;
      break;
    case "hand_scored":
      table.totals = ev.totals;
      table.results = [...(table.results || []), { hand: ev.hand, points: ev.points, totals: ev.totals }];
      table.display_totals = ev.display_totals;
      state.scored = { ...ev, lines: shown };
      break;
    case "game_over":
      table.state = "over";
      table.winners = ev.winners;
      table.totals = ev.totals;
      table.results = ev.results;
      table.display_totals = ev.display_totals;
      table.won = shown[0] || "";
      state.scored = { ...(state.scored || {}), over: true, winners: ev.winners };
      break;
    case "game_ended":
      table.state = "over";
      break;
    case "game_started":
      table.state = "playing";
      table.results = [];
      table.winners = null;
      table.rules = ev.rules;
      state.scored = null;
      break;
    case "paused":
      table.state = "paused";
      break;
    case "resumed":
      table.state = "playing";
      break;
    case "rules_changed":
      table.rules = ev.rules;
      table.summary = ev.summary;
      break;
    case "owner_changed":
      table.owner = ev.name;
      table.owner_seat = ev.seat;
      table.owner_away = null;
      break;
    case "chat":
      keep(state.chat, { name: ev.name, seat: ev.seat, text: ev.notice && said.length ? said[0] : ev.text,
        kind: ev.name === "host" && ev.seat === null ? "host" : "chat" });
      if (!state.me || ev.name !== state.me.name) state.unread++;
      break;
    default:
      break;
  }
}
