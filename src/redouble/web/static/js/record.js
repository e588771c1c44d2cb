// The hand record after a board: the deal, the auction, the play with the double-dummy
// verdict on every card (which card cost a trick), the DD table, par, PBN and LIN downloads.
import { h } from "./dom.js";
import { auctionEl } from "./auction.js";
import { holdingLines } from "./cards.js";
import { cardText, contractText, seatLetter, seatName, strainText, t } from "./i18n.js";

const ORDER = ["N", "E", "S", "W"];

/** Parse a PBN deal "N:AKQ.… …" into {N: [cards], …}. */
export function parsePbnDeal(text) {
  const match = /^([NESW]):(.*)$/.exec(text.trim());
  if (!match) return null;
  const first = ORDER.indexOf(match[1]);
  const hands = {};
  match[2].trim().split(/\s+/).forEach((holding, i) => {
    const seat = ORDER[(first + i) % 4];
    const cards = [];
    holding.split(".").forEach((ranks, s) => {
      const suit = "SHDC"[s];
      for (const rank of ranks.replace(/10/g, "T")) if (rank !== "-") cards.push(suit + rank);
    });
    hands[seat] = cards;
  });
  return hands;
}

function ddTableEl(table) {
  const strains = ["NT", "S", "H", "D", "C"];
  return h("table.dd", { "aria-label": t("dd_table") },
    h("thead", {}, h("tr", {}, h("th", {}, ""), strains.map((s) => h("th", { scope: "col" }, strainText(s))))),
    h("tbody", {}, ORDER.map((seat) => h("tr", {}, h("th", { scope: "row" }, seatLetter(seat)),
      strains.map((s) => {
        const value = table[seat]?.[s];
        return h("td", { title: `${seatName(seat)} ${strainText(s)}` }, value === undefined ? "" : value);
      })))));
}

function parEl(par) {
  if (!par) return null;
  const contracts = (par.contracts || []).map((c) => {
    if (typeof c === "string") return c.replace(/^(\d)(NT|[CDHS])(X*)/, (m) => contractText(m));
    const who = (c.declarers || []).map(seatLetter).join("");
    const result = c.result ? (c.result > 0 ? `+${c.result}` : c.result) : "=";
    return `${contractText(c.contract)} ${who} ${c.result === undefined ? "" : result}`.trim();
  });
  const score = par.score ?? par.score_ns;
  return h("p.par", {}, t("par"), ": ", contracts.join(", "), score !== undefined ? ` (${t("ns")} ${score > 0 ? "+" : ""}${score})` : "");
}

/** The play trick by trick; cards that cost a trick are marked with how many. */
function playEl(tricks, analysis) {
  const costs = new Map();
  for (const item of analysis || []) costs.set(item.number, item);
  let number = 0;
  return h("ol.play-record", { "aria-label": t("the_play") }, tricks.map((trick) => {
    const leader = ORDER.indexOf(trick.leader);
    const cells = trick.cards.map((card, i) => {
      const seat = ORDER[(leader + i) % 4];
      const info = costs.get(number++);
      const lost = info && info.cost > 0;
      const label = lost ? t("cost_tricks", { n: info.cost }) : "";
      return h(`span${lost ? ".costly" : ""}`, { title: label || null, "aria-label": `${seatName(seat)} ${cardText(card)}${label ? ", " + label : ""}`,
        dataset: { card, cost: info ? info.cost : "" } },
      i === 0 ? `${seatLetter(seat)}: ` : "", cardText(card), lost ? ` (−${info.cost})` : "");
    });
    const winner = trick.winner ? ` → ${seatLetter(trick.winner)}` : "";
    return h("li", {}, cells.flatMap((c, i) => (i ? [" ", c] : [c])), winner);
  }));
}

/**
 * The hand record of a finished board. `view` is the board's final view (deal, auction,
 * tricks); `result` the table's BoardResult; `analysis` the server's post-mortem or null.
 */
export function recordEl({ view, result, analysis, analysisState, links, onExplain }) {
  const hands = view.deal ? parsePbnDeal(view.deal) : null;
  const diagram = h("div.diagram", { role: "group", "aria-label": t("the_deal") },
    h("div.d-info", {}, `${t("board")} ${view.board ?? ""}`, h("br"), `${t("dealer")}: ${seatLetter(view.dealer)}`, h("br"),
      `${t("vulnerability")}: ${t("vul_" + view.vulnerability)}`),
    hands ? ORDER.map((seat) => h(`div.holding.d-${seat}`, { "aria-label": seatName(seat) },
      h("div.who", {}, seatName(seat)), holdingLines(hands[seat]))) : null,
    h("div.compass", { "aria-hidden": "true" }, result ? (result.contract ? contractText(result.contract) : t("passed_out")) : ""));
  const summary = result ? h("p.result", {}, h("strong", {}, resultLine(result)),
    result.sheet ? ` · ${sheetPoints(result.sheet)}`
      : result.score_ns !== undefined ? ` · ${t("ns")} ${result.score_ns > 0 ? "+" : ""}${result.score_ns}` : "") : null;
  let analysisPart;
  if (analysis) {
    const ddTable = analysis.dd_tricks || analysis.dd_table || analysis.table || analysis.dd;
    const plays = analysis.plays || analysis.cards || [];
    const lost = plays.filter((p) => p.cost > 0);
    analysisPart = h("div.analysis", { "aria-label": t("dd_analysis") },
      h("h3", {}, t("dd_analysis")),
      ddTable ? ddTableEl(ddTable) : null,
      parEl(analysis.par),
      plays.length ? h("p.hint", {}, lost.length ? t("costly_cards", { n: lost.length }) : t("no_costly_cards")) : null);
  } else {
    analysisPart = h("p.hint", { "aria-live": "polite" }, analysisState === "unavailable" ? t("analysis_unavailable") : t("analysis_loading"));
  }
  return h("div.record-body", {},
    summary,
    h("div.record-grid", {},
      h("div", {}, diagram, h("h3", {}, t("auction")), auctionEl(view, { onExplain })),
      h("div", {}, analysisPart)),
    view.tricks.length ? [h("h3", {}, t("the_play")), playEl(view.tricks, analysis ? (analysis.plays || analysis.cards) : null)] : null,
    claimedNote(view, result),
    links ? h("div.downloads", {},
      h("a.primary", { href: links.pbn, download: "", "data-format": "pbn" }, t("download_pbn")),
      h("a.primary", { href: links.lin, download: "", "data-format": "lin" }, t("download_lin")),
      links.all ? h("a", { href: links.all, download: "" }, t("download_all")) : null) : null);
}

/** Rubber and Chicago: the deal's points below and above the line for each side that scored. */
function sheetPoints(sheet) {
  const parts = ["NS", "EW"].filter((side) => sheet[side].below || sheet[side].above)
    .map((side) => `${t(side.toLowerCase())} ${t("sheet_points", sheet[side])}`);
  return parts.length ? parts.join(" · ") : "0";
}

/** A board settled by a claim or concession before trick 13: the record says so (Law 68). */
function claimedNote(view, result) {
  if (!result?.contract || view.phase !== "done" || view.tricks.length >= 13) return null;
  const n = 13 - view.tricks.length;
  return h("p.claimed", { id: "claimed-note" }, t(n === 1 ? "claimed_last_one" : "claimed_last", { n }));
}

export function resultLine(result) {
  if (!result.contract) return t("passed_out");
  const need = Number(result.contract[0]) + 6;
  const diff = result.tricks - need;
  return `${contractText(result.contract)} ${t("by")} ${seatName(result.declarer)}, ${
    diff === 0 ? t("made_exactly") : diff > 0 ? (diff === 1 ? t("made_over_one") : t("made_over", { n: diff })) : t("went_down", { n: -diff })}`;
}
