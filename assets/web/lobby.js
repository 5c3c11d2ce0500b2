// Before a table: the name form, the list of tables, creating a table, a table's password.
import { closeSheet, h, notice, sheet } from "./dom.js";
import { language, languageName, nt, pt, t } from "./i18n.js";
import { icon } from "./icons.js";
import { limitGraphemes } from "./text.js";

/** The language chooser: every language the host has, each by its own name (kept by the
 * browser; the page and the host's sentences change at once). */
export function languagePicker(act, id = "lang") {
  const here = language();
  const list = act.languages();
  const select = h("select#" + id + ".lang-picker", { "aria-label": t("Language"), title: t("Language"),
    onchange: () => act.setLanguage(select.value) },
  list.map((l) => h("option", { value: l.code, selected: l.code === here, lang: l.code }, l.name)),
  list.some((l) => l.code === here) ? null : h("option", { value: here, selected: true }, languageName()));
  return select;
}

/** A bot level in words ("easy", "normal", "hard", "random"). */
export function levelWords(level) {
  return { easy: pt("bot level", "easy"), normal: pt("bot level", "normal"), hard: pt("bot level", "hard"),
    random: pt("bot level", "random") }[level] || level || pt("bot level", "normal");
}

/** A table's state in words. */
export function stateWords(state) {
  return { waiting: pt("table state", "waiting"), playing: pt("table state", "playing"),
    paused: pt("table state", "paused"), over: pt("table state", "over") }[state] || state;
}

/** The rules a table plays, in a few words: the preset's name (`summary` is "standard",
 * "omnibus"... or "custom: ..." for rules of one's own). */
export function rulesName(summary, facts) {
  const preset = (facts.presets || {})[summary];
  if (preset) return preset.name || summary;
  return String(summary || "").startsWith("custom") ? t("Custom rules") : summary;
}

// a person's name, and a table's: at most this many characters as a reader counts them
// (the host's Limits.max_name and max_title: a table's has room for "{name}'s table")
const NAME_MOST = 24;
const TITLE_MOST = 40;

/** Open tables first (waiting, with a seat to take), then games being played, finished
 * ones last; the host's order (by number) within each. */
function listed(tables) {
  const rank = (table) => {
    const free = table.seats.some((s) => s.kind !== "human");
    if (table.state === "over") return 3;
    if (table.state === "waiting") return free ? 0 : 2;
    return free ? 1 : 2;
  };
  return tables.map((table, i) => [rank(table), i, table]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

export function nameScreen(name, onjoin, why, act) {
  const input = limitGraphemes(h("input#name", { type: "text", autocomplete: "nickname", value: name,
    placeholder: t("Your name"), "aria-label": t("Your name"), enterkeyhint: "go", required: true }), NAME_MOST);
  const form = h("form.name-form", {
    onsubmit: (e) => {
      e.preventDefault();
      const v = input.value.trim();
      if (v) onjoin(v);
      else input.focus();
    },
  },
  h("div.logo", h("span.red", "♥"), h("span", "♠"), h("span.red", "♦"), h("span", "♣")),
  h("h1", pt("game", "Hearts")),
  h("p.lead", t("Play at this host's tables from your browser: nothing to install.")),
  h("label", { for: "name" }, t("Your name")), input,
  why ? h("p.error-text", why) : null,
  h("button.primary.big", { type: "submit" }, t("Join")),
  h("div.lang-row", h("label", { for: "lang-name" }, t("Language")), languagePicker(act, "lang-name")));
  setTimeout(() => input.focus(), 0);
  return h("div.screen.name-screen", form);
}

function seatChip(s) {
  if (s.kind === "empty") return h("span.chip.free", pt("seat", "free"));
  if (s.kind === "bot") return h("span.chip.bot", icon("bot", { size: 14 }), " " + levelWords(s.level));
  return h("span.chip.human" + (s.connected ? "" : ".away"), s.name || "?");
}

export function lobbyScreen(state, act, facts) {
  const tables = listed(state.tables);
  const list = tables.length
    ? tables.map((table) => {
      const free = table.seats.filter((s) => s.kind !== "human").length;
      return h("li.table-card", { dataset: { table: String(table.id) } },
        h("div.tc-head",
          h("span.tc-name", table.name), table.locked ? h("span.lock", { title: t("friends only: needs a password") }, icon("lock", { size: 16 })) : null,
          h("span.state." + table.state, table.state === "playing" && table.hand !== null
            ? t("{state} · hand {n}", { state: stateWords(table.state), n: table.hand + 1 }) : stateWords(table.state))),
        h("div.tc-rules", table.watchers ? nt("{rules} · {n} watching", "{rules} · {n} watching", table.watchers,
          { rules: rulesName(table.summary, facts) }) : rulesName(table.summary, facts)),
        h("div.chips", table.seats.map(seatChip)),
        h("div.tc-actions",
          h("button.primary.sit", { type: "button", disabled: !free, onclick: () => act.join(table, "sit") }, free ? t("Sit down") : pt("table", "Full")),
          h("button.watch", { type: "button", onclick: () => act.join(table, "watch") }, t("Watch"))));
    })
    : [h("li.empty", t("No tables yet. Open one and bots fill the empty seats."))];
  return h("div.screen.lobby-screen",
    h("header.bar",
      h("div.title", h("span.tname", state.host || pt("game", "Hearts")), h("span.tsub", state.me ? t("You are {name}", { name: state.me.name }) : "")),
      languagePicker(act),
      h("button.icon.rename", { type: "button", onclick: () => act.rename(), "aria-label": t("Change your name"), title: t("Change your name") }, icon("edit"))),
    state.notice ? notice(state.notice, () => act.dismissNotice()) : null,
    h("div.lobby-head", h("h2", t("Tables")), h("div.lobby-actions",
      h("button.leaderboard", { type: "button", onclick: () => act.leaderboard() }, t("Leaderboard")),
      h("button.primary.new-table", { type: "button", onclick: () => act.create() }, t("+ New table")))),
    h("ul.tables", list));
}

/** The sheet to open a table: name, rules preset, a password for friends only. */
export function createSheet(state, facts, send) {
  const name = limitGraphemes(h("input#t-name", { type: "text",
    placeholder: state.me ? t("{name}'s table", { name: state.me.name }) : t("My table") }), TITLE_MOST);
  const preset = h("select#t-preset", Object.entries(facts.presets || { standard: { description: "" } }).map(([k, v]) =>
    h("option", { value: k, title: v.description }, t("{preset} — {description}", { preset: v.name || k, description: v.description }))));
  const password = h("input#t-password", { type: "text", maxlength: "64", placeholder: t("none: anyone may join"), autocomplete: "off" });
  const form = h("form.form", {
    onsubmit: (e) => {
      e.preventDefault();
      const msg = { rules: { preset: preset.value } };
      if (name.value.trim()) msg.name = name.value.trim();
      if (password.value) msg.password = password.value;
      send("create_table", msg);
      closeSheet();
    },
  },
  h("label", { for: "t-name" }, t("Table name")), name,
  h("label", { for: "t-preset" }, t("Rules")), preset,
  h("label", { for: "t-password" }, t("Password (friends only)")), password,
  h("p.small", t("You sit at the table and own it: you start the game and may change its rules. Bots take the empty seats.")),
  h("button.primary.big", { type: "submit" }, t("Open the table")));
  sheet(t("New table"), form, { id: "create" });
  setTimeout(() => name.focus(), 0);
}

/** Ask for a friends-only table's password, then sit or watch. */
export function passwordSheet(table, how, send) {
  const input = h("input#pw", { type: "password", maxlength: "64", autocomplete: "off", "aria-label": t("Password") });
  sheet(t("“{name}” is for friends", { name: table.name }), h("form.form", {
    onsubmit: (e) => {
      e.preventDefault();
      send(how, { table: table.id, password: input.value });
      closeSheet();
    },
  }, h("label", { for: "pw" }, t("Password")), input,
  h("button.primary.big", { type: "submit" }, how === "sit" ? t("Sit down") : t("Watch"))), { id: "password" });
  setTimeout(() => input.focus(), 0);
}
