// A table's phone: the round, the boards in order, North's keypad, East-West's confirmation,
// the outbox that resends with the same entry ids, and the travellers of boards played here.
import { h, fill, byId } from "./dom.js";
import { where, entryId, call, Outbox, watch, signed, contractSymbols } from "./club.js";
import { t, cardText, decimal, setLanguage, preferredLanguage, rankText, seatLetter, strainText } from "./i18n.js";

const { session, table, token } = where();
const api = `/api/club/sessions/${session}/tables/${table}`;
const state = { view: null, board: null, level: null, strain: null, double: "", declarer: null, result: null,
                leadSuit: null, leadRank: null, travellers: new Map(), finished: null };

const outbox = new Outbox(`redouble-club-${session}-${table}`, {
  onAnswer: () => { byId("message").textContent = ""; refresh(); },
  onRefused: (error) => { byId("message").textContent = error.message; refresh(); },
  onChange: (items) => {
    byId("outbox").textContent = items.length ? t("club_waiting", { count: items.length }) : "";
  },
});

function keypad(id, values, key, label = (v) => v) {
  fill(byId(id), values.map((value) => h("button", {
    type: "button", dataset: { [key]: value }, class: state[key] === value ? "on" : "",
    "aria-pressed": state[key] === value ? "true" : "false",
    onclick: () => { state[key] = state[key] === value && key !== "double" ? null : value; renderEntry(); },
  }, label(value))));
}

function contractText() {
  if (state.level === "pass") return "pass";
  if (!state.level || !state.strain) return null;
  return `${state.level}${state.strain}${state.double}`;
}

function renderEntry() {
  keypad("levels", ["1", "2", "3", "4", "5", "6", "7", "pass"], "level", (v) => (v === "pass" ? t("club_pass") : v));
  keypad("strains", ["C", "D", "H", "S", "NT"], "strain", strainText); // "SA" on a Dutch or German page
  keypad("doubles", ["", "X", "XX"], "double", (v) => v || "–");
  keypad("declarers", ["N", "E", "S", "W"], "declarer", seatLetter);
  keypad("results", ["-6", "-5", "-4", "-3", "-2", "-1", "=", "+1", "+2", "+3", "+4", "+5", "+6"], "result",
         (v) => v.replace("-", "−"));
  keypad("lead-suits", ["S", "H", "D", "C"], "leadSuit", strainText);
  keypad("lead-ranks", ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"], "leadRank", rankText);
  const contract = contractText();
  const lead = state.leadSuit && state.leadRank ? `${strainText(state.leadSuit)}${rankText(state.leadRank)}` : "";
  byId("summary").textContent = state.board
    ? `${t("club_board", { board: state.board })}: ${contract ? contractSymbols(contract) : "…"}` +
      (contract && contract !== "pass"
        ? ` ${state.declarer ? seatLetter(state.declarer) : "…"} ${state.result || "…"}` : "") +
      (lead ? ` ${t("club_lead", { card: lead })}` : "")
    : t("club_choose");
  const ready = state.board && contract && (contract === "pass" || (state.declarer && state.result));
  byId("enter").disabled = !ready;
}

function boardState(board) {
  if (board.counted) return "✓";
  if (board.entered) return "…";
  return "";
}

function render() {
  const view = state.view;
  if (!view) return;
  byId("where").textContent = t("club_where", { table: view.table, round: view.round });
  document.title = `redouble · ${t("club_where", { table: view.table, round: view.round })}`;
  fill(byId("seating"),
    h("div.pair", {}, h("b", {}, `${t("club_side_NS")} ${view.ns || "—"}`), " ", view.ns_names),
    h("div.pair", {}, h("b", {}, `${t("club_side_EW")} ${view.ew || "—"}`), " ", view.ew_names));
  const pending = outbox.items().filter((item) => item.body.contract).map((item) => item.body.board);
  fill(byId("boards"), view.boards.map((board) => h("button", {
    type: "button", id: `board-${board.board}`, class: [state.board === board.board ? "on" : "",
      board.counted ? "done" : board.entered ? "entered" : pending.includes(board.board) ? "queued" : ""]
      .filter(Boolean).join(" "),
    onclick: () => { state.board = board.board; renderEntry(); render(); },
  }, `${board.board} ${boardState(board) || (pending.includes(board.board) ? "⏳" : "")}`)));
  const waiting = view.boards.find((board) => board.entered && !board.counted);
  const verify = byId("verify");
  byId("entry").hidden = Boolean(waiting) || Boolean(state.finished);  // East-West answer before North enters the next board
  if (waiting) {
    const line = waiting.line;
    verify.hidden = false;
    fill(verify,
      h("h2", {}, t("club_check", { board: waiting.board })),
      h("p.big", {}, `${contractSymbols(line.contract)} ${line.declarer ? seatLetter(line.declarer) : ""} ${line.contract ? line.result.split(" ").pop() : ""}`
        + (line.lead ? ` · ${t("club_lead", { card: cardText(line.lead) })}` : "")),
      h("p.scores", { id: "scores" },
        h("span", {}, `${t("club_side_NS")} ${signed(line.ns_score)}`),
        h("span", {}, `${t("club_side_EW")} ${signed(line.ew_score)}`)),
      h("div.row", {},
        h("button.primary", { id: "confirm", type: "button", onclick: () => answer(waiting, "confirm") }, t("club_confirm")),
        h("button.danger", { id: "refuse", type: "button", onclick: () => answer(waiting, "refuse") }, t("club_refuse"))));
  } else {
    verify.hidden = true;
  }
  const finished = state.finished;
  const next = byId("next");
  next.hidden = !finished;
  if (finished) {
    fill(next, h("h2", {}, t("club_round_done", { round: finished.round })),
      finished.boards.map((board) => h("p.recap", {}, `${t("club_board", { board: board.board })}: ${board.line
        ? `${contractSymbols(board.line.contract)} ${board.line.declarer ? seatLetter(board.line.declarer) : ""} `
          + `${t("club_side_NS")} ${signed(board.line.ns_score)}`
        : board.adjustment || t("club_not_played")}`)),
      finished.next.map((move) => h("p.move", {}, moveText(move))),
      h("button.primary", { id: "start", type: "button",
        onclick: () => { state.finished = null; render(); } }, t("club_start", { round: view.round })));
  }
  renderTravellers();
}

function renderTravellers() {
  const boards = [...state.travellers.values()].sort((a, b) => a.board - b.board);
  fill(byId("travellers"), boards.map((traveller) => h("div.traveller", { id: `traveller-${traveller.board}` },
    h("h3", {}, t("club_board", { board: traveller.board })),
    h("table", {}, h("tbody", {}, traveller.lines.map((line) => h("tr", {},
      h("td", {}, `${line.ns}–${line.ew}`), h("td", {}, line.adjustment || contractSymbols(line.contract)),
      h("td", {}, signed(line.ns_score)),
      h("td", {}, linePoints(line)))))))));
}

/** A line's score for the pairs: NS/EW percentages (matchpoints), else the points. */
function linePoints(line) {
  if (line.ns_percentage !== null && line.ns_percentage !== undefined) {
    return `${t("club_pct", { pct: decimal(line.ns_percentage, 2, 0) })} / ${t("club_pct", { pct: decimal(line.ew_percentage, 2, 0) })}`;
  }
  return line.ns_points === null ? "" : `${line.ns_points}/${line.ew_points}`;
}

function answer(board, kind) {
  if (kind === "refuse") state.board = board.board;  // North enters that board again
  outbox.push(`${api}/confirm?token=${encodeURIComponent(token)}`,
    { entry_id: entryId(), round: state.view.round, board: board.board, side: "EW", answer: kind,
      ns_score: board.line.ns_score });
}

function enter() {
  const contract = contractText();
  const body = { entry_id: entryId(), round: state.view.round, board: state.board, contract };
  if (contract !== "pass") {
    body.declarer = state.declarer;
    body.tricks = state.result;
    if (state.leadSuit && state.leadRank) body.lead = `${state.leadSuit}${state.leadRank}`;
  }
  Object.assign(state, { level: null, strain: null, double: "", declarer: null, result: null, leadSuit: null,
                         leadRank: null });
  renderEntry();
  outbox.push(`${api}/results?token=${encodeURIComponent(token)}`, body);
  render();
}

function show(view) {
  if (state.view && view.seq < state.view.seq) return;  // an answer overtaken by a later update
  if (state.view && view.round > state.view.round) {
    // the round just finished: keep its summary and everyone's next move up until they start the next
    state.finished = state.view;
  }
  state.view = view;
  const current = view.boards.find((board) => board.board === state.board);
  if (!current || current.entered || current.counted) {
    const open = view.boards.find((board) => !board.entered);
    state.board = open ? open.board : null;
  }
  render();
  renderEntry();
}

async function refresh() {
  try {
    show(await call("GET", `${api}?token=${encodeURIComponent(token)}`));
  } catch (error) {
    if (error.refused) byId("message").textContent = error.message;
  }
}

/** Where a pair goes next, in the page's language. */
function moveText(move) {
  if (move.kind === "last" || move.kind === "sitout") return t(`club_${move.kind}`, { pair: move.pair });
  const many = move.boards.length > 1;
  const boards = many && move.boards.every((b, i) => b === move.boards[0] + i)
    ? `${move.boards[0]}–${move.boards[move.boards.length - 1]}` : move.boards.join(", ");
  return t(`club_${move.kind}`, { pair: move.pair, table: move.table, side: t(`club_side_${move.side}`),
                                  boards: t(many ? "club_boards_many" : "club_boards_one", { boards }) });
}

await setLanguage(preferredLanguage());
byId("enter").textContent = t("club_enter");
byId("enter").addEventListener("click", enter);
renderEntry();
refresh();
outbox.flush();
watch(session, token, (message) => {
  for (const traveller of message.travellers) state.travellers.set(traveller.board, traveller);
  if (message.round) show(message.round);
  else renderTravellers();
}, (up) => { byId("conn").textContent = t(up ? "club_live" : "club_offline"); });
