"""Table cards and pair guide cards, as text and simple HTML, in English, Dutch, German and Norwegian: what
a director puts on each table and hands each pair (Bridgemate/ScoreBridge guide cards)."""

from __future__ import annotations

import html
from dataclasses import dataclass

from redouble.club.movement import Movement, PairId, Seating
from redouble.notation import Language
from redouble.seats import Side

__all__ = [
    "CardWords",
    "board_ranges",
    "cards_page_html",
    "guide_cards_html",
    "guide_cards_text",
    "pair_guide",
    "table_card",
    "table_cards_html",
    "table_cards_text",
]


@dataclass(frozen=True, slots=True)
class CardWords:
    """The words of the cards in one language."""

    table: str
    round: str
    pair: str
    boards: str
    against: str
    sit_out: str
    next_pairs: str
    next_boards: str
    relay: str
    last_round: str
    table_card: str
    pair_guide: str
    shared: str


_WORDS: dict[Language, CardWords] = {
    Language.ENGLISH: CardWords("table", "round", "pair", "boards", "against", "sit out", "EW pair next to",
                                "boards next to", "relay / bye stand", "last round", "Table card", "Pair guide",
                                "shared with table"),
    Language.DUTCH: CardWords("tafel", "ronde", "paar", "spellen", "tegen", "rust", "OW-paar daarna naar",
                              "spellen daarna naar", "relay / rustspellen", "laatste ronde", "Tafelkaart",
                              "Looproute", "gedeeld met tafel"),
    Language.GERMAN: CardWords("Tisch", "Runde", "Paar", "Boards", "gegen", "Pause", "OW-Paar danach an",
                               "Boards danach an", "Relais / Ablage", "letzte Runde", "Tischkarte",
                               "Laufkarte", "geteilt mit Tisch"),
    Language.NORWEGIAN: CardWords("bord", "runde", "par", "spill", "mot", "over", "ØV-par deretter til",
                                  "spill deretter til", "relé / hvilebord", "siste runde", "Bordkort",
                                  "Vandrekort", "delt med bord"),
}


def board_ranges(boards: tuple[int, ...]) -> str:
    """Board numbers as runs: ``(7, 8, 9)`` → ``"7–9"``, ``(1, 2, 19, 20)`` → ``"1–2, 19–20"``.

    >>> board_ranges((7, 8, 9))
    '7–9'
    """
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _side(side: Side, language: Language) -> str:
    """``NS``/``EW`` in the language's seat letters (Dutch ``NZ``/``OW``, Norwegian ``NS``/``ØV``)."""
    north, east, south, west = language.table.seats
    return north + south if side is Side.NS else east + west


def _pair(pair: PairId | None, words: CardWords, language: Language) -> str:
    if pair is None:
        return f"({words.sit_out})"
    return str(pair.number) + ("" if pair.direction is None else _side(pair.direction, language))


def _where_boards_go(movement: Movement, seating: Seating, words: CardWords) -> str:
    """Where this table's boards are next round: a table, a relay or bye stand, or nowhere after the last round."""
    later = [r for r in movement.rounds if r > seating.round]
    if not later:
        return words.last_round
    tables = [s.table for s in movement.round_seatings(later[0], seating.section) if seating.boards[0] in s.boards]
    return f"{words.table} {', '.join(map(str, tables))}" if tables else words.relay


def _where_ew_goes(movement: Movement, seating: Seating, words: CardWords) -> str:
    later = [r for r in movement.rounds if r > seating.round]
    if not later:
        return words.last_round
    if seating.ew is None:
        return "–"
    nxt = movement.seating_of(seating.ew, later[0])
    return f"{words.table} {nxt.table}" if nxt is not None else words.sit_out


def table_card(movement: Movement, table: int, *, section: str = "A",
               language: Language = Language.ENGLISH) -> list[tuple[str, ...]]:
    """The rows of one table card: round, NS, EW, boards, where the EW pair and the boards go next."""
    words = _WORDS[language]
    rows: list[tuple[str, ...]] = []
    for round_ in movement.rounds:
        seating = movement.at(table, round_, section)
        shared = sorted({s.table for s in movement.round_seatings(round_, section)
                         if s.table != table and set(s.boards) & set(seating.boards)})
        boards = board_ranges(seating.boards) + (f" ({words.shared} {', '.join(map(str, shared))})" if shared else "")
        rows.append((str(round_), _pair(seating.ns, words, language), _pair(seating.ew, words, language), boards,
                     _where_ew_goes(movement, seating, words), _where_boards_go(movement, seating, words)))
    return rows


def pair_guide(movement: Movement, pair: PairId, *, language: Language = Language.ENGLISH) -> list[str]:
    """One pair's guide card, a line a round: ``"round 3: table 5, NS, boards 7–9, against 4EW"``."""
    words = _WORDS[language]
    lines = []
    for round_ in movement.rounds:
        seating = movement.seating_of(pair, round_)
        if seating is None:
            lines.append(f"{words.round} {round_}: {words.sit_out}")
            continue
        side = seating.side_of(pair)
        assert side is not None
        opponent = seating.opponent_of(pair)
        against = words.sit_out if opponent is None else f"{words.against} {_pair(opponent, words, language)}"
        lines.append(f"{words.round} {round_}: {words.table} {seating.table}, {_side(side, language)}, "
                     f"{words.boards} {board_ranges(seating.boards)}, {against}")
    return lines


def _headers(words: CardWords, language: Language) -> tuple[str, ...]:
    return (words.round.capitalize(), _side(Side.NS, language), _side(Side.EW, language),
            words.boards.capitalize(), words.next_pairs, words.next_boards)


def table_cards_text(movement: Movement, *, language: Language = Language.ENGLISH) -> str:
    """Every table card of the movement as plain text, one block per table."""
    words = _WORDS[language]
    blocks = []
    for section in movement.sections:
        for table in sorted({s.table for s in movement.seatings if s.section == section}):
            rows = [_headers(words, language), *table_card(movement, table, section=section, language=language)]
            widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
            title = f"{words.table_card} — {movement.name} — {words.table} {table}" + (
                f" ({section})" if len(movement.sections) > 1 else "")
            lines = [title] + ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                               for row in rows]
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def guide_cards_text(movement: Movement, *, language: Language = Language.ENGLISH) -> str:
    """Every pair's guide card as plain text, one block per pair."""
    words = _WORDS[language]
    return "\n\n".join(f"{words.pair_guide} — {movement.name} — {words.pair} {_pair(pair, words, language)}\n"
                       + "\n".join(pair_guide(movement, pair, language=language))
                       for pair in movement.pairs) + "\n"


def table_cards_html(movement: Movement, *, language: Language = Language.ENGLISH) -> str:
    """Every table card as an HTML fragment: a ``<section class="table-card">`` with a table per table."""
    words = _WORDS[language]
    parts = []
    for section in movement.sections:
        for table in sorted({s.table for s in movement.seatings if s.section == section}):
            head = "".join(f"<th>{html.escape(cell)}</th>" for cell in _headers(words, language))
            body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
                           for row in table_card(movement, table, section=section, language=language))
            parts.append(f'<section class="table-card" lang="{language.value}"><h2>{html.escape(words.table_card)}'
                         f" {html.escape(words.table)} {table}</h2><table><thead><tr>{head}</tr></thead>"
                         f"<tbody>{body}</tbody></table></section>")
    return "\n".join(parts)


def guide_cards_html(movement: Movement, *, language: Language = Language.ENGLISH) -> str:
    """Every pair's guide card as an HTML fragment: a ``<section class="pair-guide">`` with a list per pair."""
    words = _WORDS[language]
    parts = []
    for pair in movement.pairs:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in pair_guide(movement, pair, language=language))
        parts.append(f'<section class="pair-guide" lang="{language.value}"><h2>{html.escape(words.pair_guide)} '
                     f"{html.escape(words.pair)} {html.escape(_pair(pair, words, language))}</h2><ol>{items}</ol>"
                     "</section>")
    return "\n".join(parts)


_PAGE_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; }
section { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1.5em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: 0.2em 0.6em; text-align: left; }
ol { padding-left: 1.2em; }
@media print { section { break-after: page; } }
"""


def cards_page_html(movement: Movement, *, language: Language = Language.ENGLISH) -> str:
    """A whole printable HTML page: every table card, then every pair's guide card, one to a printed page."""
    words = _WORDS[language]
    title = html.escape(f"{movement.name}: {words.table_card} / {words.pair_guide}")
    return (f'<!DOCTYPE html>\n<html lang="{language.value}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>'
            f"<style>{_PAGE_STYLE}</style></head><body><h1>{title}</h1>\n"
            f"{table_cards_html(movement, language=language)}\n{guide_cards_html(movement, language=language)}\n"
            "</body></html>\n")
