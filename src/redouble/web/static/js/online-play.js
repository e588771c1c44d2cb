// A player's page of an online session: where they play this round (table, direction, seat,
// boards), the round clock, where they go next; the web table itself below, following them round
// by round.
import { byId } from "./dom.js";
import { watchOnline } from "./online.js";
import { setLanguage, preferredLanguage, t, onLanguageChange, language, seatName, worded } from "./i18n.js";

const session = location.pathname.split("/")[2];
const token = new URLSearchParams(location.search).get("token") || "";
let last = null;
let deadline = null;  // local time the clock reaches zero
let shownTable = null;

function boardsText(boards) {
  const runs = boards.length > 1 && boards.every((b, i) => i === 0 || b === boards[i - 1] + 1);
  const list = runs ? `${boards[0]}–${boards[boards.length - 1]}` : boards.join(", ");
  return t(boards.length === 1 ? "online_board" : "online_boards", { boards: list });
}

function sideText(side) { return t(side === "NS" ? "online_side_NS" : "online_side_EW"); }

function render() {
  const frame = last;
  if (!frame) return;
  byId("title").textContent = frame.name;
  byId("ranking").href = frame.ranking;
  const you = frame.you;
  let where = "";
  let status = "";
  if (frame.finished) status = t("online_over");
  else if (!frame.round) status = t("online_not_started");
  else if (!you) status = t("online_sit_out");
  if (you) {
    where = [t("online_round", { round: you.round, rounds: frame.rounds.length }),
      t("online_table", { table: you.table }), sideText(you.side),
      t("online_seat", { seat: seatName(you.seat) }), boardsText(you.boards)].join(" · ");
    if (you.robot) status = t("online_robot");
    else if (you.status === "done") status = t("online_waiting");
    else if (you.status === "overdue") status = t("online_time_up");
    else if (you.status === "late") status = t("online_late");
  }
  byId("where").textContent = where;
  byId("status").textContent = status;
  const next = frame.next;
  byId("next").textContent = !next || frame.finished ? ""
    : next.sits_out ? t("online_next_sit_out", { round: next.round })
      : t("online_next", { round: next.round, table: next.table, side: sideText(next.side), boards: boardsText(next.boards) });
  tick();
}

function tick() {
  const clock = byId("clock");
  const you = last && last.you;
  if (!you || deadline === null || you.status === "done" || last.finished) {
    clock.textContent = "";
    clock.className = "clock";
    return;
  }
  const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.textContent = t("online_left", { time: text });
  clock.className = `clock${left === 0 ? " over" : you.warning || left <= 0 ? " warning" : ""}`;
}

async function showTable(you) {
  const frame = byId("table");
  const key = you && !you.robot ? `${you.table_id}/${you.token}` : null;
  if (key === shownTable) return;
  shownTable = key;
  if (!key) { frame.hidden = true; frame.removeAttribute("src"); return; }
  await nameOnce();
  frame.src = `/table/${encodeURIComponent(you.table_id)}?token=${encodeURIComponent(you.token)}&lang=${language()}`;
  frame.hidden = false;
}

/** The table asks a guest's name once; the session knows the player's, so give it first. */
async function nameOnce() {
  const name = last && last.player_name;
  if (!name) return;
  try {
    const known = await fetch("/api/session", { credentials: "same-origin" });
    if (known.ok && (await known.json()).name) return;
    await fetch("/api/session", { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  } catch (_) { /* the table asks instead */ }
}

function onFrame(frame) {
  if (frame.type === "error") { byId("status").textContent = worded(frame); return; }
  last = frame;
  deadline = frame.you ? Date.now() + frame.you.remaining * 1000 : null;
  render();
  showTable(frame.you);
}

async function main() {
  await setLanguage(preferredLanguage());
  byId("lang").value = language();
  byId("lang").addEventListener("change", () => setLanguage(byId("lang").value));
  onLanguageChange(() => { byId("lang").value = language(); render(); });
  setInterval(tick, 1000);
  watchOnline(session, token, onFrame);
}

main();
