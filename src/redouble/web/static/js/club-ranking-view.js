// The ranking table shared by the live ranking page and the director's console.
import { h } from "./dom.js";
import { decimal, t } from "./i18n.js";

/** A field's name in the page's language: "NS" / "EW" (with the section when there are several). */
function fieldName(name, fields) {
  const [section, direction] = name.split(" ");
  if (!direction || !["NS", "EW"].includes(direction)) return name;
  const sections = new Set(fields.map((field) => field.field.split(" ")[0]));
  return sections.size > 1 ? `${section} ${t(`club_side_${direction}`)}` : t(`club_side_${direction}`);
}

/** A ranking table per field (two for a Mitchell: NS and EW), in the page's language. */
export function rankingEl(ranking) {
  if (!ranking.fields.length) return h("p.none", {}, t("club_no_results"));
  return ranking.fields.map((field) => h("div.field", {},
    ranking.fields.length > 1 ? h("h3", {}, fieldName(field.field, ranking.fields)) : null,
    h("table", { class: "ranking" }, h("thead", {}, h("tr", {}, h("th", {}, t("club_col_place")),
      h("th", {}, t("club_col_pair")), h("th", {}, t("club_col_names")), h("th.pct", {}, t("club_col_score")))),
    h("tbody", {}, field.lines.map((line) => h("tr", { dataset: { pair: line.pair } },
      h("td.place", {}, line.place), h("td", {}, line.pair), h("td", {}, line.names),
      h("td.pct", {}, line.percentage === null ? line.total
        : t("club_pct", { pct: decimal(line.percentage, 2) }))))))));
}
