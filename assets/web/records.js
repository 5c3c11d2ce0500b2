// The host's finished games on the page: the leaderboard (tonight, all time), the list of
// games, a replay trick by trick with all four hands open, and the download of a game as
// JSON (docs/history.md). Also the player key this browser keeps (who you are in the
// statistics; docs/protocol.md, hello).
import { closeSheet, fill, h, sheet, toast } from "./dom.js";
import { SUITS, isRed, rankText, sortHand, suit } from "./cards.js";
import { locale, nt, t } from "./i18n.js";
import { levelWords, rulesName } from "./lobby.js";

const KEY_KEY = "hearts.key";
const KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;
const PASS_OFFSET = { left: 1, across: 2, right: 3, hold: 0 };

/** This browser's player key: made once (random), kept in localStorage. */
export function playerKey() {
  let key = localStorage.getItem(KEY_KEY) || "";
  if (!KEY_RE.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    localStorage.setItem(KEY_KEY, key);
  }
  return key;
}

function setPlayerKey(text) {
  const key = text.trim();
  if (!KEY_RE.test(key)) return false;
  localStorage.setItem(KEY_KEY, key);
  return true;
}

const cardText = (c) => rankText(c) + SUITS[suit(c)];
const chip = (c, cls = "") => h("span.rc" + (isRed(c) ? ".red" : "") + (cls ? "." + cls : ""), { title: cardText(c) }, cardText(c));

function localTime(stamp, withDate = true) {
  const d = new Date(stamp);
  if (!stamp || Number.isNaN(d.getTime())) return stamp || "";
  const hm = d.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
  return withDate ? `${d.toLocaleDateString(locale())} ${hm}` : hm;
}

function playerName(ref) {
  if (!ref) return "?";
  return ref.kind === "bot" ? t("{name} (bot: {level})", { name: ref.name || "?", level: levelWords(ref.level) }) : ref.name || "?";
}

/** `text` with a line break allowed after each slash ("Pts/hand"): a narrow column's header
 * wraps there rather than inside a word. */
const breakAtSlashes = (text) => text.replace(/\//g, "/\u200b");

/** A figure of the leaderboard as the page's language writes it (2.5, 2,5), at most two decimals. */
const num = (v) => (typeof v === "number" ? v.toLocaleString(locale(), { maximumFractionDigits: 2 }) : v ?? "–");

// -- a replay: the moment after `step` steps of a hand (net/replay.py, Replay.moment) --------
export class Replay {
  constructor(doc) {
    this.doc = doc;
    this.hands = doc.hands || [];
  }

  plays(n) {
    const out = [];
    for (const trick of this.hands[n].tricks) trick.cards.forEach((c, i) => out.push([(trick.leader + i) % 4, c]));
    return out;
  }

  steps(n) {
    const hd = this.hands[n];
    return this.plays(n).length + (hd.passes ? 1 : 0) + (hd.tram ? 1 : 0);
  }

  totalsBefore(n) {
    return n > 0 ? [...this.hands[n - 1].totals] : [0, 0, 0, 0];
  }

  moment(n, step) {
    const hd = this.hands[n];
    const last = this.steps(n);
    step = Math.max(0, Math.min(step, last));
    const hasPass = !!hd.passes;
    const passed = !hasPass || step >= 1;
    let cards = hd.deal.map((d) => [...d]);
    if (hasPass && passed) {
      const off = PASS_OFFSET[hd.pass_direction];
      for (let s = 0; s < 4; s++) cards[s] = cards[s].filter((c) => !hd.passes[s].includes(c));
      for (let s = 0; s < 4; s++) cards[(s + off) % 4].push(...hd.passes[s]);
    }
    const plays = this.plays(n);
    const count = Math.max(0, Math.min(step - (hasPass ? 1 : 0), plays.length));
    const taken = [0, 0, 0, 0];
    let trick = [];
    let lastTrick = null;
    plays.slice(0, count).forEach(([seat, card], i) => {
      cards[seat] = cards[seat].filter((c) => c !== card);
      trick.push([seat, card]);
      if (trick.length === 4) {
        const whole = hd.tricks[Math.floor(i / 4)];
        taken[whole.winner] += whole.points;
        lastTrick = whole;
        trick = [];
      }
    });
    const done = step === last;
    if (done && hd.tram) cards = hd.tram.cards.map((c) => [...c]);
    const turn = !done && passed && count < plays.length ? plays[count][0] : null;
    return { hand: n, step, last, cards, trick, lastTrick, taken, turn, passed, done,
      points: done ? hd.points : null, totalsBefore: this.totalsBefore(n), count };
  }

  /** The steps a trick move stops at: the deal, the pass, each trick taken, the end. */
  stops(n) {
    const first = this.hands[n].passes ? 1 : 0;
    const set = new Set([0, first, this.steps(n)]);
    for (let k = 4; k <= this.plays(n).length; k += 4) set.add(first + k);
    return [...set].sort((a, b) => a - b);
  }
}

// -- requests and answers ------------------------------------------------------------------
export class Records {
  /** `send(type, fields)` sends an intent; answers come back through `onMessage`;
   * `facts()`: the host's facts in the page's language (the presets' names). */
  constructor(send, facts = () => ({})) {
    this.send = send;
    this.facts = facts;
    this.waiting = [];           // [{type, done}]
    this.you = null;
  }

  ask(type, fields, done) {
    this.waiting.push({ type, done });
    if (!this.send(type, fields)) this.waiting.pop();
  }

  /** A host message: true when it answered one of our requests. */
  onMessage(msg) {
    const kind = msg.type === "error" ? msg.ref : msg.type;
    const i = this.waiting.findIndex((w) => w.type === kind);
    if (i < 0 || !["stats", "games", "game"].includes(kind)) return false;
    const [w] = this.waiting.splice(i, 1);
    w.done(msg);
    return true;
  }

  /** Every page of a game (id null: the game at our table), then `done(doc, captions)`:
   * the game as exported, and each hand's title and replay captions in the host's words
   * (`{title, steps}`). */
  fetchGame(id, done) {
    let doc = null;
    const captions = [];
    const next = (hand) => this.ask("game", id === null ? { hand } : { id, hand }, (msg) => {
      if (msg.type === "error") { toast(msg.message, "error"); return; }
      if (!doc) doc = { format: "hearts-game", format_version: 1, ...msg.game, hands: [] };
      if (msg.first !== doc.hands.length) { toast(t("The host sent the game out of order."), "error"); return; }
      for (const { captions: said, title, ...hand } of msg.hands) {
        doc.hands.push(hand);
        captions.push({ title: title || "", steps: said || [] });
      }
      if (msg.next === null || msg.next === undefined) done(doc, captions);
      else next(msg.next);
    });
    next(0);
  }

  // -- the leaderboard -------------------------------------------------------------------
  leaderboard(which = "tonight") {
    this.ask("stats", {}, (msg) => {
      if (msg.type === "error") { toast(msg.message, "error"); return; }
      this.you = msg.you;
      this.showBoard(msg, which);
    });
  }

  showBoard(msg, which) {
    const board = msg[which] || { people: [], bots: [], games: 0 };
    const tabs = h("div.tabs", { role: "tablist" },
      ["tonight", "all"].map((w) => h("button.tab" + (w === which ? ".on" : ""), {
        type: "button", role: "tab", "aria-selected": String(w === which),
        onclick: () => this.showBoard(msg, w),
      }, w === "tonight" ? t("Tonight (since {time})", { time: localTime(msg.since, false) }) : t("All time"))));
    const row = (r, rank) => h("tr" + (r.id && r.id === msg.you ? ".you" : ""),
      h("td.rank", rank), h("td.player", { dataset: { rank } }, r.kind === "bot" ? t("bots: {level}", { level: levelWords(r.level) })
        : r.id && r.id === msg.you ? t("{name} (you)", { name: r.name }) : r.name),
      h("td", r.left ? t("{games} ({left} left)", { games: num(r.games), left: num(r.left) }) : num(r.games)), h("td", num(r.wins)), h("td", num(r.average_place)),
      h("td", num(r.points_per_hand)), h("td", `${r.moons_shot}/${r.moons_suffered}`), h("td", num(r.queens)),
      h("td", num(r.hands)));
    const people = board.people.map((r, i) => row(r, String(i + 1)));
    const bots = board.bots.map((r) => row(r, ""));
    const body = [tabs,
      h("p.small", which === "tonight" ? nt("{n} game tonight", "{n} games tonight", board.games)
        : nt("{n} game on this host", "{n} games on this host", board.games)),
      board.people.length || board.bots.length
        ? h("div.board-wrap", h("table.board",
          h("thead", h("tr", ["#", t("Player"), t("Games"), t("Wins"), t("Place"), t("Pts/hand"), t("Moons"), "Q♠", t("Hands")].map((x) => h("th", breakAtSlashes(x))))),
          h("tbody", people, bots.length ? h("tr.sep", h("td", { colspan: "9" }, t("Bots, by level"))) : null, bots)))
        : h("p.empty-board", which === "tonight" ? t("No game finished yet tonight.") : t("No finished games yet.")),
      h("p.small", t("Place: the average place, 1 to 4 (ties share). Moons: shot / suffered. Wins count shared wins. A bot level adds up every seat it played.")),
      this.keyBox(),
      h("div.buttons", h("button.primary", { type: "button", onclick: () => this.games() }, t("Games")),
        h("button", { type: "button", onclick: () => closeSheet() }, t("Close")))];
    sheet(t("Leaderboard"), body, { id: "leaderboard", wide: true });
  }

  keyBox() {
    const input = h("input#player-key", { type: "text", value: playerKey(), spellcheck: false, autocomplete: "off" });
    return h("details.key-box", h("summary", t("Your player key")),
      h("p.small", t("It tells this host it is you, whatever your name. To be the same person on another phone or computer, copy it there (the desktop game keeps its own in {path}).", { path: "~/.config/hearts/player-key" })),
      h("form.form", {
        onsubmit: (e) => {
          e.preventDefault();
          if (input.value.trim() === playerKey()) return;
          if (!setPlayerKey(input.value)) { toast(t("A player key is 8 to 64 letters, digits, - or _."), "error"); return; }
          toast(t("Player key kept: reconnecting as that person…"));
          setTimeout(() => location.reload(), 600);
        },
      }, input, h("button", { type: "submit" }, t("Use this key"))));
  }

  // -- the list of games -----------------------------------------------------------------
  games(before = null, shown = []) {
    this.ask("games", before === null ? {} : { before }, (msg) => {
      if (msg.type === "error") { toast(msg.message, "error"); return; }
      const games = [...shown, ...msg.games];
      const items = games.map((g) => h("li.game-item",
        h("div.g-head", h("span.g-id", `#${g.id}`), h("span.g-when", localTime(g.finished)), h("span.g-table", t("{table} · {rules}", { table: g.name, rules: rulesName(g.summary, this.facts()) }))),
        h("div.g-players", g.players.map((p, i) => h("span.g-seat" + (g.winners.includes(i) ? ".won" : ""),
          `${g.winners.includes(i) ? "★ " : ""}${playerName(p)} ${g.totals[i]}`))),
        h("div.g-actions",
          h("button.primary", { type: "button", onclick: () => this.fetchGame(g.id, (doc, captions) => this.replay(doc, captions)) }, t("Replay")),
          h("button", { type: "button", onclick: () => this.fetchGame(g.id, download) }, t("Download")))));
      sheet(t("Finished games"), [
        h("p.small", nt("{n} game kept, newest first", "{n} games kept, newest first", msg.total)),
        games.length ? h("ul.games", items) : h("p.empty-board", t("No finished games yet.")),
        h("div.buttons",
          msg.next !== null && msg.next !== undefined ? h("button", { type: "button", onclick: () => this.games(msg.next, games) }, t("Older games")) : null,
          h("button", { type: "button", onclick: () => this.leaderboard() }, t("Leaderboard")),
          h("button", { type: "button", onclick: () => closeSheet() }, t("Close")))], { id: "games", wide: true });
    });
  }

  /** The game at our table, from its last scored hand (or its first, once over). */
  review(lastHand) {
    this.fetchGame(null, (doc, captions) => {
      if (!doc.hands.length) { toast(t("No hand has been scored yet.")); return; }
      this.replay(doc, captions, lastHand ? doc.hands.length - 1 : 0);
    });
  }

  // -- the replay ------------------------------------------------------------------------
  /** `captions[hand]`: the hand's title and what each step shows (`steps[step]`), in the
   * host's words (hand.title, hand.captions). */
  replay(doc, captions, hand = 0) {
    const r = new Replay(doc);
    const pos = { hand, step: 0 };
    const people = doc.people || [];
    const you = this.you;
    const seatsOf = (n) => r.hands[n].seats || [0, 1, 2, 3];
    const refOf = (n, s) => people[seatsOf(n)[s]] || { name: t("Seat {n}", { n: s + 1 }) };
    let bottom = 0;
    if (you) {
      const mine = seatsOf(hand).findIndex((i) => people[i] && people[i].id === you);
      if (mine >= 0) bottom = mine;
    }
    const body = h("div.replay", { tabindex: "-1" });
    const go = (n, step) => {
      if (step > r.steps(n) && n + 1 < r.hands.length) { n += 1; step = 0; }
      if (step < 0 && n > 0) { n -= 1; step = r.steps(n); }
      pos.hand = Math.max(0, Math.min(n, r.hands.length - 1));
      pos.step = Math.max(0, Math.min(step, r.steps(pos.hand)));
      draw();
    };
    const trick = (d) => {
      const stops = r.stops(pos.hand);
      if (d > 0) { const later = stops.filter((x) => x > pos.step); go(pos.hand, later.length ? later[0] : pos.step + 1); }
      else { const earlier = stops.filter((x) => x < pos.step); go(pos.hand, earlier.length ? earlier[earlier.length - 1] : -1); }
    };
    const toHand = (d) => { pos.hand = Math.max(0, Math.min(r.hands.length - 1, pos.hand + d)); pos.step = 0; draw(); };
    const draw = () => {
      const n = pos.hand;
      const hd = r.hands[n];
      const m = r.moment(n, pos.step);
      const name = (s) => refOf(n, s).name || t("Seat {n}", { n: s + 1 });
      const raised = {};
      if (hd.passes && m.step === 0) hd.passes.forEach((cs, s) => { raised[s] = new Set(cs); });
      if (hd.passes && m.step === 1) hd.passes.forEach((cs, s) => { raised[(s + PASS_OFFSET[hd.pass_direction]) % 4] = new Set(cs); });
      const seatBox = (s) => {
        const total = m.totalsBefore[s] + (m.points ? m.points[s] : 0);
        const taken = m.points ? m.points[s] : m.taken[s];
        const where = ["bottom", "left", "top", "right"][(s - bottom + 4) % 4];
        return h("div.r-seat." + where + (m.turn === s ? ".turn" : ""),
          h("div.r-name", playerName(refOf(n, s)), m.turn === s ? " ◀" : ""),
          h("div.r-points", t("Points: {points} (total {total})", { points: taken, total })),
          h("div.r-cards", sortHand(m.cards[s]).map((c) => chip(c, raised[s] && raised[s].has(c) ? "raised" : ""))));
      };
      let shown = m.trick;
      let faded = false;
      if (!shown.length && m.lastTrick && !m.done) {
        shown = m.lastTrick.cards.map((c, i) => [(m.lastTrick.leader + i) % 4, c]);
        faded = true;
      }
      // the buttons are made anew: keep the keyboard where it was
      const focused = body.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
      const trickEl = h("div.r-trick" + (faded ? ".faded" : ""),
        shown.map(([s, c]) => h("div.r-play", h("span.r-who", name(s)), chip(c, faded && m.lastTrick.winner === s ? "won" : ""))));
      fill(body,
        h("p.r-title", (captions[n] || {}).title || ""),
        h("div.r-table", [2, 1, 3, 0].map((rel) => seatBox((bottom + rel) % 4)), trickEl),
        h("p.r-caption", { "aria-live": "polite" }, ((captions[n] || {}).steps || [])[m.step] || ""),
        h("div.r-controls",
          h("button", { type: "button", onclick: () => toHand(-1), disabled: n === 0, "aria-label": t("Previous hand") }, t("◀◀ Hand")),
          h("button", { type: "button", onclick: () => trick(-1), disabled: n === 0 && m.step === 0, "aria-label": t("Previous trick") }, t("◀ Trick")),
          h("button", { type: "button", onclick: () => go(n, pos.step - 1), disabled: n === 0 && m.step === 0, "aria-label": t("Previous card") }, "◀"),
          h("button", { type: "button", onclick: () => go(n, pos.step + 1), disabled: m.done && n + 1 >= r.hands.length, "aria-label": t("Next card") }, "▶"),
          h("button.primary", { type: "button", onclick: () => trick(1), disabled: m.done && n + 1 >= r.hands.length, "aria-label": t("Next trick") }, t("Trick ▶")),
          h("button", { type: "button", onclick: () => toHand(1), disabled: n + 1 >= r.hands.length, "aria-label": t("Next hand") }, t("Hand ▶▶"))),
        h("div.buttons",
          doc.id ? h("button", { type: "button", onclick: () => download(doc) }, t("Download")) : null,
          h("button", { type: "button", onclick: () => this.games() }, t("Games")),
          h("button", { type: "button", onclick: () => closeSheet() }, t("Close"))));
      if (focused !== null) {
        const again = [...body.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === focused);
        (again && !again.disabled ? again : body).focus();
      }
    };
    body.addEventListener("keydown", (e) => {
      const keys = { ArrowRight: () => (e.shiftKey ? go(pos.hand, pos.step + 1) : trick(1)),
        ArrowLeft: () => (e.shiftKey ? go(pos.hand, pos.step - 1) : trick(-1)),
        PageDown: () => toHand(1), PageUp: () => toHand(-1),
        Home: () => go(pos.hand, 0), End: () => go(pos.hand, r.steps(pos.hand)) };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
    draw();
    const title = doc.id ? t("Game #{id} · {name}", { id: doc.id, name: doc.name }) : t("This game · {name}", { name: doc.name });
    sheet(title, body, { id: "replay", wide: true });
    setTimeout(() => body.focus(), 0);
  }
}

/** Save a finished game as a JSON file (the exported format of docs/history.md). */
export function download(doc) {
  const blob = new Blob([JSON.stringify(doc, null, 1) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: `hearts-game-${doc.id}-${(doc.finished || "").slice(0, 10)}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
  toast(t("Game #{id} downloaded.", { id: doc.id }));
}
