// The table screen: the seats around the felt, the trick, my hand and what I may do now.
import { cardEl, cardText, sortHand, SUITS } from "./cards.js";
import { h, toast } from "./dom.js";
import { icon } from "./icons.js";

const PLACES = ["bottom", "left", "top", "right"];
const DIRECTION_WORDS = { left: "to the left", right: "to the right", across: "across" };

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

/** The line in the middle of the felt: whose move, what to do. */
function centre(state, act) {
  const t = state.table;
  const view = state.view;
  const seat = state.seat;
  if (t.state === "waiting" || (t.state === "over" && !view)) {
    const free = t.seats.filter((s) => s.kind === "empty").length;
    const lines = [h("p.big", t.state === "over" ? "The game is over" : "Waiting to start")];
    lines.push(h("p", `Rules: ${t.summary}` + (free ? ` · ${free} free seat${free > 1 ? "s" : ""} (bots fill them)` : "")));
    if (state.owner) lines.push(h("button.primary.start", { type: "button", onclick: () => act.send("start") }, "Start the game"));
    else if (seat === null) lines.push(h("p", "Tap a free seat to sit down."));
    else lines.push(h("p", `${t.owner || "The owner"} starts the game.`));
    return h("div.centre.panel", lines);
  }
  if (t.state === "paused") {
    return h("div.centre.panel", h("p.big", "Paused"),
      state.owner ? h("button.primary", { type: "button", onclick: () => act.send("resume") }, "Resume") : h("p", "The owner will resume the game."));
  }
  if (!view) return null;
  if (view.phase === "moon-choice" && view.moon && view.moon.choice == null) {
    if (view.moon.shooter === seat) {
      const points = view.moon.points;
      return h("div.centre.panel.moon", icon("moon", { size: 30, fill: true }), h("p.big", view.moon.sun ? "You shot the sun!" : "You shot the moon!"),
        h("button.primary", { type: "button", onclick: () => act.send("moon", { choice: "add" }) }, `Add ${points} to everyone else`),
        h("button.primary", { type: "button", onclick: () => act.send("moon", { choice: "subtract" }) }, `Take ${points} off my score`));
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
  const hand = h("div.hand", { style: { "--n": String(Math.max(n, 1)) }, "aria-label": "your hand" });
  cards.forEach((card, i) => {
    const cls = [];
    if (passing && ui.selected.has(card)) cls.push("selected");
    if (myTurn && !legal.has(card)) cls.push("illegal");
    if (myTurn && legal.has(card)) cls.push("legal");
    if (received.has(card)) cls.push("received");
    if (hinted.has(card)) cls.push("hinted");
    const reason = myTurn && !legal.has(card) ? whyNot(view, card) : null;
    const el = cardEl(card, {
      classes: cls.join("."),
      label: reason ? `${cardText(card)}: ${reason}` : cardText(card),
      onclick: () => act.tapCard(card),
    });
    el.style.setProperty("--i", String(i));
    if (reason) el.dataset.reason = reason;
    hand.append(el);
  });
  return hand;
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
      buttons.push(h("button.primary.pass", { type: "button", disabled: !ready, onclick: () => act.pass() },
        ready ? `Pass ${DIRECTION_WORDS[view.pass_direction].replace("to the ", "")} →` : `${ui.selected.size}/${n} chosen`));
    }
    if (passing || (view.phase === "play" && view.turn === seat) ||
        (view.phase === "moon-choice" && view.moon && view.moon.shooter === seat)) {
      buttons.push(h("button.hint", { type: "button", onclick: () => act.send("hint") }, "Hint"));
    }
    if (view.phase === "play" && view.rules.tram === "claim" && view.turn === seat) {
      buttons.push(h("button.claim", { type: "button", onclick: () => act.send("claim") }, "Claim the rest"));
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
  if (ui.played === card) return;
  ui.played = card;
  send("play", { card });
}
