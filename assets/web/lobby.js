// Before a table: the name form, the list of tables, creating a table, a table's password.
import { closeSheet, h, sheet } from "./dom.js";
import { icon } from "./icons.js";

export function nameScreen(name, onjoin, why) {
  const input = h("input#name", { type: "text", maxlength: "24", autocomplete: "nickname", value: name,
    placeholder: "Your name", "aria-label": "Your name", enterkeyhint: "go", required: true });
  const form = h("form.name-form", {
    onsubmit: (e) => {
      e.preventDefault();
      const v = input.value.trim();
      if (v) onjoin(v);
      else input.focus();
    },
  },
  h("div.logo", h("span.red", "♥"), h("span", "♠"), h("span.red", "♦"), h("span", "♣")),
  h("h1", "Hearts"),
  h("p.lead", "Play at this host's tables from your browser: nothing to install."),
  h("label", { for: "name" }, "Your name"), input,
  why ? h("p.error-text", why) : null,
  h("button.primary.big", { type: "submit" }, "Join"));
  setTimeout(() => input.focus(), 0);
  return h("div.screen.name-screen", form);
}

function seatChip(s) {
  if (s.kind === "empty") return h("span.chip.free", "free");
  if (s.kind === "bot") return h("span.chip.bot", icon("bot", { size: 14 }), " " + (s.level || "bot"));
  return h("span.chip.human" + (s.connected ? "" : ".away"), s.name || "?");
}

const STATE_WORDS = { waiting: "waiting", playing: "playing", paused: "paused", over: "game over" };

export function lobbyScreen(state, act) {
  const tables = state.tables;
  const list = tables.length
    ? tables.map((t) => {
      const free = t.seats.filter((s) => s.kind !== "human").length;
      return h("li.table-card", { dataset: { table: String(t.id) } },
        h("div.tc-head",
          h("span.tc-name", t.name), t.locked ? h("span.lock", { title: "friends only: needs a password" }, icon("lock", { size: 16 })) : null,
          h("span.state." + t.state, STATE_WORDS[t.state] + (t.state === "playing" && t.hand !== null ? ` · hand ${t.hand + 1}` : ""))),
        h("div.tc-rules", t.summary + (t.watchers ? ` · ${t.watchers} watching` : "")),
        h("div.chips", t.seats.map(seatChip)),
        h("div.tc-actions",
          h("button.primary.sit", { type: "button", disabled: !free, onclick: () => act.join(t, "sit") }, free ? "Sit down" : "Full"),
          h("button.watch", { type: "button", onclick: () => act.join(t, "watch") }, "Watch")));
    })
    : [h("li.empty", "No tables yet. Open one and bots fill the empty seats.")];
  return h("div.screen.lobby-screen",
    h("header.bar",
      h("div.title", h("span.tname", state.host || "Hearts"), h("span.tsub", state.me ? `You are ${state.me.name}` : "")),
      h("button.icon.rename", { type: "button", onclick: () => act.rename(), "aria-label": "Change your name", title: "Change your name" }, icon("edit"))),
    state.notice ? h("div.notice", { role: "alert" }, state.notice,
      h("button.icon", { type: "button", onclick: () => act.dismissNotice(), "aria-label": "Dismiss" }, icon("close"))) : null,
    h("div.lobby-head", h("h2", "Tables"),
      h("button.leaderboard", { type: "button", onclick: () => act.leaderboard() }, "Leaderboard"),
      h("button.primary.new-table", { type: "button", onclick: () => act.create() }, "+ New table")),
    h("ul.tables", list));
}

/** The sheet to open a table: name, rules preset, a password for friends only. */
export function createSheet(state, facts, send) {
  const name = h("input#t-name", { type: "text", maxlength: "24", placeholder: `${state.me ? state.me.name : "My"}'s table` });
  const preset = h("select#t-preset", Object.entries(facts.presets || { standard: { description: "" } }).map(([k, v]) =>
    h("option", { value: k, title: v.description }, `${k} — ${v.description}`)));
  const password = h("input#t-password", { type: "text", maxlength: "64", placeholder: "none: anyone may join", autocomplete: "off" });
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
  h("label", { for: "t-name" }, "Table name"), name,
  h("label", { for: "t-preset" }, "Rules"), preset,
  h("label", { for: "t-password" }, "Password (friends only)"), password,
  h("p.small", "You sit at the table and own it: you start the game and may change its rules. Bots take the empty seats."),
  h("button.primary.big", { type: "submit" }, "Open the table"));
  sheet("New table", form, { id: "create" });
  setTimeout(() => name.focus(), 0);
}

/** Ask for a friends-only table's password, then sit or watch. */
export function passwordSheet(table, how, send) {
  const input = h("input#pw", { type: "password", maxlength: "64", autocomplete: "off", "aria-label": "Password" });
  sheet(`“${table.name}” is for friends`, h("form.form", {
    onsubmit: (e) => {
      e.preventDefault();
      send(how, { table: table.id, password: input.value });
      closeSheet();
    },
  }, h("label", { for: "pw" }, "Password"), input,
  h("button.primary.big", { type: "submit" }, how === "sit" ? "Sit down" : "Watch")), { id: "password" });
  setTimeout(() => input.focus(), 0);
}
