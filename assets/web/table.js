// The table screen: the seats around the felt, the trick, my hand and what I may do now.
import { cardEl, cardText, sortHand, SUITS } from "./cards.js";
import { h, notice, toast } from "./dom.js";
import { nt, t } from "./i18n.js";
import { icon } from "./icons.js";
import { levelWords, rulesName } from "./lobby.js";
import { initial as firstLetter } from "./text.js";

const PLACES = ["bottom", "left", "top", "right"];

/** Where `seat` sits on my screen: 0 bottom (me), 1 left, 2 top, 3 right. */
export function place(state, seat) {
  const me = state.seat === null ? 0 : state.seat;
  return (seat - me + 4) % 4;
}

/** Where `seat` sits in words, as the desktop and the commands name it: "West" (/bot west). */
export function placeWord(state, seat) {
  return [t("South"), t("West"), t("North"), t("East")][place(state, seat)];
}

/** A seat's player or bot, or its place when nobody sits there: never a number, which the
 * commands (/bot 2, /who) would read from 0. */
export function seatLabel(state, seat) {
  const s = state.table && state.table.seats[seat];
  return (s && s.kind !== "empty" && s.name) || placeWord(state, seat);
}

function timerLeft(state) {
  const timer = state.timer;
  if (!timer) return null;
  const left = timer.paused ? timer.seconds : timer.seconds - (performance.now() - timer.at) / 1000;
  return Math.max(0, Math.ceil(left));
}

function seatBadge(state, seat, act) {
  const table = state.table;
  const s = table.seats[seat];
  const view = state.view;
  const pos = PLACES[place(state, seat)];
  const waiting = view && (view.phase === "pass" ? !view.has_passed[seat] : view.turn === seat);
  const running = table.state === "playing" || table.state === "paused";
  const timer = state.timer && state.timer.seats.includes(seat) ? timerLeft(state) : null;
  const totals = table.display_totals || table.totals || [0, 0, 0, 0];
  const classes = [pos, s.kind, waiting && running ? "turn" : "", s.connected ? "" : "away",
    state.seat === seat ? "mine" : ""].filter(Boolean).join(".");
  const initial = s.kind === "bot" ? icon("bot", { size: 20 }) : s.kind === "empty" ? icon("plus", { size: 18 })
    : firstLetter(s.name);
  const canSit = state.seat === null && (s.kind === "empty" || (s.kind === "bot" && !running) ||
    (s.kind === "bot" && running));
  const info = [];
  if (view && running) {
    info.push(h("span.taken", { title: t("points taken this hand") }, `${SUITS.H} ${view.taken_points[seat]}`));
  }
  info.push(h("span.total", { title: t("game total") }, String(totals[seat])));
  let sub = null;
  if (s.kind === "bot") sub = levelWords(s.level);
  else if (s.kind === "empty") sub = t("free seat");
  else if (!s.connected) sub = t("away");
  else if (s.auto) sub = t("a bot plays");
  if (view && view.phase === "pass" && running) sub = view.has_passed[seat] ? t("passed ✓") : t("passing…");
  if (timer !== null) sub = t("{n} s", { n: timer });
  const badge = h("button.seat." + classes, {
    type: "button", dataset: { seat: String(seat) },
    "aria-label": s.kind === "empty" || !s.name ? placeWord(state, seat)
      : t("{name}, {place}", { name: s.name, place: placeWord(state, seat) }),
    onclick: () => act.seat(seat),
  },
  h("span.avatar", initial, table.owner_seat === seat ? h("span.crown", { title: t("owner") }, icon("crown", { size: 14, fill: true })) : null),
  h("span.who",
    h("span.name", seatLabel(state, seat)),
    sub ? h("span.sub", sub) : null),
  h("span.score", info));
  if (canSit && s.kind !== "human") badge.classList.add("can-sit");
  return badge;
}

let lastTrick = new Set();        // the trick cards drawn last time: only new ones animate

function trickArea(state) {
  const view = state.view;
  const slots = [null, null, null, null];
  let winner = null;
  if (view && view.trick && view.trick.length) {
    for (const [seat, card] of view.trick) slots[place(state, seat)] = { seat, card };
  } else if (state.trickShown) {
    const { leader, cards, winner: w } = state.trickShown;
    cards.forEach((card, i) => {
      const seat = (leader + i) % 4;
      slots[place(state, seat)] = { seat, card };
    });
    winner = w;
  }
  const drawn = new Set(slots.filter(Boolean).map((slot) => slot.card));
  const fresh = (card) => !lastTrick.has(card);
  const area = h("div.trick", { "aria-label": t("the trick") },
    slots.map((slot, i) => h("div.slot." + PLACES[i],
      slot ? cardEl(slot.card, { classes: [slot.seat === winner ? "winner" : "", fresh(slot.card) ? "fresh" : ""].filter(Boolean).join(".") }) : null)));
  lastTrick = drawn;
  return area;
}

function trickWinnerLine(state) {
  const shown = state.trickShown;
  if (!shown || (state.view && state.view.trick && state.view.trick.length)) return null;
  return shown.label || null;      // the host's words (update.shown)
}

/** Seconds left before an away owner's table passes on (`owner_away`, counted from when
 * the host said it), or null while the owner is here. */
export function ownerAwayLeft(state) {
  const away = state.table.owner_away;
  if (away === null || away === undefined) return null;
  return Math.max(0, Math.ceil(away - (performance.now() - (state.ownerAwayAt || 0)) / 1000));
}

/** Who can start or go on, whether they are here, and how long until the table passes to
 * someone who is: the host's sentence (status.starts; status.starts_away by seconds left). */
function whoStarts(state) {
  const said = state.said;
  if (!said) return "";
  const away = said.starts_away;
  const left = ownerAwayLeft(state);
  if (away && away.length && left !== null) return away[Math.min(left, away.length - 1)];
  return said.starts;
}

/** The panel in the middle of the felt: what happened and what you can do next, in every
 * state a table can be in (waiting, paused, over; the moon's choice). */
function centre(state, act, facts) {
  const table = state.table;
  const view = state.view;
  const seat = state.seat;
  const free = table.seats.filter((s) => s.kind === "empty").length;
  const title = rulesTitle(table, facts);
  const rules = free ? nt("Rules: {rules} · {n} free seat (bots fill it)", "Rules: {rules} · {n} free seats (bots fill them)", free, { rules: title })
    : t("Rules: {rules}", { rules: title });
  if (table.state === "waiting") {
    const lines = [h("p.big", t("Waiting to start")), h("p", rules)];
    if (state.owner) lines.push(h("button.primary.start", { type: "button", "data-focus": "start", onclick: () => act.send("start") }, t("Start the game")));
    else if (seat === null) {
      const open = table.seats.some((s) => s.kind !== "human");     // a bot's seat may be taken before a game
      lines.push(h("p", open ? t("Tap a free seat to sit down.") : t("Every seat is taken: you are watching. When a seat frees up, tap it to sit down.")),
        h("p.small", whoStarts(state)));
    }
    else lines.push(h("p", whoStarts(state)));
    return h("div.centre.panel", lines);
  }
  if (table.state === "over") {
    const lines = [h("p.big", t("The game is over.")), h("p.winner-line", state.table.won)];
    if (state.owner) lines.push(h("button.primary.start", { type: "button", "data-focus": "start", onclick: () => act.send("start") }, t("Start a new game")));
    else lines.push(h("p", whoStarts(state)));
    lines.push(h("div.buttons",
      h("button.scores-now", { type: "button", "data-focus": "final-scores", onclick: () => act.scores() }, t("Scores")),
      h("button.leave-now", { type: "button", "data-focus": "leave", onclick: () => act.leave() }, t("Back to the tables"))));
    return h("div.centre.panel.over", lines);
  }
  if (table.state === "paused") {
    return h("div.centre.panel", h("p.big", t("Paused")),
      state.owner ? h("button.primary", { type: "button", "data-focus": "resume", onclick: () => act.send("resume") }, t("Resume")) : h("p", whoStarts(state)));
  }
  if (!view) return null;
  const moon = state.said && state.said.moon;      // the host's words for the choice
  if (view.phase === "moon-choice" && view.moon && view.moon.choice == null && moon) {
    if (view.moon.shooter === seat) {
      return h("div.centre.panel.moon", icon("moon", { size: 30, fill: true }), h("p.big", moon.head),
        h("button.primary", { type: "button", "data-focus": "moon-add", onclick: () => act.send("moon", { choice: "add" }) }, moon.add),
        h("button.primary", { type: "button", "data-focus": "moon-subtract", onclick: () => act.send("moon", { choice: "subtract" }) }, moon.subtract));
    }
    return h("div.centre.panel", h("p.big", moon.head), h("p", moon.waiting));
  }
  return null;
}

/** The status line: the host's words (status.line; status.offline said ahead for a drop),
 * a taken trick's label while it shows. */
function statusLine(state) {
  const said = state.said;
  if (!state.view || state.table.state !== "playing" || !said) return "";
  if (state.status === "offline" || state.status === "connecting") return said.offline;
  return trickWinnerLine(state) || said.line;
}

/** Why `card` may not be played now: the host's words (the engine's), in the view. */
function whyNot(view, card) {
  return (view.illegal && view.illegal[card]) || t("That card cannot be played now");
}

// a card must show at least this much of itself to be tapped (a finger, WCAG's 44 px)
export const MIN_TAP = 44;

/** How many rows the hand needs so that each card shows at least MIN_TAP px of its width:
 * one, or two on a narrow phone (the cards overlap less, as in the best mobile card games). */
export function handRows(n, width, cardWidth) {
  if (n <= 1) return 1;
  return (width - cardWidth) / (n - 1) >= MIN_TAP ? 1 : 2;
}

function handArea(state, ui, act) {
  const view = state.view;
  if (!view || state.seat === null) {
    return h("div.hand.watching", h("p", state.queued ? t("You take your seat when the next hand is dealt.") : state.seat === null ? t("You are watching.") : ""));
  }
  const cards = sortHand(view.hand);
  const passing = view.phase === "pass" && !view.has_passed[state.seat] && state.table.state === "playing";
  const myTurn = view.phase === "play" && view.turn === state.seat && state.table.state === "playing";
  const legal = new Set(view.legal || []);
  const received = new Set(view.received && !view.tricks.length ? view.received : []);
  const hinted = new Set(state.hint ? state.hint.cards : []);
  const n = cards.length;
  const cardWidth = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 58;
  const room = (document.getElementById("app") || document.documentElement).clientWidth || window.innerWidth;
  const rows = handRows(n, room - 16, cardWidth);
  const perRow = Math.ceil(n / rows);
  const hand = h("div.hand" + (rows > 1 ? ".two-rows" : ""), { role: "group", "aria-label": t("your hand"),
    style: { "--n": String(Math.max(perRow, 1)) }, onkeydown: (e) => handKeys(e, hand) });
  const lines = rows > 1 ? [h("div.hand-row.back-row"), h("div.hand-row.front-row")] : [hand];
  cards.forEach((card, i) => {
    const cls = [];
    if (passing && ui.selected.has(card)) cls.push("selected");
    if (myTurn && !legal.has(card)) cls.push("illegal");
    if (myTurn && legal.has(card)) cls.push("legal");
    if (received.has(card)) cls.push("received");
    if (hinted.has(card)) cls.push("hinted");
    if (ui.pending === card) cls.push("pending");
    const reason = myTurn && !legal.has(card) ? whyNot(view, card) : null;
    const el = cardEl(card, {
      classes: cls.join("."),
      label: reason ? t("{card}: {reason}", { card: cardText(card), reason }) : cardText(card),
      onclick: () => act.tapCard(card),
    });
    el.style.setProperty("--i", String(i % perRow));
    el.tabIndex = -1;                    // one Tab stop for the hand: arrows move along it
    if (reason) el.dataset.reason = reason;
    lines[rows > 1 ? Math.floor(i / perRow) : 0].append(el);
  });
  if (rows > 1) hand.append(...lines);
  const all = [...hand.querySelectorAll(".card")];
  const stop = all.find((el) => el.classList.contains("legal")) || all[0];
  if (stop) stop.tabIndex = 0;
  return hand;
}

/** Arrow keys (and Home, End) move along the hand; Enter or Space plays or chooses. */
function handKeys(e, hand) {
  const all = [...hand.querySelectorAll(".card")];
  const i = all.indexOf(document.activeElement);
  if (i < 0) return;
  const perRow = Number(hand.style.getPropertyValue("--n")) || all.length;
  const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: all.length - 1,
    ArrowUp: i - perRow, ArrowDown: i + perRow }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  focusCard(all, Math.max(0, Math.min(all.length - 1, to)));
}

function focusCard(all, i) {
  for (const el of all) el.tabIndex = -1;
  all[i].tabIndex = 0;
  all[i].focus({ preventScroll: true });
}

/** Put the keyboard back on the hand after the page was redrawn: on `card` when it is still
 * there, else on the card now at `index` (the next one), else on the first card to play. */
export function refocusHand(app, card, index) {
  const all = [...app.querySelectorAll(".hand .card")];
  if (!all.length) return false;
  let i = card ? all.findIndex((el) => el.dataset.card === card) : -1;
  if (i < 0 && index !== undefined && index !== null) i = Math.min(index, all.length - 1);
  if (i < 0) i = Math.max(0, all.findIndex((el) => el.classList.contains("legal")));
  focusCard(all, i);
  return true;
}

/** Whether the host would answer a hint now: only the seat it waits for asks (a pass not
 * yet made, a turn to play, the shooter's moon choice). */
export function mayAskHint(state) {
  const view = state.view;
  const seat = state.seat;
  if (!view || seat === null || state.table.state !== "playing") return false;
  return (view.phase === "pass" && !view.has_passed[seat]) ||
    (view.phase === "play" && view.turn === seat) ||
    (view.phase === "moon-choice" && !!view.moon && view.moon.shooter === seat);
}

function actionBar(state, ui, act) {
  const view = state.view;
  const seat = state.seat;
  const buttons = [];
  if (view && seat !== null && state.table.state === "playing") {
    const passing = view.phase === "pass" && !view.has_passed[seat];
    if (passing) {
      const n = view.rules.pass_count;
      const ready = ui.selected.size === n;
      buttons.push(h("button.primary.pass", { type: "button", "data-focus": "pass", disabled: !ready || ui.passSent, onclick: () => act.pass() },
        ui.passSent ? t("Passing…") : ready ? ({ left: t("Pass left →"), right: t("Pass right →"), across: t("Pass across →") }[view.pass_direction] || t("Pass"))
          : t("{chosen}/{n} chosen", { chosen: ui.selected.size, n })));
    }
    if (mayAskHint(state)) {
      buttons.push(h("button.hint", { type: "button", "data-focus": "hint", onclick: () => act.send("hint") }, t("Hint")));
    }
    if (view.phase === "play" && view.rules.tram === "claim" && view.turn === seat) {
      buttons.push(h("button.claim", { type: "button", "data-focus": "claim", onclick: () => act.send("claim") }, t("Claim the rest")));
    }
  }
  // the hint's reason says why; the cards are named here, once
  const hintLine = (hint) => {
    const cards = (hint.cards || []).map(cardText).join(" ");
    if (cards && hint.reason) return t("Hint: {cards} · {reason}", { cards, reason: hint.reason });
    return cards || hint.reason ? t("Hint: {what}", { what: cards || hint.reason }) : t("Hint: none");
  };
  const hint = state.hint ? h("div.hint-text", hintLine(state.hint)) : null;
  return h("div.actions", hint, buttons.length ? h("div.buttons", buttons) : null);
}

/** The rules a table plays in a few words, as the desktop client says them: the nearest
 * preset's name, then each option changed from it (`Omnibus, Game to: 50 points`), worded
 * from the host's facts and the table's `rules_words`. */
export function rulesTitle(table, facts) {
  const presets = Object.entries(facts.presets || {});
  const rules = table.rules || {};
  const differ = (a, b) => JSON.stringify(a) !== JSON.stringify(b);
  const changed = (preset) => (facts.options || []).filter((o) => differ(preset.rules[o.name], rules[o.name]));
  if (!presets.length || !table.rules_words) return rulesName(table.summary, facts);
  let best = presets[0];
  for (const p of presets) if (changed(p[1]).length < changed(best[1]).length) best = p;
  const words = table.rules_words;
  return [best[1].name || best[0], ...changed(best[1]).map((o) => t("{option}: {value}", { option: o.label, value: words[o.name] ?? String(rules[o.name]) }))].join(", ");
}

export function tableScreen(state, ui, act, facts) {
  const table = state.table;
  const rules = rulesName(table.summary, facts);
  const mine = state.seat;
  const bar = h("header.bar",
    h("button.icon.back", { type: "button", onclick: () => act.leave(), "aria-label": t("Leave the table"), title: t("Leave the table") }, icon("back")),
    h("div.title", h("span.tname", table.name, table.locked ? icon("lock", { size: 15 }) : null),
      h("span.tsub", table.hand !== null && table.hand !== undefined && table.state !== "waiting"
        ? t("{rules} · hand {n}", { rules, n: table.hand + 1 }) : rules)),
    h("button.icon.scores-btn", { type: "button", onclick: () => act.scores(), "aria-label": t("Scores"), title: t("Scores") }, icon("scores")),
    h("button.icon.chat-btn", { type: "button", onclick: () => act.chat(), "aria-label": t("Chat"), title: t("Chat") }, icon("chat"),
      state.unread ? h("span.badge", String(Math.min(state.unread, 99))) : null),
    h("button.icon.menu-btn", { type: "button", onclick: () => act.menu(), "aria-label": t("Menu"), title: t("Menu") }, icon("menu")));
  const others = [1, 2, 3].map((p) => ((mine === null ? 0 : mine) + p) % 4);
  const felt = h("div.felt",
    others.map((s) => seatBadge(state, s, act)),
    trickArea(state),
    centre(state, act, facts),
    h("div.status", { role: "status" }, statusLine(state)));
  const me = mine !== null ? seatBadge(state, mine, act) : seatBadge(state, 0, act);
  return h("div.screen.table-screen" + (state.view ? "" : ".no-hand"), bar,
    state.awayNotice ? notice(state.awayNotice, () => act.dismissNotice()) : null, felt,
    handArea(state, ui, act), h("div.me", me, actionBar(state, ui, act)));   // Tab: the hand, then Pass and Hint
}

/** Tapping a card in my hand: choose it for the pass, or play it. */
export function tapCard(state, ui, card, send) {
  const view = state.view;
  if (!view || state.seat === null) return;
  if (state.table.state === "paused") { toast(t("The game is paused.")); return; }
  if (view.phase === "pass" && !view.has_passed[state.seat]) {
    if (ui.selected.has(card)) ui.selected.delete(card);
    else if (ui.selected.size < view.rules.pass_count) ui.selected.add(card);
    else toast(nt("You pass {n} card; tap it to put it back first.", "You pass {n} cards; tap one to put it back first.", view.rules.pass_count));
    return;
  }
  if (view.phase !== "play") return;
  if (view.turn !== state.seat) {
    toast(view.turn === null || view.turn === undefined ? t("Wait a moment.") : t("It is {name}'s turn.", { name: seatLabel(state, view.turn) }));
    return;
  }
  if (!(view.legal || []).includes(card)) {
    toast(whyNot(view, card), "error");
    return;
  }
  if (ui.pending) { toast(t("Your card is on its way to the host.")); return; }
  if (send("play", { card })) ui.pending = card;    // shown as played once the host says so
}
