// The page's mirror (assets/web/mirror.js) against messages recorded from a real host
// (tests/web/test_page_mirror.py writes them and runs this file with node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { apply, freshState } from "../../../assets/web/mirror.js";

const recording = JSON.parse(readFileSync(process.env.HEARTS_RECORDING, "utf8"));
const messages = recording.messages;

// what a `table` message says of the game, to compare with what the page folded from the
// updates before it (the display totals once a hand was scored: a change of rules alone
// leaves them to the `table` message that follows it)
const FACTS = ["totals", "results", "state", "rules", "summary", "hand"];
const facts = (t, scored) => Object.fromEntries([...FACTS, ...(scored ? ["display_totals"] : [])]
  .map((k) => [k, t[k]]));
const SCORED = new Set(["hand_scored", "game_over"]);

test("every table message finds the page already showing what it says", () => {
  const state = freshState();
  let checked = 0;
  let scored = 0;
  let since = false;
  for (const msg of messages) {
    if (msg.type === "table" && state.table && state.table.id === msg.table.id) {
      assert.deepEqual(facts(state.table, since), facts(msg.table, since),
        `before the table message ${checked}`);
      checked++;
      scored += since;
      since = false;
    }
    if (msg.type === "update" && msg.events.some((e) => SCORED.has(e.type))) since = true;
    apply(state, msg);
  }
  assert.ok(checked >= 3 && scored >= 1, `only ${checked} table messages to compare`);
  assert.equal(state.table.state, "over");
  const last = messages.filter((m) => m.type === "table").pop().table;
  assert.deepEqual(state.table.display_totals, last.display_totals);
  assert.deepEqual(state.table.display_totals, state.table.totals.map((x) => 60 - x));
  assert.ok(state.table.winners.length >= 1);
});

test("the moon's points and the notes are the host's", () => {
  const state = freshState();
  let stake = null;
  for (const msg of messages) {
    apply(state, msg);
    if (state.view && state.view.moon) stake = state.view.moon.points;
  }
  assert.equal(stake, 43);
  const notes = state.chat.map((line) => line.text);
  assert.ok(notes.includes("You chose to add 43 to everyone else."), notes.join("\n"));
  assert.ok(!notes.some((n) => n.includes("26")), notes.join("\n"));
});

test("every note about a change is the host's sentence for it", () => {
  const state = freshState();
  const said = new Set();
  for (const msg of messages) {
    if (msg.type === "update") {
      assert.equal(msg.said.length, msg.events.length);
      for (const lines of msg.said) for (const line of lines) said.add(line.trim());
    }
    apply(state, msg);
  }
  const notes = state.chat.filter((line) => line.kind === "note").map((line) => line.text);
  assert.ok(notes.length >= 2, notes.join("\n"));     // the rules, the moon (a TRAM note or not)
  for (const n of notes) assert.ok(said.has(n), `the page worded "${n}" itself`);
});

test("the rules in words and the reasons a card is refused come with the table and view", () => {
  const state = freshState();
  let refused = 0;
  for (const msg of messages) {
    apply(state, msg);
    const view = state.view;
    if (!view || view.seat !== 0) continue;
    assert.equal(typeof view.illegal, "object");
    for (const card of view.hand) {
      if (view.phase === "play" && view.turn === 0 && !view.legal.includes(card)) {
        assert.ok(view.illegal[card], `no reason for ${card}`);
        refused++;
      } else {
        assert.equal(view.illegal[card], undefined);
      }
    }
  }
  assert.equal(state.table.rules_words.high_spades, "on");
  assert.equal(state.table.rules_words.display, "countdown (highest wins)");
  assert.equal(state.table.rules_words.target, "60 points");
  assert.ok(refused > 0, "no card was ever refused");
});

test("a hint for a turn that has passed is dropped", () => {
  // up to my first turn to play, a card I may not play is another turn's hint
  const state = freshState();
  let at = -1;
  for (const [i, msg] of messages.entries()) {
    apply(state, msg);
    const v = state.view;
    if (v && v.phase === "play" && v.turn === state.seat && v.legal.length < v.hand.length) {
      at = i;
      break;
    }
  }
  assert.ok(at >= 0, "no turn of mine with a card I may not play");
  const v = state.view;
  const illegal = v.hand.find((c) => !v.legal.includes(c));
  apply(state, { type: "hint", cards: [illegal], reason: "late" });
  assert.equal(state.hint, null);
  apply(state, { type: "hint", cards: [], reason: "it is not your turn" });
  assert.equal(state.hint, null);
  apply(state, { type: "hint", cards: [v.legal[0]], reason: "now" });
  assert.deepEqual(state.hint.cards, [v.legal[0]]);
  // once I played and the table went on, the same answer is late
  state.hint = null;
  const next = messages.slice(at + 1).findIndex((m) => m.type === "update" && m.view
    && m.view.hand.length < v.hand.length);
  assert.ok(next >= 0);
  for (const msg of messages.slice(at + 1, at + 2 + next)) apply(state, msg);
  if (!(state.view.turn === state.seat && state.view.legal.includes(v.legal[0]))) {
    apply(state, { type: "hint", cards: [v.legal[0]], reason: "late" });
    assert.equal(state.hint, null);
  }
});

test("the trick's label and the lines under a hand's scores are the host's", () => {
  const state = freshState();
  let labels = 0;
  const lines = [];
  for (const msg of messages) {
    apply(state, msg);
    if (msg.type !== "update") continue;
    assert.equal(msg.shown.length, msg.events.length);
    msg.events.forEach((ev, i) => {
      if (ev.type === "trick_taken" && state.trickShown) {
        assert.equal(state.trickShown.label, msg.shown[i][0]);
        assert.ok(state.trickShown.label);
        labels++;
      }
    });
    const scored = msg.events.findIndex((ev) => ev.type === "hand_scored");
    if (scored >= 0) {
      assert.deepEqual(state.scored.lines, msg.shown[scored]);
      lines.push(...state.scored.lines);
    }
  }
  assert.ok(labels >= 1, `${labels} labels`);       // the second hand: how many tricks before TRAM varies
  const over = messages.filter((m) => m.type === "update").find((m) => m.events.some((e) => e.type === "game_over"));
  assert.equal(state.table.won, over.shown[over.events.findIndex((e) => e.type === "game_over")][0]);
  assert.ok(state.table.won);
  assert.ok(lines.includes("You shot the moon."), lines.join("\n"));
});

test("the table's sentences come with the view they word, never a message behind", () => {
  const state = freshState();
  let moons = 0;
  let lines = 0;
  for (const msg of messages) {
    apply(state, msg);
    if (msg.type !== "table" && msg.type !== "update") continue;
    assert.ok(msg.status, `a ${msg.type} without status`);
    assert.equal(state.said, msg.status);          // folded with its own view
    const view = state.view;
    if (view && view.phase === "moon-choice" && view.moon && view.moon.choice == null) {
      assert.ok(state.said.moon && state.said.moon.head, JSON.stringify(state.said));
      moons++;
    }
    if (state.table.state === "playing" && view && view.phase === "play") {
      assert.ok(state.said.line, JSON.stringify(state.said));
      lines++;
    }
    if (msg.type === "update" && msg.events.some((e) => e.type === "hand_scored")) {
      const last = state.table.results[state.table.results.length - 1];
      assert.ok(state.said.hand_over.includes(String(last.hand + 1)), state.said.hand_over);
    }
  }
  assert.ok(moons >= 1 && lines >= 10, `${moons} moons, ${lines} lines`);
});
