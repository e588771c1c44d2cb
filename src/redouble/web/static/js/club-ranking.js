// The live ranking on anyone's phone: re-ranked within a second of each confirmed entry.
import { h, fill, byId } from "./dom.js";
import { rankingEl } from "./club-ranking-view.js";
import { where, watch, signed, contractSymbols } from "./club.js";

const { session, token } = where();
const travellers = new Map();

watch(session, token, (message) => {
  fill(byId("ranking"), rankingEl(message.ranking));
  for (const traveller of message.travellers) travellers.set(traveller.board, traveller);
  fill(byId("travellers"), [...travellers.values()].sort((a, b) => a.board - b.board).map((t) =>
    h("div", {}, h("h3", {}, `Board ${t.board}`), h("table", {}, h("tbody", {}, t.lines.map((line) =>
      h("tr", {}, h("td", {}, `${line.ns}–${line.ew}`), h("td", {}, line.adjustment || contractSymbols(line.contract)),
        h("td", {}, signed(line.ns_score)), h("td", {}, `${line.ns_points ?? ""}`))))))));
}, (up) => { byId("conn").textContent = up ? "● live" : "○ offline"; });
