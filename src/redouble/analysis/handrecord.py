"""Hand records: a session's boards with double-dummy tables and par, as PBN tags and as an
HTML page that prints on A4 (six boards a page), what clubs hand out after a session.

PBN output adds, per board: ``OptimumScore`` (PBN 2.1 §4.2.7), an ``OptimumResultTable``
section (§5.7), ``ParContract`` and BridgeComposer's ``DoubleDummyTricks`` (20 hex digits,
declarers N S E W, strains NT S H D C).
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Sequence
from dataclasses import dataclass

from redouble.analysis.ddtable import DDTable, dd_tables
from redouble.analysis.par import Par, par_from_table
from redouble.board import board_dealer, board_vulnerability
from redouble.cards import SUITS, Strain, Suit
from redouble.deal import Deal
from redouble.formats.pbn import Column, Game, Table, dumps, loads
from redouble.seats import Seat, Vulnerability

__all__ = ["RecordBoard", "analyse_games", "analyse_pbn", "analysed_game", "hand_record_html", "record_boards"]

_STRAINS_PRINTED = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_PBN_STRAIN = {Strain.NOTRUMP: "NT", Strain.SPADES: "S", Strain.HEARTS: "H",
               Strain.DIAMONDS: "D", Strain.CLUBS: "C"}
_TABLE_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


@dataclass(frozen=True, slots=True)
class RecordBoard:
    """One board of a hand record with its analysis."""

    number: int | None
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    table: DDTable
    par: Par


def record_boards(boards: Sequence[tuple[int | None, Deal, Seat | None, Vulnerability | None]]
                  ) -> list[RecordBoard]:
    """Analyse boards given as ``(number, deal, dealer, vulnerability)``; a missing dealer or
    vulnerability follows the board number (the 16-board cycle), or North/None."""
    tables = dd_tables([deal for _, deal, _, _ in boards])
    out = []
    for (number, deal, dealer, vul), table in zip(boards, tables, strict=True):
        seat = dealer if dealer is not None else (
            board_dealer(number) if number else Seat.NORTH)
        vulnerability = vul if vul is not None else (
            board_vulnerability(number) if number else Vulnerability.NONE)
        out.append(RecordBoard(number=number, deal=deal, dealer=seat, vulnerability=vulnerability,
                               table=table,
                               par=par_from_table(table, vulnerability=vulnerability,
                                                  dealer=seat)))
    return out


# --- PBN -------------------------------------------------------------------------------

def _par_contract_text(par: Par) -> str:
    if not par.entries:
        return "Pass"
    parts = []
    for entry in par.entries:
        side = "NS" if entry.declarers[0] in (Seat.NORTH, Seat.SOUTH) else "EW"
        who = side if len(entry.declarers) == 2 else entry.declarers[0].letter()
        risk = "X" if entry.doubled else ""
        parts.append(f"{who} {entry.level}{_PBN_STRAIN[entry.strain]}{risk}")
    return ",".join(parts)


def _double_dummy_tricks(table: DDTable) -> str:
    return "".join(f"{table.tricks(declarer=seat, strain=strain):x}"
                   for seat in _TABLE_SEATS for strain in _STRAINS_PRINTED)


def analysed_game(game: Game, board: RecordBoard) -> Game:
    """A copy of a ``redouble.formats.pbn`` game with the analysis tags and table added."""
    tags = dict(game.tags)
    score = board.par.score
    tags["OptimumScore"] = f"NS {score}" if score >= 0 else f"EW {-score}"
    tags["ParContract"] = _par_contract_text(board.par)
    tags["DoubleDummyTricks"] = _double_dummy_tricks(board.table)
    rows = tuple((seat.letter(), _PBN_STRAIN[strain],
                  str(board.table.tricks(declarer=seat, strain=strain)))
                 for seat in _TABLE_SEATS for strain in (Strain.SPADES, Strain.HEARTS,
                                                         Strain.DIAMONDS, Strain.CLUBS,
                                                         Strain.NOTRUMP))
    columns = (Column.parse("Declarer"), Column.parse("Denomination\\2R"),
               Column.parse("Result\\2R"))
    tables = dict(game.tables)
    tables["OptimumResultTable"] = Table(name="OptimumResultTable", columns=columns, rows=rows)
    return dataclasses.replace(game, tags=tags, tables=tables)


def analyse_pbn(text: str | bytes, *, title: str | None = None) -> tuple[str, str, int]:
    """A PBN file's boards analysed: the PBN text with the analysis, the HTML hand record and
    the number of boards analysed (games without a full deal are kept as they are).

    The record's title defaults to the first game's ``Event`` and ``Date``.
    """
    return analyse_games(loads(text), title=title)


def analyse_games(games: Sequence[Game], *, title: str | None = None) -> tuple[str, str, int]:
    """``analyse_pbn`` for games already read (as ``redouble analyze`` reads them, past bad games)."""
    if title is None:
        first = games[0] if games else None
        parts = [] if first is None else [first.tag("Event"), first.tag("Date")]
        title = " — ".join(p for p in parts if p) or "Hand record"
    indexed: list[tuple[int, Deal]] = []
    for i, game in enumerate(games):
        deal = game.deal
        if deal is not None:
            indexed.append((i, deal))
    boards = record_boards([(games[i].board, deal, games[i].dealer, games[i].vulnerability)
                            for i, deal in indexed])
    out_games = list(games)
    for (i, _), board in zip(indexed, boards, strict=True):
        out_games[i] = analysed_game(games[i], board)
    return dumps(out_games), hand_record_html(boards, title=title), len(boards)


# --- HTML --------------------------------------------------------------------------------

_CSS = """
@page { size: A4 portrait; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 9.5pt;
       color: #000; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 3mm 0; }
.boards { display: grid; grid-template-columns: 1fr 1fr; column-gap: 6mm; row-gap: 5mm; }
.board { border: 0.3mm solid #444; border-radius: 1.5mm; padding: 2mm 2.5mm;
         break-inside: avoid; page-break-inside: avoid; height: 85mm; }
.diagram { display: grid; grid-template-columns: 30mm 27mm 30mm; grid-template-rows:
           auto auto auto; align-items: center; }
.info { font-size: 8.5pt; line-height: 1.35; align-self: start; }
.info b { font-size: 12pt; }
.hand { font-size: 9.5pt; line-height: 1.3; white-space: nowrap; }
.north, .south { padding-left: 2mm; }
.compass { width: 20mm; height: 20mm; border: 0.3mm solid #666; position: relative;
           margin: 1.5mm auto; background: #f3f3f3; font-size: 8pt; }
.compass span { position: absolute; }
.compass .n { top: 0.5mm; left: 50%; transform: translateX(-50%); }
.compass .s { bottom: 0.5mm; left: 50%; transform: translateX(-50%); }
.compass .w { left: 1mm; top: 50%; transform: translateY(-50%); }
.compass .e { right: 1mm; top: 50%; transform: translateY(-50%); }
.compass.vul-ns .n, .compass.vul-ns .s, .compass.vul-all .n, .compass.vul-all .s,
.compass.vul-ew .e, .compass.vul-ew .w, .compass.vul-all .e, .compass.vul-all .w
  { color: #b00; font-weight: bold; }
.red { color: #c00; }
.black { color: #000; }
table.dd { border-collapse: collapse; font-size: 8pt; margin-top: 1mm; }
table.dd th, table.dd td { padding: 0 1.2mm; text-align: center; }
table.dd th { font-weight: normal; border-bottom: 0.2mm solid #888; }
table.dd td.seat { font-weight: bold; border-right: 0.2mm solid #888; }
.analysis { display: flex; align-items: flex-start; gap: 3mm; margin-top: 1.5mm; }
.par { font-size: 8.5pt; margin-top: 1mm; }
.footer { font-size: 7pt; color: #555; margin-top: 3mm; }
@media screen { body { max-width: 190mm; margin: 10mm auto; } }
"""

_SUIT_CLASS = {Suit.SPADES: "black", Suit.HEARTS: "red", Suit.DIAMONDS: "red",
               Suit.CLUBS: "black"}


def _strain_html(strain: Strain) -> str:
    if strain is Strain.NOTRUMP:
        return "NT"
    suit = strain.suit
    assert suit is not None
    return f'<span class="{_SUIT_CLASS[suit]}">{suit.symbol}</span>'


def _hand_html(board: RecordBoard, seat: Seat) -> str:
    hand = board.deal[seat]
    lines = []
    for suit in SUITS:
        ranks = "".join("10" if r.letter() == "T" else r.letter() for r in hand.holding(suit))
        lines.append(f'<span class="{_SUIT_CLASS[suit]}">{suit.symbol}</span> {ranks or "—"}')
    return f'<div class="hand {seat.name.lower()}">' + "<br>".join(lines) + "</div>"


def _par_html(par: Par) -> str:
    if not par.entries:
        return "Par: 0 (passed out)"
    side = "NS" if par.score >= 0 else "EW"
    score = abs(par.score)
    parts = []
    for entry in par.entries:
        who = "/".join(seat.letter() for seat in entry.declarers)
        risk = "x" if entry.doubled else ""
        outcome = "=" if entry.result == 0 else f"{entry.result:+d}"
        parts.append(f"{entry.level}{_strain_html(entry.strain)}{risk} {who} {outcome}")
    return f"Par: <b>{side} {score}</b> &nbsp;" + ", ".join(parts)


def _board_html(board: RecordBoard) -> str:
    vul = {Vulnerability.NONE: "None", Vulnerability.NS: "N-S", Vulnerability.EW: "E-W",
           Vulnerability.BOTH: "All"}[board.vulnerability]
    number = f"Board {board.number}" if board.number is not None else "Board"
    info = (f'<div class="info"><b>{html.escape(number)}</b><br>'
            f"Dealer: {board.dealer.format(full=True)}<br>Vul: {vul}</div>")
    hcp = {seat: board.deal[seat].hcp for seat in Seat}
    vul_class = {Vulnerability.NONE: "vul-none", Vulnerability.NS: "vul-ns",
                 Vulnerability.EW: "vul-ew", Vulnerability.BOTH: "vul-all"}[board.vulnerability]
    compass = (f'<div class="compass {vul_class}" title="HCP">'
               f'<span class="n">{hcp[Seat.NORTH]}</span><span class="s">{hcp[Seat.SOUTH]}</span>'
               f'<span class="w">{hcp[Seat.WEST]}</span><span class="e">{hcp[Seat.EAST]}</span>'
               "</div>")
    header = "".join(f"<th>{_strain_html(s)}</th>" for s in _STRAINS_PRINTED)
    rows = "".join(
        f'<tr><td class="seat">{seat.letter()}</td>'
        + "".join(f"<td>{board.table.tricks(declarer=seat, strain=s)}</td>"
                  for s in _STRAINS_PRINTED) + "</tr>"
        for seat in _TABLE_SEATS)
    dd = f'<table class="dd"><tr><th></th>{header}</tr>{rows}</table>'
    cells = [info, _hand_html(board, Seat.NORTH), "<div></div>",
             _hand_html(board, Seat.WEST), compass, _hand_html(board, Seat.EAST),
             "<div></div>", _hand_html(board, Seat.SOUTH), "<div></div>"]
    return (f'<section class="board"><div class="diagram">{"".join(cells)}</div>'
            f'<div class="analysis">{dd}<div class="par">{_par_html(board.par)}</div></div>'
            "</section>")


def hand_record_html(boards: Sequence[RecordBoard], *, title: str = "Hand record") -> str:
    """A standalone HTML page: six boards per A4 page, hands, HCP, DD table and par."""
    body = "".join(_board_html(board) for board in boards)
    escaped = html.escape(title)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escaped}</title><style>{_CSS}</style></head><body>"
            f"<h1>{escaped}</h1><div class=\"boards\">{body}</div>"
            '<p class="footer">Double-dummy tables and par by redouble (DDS). '
            "Par: the score with best bidding and play by both sides, dealer's side first."
            "</p></body></html>\n")
