// The director's console: the grid of tables × rounds filling live, flags, pairs seated (late, phantom),
// corrections and adjusted scores with their reasons, penalties, undo, a pair that leaves or another
// movement, the links and QR cards to hand out, closing (and reopening) the session and publishing.
// Access by the director's secret link, or the club's director password.
import { h, fill, byId } from "./dom.js";
import { where, watch, call } from "./club.js";
import { rankingEl } from "./club-ranking-view.js";
import { t, setLanguage, preferredLanguage, worded } from "./i18n.js";

const { session } = where();
const { token } = where();
const base = `/api/club/sessions/${session}`;
const secret = () => `?token=${encodeURIComponent(token)}`;
const known = { pairs: "", rounds: "" };

function cellState(cell) {
  if (cell.boards.every((b) => b.counted || b.not_played)) return "done";
  return cell.boards.some((b) => b.entered || b.counted) ? "partial" : "";
}

function boardMark(b) {
  if (b.adjustment) return `${b.board}⚖`;
  return `${b.board}${b.counted ? "✓" : b.entered ? "…" : ""}`;
}

function renderGrid(grid) {
  const cells = new Map(grid.cells.map((cell) => [`${cell.table}/${cell.round}`, cell]));
  const flagged = new Set(grid.flags.map((f) => `${f.table}/${f.round}`));
  fill(byId("grid"), h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, h("th", {}, t("club_dir_table")),
      grid.rounds.map((r) => h("th", {}, t("club_dir_round_short", { round: r }))))),
    h("tbody", {}, grid.tables.map((table) => h("tr", {}, h("th", {}, table), grid.rounds.map((round) => {
      const cell = cells.get(`${table}/${round}`);
      if (!cell) return h("td", { id: `cell-${table}-${round}`, class: "empty" }, "—");
      const key = `${table}/${round}`;
      return h("td", { id: `cell-${table}-${round}`,
                       class: [cellState(cell), flagged.has(key) ? "flag" : ""].filter(Boolean).join(" ") },
        h("span.who", {}, `${cell.ns || "—"}–${cell.ew || "—"}`), " ",
        h("span.marks", {}, cell.boards.map(boardMark).join(" ")));
    }))))));
  fill(byId("flags"), grid.flags.length
    ? grid.flags.map((f) => h("li", {}, worded(f)))
    : h("li.none", {}, t("club_dir_no_flags")));
  fill(byId("log"), [...grid.log].reverse().map((line) => h("li", { value: line.seq, id: `record-${line.seq}` },
    logText(line), UNDOABLE.has(line.kind) && !grid.closed
      ? h("button.small", { type: "button", onclick: () => undoThis(line.seq) }, t("club_dir_undo_this")) : null)));
  const pairs = JSON.stringify(grid.pairs);
  if (pairs !== known.pairs) {
    known.pairs = pairs;
    for (const select of document.querySelectorAll("select.pairs")) {
      const chosen = select.value;
      fill(select, h("option", { value: "" }, t("club_dir_choose")),
        grid.pairs.map((p) => h("option", { value: p.pair },
          `${p.pair}${p.names ? ` · ${p.names}` : ""}${p.late ? " ⏰" : ""}`)));
      select.value = chosen;
    }
  }
  const rounds = JSON.stringify(grid.rounds);
  if (rounds !== known.rounds) {
    known.rounds = rounds;
    for (const select of document.querySelectorAll("select.rounds")) {
      fill(select, grid.rounds.map((r) => h("option", { value: r }, r)));
    }
  }
  showClosed(grid.closed);
}

const UNDOABLE = new Set(["result_corrected", "score_adjusted", "penalty_given", "result_removed",
                          "seating_changed", "movement_changed", "pair_seated", "undone"]);

function undoThis(seq) {
  const form = byId("undo");
  form.elements.seq.value = seq;
  form.elements.reason.focus();
  form.scrollIntoView({ block: "center" });
}

function showClosed(closed) {
  byId("close-form").hidden = closed;
  byId("reopen-form").hidden = !closed;
  if (closed && !byId("published").children.length) {
    fill(byId("published"), h("a", { href: `/club/${session}/pages/index.html`, id: "published-index" },
      t("club_dir_published")));
  }
  if (!closed) fill(byId("published"));
}

/** A line of the audit log in the page's language: number, time, who, what, and why. */
function logText(line) {
  const what = line.message ? worded(line.message) : line.text;
  const at = line.at ? `${line.at.slice(0, 19).replace("T", " ")} ` : "";
  const by = line.by_message ? worded(line.by_message) : line.by; // "tafel 3 NZ"; a typed name as it is
  const why = line.reason_message ? worded(line.reason_message) : line.reason;
  return line.message ? `#${line.seq} ${at}${by}: ${what}${why ? ` (${why})` : ""}` : what;
}

function say(text, refused = false) {
  const message = byId("message");
  message.textContent = text;
  message.classList.toggle("ok", !refused);
}

/** What each form sends: the fields typed at the edge, numbers as numbers, empty fields left out. */
const BODIES = {
  correct: (d) => pick(d, ["contract", "declarer", "tricks", "lead", "reason"], ["table", "round", "board"]),
  adjust: (d) => {
    const body = pick(d, ["reason"], ["table", "round", "board"]);
    if (d.kind === "artificial") body.score = d.artificial;
    else if (d.kind === "weighted") body.score = d.weighted;
    else if (d.kind === "split") body.score = `${d.ns_score}/${d.ew_score}`;
    else body.score = d.ns_score;
    return body;
  },
  seat: (d) => ({ pair: d.pair, players: [d.player1, d.player2].filter(Boolean), late: Boolean(d.late),
                  phantom: Boolean(d.phantom) }),
  penalty: (d) => pick(d, ["pair", "unit", "reason"], ["amount", "board"]),
  undo: (d) => pick(d, ["reason"], ["seq"]),
  withdraw: (d) => pick(d, ["pair", "how", "reason"], ["from_round"]),
  movement: async (d, form) => {
    const movement = { kind: d.kind };
    if (d.kind === "csv") {
      const file = form.elements.csv.files[0];
      movement.csv = file ? await file.text() : "";
    } else {
      Object.assign(movement, pick(d, [], ["tables", "boards_per_round", "rounds"]));
    }
    return { movement, reason: d.reason };
  },
};

function pick(data, texts, numbers) {
  const body = {};
  for (const key of texts) if (data[key]) body[key] = String(data[key]).trim();
  for (const key of numbers) if (data[key] !== undefined && data[key] !== "") body[key] = Number(data[key]);
  return body;
}

function showKind(form) {
  const kind = form.elements.kind.value;
  for (const el of form.querySelectorAll("[data-kind]")) {
    const on = el.dataset.kind.split(" ").includes(kind);
    el.hidden = !on;
    for (const input of el.matches("input, select") ? [el] : el.querySelectorAll("input, select")) {
      input.disabled = !on;
    }
  }
}

function wire(form) {
  const action = form.dataset.action;
  if (form.elements.kind) {
    form.elements.kind.addEventListener("change", () => showKind(form));
    showKind(form);
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      const answer = await call("POST", `${base}/director/${action}${secret()}`, await BODIES[action](data, form));
      say(t("club_dir_done", { text: logText(answer) }));
      form.reset();  // only once stored: a refused form keeps everything typed
      if (form.elements.kind) showKind(form);
    } catch (error) {
      say(t("club_dir_refused", { message: error.message }), true);
    }
  });
}

/** Closing (then publishing) and reopening: each a record in the log with its reason. */
function wireClose() {
  for (const [id, action] of [["close-form", "close"], ["reopen-form", "reopen"]]) {
    const form = byId(id);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const answer = await call("POST", `${base}/director/${action}${secret()}`,
          { reason: form.elements.reason.value.trim() });
        say(t("club_dir_done", { text: logText(answer) }));
        form.reset();
        showClosed(action === "close");
        if (answer.pages) {
          fill(byId("published"), answer.pages.map((page) => h("a", {
            href: page, class: "page-link", id: page.endsWith("/index.html") ? "published-index" : null,
          }, page.split("/").pop())),
          answer.missing.length ? h("p.message", {}, t("club_dir_missing", { slots: answer.missing.join("; ") })) : null);
        }
      } catch (error) {
        say(t("club_dir_refused", { message: error.message }), true);
      }
    });
  }
}

function login() {
  byId("login-panel").hidden = false;
  byId("login").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await call("POST", `${base}/director/login`,
        { password: byId("login").elements.password.value });
      location.replace(answer.link);
    } catch (error) {
      say(t("club_dir_refused", { message: error.message }), true);
    }
  });
}

async function open() {
  const overview = await call("GET", `${base}${secret()}`);
  if (!overview.grid) { login(); return; }
  byId("console").hidden = false;
  byId("title").textContent = t("club_dir_title", { name: overview.name });
  document.title = `redouble · ${t("club_dir_title", { name: overview.name })}`;
  byId("sheet-link").href = `/club/${session}/sheet${secret()}`;
  fill(byId("links"), h("li", {}, h("a", { href: overview.links.ranking }, t("club_dir_live_ranking"))),
    Object.entries(overview.links.tables).map(([table, link]) => h("li", {},
      h("a", { href: link.link, id: `link-${table}` }, t("club_dir_table_link", { table })))));
  for (const form of document.querySelectorAll("form[data-action]")) wire(form);
  wireClose();
  renderGrid(overview.grid);
  fill(byId("ranking"), rankingEl(overview.ranking));
  watch(session, token, (message) => {
    if (message.grid) renderGrid(message.grid);
    fill(byId("ranking"), rankingEl(message.ranking));
  }, (up) => { byId("conn").textContent = t(up ? "club_live" : "club_offline"); });
}

await setLanguage(preferredLanguage());
if (!token) login();
else open().catch((error) => { say(t("club_dir_refused", { message: error.message }), true); login(); });
