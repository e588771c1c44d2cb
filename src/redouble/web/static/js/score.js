// Score displays: the rubber sheet drawn as on paper, Chicago, duplicate and mini-bridge.
import { h } from "./dom.js";
import { contractText, decimal, seatLetter, t } from "./i18n.js";

/** WE is the viewer's side (N-S for a spectator). */
function sides(mySeat) {
  return mySeat === "E" || mySeat === "W" ? ["EW", "NS"] : ["NS", "EW"];
}

/** What an entry is for, in the chosen language ("rubber-bonus" → "rubber bonus"). */
function labelText(label) {
  const key = `label_${String(label).replace(/[- ]/g, "_")}`;
  const text = t(key);
  return text === key ? String(label).replace(/-/g, " ") : text;
}

function entryEl(entry) {
  return h("div.entry", { title: `${t("board")} ${entry.board}: ${labelText(entry.label)}`, "aria-label": `${entry.points}, ${labelText(entry.label)}`,
    dataset: { label: entry.label, board: entry.board } },
  h("small", { "aria-hidden": "true" }, entry.board), entry.points);
}

const KIND_LABELS = { "trick score": "contract", "game bonus": "game-bonus", "partscore bonus": "part-score-bonus",
  "rubber bonus": "rubber-bonus", "unfinished game": "unfinished-game", "unfinished partscore": "part-score-bonus",
  "slam bonus": "slam" };

/**
 * One rubber in the protocol's shape: entries {board, side, where, points, label, game?} and
 * games [{board, side}]. Also reads a scoring-module sheet ({sheet: {entries, games}}), whose
 * below-the-line entries carry the index of the game they count toward.
 */
export function normaliseRubber(rubber) {
  if (Array.isArray(rubber.entries)) {
    return { ...rubber, games: Array.isArray(rubber.games) ? rubber.games : [] };
  }
  const sheet = rubber.sheet || {};
  const entries = (sheet.entries || []).map((e) => ({
    board: e.board ?? e.label, side: e.side, points: e.points,
    where: e.where || (e.below ? "below" : "above"),
    label: KIND_LABELS[e.kind] || e.kind || "", game: e.game ?? null,
  }));
  const games = (Array.isArray(sheet.games) ? sheet.games : []).map((g, index) =>
    (typeof g === "string" ? { side: g, index } : { ...g, index }));
  return {
    entries, games, vulnerable: rubber.vulnerable || {},
    finished: rubber.finished ?? (rubber.phase ? rubber.phase !== "playing" : false),
    closed: rubber.phase === "closed", // the players ended it unfinished (Law 77)
    total: rubber.total || rubber.totals || sheet.totals || { NS: 0, EW: 0 },
  };
}

/** Below the line in segments, one per game: by the entries' game index, else by game boards. */
function belowSegments(rubber) {
  const below = rubber.entries.filter((e) => e.where === "below");
  if (below.length && below.every((e) => e.game !== null && e.game !== undefined)) {
    const segments = [];
    const last = Math.max(rubber.games.length, ...below.map((e) => e.game + 1));
    for (let index = 0; index < last; index++) {
      segments.push({ entries: below.filter((e) => e.game === index), game: rubber.games[index] || null });
    }
    if (!segments.length || segments[segments.length - 1].game) segments.push({ entries: [], game: null });
    return segments;
  }
  const segments = [];
  let current = [];
  const gameBoards = rubber.games.map((g) => g.board);
  const boards = [...new Set([...below.map((e) => e.board), ...gameBoards])].sort((a, b) => a - b);
  for (const board of boards) {
    current.push(...below.filter((e) => e.board === board));
    if (gameBoards.includes(board)) {
      segments.push({ entries: current, game: rubber.games.find((g) => g.board === board) });
      current = [];
    }
  }
  segments.push({ entries: current, game: null });
  return segments;
}

/** One rubber as on paper: WE | THEY, entries above the line, games below it. */
export function rubberSheetEl(raw, mySeat, index, titleKey = "rubber_n") {
  const rubber = normaliseRubber(raw);
  const [we, they] = sides(mySeat);
  const above = (side) => rubber.entries.filter((e) => e.side === side && e.where === "above");
  // Above the line the first entry sits nearest the line: draw them bottom-up.
  const aboveEl = h("div.above", {},
    [we, they].map((side) => h("div.stack", { dataset: { side } }, above(side).slice().reverse().map(entryEl))));
  // Below the line: the trick scores, with a line under each game.
  const belowEl = h("div.below", {}, belowSegments(rubber).map((segment) => [
    [we, they].map((side) => h("div.stack", { dataset: { side } }, segment.entries.filter((e) => e.side === side).map(entryEl))),
    segment.game ? h("div.game-line", { role: "separator", "aria-label": t("game_won", { side: segment.game.side === we ? t("we") : t("they") }) }) : null,
  ]));
  const total = rubber.total || { NS: 0, EW: 0 };
  const gamesWon = (side) => rubber.games.filter((g) => g.side === side).length;
  let verdict = null;
  if (rubber.finished) {
    const winner = total[we] === total[they] ? null : total[we] > total[they] ? t("we") : t("they");
    verdict = h("div.verdict", {}, winner
      ? t("rubber_won_by", { side: winner, margin: Math.abs(total[we] - total[they]) })
      : t("rubber_tied"));
  }
  const vul = rubber.vulnerable || {};
  return h("div.sheet", { role: "table", "aria-label": t(titleKey, { n: index + 1 }), dataset: { rubber: index + 1 } },
    h("div.heads", {},
      h("div", { dataset: { side: we } }, t("we"), vul[we] && !rubber.finished ? " •" : ""),
      h("div", { dataset: { side: they } }, t("they"), vul[they] && !rubber.finished ? " •" : "")),
    aboveEl,
    h("div.the-line", { role: "separator", "aria-label": t("the_line") }),
    belowEl,
    h("div.totals", {}, h("div", { dataset: { total: we } }, total[we] ?? 0), h("div", { dataset: { total: they } }, total[they] ?? 0)),
    h("div.hint", {}, t("games_score", { we: gamesWon(we), they: gamesWon(they) })),
    rubber.closed ? h("div.hint.rubber-closed", {}, t("rubber_closed")) : null,
    verdict);
}

function signed(value, unit = "") {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" && !Number.isInteger(value) ? decimal(value, 1) : String(value);
  return (value > 0 ? "+" : "") + text + unit;
}

function resultText(result) {
  if (!result.contract) return t("passed_out");
  const diff = result.tricks - (Number(result.contract[0]) + 6);
  return `${contractText(result.contract)} ${seatLetter(result.declarer)} ${diff === 0 ? "=" : signed(diff)}`;
}

function resultsTable(results, mySeat, columns) {
  const [we] = sides(mySeat);
  const flip = we === "EW" ? -1 : 1;
  return h("table.results", {},
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c.head)))),
    h("tbody", {}, results.map((r) => h("tr", { dataset: { board: r.board } },
      columns.map((c) => {
        const value = c.value(r, flip);
        if (value instanceof Node) return h("td", {}, value);
        const cls = typeof value === "number" ? (value > 0 ? "pos" : value < 0 ? "neg" : "") : "";
        return h(`td${cls ? "." + cls : ""}`, {}, typeof value === "number" ? signed(value, c.unit || "") : value);
      })))));
}

/** The score panel for whatever form the table plays. */
export function scoreEl(score, results, mySeat, { onBoard = null } = {}) {
  if (!score) return h("p.hint", {}, t("no_score_yet"));
  const [we, they] = sides(mySeat);
  const flip = we === "EW" ? -1 : 1;
  // The board number opens that board's hand record.
  const board = { head: t("board_short"), value: (r) => (onBoard && results.some((x) => x.board === r.board)
    ? h("button.board-link", { type: "button", "aria-label": `${t("hand_record")} ${t("board")} ${r.board}`,
      dataset: { board: r.board }, onclick: () => onBoard(r.board) }, String(r.board))
    : String(r.board)) };
  const contract = { head: t("contract"), value: (r) => resultText(r) };
  const points = { head: t("points_we"), value: (r, f) => (r.score_ns ?? 0) * f };
  const totalLine = (unit = "") => h("p.total-line", {},
    h("strong", {}, t("total")), ": ", t("we"), " ", signed(score.total?.[we] ?? 0, unit), " · ",
    t("they"), " ", signed(score.total?.[they] ?? 0, unit));
  switch (score.type) {
    case "rubber": {
      const rubbers = score.rubbers?.length ? score.rubbers : [{ entries: [], games: [], total: { NS: 0, EW: 0 } }];
      return h("div.score-rubber", {}, rubbers.map((r, i) => rubberSheetEl(r, mySeat, i)),
        rubbers.length > 1 ? totalLine() : null,
        results.length ? h("details.boards", {}, h("summary", {}, (results.length === 1 ? t("boards_played_one") : t("boards_played", { n: results.length }))),
          resultsTable(results, mySeat, [board, contract, points])) : null);
    }
    case "chicago": {
      // Each chicago of four deals as a sheet (when the server sends one), then the deals.
      const sheets = (score.chicagos || []).filter((c) => c.sheet || c.entries)
        .map((c, i) => rubberSheetEl(c, mySeat, i, "chicago_n"));
      const rows = (score.boards || results).map((b) => ({ ...b, ...(results.find((r) => r.board === b.board) || {}) }));
      return h("div.score-chicago", {}, sheets, resultsTable(rows, mySeat, [board,
        { head: t("vulnerability"), value: (r) => t("vul_" + (r.vulnerability || "None")) }, contract, points]),
      sheets.length > 1 || !sheets.length ? totalLine() : null);
    }
    case "duplicate": {
      const columns = [board, contract, points];
      if (score.scoring === "matchpoints") columns.push({ head: "%", value: (r, f) => r.matchpoints_ns === null || r.matchpoints_ns === undefined ? "" : decimal(f > 0 ? r.matchpoints_ns : 100 - r.matchpoints_ns, 1) });
      else columns.push({ head: t("imps"), value: (r, f) => (r.imps_ns === null || r.imps_ns === undefined ? "" : r.imps_ns * f) });
      if (score.scoring === "imps-vs-par") {
        columns.push({ head: t("par"), value: (r, f) => {
          const points = r.par ? (r.par.score_ns ?? r.par.score) : null;
          return typeof points === "number" ? points * f : "";
        } });
      }
      const unit = score.unit === "%" ? "%" : "";
      return h("div", {}, resultsTable(results, mySeat, columns),
        h("p.total-line", {}, h("strong", {}, t("total")), ": ", t("we"), " ",
          score.unit === "%" ? `${decimal(score.total?.[we] ?? 0, 1)}%` : signed(score.total?.[we] ?? 0),
          unit ? "" : ` ${t("imps")}`));
    }
    case "minibridge": {
      const rows = (score.boards || []).map((b) => ({ ...b, ...(results.find((r) => r.board === b.board) || {}) }));
      return h("div", {}, resultsTable(rows, mySeat, [board, contract, points]), totalLine());
    }
    default:
      return h("div", {}, resultsTable(results, mySeat, [board, contract, points]), totalLine());
  }
}

/** The final summary a duplicate or mini-bridge table shows once its last board is over (as BBO's
 * end of a set): boards played and the viewer's side's total, IMPs or percentage, against theirs. */
export function finalSummaryEl(score, results, mySeat) {
  if (!score || (score.type !== "duplicate" && score.type !== "minibridge")) return null;
  const [we, they] = sides(mySeat);
  const played = results.length === 1 ? t("boards_played_one") : t("boards_played", { n: results.length });
  const total = (side) => {
    const value = score.total?.[side] ?? 0;
    if (score.unit === "%") return `${decimal(value, 1)}%`;
    return score.type === "duplicate" ? `${signed(value)} ${t("imps")}` : signed(value);
  };
  return h("div.final-summary", { id: "final-summary" },
    h("div", {}, played),
    h("div", {}, h("strong", {}, t("total")), ": ", t("we"), " ", total(we), " · ", t("they"), " ", total(they)));
}
