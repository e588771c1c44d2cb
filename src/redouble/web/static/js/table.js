// The table page: your seat at the bottom, the hands as the rules allow, the bidding box,
// the trick in the middle, claims, undo, the score and the hand record after each board.
import { auctionEl, biddingBoxEl } from "./auction.js";
import { backsEl, cardEl, handEl } from "./cards.js";
import { Connection } from "./connection.js";
import { byId, fill, h } from "./dom.js";
import {
  callText, cardText, contractText, language, onLanguageChange, parseCallInput, parseCardInput,
  preferredLanguage, seatLetter, seatName, setLanguage, suitName, t, worded,
} from "./i18n.js";
import { parsePbnDeal, recordEl, resultLine } from "./record.js";
import { finalSummaryEl, scoreEl } from "./score.js";

const ORDER = ["N", "E", "S", "W"];
const next = (seat, n = 1) => ORDER[(ORDER.indexOf(seat) + n) % 4];
const RANK_ORDER = "23456789TJQKA";
const RECORD_PAUSE_MS = 4000; // the last trick and the result show this long before the hand record

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.search);
const token = params.get("token");
const rejoinSeat = token ? null : params.get("seat"); // rejoined from the lobby by session

const state = {
  you: { seat: null, role: "spectator", name: null },
  table: null,
  view: null,
  board: null,
  showLast: false,
  claimOpen: false,
  analysis: {},        // board number → analysis | "loading" | "unavailable"
  finalViews: {},      // board number → final view (for the record)
  travellers: {},      // board number → the traveller frame (tables compared with others)
  recordShownFor: null,
  recordTimer: null,   // the hand record opens a moment after the board ends (see the last trick first)
  mayUndo: false,      // the server's word: an undo from this seat would be taken now
  verified: {},
  events: [],          // the latest events seen, newest last (for the curious and for tests)        // board number → whether the revealed seed matches its commitment
  ended: false,
  replaced: false,     // another tab or window took this seat: this one only watches
  clock: null,         // the turn timer: {seat, seconds, overtime, until (performance.now() ms)}
  chat: [],            // chat messages read here, oldest first
  watchers: { count: 0, names: [] },
  status: "connecting",
};

let connection = null;

// --- helpers ---------------------------------------------------------------------------------

/** The seat this page acts for: none once another tab or window has taken it, nor while a
 * robot plays it for you (take it back first). */
function mySeat() { return state.replaced || standIn(state.you.seat) ? null : state.you.seat; }
/** The seat drawn at the bottom: yours, or South for a spectator. */
function bottomSeat() { return state.you.seat || "S"; }
function positionOf(seat) {
  const offset = (ORDER.indexOf(seat) - ORDER.indexOf(bottomSeat()) + 4) % 4;
  return ["bottom", "left", "top", "right"][offset];
}
function seatInfo(seat) { return state.table?.seats?.[seat] || {}; }
function playerName(seat) {
  const info = seatInfo(seat);
  if (info.kind === "robot") return info.name ? `${info.name}` : t("robot");
  return info.name || seatName(seat); // a person who chose no name: the seat, in the page's language
}
function isVulnerable(vulnerability, seat) {
  if (state.board?.minibridge) return false; // mini-bridge has no vulnerability
  if (vulnerability === "All") return true;
  if (vulnerability === "NS") return seat === "N" || seat === "S";
  if (vulnerability === "EW") return seat === "E" || seat === "W";
  return false;
}
function playedCount(view, seat) {
  let count = 0;
  const tricks = [...view.tricks, ...(view.current_trick ? [view.current_trick] : [])];
  for (const trick of tricks) {
    const index = (ORDER.indexOf(seat) - ORDER.indexOf(trick.leader) + 4) % 4;
    if (index < trick.cards.length) count++;
  }
  return count;
}
function minibridge() { return state.board?.minibridge || null; }

function toast(text, sticky = false) {
  const el = byId("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  if (!sticky) toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

function send(message) {
  const id = connection ? connection.send(message) : null;
  if (id === null && message.type !== "language") toast(t("offline"));
  return id;
}

// --- actions ---------------------------------------------------------------------------------

function playCard(card) {
  const view = state.view;
  if (!view || !view.legal_cards.includes(card)) return;
  if (send({ type: "card", card }) === null) return;
  // Show it at once; the server's event confirms (or an error restores the view).
  state.pending = card;
  render();
}

function makeCall(call, alert = false, explanation = null) {
  const message = { type: "call", call };
  if (alert) message.alert = true;
  if (explanation) message.explanation = explanation;
  send(message);
}

// --- rendering -------------------------------------------------------------------------------

function nameplate(seat) {
  const view = state.view;
  const info = seatInfo(seat);
  const roles = [];
  const declarer = view?.declarer || minibridge()?.declarer;
  if (declarer === seat) roles.push(t("declarer"));
  if (declarer && next(declarer, 2) === seat) roles.push(t("dummy"));
  if (seat === mySeat()) roles.push(t("you"));
  const mini = minibridge();
  const acting = mini?.choose ? mini.declarer === seat : view && view.phase !== "done" && view.turn === seat;
  const label = [seatName(seat), playerName(seat), ...roles,
    isVulnerable(view?.vulnerability, seat) ? t("vulnerable") : "", acting ? t("to_act") : ""].filter(Boolean).join(", ");
  return h(`div.nameplate${acting ? ".to-act" : ""}${isVulnerable(view?.vulnerability, seat) ? ".vul" : ""}`,
    { "aria-label": label, dataset: { seat } },
    h("span.seat-letter", { "aria-hidden": "true" }, seatLetter(seat)),
    h("span.name", {}, playerName(seat)),
    info.kind === "robot" ? h("span.badge", { "aria-hidden": "true" }, t("robot")) : null,
    info.kind === "human" && info.connected === false ? h("span.badge", { "aria-hidden": "true" }, t("away")) : null,
    standIn(seat) ? h("span.badge.stand-in", { dataset: { seat } }, t("people_stand_in")) : null,
    state.clock?.seat === seat ? h(`span.clock${state.clock.overtime ? ".overtime" : ""}`, { dataset: { seat } }, clockText()) : null,
    roles.length ? h("span.role", {}, roles.join(" · ")) : null);
}

function seatEl(seat) {
  const view = state.view;
  const position = positionOf(seat);
  const parts = [];
  if (position !== "bottom") parts.push(nameplate(seat));
  let cards = view.hands[seat];
  const mini = minibridge();
  if (!cards && mini && mini.dummy === seat && mini.dummy_hand && view.phase !== "done") cards = mini.dummy_hand;
  const done = view.phase === "done" && view.deal;
  if (done) cards = parsePbnDeal(view.deal)?.[seat] || cards;
  const playable = !done && view.actor === mySeat() && view.turn === seat && view.phase === "play";
  const legal = playable ? view.legal_cards.filter((c) => c !== state.pending) : [];
  const label = `${seatName(seat)}: ${t("hand")}`;
  if (cards) {
    const shown = cards.filter((c) => c !== state.pending || !playable);
    let layout = "fan";
    if (position === "left" || position === "right") layout = "rows";
    parts.push(handEl(shown, { layout, legal, onPlay: playable ? playCard : null, label,
      small: position !== "bottom" }));
    if (!shown.length && view.phase !== "done") parts.push(h("span.count", {}, t("no_cards")));
  } else {
    const count = 13 - playedCount(view, seat);
    parts.push(backsEl(count, t("hidden_hand", { n: count })));
    if (position === "top" || position === "bottom") parts.push(h("span.count.visually-hidden", {}, t("cards_left", { n: count })));
  }
  if (position === "bottom") parts.push(nameplate(seat));
  return parts;
}

function trickEl() {
  const view = state.view;
  let trick = view.current_trick;
  let completed = false;
  if (state.showLast && view.tricks.length) {
    trick = view.tricks[view.tricks.length - 1];
    completed = true;
  } else if ((!trick || !trick.cards.length) && view.tricks.length && view.phase !== "auction") {
    trick = view.tricks[view.tricks.length - 1]; // keep the finished trick until the next lead
    completed = true;
  }
  const cards = [];
  if (trick) {
    trick.cards.forEach((card, i) => {
      const seat = next(trick.leader, i);
      const winner = completed && trick.winner === seat;
      const el = cardEl(card, { className: `pos-${positionOf(seat)}${winner ? " winner" : ""}` });
      el.setAttribute("aria-label", `${seatName(seat)}: ${el.getAttribute("aria-label")}${winner ? ", " + t("wins_trick") : ""}`);
      cards.push(el);
    });
  }
  if (state.pending && view.phase === "play") {
    const seat = view.turn;
    cards.push(cardEl(state.pending, { className: `pos-${positionOf(seat)} pending` }));
  }
  const label = state.showLast ? t("last_trick") : t("current_trick");
  return h(`div.trick${state.showLast ? ".last" : ""}`, { id: "trick", role: "group", "aria-label": label }, cards);
}

function centreNote() {
  const view = state.view;
  const mini = minibridge();
  if (state.ended) {
    return h("div.message", {}, h("strong", {}, t("table_finished")),
      finalSummaryEl(state.table?.score, state.table?.results || [], mySeat()), anotherButton());
  }
  if (view.phase === "done") {
    const result = resultFor(view.board);
    const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    return h("div.message", {},
      h("div", { id: "board-result" }, result ? resultLine(result) : t("board_over")),
      last?.winner && last.cards.length === 4 && !view.current_trick?.cards.length // the trick shown
        ? h("div.trick-won", { id: "trick-won", dataset: { seat: last.winner } }, t("won_trick", { seat: seatName(last.winner) })) : null,
      honoursLine(result),
      h("div.row", {},
        h("button", { type: "button", onclick: () => openRecord(view.board, true) }, t("hand_record")),
        mySeat() && !state.ended ? h("button.primary", { type: "button", id: "next-board", onclick: () => send({ type: "ready" }) }, t("next_board")) : null,
        endRubberButton()));
  }
  if (mini && mini.choose) {
    const hcp = ORDER.map((seat) => `${seatLetter(seat)} ${mini.hcp?.[seat] ?? "?"}`).join(" · ");
    return h("div.message", {}, h("div", {}, t("mini_points"), ": ", hcp),
      h("div", {}, t("mini_declarer", { seat: seatName(mini.declarer) })));
  }
  if (state.showLast) return t("last_trick");
  const won = collectedTrick(view);
  if (won && won.winner) {
    return h("div.trick-won", { id: "trick-won", dataset: { seat: won.winner } },
      t("won_trick", { seat: seatName(won.winner) }));
  }
  if (view.phase === "auction" && view.turn) {
    return view.turn === mySeat() ? t("your_call") : t("waiting_for", { seat: seatName(view.turn) });
  }
  if (view.phase === "play" && view.turn) {
    if (view.actor === mySeat()) return view.turn === mySeat() ? t("your_play") : t("play_from_dummy");
    return t("waiting_for", { seat: seatName(view.actor || view.turn) });
  }
  return "";
}

// --- rubber's end, another rubber, honours (issue 12) -----------------------------------------

/** "Honours: 100 to N-S" under a rubber or Chicago result that scored them. */
function honoursLine(result) {
  const honours = result?.honours;
  if (!honours) return null;
  return h("div.honours", { id: "honours-line" }, t("honours_to", { points: honours.points, side: t(honours.side.toLowerCase()) }));
}

/** Rubber, between deals, while the rubber is unfinished: the players may stop here (Law 77). */
function endRubberButton() {
  const table = state.table;
  if (!mySeat() || state.ended || table?.form !== "rubber") return null;
  const rubbers = table.score?.rubbers || [];
  const current = rubbers[rubbers.length - 1];
  if (!current || current.phase !== "playing") return null;
  return h("button", { type: "button", id: "end-rubber", onclick: () => {
    if (confirm(t("end_rubber_confirm", unfinishedFigures()))) send({ type: "end_rubber" });
  } }, t("end_rubber"));
}

function unfinishedFigures() {
  const figures = state.table?.unfinished || { game: 300, partscore: 100 };
  return { game: figures.game, partscore: figures.partscore };
}

/** After the last rubber (or Chicago): another at the same seats, the sheet continuing. */
function anotherButton() {
  const form = state.table?.form;
  if (!mySeat() || (form !== "rubber" && form !== "chicago")) return null;
  return h("div.row", {}, h("button.primary", { type: "button", id: "another", onclick: () => send({ type: "another" }) },
    t(form === "rubber" ? "another_rubber" : "another_chicago")));
}

/** Duplicate tables compared with others (matchpoints, cross-IMPs) have a traveller. */
function hasTraveller() {
  const table = state.table;
  return table?.form === "duplicate" && (table.scoring === "matchpoints" || table.scoring === "imps-cross");
}

function askTraveller(number) {
  if (hasTraveller() && connection) connection.send({ type: "traveller", board: number });
}

/** The trick just completed, while it still lies in the middle (no card led to the next). */
function collectedTrick(view) {
  if (view.phase !== "play" && view.phase !== "claim") return null;
  if (view.current_trick && view.current_trick.cards.length) return null;
  return view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
}

function resultFor(board) {
  return (state.table?.results || []).find((r) => r.board === board) || null;
}

function renderBoardInfo() {
  const view = state.view;
  const el = byId("board-info");
  if (!view) return fill(el);
  const vulNS = isVulnerable(view.vulnerability, "N");
  const vulEW = isVulnerable(view.vulnerability, "E");
  const form = state.table?.form ? t(`form_${state.table.form === "minibridge" ? "mini" : state.table.form}`) : "";
  const mini = minibridge();
  fill(el,
    h("span", {}, form),
    h("strong", { id: "board-number" }, `${t("board")} ${view.board ?? ""}`),
    h("span", {}, `${t("dealer")}: ${seatLetter(view.dealer)}`),
    // Mini-bridge has no vulnerability: the announced points take its place, every board, for all.
    mini ? h("span.mini-points", { id: "mini-points" }, `${t("mini_points")}: `,
      ORDER.map((seat) => `${seatLetter(seat)} ${mini.hcp?.[seat] ?? "?"}`).join(" · "))
      : h("span.vul" + (vulNS || vulEW ? ".red" : ""), { title: t("vulnerability") }, t("vul_" + view.vulnerability)));
}

function renderContract() {
  const view = state.view;
  const el = byId("contract-panel");
  if (!view || !view.contract) {
    const mini = minibridge();
    const text = view?.phase === "done" ? t("passed_out")
      : mini?.choose ? t("mini_declarer", { seat: seatName(mini.declarer) }) : t("no_contract_yet");
    return fill(el, h("div.row", {}, h("span", {}, text)));
  }
  const declarer = view.declarer;
  const weDeclare = mySeat() ? (ORDER.indexOf(mySeat()) % 2) === (ORDER.indexOf(declarer) % 2) : null;
  const ns = declarer === "N" || declarer === "S";
  const nsTricks = ns ? view.declarer_tricks : view.defender_tricks;
  const ewTricks = ns ? view.defender_tricks : view.declarer_tricks;
  fill(el,
    h("div.row", {},
      h("span.contract", { id: "contract", dataset: { contract: view.contract } }, contractText(view.contract)),
      h("span.by", {}, `${t("by")} ${seatName(declarer)}`)),
    h("div.row.tricks-won", { id: "tricks-won", "aria-label": t("tricks_won") },
      h("span", {}, `${t("ns")}: `, h("strong", { dataset: { side: "NS" } }, nsTricks)),
      h("span", {}, `${t("ew")}: `, h("strong", { dataset: { side: "EW" } }, ewTricks)),
      weDeclare === null ? null : h("span.hint", {}, t("need_tricks", { n: Number(view.contract[0]) + 6 }))));
}

let popover = null;
function explain(anchor, text) {
  popover?.remove();
  const rect = anchor.getBoundingClientRect();
  popover = h("div.explanation-pop", { role: "tooltip" }, text);
  document.body.append(popover);
  popover.style.left = `${Math.max(8, Math.min(window.innerWidth - 270, rect.left))}px`;
  popover.style.top = `${rect.bottom + 6}px`;
  setTimeout(() => document.addEventListener("click", () => { popover?.remove(); popover = null; }, { once: true }), 0);
}

function renderControls() {
  const view = state.view;
  const box = byId("bidding-box");
  const mini = minibridge();
  const seat = mySeat();
  if (mini && mini.choose && seat && mini.declarer === seat) {
    const all = [];
    for (let level = 1; level <= 7; level++) for (const s of ["C", "D", "H", "S", "NT"]) all.push(`${level}${s}`);
    fill(box, h("p.waiting", {}, t("choose_contract")), biddingBoxEl(all, (call) => makeCall(call), { all: true }));
  } else if (view.phase === "auction" && !mini && seat && view.actor === seat && view.legal_calls.length) {
    fill(box, biddingBoxEl(view.legal_calls, makeCall));
  } else if (view.phase === "auction" && !mini) {
    fill(box, h("p.waiting", {}, view.turn ? t("waiting_for", { seat: seatName(view.turn) }) : ""));
  } else {
    fill(box);
  }
  const playing = view.phase === "play" && seat;
  const dummy = view.declarer ? next(view.declarer, 2) : null;
  const mayClaim = playing && seat !== dummy;
  byId("last-trick-btn").hidden = !(view.tricks.length && view.phase !== "auction");
  byId("last-trick-btn").setAttribute("aria-pressed", state.showLast ? "true" : "false");
  byId("claim-btn").hidden = !mayClaim;
  byId("concede-btn").hidden = !mayClaim;
  byId("undo-btn").hidden = !seat || !state.mayUndo;
  byId("claim-form").hidden = !(state.claimOpen && mayClaim);
  const remaining = 13 - view.tricks.length;
  const claimInput = byId("claim-tricks");
  claimInput.max = String(remaining);
  if (Number(claimInput.value) > remaining) claimInput.value = String(remaining);
  byId("keyboard").hidden = !seat;
  renderRequests();
}

function renderRequests() {
  const view = state.view;
  const el = byId("requests");
  const seat = mySeat();
  const rows = [];
  const claim = view.claim;
  if (claim) {
    const said = claim.statement ? h("q.claim-statement", { id: "claim-statement-shown" }, claim.statement) : null;
    const text = [claim.tricks === 0
      ? t("claim_concedes", { seat: seatName(claim.claimer), n: claim.remaining })
      : t("claim_pending", { seat: seatName(claim.claimer), n: claim.tricks, of: claim.remaining }), said ? " " : null, said];
    const actions = [];
    if (seat && claim.needs.includes(seat) && !claim.accepted_by.includes(seat)) {
      actions.push(h("button.primary", { type: "button", id: "accept-claim", onclick: () => send({ type: "accept_claim" }) }, t("accept")));
      actions.push(h("button", { type: "button", id: "reject-claim", onclick: () => send({ type: "reject_claim" }) }, t("reject")));
    } else if (seat === claim.claimer) {
      actions.push(h("button", { type: "button", id: "withdraw-claim", onclick: () => send({ type: "withdraw_claim" }) }, t("withdraw")));
    } else {
      actions.push(h("span.hint", {}, t("claim_waiting")));
    }
    rows.push(h("div.row", { id: "claim-request" }, h("span", {}, text), ...actions));
  }
  const undo = state.table?.undo_request;
  if (undo) {
    const actions = [];
    if (seat && undo.needs.includes(seat) && !undo.accepted_by.includes(seat)) {
      actions.push(h("button.primary", { type: "button", id: "accept-undo", onclick: () => send({ type: "undo_answer", accept: true }) }, t("accept")));
      actions.push(h("button", { type: "button", id: "reject-undo", onclick: () => send({ type: "undo_answer", accept: false }) }, t("reject")));
    } else {
      actions.push(h("span.hint", {}, t("undo_waiting")));
    }
    rows.push(h("div.row", { id: "undo-request" }, h("span", {}, t("undo_asked", { seat: seatName(undo.by) })), ...actions));
  }
  fill(el, rows);
}

function renderPlayers() {
  const seats = state.table?.seats || {};
  fill(byId("players"), ORDER.map((seat) => {
    const info = seats[seat] || {};
    const away = info.kind === "human" && !info.connected;
    const ask = away && !standIn(seat) && mySeat() && seat !== mySeat() && state.table?.status !== "finished"
      ? h("button.ask-robot", { type: "button", dataset: { seat }, onclick: () => send({ type: "substitute", seat }) }, t("people_ask_robot")) : null;
    return h(`li${away ? ".away" : ""}`, { dataset: { seat } }, h("strong", {}, seatLetter(seat)), " ", playerName(seat),
      info.kind === "robot" && !/robot/i.test(info.name || "") ? ` (${t("robot")})` : away ? ` (${t("away")})` : "",
      standIn(seat) ? ` · ${t("people_stand_in")}` : "", ask);
  }));
  const number = state.view?.board ?? state.board?.number;
  const known = (state.table?.commitments || []).find((c) => c.board === number);
  const commitment = known?.sha256 || state.board?.commitment;
  let check = null;
  if (known?.seed) {
    const verdict = state.verified[number];
    if (verdict === undefined) verifySeed(number, known.seed, known.sha256);
    check = verdict === true ? h("span.verified", { id: "seed-verified" }, ` ✓ ${t("seed_verified")}`)
      : verdict === false ? h("span.error", {}, ` ✗ ${t("seed_mismatch")}`) : null;
  }
  const vul = state.view && !minibridge() && state.view.vulnerability !== "None";
  fill(byId("vul-legend"), vul ? [h("span.vul-swatch", { "aria-hidden": "true" }), t("vul_legend")] : null);
  fill(byId("commitment"),
    commitment ? [h("span", { title: t("commitment_hint") }, `${t("commitment")} (${t("board")} ${number}): `),
      h("code", { title: commitment }, commitment.slice(0, 16) + "…")] : null,
    known?.seed ? h("div", {}, `${t("seed")}: `, h("code", { title: known.seed }, known.seed.slice(0, 16) + "…"), check) : null);
}

/** Check in the browser that the revealed seed hashes to the commitment published before play. */
async function verifySeed(number, seed, sha256) {
  state.verified[number] = null;
  if (!window.crypto?.subtle) return; // plain http on another host: no WebCrypto
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  state.verified[number] = hex === sha256;
  renderPlayers();
}

function renderScore() {
  fill(byId("score"), scoreEl(state.table?.score, state.table?.results || [], mySeat(),
    { onBoard: (number) => openRecord(number, true) }));
}

function renderConnection() {
  const el = byId("conn");
  const labels = { online: t("online"), offline: t("offline"), connecting: t("connecting"),
    reconnecting: t("reconnecting"), closed: t("closed") };
  el.textContent = labels[state.status] || "";
  el.classList.toggle("offline", state.status !== "online");
}

function renderReplaced() {
  const el = byId("replaced");
  el.hidden = !state.replaced;
  byId("stand-in").hidden = !(state.you.seat && !state.replaced && standIn(state.you.seat));
}

// --- playing with people: the turn clock, stand-in robots, chat, kibitzers ---------------------

/** Why a robot plays a person's seat now, if one does. */
function standIn(seat) { return state.table?.substitutes?.[seat] || null; }

function clockLeft() {
  return state.clock ? Math.max(0, Math.ceil((state.clock.until - performance.now()) / 1000)) : 0;
}

function clockText() {
  const left = clockLeft();
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

/** The clock in the top bar and on the nameplate, redrawn every quarter second. */
function renderClock() {
  const el = byId("turn-clock");
  const clock = state.clock;
  el.hidden = !clock;
  el.classList.toggle("overtime", Boolean(clock?.overtime));
  if (!clock) return;
  const time = clockText();
  el.textContent = clock.overtime ? t("people_time_up", { seat: seatName(clock.seat), time }) : t("people_clock", { seat: seatName(clock.seat), time });
  el.dataset.seat = clock.seat;
  for (const plate of document.querySelectorAll(".nameplate .clock")) plate.textContent = time;
}

function renderWatchers() {
  const { count, names } = state.watchers;
  const who = names.length ? `: ${names.join(", ")}` : "";
  fill(byId("watchers"), count ? `${count === 1 ? t("people_watching_one") : t("people_watching", { n: count })}${who}` : null);
}

function renderChat() {
  const panel = byId("chat-panel");
  const on = state.table ? state.table.chat !== false : false;
  panel.hidden = !state.table;
  const kibitzer = !state.you.seat;
  byId("chat-form").hidden = !on;
  const input = byId("chat-input");
  const placeholder = kibitzer ? t("people_chat_to_kibitzers") : t("people_chat_to_table");
  input.placeholder = placeholder;
  input.setAttribute("aria-label", placeholder);
  byId("chat-note").textContent = !on ? t("people_chat_off") : kibitzer ? t("people_chat_kibitzers_note")
    : state.chat.length ? "" : t("people_chat_empty");
  const log = byId("chat-log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  fill(log, state.chat.map((message) => h(`li.${message.channel}`, { dataset: { number: message.number } },
    h("span.who", {}, `${message.seat ? seatLetter(message.seat) + " " : ""}${message.name || (message.seat ? seatName(message.seat) : t("people_kibitzer"))}:`),
    h("span.text", {}, message.text))));
  if (atEnd) log.scrollTop = log.scrollHeight;
}

/** Unnumbered news of the table (not events of its log): the clock, chat, who watches. */
function absorbNews(message) {
  switch (message.type) {
    case "clock":
      state.clock = message.seat ? { seat: message.seat, seconds: message.seconds, overtime: message.overtime,
        until: performance.now() + (message.left || 0) * 1000 } : null;
      render();
      renderClock();
      break;
    case "chat":
      for (const item of message.messages || []) {
        if (!state.chat.some((known) => known.number === item.number)) state.chat.push(item);
      }
      state.chat.sort((a, b) => a.number - b.number);
      if (state.chat.length > 100) state.chat.splice(0, state.chat.length - 100);
      renderChat();
      break;
    case "watchers":
      state.watchers = { count: message.count || 0, names: message.names || [] };
      renderWatchers();
      break;
    default:
      break;
  }
}

function setupPeople() {
  byId("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = byId("chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: "chat", text }) !== null) input.value = "";
  });
  byId("take-seat-back").addEventListener("click", () => send({ type: "take_seat" }));
  setInterval(() => { if (state.clock) renderClock(); }, 250);
}

function render() {
  renderConnection();
  renderReplaced();
  const view = state.view;
  window.redoubleState = state; // read-only window on the page's state, for tests and debugging
  if (!view) return;
  if (state.pending && !view.legal_cards.includes(state.pending)) state.pending = null;
  renderBoardInfo();
  for (const seat of ORDER) fill(byId(`seat-${positionOf(seat)}`), seatEl(seat));
  byId("centre").replaceChildren(trickEl(), h("div.centre-note", { id: "centre-note" }, centreNote()));
  renderContract();
  fill(byId("auction"), auctionEl(view, { hideTurn: Boolean(minibridge()?.choose), onExplain: explain, names: Object.fromEntries(ORDER.map((s) => [s, playerName(s)])) }));
  renderControls();
  renderScore();
  renderPlayers();
  renderChat();
  renderWatchers();
  renderClock();
  const recordDialog = byId("record-dialog");
  if (recordDialog.open && state.recordBoard !== undefined) renderRecord(state.recordBoard);
}

// --- hand record -----------------------------------------------------------------------------

function boardLinks(number) {
  const base = `/api/tables/${encodeURIComponent(tableId)}/boards`;
  return { pbn: `${base}/${number}.pbn`, lin: `${base}/${number}.lin`, all: `${base}.pbn` };
}

async function loadAnalysis(number) {
  if (state.analysis[number] && state.analysis[number] !== "unavailable") return;
  state.analysis[number] = "loading";
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/boards/${number}/analysis`);
      if (response.ok) {
        state.analysis[number] = await response.json();
        if (state.recordBoard === number) renderRecord(number);
        return;
      }
      if (response.status === 503) { state.analysis[number] = "unavailable"; break; }
    } catch (_) { /* retry */ }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (state.analysis[number] === "loading") state.analysis[number] = "unavailable";
  if (state.recordBoard === number) renderRecord(number);
}

function renderRecord(number) {
  const view = state.finalViews[number] || state.view;
  const analysis = state.analysis[number];
  fill(byId("record"), recordEl({
    view, result: resultFor(number), traveller: state.travellers[number] || null,
    onRefreshTraveller: hasTraveller() ? () => askTraveller(number) : null,
    analysis: typeof analysis === "object" ? analysis : null,
    analysisState: typeof analysis === "string" ? analysis : "loading",
    links: boardLinks(number), onExplain: explain,
  }));
  byId("record-heading").textContent = `${t("hand_record")} · ${t("board")} ${number}`;
}

async function openRecord(number, byHand = false) {
  if (!state.finalViews[number] && state.view?.board === number && state.view.phase === "done") state.finalViews[number] = state.view;
  if (!state.finalViews[number]) {
    // An earlier board: its record (final view with the deal) comes from the server.
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/boards/${number}`);
      if (!response.ok) return;
      const record = await response.json();
      state.finalViews[number] = { ...record.view, deal: record.view.deal || record.deal };
    } catch (_) { return; }
  }
  state.recordBoard = number;
  askTraveller(number);
  renderRecord(number);
  const dialog = byId("record-dialog");
  if (!dialog.open) dialog.showModal();
  if (byHand) dialog.querySelector("button")?.focus();
  loadAnalysis(number);
}

// --- protocol --------------------------------------------------------------------------------

function absorb(message) {
  if (message.table) state.table = message.table;
  if ("may_undo" in message) state.mayUndo = Boolean(message.may_undo);
  if (message.board) state.board = message.board;
  if (message.view) {
    const previous = state.view;
    state.view = message.view;
    if (previous && previous.board !== message.view.board) { state.showLast = false; state.claimOpen = false; }
    if (message.view.phase === "done" && message.view.board != null) state.finalViews[message.view.board] = message.view;
  }
}

function handleEvent(event) {
  if (!event) return;
  state.events.push(event);
  if (state.events.length > 300) state.events.shift();
  switch (event.type) {
    case "board_end":
      if (state.view?.phase === "done") state.finalViews[event.board] = state.view;
      if (mySeat() && state.recordShownFor !== event.board) {
        // Leave the last trick and the result on the table for a moment before the record.
        state.recordShownFor = event.board;
        clearTimeout(state.recordTimer);
        const number = event.board;
        state.recordTimer = setTimeout(() => {
          if (state.view?.board === number && state.view.phase === "done") openRecord(number);
        }, RECORD_PAUSE_MS);
      }
      break;
    case "board_start": {
      clearTimeout(state.recordTimer);
      const dialog = byId("record-dialog");
      if (dialog.open) dialog.close();
      state.showLast = false;
      break;
    }
    case "table_end":
      state.ended = true;
      break;
    case "another":
      state.ended = false;
      break;
    case "undo_answer":
      if (!event.accept) toast(t("undo_declined", { seat: seatName(event.seat) }));
      break;
    case "substitute":
      if (event.seat !== state.you.seat) toast(t("people_stood_in", { name: playerName(event.seat) }));
      break;
    case "restore":
      if (event.seat !== state.you.seat) toast(t("people_restored", { name: playerName(event.seat) }));
      break;
    case "reject":
      toast(t("claim_rejected", { seat: seatName(event.seat) }));
      break;
    case "card":
      if (state.showLast) state.showLast = false;
      break;
    default:
      break;
  }
}

function errorText(message) {
  if (message.key) return worded(message); // a refusal the server keyed (a field of a message, a rule)
  const key = `err_${message.code}`;
  const text = t(key);
  return text === key ? message.message : text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  else if (rejoinSeat) query.set("seat", rejoinSeat);
  query.set("lang", language()); // the welcome itself is worded in it (robots' explanations too)
  const url = `${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}?${query}`;
  connection = new Connection(url, {
    onStatus(status) { state.status = status; renderConnection(); },
    onWelcome(message) {
      state.you = message.you || state.you;
      absorb(message);
      if (state.view?.phase === "done" && state.table?.status === "finished") state.ended = true;
      send({ type: "language", lang: language() });
      render();
    },
    onEvent(message) {
      state.pending = null;
      absorb(message);
      handleEvent(message.event);
      if (message.event?.type === "board_end" && mySeat()) askTraveller(message.event.board);
      if (!message.more) render(); // several events of one action: draw once, after the last
    },
    onSync(message) {
      for (const item of message.events || []) handleEvent(item.event);
      state.pending = null;
      absorb(message);
      const missed = (message.events || []).length;
      if (missed) toast(t("caught_up", { n: missed }));
      render();
    },
    onTraveller(message) {
      state.travellers[message.board] = message;
      if (state.recordBoard === message.board && byId("record-dialog").open) renderRecord(message.board);
    },
    onNews: absorbNews,
    onError(message) {
      state.pending = null;
      if (message.code === "replaced") state.replaced = true; // the banner says it, with a way back
      else if (message.code === "forbidden" && !token) {
        toast(rejoinSeat ? t("people_rejoin_refused") : t("people_kibitzers_refused"), true);
      } else toast(errorText(message));
      render();
    },
  });
  window.redoubleConnection = connection; // for tests and debugging: drop() simulates a lost network
}

// --- keyboard --------------------------------------------------------------------------------

function feedback(text) { byId("kbd-feedback").textContent = text; }

/** Try what has been typed: a whole legal card plays at once; a suit alone waits for Enter. */
function interpretTyped(submit) {
  const input = byId("kbd-input");
  const typed = input.value.trim();
  const view = state.view;
  if (!view || !typed) { feedback(""); return; }
  const acting = mySeat() && view.actor === mySeat();
  if (view.phase === "auction" || minibridge()?.choose) {
    if (!submit) { feedback(""); return; }
    const alert = typed.endsWith("!");
    const call = parseCallInput(alert ? typed.slice(0, -1) : typed);
    const mini = minibridge();
    const legal = mini?.choose ? (mini.declarer === mySeat() && /^\d/.test(call || "")) : acting && view.legal_calls.includes(call);
    if (!call) { feedback(t("kbd_unknown", { text: typed })); return; }
    if (!legal) { feedback(t("kbd_illegal_call", { call: callText(call) })); return; }
    makeCall(call, alert, null);
    input.value = "";
    feedback(callText(call));
    return;
  }
  if (view.phase !== "play") { feedback(""); return; }
  const parsed = parseCardInput(typed);
  if (!parsed) { feedback(t("kbd_unknown", { text: typed })); return; }
  if (!acting) { if (submit) feedback(t("not_your_turn")); return; }
  let card = parsed.card || null;
  if (parsed.partial && !submit) { feedback(""); return; }
  if (parsed.suit && !card) {
    if (!submit) { feedback(t("kbd_suit_hint", { suit: suitName(parsed.suit) })); return; }
    const dummy = view.declarer ? next(view.declarer, 2) : null;
    if (view.turn !== dummy) { feedback(t("kbd_need_rank")); return; }
    const inSuit = view.legal_cards.filter((c) => c[0] === parsed.suit);
    if (!inSuit.length) { feedback(t("kbd_no_suit", { suit: suitName(parsed.suit) })); return; }
    card = inSuit.sort((a, b) => RANK_ORDER.indexOf(a[1]) - RANK_ORDER.indexOf(b[1]))[0];
  }
  if (!card) { feedback(t("kbd_unknown", { text: typed })); return; }
  if (!view.legal_cards.includes(card)) {
    feedback(t("kbd_illegal_card", { card: cardText(card) }));
    input.value = "";
    return;
  }
  input.value = "";
  feedback(cardText(card));
  playCard(card);
}

function setupKeyboard() {
  const input = byId("kbd-input");
  input.addEventListener("input", () => interpretTyped(false));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); interpretTyped(true); }
    if (event.key === "Escape") { input.value = ""; feedback(""); }
  });
  // Typing anywhere on the page (outside other fields) goes to the card/call field.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (byId("record-dialog").open || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!mySeat()) return;
    if (event.key === "Enter" && input.value) { event.preventDefault(); interpretTyped(true); return; }
    if (event.key === "Escape") { input.value = ""; feedback(""); return; }
    if (event.key === "Backspace" && input.value) { event.preventDefault(); input.value = input.value.slice(0, -1); return; }
    if (event.key.length === 1 && /[\p{L}\p{N}!♠♥♦♣]/u.test(event.key)) {
      event.preventDefault();
      input.value += event.key;
      interpretTyped(false);
    }
  });
}

// --- start -----------------------------------------------------------------------------------

function setupControls() {
  byId("last-trick-btn").addEventListener("click", () => { state.showLast = !state.showLast; render(); });
  byId("claim-btn").addEventListener("click", () => {
    state.claimOpen = !state.claimOpen;
    if (state.claimOpen) byId("claim-tricks").value = String(13 - (state.view?.tricks.length || 0));
    render();
    if (state.claimOpen) byId("claim-tricks").focus();
  });
  byId("claim-cancel").addEventListener("click", () => { state.claimOpen = false; render(); });
  byId("claim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const statement = byId("claim-statement").value.replace(/\s+/g, " ").trim();
    send({ type: "claim", tricks: Number(byId("claim-tricks").value), ...(statement ? { statement } : {}) });
    byId("claim-statement").value = "";
    state.claimOpen = false;
    render();
  });
  byId("concede-btn").addEventListener("click", () => {
    if (confirm(t("concede_confirm"))) send({ type: "concede" });
  });
  byId("undo-btn").addEventListener("click", () => send({ type: "undo" }));
  byId("take-back").addEventListener("click", () => {
    // Take the seat back: a new connection with this tab's link replaces the other tab's.
    state.replaced = false;
    state.status = "connecting";
    connect();
    render();
  });
  const select = byId("lang");
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    send({ type: "language", lang: select.value });
  });
  onLanguageChange((code) => { select.value = code; render(); renderChat(); renderWatchers(); renderClock(); });
}

async function main() {
  await setLanguage(preferredLanguage());
  byId("lang").value = language();
  setupControls();
  setupKeyboard();
  setupPeople();
  if (!tableId) { toast(t("no_table")); return; }
  if (token && !(await sessionName())) await askName();
  connect();
}

async function sessionName() {
  try {
    const response = await fetch("/api/session", { credentials: "same-origin" });
    return response.ok ? (await response.json()).name : null;
  } catch (_) { return null; }
}

/** An invited player without a name yet gives one (no account: a name and a session cookie). */
function askName() {
  const dialog = byId("name-dialog");
  dialog.showModal();
  byId("guest-name").focus();
  return new Promise((resolve) => {
    byId("name-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = byId("guest-name").value.trim();
      if (!name) return;
      try {
        await fetch("/api/session", { method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
      } catch (_) { /* the seat works without a name */ }
      dialog.close();
      resolve(name);
    });
  });
}

main();
