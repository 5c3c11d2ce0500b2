// Cards: names, order, the reason a card may not be played, and drawing one with CSS.
import { h } from "./dom.js";

export const SUITS = { C: "♣", D: "♦", S: "♠", H: "♥" };
export const SUIT_NAMES = { C: "clubs", D: "diamonds", S: "spades", H: "hearts" };
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

export function isPointCard(card, rules) {
  if (suit(card) === "H" || card === "QS") return true;
  if (rules && rules.high_spades && (card === "AS" || card === "KS")) return true;
  return false;
}

/** Why `card` may not be played now (the view says it is not legal), in a few words. */
export function illegalReason(view, rules, card) {
  const trick = view.trick || [];
  const hand = view.hand || [];
  const first = (view.tricks || []).length === 0;
  if (trick.length) {
    const led = suit(trick[0][1]);
    if (suit(card) !== led && hand.some((c) => suit(c) === led))
      return `You must follow ${SUIT_NAMES[led]} ${SUITS[led]}`;
    if (first && isPointCard(card, rules)) return "No points on the first trick";
  } else {
    if (first && rules && rules.first_lead === "two-of-clubs") return "The first trick is led with the 2♣";
    if (first && rules && rules.first_lead === "any-club") return "The first trick is led with a club";
    if (suit(card) === "H" && !view.hearts_broken) return "Hearts are not broken yet";
  }
  return "That card cannot be played now";
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
