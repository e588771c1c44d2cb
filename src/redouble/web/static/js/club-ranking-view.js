// The ranking table shared by the live ranking page and the director's console.
import { h } from "./dom.js";

/** A ranking table per field (two for a Mitchell: NS and EW). */
export function rankingEl(ranking) {
  if (!ranking.fields.length) return h("p", {}, "No confirmed results yet.");
  return ranking.fields.map((field) => h("div.field", {},
    ranking.fields.length > 1 ? h("h2", {}, field.field) : null,
    h("table", { class: "ranking" }, h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Pair"),
      h("th", {}, "Names"), h("th", {}, "%"))),
    h("tbody", {}, field.lines.map((line) => h("tr", { dataset: { pair: line.pair } },
      h("td.place", {}, line.place), h("td", {}, line.pair), h("td", {}, line.names),
      h("td.pct", {}, line.percentage === null ? line.total : line.percentage.toFixed(2))))))));
}
