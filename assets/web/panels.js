// Sheets over the table: scores, game over, rules, the menu, a seat's actions, the chat.
import { closeSheet, fill, h, sheet } from "./dom.js";
import { icon } from "./icons.js";
import { seatLabel, winnersLine } from "./table.js";

/** The scores: one row per hand, the totals, the winners once the game is over. */
export function scoresSheet(state, act, { scored, quiet } = {}) {
  const t = state.table;
  const names = [0, 1, 2, 3].map((s) => seatLabel(state, s));
  const results = t.results || [];
  const totals = t.display_totals || t.totals || [0, 0, 0, 0];
  const over = t.state === "over" && t.winners && t.winners.length;
  const best = over ? new Set(t.winners) : new Set();
  const last = results.length ? results[results.length - 1] : null;
  const moon = scored && scored.moon;
  const head = [];
  if (over) {
    head.push(h("p.winner-line", icon("trophy", { size: 26 }), " " + winnersLine(state)));
  } else if (scored && last) {
    head.push(h("p.hand-line", `Hand ${last.hand + 1} is over.`));
  }
  if (moon) head.push(h("p.moon-line", icon("moon", { size: 18, fill: true }), ` ${names[moon.shooter]} shot the ${moon.sun ? "sun" : "moon"}!`));
  const table = h("table.scores",
    h("thead", h("tr", h("th", "Hand"), names.map((n, s) => h("th" + (s === state.seat ? ".me" : ""), n)))),
    h("tbody", results.map((r) => h("tr" + (r === last && scored ? ".fresh" : ""), h("td", String(r.hand + 1)),
      r.points.map((p) => h("td", p > 0 ? `+${p}` : String(p)))))),
    h("tfoot", h("tr", h("th", "Total"), totals.map((x, s) => h("td" + (best.has(s) ? ".best" : ""), String(x))))));
  const buttons = [];
  if (over && state.owner) buttons.push(h("button.primary", { type: "button", onclick: () => { closeSheet(); act.send("start"); } }, "New game"));
  if (over) buttons.push(h("button", { type: "button", onclick: () => { closeSheet(); act.leave(); } }, "Back to the tables"));
  if (results.length) buttons.push(h("button.review", { type: "button", onclick: () => act.review(!over) }, "Review"));
  if (!over) buttons.push(h("button.primary", { type: "button", onclick: () => closeSheet() }, "Continue"));
  return sheet(over ? "Game over" : "Scores", [head, results.length ? table : h("p", "No hand has been scored yet."),
    h("p.small", `Game to ${t.rules.target}; ${t.rules.display === "countdown" ? "highest" : "lowest"} total wins.`),
    h("div.buttons", buttons)], { id: over ? "gameover" : "scores", quiet });
}

function control(opt, value) {
  const id = "rule-" + opt.name;
  if (opt.kind === "bool") return h("input", { id, type: "checkbox", checked: !!value, dataset: { rule: opt.name } });
  if (opt.kind === "choice") {
    return h("select", { id, dataset: { rule: opt.name } },
      opt.choices.map(([v, w]) => h("option", { value: v, selected: v === value }, w)));
  }
  if (opt.kind === "cycle") return h("input", { id, type: "text", value: value.join(","), dataset: { rule: opt.name } });
  return h("input", { id, type: "number", min: String(opt.bounds[0]), max: String(opt.bounds[1]),
    value: value === null || value === undefined ? "" : String(value), placeholder: opt.none_words || "", dataset: { rule: opt.name } });
}

function readControl(opt, el) {
  if (opt.kind === "bool") return el.checked;
  if (opt.kind === "choice") return el.value;
  if (opt.kind === "cycle") return el.value.split(/[\s,]+/).filter(Boolean);
  if (el.value === "") return opt.kind === "optional-int" ? null : 0;
  return Math.trunc(Number(el.value));
}

/** The table's rules in words; the owner may change them before a game or after it. */
export function rulesSheet(state, facts, send) {
  const t = state.table;
  const rules = t.rules;
  const editable = state.owner && (t.state === "waiting" || t.state === "over");
  const groups = facts.groups || {};
  const body = [];
  if (editable) {
    const preset = h("select#rule-preset", h("option", { value: "" }, "— keep these rules —"),
      Object.entries(facts.presets || {}).map(([k, v]) => h("option", { value: k }, `${k} — ${v.description}`)));
    body.push(h("label", { for: "rule-preset" }, "Start from a preset"), preset);
    const rows = [];
    for (const [g, title] of Object.entries(groups)) {
      rows.push(h("h3", title));
      for (const opt of facts.options.filter((o) => o.group === g)) {
        rows.push(h("div.rule-row", { title: opt.help }, h("label", { for: "rule-" + opt.name }, opt.label), control(opt, rules[opt.name])));
      }
    }
    const form = h("form.form.rules-form", {
      onsubmit: (e) => {
        e.preventDefault();
        if (preset.value) { send("set_rules", { rules: { preset: preset.value } }); closeSheet(); return; }
        const changes = {};
        for (const opt of facts.options) {
          const el = form.querySelector(`[data-rule="${opt.name}"]`);
          if (!el) continue;
          const v = readControl(opt, el);
          if (JSON.stringify(v) !== JSON.stringify(rules[opt.name])) changes[opt.name] = v;
        }
        if (Object.keys(changes).length) send("set_rules", { rules: changes });
        closeSheet();
      },
    }, body, rows, h("button.primary.big", { type: "submit" }, "Use these rules"));
    return sheet("Rules", form, { id: "rules", wide: true });
  }
  const list = [];
  for (const [g, title] of Object.entries(groups)) {
    list.push(h("h3", title));
    list.push(h("dl.rules-list", facts.options.filter((o) => o.group === g).map((o) =>
      [h("dt", { title: o.help }, o.label), h("dd", (t.rules_words || {})[o.name] ?? String(rules[o.name]))])));
  }
  return sheet(`Rules: ${t.summary}`, [state.owner ? h("p.small", "The rules can be changed before a game or after it.") : null, list], { id: "rules", wide: true });
}

/** Everything else one can do at the table. */
export function menuSheet(state, act) {
  const t = state.table;
  const view = state.view;
  const running = t.state === "playing" || t.state === "paused";
  const item = (label, fn, cls = "") => h("button.menu-item" + (cls ? "." + cls : ""), { type: "button", onclick: () => { closeSheet(); fn(); } }, label);
  const items = [item("Scores", () => act.scores()), item("Rules", () => act.rules()), item("Chat", () => act.chat())];
  if (state.seat !== null && view && t.state === "playing") {
    items.push(item("Hint", () => act.send("hint")));
    if (view.phase === "play") items.push(item("Claim the rest of the tricks", () => act.send("claim")));
    if (t.rules.allow_undo) items.push(item("Undo my last card", () => act.send("undo")));
  }
  if (state.owner) {
    items.push(h("h3", "Owner"));
    if (!running) items.push(item("Start the game", () => act.send("start"), "primary"));
    if (t.state === "playing") items.push(item("Pause", () => act.send("pause")));
    if (t.state === "paused") items.push(item("Resume", () => act.send("resume")));
    if (running) items.push(item("End the game now", () => act.send("end")));
    items.push(h("p.small", "Bots and kicking: tap a seat."));
    items.push(item(t.locked ? "Open the table (no password)" : "Set a password", () => act.password()));
  }
  items.push(h("h3", ""), item("Leave the table", () => act.leave(), "danger"));
  return sheet(t.name, h("div.menu", items), { id: "menu" });
}

/** The owner's actions on one seat; a watcher's offer to sit there. */
export function seatSheet(state, seat, facts, act) {
  const t = state.table;
  const s = t.seats[seat];
  const items = [];
  const running = t.state === "playing" || t.state === "paused";
  const btn = (label, fn, cls = "") => h("button.menu-item" + (cls ? "." + cls : ""), { type: "button", onclick: () => { closeSheet(); fn(); } }, label);
  if (state.seat === null && s.kind !== "human") {
    items.push(btn(running && s.kind === "bot" ? "Take this seat at the next deal" : "Sit here", () => act.sit(seat), "primary"));
  }
  if (state.owner && seat !== state.seat) {
    if (s.kind === "human") items.push(btn(`Send ${s.name} away (kick)`, () => act.kick(seat), "danger"));
    else {
      for (const level of facts.levels || ["easy", "normal", "hard", "random"]) {
        if (s.kind === "bot" && s.level === level) continue;
        items.push(btn(`${s.kind === "bot" ? "Make it" : "Put"} a ${level} bot${s.kind === "bot" ? "" : " here"}`, () => act.send("bot", { seat, level })));
      }
      if (s.kind === "bot" && !running) items.push(btn("Remove the bot", () => act.send("bot", { seat, level: null })));
    }
  }
  if (!items.length) return null;
  return sheet(s.kind === "empty" ? `Seat ${seat + 1}` : `${s.name || "Seat " + (seat + 1)}`, h("div.menu", items), { id: "seat" });
}

/** A chat log and its line; `/` lines are commands answered by the host. The table's chat
 * (opened and closed, lobby lines in it marked) or, with `lobby`, the lobby's, always shown there. */
export class Chat {
  constructor(send, { lobby = false } = {}) {
    this.send = send;
    this.lobby = lobby;
    this.last = null;               // the last line shown
    this.log = h("ol.chat-log", { "aria-live": "polite",
      dataset: { empty: lobby ? "Nobody has said anything yet. What you write here reaches everyone on this host." : "" } });
    this.input = h("input.chat-input", { type: "text", maxlength: "300", enterkeyhint: "send",
      placeholder: lobby ? "Talk to the lobby" : "Chat, or /help",
      "aria-label": lobby ? "Lobby chat line" : "Chat line" });
    const form = h("form.chat-form", {
      onsubmit: (e) => {
        e.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        if (this.send("chat", { text })) this.input.value = "";
      },
    }, this.input, h("button.primary", { type: "submit" }, "Send"));
    this.el = lobby
      ? h("aside.lobby-chat", { "aria-label": "Lobby chat" },
        h("header.chat-head", h("h2", "Lobby chat"), h("span.chat-sub", "everyone on this host")), this.log, form)
      : h("aside.chat-panel", { "aria-label": "Chat" },
        h("header.chat-head", h("h2", "Chat"), h("button.icon.close", { type: "button", onclick: () => this.toggle(false), "aria-label": "Close the chat" }, icon("close"))),
        this.log, form);
  }

  render(state) {
    const lines = this.lobby ? state.lobby : state.chat;
    const from = this.last ? lines.lastIndexOf(this.last) + 1 : 0;
    if (from === 0) fill(this.log);         // a new log, or more new lines than it keeps
    for (const line of lines.slice(from)) this.log.append(this.item(state, line));
    while (this.log.childElementCount > lines.length) this.log.firstElementChild.remove();
    if (from < lines.length) this.log.scrollTop = this.log.scrollHeight;
    this.last = lines.length ? lines[lines.length - 1] : null;
  }

  item(state, line) {
    const mine = state.me && line.name === state.me.name && line.kind === "chat";
    const tagged = line.lobby && !this.lobby;
    return h("li." + line.kind + (tagged ? ".lobby" : "") + (mine ? ".mine" : ""),
      tagged ? h("span.tag", { title: "said in the lobby, to everyone on this host" }, "lobby") : null,
      line.name && line.kind !== "note" ? h("b", line.name) : null, line.text);
  }

  get open() { return document.body.classList.contains("chat-open"); }

  toggle(open = !this.open) {
    document.body.classList.toggle("chat-open", open);
    if (open) setTimeout(() => this.input.focus(), 0);
  }
}
