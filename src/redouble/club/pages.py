"""A session's published results: one folder of static HTML, CSV and a PDF a club can upload anywhere.

``index.html`` holds the ranking (place, pair, names, score, percentage), every board's traveller
with its frequency table and, when the deals are known, the hand with its double-dummy table and
par (``redouble.analysis.handrecord``), each pair's personal score card, and the director's
adjustments and corrections from the audit log. Every number carries how it was found (a
tooltip, and a "how" list under each table that opens on a tap). Labels come in English, Dutch,
German and Norwegian; contracts, seats and cards in that language's notation. ``handrecord.html``
is the A4 hand record, ``ranking.csv`` and ``travellers.csv`` the numbers for a spreadsheet, ``results.pbn`` (PBN 2.1
result tables) and ``results.xml`` (USEBIO 1.2) the session for other scoring programs, and
``print_pdf`` prints the page through Chromium.
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from redouble.analysis.handrecord import RecordBoard, hand_record_html, record_boards
from redouble.cards import SUITS, Strain, Suit
from redouble.club.derivation import Derivation, Signed, number_text
from redouble.club.event import EventMethod, EventScore
from redouble.club.logwords import change_message
from redouble.club.movement import PairId
from redouble.club.results import BoardResult
from redouble.club.scoring import BoardScore, PairScore, ScoredLine, SessionScore
from redouble.club.session import Record, SessionError, SessionState
from redouble.club.teamscore import TeamsScore
from redouble.errors import BridgeError
from redouble.notation import Language
from redouble.scoring.duplicate import score_breakdown
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale
from redouble.seats import Seat, Side, Vulnerability

__all__ = ["LABELS", "PageError", "event_page", "print_pdf", "render_pages", "write_event_pages", "write_pages"]


class PageError(BridgeError):
    """Pages that cannot be written or printed (a folder, Chromium)."""


def _labels() -> dict[str, dict[str, str]]:
    folder = resources.files("redouble.club") / "i18n"
    return {code: json.loads((folder / f"labels-{code}.json").read_text(encoding="utf-8"))
            for code in ("en", "nl", "de", "no")}


#: The pages' words in each language, from ``club/i18n/labels-*.json`` (the bridge notation itself comes from
#: ``redouble.notation``, the derivations' words from ``redouble.club.derivation``).
LABELS: dict[str, dict[str, str]] = _labels()

_SIDES = {"en": ("NS", "EW"), "nl": ("NZ", "OW"), "de": ("NS", "OW"), "no": ("NS", "ØV")}
_RED = (Suit.HEARTS, Suit.DIAMONDS)
_DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


@dataclass(frozen=True, slots=True)
class _Words:
    """One language's labels and notation, as the page writer uses them."""

    language: Language
    labels: dict[str, str]

    def __getitem__(self, key: str) -> str:
        return self.labels[key]

    def side(self, side: Side) -> str:
        """NS/EW in this language (NZ/OW, NS/OW, NS/ØV)."""
        return _SIDES[self.language.value][side]

    def vulnerability(self, vulnerability: Vulnerability) -> str:
        """A board's vulnerability in this language."""
        if vulnerability is Vulnerability.NONE:
            return self["none"]
        if vulnerability is Vulnerability.BOTH:
            return self["all"]
        return self.side(Side.NS if vulnerability is Vulnerability.NS else Side.EW)

    def pair(self, pair: PairId | None) -> str:
        """A pair number with its direction in this language: ``3NZ``."""
        if pair is None:
            return "–"
        return f"{pair.number}{'' if pair.direction is None else self.side(pair.direction)}"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


_num = number_text


def _signed(value: float) -> str:
    return Signed(value).text()


def _anchor(pair: PairId) -> str:
    return f"pair-{pair.section}-{pair}"


def _strain_html(strain: Strain, words: _Words) -> str:
    if strain is Strain.NOTRUMP:
        return _e(words.language.table.notrump)
    suit = strain.suit
    assert suit is not None
    return f'<span class="{"red" if suit in _RED else "blk"}">{suit.symbol}</span>'


def _contract_html(result: BoardResult, words: _Words) -> str:
    contract = result.contract
    if contract is None:
        return _e(words["passed"]) if result.score == 0 and not result.adjusted else ""
    return f"{contract.level}{_strain_html(contract.strain, words)}{contract.risk.suffix}"


def _card_html(result: BoardResult, words: _Words) -> str:
    card = result.lead
    if card is None:
        return ""
    suit = card.suit
    return (f'<span class="{"red" if suit in _RED else "blk"}">{suit.symbol}</span>'
            f"{_e(words.language.rank_text(card.rank.value))}")


def _line_html(result: BoardResult, words: _Words) -> str:
    """A result in the page's notation: ``4♠ N +1`` (an adjusted score as its label)."""
    if result.contract is None or result.adjusted:
        return _e(result.result_text()) if result.adjusted else _contract_html(result, words)
    declarer = "" if result.contract.declarer is None else result.contract.declarer.letter(words.language)
    return f"{_contract_html(result, words)} {_e(declarer)} {_tricks_text(result)}"


def _tricks_text(result: BoardResult) -> str:
    if result.contract is None or result.tricks is None:
        return ""
    over = result.tricks - result.contract.tricks_needed
    return "=" if over == 0 else f"{over:+d}"


# --- the page --------------------------------------------------------------------------------

_CSS = """
:root { --ink: #1d2433; --muted: #5b6475; --line: #d8dde6; --band: #f3f5f9; --accent: #1f5fa8; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Arial, sans-serif; color: var(--ink);
       margin: 0; line-height: 1.35; font-size: 15px; background: #fff; }
header { background: var(--accent); color: #fff; padding: 14px 18px 10px; }
header h1 { margin: 0; font-size: 1.45em; }
header .sub { opacity: .9; font-size: .92em; margin-top: 2px; }
nav { display: flex; flex-wrap: wrap; gap: 6px 14px; padding: 8px 18px; background: var(--band);
      border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; font-size: .95em; }
nav a { color: var(--accent); text-decoration: none; white-space: nowrap; }
nav .langs { margin-left: auto; }
main { max-width: 1100px; margin: 0 auto; padding: 6px 14px 30px; }
h2 { font-size: 1.25em; margin: 22px 0 8px; border-bottom: 2px solid var(--accent); padding-bottom: 3px; }
h3 { font-size: 1.08em; margin: 18px 0 6px; }
.note { color: #8a4b00; background: #fff4e0; border: 1px solid #f0d39c; padding: 6px 10px; border-radius: 4px; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.grid { width: 100%; }
table.grid.freq { width: auto; }
.rank table.grid { max-width: 820px; }
table.grid th, table.grid td { padding: 4px 7px; border-bottom: 1px solid var(--line); text-align: right;
                                white-space: nowrap; }
table.grid th { background: var(--band); font-weight: 600; font-size: .9em; }
table.grid td.l, table.grid th.l { text-align: left; }
table.grid td.names { white-space: normal; min-width: 9em; }
table.grid tr:nth-child(even) td { background: #fafbfd; }
td[title], span[title] { cursor: help; text-decoration: underline dotted #9aa3b5; text-underline-offset: 3px; }
a.pair { color: var(--accent); text-decoration: none; font-weight: 600; }
.phone { display: none; }
.red { color: #c0142b; } .blk { color: #111; }
.adj { color: #8a4b00; font-size: .85em; }
details { margin: 4px 0 10px; font-size: .88em; color: var(--muted); }
details summary { cursor: pointer; color: var(--accent); }
details li { margin: 2px 0; }
.board { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px 4px; margin: 14px 0;
         break-inside: avoid; }
.board h3 { margin-top: 2px; }
.deal { display: flex; flex-wrap: wrap; gap: 10px 26px; align-items: flex-start; margin-bottom: 8px; }
.diagram { display: grid; grid-template-columns: repeat(3, auto); gap: 2px 12px; font-size: .92em; }
.diagram .hand { white-space: nowrap; line-height: 1.3; }
.diagram .mid { display: flex; align-items: center; justify-content: center; width: 54px; height: 54px;
                border: 1px solid var(--line); background: var(--band); font-size: .8em; color: var(--muted);
                text-align: center; }
table.dd { font-size: .85em; } table.dd td, table.dd th { padding: 1px 5px; text-align: center; }
table.dd th { font-weight: 600; border-bottom: 1px solid var(--line); }
.par { font-size: .88em; margin-top: 4px; }
.twocol { display: flex; flex-wrap: wrap; gap: 8px 28px; align-items: flex-start; }
.twocol > div { flex: 1 1 360px; min-width: 0; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; margin: 12px 0; break-inside: avoid; }
.card h3 { margin: 4px 0; }
footer { color: var(--muted); font-size: .8em; text-align: center; padding: 16px; }
@media (max-width: 600px) {
  body { font-size: 14px; }
  header { padding: 10px 12px 8px; } main { padding: 4px 6px 24px; }
  .board, .card { padding: 6px 6px 2px; }
  table.grid th, table.grid td { padding: 4px 5px; }
  .hide-phone { display: none; }
  .phone { display: table-cell; }
  nav .langs { margin-left: 0; }
}
@media print {
  nav, details summary { display: none; }
  td[title], span[title] { text-decoration: none; }
  header { background: none; color: #000; border-bottom: 2px solid #000; }
  body { font-size: 10pt; } h2 { break-before: page; } h2.first { break-before: avoid; }
  .scroll { overflow: visible; }
}
"""


class _Page:
    """Builds the single results page of one session in one language."""

    def __init__(self, state: SessionState, score: SessionScore | None, words: _Words,
                 log: Sequence[Record], languages: dict[str, str], teams: TeamsScore | None = None) -> None:
        self.state = state
        self.score = score
        self.teams = teams
        self.words = words
        self.log = log
        self.languages = languages
        self.unit = "MP" if score is None else score.method.unit
        self.analysed: dict[int, RecordBoard] = {}

    def _why(self, why: Derivation) -> str:
        """A derivation in the page's language, escaped for HTML."""
        return _e(why.render(self.words.language))

    # -- ranking --

    def ranking(self) -> str:
        """The ranking of each field, every total and percentage with its derivation."""
        words, score = self.words, self.score
        if score is None:
            return ""
        out = []
        for field in sorted(score.fields, key=lambda name: name.replace("NS", "0").replace("EW", "1")):
            pairs = score.ranking(field)
            title = words["ranking"] if len(score.fields) == 1 else f"{words['ranking']} {self._field_name(field)}"
            rows = []
            for pair in pairs:
                percent = "" if pair.percentage is None else f"{pair.percentage:.2f}"
                penalty = (f' <span class="adj" title="{_e(words["penalty"])}">(−{_num(pair.penalty)})</span>'
                           if pair.penalty else "")
                rows.append(
                    f"<tr><td>{_e(pair.place_text)}</td>"
                    f'<td><a class="pair" href="#{_anchor(pair.pair)}">{_e(words.pair(pair.pair))}</a></td>'
                    f'<td class="l names">{_e(self.state.names(pair.pair))}</td>'
                    f'<td title="{self._why(pair.why)}">{_num(pair.total)}{penalty}</td>'
                    f'<td title="{self._why(pair.why)}">{percent}</td>'
                    f'<td class="hide-phone">{pair.boards}</td></tr>')
            head = (f"<tr><th>{words['place']}</th><th>{words['pair']}</th><th class='l'>{words['names']}</th>"
                    f"<th>{self.unit}</th><th>{words['percent']}</th><th class='hide-phone'>{words['boards']}</th>"
                    "</tr>")
            how = "".join(f"<li>{self._why(pair.why)}</li>" for pair in pairs)  # each begins with its pair
            out.append(f"<h3>{_e(title)}</h3><div class='scroll rank'><table class='grid'>{head}{''.join(rows)}"
                       f"</table></div><details><summary>{words['how']}</summary><ul>{how}</ul></details>")
        return "".join(out)

    def _field_name(self, field: str) -> str:
        parts = field.split()
        if len(parts) == 2 and parts[1] in ("NS", "EW"):
            return f"{parts[0]} {self.words.side(Side[parts[1]])}" if len(self.state.movement.sections) > 1 \
                else self.words.side(Side[parts[1]])
        return field if len(self.state.movement.sections) > 1 else ""

    # -- travellers --

    def travellers(self) -> str:
        """Every board of the movement, in order."""
        return "".join(self.board(number) for number in self.state.movement.boards)

    def board(self, number: int) -> str:
        """One board: its hand, DD table and par, frequencies and traveller."""
        words = self.words
        scored = self._board_score(number)
        dealt = self.state.boards.get(number)
        vulnerability = self.state.vulnerability(number)
        dealer = dealt.dealer if dealt is not None else None
        info = f"{words['vulnerable']}: {_e(words.vulnerability(vulnerability))}"
        if dealer is not None:
            info = f"{words['dealer']}: {_e(dealer.format(lang=words.language, full=True))} · " + info
        deal_html = self._deal(number)
        lines = {} if scored is None else {(line.result.table, line.result.round): line for line in scored.lines}
        rows = []
        states = {state.slot: state for state in self.state.traveller(number)}
        for slot in sorted({*states, *(s for s in self.state.missing() if s.board == number)}):
            seating = self.state.seating(table=slot.table, round=slot.round, section=slot.section)
            slot_state = states.get(slot)
            if slot_state is None:
                rows.append(self._traveller_row(slot.table, seating.ns, seating.ew, None, None, False, False))
                continue
            result = slot_state.scored if slot_state.scored is not None else slot_state.result
            line = lines.get((slot.table, slot.round))
            rows.append(self._traveller_row(slot.table, seating.ns, seating.ew, result, line,
                                            slot_state.not_played, slot_state.adjustment is not None))
        head = (f"<tr><th class='hide-phone'>#</th><th>{words.side(Side.NS)}</th><th>{words.side(Side.EW)}</th>"
                f"<th class='l'>{words['contract']}</th><th>{words['by']}</th>"
                f"<th class='hide-phone'>{words['lead']}</th>"
                f"<th class='hide-phone'>{words['result']}</th>"
                f"<th class='hide-phone'>{words['score']} {words.side(Side.NS)}</th>"
                f"<th class='hide-phone'>{words['score']} {words.side(Side.EW)}</th>"
                f"<th class='phone'>{words['score']}</th>"
                f"<th>{words.side(Side.NS)} {self.unit}</th><th>{words.side(Side.EW)} {self.unit}</th></tr>")
        how = ""
        if scored is not None:
            items = [f"<li>{self._why(scored.why)}</li>"] + [
                f"<li>{_e(words.pair(line.result.ns))}–{_e(words.pair(line.result.ew))}: "
                f"{self._why(line.ns_why)}; {self._why(line.ew_why)}</li>" for line in scored.lines]
            how = f"<details><summary>{words['how']}</summary><ul>{''.join(items)}</ul></details>"
        table = f"<div class='scroll'><table class='grid'>{head}{''.join(rows)}</table></div>{how}"
        return (f"<section class='board' id='board-{number}'><h3>{words['board']} {number}</h3>"
                f"<div class='sub'>{info}</div><div class='deal'>{deal_html}{self.frequencies(scored)}</div>"
                f"{table}</section>")

    def _board_score(self, number: int) -> BoardScore | None:
        if self.score is None:
            return None
        try:
            return self.score.board(number)
        except ValueError:
            return None

    def _traveller_row(self, table: int, ns: PairId | None, ew: PairId | None, result: BoardResult | None,
                       line: ScoredLine | None, not_played: bool, adjusted: bool) -> str:
        words = self.words
        pair_cells = (f"<td class='hide-phone'>{table}</td><td>{self._pair_link(ns, short=True)}</td>"
                      f"<td>{self._pair_link(ew, short=True)}</td>")
        if result is None:
            label = words["notplayed"] if not_played else "…"
            return f"<tr>{pair_cells}<td class='l' colspan='9'>{_e(label)}</td></tr>"
        declarer = ""
        if result.contract is not None and result.contract.declarer is not None:
            declarer = result.contract.declarer.letter(words.language)
        score = result.ns_score if result.artificial is None and result.weighted is None else None
        why = _e(self._law77(result))
        plus = f"<span title='{why}'>{score}</span>" if score is not None and score > 0 else ""
        minus = f"<span title='{why}'>{-score}</span>" if score is not None and score < 0 else ""
        contract = _contract_html(result, words)
        if adjusted or result.adjusted:
            label = result.artificial.label() if result.artificial is not None else (
                str(result.weighted) if result.weighted is not None else (
                    f"{result.score}/{result.ew_score}" if result.ew_score is not None else ""))
            contract += f" <span class='adj'>({_e(words['adjusted'])}{' ' + _e(label) if label else ''})</span>"
        ns_points = ew_points = ""
        if line is not None:
            ns_points = f"<td title='{self._why(line.ns_why)}'>{_num(line.ns)}</td>"
            ew_points = f"<td title='{self._why(line.ew_why)}'>{_num(line.ew)}</td>"
        else:
            ns_points = ew_points = "<td></td>"
        return (f"<tr>{pair_cells}<td class='l'>{contract}</td><td>{_e(declarer)}</td>"
                f"<td class='hide-phone'>{_card_html(result, words)}</td>"
                f"<td class='hide-phone'>{_tricks_text(result)}</td>"
                f"<td class='hide-phone'>{plus}</td><td class='hide-phone'>{minus}</td>"
                f"<td class='phone'>{'' if score is None else score}</td>{ns_points}{ew_points}</tr>")

    def _law77(self, result: BoardResult) -> str:
        """How a line's score is made up (Law 77), as its tooltip: ``trick score 120 + game bonus 300 = 420``."""
        contract = result.contract
        if contract is None or result.tricks is None or result.score is not None:
            return ""
        vulnerability = self.state.vulnerability(result.board)
        breakdown = score_breakdown(contract, tricks=result.tricks, vulnerable=vulnerability)
        parts = " + ".join(f"{label} {points}" for label, points in breakdown.lines())
        return f"{contract.format(with_declarer=True)}, {result.tricks} tricks: {parts} = {breakdown.total} (Law 77)"

    def _pair_link(self, pair: PairId | None, *, short: bool = False) -> str:
        """A pair linked to its score card; ``short`` leaves out the direction its column already names."""
        if pair is None:
            return "–"
        text = str(pair.number) if short and pair.direction is not None else self.words.pair(pair)
        return f"<a class='pair' href='#{_anchor(pair)}'>{_e(text)}</a>"

    def frequencies(self, scored: BoardScore | None) -> str:
        """Each NS score once, how often it was scored and what it earned each side."""
        if scored is None:
            return ""
        words = self.words
        groups: dict[int, list[ScoredLine]] = {}
        for line in scored.lines:
            score = line.result.ns_score
            if score is None or line.result.artificial is not None or line.result.weighted is not None:
                continue
            groups.setdefault(score, []).append(line)
        if not groups:
            return ""
        basis = (f"{words['top']} {_num(scored.top)}" if scored.datum is None
                 else f"{words['datum']} {_num(scored.datum)}")
        rows = "".join(
            f"<tr><td>{score:+d}</td><td>{len(lines)}</td><td title='{self._why(lines[0].ns_why)}'>"
            f"{_num(lines[0].ns)}</td><td title='{self._why(lines[0].ew_why)}'>{_num(lines[0].ew)}</td></tr>"
            for score, lines in sorted(groups.items(), reverse=True))
        return (f"<div><table class='grid freq'><tr><th>{words['score']} {words.side(Side.NS)}</th>"
                f"<th>{words['count']}</th><th>{words.side(Side.NS)} {self.unit}</th>"
                f"<th>{words.side(Side.EW)} {self.unit}</th></tr>{rows}</table>"
                f"<div class='par'>{words['frequencies']} · {basis}</div></div>")

    def _deal(self, number: int) -> str:
        analysed = self.analysed.get(number)
        if analysed is None:
            return ""
        words = self.words

        def hand(seat: Seat) -> str:
            """One hand, suit by suit, in the page's notation."""
            held = analysed.deal[seat]
            lines = []
            for suit in SUITS:
                ranks = "".join(words.language.rank_text(rank.value) for rank in held.holding(suit)) or "—"
                lines.append(f"<span class='{'red' if suit in _RED else 'blk'}'>{suit.symbol}</span> {_e(ranks)}")
            return f"<div class='hand'><b>{_e(seat.letter(words.language))}</b><br>{'<br>'.join(lines)}</div>"

        hcp = " ".join(f"{seat.letter(words.language)}{analysed.deal[seat].hcp}" for seat in Seat)
        diagram = ("<div class='diagram'><div></div>" + hand(Seat.NORTH) + "<div></div>" + hand(Seat.WEST)
                   + f"<div class='mid' title='HCP'>{_e(hcp)}</div>" + hand(Seat.EAST) + "<div></div>"
                   + hand(Seat.SOUTH) + "<div></div></div>")
        head = "".join(f"<th>{_strain_html(strain, words)}</th>" for strain in _DD_STRAINS)
        rows = "".join(f"<tr><th>{_e(seat.letter(words.language))}</th>"
                       + "".join(f"<td>{analysed.table.tricks(declarer=seat, strain=strain)}</td>"
                                 for strain in _DD_STRAINS) + "</tr>" for seat in _DD_SEATS)
        par = analysed.par
        contracts = ", ".join(
            f"{entry.level}{_strain_html(entry.strain, words)}{'X' if entry.doubled else ''} "
            f"{'/'.join(seat.letter(words.language) for seat in entry.declarers)} "
            f"{'=' if entry.result == 0 else f'{entry.result:+d}'}" for entry in par.entries)
        side = words.side(Side.NS if par.score >= 0 else Side.EW)
        par_text = f"{words['par']}: {side} {abs(par.score)}" + (f" ({contracts})" if contracts else "")
        return (f"{diagram}<div><table class='dd' title='{_e(words['dd'])}'>"
                f"<tr><th></th>{head}</tr>{rows}</table><div class='par'>{par_text}</div></div>")

    # -- score cards --

    def cards(self) -> str:
        """Every pair's score card, NS pairs first."""
        if self.score is None:
            return ""
        ordered = sorted(self.score.pairs, key=lambda p: (p.pair.section, -1 if p.pair.direction is None
                                                          else int(p.pair.direction), p.pair.number))
        return "<div class='twocol'>" + "".join(f"<div>{self.card(pair)}</div>" for pair in ordered) + "</div>"

    def card(self, pair: PairScore) -> str:
        """One pair's score card: each board it played, its result and points."""
        words = self.words
        rows = []
        for line in pair.card:
            rows.append(f"<tr><td>{line.board}</td><td class='hide-phone'>{_e(words.side(line.direction))}</td>"
                        f"<td>{self._pair_link(line.opponents)}</td>"
                        f"<td class='l'>{self._result_html(pair.pair, line.board, line.result)}</td>"
                        f"<td>{_e(line.score if isinstance(line.score, int) else str(line.score))}</td>"
                        f"<td title='{self._why(line.why)}'>{_num(line.points)}</td>"
                        f"{self._board_percent(line.board, line.points)}</tr>")
        percent = "" if pair.percentage is None else f" · {pair.percentage:.2f}%"
        penalty = f" · {words['penalty']} −{_num(pair.penalty)}" if pair.penalty else ""
        head = (f"<tr><th>{words['board']}</th><th class='hide-phone'>{words['direction']}</th>"
                f"<th>{words['opponents']}</th>"
                f"<th class='l'>{words['result']}</th><th>{words['score']}</th><th>{self.unit}</th>"
                + (f"<th>{words['percent']}</th>" if self.unit == "MP" else "") + "</tr>")
        return (f"<section class='card' id='{_anchor(pair.pair)}'><h3>{words['pair']} {_e(words.pair(pair.pair))}"
                f" {_e(self.state.names(pair.pair))}</h3>"
                f"<div class='sub'>{words['place']} {_e(pair.place_text)} · {words['total']} "
                f"<span title='{self._why(pair.why)}'>{_num(pair.total)} {self.unit}</span>{percent}{penalty}</div>"
                f"<div class='scroll'><table class='grid'>{head}{''.join(rows)}</table></div>"
                f"<details><summary>{words['how']}</summary><p>{self._why(pair.why)}</p></details></section>")

    def _board_percent(self, board: int, points: float) -> str:
        """A board's matchpoints as a percentage of its top (matchpoint sessions only)."""
        if self.unit != "MP":
            return ""
        scored = self._board_score(board)
        if scored is None or not scored.top:
            return "<td></td>"
        return f"<td>{100 * points / scored.top:.0f}</td>"

    def _result_html(self, pair: PairId, board: int, fallback: str) -> str:
        """A score card's result in the page's notation: ``4♠ N +1`` (the scorer's text if not found)."""
        scored = self._board_score(board)
        line = None if scored is None else scored.line_of(pair)
        if line is None or line.result.contract is None or line.result.adjusted:
            return _e(fallback)
        return _line_html(line.result, self.words)

    # -- teams --

    def team_ranking(self) -> str:
        """The teams ranked by VPs, each total with the matches it adds up."""
        words, teams = self.words, self.teams
        if teams is None:
            return ""
        rows = "".join(
            f"<tr><td>{_e(team.place_text)}</td><td>{team.team}</td><td class='l names'>{_e(team.name)}</td>"
            f"<td title=\"{self._why(team.why)}\">{_num(team.victory_points)}</td><td>{_signed(team.imps)}</td>"
            f"<td class='hide-phone'>{team.matches}</td></tr>" for team in teams.ranking)
        head = (f"<tr><th>{words['place']}</th><th>#</th><th class='l'>{words['team']}</th><th>{words['vp']}</th>"
                f"<th>{words['imp']}</th><th class='hide-phone'>{words['played']}</th></tr>")
        how = "".join(f"<li>{_e(team.name)}: {self._why(team.why)}</li>" for team in teams.ranking)
        return (f"<div class='scroll rank'><table class='grid'>{head}{rows}</table></div>"
                f"<details><summary>{words['how']}</summary><ul>{how}</ul></details>")

    def match_cards(self) -> str:
        """Each match's scorecard, board by board: contract, declarer, result and score in each room, IMPs."""
        words, teams = self.words, self.teams
        if teams is None:
            return ""
        out = []
        ns, ew = words.side(Side.NS), words.side(Side.EW)
        for card in teams.matches:
            home_vp, away_vp = card.victory_points
            rows = []
            for rooms in card.boards:
                if rooms.open_room is None and rooms.closed_room is None:
                    continue
                cells = [f"<td>{rooms.board}</td>"]
                for room in (rooms.open_room, rooms.closed_room):
                    score = None if room is None else room.ns_score
                    cells.append(f"<td class='l'>{'' if room is None else _line_html(room, words)}</td>"
                                 f"<td>{'' if score is None else f'{score:+d}'}</td>")
                imps = rooms.imps
                title = f' title="{self._why(rooms.why)}"' if rooms.why else ""
                cells.append(f"<td{title}>{'' if imps is None or imps <= 0 else _num(imps)}</td>"
                             f"<td{title}>{'' if imps is None or imps >= 0 else _num(-imps)}</td>")
                rows.append(f"<tr>{''.join(cells)}</tr>")
            home, away = _e(card.home_name), _e(card.away_name)
            head = (f"<tr><th>{words['board']}</th><th class='l'>{words['open']} ({home} {ns})</th>"
                    f"<th>{words['score']} {ns}</th><th class='l'>{words['closed']} ({home} {ew})</th>"
                    f"<th>{words['score']} {ns}</th><th>{home}</th><th>{away}</th></tr>")
            total = (f"<tr><td class='l' colspan='5'>{words['total']}: {_signed(card.imps)} {words['imp']} · "
                     f"{words['vp']} {_num(home_vp)}–{_num(away_vp)}</td>"
                     f"<td>{_num(card.imps) if card.imps > 0 else ''}</td>"
                     f"<td>{_num(-card.imps) if card.imps < 0 else ''}</td></tr>")
            how = "".join(f"<li>{_e(words['board'])} {rooms.board}: {self._why(rooms.why)}</li>"
                          for rooms in card.boards if rooms.why)
            out.append(f"<div class='card'><h3>{home} – {away}</h3><div class='scroll'><table class='grid'>"
                       f"{head}{''.join(rows)}{total}</table></div>"
                       f"<details><summary>{words['how']}</summary><ul>{how}</ul></details></div>")
        return "".join(out)

    # -- audit --

    def adjustments(self) -> str:
        """The director's corrections, adjustments and penalties from the audit log, with their reasons."""
        kinds = {"result_corrected", "score_adjusted", "penalty_given", "result_removed", "undone",
                 "not_played", "seating_changed", "movement_changed"}
        records = [record for record in self.log if record.kind in kinds]
        if not records:
            return ""
        words = self.words
        language = words.language.value  # what was done, in the page's language (club/logwords.py)
        rows = "".join(f"<tr><td>{record.seq}</td><td>{record.at:%H:%M}</td><td class='l'>{_e(record.by)}</td>"
                       f"<td class='l names'>{_e(change_message(record.change).worded(language))}</td>"
                       f"<td class='l names'>{_e(record.reason)}</td></tr>" for record in records)
        head = (f"<tr><th>#</th><th>{words['when']}</th><th class='l'>{words['who']}</th>"
                f"<th class='l'>{words['what']}</th><th class='l'>{words['why']}</th></tr>")
        return (f"<h2 id='adjustments'>{words['adjustments']}</h2>"
                f"<div class='scroll'><table class='grid'>{head}{rows}</table></div>")

    # -- whole page --

    def render(self) -> str:
        """The whole page."""
        words, state = self.words, self.state
        title = state.name + (f" — {state.event}" if state.event else "")
        at = "" if state.at is None else state.at.strftime("%Y-%m-%d %H:%M")
        missing = len(state.missing())
        note = f"<p class='note'>{_e(words['provisional'].format(n=missing))}</p>" if missing else ""
        langs = " ".join(f"<a href='{name}'>{code.upper()}</a>" for code, name in self.languages.items())
        nav = (f"<nav><a href='#ranking'>{words['ranking']}</a><a href='#travellers'>{words['travellers']}</a>"
               f"<a href='#cards'>{words['cards']}</a>"
               + (f"<a href='handrecord.html'>{words['handrecord']}</a>" if self.analysed else "")
               + f"<a href='ranking.csv'>{words['csv']}</a>"
               + f"<span class='langs'>{langs}</span></nav>")
        body = (f"<h2 class='first' id='ranking'>{words['ranking']}</h2>{note}{self.ranking()}"
                f"<h2 id='travellers'>{words['travellers']}</h2>{self.travellers()}"
                f"<h2 id='cards'>{words['cards']}</h2>{self.cards()}{self.adjustments()}")
        if self.teams is not None:
            nav = (f"<nav><a href='#ranking'>{words['teamranking']}</a><a href='#matches'>{words['matches']}</a>"
                   + (f"<a href='handrecord.html'>{words['handrecord']}</a>" if self.analysed else "")
                   + f"<a href='ranking.csv'>{words['csv']}</a><span class='langs'>{langs}</span></nav>")
            body = (f"<h2 class='first' id='ranking'>{words['teamranking']}</h2>{note}{self.team_ranking()}"
                    f"<h2 id='matches'>{words['matches']}</h2>{self.match_cards()}{self.adjustments()}")
        return (f"<!DOCTYPE html>\n<html lang='{words.language.value}'><head><meta charset='utf-8'>"
                "<meta name='viewport' content='width=device-width, initial-scale=1'>"
                f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
                f"<header><h1>{_e(title)}</h1><div class='sub'>{_e(words['asof'].format(at=at))} · "
                f"{_e(state.movement.name)} · {_e(state.method.value)}</div></header>{nav}<main>{body}</main>"
                f"<footer>{_e(words['made'])} · {_e(at)}</footer></body></html>\n")


# --- CSV -------------------------------------------------------------------------------------

def _csv(rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(rows)
    return out.getvalue()


def _ranking_csv(state: SessionState, score: SessionScore) -> str:
    rows: list[list[object]] = [["field", "place", "pair", "names", "total", "unit", "percentage", "boards",
                                 "penalty"]]
    for pair in score.pairs:
        rows.append([pair.field, pair.place_text, str(pair.pair), state.names(pair.pair), _num(pair.total),
                     score.method.unit, "" if pair.percentage is None else f"{pair.percentage:.2f}", pair.boards,
                     _num(pair.penalty)])
    return _csv(rows)


def _travellers_csv(score: SessionScore) -> str:
    rows: list[list[object]] = [["board", "table", "round", "ns", "ew", "contract", "declarer", "lead", "tricks",
                                 "ns_score", "adjusted", "ns_points", "ew_points"]]
    for board in score.boards:
        for line in board.lines:
            result = line.result
            contract = result.contract
            rows.append([board.board, result.table or "", result.round or "", str(result.ns), str(result.ew),
                         "" if contract is None else str(contract),
                         "" if contract is None or contract.declarer is None else contract.declarer.letter(),
                         "" if result.lead is None else str(result.lead),
                         "" if result.tricks is None else result.tricks,
                         "" if result.ns_score is None else result.ns_score,
                         result.result_text() if result.adjusted else "", _num(line.ns), _num(line.ew)])
    return _csv(rows)


def _team_ranking_csv(teams: TeamsScore) -> str:
    rows: list[list[object]] = [["place", "team", "name", "vps", "imps", "matches"]]
    rows += [[team.place_text, team.team, team.name, _num(team.victory_points), team.imps, team.matches]
             for team in teams.ranking]
    return _csv(rows)


def _matches_csv(teams: TeamsScore) -> str:
    rows: list[list[object]] = [["home", "away", "board", "room", "ns", "ew", "contract", "declarer", "tricks",
                                 "ns_score", "home_imps"]]
    for card in teams.matches:
        for rooms in card.boards:
            for room, line in (("open", rooms.open_room), ("closed", rooms.closed_room)):
                if line is None:
                    continue
                contract = line.contract
                rows.append([card.home_name, card.away_name, rooms.board, room, str(line.ns), str(line.ew),
                             "" if contract is None else str(contract),
                             "" if contract is None or contract.declarer is None else contract.declarer.letter(),
                             "" if line.tricks is None else line.tricks,
                             "" if line.ns_score is None else line.ns_score,
                             "" if rooms.imps is None else rooms.imps])
    return _csv(rows)


# --- writing ---------------------------------------------------------------------------------

def render_pages(state: SessionState, *, lang: Language | str = Language.ENGLISH, log: Sequence[Record] = (),
                 languages: Sequence[Language] = tuple(Language), scale: VPScale | str = WBF_CONTINUOUS,
                 across_sections: bool = False) -> dict[str, str]:
    """Every file of the published folder by name: ``index.html`` in ``lang`` (and ``index-nl.html`` … in
    the other ``languages``), ``handrecord.html`` when the deals are known, ``ranking.csv``, ``travellers.csv``,
    ``results.pbn`` and ``results.xml``; a teams session's page has the teams by VPs and each match's
    scorecard (VPs on ``scale``), with ``ranking.csv`` and ``matches.csv``; ``across_sections`` ranks the
    sections as one field."""
    language = Language.parse(lang)
    teams = state.team_score(scale=scale) if state.is_teams else None
    try:
        score: SessionScore | None = None if teams is not None else state.score(across_sections=across_sections)
    except SessionError:
        score = None
    boards = [state.boards[number] for number in state.movement.boards if number in state.boards]
    analysed = {board.number: board for board in record_boards(
        [(b.number, b.deal, b.dealer, b.vulnerability) for b in boards])} if boards else {}
    names = {chosen.value: "index.html" if chosen is language else f"index-{chosen.value}.html"
             for chosen in dict.fromkeys([language, *languages])}
    files: dict[str, str] = {}
    for code, name in names.items():
        page = _Page(state, score, _Words(Language.parse(code), LABELS[code]), log, names, teams)
        page.analysed = {number: board for number, board in analysed.items() if number is not None}
        files[name] = page.render()
    if analysed:
        files["handrecord.html"] = hand_record_html(list(analysed.values()), title=f"{state.name}")
    if teams is not None:
        files["ranking.csv"] = _team_ranking_csv(teams)
        files["matches.csv"] = _matches_csv(teams)
        files.update(_team_interchange(state, teams))
    if score is not None:
        files["ranking.csv"] = _ranking_csv(state, score)
        files["travellers.csv"] = _travellers_csv(score)
        files.update(_interchange(state, score))
    return files


def _interchange(state: SessionState, score: SessionScore) -> dict[str, str]:
    """The session for other programs: PBN 2.1 result tables and, where USEBIO can hold it, USEBIO 1.2."""
    from redouble.club.pbnresults import write_results_pbn
    from redouble.club.usebio import UsebioError, session_usebio

    deals = {number: board.deal for number, board in state.boards.items()}
    players = {pair: entry.players for pair, entry in state.pairs.items() if entry.players}
    day = state.at
    files = {"results.pbn": write_results_pbn(
        score, deals=deals, names={pair: " - ".join(names) for pair, names in players.items()},
        event=state.event or state.name, date="" if day is None else f"{day:%Y.%m.%d}")}
    with contextlib.suppress(UsebioError):  # USEBIO holds one section of a pairs event; PBN and CSV the rest
        files["results.xml"] = session_usebio(score, event=state.event or state.name, names=players, deals=deals,
                                              date="" if day is None else f"{day:%d/%m/%Y}")
    return files


def _team_interchange(state: SessionState, teams: TeamsScore) -> dict[str, str]:
    """A teams session for other programs: PBN 2.1 result tables and USEBIO 1.2 (``EVENT_TYPE`` TEAMS)."""
    from redouble.club.teamfiles import write_teams_pbn, write_teams_usebio

    members = {number: (team.name, team.pairs) for number, team in state.teams.items()}
    deals = {number: board.deal for number, board in state.boards.items()}
    players = {pair: entry.players for pair, entry in state.pairs.items() if entry.players}
    day = state.at
    return {"results.pbn": write_teams_pbn(teams, members, deals=deals, event=state.event or state.name,
                                           names={pair: " - ".join(names) for pair, names in players.items()},
                                           date="" if day is None else f"{day:%Y.%m.%d}"),
            "results.xml": write_teams_usebio(teams, members, names=players, deals=deals,
                                              event=state.event or state.name,
                                              date="" if day is None else f"{day:%d/%m/%Y}")}


def write_pages(state: SessionState, out: Path, *, lang: Language | str = Language.ENGLISH,
                log: Sequence[Record] = (), languages: Sequence[Language] = tuple(Language),
                scale: VPScale | str = WBF_CONTINUOUS, across_sections: bool = False) -> list[Path]:
    """Write ``render_pages`` into the folder ``out`` (created if needed); returns the paths written."""
    return _write(render_pages(state, lang=lang, log=log, languages=languages, scale=scale,
                               across_sections=across_sections), out)


def _write(files: dict[str, str], out: Path) -> list[Path]:
    try:
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in files.items():
            path = out / name
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as error:
        raise PageError(f"cannot write the pages into {out}: {error.strerror or error}") from None
    return written


def event_page(event: EventScore, *, lang: Language | str = Language.ENGLISH,
               links: Sequence[str] = ()) -> str:
    """An event's combined ranking as one page: place, names, each session's score (linked to the session's
    pages in ``links``), carry-over and the combined score, each with how it was found."""
    language = Language.parse(lang)
    words = _Words(language, LABELS[language.value])
    percent = event.method is not EventMethod.TOTAL
    heads = [f"<th>{_e(name) if not links else f'<a href={chr(39)}{_e(link)}{chr(39)}>{_e(name)}</a>'}</th>"
             for name, link in zip(event.sessions, links or event.sessions, strict=True)]
    carry = any(line.carry is not None for line in event.lines)
    rows = []
    for line in event.lines:
        by_session = {part.session: part for part in line.parts}
        cells = []
        for name in event.sessions:
            part = by_session.get(name)
            value = "" if part is None else (f"{part.percentage:.2f}" if event.method is EventMethod.PERCENT
                                             and part.percentage is not None else _num(part.total))
            cells.append(f"<td class='hide-phone'>{value}</td>")
        score = f"{line.score:.2f}" if event.method is EventMethod.PERCENT else _num(line.score)
        why = _e(line.why.render(language))
        rows.append(f"<tr><td>{_e(line.place_text)}</td><td class='l names'>{_e(line.names or line.key)}</td>"
                    + "".join(cells) + (f"<td>{'' if line.carry is None else _num(line.carry)}</td>" if carry else "")
                    + f"<td title='{why}'>{score}</td>"
                    + (f"<td title='{why}'>{'' if line.percentage is None else f'{line.percentage:.2f}'}</td>"
                       if percent and event.method is not EventMethod.PERCENT else "") + "</tr>")
    unit = words["percent"] if event.method is EventMethod.PERCENT else ("MP" if event.unit == "MP" else words["imp"])
    head = (f"<tr><th>{words['place']}</th><th class='l'>{words['names']}</th>"
            + "".join(head.replace("<th>", "<th class='hide-phone'>") for head in heads)
            + (f"<th>{words['carry']}</th>" if carry else "") + f"<th>{words['total']} {unit}</th>"
            + (f"<th>{words['percent']}</th>" if percent and event.method is not EventMethod.PERCENT else "")
            + "</tr>")
    how = "".join(f"<li>{_e(line.why.render(language))}</li>" for line in event.lines)
    sessions = " · ".join(f"<a href='{_e(link)}'>{_e(name)}</a>" for name, link in zip(event.sessions, links,
                                                                                      strict=False))
    return (f"<!DOCTYPE html>\n<html lang='{language.value}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_e(event.name)}</title><style>{_CSS}</style></head><body>"
            f"<header><h1>{_e(event.name)}</h1><div class='sub'>{words['sessions']}: {len(event.sessions)}</div>"
            f"</header><nav>{sessions}</nav><main><h2 class='first'>{words['combined']}</h2>"
            f"<div class='scroll rank'><table class='grid'>{head}{''.join(rows)}</table></div>"
            f"<details><summary>{words['how']}</summary><ul>{how}</ul></details></main>"
            f"<footer>{_e(words['made'])}</footer></body></html>\n")


def write_event_pages(event: EventScore, states: Sequence[SessionState], out: Path, *,
                      lang: Language | str = Language.ENGLISH, logs: Sequence[Sequence[Record]] = (),
                      scale: VPScale | str = WBF_CONTINUOUS) -> list[Path]:
    """Write an event: ``index.html`` with the combined ranking and ``event.csv``, and each session's pages in
    its own folder (``session-1/``…) linked from it."""
    links = [f"session-{number}/index.html" for number in range(1, len(states) + 1)]
    written = []
    for number, state in enumerate(states, start=1):
        log = logs[number - 1] if number <= len(logs) else ()
        written += _write(render_pages(state, lang=lang, log=log, scale=scale), out / f"session-{number}")
    rows: list[list[object]] = [["place", "names", *event.sessions, "carry", "score", "percentage"]]
    for line in event.lines:
        by_session = {part.session: part for part in line.parts}
        rows.append([line.place_text, line.names or line.key,
                     *("" if name not in by_session else _num(by_session[name].percentage or 0.0)
                       if event.method is EventMethod.PERCENT else _num(by_session[name].total)
                       for name in event.sessions),
                     "" if line.carry is None else _num(line.carry), _num(line.score),
                     "" if line.percentage is None else f"{line.percentage:.2f}"])
    written += _write({"index.html": event_page(event, lang=lang, links=links), "event.csv": _csv(rows)}, out)
    return written


def print_pdf(page: Path, pdf: Path, *, chromium: str = "/usr/bin/chromium", timeout: float = 120) -> Path:
    """Print an HTML page to PDF with headless Chromium (A4, the page's print style)."""
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
               f"--print-to-pdf={pdf.resolve()}", page.resolve().as_uri()]
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=timeout)
    except FileNotFoundError:
        raise PageError(f"cannot print a PDF: no Chromium at {chromium}") from None
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        raise PageError(f"Chromium could not print {page.name}: {error}") from None
    if not pdf.is_file() or pdf.stat().st_size == 0:
        raise PageError(f"Chromium wrote no PDF for {page.name}")
    return pdf
