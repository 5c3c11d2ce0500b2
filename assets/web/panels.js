// Sheets over the table: scores, game over, rules, the menu, a seat's actions, the chat.
import { closeSheet, fill, h, sheet } from "./dom.js";
import { language, pt, t } from "./i18n.js";
import { icon } from "./icons.js";
import { languagePicker, levelWords } from "./lobby.js";
import { mayAskHint, rulesTitle, seatLabel } from "./table.js";

/** The scores: one row per hand, the totals, the winners once the game is over. */
export function scoresSheet(state, act, { scored, quiet } = {}) {
  const table = state.table;
  const names = [0, 1, 2, 3].map((s) => seatLabel(state, s));
  const results = table.results || [];
  const totals = table.display_totals || table.totals || [0, 0, 0, 0];
  const over = table.state === "over" && table.winners && table.winners.length;
  const best = over ? new Set(table.winners) : new Set();
  const last = results.length ? results[results.length - 1] : null;
  const moon = scored && scored.moon;
  const head = [];
  if (over) {
    head.push(h("p.winner-line", icon("trophy", { size: 26 }), " " + table.won));
  } else if (scored && last) {
    head.push(h("p.hand-line", (state.said && state.said.hand_over) || ""));   // the host's words
  }
  // under the scores, the host's words (update.shown): a moon first when there is one
  ((scored && scored.lines) || []).forEach((line, i) => head.push(moon && i === 0
    ? h("p.moon-line", icon("moon", { size: 18, fill: true }), " ", line) : h("p.hand-end", line)));
  const grid = h("table.scores",
    h("thead", h("tr", h("th", t("Hand")), names.map((n, s) => h("th" + (s === state.seat ? ".mine" : ""), h("span.who-name", n))))),
    h("tbody", results.map((r) => h("tr" + (r === last && scored ? ".fresh" : ""), h("td", String(r.hand + 1)),
      r.points.map((p) => h("td", p > 0 ? `+${p}` : String(p)))))),
    h("tfoot", h("tr", h("th", t("Total")), totals.map((x, s) => h("td" + (best.has(s) ? ".best" : ""), String(x))))));
  const buttons = [];
  if (over && state.owner) buttons.push(h("button.primary", { type: "button", onclick: () => { closeSheet(); act.send("start"); } }, t("New game")));
  if (over) buttons.push(h("button", { type: "button", onclick: () => { closeSheet(); act.leave(); } }, t("Back to the tables")));
  if (results.length) buttons.push(h("button.review", { type: "button", onclick: () => act.review(!over) }, t("Review")));
  if (!over) buttons.push(h("button.primary", { type: "button", onclick: () => closeSheet() }, t("Continue")));
  const target = table.rules.target;
  return sheet(over ? t("Game over") : t("Scores"), [head, results.length ? h("div.scores-wrap", grid) : h("p", t("No hand has been scored yet.")),
    h("p.small", table.rules.display === "countdown" ? t("Game to {target}; the highest total wins.", { target })
      : t("Game to {target}; the lowest total wins.", { target })),
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
  const table = state.table;
  const rules = table.rules;
  const editable = state.owner && (table.state === "waiting" || table.state === "over");
  const groups = facts.groups || {};
  const body = [];
  if (editable) {
    const preset = h("select#rule-preset", h("option", { value: "" }, t("— keep these rules —")),
      Object.entries(facts.presets || {}).map(([k, v]) => h("option", { value: k }, t("{preset} — {description}", { preset: v.name || k, description: v.description }))));
    body.push(h("label", { for: "rule-preset" }, t("Start from a preset")), preset);
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
    }, body, rows, h("button.primary.big", { type: "submit" }, t("Use these rules")));
    return sheet(t("Rules"), form, { id: "rules", wide: true });
  }
  const list = [];
  for (const [g, title] of Object.entries(groups)) {
    list.push(h("h3", title));
    list.push(h("dl.rules-list", facts.options.filter((o) => o.group === g).map((o) =>
      [h("dt", { title: o.help }, o.label), h("dd", (table.rules_words || {})[o.name] ?? String(rules[o.name]))])));
  }
  return sheet(t("Rules: {rules}", { rules: rulesTitle(table, facts) }), [state.owner ? h("p.small", t("The rules can be changed before a game or after it.")) : null, list], { id: "rules", wide: true });
}

/** Everything else one can do at the table. */
export function menuSheet(state, act) {
  const table = state.table;
  const view = state.view;
  const running = table.state === "playing" || table.state === "paused";
  const item = (label, fn, cls = "") => h("button.menu-item" + (cls ? "." + cls : ""), { type: "button", onclick: () => { closeSheet(); fn(); } }, label);
  const items = [item(t("Scores"), () => act.scores()), item(t("Rules"), () => act.rules()), item(t("Chat"), () => act.chat())];
  if (state.seat !== null && view && table.state === "playing") {
    if (mayAskHint(state)) items.push(item(t("Hint"), () => act.send("hint")));
    if (view.phase === "play") items.push(item(t("Claim the rest of the tricks"), () => act.send("claim")));
    if (table.rules.allow_undo) items.push(item(t("Undo my last card"), () => act.send("undo")));
  }
  if (state.owner) {
    items.push(h("h3", pt("heading", "Owner")));
    if (!running) items.push(item(t("Start the game"), () => act.send("start"), "primary"));
    if (table.state === "playing") items.push(item(t("Pause"), () => act.send("pause")));
    if (table.state === "paused") items.push(item(t("Resume"), () => act.send("resume")));
    if (running) items.push(item(t("End the game now"), () => act.send("end")));
    items.push(h("p.small", t("Bots and kicking: tap a seat.")));
    items.push(item(table.locked ? t("Open the table (no password)") : t("Set a password"), () => act.password()));
  }
  items.push(h("h3", t("Language")), languagePicker(act, "lang-menu"));
  items.push(h("h3", ""), item(t("Leave the table"), () => act.leave(), "danger"));
  return sheet(table.name, h("div.menu", items), { id: "menu" });
}

/** The owner's actions on one seat; a watcher's offer to sit there. */
export function seatSheet(state, seat, facts, act) {
  const table = state.table;
  const s = table.seats[seat];
  const items = [];
  const running = table.state === "playing" || table.state === "paused";
  const btn = (label, fn, cls = "") => h("button.menu-item" + (cls ? "." + cls : ""), { type: "button", onclick: () => { closeSheet(); fn(); } }, label);
  if (state.seat === null && s.kind !== "human") {
    items.push(btn(running && s.kind === "bot" ? t("Sit here from the next hand") : t("Sit here"), () => act.sit(seat), "primary"));
  }
  if (state.owner && seat !== state.seat) {
    if (s.kind === "human") items.push(btn(t("Send {name} away (kick)", { name: s.name }), () => act.kick(seat), "danger"));
    else {
      for (const level of facts.levels || ["easy", "normal", "hard", "random"]) {
        if (s.kind === "bot" && s.level === level) continue;
        const words = levelWords(level);
        items.push(btn(s.kind === "bot" ? t("Make it a bot: {level}", { level: words }) : t("Put a bot here: {level}", { level: words }),
          () => act.send("bot", { seat, level })));
      }
      if (s.kind === "bot" && !running) items.push(btn(t("Remove the bot"), () => act.send("bot", { seat, level: null })));
    }
  }
  if (!items.length) return null;
  return sheet(seatLabel(state, seat), h("div.menu", items), { id: "seat" });
}

/** A chat log and its line; `/` lines are commands answered by the host. The table's chat
 * (opened and closed, lobby lines in it marked) or, with `lobby`, the lobby's, always shown there. */
export class Chat {
  constructor(send, { lobby = false } = {}) {
    this.send = send;
    this.lobby = lobby;
    this.last = null;               // the last line shown
    this.log = h("ol.chat-log", { "aria-live": "polite",
      dataset: { empty: "" } });
    this.input = h("input.chat-input", { type: "text", maxlength: "300", enterkeyhint: "send" });
    this.words = [];                // what to word anew when the language changes: [el, attribute, () => text]
    const form = h("form.chat-form", {
      onsubmit: (e) => {
        e.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        if (this.send("chat", { text })) this.input.value = "";
      },
    }, this.input, this.worded(h("button.primary", { type: "submit" }), null, () => t("Send")));
    const title = this.worded(h("h2"), null, () => (lobby ? t("Lobby chat") : t("Chat")));
    this.unread = 0;                // the lobby's lines come while it is folded away (a phone)
    this.badge = h("span.badge.unread", { hidden: true });
    this.fold = lobby ? h("button.chat-fold", { type: "button", "aria-expanded": "false", onclick: () => this.unfold() },
      h("span.fold-text", title, this.worded(h("span.chat-sub"), null, () => t("everyone on this host"))),
      this.badge, icon("back", { size: 18 })) : null;
    this.el = lobby
      ? h("aside.lobby-chat", h("header.chat-head", this.fold), this.log, form)
      : h("aside.chat-panel", h("header.chat-head", title,
        this.worded(h("button.icon.close", { type: "button", onclick: () => this.toggle(false) }, icon("close")), "aria-label", () => t("Close the chat"))),
      this.log, form);
    this.worded(this.el, "aria-label", () => (lobby ? t("Lobby chat") : t("Chat")));
    this.worded(this.log, "data-empty", () => (lobby ? t("Nobody has said anything yet. What you write here reaches everyone on this host.") : ""));
    this.worded(this.input, "placeholder", () => (lobby ? t("Talk to the lobby") : t("Chat, or /help")));
    this.worded(this.input, "aria-label", () => (lobby ? t("Lobby chat line") : t("Chat line")));
    this.language = null;
  }

  /** `el`'s text (`attribute` null) or attribute from `words()`, said again in each language. */
  worded(el, attribute, words) {
    this.words.push([el, attribute, words]);
    return el;
  }

  render(state) {
    const lang = language();
    if (this.language !== lang) {          // the panel lives on: its words follow the language
      this.language = lang;
      for (const [el, attribute, words] of this.words) {
        if (attribute) el.setAttribute(attribute, words());
        else el.textContent = words();
      }
    }
    const lines = this.lobby ? state.lobby : state.chat;
    const from = this.last ? lines.lastIndexOf(this.last) + 1 : 0;
    if (from === 0) fill(this.log);         // a new log, or more new lines than it keeps
    for (const line of lines.slice(from)) {
      this.log.append(this.item(state, line));
      if (this.lobby && !this.el.classList.contains("open") && this.rendered && line.kind === "chat" &&
          !(state.me && line.name === state.me.name)) this.unread++;
    }
    if (this.lobby) {
      this.badge.hidden = !this.unread;
      this.badge.textContent = String(Math.min(this.unread, 99));
    }
    while (this.log.childElementCount > lines.length) this.log.firstElementChild.remove();
    if (from < lines.length) this.log.scrollTop = this.log.scrollHeight;
    this.last = lines.length ? lines[lines.length - 1] : null;
    this.rendered = true;           // lines from now on are new
  }

  item(state, line) {
    const mine = state.me && line.name === state.me.name && line.kind === "chat";
    const tagged = line.lobby && !this.lobby;
    return h("li." + line.kind + (tagged ? ".lobby" : "") + (mine ? ".mine" : ""),
      tagged ? h("span.tag", { title: t("said in the lobby, to everyone on this host") }, t("lobby")) : null,
      line.name && line.kind !== "note" ? h("b", line.name) : null, line.text);
  }

  /** The lobby's chat on a phone: unfolded over the bottom of the list, or folded away to
   * its title (the tables come first); a wide screen always shows it beside them. */
  unfold(open = !this.el.classList.contains("open")) {
    this.el.classList.toggle("open", open);
    document.body.classList.toggle("lobby-chat-open", open);
    this.fold.setAttribute("aria-expanded", String(open));
    if (open) {
      this.unread = 0;
      this.badge.hidden = true;
      this.log.scrollTop = this.log.scrollHeight;
      setTimeout(() => this.input.focus(), 0);
    }
  }

  get open() { return document.body.classList.contains("chat-open"); }

  toggle(open = !this.open) {
    document.body.classList.toggle("chat-open", open);
    if (open) setTimeout(() => this.input.focus(), 0);
  }
}
