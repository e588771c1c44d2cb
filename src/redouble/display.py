"""Hand diagrams and auctions for the terminal, as plain text or coloured Rich renderables.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> print(diagram_text(deal, hcp=True))  # doctest: +NORMALIZE_WHITESPACE
                 North (37)
                 ♠ AKQJ
                 ♥ AKQ
                 ♦ AKQ
                 ♣ AKQ
 West (0)                         East (3)
 ♠ 2                              ♠ T987
 ♥ 5432                           ♥ JT9
 ♦ 5432                           ♦ JT9
 ♣ 5432                           ♣ JT9
                 South (0)
                 ♠ 6543
                 ♥ 876
                 ♦ 876
                 ♣ 876
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from redouble.calls import Call
from redouble.cards import SUITS, Card, Suit
from redouble.deal import Deal
from redouble.notation import Language
from redouble.seats import Seat

__all__ = ["auction_table", "auction_text", "diagram", "diagram_text", "hand_lines"]

SUIT_STYLES: dict[Suit, str] = {
    Suit.SPADES: "bold blue", Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold dark_orange", Suit.CLUBS: "bold green",
}

Hands = Mapping[Seat, Iterable[Card]]


def _as_hands(deal: Deal | Hands) -> dict[Seat, list[Card]]:
    if isinstance(deal, Deal):
        return {seat: list(deal[seat].cards) for seat in Seat}
    return {seat: list(cards) for seat, cards in deal.items()}


def hand_lines(cards: Iterable[Card], *, lang: Language | str = Language.ENGLISH,
               symbols: bool = True) -> list[str]:
    """Four lines, spades first: ``♠ AKQJ`` (``—`` for a void)."""
    language = Language.parse(lang)
    held = list(cards)
    lines = []
    for suit in SUITS:
        ranks = sorted((c.rank for c in held if c.suit is suit), reverse=True)
        label = suit.symbol if symbols else language.suit_letters[suit]
        text = "".join(language.rank_text(r) for r in ranks) or "—"
        lines.append(f"{label} {text}")
    return lines


def _title(seat: Seat, cards: list[Card], language: Language, hcp: bool) -> str:
    name = seat.format(lang=language, full=True)
    if hcp:
        name += f" ({sum(c.hcp for c in cards)})"
    return name


def diagram_text(deal: Deal | Hands, *, lang: Language | str = Language.ENGLISH,
                 symbols: bool = True, hcp: bool = False) -> str:
    """A four-hand diagram as plain text; seats missing from ``deal`` are left out."""
    language = Language.parse(lang)
    hands = _as_hands(deal)
    width = 17
    out: list[str] = []

    def block(seat: Seat) -> list[str]:
        if seat not in hands:
            return ["", "", "", "", ""]
        cards = hands[seat]
        return [_title(seat, cards, language, hcp),
                *hand_lines(cards, lang=language, symbols=symbols)]

    for line in block(Seat.NORTH):
        out.append(" " * width + line if line else "")
    west, east = block(Seat.WEST), block(Seat.EAST)
    for left, right in zip(west, east, strict=True):
        out.append((" " + left).ljust(2 * width) + " " + right)
    for line in block(Seat.SOUTH):
        out.append(" " * width + line if line else "")
    return "\n".join(line.rstrip() for line in out)


def _rich_hand(seat: Seat, cards: list[Card], language: Language, hcp: bool,
               symbols: bool) -> Text:
    text = Text(_title(seat, cards, language, hcp) + "\n", style="bold")
    for suit, line in zip(SUITS, hand_lines(cards, lang=language, symbols=symbols), strict=True):
        label, _, ranks = line.partition(" ")
        text.append(label, style=SUIT_STYLES[suit])
        text.append(" " + ranks + "\n")
    text.rstrip()
    return text


def diagram(deal: Deal | Hands, *, lang: Language | str = Language.ENGLISH,
            symbols: bool = True, hcp: bool = False, centre: str = "") -> Table:
    """A coloured four-hand diagram as a Rich table (3 × 3 grid, ``centre`` in the middle)."""
    language = Language.parse(lang)
    hands = _as_hands(deal)
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(min_width=14)

    def cell(seat: Seat) -> Text:
        if seat not in hands:
            return Text("")
        return _rich_hand(seat, hands[seat], language, hcp, symbols)

    grid.add_row(Text(""), cell(Seat.NORTH), Text(""))
    grid.add_row(cell(Seat.WEST), Text(centre, justify="center"), cell(Seat.EAST))
    grid.add_row(Text(""), cell(Seat.SOUTH), Text(""))
    return grid


def auction_text(dealer: Seat, calls: Sequence[Call], *,
                 lang: Language | str = Language.ENGLISH, symbols: bool = True) -> str:
    """The auction in four columns W N E S, as hand records print it."""
    language = Language.parse(lang)
    order = [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    header = "".join(seat.format(lang=language, full=True).ljust(8) for seat in order)
    cells = ["" for _ in range(order.index(dealer))]
    cells += [call.format(lang=language, symbols=symbols) for call in calls]
    rows = [header.rstrip()]
    for start in range(0, len(cells), 4):
        rows.append("".join(c.ljust(8) for c in cells[start:start + 4]).rstrip())
    return "\n".join(rows)


def auction_table(dealer: Seat, calls: Sequence[Call], *,
                  lang: Language | str = Language.ENGLISH) -> Group:
    """The auction as a coloured Rich renderable."""
    language = Language.parse(lang)
    order = [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    table = Table(*(seat.format(lang=language, full=True) for seat in order), box=None)
    cells: list[Text] = [Text("") for _ in range(order.index(dealer))]
    for call in calls:
        suit = None if call.strain is None else call.strain.suit
        style = "" if suit is None else SUIT_STYLES[suit]
        cells.append(Text(call.format(lang=language, symbols=True), style=style))
    for start in range(0, len(cells), 4):
        row = cells[start:start + 4]
        table.add_row(*row, *[Text("")] * (4 - len(row)))
    return Group(table)
