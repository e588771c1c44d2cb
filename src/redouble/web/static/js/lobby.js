// The lobby: choose a name, a form of play and who sits where; get the invitation links.
import { byId, fill, h } from "./dom.js";
import { onLanguageChange, preferredLanguage, seatName, setLanguage, t } from "./i18n.js";

const ORDER = ["N", "E", "S", "W"];
let seatChoice = { N: "robot", E: "robot", S: "me", W: "robot" };
let created = null;
let paceChosen = false; // until the person picks a pace: "fast" for robot-only tables

/** The pace follows the seats until chosen: a person at the table wants robots at human pace. */
function suggestPace() {
  if (paceChosen) return;
  byId("pace").value = ORDER.every((seat) => seatChoice[seat] === "robot") ? "fast" : "human";
}

async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" }, credentials: "same-origin", ...options,
  });
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!response.ok) {
    const message = data?.error?.message || data?.detail || `${response.status} ${response.statusText}`;
    throw new Error(typeof message === "string" ? message : JSON.stringify(message));
  }
  return data;
}

function renderSeats() {
  const grid = byId("seat-grid");
  fill(grid, ORDER.map((seat) => {
    const option = (value, key) => h("label", {},
      h("input", { type: "radio", name: `seat-${seat}`, value, checked: seatChoice[seat] === value,
        onchange: () => choose(seat, value) }),
      h("span", {}, t(key)));
    return h("div.seat-card", { role: "radiogroup", "aria-label": seatName(seat), dataset: { seat } },
      h("h3", {}, seatName(seat)),
      option("me", "seat_me"), option("human", "seat_person"), option("robot", "seat_robot"));
  }));
}

function choose(seat, value) {
  if (value === "me") {
    for (const other of ORDER) if (seatChoice[other] === "me") seatChoice[other] = "human";
  }
  seatChoice[seat] = value;
  suggestPace();
  renderSeats();
}

function currentForm() { return document.querySelector("input[name=form]:checked").value; }

function updateFormOptions() {
  const form = currentForm();
  document.querySelector(".duplicate-only").hidden = !(form === "duplicate" || form === "mini");
  byId("scoring").closest("label").hidden = form !== "duplicate";
  byId("same-boards").closest("label").hidden = form !== "duplicate" || byId("scoring").value === "imps-vs-par";
}

function linkRow(label, path, seat) {
  const url = new URL(path, location.origin).href;
  const input = h("input", { value: url, readonly: true, "aria-label": label, dataset: { seat: seat || "spectator" } });
  const copy = h("button", { type: "button", onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch (_) { document.execCommand?.("copy"); }
  } }, t("copy"));
  return h("li", {}, h("span.who", {}, label), input, copy);
}

function renderLinks() {
  if (!created) return;
  const mine = ORDER.find((seat) => seatChoice[seat] === "me");
  const rows = [];
  for (const seat of ORDER) {
    const link = created.links?.[seat];
    if (!link) continue;
    const label = seat === mine ? `${seatName(seat)} (${t("seat_me")})` : seatName(seat);
    rows.push(linkRow(label, link, seat));
  }
  rows.push(linkRow(t("spectators"), created.spectator, null));
  fill(byId("links"), rows);
  const take = byId("take-seat");
  take.href = mine && created.links?.[mine] ? created.links[mine] : created.spectator;
  byId("links-panel").hidden = false;
}

async function loadTables() {
  try {
    const data = await api("/api/tables");
    const tables = data?.tables || [];
    const list = byId("tables");
    if (!tables.length) return fill(list, h("li.hint", {}, t("no_tables")));
    fill(list, tables.map((table) => {
      const people = ORDER.map((seat) => {
        const info = table.seats?.[seat] || {};
        return info.kind === "robot" ? t("robot") : info.name || "·";
      }).join(" · ");
      const form = t(`form_${table.form === "minibridge" ? "mini" : table.form}`);
      const compare = table.form === "duplicate" && table.scoring && table.scoring !== "imps-vs-par"
        ? h("button", { type: "button", onclick: () => sameBoards(table) }, t("play_same_boards")) : null;
      return h("li", {}, h("span", {}, h("strong", {}, form), ` · ${t("board")} ${table.board ?? 1} · `, people),
        h("span.row", {}, compare, h("a", { href: `/table/${encodeURIComponent(table.id)}` }, t("watch"))));
    }));
  } catch (_) { /* the list is a convenience */ }
}

/** Prefill the form to play another table's boards, compared with it (matchpoints or IMPs). */
function sameBoards(table) {
  document.querySelector("input[name=form][value=duplicate]").checked = true;
  byId("scoring").value = table.scoring;
  byId("same-boards").value = table.id;
  document.querySelector("details.options").open = true;
  updateFormOptions();
  byId("create-heading").scrollIntoView({ behavior: "smooth" });
}

async function submit(event) {
  event.preventDefault();
  const error = byId("create-error");
  error.hidden = true;
  const name = byId("name").value.trim();
  if (!name) { byId("name").focus(); return; }
  const formValue = currentForm();
  const form = formValue === "mini" ? "minibridge" : formValue;
  const seats = {};
  const names = {};
  for (const seat of ORDER) {
    seats[seat] = seatChoice[seat] === "robot" ? "robot" : "human";
    if (seatChoice[seat] === "me") names[seat] = name;
  }
  const body = { form, seats, names, undo_policy: byId("undo").value, pace: byId("pace").value };
  if (form === "duplicate") body.scoring = byId("scoring").value;
  if (form === "duplicate" || form === "minibridge") body.boards = Number(byId("boards").value) || 8;
  const same = byId("same-boards").value.trim().replace(/^.*\/table\//, "").replace(/[?#].*$/, "");
  if (form === "duplicate" && same && body.scoring !== "imps-vs-par") body.same_boards_as = same;
  try {
    await api("/api/session", { method: "POST", body: JSON.stringify({ name }) });
    created = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    renderLinks();
    byId("links-panel").scrollIntoView({ behavior: "smooth", block: "start" });
    loadTables();
  } catch (problem) {
    error.textContent = `${t("create_failed")}: ${problem.message}`;
    error.hidden = false;
  }
}

async function main() {
  await setLanguage(preferredLanguage());
  const select = byId("lang");
  select.value = preferredLanguage();
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguageChange((code) => { select.value = code; renderSeats(); renderLinks(); loadTables(); });
  renderSeats();
  for (const radio of document.querySelectorAll("input[name=form]")) radio.addEventListener("change", updateFormOptions);
  byId("scoring").addEventListener("change", updateFormOptions);
  updateFormOptions();
  byId("create-form").addEventListener("submit", submit);
  byId("pace").addEventListener("change", () => { paceChosen = true; });
  suggestPace();
  try {
    const session = await api("/api/session");
    if (session?.name) byId("name").value = session.name;
  } catch (_) { /* no session yet */ }
  loadTables();
}

main();
