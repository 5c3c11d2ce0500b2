// The browser client: wires the link to the host, the mirror of what it said, and the screens.
// Updates are shown one after another at a pace a person can follow (bots play at once).
import { closeSheet, fill, h, sheet, sheetOpen, toast } from "./dom.js";
import { Link, saved } from "./link.js";
import { createSheet, lobbyScreen, nameScreen, passwordSheet } from "./lobby.js";
import { apply, freshState } from "./mirror.js";
import { Chat, menuSheet, rulesSheet, scoresSheet, seatSheet } from "./panels.js";
import { Records } from "./records.js";
import { tableScreen, tapCard } from "./table.js";

const params = new URLSearchParams(location.search);
// ?pace=0.2 plays the bots' cards five times faster (tests); 1 is a person's pace
const PACE = Math.max(0, Number(params.get("pace") ?? 1)) || 0;

const state = freshState();
const ui = { selected: new Set(), played: null, hand: null, joining: false };
let facts = { options: [], groups: {}, presets: {}, levels: [] };
const app = document.getElementById("app");
const banner = document.getElementById("banner");

const link = new Link(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`, {
  onmessage: (msg) => { if (!records.onMessage(msg)) enqueue(msg); },   // answers at once
  onstatus: (status, why) => {
    state.status = status;
    state.statusWhy = why || "";
    showStatus();
  },
});

function send(type, fields) {
  if (link.send(type, fields)) return true;
  toast("Not connected to the host; reconnecting…", "error");
  return false;
}

const records = new Records(send);      // the leaderboard, the games, replays
const chat = new Chat(send);
const lobbyChat = new Chat(send, { lobby: true });
document.body.append(chat.el, lobbyChat.el);

// -- the queue: host messages in order, paced ---------------------------------------------
const queue = [];
let pumping = false;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function enqueue(msg) {
  queue.push(msg);
  if (!pumping) pump();
}

async function pump() {
  pumping = true;
  while (queue.length) {
    const msg = queue.shift();
    handle(msg);
    const wait = queue.length > 12 ? 0 : delayAfter(msg) * PACE;
    if (wait > 0) {
      const shown = state.trickShown;
      await sleep(wait);
      if (shown && state.trickShown === shown) {   // the finished trick has been seen
        state.trickShown = null;
        render();
      }
    }
  }
  pumping = false;
}

function delayAfter(msg) {
  if (msg.type !== "update") return 0;
  let ms = 0;
  for (const e of msg.events) {
    if (e.type === "card_played" && e.seat !== state.seat) ms = Math.max(ms, 450);
    if (e.type === "trick_taken") ms = Math.max(ms, 1300);
    if (e.type === "hand_scored") ms = Math.max(ms, 600);
  }
  return ms;
}

function handle(msg) {
  const before = { table: state.table && state.table.id };
  apply(state, msg);
  switch (msg.type) {
    case "error":
      if (msg.code === "replaced" || msg.code === "version") break;
      if (msg.code === "password") {
        const t = state.tables.find((x) => msg.message.includes(`table ${x.id} `));
        if (t && ui.joining) { passwordSheet(t, ui.joining, send); toast(msg.message, "error"); break; }
      }
      if (msg.code === "bad-name") { link.close(); showName(msg.message); return; }
      toast(msg.message, "error", 4500);
      ui.played = null;
      break;
    case "welcome":
      saved.name = msg.name;
      break;
    case "table":
      ui.joining = false;
      if (before.table !== msg.table.id) { closeSheet(); chat.toggle(false); }
      break;
    case "left":
      closeSheet();
      chat.toggle(false);               // why is said on the lobby (state.notice)
      break;
    case "update":
      if (msg.events.some((e) => e.type === "hand_scored" || e.type === "game_over")) {
        scoresSheet(state, actions, { scored: state.scored });
      }
      break;
    default:
      break;
  }
  const view = state.view;
  const hand = state.table ? state.table.hand : null;
  if (!view || view.phase !== "pass" || hand !== ui.hand ||
      (state.seat !== null && view.has_passed[state.seat])) ui.selected.clear();
  ui.hand = hand;
  if (msg.type === "update" || msg.type === "table") ui.played = null;
  render();
}

// -- what the person does -----------------------------------------------------------------
const actions = {
  send,
  tapCard: (card) => { tapCard(state, ui, card, send); render(); },
  pass: () => {
    const cards = [...ui.selected];
    if (send("pass", { cards })) ui.selected.clear();
  },
  leave: () => {
    if (state.table && state.seat !== null && (state.table.state === "playing" || state.table.state === "paused") &&
        !confirm("Leave the table? A bot plays your seat.")) return;
    send("leave");
  },
  scores: () => scoresSheet(state, actions),
  rules: () => rulesSheet(state, facts, send),
  menu: () => menuSheet(state, actions),
  chat: () => { state.unread = 0; chat.toggle(); render(); },
  seat: (seat) => {
    if (seatSheet(state, seat, facts, actions) === null && state.table.seats[seat].kind === "human" && seat !== state.seat) {
      toast(`${state.table.seats[seat].name} sits here.`);
    }
  },
  sit: (seat) => { send("sit", { table: state.table.id, seat }); if (state.table.state !== "waiting") state.queued = true; },
  password: () => {
    if (state.table.locked) { send("set_password", { password: null }); return; }
    const input = h("input#new-pw", { type: "text", maxlength: "64", autocomplete: "off" });
    sheet("Friends only", h("form.form", {
      onsubmit: (e) => { e.preventDefault(); if (input.value) send("set_password", { password: input.value }); closeSheet(); },
    }, h("label", { for: "new-pw" }, "Password"), input, h("button.primary.big", { type: "submit" }, "Set the password")), { id: "set-password" });
  },
  join: (table, how) => {
    ui.joining = how;
    if (table.locked) passwordSheet(table, how, send);
    else send(how, { table: table.id });
  },
  create: () => createSheet(state, facts, send),
  leaderboard: () => records.leaderboard(),
  review: (lastHand) => records.review(lastHand),
  rename: () => { link.close(); saved.token = ""; showName(""); },
  dismissNotice: () => { state.notice = null; render(); },
};

// -- screens --------------------------------------------------------------------------------
function render() {
  if (!state.me) return;
  const screen = state.table ? tableScreen(state, ui, actions) : lobbyScreen(state, actions);
  fill(app, screen);
  document.body.classList.toggle("at-table", !!state.table);
  document.body.classList.toggle("in-lobby", !state.table);
  chat.render(state);
  lobbyChat.render(state);
  if (chat.open) state.unread = 0;
  if (state.table) document.title = `${state.table.name} · Hearts`;
  else document.title = state.host ? `${state.host} · Hearts` : "Hearts";
}

function showName(why) {
  Object.assign(state, freshState());
  document.body.classList.remove("in-lobby", "at-table");
  fill(app, nameScreen(saved.name, (name) => {
    saved.name = name;
    fill(app, h("div.screen.connecting", h("p", "Connecting…")));
    link.connect(name);
  }, why));
}

function showStatus() {
  const s = state.status;
  banner.hidden = s === "online" || (s === "connecting" && !state.me);
  if (s === "offline") fill(banner, "Connection lost — reconnecting…");
  else if (s === "connecting") fill(banner, "Reconnecting…");
  else if (s === "replaced") {
    fill(banner, "You opened this game elsewhere. ", h("button", { type: "button", onclick: () => { link.connect(saved.name); } }, "Play here"));
  } else if (s === "refused") fill(banner, state.statusWhy);
}

// the seat's timer counts down between messages
setInterval(() => {
  if (state.timer && state.table && !state.timer.paused && !sheetOpen()) {
    const el = document.querySelector(".seat.turn .sub");
    if (el && /\d+s$/.test(el.textContent)) render();
  }
}, 1000);

fetch("facts.json").then((r) => r.json()).then((f) => { facts = f; }).catch(() => {});

if (saved.name) {
  fill(app, h("div.screen.connecting", h("p", "Connecting…")));
  link.connect(saved.name);
} else {
  showName("");
}
