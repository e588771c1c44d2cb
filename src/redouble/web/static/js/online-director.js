// The director's page of an online session: create it from a movement, set the pairs (people, a
// person with a robot, robots), start it, watch each table's clock, and decide a table still
// playing at the end of its round: late play, or average-for-not-played.
import { h, fill, byId } from "./dom.js";
import { watchOnline } from "./online.js";
import { setLanguage, preferredLanguage, t, onLanguageChange, language, worded } from "./i18n.js";

const parts = location.pathname.split("/");
const session = parts[2] === "new" ? null : parts[2];
const token = new URLSearchParams(location.search).get("token") || "";
let last = null;

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && worded(data.error)) || `HTTP ${response.status}`);
  return data;
}

async function act(action, body) {
  try {
    const frame = await post(`/api/online/sessions/${session}/${action}?token=${encodeURIComponent(token)}`, body);
    byId("message").textContent = "";
    show(frame);
  } catch (error) { byId("message").textContent = error.message; }
}

function decide(table, decision) {
  const form = byId("decide");
  form.hidden = false;
  if (!form.reportValidity()) return;
  const data = Object.fromEntries(new FormData(form));
  act("decide", { table, decision, ns: data.ns, ew: data.ew, reason: data.reason });
}

function clock(table) {
  const left = Math.max(0, Math.round(table.remaining));
  const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return `${t(`online_status_${table.status}`)} ${table.status === "done" ? "" : text}`;
}

function pairRow(pair) {
  const kind = h("select", { "aria-label": t("online_kind") }, ["people", "person_robot", "robots"].map((k) =>
    h("option", { value: k, selected: k === pair.kind }, t(`online_kind_${k}`))));
  const names = h("input", { value: pair.players.join(", "), placeholder: t("online_names") });
  const here = pair.present.length ? `● ${pair.present.join(", ")}` : "○";
  return h("tr", {}, h("th", {}, pair.pair), h("td", {}, kind), h("td", {}, names), h("td", {}, here),
    h("td", {}, h("button", { type: "button", onclick: () => act("pairs", { pair: pair.pair, kind: kind.value,
      players: names.value.split(",").map((n) => n.trim()).filter(Boolean) }) }, t("online_save"))),
    h("td", {}, h("button", { type: "button", disabled: pair.robots_from_round !== null, onclick: () => {
      const reason = byId("decide").elements.reason.value.trim() || t("online_robot_reason");
      act("robot", { pair: pair.pair, reason });
    } }, t("online_robots_play"))));
}

function show(frame) {
  last = frame;
  byId("title").textContent = `${t("online_director")} · ${frame.name}`;
  byId("round").textContent = frame.finished ? t("online_over")
    : frame.round ? t("online_round", { round: frame.round, rounds: frame.rounds.length }) : t("online_not_started");
  byId("start").hidden = frame.round > 0;
  const open = frame.tables.some((table) => ["playing", "late", "overdue"].includes(table.status));
  byId("decide").hidden = !open;
  fill(byId("tables"), frame.tables.map((table) => h("tr", { id: `online-table-${table.table}` },
    h("td", {}, table.table), h("td", {}, table.ns), h("td", {}, table.ew),
    h("td", {}, table.boards.map((b) => `${b}${table.finished.includes(b) ? "✓" : ""}`).join(" ")),
    h("td", { class: table.warning ? "clock warning" : "" }, clock(table)),
    h("td", {}, ["playing", "late", "overdue"].includes(table.status) ? [
      h("button", { type: "button", onclick: () => decide(table.table, "late") }, t("online_late_play")),
      h("button", { type: "button", onclick: () => decide(table.table, "average") }, t("online_average"))] : ""))));
  fill(byId("pairs"), frame.pairs.map(pairRow));
  const links = frame.links;
  fill(byId("links"), h("li", {}, h("a", { href: links.ranking }, t("online_ranking"))),
    h("li", {}, h("a", { href: links.club_director }, t("online_club_director"))),
    Object.entries(links.players).flatMap(([pair, players]) => Object.entries(players).map(([player, link]) =>
      h("li", {}, h("a", { href: link }, t("online_player_link", { pair, player }))))));
  fill(byId("notes"), frame.notes.map((note) => h("li", {}, worded(note))));
}

function setupCreate() {
  byId("create-panel").hidden = false;
  fetch("/api/club/config").then((r) => r.json()).then((config) => { byId("password-field").hidden = !config.password; })
    .catch(() => {});
  byId("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.target));
    const movement = { kind: data.kind, tables: Number(data.tables), boards_per_round: Number(data.boards_per_round) };
    if (data.rounds) movement.rounds = Number(data.rounds);
    const request = { name: data.name, movement, method: data.method,
      seconds_per_board: Number(data.minutes) * 60, warning_seconds: Number(data.warning) * 60 };
    if (data.password) request.password = data.password;
    try {
      const created = await post("/api/online/sessions", request);
      location.href = created.director;
    } catch (error) { byId("message").textContent = error.message; }
  });
}

async function main() {
  await setLanguage(preferredLanguage());
  byId("lang").value = language();
  byId("lang").addEventListener("change", () => setLanguage(byId("lang").value));
  onLanguageChange(() => { byId("lang").value = language(); if (last) show(last); });
  if (!session) { setupCreate(); return; }
  byId("session-panels").hidden = false;
  byId("start").addEventListener("click", () => act("start"));
  watchOnline(session, token, (frame) => {
    if (frame.type === "error") byId("message").textContent = worded(frame);
    else show(frame);
  });
}

main();
