// The lobby: choose a name, a form of play and who sits where; get the invitation links.
import { byId, fill, h } from "./dom.js";
import { onLanguageChange, preferredLanguage, seatName, setLanguage, t, worded } from "./i18n.js";

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
  if (!response.ok) {  // the server's refusal, in the page's language where it is keyed
    throw new Error((data?.error && worded(data.error)) || `${response.status} ${response.statusText}`);
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
  // Rubber and Chicago: honours (rubber scores them, Chicago only if agreed); rubber: the
  // bonus for a rubber ended unfinished (Law 77).
  byId("honours").closest("label").hidden = form !== "rubber" && form !== "chicago";
  if (!honoursChosen) byId("honours").value = form === "rubber" ? "on" : "off";
  byId("unfinished").closest("label").hidden = form !== "rubber";
}
let honoursChosen = false;

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

/** Who sits where, as the lobby lists it. */
function peopleOf(table) {
  return ORDER.map((seat) => {
    const info = table.seats?.[seat] || {};
    return info.kind === "robot" ? t("robot") : info.name || seatName(seat); // unnamed: the seat, in the page's language
  }).join(" · ");
}

function formName(table) { return t(`form_${table.form === "minibridge" ? "mini" : table.form}`); }

/** "3 watching" (kibitzers at a table), or that the table has none allowed. */
function watchingText(table) {
  if (table.kibitzers === false) return t("people_no_kibitzers");
  const n = table.watching || 0;
  return n === 1 ? t("people_watching_one") : t("people_watching", { n });
}

const LOBBY_PAGE = 50; // tables a page of the lobby lists; more as the list is scrolled to its end
let lobbyNext = null; // the next page's cursor (`next` of the last page read), or null: all shown
let lobbyLoading = false;

/** One playing table in the lobby's list. */
function tableItem(table) {
  const compare = table.form === "duplicate" && table.scoring && table.scoring !== "imps-vs-par"
    ? h("button", { type: "button", onclick: () => sameBoards(table) }, t("play_same_boards")) : null;
  const watch = table.kibitzers === false ? null
    : h("a.watch", { href: `/table/${encodeURIComponent(table.id)}` }, t("watch"));
  return h("li", { dataset: { table: table.id } },
    h("span", {}, h("strong", {}, formName(table)), ` · ${t("board")} ${table.board ?? 1} · `, peopleOf(table),
      h("small.watching", {}, ` · ${watchingText(table)}`)),
    h("span.row", {}, compare, watch));
}

/** The "more tables" button shows while the server has another page. */
function renderMore() {
  byId("more-tables").hidden = !lobbyNext;
}

/** The lobby's first page (it starts again: after a new table, or in another language). */
async function loadTables() {
  try {
    const data = await api(`/api/tables?limit=${LOBBY_PAGE}`);
    const tables = data?.tables || [];
    renderFinished(data?.finished || []);
    lobbyNext = data?.next ?? null;
    const list = byId("tables");
    fill(list, tables.length ? tables.map(tableItem) : h("li.hint", {}, t("no_tables")));
  } catch (_) { /* the list is a convenience */ }
  renderMore();
}

/** The next page, added below the tables shown (a table already listed is not listed twice). */
async function loadMore() {
  if (!lobbyNext || lobbyLoading) return;
  lobbyLoading = true;
  const button = byId("more-tables");
  button.disabled = true;
  try {
    const data = await api(`/api/tables?limit=${LOBBY_PAGE}&after=${encodeURIComponent(lobbyNext)}`);
    const list = byId("tables");
    const shown = new Set([...list.querySelectorAll("li[data-table]")].map((item) => item.dataset.table));
    for (const table of data?.tables || []) if (!shown.has(table.id)) list.append(tableItem(table));
    lobbyNext = data?.next ?? null;
  } catch (_) { /* the button stays: try again */ }
  lobbyLoading = false;
  button.disabled = false;
  renderMore();
}

/** Finished tables, with their results and every board's PBN. */
function renderFinished(tables) {
  byId("finished-panel").hidden = !tables.length;
  fill(byId("finished-tables"), tables.map((table) => {
    const when = new Date(table.created);
    const date = Number.isNaN(when.getTime()) ? "" : ` · ${when.toLocaleDateString(document.documentElement.lang)}`;
    return h("li", { dataset: { table: table.id } },
      h("span", {}, h("strong", {}, formName(table)), `${date} · `, peopleOf(table)),
      h("span.row", {}, h("a.results", { href: table.results }, t("people_results")),
        h("a", { href: table.pbn, download: "" }, "PBN")));
  }));
}

/** The tables whose seat this browser holds: back to them without the seat's link. */
async function loadMine() {
  let tables = [];
  try { tables = (await api("/api/session/tables"))?.tables || []; } catch (_) { tables = []; }
  byId("my-tables-panel").hidden = !tables.length;
  fill(byId("my-tables"), tables.map((entry) => {
    const table = entry.table;
    const paused = table.status === "expired" ? h("small", {}, ` · ${t("people_expired")}`) : null;
    return h("li", { dataset: { table: table.id } },
      h("span", {}, h("strong", {}, formName(table)), ` · ${t("board")} ${table.board ?? 1} · `,
        t("people_your_seat", { seat: seatName(entry.seat) }), paused),
      h("span.row", {}, h("a.primary.rejoin", { href: entry.rejoin }, t("people_rejoin"))));
  }));
}

/** The timer's and the stand-in robot's choices, worded in the language. */
function renderOptionChoices() {
  const timer = byId("timer");
  const chosenTimer = timer.value;
  fill(timer, [h("option", { value: "" }, t("people_timer_off")),
    ...[15, 30, 45, 60, 90, 120].map((n) => h("option", { value: String(n) }, t("people_timer_seconds", { n })))]);
  timer.value = chosenTimer;
  const after = byId("robot-after");
  const chosenAfter = after.value || "60";
  fill(after, [...[30, 60, 120, 300].map((n) => h("option", { value: String(n) },
    n < 60 ? t("people_robot_after_seconds", { n }) : t("people_robot_after_minutes", { n: n / 60 }))),
  h("option", { value: "" }, t("people_robot_never"))]);
  after.value = chosenAfter;
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
  const body = { form, seats, names, undo_policy: byId("undo").value, pace: byId("pace").value,
    timer: byId("timer").value ? Number(byId("timer").value) : null,
    robot_after: byId("robot-after").value ? Number(byId("robot-after").value) : null,
    chat: byId("chat").checked, kibitzers: byId("kibitzers").checked,
    kibitzers_chat: byId("kibitzers").checked && byId("kibitzers-chat").checked,
    kibitzers_hands: byId("kibitzers").checked && byId("kibitzers-hands").checked };
  if (form === "duplicate") body.scoring = byId("scoring").value;
  if (form === "rubber" || form === "chicago") body.honours = byId("honours").value === "on";
  if (form === "rubber") body.unfinished = byId("unfinished").value;
  if (form === "duplicate" || form === "minibridge") body.boards = Number(byId("boards").value) || 8;
  const same = byId("same-boards").value.trim().replace(/^.*\/table\//, "").replace(/[?#].*$/, "");
  if (form === "duplicate" && same && body.scoring !== "imps-vs-par") body.same_boards_as = same;
  try {
    await api("/api/session", { method: "POST", body: JSON.stringify({ name }) });
    created = await api("/api/tables", { method: "POST", body: JSON.stringify(body) });
    renderLinks();
    loadMine();
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
  onLanguageChange((code) => { select.value = code; renderSeats(); renderLinks(); renderOptionChoices(); loadTables(); loadMine(); });
  renderSeats();
  renderOptionChoices();
  byId("kibitzers").addEventListener("change", () => {
    byId("kibitzers-chat").disabled = !byId("kibitzers").checked;
    byId("kibitzers-hands").disabled = !byId("kibitzers").checked;
  });
  for (const radio of document.querySelectorAll("input[name=form]")) radio.addEventListener("change", updateFormOptions);
  byId("scoring").addEventListener("change", updateFormOptions);
  updateFormOptions();
  byId("create-form").addEventListener("submit", submit);
  byId("pace").addEventListener("change", () => { paceChosen = true; });
  byId("honours").addEventListener("change", () => { honoursChosen = true; });
  suggestPace();
  try {
    const session = await api("/api/session");
    if (session?.name) byId("name").value = session.name;
  } catch (_) { /* no session yet */ }
  byId("more-tables").addEventListener("click", loadMore);
  if ("IntersectionObserver" in window) { // scrolled to the end of the list: the next page comes by itself
    new IntersectionObserver((seen) => { if (seen.some((entry) => entry.isIntersecting)) loadMore(); })
      .observe(byId("more-tables"));
  }
  loadTables();
  loadMine();
}

main();
