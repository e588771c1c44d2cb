// A new club session from the director's console: a Mitchell or Howell by tables and boards per round,
// or a Bridgemate movement file; the scoring, the deals, the traveller setting, the pairs' names.
import { byId } from "./dom.js";
import { call } from "./club.js";
import { t, setLanguage, preferredLanguage } from "./i18n.js";

const form = byId("create");

function showKind() {
  const kind = form.elements.kind.value;
  for (const el of form.querySelectorAll("[data-kind]")) {
    const on = el.dataset.kind.split(" ").includes(kind);
    el.hidden = !on;
    for (const input of el.querySelectorAll("input")) input.disabled = !on;
  }
}

/** "1NS: Ann Smith, Bob Jones" a line → {"1NS": ["Ann Smith", "Bob Jones"]}; a malformed line throws. */
function pairs(text) {
  const found = {};
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const match = line.match(/^([0-9]+\s*(?:NS|EW|NZ|OW|ØV)?)\s*[:=]\s*(.+)$/i);
    if (!match) throw new Error(t("club_new_bad_names", { line: index + 1 }));
    const pair = match[1].replace(/\s+/g, "").toUpperCase().replace("NZ", "NS").replace("OW", "EW").replace("ØV", "EW");
    found[pair] = match[2].split(/[,–&]| - /).map((name) => name.trim()).filter(Boolean);
  });
  return found;
}

async function body() {
  const d = Object.fromEntries(new FormData(form));
  const movement = { kind: d.kind };
  if (d.kind === "csv") {
    const file = form.elements.csv.files[0];
    movement.csv = file ? await file.text() : "";
  } else {
    for (const key of ["tables", "boards_per_round", "rounds"]) if (d[key]) movement[key] = Number(d[key]);
  }
  const request = { name: d.name.trim(), event: (d.event || "").trim(), movement, method: d.method,
                    travellers: form.elements.travellers.checked, pairs: pairs(d.pairs || "") };
  if (d.seed) request.seed = d.seed.trim();
  if (d.phantom) request.phantom = d.phantom.trim();
  if (d.password) request.password = d.password;
  return request;
}

await setLanguage(preferredLanguage());
form.elements.kind.addEventListener("change", showKind);
showKind();
call("GET", "/api/club/config").then((config) => { byId("password-field").hidden = !config.password; });
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const created = await call("POST", "/api/club/sessions", await body());
    location.assign(created.director.link);
  } catch (error) {
    byId("message").textContent = t("club_dir_refused", { message: error.message });
  }
});
