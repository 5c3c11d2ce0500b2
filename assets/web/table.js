// The table screen: the seats around the felt, the trick, my hand and what I may do now.
import { cardEl, cardText, sortHand, SUITS } from "./cards.js";
import { h, toast } from "./dom.js";
import { icon } from "./icons.js";

const PLACES = ["bottom", "left", "top", "right"];
const DIRECTION_WORDS = { left: "to the left", right: "to the right", across: "across" };
const PASS_BUTTON = { left: "Pass left →", right: "Pass right →", across: "Pass across →" };

/** Where `seat` sits on my screen: 0 bottom (me), 1 left, 2 top, 3 right. */
export function place(state, seat) {
  const me = state.seat === null ? 0 : state.seat;
  return (seat - me + 4) % 4;
}

export function seatLabel(state, seat) {
  const s = state.table && state.table.seats[seat];
  if (!s || s.kind === "empty") return `Seat ${seat + 1}`;
  return s.name || `Seat ${seat + 1}`;
}

/** The seat a pass goes to from `seat`. */
function passTarget(seat, direction) {
  return (seat + { left: 1, right: 3, across: 2 }[direction]) % 4;
}

function timerLeft(state) {
  const t = state.timer;
  if (!t) return null;
  const left = t.paused ? t.seconds : t.seconds - (performance.now() - t.at) / 1000;
  return Math.max(0, Math.ceil(left));
}

function seatBadge(state, seat, act) {
  const t = state.table;
  const s = t.seats[seat];
  const view = state.view;
  const pos = PLACES[place(state, seat)];
  const waiting = view && (view.phase === "pass" ? !view.has_passed[seat] : view.turn === seat);
  const running = t.state === "playing" || t.state === "paused";
  const timer = state.timer && state.timer.seats.includes(seat) ? timerLeft(state) : null;
  const totals = t.display_totals || t.totals || [0, 0, 0, 0];
  const classes = [pos, s.kind, waiting && running ? "turn" : "", s.connected ? "" : "away",
    state.seat === seat ? "mine" : ""].filter(Boolean).join(".");
  const initial = s.kind === "bot" ? icon("bot", { size: 20 }) : s.kind === "empty" ? icon("plus", { size: 18 })
    : (s.name || "?").slice(0, 1).toUpperCase();
  const canSit = state.seat === null && (s.kind === "empty" || (s.kind === "bot" && !running) ||
    (s.kind === "bot" && running));
  const info = [];
  if (view && running) {
    info.push(h("span.taken", { title: "points taken this hand" }, `${SUITS.H} ${view.taken_points[seat]}`));
  }
  info.push(h("span.total", { title: "game total" }, String(totals[seat])));
  let sub = null;
  if (s.kind === "bot") sub = s.level || "bot";
  else if (s.kind === "empty") sub = "free seat";
  else if (!s.connected) sub = "away";
  else if (s.auto) sub = "bot plays";
  if (view && view.phase === "pass" && running) sub = view.has_passed[seat] ? "passed ✓" : "passing…";
  if (timer !== null) sub = `${timer}s`;
  const badge = h("button.seat." + classes, {
    type: "button", dataset: { seat: String(seat) },
    "aria-label": `${seatLabel(state, seat)}, seat ${seat + 1}`,
    onclick: () => act.seat(seat),
  },
  h("span.avatar", initial, t.owner_seat === seat ? h("span.crown", { title: "owner" }, icon("crown", { size: 14, fill: true })) : null),
  h("span.who",
    h("span.name", s.kind === "empty" ? `Seat ${seat + 1}` : s.name || `Seat ${seat + 1}`),
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
  const area = h("div.trick", { "aria-label": "the trick" },
    slots.map((slot, i) => h("div.slot." + PLACES[i],
      slot ? cardEl(slot.card, { classes: [slot.seat === winner ? "winner" : "", fresh(slot.card) ? "fresh" : ""].filter(Boolean).join(".") }) : null)));
  lastTrick = drawn;
  return area;
}

function trickWinnerLine(state) {
  const shown = state.trickShown;
  if (!shown || (state.view && state.view.trick && state.view.trick.length)) return null;
  const points = shown.points ? ` (${shown.points} point${shown.points === 1 ? "" : "s"})` : "";
  return `${shown.winner === state.seat ? "You take" : seatLabel(state, shown.winner) + " takes"} the trick${points}`;
}

/** Who won, in a sentence (the game is over). */
export function winnersLine(state) {
  const t = state.table;
  const won = (t.winners || []).map((w) => (w === state.seat ? "You" : seatLabel(state, w)));
  if (!won.length) return "The game is over.";
  if (won.length === 1) return won[0] === "You" ? "You win the game!" : `${won[0]} wins the game!`;
  return `${won.join(" and ")} win the game!`;
}

/** Seconds left before an away owner's table passes on (`owner_away`, counted from when
 * the host said it), or null while the owner is here. */
export function ownerAwayLeft(state) {
  const t = state.table;
  if (t.owner_away === null || t.owner_away === undefined) return null;
  return Math.max(0, Math.ceil(t.owner_away - (performance.now() - (state.ownerAwayAt || 0)) / 1000));
}

/** Who can start the game (`what`: "start", "resume" or "new"), whether they are here, and
 * how long until the table passes to someone who is: a sentence. */
function whoStarts(state, what) {
  const t = state.table;
  const owner = t.owner;
  if (!owner) return "Nobody owns this table now.";
  const left = ownerAwayLeft(state);
  if (left === null) {
    return { start: `${owner} starts the game.`, resume: `${owner} will resume the game.`,
      new: `${owner} can start a new game.` }[what];
  }
  if (left > 0) {
    return { start: `${owner} is away. In ${left} s the table passes to the next person here, who can then start the game.`,
      resume: `${owner} is away. In ${left} s the table passes to the next person here, who can then resume the game.`,
      new: `${owner} is away. In ${left} s the table passes to the next person here, who can then start a new game.` }[what];
  }
  return `${owner} is away. The table passes to the next person here in a moment.`;
}

/** The panel in the middle of the felt: what happened and what you can do next, in every
 * state a table can be in (waiting, paused, over; the moon's choice). */
function centre(state, act) {
  const t = state.table;
  const view = state.view;
  const seat = state.seat;
  const free = t.seats.filter((s) => s.kind === "empty").length;
  const rules = `Rules: ${t.summary}` + (free ? ` · ${free} free seat${free > 1 ? "s" : ""} (bots fill them)` : "");
  if (t.state === "waiting") {
    const lines = [h("p.big", "Waiting to start"), h("p", rules)];
    if (state.owner) lines.push(h("button.primary.start", { type: "button", "data-focus": "start", onclick: () => act.send("start") }, "Start the game"));
    else if (seat === null) lines.push(h("p", "Tap a free seat to sit down."), h("p.small", whoStarts(state, "start")));
    else lines.push(h("p", whoStarts(state, "start")));
    return h("div.centre.panel", lines);
  }
  if (t.state === "over") {
    const lines = [h("p.big", "The game is over"), h("p.winner-line", winnersLine(state))];
    if (state.owner) lines.push(h("button.primary.start", { type: "button", "data-focus": "start", onclick: () => act.send("start") }, "Start a new game"));
    else lines.push(h("p", whoStarts(state, "new")));
    lines.push(h("div.buttons",
      h("button.scores-now", { type: "button", "data-focus": "final-scores", onclick: () => act.scores() }, "Scores"),
      h("button.leave-now", { type: "button", "data-focus": "leave", onclick: () => act.leave() }, "Back to the tables")));
    return h("div.centre.panel.over", lines);
  }
  if (t.state === "paused") {
    return h("div.centre.panel", h("p.big", "Paused"),
      state.owner ? h("button.primary", { type: "button", "data-focus": "resume", onclick: () => act.send("resume") }, "Resume") : h("p", whoStarts(state, "resume")));
  }
  if (!view) return null;
  if (view.phase === "moon-choice" && view.moon && view.moon.choice == null) {
    if (view.moon.shooter === seat) {
      const points = view.moon.points;
      return h("div.centre.panel.moon", icon("moon", { size: 30, fill: true }), h("p.big", view.moon.sun ? "You shot the sun!" : "You shot the moon!"),
        h("button.primary", { type: "button", "data-focus": "moon-add", onclick: () => act.send("moon", { choice: "add" }) }, `Add ${points} to everyone else`),
        h("button.primary", { type: "button", "data-focus": "moon-subtract", onclick: () => act.send("moon", { choice: "subtract" }) }, `Take ${points} off my score`));
    }
    return h("div.centre.panel", h("p.big", `${seatLabel(state, view.moon.shooter)} shot the moon`), h("p", "and is choosing…"));
  }
  return null;
}

function statusLine(state) {
  const view = state.view;
  const seat = state.seat;
  const t = state.table;
  if (!view || t.state !== "playing") return "";
  const taken = trickWinnerLine(state);
  if (taken) return taken;
  if (view.phase === "pass") {
    if (seat === null) return `Passing ${DIRECTION_WORDS[view.pass_direction] || ""}…`;
    if (view.has_passed[seat]) return "Waiting for the others to pass…";
    const n = view.rules.pass_count;
    return `Choose ${n} card${n === 1 ? "" : "s"} to pass ${DIRECTION_WORDS[view.pass_direction]} (to ${seatLabel(state, passTarget(seat, view.pass_direction))})`;
  }
  if (view.phase === "play") {
    if (view.turn === seat) {
      if (!view.trick.length) return view.tricks.length ? "Your lead" : "Your lead: the first trick";
      const led = view.trick[0][1][1];
      return view.hand.some((c) => c[1] === led) ? `Your turn: follow ${SUITS[led]}` : `Your turn: no ${SUITS[led]}, play anything allowed`;
    }
    if (view.turn !== null && view.turn !== undefined) return `${seatLabel(state, view.turn)} to play`;
  }
  if (view.phase === "done") return "The hand is over";
  return "";
}

/** Why `card` may not be played now: the host's words (the engine's), in the view. */
function whyNot(view, card) {
  return (view.illegal && view.illegal[card]) || "That card cannot be played now";
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
    return h("div.hand.watching", h("p", state.queued ? "You take your seat when the next hand is dealt." : state.seat === null ? "You are watching." : ""));
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
  const hand = h("div.hand" + (rows > 1 ? ".two-rows" : ""), { role: "group", "aria-label": "your hand",
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
      label: reason ? `${cardText(card)}: ${reason}` : cardText(card),
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
        ui.passSent ? "Passing…" : ready ? PASS_BUTTON[view.pass_direction] : `${ui.selected.size}/${n} chosen`));
    }
    if (passing || (view.phase === "play" && view.turn === seat) ||
        (view.phase === "moon-choice" && view.moon && view.moon.shooter === seat)) {
      buttons.push(h("button.hint", { type: "button", "data-focus": "hint", onclick: () => act.send("hint") }, "Hint"));
    }
    if (view.phase === "play" && view.rules.tram === "claim" && view.turn === seat) {
      buttons.push(h("button.claim", { type: "button", "data-focus": "claim", onclick: () => act.send("claim") }, "Claim the rest"));
    }
  }
  // the hint's reason says why; the cards are named here, once
  const hintLine = (hint) =>
    "Hint: " + [(hint.cards || []).map(cardText).join(" "), hint.reason].filter(Boolean).join(" · ");
  const hint = state.hint ? h("div.hint-text", hintLine(state.hint)) : null;
  return h("div.actions", hint, buttons.length ? h("div.buttons", buttons) : null);
}

export function tableScreen(state, ui, act) {
  const t = state.table;
  const handNo = t.hand !== null && t.hand !== undefined && t.state !== "waiting" ? ` · hand ${t.hand + 1}` : "";
  const mine = state.seat;
  const bar = h("header.bar",
    h("button.icon.back", { type: "button", onclick: () => act.leave(), "aria-label": "Leave the table", title: "Leave the table" }, icon("back")),
    h("div.title", h("span.tname", t.name, t.locked ? icon("lock", { size: 15 }) : null), h("span.tsub", `${t.summary}${handNo}`)),
    h("button.icon.scores-btn", { type: "button", onclick: () => act.scores(), "aria-label": "Scores", title: "Scores" }, icon("scores")),
    h("button.icon.chat-btn", { type: "button", onclick: () => act.chat(), "aria-label": "Chat", title: "Chat" }, icon("chat"),
      state.unread ? h("span.badge", String(Math.min(state.unread, 99))) : null),
    h("button.icon.menu-btn", { type: "button", onclick: () => act.menu(), "aria-label": "Menu", title: "Menu" }, icon("menu")));
  const others = [1, 2, 3].map((p) => ((mine === null ? 0 : mine) + p) % 4);
  const felt = h("div.felt",
    others.map((s) => seatBadge(state, s, act)),
    trickArea(state),
    centre(state, act),
    h("div.status", { role: "status" }, statusLine(state)));
  const me = mine !== null ? seatBadge(state, mine, act) : seatBadge(state, 0, act);
  return h("div.screen.table-screen" + (state.view ? "" : ".no-hand"), bar, felt,
    h("div.me", me, actionBar(state, ui, act)), handArea(state, ui, act));
}

/** Tapping a card in my hand: choose it for the pass, or play it. */
export function tapCard(state, ui, card, send) {
  const view = state.view;
  if (!view || state.seat === null) return;
  if (state.table.state === "paused") { toast("The game is paused."); return; }
  if (view.phase === "pass" && !view.has_passed[state.seat]) {
    if (ui.selected.has(card)) ui.selected.delete(card);
    else if (ui.selected.size < view.rules.pass_count) ui.selected.add(card);
    else toast(`You pass ${view.rules.pass_count} cards; tap one to put it back first.`);
    return;
  }
  if (view.phase !== "play") return;
  if (view.turn !== state.seat) {
    toast(view.turn === null || view.turn === undefined ? "Wait a moment." : `It is ${seatLabel(state, view.turn)}'s turn.`);
    return;
  }
  if (!(view.legal || []).includes(card)) {
    toast(whyNot(view, card), "error");
    return;
  }
  if (ui.pending) { toast("Your card is on its way to the host."); return; }
  if (send("play", { card })) ui.pending = card;    // shown as played once the host says so
}
