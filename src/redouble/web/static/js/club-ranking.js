// The live ranking on anyone's phone: re-ranked within a second of each confirmed entry, in the
// phone's language; a board's traveller appears once the board is finished everywhere.
import { h, fill, byId } from "./dom.js";
import { rankingEl } from "./club-ranking-view.js";
import { where, watch, signed, contractSymbols } from "./club.js";
import { decimal, t, setLanguage, preferredLanguage } from "./i18n.js";

const { session, token } = where();
const travellers = new Map();

function points(line) {
  if (line.ns_percentage !== null && line.ns_percentage !== undefined) return t("club_pct", { pct: decimal(line.ns_percentage, 2, 0) });
  return line.ns_points ?? "";
}

await setLanguage(preferredLanguage());
watch(session, token, (message) => {
  fill(byId("ranking"), h("h2", {}, t("club_rank_title")), rankingEl(message.ranking));
  for (const traveller of message.travellers) travellers.set(traveller.board, traveller);
  fill(byId("travellers"), [...travellers.values()].sort((a, b) => a.board - b.board).map((traveller) =>
    h("div.traveller", { id: `traveller-${traveller.board}` }, h("h3", {}, t("club_board", { board: traveller.board })),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("club_col_pair")), h("th", {}, t("club_col_contract")),
        h("th", {}, t("club_side_NS")), h("th", {}, t("club_col_points")))),
      h("tbody", {}, traveller.lines.map((line) =>
        h("tr", {}, h("td", {}, `${line.ns}–${line.ew}`), h("td", {}, line.adjustment || contractSymbols(line.contract)),
          h("td", {}, signed(line.ns_score)), h("td", {}, points(line)))))))));
}, (up) => { byId("conn").textContent = t(up ? "club_live" : "club_offline"); });
