// Interface text and bridge notation in English, Dutch, German and Norwegian.
//
// Cards and calls travel in the protocol in canonical English form ("SA", "HT", "1NT",
// "Pass"); this module turns them into the chosen language for display and parses what a
// player types in that language (Dutch "SH" is the king of spades, German "P" is spades).

export const LANGUAGES = ["en", "nl", "de", "no"];
const SUITS = ["C", "D", "H", "S"]; // canonical suit letters, clubs .. spades
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const SEATS = ["N", "E", "S", "W"];

let catalogue = null;
let current = "en";
const listeners = [];

/** The language chosen before (stored), else the browser's, else English. */
export function preferredLanguage() {
  const params = new URLSearchParams(location.search);
  const asked = params.get("lang");
  if (asked && LANGUAGES.includes(asked)) return asked;
  try {
    const stored = localStorage.getItem("redouble.lang");
    if (stored && LANGUAGES.includes(stored)) return stored;
  } catch (_) { /* private mode */ }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    const code = base === "nb" || base === "nn" ? "no" : base;
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

/** Load and switch to a language; every listener re-renders. */
export async function setLanguage(code) {
  if (!LANGUAGES.includes(code)) code = "en";
  const url = new URL(`../i18n/${code}.json`, import.meta.url);
  const response = await fetch(url);
  catalogue = await response.json();
  current = code;
  document.documentElement.lang = code === "no" ? "nb" : code;
  try { localStorage.setItem("redouble.lang", code); } catch (_) { /* ignore */ }
  translatePage(document);
  for (const listener of listeners) listener(code);
}

export function language() { return current; }

/** A number as the page's language writes it, with `most` decimals at most and `least` at least:
 * "62.5" in English, "62,5" in Dutch, German and Norwegian. */
export function decimal(value, most = 1, least = most) {
  const tag = current === "no" ? "nb" : current;
  return new Intl.NumberFormat(tag, { minimumFractionDigits: least, maximumFractionDigits: most, useGrouping: false })
    .format(Number(value));
}

export function onLanguageChange(listener) { listeners.push(listener); }

/** A message of the catalogue with {placeholders} filled in. */
export function t(key, params = {}) {
  let text = catalogue && catalogue.messages[key];
  if (text === undefined) text = key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A message the server sent with its key and fields (a refusal, a note, a flag, a line of the
 * audit log), in the chosen language; the server's English text where it sent no key. */
export function worded(message) {
  if (!message) return "";
  return message.key ? t(message.key, message.fields || {}) : (message.message || message.text || "");
}

/** Fill every [data-i18n] element's text and [data-i18n-attr] attributes. */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
  if (catalogue) document.title = t(document.body.dataset.titleKey || "app_name");
}

function notation() { return catalogue.notation; }

export function suitSymbol(suit) { return SYMBOLS[suit] || ""; }
export function suitLetter(suit) { return notation().suits[SUITS.indexOf(suit)]; }
export function suitName(suit) { return t(`suit_${suit}`); }
export function isRed(suit) { return suit === "H" || suit === "D"; }

/** How the chosen language writes a rank: Dutch "H" for the king, Norwegian "E" for the ace. */
export function rankText(rank) {
  const value = RANKS.indexOf(rank) + 2;
  if (value < 10) return rank;
  return notation().honours[value - 10];
}

/** "♠A" in English, "♠H" for the Dutch king; `letters` gives "SA"/"SH" instead of symbols. */
export function cardText(card, { letters = false } = {}) {
  const suit = card[0];
  return (letters ? suitLetter(suit) : SYMBOLS[suit]) + rankText(card.slice(1));
}

/** A spoken name for a card: "ace of spades", "schoppen aas". */
export function cardName(card) {
  return t("card_name", { rank: t(`rank_${card.slice(1)}`), suit: t(`suit_${card[0]}`) });
}

export function strainText(strain) {
  return strain === "NT" ? notation().notrump : SYMBOLS[strain];
}

/** A call for display: "1♥", "3SA", "Pas", "X". */
export function callText(call) {
  if (call === "Pass") return notation().pass;
  if (call === "X" || call === "XX") return call;
  return call[0] + strainText(call.slice(1));
}

export function callName(call) {
  if (call === "Pass") return t("call_pass");
  if (call === "X") return t("call_double");
  if (call === "XX") return t("call_redouble");
  const strain = call.slice(1);
  // "1 diamond", "2 diamonds": a one-level bid names its suit in the singular
  const suit = call[0] === "1" ? t(`bid_suit_${strain}`) : t(`suit_${strain}`);
  return `${call[0]} ${strain === "NT" ? t("strain_NT") : suit}`;
}

/** A contract such as "4HX" for display: "4♥X", "3SA". */
export function contractText(contract) {
  if (!contract) return "";
  const match = /^(\d)(NT|[CDHS])(X{0,2})$/.exec(contract);
  if (!match) return contract;
  return match[1] + strainText(match[2]) + match[3];
}

export function seatLetter(seat) { return notation().seats[SEATS.indexOf(seat)]; }
export function seatName(seat) { return notation().seat_names[SEATS.indexOf(seat)]; }

function suitFromText(text) {
  const symbolIndex = ["♣", "♦", "♥", "♠"].indexOf(text);
  if (symbolIndex >= 0) return SUITS[symbolIndex];
  const index = notation().suits.findIndex((letter) => letter.toUpperCase() === text.toUpperCase());
  return index >= 0 ? SUITS[index] : null;
}

function rankFromText(text) {
  const upper = text.toUpperCase();
  if (/^[2-9]$/.test(upper)) return upper;
  if (upper === "10" || upper === "T") return "T";
  const index = notation().honours.findIndex((h) => h.toUpperCase() === upper);
  return index >= 0 ? RANKS[index + 8] : null;
}

/**
 * Parse what a player typed as a card in the chosen language.
 * Returns {card: "SA"} for a whole card, {suit: "S"} for a suit alone, {partial: true} while
 * more may come ("S1" before "S10", "SK" before "SKn"), or null when it cannot be a card.
 */
export function parseCardInput(text) {
  const cleaned = text.replace(/\s+/g, "");
  if (!cleaned) return { partial: true };
  const suit = suitFromText(cleaned[0]);
  if (!suit) return null;
  const rest = cleaned.slice(1);
  if (!rest) return { suit };
  const rank = rankFromText(rest);
  const longer = [...notation().honours, "10"].some(
    (token) => token.length > rest.length && token.toUpperCase().startsWith(rest.toUpperCase()));
  if (rank && !longer) return { card: suit + rank };
  if (longer) return { partial: true, card: rank ? suit + rank : null };
  return null;
}

/** Parse a typed call in the chosen language: "1SA" → "1NT", "pas" → "Pass"; null if none. */
export function parseCallInput(text) {
  const cleaned = text.trim().toUpperCase();
  if (!cleaned) return null;
  const words = notation();
  if (cleaned === "P" || words.pass_words.some((w) => w.toUpperCase() === cleaned)) return "Pass";
  if (cleaned === "XX" || words.redouble_words.some((w) => w.toUpperCase() === cleaned)) return "XX";
  if (cleaned === "X" || words.double_words.some((w) => w.toUpperCase() === cleaned)) return "X";
  const match = /^([1-7])(.+)$/.exec(cleaned);
  if (!match) return null;
  const strainText_ = match[2];
  if (words.notrump_aliases.some((a) => a.toUpperCase() === strainText_)) return match[1] + "NT";
  const suit = suitFromText(strainText_);
  return suit ? match[1] + suit : null;
}

export const canonical = { SUITS, RANKS, SEATS, SYMBOLS };
