"""Notation in the four languages of RULES.md §1, parsing and printing, and rebuildable reprs."""

from __future__ import annotations

import pytest

import redouble
from redouble import (
    CALLS,
    DECK,
    Call,
    Card,
    Contract,
    Hand,
    Language,
    NotationError,
    Rank,
    Risk,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)

LANGS = ["en", "nl", "de", "no"]


@pytest.mark.parametrize(
    ("lang", "spade", "heart", "diamond", "club", "notrump", "honours"),
    [
        ("en", "S", "H", "D", "C", "NT", ["A", "K", "Q", "J", "T"]),
        ("nl", "S", "H", "R", "K", "SA", ["A", "H", "V", "B", "10"]),
        ("de", "P", "C", "K", "T", "SA", ["A", "K", "D", "B", "10"]),
        ("no", "S", "H", "R", "K", "NT", ["E", "K", "D", "Kn", "10"]),
    ],
)
def test_rules_notation_table(lang: str, spade: str, heart: str, diamond: str, club: str,
                              notrump: str, honours: list[str]) -> None:
    """Every cell of the RULES.md §1 notation table parses and prints."""
    assert Strain.parse(spade, lang=lang) is Strain.SPADES
    assert Strain.parse(heart, lang=lang) is Strain.HEARTS
    assert Strain.parse(diamond, lang=lang) is Strain.DIAMONDS
    assert Strain.parse(club, lang=lang) is Strain.CLUBS
    assert Strain.parse(notrump, lang=lang) is Strain.NOTRUMP
    assert Strain.NOTRUMP.format(lang=lang) == notrump
    ranks = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]
    for text, rank in zip(honours, ranks, strict=True):
        assert Rank.parse(text, lang=lang) is rank
        assert rank.letter(lang) == text
    assert [Suit.SPADES.letter(lang), Suit.HEARTS.letter(lang), Suit.DIAMONDS.letter(lang),
            Suit.CLUBS.letter(lang)] == [spade, heart, diamond, club]


def test_issue_examples() -> None:
    assert Card.parse("SA") == Card(Suit.SPADES, Rank.ACE)
    assert Card.parse("♥10") == Card(Suit.HEARTS, Rank.TEN)
    assert Card.parse("HV", lang="nl") == Card(Suit.HEARTS, Rank.QUEEN)


def test_language_clashes_are_never_guessed() -> None:
    """Dutch K is clubs, English K is a king, German K is diamonds."""
    assert Suit.parse("K", lang="nl") is Suit.CLUBS
    assert Suit.parse("K", lang="de") is Suit.DIAMONDS
    assert Rank.parse("K") is Rank.KING
    with pytest.raises(NotationError, match="not a suit in English"):
        Suit.parse("K")
    assert Card.parse("KH", lang="nl") == Card.parse("CK")  # Dutch: clubs, heer
    assert Card.parse("KD", lang="de") == Card.parse("DQ")  # German: Karo, Dame
    assert Card.parse("KKn", lang="no") == Card.parse("CJ")  # Norwegian: kløver, knekt


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_round_trips_in_every_language(lang: str) -> None:
    for card in DECK:
        for symbols in (False, True):
            assert Card.parse(card.format(lang=lang, symbols=symbols), lang=lang) is card


@pytest.mark.parametrize("lang", LANGS)
def test_every_call_round_trips_in_every_language(lang: str) -> None:
    for call in CALLS:
        for symbols in (False, True):
            assert Call.parse(call.format(lang=lang, symbols=symbols), lang=lang) == call


def test_language_words_for_calls() -> None:
    assert Call.parse("Pas", lang="nl") == Call.parse("Pass")
    assert Call.parse("Kontra", lang="de") == Call.parse("X")
    assert Call.parse("Rekontra", lang="de") == Call.parse("XX")
    assert Call.parse("3SA", lang="de") == Call.parse("3NT")
    assert Call.parse("3grand", lang="no") == Call.parse("3NT")
    assert Call.parse("Pass").format(lang="de") == "Passe"


@pytest.mark.parametrize("text", ["", "S", "SZ", "ZA", "S1", "S11", "S A A", "AS"])
def test_malformed_cards_name_the_problem(text: str) -> None:
    with pytest.raises(NotationError, match="card"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["", "8S", "0NT", "4Z", "1", "Bid", "XXX", "1NTT"])
def test_malformed_calls_name_the_problem(text: str) -> None:
    with pytest.raises(NotationError):
        Call.parse(text)


@pytest.mark.parametrize("text", ["8S", "4Z", "0H", "", "4", "4HXXX", "NT4"])
def test_malformed_contracts(text: str) -> None:
    with pytest.raises(NotationError, match="contract"):
        Contract.parse(text)


def test_contract_values() -> None:
    contract = Contract.parse("4HX", declarer=Seat.SOUTH)
    assert (contract.level, contract.strain, contract.risk, contract.declarer) == (
        4, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH)
    assert str(contract) == "4HX"
    assert Contract.parse("4NT") != Contract.parse("4NTX")
    assert Contract.parse("6SXX").risk.multiplier == 4
    assert Contract.parse("3SA", lang="nl").strain is Strain.NOTRUMP
    assert Contract.parse("4♠").format(lang="de") == "4P"
    assert contract.tricks_needed == 10 and contract.dummy is Seat.NORTH
    assert len({Contract.parse("4H"), Contract.parse("4H"), Contract.parse("4HX")}) == 2


def test_values_repr_rebuilds_them() -> None:
    namespace = vars(redouble)
    values: list[object] = [
        Card.parse("SA"), Card.parse("C2"), Call.parse("1NT"), Call.parse("XX"),
        Contract.parse("4HX", declarer=Seat.SOUTH), Contract.parse("7NTXX"),
        Seat.NORTH, Side.EW, Suit.HEARTS, Strain.NOTRUMP, Rank.TEN, Risk.REDOUBLED,
        Vulnerability.BOTH, Hand.parse("AKQ2.KJ3.T98.A32"), Hand.parse("..AKQJT98765432."),
    ]
    for value in values:
        assert eval(repr(value), dict(namespace)) == value, repr(value)


def test_values_are_frozen_and_hashable() -> None:
    card = Card.parse("SA")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Contract.parse("4H").level = 5  # type: ignore[misc]
    assert {card: 1}[Card.parse("SA")] == 1
    assert sorted(DECK) == list(DECK)
    assert Card.parse("SA") > Card.parse("SK") > Card.parse("HA")


def test_seats_and_sides() -> None:
    assert [Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho] == [Seat.EAST, Seat.SOUTH,
                                                                    Seat.WEST]
    assert Seat.WEST.lho is Seat.NORTH
    assert Seat.EAST.side is Side.EW and Seat.SOUTH in Side.NS
    assert Seat.parse("O", lang="nl") is Seat.EAST and Seat.parse("Z", lang="nl") is Seat.SOUTH
    assert Seat.parse("V", lang="no") is Seat.WEST and Seat.parse("Ø", lang="no") is Seat.EAST
    assert Seat.parse("Süd", lang="de") is Seat.SOUTH
    with pytest.raises(NotationError, match="not a seat"):
        Seat.parse("X")
    assert Vulnerability.parse("All") is Vulnerability.BOTH
    assert Vulnerability.parse("Love") is Vulnerability.NONE
    assert Vulnerability.EW.is_vulnerable(Side.EW) and not Vulnerability.EW.is_vulnerable(Seat.NORTH)
    with pytest.raises(NotationError):
        Vulnerability.parse("NE")


def test_unknown_language() -> None:
    with pytest.raises(NotationError, match="unknown language"):
        Language.parse("fr")
    assert Language.parse("nb") is Language.NORWEGIAN


@pytest.mark.parametrize("text", [
    "１NT",  # fullwidth digit one (issue 16)
    "٣NT",  # Arabic-Indic digit three (issue 16)
    "𝟏NT",  # mathematical bold digit one
    "३S",  # Devanagari digit three
    "1ſ",  # long s, whose upper case is "S"
    "1ｎｔ",  # fullwidth letters
    "1NT\u3000",  # an ideographic space
    "ⅠNT",  # Roman numeral one
])
@pytest.mark.parametrize("lang", LANGS)
def test_only_the_documented_notation_parses_as_a_call(text: str, lang: str) -> None:
    """RULES.md §1 names ASCII levels and the languages' letters; other scripts are refused."""
    with pytest.raises(NotationError):
        Call.parse(text, lang=lang)
    with pytest.raises(NotationError):
        Contract.parse(text, lang=lang)


@pytest.mark.parametrize(("parse", "text"), [
    (Card.parse, "ſA"), (Card.parse, "S１0"), (Card.parse, "H٣"), (Rank.parse, "٩"),
    (Suit.parse, "ſ"), (Seat.parse, "ſ"), (Seat.parse, "ｎ"), (Strain.parse, "ｎｔ"),
    (Hand.parse, "AKQ.٢.-.-"), (Vulnerability.parse, "ＮＳ"), (Side.parse, "ſn"),
])
def test_lookalike_characters_do_not_parse(parse: object, text: str) -> None:
    assert callable(parse)
    with pytest.raises(NotationError):
        parse(text)


def test_the_documented_forms_still_parse_in_any_case() -> None:
    assert Call.parse(" 1nt ") is Call.parse("1NT")
    assert Call.parse("4♠\ufe0f") is Call.parse("4S")
    assert Call.parse("3sa", lang="nl") is Call.parse("3NT")
    assert Card.parse("kkn", lang="no") == Card.parse("CJ")
    assert Seat.parse("øst", lang="no") is Seat.EAST and Seat.parse("süd", lang="de") is Seat.SOUTH
    assert Side.parse("øv") is Side.EW
    assert Hand.parse("ahv.b10.-.-", lang="nl") == Hand.parse("AKQ.JT.-.-")
    with pytest.raises(NotationError, match="level is 1 to 7"):
        Call.parse("8NT")
