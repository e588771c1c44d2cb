// Cards and hands as DOM: big, tappable, labelled for screen readers.
import { h } from "./dom.js";
import { cardName, isRed, rankText, suitSymbol, t } from "./i18n.js";

// Display order alternates colours: spades, hearts, clubs, diamonds.
export const DISPLAY_SUITS = ["S", "H", "C", "D"];
const RANK_ORDER = "AKQJT98765432";

/** Sort cards for display: by suit (alternating colours), high to low. */
export function sortCards(cards) {
  return [...cards].sort((a, b) => DISPLAY_SUITS.indexOf(a[0]) - DISPLAY_SUITS.indexOf(b[0])
    || RANK_ORDER.indexOf(a.slice(1)) - RANK_ORDER.indexOf(b.slice(1)));
}

/** The rank as printed on a card face: the language's letters, "10" for the ten everywhere. */
function faceRank(rank) { return rank === "T" ? "10" : rankText(rank); }

/** One face-up card; a button when it can be played. */
export function cardEl(card, { legal = false, onPlay = null, className = "" } = {}) {
  const suit = card[0];
  const attrs = {
    class: `${isRed(suit) ? "red" : "black"} ${className}`.trim(),
    dataset: { card },
    "aria-label": cardName(card),
    title: cardName(card),
  };
  const face = [
    // Two-letter ranks (10, Norwegian Kn) are narrowed to fit the strip a fanned card shows.
    h(`span.corner${faceRank(card.slice(1)).length > 1 ? ".wide" : ""}`, { "aria-hidden": "true" },
      h("span.r", {}, faceRank(card.slice(1))), h("span.s", {}, suitSymbol(suit))),
    h("span.pip", { "aria-hidden": "true" }, suitSymbol(suit)),
  ];
  if (onPlay) {
    const button = h("button.card", { ...attrs, type: "button", class: attrs.class + (legal ? " legal" : ""),
      "aria-disabled": legal ? "false" : "true" }, ...face);
    button.addEventListener("click", () => { if (legal) onPlay(card); });
    return button;
  }
  return h("div.card", { ...attrs, role: "img" }, ...face);
}

export function backEl() { return h("div.card.back", { "aria-hidden": "true" }); }

/**
 * A hand: `layout` is "fan" (one overlapped row), "rows" (a row per suit, for the sides) or
 * "columns" (dummy as it lies on the table, a column per suit).
 */
export function handEl(cards, { layout = "fan", legal = [], onPlay = null, label = "", small = false } = {}) {
  const sorted = sortCards(cards);
  const playable = onPlay && legal.length > 0;
  const make = (card) => cardEl(card, { legal: legal.includes(card), onPlay: onPlay ? onPlay : null });
  const classes = ["hand", layout === "fan" ? "" : layout, small ? "small" : "", playable ? "playable" : ""]
    .filter(Boolean).join(".");
  if (layout === "fan") {
    const els = sorted.map((card, i) => {
      const el = make(card);
      if (i > 0 && sorted[i - 1][0] !== card[0]) el.classList.add("suit-start");
      return el;
    });
    return h(`div.${classes}`, { role: "group", "aria-label": label }, els);
  }
  const groups = DISPLAY_SUITS.map((suit) => sorted.filter((c) => c[0] === suit)).filter((g) => g.length);
  const wrap = layout === "rows" ? "div.suit-row" : "div.suit-col";
  return h(`div.${classes}`, { role: "group", "aria-label": label },
    groups.map((group) => h(wrap, {}, group.map(make))));
}

/** A row of card backs for a hidden hand of `count` cards. */
export function backsEl(count, label) {
  return h("div.hand.backs", { role: "img", "aria-label": label },
    Array.from({ length: count }, () => backEl()));
}

/** A holding as text for the hand record: "♠ A K 7 ♥ …" by suit. */
export function holdingLines(cards) {
  const sorted = sortCards(cards);
  return ["S", "H", "D", "C"].map((suit) => {
    const ranks = sorted.filter((c) => c[0] === suit).map((c) => rankText(c.slice(1)));
    return h("div", {}, h(`span${isRed(suit) ? ".red-suit" : ""}`, { "aria-label": t(`suit_${suit}`) }, suitSymbol(suit)),
      " ", ranks.length ? ranks.join(" ") : "—");
  });
}
