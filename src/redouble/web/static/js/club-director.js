// The director's console: the grid of tables × rounds filling live, flags, corrections and
// adjusted scores with their reasons, undo, the links to hand out, closing and publishing.
import { h, fill, byId } from "./dom.js";
import { where, watch, call } from "./club.js";
import { rankingEl } from "./club-ranking-view.js";

const { session, token } = where();
const base = `/api/club/sessions/${session}`;
const secret = `?token=${encodeURIComponent(token)}`;

function cellState(cell) {
  if (cell.boards.every((b) => b.counted || b.not_played)) return "done";
  return cell.boards.some((b) => b.entered || b.counted) ? "partial" : "";
}

function renderGrid(grid) {
  const cells = new Map(grid.cells.map((cell) => [`${cell.table}/${cell.round}`, cell]));
  const flagged = new Set(grid.flags.map((f) => `${f.table}/${f.round}`));
  fill(byId("grid"), h("table", { class: "grid" },
    h("thead", {}, h("tr", {}, h("th", {}, "Table"), grid.rounds.map((r) => h("th", {}, `R${r}`)))),
    h("tbody", {}, grid.tables.map((table) => h("tr", {}, h("th", {}, table), grid.rounds.map((round) => {
      const cell = cells.get(`${table}/${round}`);
      if (!cell) return h("td", {}, "");
      const key = `${table}/${round}`;
      return h("td", { id: `cell-${table}-${round}`, class: [cellState(cell), flagged.has(key) ? "flag" : ""].filter(Boolean).join(" ") },
        `${cell.ns || "—"}/${cell.ew || "—"} `,
        cell.boards.map((b) => `${b.board}${b.counted ? "✓" : b.entered ? "…" : ""}`).join(" "));
    }))))));
  fill(byId("flags"), grid.flags.map((f) => h("li", {}, f.text)));
  fill(byId("log"), grid.log.map((line) => h("li", { value: line.seq }, line.text)));
  if (grid.closed && !byId("published").children.length) byId("published").replaceChildren(h("a", { href: `/club/${session}/pages/index.html` }, "Published pages"));
}

function form(id, path, numbers) {
  byId(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.target));
    for (const key of Object.keys(data)) if (data[key] === "") delete data[key];
    for (const key of numbers) if (key in data) data[key] = Number(data[key]);
    try {
      await call("POST", `${base}/director/${path}${secret}`, data);
      byId("message").textContent = "";
      event.target.reset();
    } catch (error) {
      byId("message").textContent = error.message;
    }
  });
}

form("correct", "correct", ["table", "round", "board"]);
form("adjust", "adjust", ["table", "round", "board"]);
form("undo", "undo", ["seq"]);
byId("close").addEventListener("click", async () => {
  try {
    const answer = await call("POST", `${base}/director/close${secret}`);
    fill(byId("published"), answer.pages.map((page) => h("a", { href: page, style: "display:block" }, page)),
      answer.missing.length ? h("p.message", {}, `Missing: ${answer.missing.join("; ")}`) : null);
  } catch (error) {
    byId("message").textContent = error.message;
  }
});

call("GET", `${base}${secret}`).then((overview) => {
  byId("title").textContent = `Director · ${overview.name}`;
  fill(byId("links"), h("li", {}, h("a", { href: overview.links.ranking }, "Live ranking")),
    Object.entries(overview.links.tables).map(([table, link]) => h("li", {},
      h("a", { href: link.link, id: `link-${table}` }, `Table ${table}`))));
}).catch((error) => { byId("message").textContent = error.message; });

watch(session, token, (message) => {
  if (message.grid) renderGrid(message.grid);
  fill(byId("ranking"), rankingEl(message.ranking));
}, (up) => { byId("conn").textContent = up ? "● live" : "○ offline"; });
