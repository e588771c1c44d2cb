"""Table cards and pair guide cards, text and HTML, in the four notation languages."""

from __future__ import annotations

import pytest

from redouble.club.movement import PairId, howell, mitchell
from redouble.club.movements.cards import (
    board_ranges,
    cards_page_html,
    guide_cards_html,
    guide_cards_text,
    pair_guide,
    table_card,
    table_cards_html,
    table_cards_text,
)
from redouble.notation import Language
from redouble.seats import Side


def test_board_ranges() -> None:
    assert board_ranges((7, 8, 9)) == "7–9"
    assert board_ranges((1, 2, 19, 20)) == "1–2, 19–20"
    assert board_ranges((4,)) == "4"


def test_pair_guide_of_a_mitchell_ew_pair() -> None:
    lines = pair_guide(mitchell(5, boards_per_round=3), PairId(5, Side.EW))
    assert lines[0] == "round 1: table 5, EW, boards 13–15, against 5NS"
    assert lines[2] == "round 3: table 2, EW, boards 10–12, against 2NS"


def test_pair_guide_shows_sit_outs_and_switches() -> None:
    movement = mitchell(5, half_table=True, arrow_switch=(5,))
    lines = pair_guide(movement, PairId(1, Side.NS))
    assert lines[0] == "round 1: table 1, NS, boards 1–2, against 1EW"
    assert "sit out" in lines[1]  # EW pair 5 is missing and would be at table 1 in round 2
    assert lines[4].startswith("round 5: table 1, EW,")  # the arrow switch puts NS pair 1 in the EW seats


def test_pair_guide_of_a_howell_pair() -> None:
    lines = pair_guide(howell(4), PairId(8))
    assert all(line.split(": ")[1].startswith("table 1, NS") for line in lines)
    assert len(lines) == 7


def test_table_card_tells_where_pairs_and_boards_go() -> None:
    rows = table_card(mitchell(8, relay=True), 5)
    first = rows[0]
    assert first[:4] == ("1", "5NS", "5EW", "9–10")
    assert first[4] == "table 6"            # EW move up one table
    assert first[5] == "relay / bye stand"  # boards from table T/2+1 go to the relay
    shared = table_card(mitchell(8, relay=True), 1)[0]
    assert "shared with table 8" in shared[3]
    assert table_card(mitchell(3), 1)[-1][4:] == ("last round", "last round")


@pytest.mark.parametrize(("language", "words"), [
    (Language.ENGLISH, ("round 1: table 1, NS, boards 1–2", "Table card")),
    (Language.DUTCH, ("ronde 1: tafel 1, NZ, spellen 1–2", "Tafelkaart")),
    (Language.GERMAN, ("Runde 1: Tisch 1, NS, Boards 1–2", "Tischkarte")),
    (Language.NORWEGIAN, ("runde 1: bord 1, NS, spill 1–2", "Bordkort")),
])
def test_cards_in_four_languages(language: Language, words: tuple[str, str]) -> None:
    movement = mitchell(3)
    assert words[0] in guide_cards_text(movement, language=language)
    assert words[1] in table_cards_text(movement, language=language)


def test_dutch_and_norwegian_direction_letters() -> None:
    movement = mitchell(3)
    assert "OW" in guide_cards_text(movement, language=Language.DUTCH)
    assert "ØV" in guide_cards_text(movement, language=Language.NORWEGIAN)


def test_html_cards_are_escaped_fragments() -> None:
    movement = mitchell(3)
    tables = table_cards_html(movement)
    guides = guide_cards_html(movement, language=Language.GERMAN)
    assert tables.count('<section class="table-card" lang="en">') == 3
    assert guides.count('<section class="pair-guide" lang="de">') == 6
    assert "<li>Runde 1: Tisch 1, NS, Boards 1–2, gegen 1OW</li>" in guides


def test_printable_page() -> None:
    page = cards_page_html(howell(4), language=Language.NORWEGIAN)
    assert page.startswith("<!DOCTYPE html>") and '<html lang="no">' in page
    assert page.count('class="table-card"') == 4 and page.count('class="pair-guide"') == 8
    assert "runde 7: bord 1, NS" in page
