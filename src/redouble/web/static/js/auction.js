// The auction grid and the bidding box (only legal calls are offered).
import { h } from "./dom.js";
import { callName, callText, isRed, seatLetter, t } from "./i18n.js";

const COLUMNS = ["W", "N", "E", "S"];
const STRAINS = ["C", "D", "H", "S", "NT"];

function vulnerable(vulnerability, seat) {
  if (vulnerability === "All") return true;
  if (vulnerability === "NS") return seat === "N" || seat === "S";
  if (vulnerability === "EW") return seat === "E" || seat === "W";
  return false;
}

/** A call as a span, red suits in red; alerted or explained calls open their explanation. */
export function callEl(entry, { onExplain } = {}) {
  const text = callText(entry.call);
  const strain = entry.call.replace(/^\d/, "");
  const classes = ["call"];
  if (entry.alert) classes.push("alerted");
  else if (entry.explanation) classes.push("explained");
  const label = [callName(entry.call)];
  if (entry.alert) label.push(t("alerted"));
  if (entry.explanation) label.push(entry.explanation);
  const attrs = { class: classes.join(" "), "aria-label": label.join(", "), dataset: { call: entry.call } };
  const inner = [];
  if (/^\d/.test(entry.call)) {
    inner.push(entry.call[0]);
    inner.push(h(`span${isRed(strain) ? ".red" : ""}`, {}, text.slice(1)));
  } else {
    inner.push(text);
  }
  if (entry.alert || entry.explanation) {
    attrs.tabindex = "0";
    attrs.role = "button";
    attrs.title = entry.explanation || t("alerted_no_explanation");
    if (entry.alert) inner.push(h("span.q", { "aria-hidden": "true" }, "!"));
    const el = h("span", attrs, ...inner);
    const show = () => onExplain?.(el, entry.explanation || t("alerted_no_explanation"));
    el.addEventListener("click", show);
    el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(); } });
    return el;
  }
  return h("span", attrs, ...inner);
}

/** The auction as a grid, columns W N E S, empty cells before the dealer. */
export function auctionEl(view, { onExplain, names = {}, hideTurn = false } = {}) {
  const head = h("tr", {}, COLUMNS.map((seat) => h(`th${vulnerable(view.vulnerability, seat) ? ".vul" : ""}`,
    { scope: "col", title: names[seat] || "", "aria-label": `${seatLetter(seat)}${vulnerable(view.vulnerability, seat) ? ", " + t("vulnerable") : ""}` },
    seatLetter(seat))));
  const cells = [];
  for (let i = 0; i < COLUMNS.indexOf(view.dealer); i++) cells.push(h("td", {}, ""));
  for (const entry of view.auction) cells.push(h("td", { dataset: { seat: entry.seat } }, callEl(entry, { onExplain })));
  if (view.phase === "auction" && view.turn && !hideTurn) cells.push(h("td.next", { "aria-label": t("to_call") }, "?"));
  const rows = [];
  for (let i = 0; i < cells.length; i += 4) rows.push(h("tr", {}, cells.slice(i, i + 4)));
  if (!rows.length) rows.push(h("tr", {}, h("td", { colspan: 4 }, "")));
  return h("table.auction", { "aria-label": t("auction") }, h("thead", {}, head), h("tbody", {}, rows));
}

/**
 * The bidding box: bids by level and strain, Pass, X, XX; only `legal` calls are enabled.
 * `onCall(call, alert, explanation)` sends the chosen call.
 */
export function biddingBoxEl(legal, onCall, { all = false } = {}) {
  const alertBox = h("input", { type: "checkbox", id: "alert-box" });
  const explanation = h("input", { type: "text", id: "explanation", maxlength: "200",
    placeholder: t("explanation_placeholder"), "aria-label": t("explanation") });
  const send = (call) => {
    const text = explanation.value.trim();
    onCall(call, alertBox.checked, text || null);
  };
  const legalBids = legal.filter((c) => /^\d/.test(c));
  const levels = [1, 2, 3, 4, 5, 6, 7].filter((level) => legalBids.some((c) => c[0] === String(level)));
  const rows = levels.map((level) => [
    h("span.level", { "aria-hidden": "true" }, level),
    STRAINS.map((strain) => {
      const call = `${level}${strain}`;
      const ok = legal.includes(call);
      return h(`button.bid-btn${isRed(strain) ? ".red" : ""}${strain === "NT" ? ".nt" : ""}`,
        { type: "button", disabled: !ok, dataset: { call }, "aria-label": callName(call), onclick: () => send(call) },
        callText(call));
    }),
  ]);
  const children = [h("div.bids", { role: "group", "aria-label": t("bids") }, rows)];
  if (!all) {
    const special = (call, cls) => h(`button.${cls}`, { type: "button", disabled: !legal.includes(call),
      dataset: { call }, "aria-label": callName(call), onclick: () => send(call) }, callText(call));
    children.push(h("div.specials", {}, special("Pass", "pass"), special("X", "double"), special("XX", "redouble")));
    children.push(h("div.alert-row", {}, h("label", {}, alertBox, " ", t("alert")), explanation));
  }
  return h("div.bidding-box", { role: "group", "aria-label": all ? t("choose_contract") : t("bidding_box") }, children);
}
