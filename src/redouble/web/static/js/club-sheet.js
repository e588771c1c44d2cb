// The printable sheet: one card per table with its number, its QR code, its short link and the
// movement's first instruction (who sits there in the first round, which boards).
import { h, fill, byId } from "./dom.js";
import { where, call } from "./club.js";
import { t, setLanguage, preferredLanguage } from "./i18n.js";

const { session, token } = where();

function boards(list) {
  const run = list.length > 1 && list.every((b, i) => b === list[0] + i);
  const text = run ? `${list[0]}–${list[list.length - 1]}` : list.join(", ");
  return t(list.length > 1 ? "club_boards_many" : "club_boards_one", { boards: text });
}

function first(card) {
  if (card.ns && card.ew) return t("club_sheet_first", { round: card.round, ns: card.ns, ew: card.ew, boards: boards(card.boards) });
  return t("club_sheet_sitout", { round: card.round, pair: card.ns || card.ew });
}

await setLanguage(preferredLanguage());
byId("print").addEventListener("click", () => print());
try {
  const sheet = await call("GET", `/api/club/sessions/${session}/sheet?token=${encodeURIComponent(token)}`);
  byId("title").textContent = t("club_sheet_title", { name: sheet.name });
  document.title = `redouble · ${t("club_sheet_title", { name: sheet.name })}`;
  fill(byId("cards"), sheet.tables.map((card) => h("article.card", { id: `card-${card.table}` },
    h("h2", {}, t("club_dir_table_link", { table: card.table })),
    h("img.qr", { src: card.qr, alt: card.short, width: 220, height: 220 }),
    h("p.scan", {}, t("club_sheet_scan")),
    h("p.short", {}, h("a", { href: card.short }, card.short)),
    h("p.first", {}, first(card)))));
} catch (error) {
  byId("message").textContent = t("club_dir_refused", { message: error.message });
}
