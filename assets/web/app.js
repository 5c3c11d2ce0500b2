// The browser client: wires the link to the host, the mirror of what it said, and the screens.
// Updates are shown one after another at a pace a person can follow (bots play at once).
import { closeSheet, confirmSheet, fill, focusHome, h, sheet, sheetOpen, toast } from "./dom.js";
import { chooseLanguage, language, locale, pt, t, useCatalogue } from "./i18n.js";
import { Link, saved } from "./link.js";
import { createSheet, lobbyScreen, nameScreen, passwordSheet } from "./lobby.js";
import { apply, awayMark, freshState, note } from "./mirror.js";
import { Chat, menuSheet, rulesSheet, scoresSheet, seatSheet } from "./panels.js";
import { Records } from "./records.js";
import { refocusHand, tableScreen, tapCard } from "./table.js";

const params = new URLSearchParams(location.search);
// ?pace=0.2 plays the bots' cards five times faster (tests); 1 is a person's pace
const PACE = Math.max(0, Number(params.get("pace") ?? 1)) || 0;

const state = freshState();
// pending: a card sent to the host and not yet answered (never shown as played);
// passSent: the pass is on its way
// held: an intent made while the link is down, sent when it is back (if it still fits)
const ui = { selected: new Set(), pending: null, passSent: false, hand: null, joining: false,
  helpAsked: false, toHand: false, held: null };
// a card with no answer this long is released, with a word (?pending=ms: tests)
const PENDING_MS = Math.max(500, Number(params.get("pending")) || 8000);
let facts = { options: [], groups: {}, presets: {}, levels: [] };
const app = document.getElementById("app");
const banner = document.getElementById("banner");

const link = new Link(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`, {
  onmessage: (msg) => { if (!records.onMessage(msg)) enqueue(msg); },   // answers at once
  away: () => awayMark(state),
  onstatus: (status, why) => {
    state.status = status;
    state.statusWhy = why || "";
    if (status !== "online" && status !== "connecting" && (ui.pending || ui.passSent) && !ui.held) {
      toast(ui.pending ? t("Your card did not reach the host. Tap it again once you are connected.")
        : t("Your pass did not reach the host. Pass again once you are connected."), "error", 5000);
      release();
    }
    showStatus();
  },
});

/** Forget what was sent and not answered: the cards can be tapped again. */
function release() {
  ui.pending = null;
  ui.passSent = false;
  if (state.me) render();
}

function send(type, fields) {
  if (type === "chat" && /^\/help\s*$/i.test(fields.text || "")) ui.helpAsked = true;
  if ((type === "play" || type === "pass") && state.status !== "online") {   // it waits
    ui.held = { type, fields };
    toast(type === "play" ? t("Reconnecting… Your card is played as soon as the host is back.")
      : t("Reconnecting… Your pass is sent as soon as the host is back."));
    return true;
  }
  if (link.send(type, fields)) return true;
  toast(t("Not connected to the host; reconnecting…"), "error");
  return false;
}

const records = new Records(send, () => facts);      // the leaderboard, the games, replays
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
  if (msg.type === "welcome") tableGone(msg);
  apply(state, msg);
  switch (msg.type) {
    case "error":
      release();
      if (msg.code === "replaced" || msg.code === "version") break;
      if (msg.code === "password") {
        const table = state.tables.find((x) => x.id === ui.joiningTable);
        if (table && ui.joining) { passwordSheet(table, ui.joining, send); toast(msg.message, "error"); break; }
      }
      if (msg.code === "bad-name") { link.close(); showName(msg.message); return; }
      toast(msg.message, "error", 4500);
      break;
    case "welcome":
      saved.name = msg.name;
      break;
    case "reply":
      if (ui.helpAsked) {          // the host's commands; the keys are this page's own
        ui.helpAsked = false;
        note(state, t("Keys on this page: Tab reaches your cards, the arrow keys move along them, Enter or Space plays or chooses one; Enter sends a chat line; Esc closes a panel."));
      }
      break;
    case "table":
      ui.joining = false;
      if (before.table !== msg.table.id) { closeSheet(); chat.toggle(false); state.awayNotice = null; }
      back(msg.away || []);
      break;
    case "left":
      state.awayNotice = null;
      closeSheet();
      chat.toggle(false);               // why is said on the lobby (state.notice)
      break;
    case "update":
      if (msg.events.some((e) => e.type === "owner_changed" && e.seat !== null && e.seat === state.seat)) {
        toast({ waiting: t("You own the table now: you can start the game."),
          over: t("You own the table now: you can start a new game."),
          paused: t("You own the table now: you can resume the game.") }[state.table && state.table.state] || t("You own the table now."));
      }
      if (msg.events.some((e) => e.type === "hand_scored" || e.type === "game_over")) {
        scoresSheet(state, actions, { scored: state.scored, quiet: true });
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
  if (msg.type === "update" || msg.type === "table") {
    ui.pending = null;           // the view says what was played
    if (!(view && view.phase === "pass" && state.seat !== null && !view.has_passed[state.seat])) ui.passSent = false;
  }
  render();
}

/** A table message: back at the table after the link was down, say what a bot did
 * meanwhile (`away`: the host's sentences, table.away), and send what was done while away
 * if it still fits (else it is forgotten: the notice says why). */
function back(away) {
  if (away.length) {
    state.awayNotice = away.join(" ");
    for (const line of away) note(state, line);
  }
  const held = ui.held;
  ui.held = null;
  if (!held) return;
  const view = state.view;
  const fits = view && state.seat !== null && (held.type === "play"
    ? view.phase === "play" && view.turn === state.seat && (view.legal || []).includes(held.fields.card)
    : view.phase === "pass" && !view.has_passed[state.seat] && held.fields.cards.every((c) => view.hand.includes(c)));
  if (fits && link.send(held.type, held.fields)) {
    if (held.type === "play") ui.pending = held.fields.card;
    return;
  }
  ui.pending = null;
  ui.passSent = false;
}

/** Back after a drop, the host's welcome says which table we are at: when it is not the
 * one shown, that table is gone (the host restarted without it, or it closed while we were
 * away). Say so plainly and go back to the lobby, as the desktop and text clients do. */
function tableGone(welcome) {
  const table = state.table;
  if (!table || welcome.table === table.id) return;
  const gone = (state.said && state.said.gone) || [];     // the host's words, said ahead
  const reason = gone[welcome.returning ? 0 : 1] || "";
  apply(state, { type: "left", table: table.id, reason: "gone", said: reason });
  closeSheet();
  chat.toggle(false);
  release();
}


// -- what the person does -----------------------------------------------------------------
const actions = {
  send,
  tapCard: (card) => {
    tapCard(state, ui, card, send);
    if (ui.pending === card && !ui.held) {
      const sent = card;
      setTimeout(() => {
        if (ui.pending !== sent) return;
        toast(t("The host has not taken your card yet. Tap it again."), "error", 5000);
        release();
      }, PENDING_MS);
    }
    render();
  },
  pass: () => {
    const cards = [...ui.selected];
    if (!ui.passSent && send("pass", { cards })) { ui.passSent = true; render(); }
  },
  leave: () => {
    const table = state.table;
    if (table && state.seat !== null && (table.state === "playing" || table.state === "paused")) {
      confirmSheet(t("Leave the table?"), t("A bot plays your seat at “{name}” from now on.", { name: table.name }), t("Leave"), () => send("leave"));
      return;
    }
    send("leave");
  },
  kick: (seat) => {
    const table = state.table;
    const name = table.seats[seat].name || "?";
    const running = table.state === "playing" || table.state === "paused";
    confirmSheet(t("Kick {name}?", { name }), running
      ? t("{name} leaves “{table}” and cannot come back unless you /allow them. A bot plays their seat.", { name, table: table.name })
      : t("{name} leaves “{table}” and cannot come back unless you /allow them.", { name, table: table.name }),
    t("Kick"), () => send("kick", { seat }), { id: "kick" });
  },
  scores: () => scoresSheet(state, actions),
  rules: () => rulesSheet(state, facts, send),
  menu: () => menuSheet(state, actions),
  chat: () => { state.unread = 0; chat.toggle(); render(); },
  seat: (seat) => {
    if (seatSheet(state, seat, facts, actions) === null && state.table.seats[seat].kind === "human" && seat !== state.seat) {
      toast(t("{name} sits here.", { name: state.table.seats[seat].name }));
    }
  },
  sit: (seat) => { send("sit", { table: state.table.id, seat }); if (state.table.state !== "waiting") state.queued = true; },
  password: () => {
    if (state.table.locked) { send("set_password", { password: null }); return; }
    const input = h("input#new-pw", { type: "text", maxlength: "64", autocomplete: "off" });
    sheet(t("Friends only"), h("form.form", {
      onsubmit: (e) => { e.preventDefault(); if (input.value) send("set_password", { password: input.value }); closeSheet(); },
    }, h("label", { for: "new-pw" }, t("Password")), input, h("button.primary.big", { type: "submit" }, t("Set the password"))), { id: "set-password" });
  },
  join: (table, how) => {
    ui.joining = how;
    ui.joiningTable = table.id;
    if (table.locked) passwordSheet(table, how, send);
    else send(how, { table: table.id });
  },
  create: () => createSheet(state, facts, send),
  languages: () => languages,
  setLanguage: (code) => switchLanguage(code),
  leaderboard: () => records.leaderboard(),
  review: (lastHand) => records.review(lastHand),
  rename: () => { link.close(); saved.token = ""; showName(""); },
  dismissNotice: () => { state.notice = null; state.awayNotice = null; render(); },
};

// -- screens --------------------------------------------------------------------------------
function render() {
  if (!state.me) return;
  // the page is drawn anew: keyboard focus goes back where it was (the same card, the next
  // one when it was played, the same button)
  const was = focusedKey();
  const place = state.table ? state.table.id : "lobby";     // a table by its number
  const arrived = place !== ui.place;
  ui.place = place;
  const screen = state.table ? tableScreen(state, ui, actions, facts) : lobbyScreen(state, actions, facts);
  fill(app, screen);
  const lost = !document.activeElement || document.activeElement === document.body;
  if (arrived && lost && !sheetOpen()) focusScreen();
  else if (was) restoreFocus(was);
  else if (ui.toHand && (document.activeElement === document.body || !document.activeElement)) {
    if (refocusHand(app, null, null)) ui.toHand = false;
  }
  document.body.classList.toggle("at-table", !!state.table);
  document.body.classList.toggle("in-lobby", !state.table);
  chat.render(state);
  lobbyChat.render(state);
  if (chat.open) state.unread = 0;
  if (state.table) document.title = t("{place} · Hearts", { place: state.table.name });
  else document.title = state.host ? t("{place} · Hearts", { place: state.host }) : pt("game", "Hearts");
}

/** What has the keyboard focus in the page, as a key that finds it again after a redraw. */
function focusedKey() {
  const el = document.activeElement;
  if (!el || !app.contains(el)) return null;
  if (el.closest(".hand") && el.dataset.card) {
    return { card: el.dataset.card, index: [...app.querySelectorAll(".hand .card")].indexOf(el) };
  }
  if (el.dataset.seat) return { selector: `.seat[data-seat="${el.dataset.seat}"]` };
  if (el.dataset.focus) return { selector: `[data-focus="${el.dataset.focus}"]` };
  const classes = [...el.classList].filter((c) => !/^(legal|illegal|selected|turn|away|fresh|pending)$/.test(c));
  return { selector: el.tagName.toLowerCase() + classes.map((c) => "." + CSS.escape(c)).join(""), hand: !!el.closest(".hand") };
}

function restoreFocus(key) {
  if (key.card !== undefined) {
    if (refocusHand(app, key.card, key.index)) return;
  }
  const el = key.selector && app.querySelector(key.selector);
  if (el && !el.disabled) { el.focus({ preventScroll: true }); return; }
  // the button did its work and went (Start, Pass): the keyboard goes to the hand, now or
  // as soon as there is one
  ui.toHand = !refocusHand(app, null, null);
}

// a closed sheet gives the keyboard back to what opened it ("+ New table"), else the hand
focusHome.key = focusedKey;
focusHome.restore = (key) => {
  if (key && key.card !== undefined && refocusHand(app, key.card, key.index)) return;
  const el = key && key.selector && app.querySelector(key.selector);
  if (el && !el.disabled) el.focus({ preventScroll: true });
  else if (!refocusHand(app, null, null)) focusScreen();
};

/** A new screen (the lobby after joining, a table after sitting down) takes the keyboard:
 * the hand, else what one does first there. */
function focusScreen() {
  if (refocusHand(app, null, null)) return;
  const places = state.table ? [".centre button.primary", ".centre button", ".seat.can-sit", ".bar button"]
    : [".table-card button.sit:not(:disabled)", "button.new-table"];
  const first = places.map((p) => app.querySelector(p)).find(Boolean);
  if (first) first.focus({ preventScroll: true });
}

function showName(why) {
  Object.assign(state, freshState());
  document.body.classList.remove("in-lobby", "at-table");
  ui.nameWhy = why;
  ui.place = null;
  fill(app, nameScreen(saved.name, (name) => {
    saved.name = name;
    fill(app, h("div.screen.connecting", h("p", t("Connecting…"))));
    link.connect(name);
  }, why, actions));
}

function showStatus() {
  const s = state.status;
  banner.hidden = s === "online" || (s === "connecting" && !state.me);
  if (s === "offline") fill(banner, t("Connection lost — reconnecting…"));
  else if (s === "connecting") fill(banner, t("Reconnecting…"));
  else if (s === "replaced") {
    fill(banner, t("You opened this game elsewhere."), " ", h("button", { type: "button", onclick: () => { link.connect(saved.name); } }, t("Play here")));
  } else if (s === "refused") fill(banner, state.statusWhy);
  // the page moves down under the banner: the bar's buttons stay in reach
  document.body.style.setProperty("--banner-h", banner.hidden ? "0px" : banner.offsetHeight + "px");
  if (state.me) render();          // the status line says that what you do now waits
}

// the hand's rows depend on the width: a phone turned, a window resized
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(render, 60);
});

// the seat's timer counts down between messages
setInterval(() => {
  if (state.timer && state.table && !state.timer.paused && !sheetOpen()) {
    const el = document.querySelector(".seat.turn .sub");
    if (el && /\d+s$/.test(el.textContent)) render();
  }
  // an away owner's countdown (who can start, and when)
  if (state.table && state.table.owner_away !== null && state.table.owner_away !== undefined && !sheetOpen()) render();
}, 1000);

// -- the page's language ------------------------------------------------------------------
const LANG_KEY = "hearts.lang";
let languages = [{ code: "en", name: "English" }];

/** The catalogue of `code` from the host (its words, its facts), in use from now on. */
async function loadLanguage(code) {
  const answer = await fetch(`lang/${encodeURIComponent(code)}.json`);
  if (!answer.ok) throw new Error(`no catalogue for ${code}`);
  const catalogue = await answer.json();
  useCatalogue(catalogue);
  facts = catalogue.facts || facts;
  document.documentElement.lang = locale();
  link.lang = language();
}

/** The person chose a language: the page is worded anew, and the host's sentences follow
 * (the link says hello again in it, keeping the seat). */
async function switchLanguage(code) {
  try {
    await loadLanguage(code);
  } catch (err) {
    toast(t("The host could not send that language."), "error");
    return;
  }
  localStorage.setItem(LANG_KEY, code);
  closeSheet();
  if (state.me) {
    render();
    showStatus();
    link.again();
  } else if (!app.querySelector(".connecting")) {
    showName(ui.nameWhy || "");
  }
}

async function start() {
  try {
    const index = await (await fetch("lang/index.json")).json();
    languages = index.languages;
    const kept = localStorage.getItem(LANG_KEY);
    const code = kept && (kept === "pseudo" || languages.some((l) => l.code === kept))
      ? kept : chooseLanguage(languages.map((l) => l.code), navigator.languages || [navigator.language]);
    await loadLanguage(code);
  } catch (err) {                // an older host: English and its facts
    fetch("facts.json").then((r) => r.json()).then((f) => { facts = f; }).catch(() => {});
  }
  if (saved.name) {
    fill(app, h("div.screen.connecting", h("p", t("Connecting…"))));
    link.connect(saved.name);
  } else {
    showName("");
  }
}

start();
