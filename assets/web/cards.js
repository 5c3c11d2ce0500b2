// Cards: names, order, and drawing one with CSS (why a card may not be played is the host's
// word: `view.illegal`).
import { h } from "./dom.js";

export const SUITS = { C: "♣", D: "♦", S: "♠", H: "♥" };
const RANKS = "23456789TJQKA";
const SUIT_ORDER = "CDSH"; // alternating colours in the hand

export const rank = (card) => card[0];
export const suit = (card) => card[1];
export const rankText = (card) => (card[0] === "T" ? "10" : card[0]);
export const cardText = (card) => rankText(card) + SUITS[suit(card)];
export const isRed = (card) => suit(card) === "H" || suit(card) === "D";

export function sortHand(cards) {
  return [...cards].sort((a, b) =>
    SUIT_ORDER.indexOf(suit(a)) - SUIT_ORDER.indexOf(suit(b)) ||
    RANKS.indexOf(rank(a)) - RANKS.indexOf(rank(b)));
}

/** One card face (or back, when `card` is null) as a button-like element. */
export function cardEl(card, { onclick, classes = "", label } = {}) {
  if (!card) return h("div.card.back" + (classes ? "." + classes : ""), { "aria-hidden": "true" });
  const s = SUITS[suit(card)];
  const r = rankText(card);
  // a tap acts on pointer down: the table may be redrawn (a bot played) before the finger
  // lifts, which would lose a click; a click from the keyboard (detail 0) acts too
  const el = h("button.card" + (isRed(card) ? ".red" : ".black") + (rank(card) === "T" ? ".ten" : "") +
    (classes ? "." + classes : ""),
    { type: "button", dataset: { card }, "aria-label": label || cardText(card),
      title: label || cardText(card),
      onpointerdown: onclick && ((e) => { if (e.button === 0) { e.preventDefault(); onclick(e); } }),
      onclick: onclick && ((e) => { if (e.detail === 0) onclick(e); }) },
    h("span.corner.tl", h("span.r", r), h("span.s", s)),
    h("span.pip", s),
    h("span.corner.br", h("span.r", r), h("span.s", s)));
  if (!onclick) el.tabIndex = -1;
  return el;
}
