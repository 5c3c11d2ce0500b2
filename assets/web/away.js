// What a bot did for you while your link was down, said on your return: the same count and
// the same catalogue sentences as hearts.net.words.away_mark / away_lines (the desktop and
// text clients), so every front end says "Hands 1–4 were played for you by a bot: 44 points."
import { nt } from "./i18n.js";

/** Cards `seat` has played this hand: one for each finished trick, one if in the trick now. */
function cardsPlayed(view, seat) {
  if (!view || seat === null) return 0;
  return (view.tricks || []).length + ((view.trick || []).some(([s]) => s === seat) ? 1 : 0);
}

/** Where my seat stood as the link went down. */
export function awayMark(state) {
  const table = state.table;
  return { table: table.id, scored: (table.results || []).length, hand: table.hand,
    played: cardsPlayed(state.view, state.seat) };
}

/** Back at the table (`state`: as it is now), the sentences for what a bot did meanwhile. */
export function awayLines(state, before) {
  const table = state.table;
  const me = state.seat;
  if (me === null || !table || table.id !== before.table) return [];
  const lines = [];
  const results = table.results || [];
  const hands = results.length >= before.scored ? results.slice(before.scored) : [];
  if (hands.length) {
    const n = hands.reduce((sum, r) => sum + r.points[me], 0);
    const first = hands[0].hand + 1;
    const last = hands[hands.length - 1].hand + 1;
    lines.push(first === last
      ? nt("Hand {first} was played for you by a bot: {n} point.", "Hand {first} was played for you by a bot: {n} points.", n, { first })
      : nt("Hands {first}–{last} were played for you by a bot: {n} point.", "Hands {first}–{last} were played for you by a bot: {n} points.", n, { first, last }));
  }
  const cards = cardsPlayed(state.view, me) - (table.hand === before.hand ? before.played : 0);
  if (cards > 0 && (table.state === "playing" || table.state === "paused")) {
    lines.push(nt("While you were away a bot played {n} card for you in this hand.",
      "While you were away a bot played {n} cards for you in this hand.", cards));
  }
  return lines;
}
