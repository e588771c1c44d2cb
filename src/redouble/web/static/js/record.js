// The hand record after a board: the deal, the auction, the play with the double-dummy
// verdict on every card (which card cost a trick), the DD table, par, PBN and LIN downloads.
import { h } from "./dom.js";
import { auctionEl } from "./auction.js";
import { holdingLines } from "./cards.js";
import { cardText, contractText, decimal, seatLetter, seatName, strainText, t } from "./i18n.js";

const ORDER = ["N", "E", "S", "W"];
const next = (seat, n = 1) => ORDER[(ORDER.indexOf(seat) + n) % 4];

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
export function recordEl({ view, result, analysis, analysisState, links, onExplain, traveller = null, onRefreshTraveller = null }) {
  const hands = view.deal ? parsePbnDeal(view.deal) : null;
  const diagram = h("div.diagram", { role: "group", "aria-label": t("the_deal") },
    h("div.d-info", {}, `${t("board")} ${view.board ?? ""}`, h("br"), `${t("dealer")}: ${seatLetter(view.dealer)}`, h("br"),
      `${t("vulnerability")}: ${t("vul_" + view.vulnerability)}`),
    hands ? ORDER.map((seat) => h(`div.holding.d-${seat}`, { "aria-label": seatName(seat) },
      h("div.who", {}, seatName(seat)), holdingLines(hands[seat]))) : null,
    h("div.compass", { "aria-hidden": "true" }, result ? (result.contract ? contractText(result.contract) : t("passed_out")) : ""));
  const summary = result ? h("p.result", {}, h("strong", {}, resultLine(result)),
    result.sheet ? ` · ${sheetPoints(result.sheet)}`
      : result.score_ns !== undefined ? ` · ${t("ns")} ${result.score_ns > 0 ? "+" : ""}${result.score_ns}` : "",
    result.honours ? ` · ${t("honours_to", { points: result.honours.points, side: t(result.honours.side.toLowerCase()) })}` : "",
    result.rubber_ended ? ` · ${t("rubber_ended_here")}` : "") : null;
  let analysisPart;
  if (analysis) {
    const ddTable = analysis.dd_tricks || analysis.dd_table || analysis.table || analysis.dd;
    const plays = analysis.plays || analysis.cards || [];
    const lost = plays.filter((p) => p.cost > 0);
    analysisPart = h("div.analysis", { "aria-label": t("dd_analysis") },
      h("h3", {}, t("dd_analysis")),
      ddTable ? ddTableEl(ddTable) : null,
      parEl(analysis.par),
      plays.length ? h("p.hint", {}, lost.length === 1 ? t("costly_cards_one") : lost.length ? t("costly_cards", { n: lost.length }) : t("no_costly_cards")) : null);
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
    hands ? [h("h3", {}, t("replay")), replayEl(view, hands)] : null,
    onRefreshTraveller ? travellerEl(traveller, onRefreshTraveller) : null,
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
  const claimed = result.claimed;
  return h("p.claimed", { id: "claimed-note" }, t(n === 1 ? "claimed_last_one" : "claimed_last", { n }),
    claimed?.statement ? [" ", t("claim_statement_by", { seat: seatName(claimed.seat) }), " ",
      h("q.claim-statement", { id: "claimed-statement" }, claimed.statement)] : null);
}

// --- the replay: the board call by call and card by card (BBO's "movie") ----------------------

const replaySteps = new Map(); // board → the step shown, kept while the record re-renders

/** Every step of the board: each call, then each card with the trick it belongs to. */
function replayScript(view) {
  const steps = view.auction.map((entry, index) => ({ kind: "call", index, entry }));
  const tricks = [...view.tricks, ...(view.current_trick?.cards.length ? [view.current_trick] : [])];
  tricks.forEach((trick, number) => trick.cards.forEach((card, index) => steps.push({
    kind: "card", seat: next(trick.leader, index), card, trick: number, index, complete: trick.cards.length === 4 ? trick.winner : null,
  })));
  return steps;
}

/**
 * Step through a finished board: the auction call by call, then the play card by card, the
 * cards leaving the hands, each trick in the middle with its winner. Buttons and the arrow
 * keys (← → step, Home/End, PageUp/PageDown a trick) move it.
 */
export function replayEl(view, hands) {
  const steps = replayScript(view);
  const key = String(view.board);
  let step = Math.min(replaySteps.get(key) ?? 0, steps.length);
  const body = h("div.replay-body", {});
  const status = h("p.replay-status", { id: "replay-status", "aria-live": "polite" });
  const button = (id, label, text, to) => h("button", { type: "button", id, "aria-label": label, title: label, onclick: () => go(to()) }, text);
  const controls = h("div.replay-controls", { role: "toolbar", "aria-label": t("replay") },
    button("replay-start", t("replay_first"), "|◀", () => 0),
    button("replay-prev-trick", t("replay_prev_trick"), "◀◀", () => trickStart(step - 1)),
    button("replay-back", t("replay_back"), "◀", () => step - 1),
    button("replay-forward", t("replay_forward"), "▶", () => step + 1),
    button("replay-next-trick", t("replay_next_trick"), "▶▶", () => trickEnd(step + 1)),
    button("replay-end", t("replay_last"), "▶|", () => steps.length));
  const root = h("section.replay", { id: "replay", tabindex: "0", "aria-label": t("replay"), dataset: { step, steps: steps.length } },
    controls, status, body, h("p.hint", {}, t("replay_keys")));
  /** The last step of the trick holding step `to` (or the first card of play). */
  function trickEnd(to) {
    let at = Math.min(Math.max(to, 0), steps.length);
    while (at < steps.length && steps[at]?.kind === "card" && steps[at - 1]?.kind === "card"
      && steps[at].trick === steps[at - 1].trick) at++;
    return at;
  }
  function trickStart(to) {
    let at = Math.max(to, 0);
    while (at > 0 && steps[at - 1]?.kind === "card" && steps[at - 2]?.kind === "card"
      && steps[at - 1].trick === steps[at - 2].trick) at--;
    return at;
  }
  function go(to) {
    step = Math.min(Math.max(to, 0), steps.length);
    replaySteps.set(key, step);
    draw();
  }
  function draw() {
    root.dataset.step = String(step);
    const shown = steps.slice(0, step);
    const calls = shown.filter((s) => s.kind === "call").map((s) => s.entry);
    const cards = shown.filter((s) => s.kind === "card");
    const gone = new Set(cards.map((s) => s.card));
    const last = shown[shown.length - 1];
    const trick = last?.kind === "card" ? cards.filter((s) => s.trick === last.trick) : [];
    const winner = last?.kind === "card" && trick.length === 4 ? last.complete : null;
    let ns = 0; let ew = 0;
    for (const s of cards) if (s.index === 3 && s.complete) { if (s.complete === "N" || s.complete === "S") ns++; else ew++; }
    const centre = h("div.replay-trick", { id: "replay-trick", role: "group", "aria-label": t("current_trick") },
      trick.map((s) => h(`span.rt-${s.seat}${winner === s.seat ? ".winner" : ""}`, {
        dataset: { seat: s.seat, card: s.card }, "aria-label": `${seatName(s.seat)}: ${cardText(s.card)}${winner === s.seat ? ", " + t("wins_trick") : ""}`,
      }, cardText(s.card))),
      winner ? h("span.rt-won", { id: "replay-winner", dataset: { seat: winner } }, t("won_trick", { seat: seatName(winner) })) : null);
    const diagram = h("div.replay-diagram", {},
      ORDER.map((seat) => h(`div.holding.d-${seat}`, { "aria-label": seatName(seat), dataset: { seat, left: hands[seat].filter((c) => !gone.has(c)).length } },
        h("div.who", {}, seatName(seat)), holdingLines(hands[seat].filter((c) => !gone.has(c))))),
      centre);
    const auctionPart = h("div.replay-auction", {}, auctionEl({ ...view, auction: calls, phase: "done", turn: null }));
    body.replaceChildren(diagram, auctionPart);
    let text;
    if (step === 0) text = t("replay_at_start");
    else if (last.kind === "call") text = t("replay_call", { n: last.index + 1, of: view.auction.length });
    else text = t("replay_card", { trick: last.trick + 1, card: last.index + 1 });
    status.textContent = `${text} · ${t("ns")} ${ns} · ${t("ew")} ${ew}`;
    controls.querySelector("#replay-start").disabled = step === 0;
    controls.querySelector("#replay-back").disabled = step === 0;
    controls.querySelector("#replay-prev-trick").disabled = step === 0;
    controls.querySelector("#replay-forward").disabled = step === steps.length;
    controls.querySelector("#replay-next-trick").disabled = step === steps.length;
    controls.querySelector("#replay-end").disabled = step === steps.length;
  }
  root.replayGo = (delta) => go(step + delta);
  root.replayTo = (where) => go(where === "start" ? 0 : where === "end" ? steps.length
    : where === "next-trick" ? trickEnd(step + 1) : trickStart(step - 1));
  draw();
  return root;
}

document.addEventListener("keydown", (event) => {
  const replay = document.getElementById("replay");
  if (!replay || !replay.closest("dialog[open]")) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = { ArrowRight: () => replay.replayGo(1), ArrowLeft: () => replay.replayGo(-1),
    Home: () => replay.replayTo("start"), End: () => replay.replayTo("end"),
    PageDown: () => replay.replayTo("next-trick"), PageUp: () => replay.replayTo("prev-trick") };
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  move();
});

// --- the traveller: every table's result on the board, with matchpoints -----------------------

function travellerEl(traveller, onRefresh) {
  const refresh = h("button", { type: "button", id: "traveller-refresh", onclick: onRefresh }, t("traveller_refresh"));
  if (!traveller) return h("section.traveller", {}, h("h3", {}, t("traveller")), h("p.hint", {}, t("traveller_loading")), refresh);
  const imps = traveller.scoring === "imps-cross";
  const signed = (value) => (value > 0 ? `+${value}` : String(value));
  const heads = [[t("traveller_ns"), "pair"], [t("traveller_ew"), "pair"], t("contract"), t("tricks"), t("traveller_score"),
    ...(imps ? [t("imps")] : [t("traveller_mp_ns"), t("traveller_mp_ew"), t("traveller_pct_ns")])];
  const rows = traveller.rows.map((row) => h(`tr${row.you ? ".you" : ""}`, { dataset: { score: row.score_ns } },
    h("td.pair", {}, row.ns, row.you ? h("span.badge", {}, ` ${t("you")}`) : null), h("td.pair", {}, row.ew),
    h("td", {}, row.contract ? `${contractText(row.contract)} ${seatLetter(row.declarer)}` : t("passed_out")),
    h("td", {}, row.tricks ?? ""), h("td", {}, signed(row.score_ns)),
    ...(imps ? [h("td", {}, row.imps_ns === null ? "" : signed(row.imps_ns))]
      : [h("td", {}, String(row.mp_ns)), h("td", {}, String(row.mp_ew)), h("td", {}, decimal(row.percent_ns, 1))])));
  return h("section.traveller", { id: "traveller" }, h("h3", {}, t("traveller")),
    h("div.table-scroll", {}, h("table.results.traveller-table", { "aria-label": t("traveller") },
      h("thead", {}, h("tr", {}, heads.map((head) => (Array.isArray(head)
        ? h(`th.${head[1]}`, { scope: "col" }, head[0]) : h("th", { scope: "col" }, head))))),
      h("tbody", {}, rows))),
    h("p.hint", {}, t(traveller.rows.length === 1 ? "traveller_alone" : "traveller_top", { top: traveller.top })), refresh);
}

export function resultLine(result) {
  if (!result.contract) return t("passed_out");
  const need = Number(result.contract[0]) + 6;
  const diff = result.tricks - need;
  return `${contractText(result.contract)} ${t("by")} ${seatName(result.declarer)}, ${
    diff === 0 ? t("made_exactly") : diff > 0 ? (diff === 1 ? t("made_over_one") : t("made_over", { n: diff })) : t("went_down", { n: -diff })}`;
}
