"""Derivations are data rendered in the page's language: every message exists in en/nl/de/no with the same values,
a session's numbers explain themselves in Dutch, German and Norwegian, and the pages carry the translation."""

from __future__ import annotations

import html
import re
import string

import pytest
from test_pages import adjusted_session

from redouble.club.derivation import TEMPLATES, Derivation, Signed, Step, Word
from redouble.club.movement import PairId
from redouble.club.pages import render_pages
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.scoring import Method, score_session
from redouble.scoring.matchpoints import ArtificialScore
from redouble.seats import Side

SEED_BOARD_1 = [420, 430, 500, 420, 450, -50, 170]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", ["nl", "de", "no"])
def test_every_message_is_translated_with_the_same_values(code: str) -> None:
    english, other = TEMPLATES["en"], TEMPLATES[code]
    assert set(other) == set(english)
    for key, template in english.items():
        assert _fields(other[key]) == _fields(template), key
    # Real translations: the sentences differ from English (numbers-only messages may match).
    worded = [key for key, template in english.items()
              if re.search(r"[a-z]{4,}", re.sub(r"\{\w+\}", "", template)) and key != "lang"]
    same = [key for key in worded if other[key] == english[key] and not key.startswith("word.")]
    assert not same, same


def seed_traveller() -> list[BoardResult]:
    return [BoardResult(1, PairId(n, Side.NS), PairId(n, Side.EW), score=s)
            for n, s in enumerate(SEED_BOARD_1, start=1)]


def test_seed_traveller_explains_itself_in_four_languages() -> None:
    line = score_session(seed_traveller()).board(1).lines[0]  # NS +420: beats 2, ties 1 of 6
    assert str(line.ns_why) == "NS +420 beats 2, ties 1 of 6 → 2×2 + 1×1 = 5 of 12"
    assert line.ns_why.render("nl") == "NZ +420 wint van 2, gelijk met 1 van 6 → 2×2 + 1×1 = 5 van 12"
    assert line.ns_why.render("de") == "NS +420 schlägt 2, gleich mit 1 von 6 → 2×2 + 1×1 = 5 von 12"
    assert line.ns_why.render("no") == "NS +420 slår 2, likt med 1 av 6 → 2×2 + 1×1 = 5 av 12"
    assert line.ew_why.render("nl").startswith("OW: NZ +420 wint van 2") and "OW krijgt 12 − dat = 7" in \
        line.ew_why.render("nl")


def test_adjustments_penalties_and_places_are_translated() -> None:
    lines = [*seed_traveller()[:6], BoardResult(1, PairId(7, Side.NS), PairId(7, Side.EW),
                                                artificial=ArtificialScore.parse("A+/A-"))]
    session = score_session(lines, session_rule=False, winners=2,
                            penalties=[Penalty(PairId(3, Side.NS), 1, PenaltyUnit.MATCHPOINTS, 1, "slow play")])
    artificial = session.board(1).lines[6]
    assert artificial.ns_why.render("de") == "NS A+/A-: künstliches Ergebnis 60% des Tops 12 = 7.2 (Regel 12C2)"
    assert artificial.ew_why.render("no") == "ØV A+/A-: kunstig 40% av toppen 12 = 4.8 (Lov 12C2)"
    penalised = session.pair("3NS").why.render("nl")
    assert penalised.startswith("3NZ: 1 spellen, Σ 11.83 MP; − straffen 1 (3NZ: −1 MP op spel 1 (slow play) = 1) ="
                                " 10.83; ")  # the director's reason stays as typed
    assert penalised.endswith("plaats 1 van 7 in A NZ")
    assert session.board(1).why.render("no") == "spill 1: 7 resultater, 6 sammenlignet; topp 2×(7−1) = 12; " \
                                                "Neuberg regner 6 resultater om til 7"


def test_butler_and_cross_imps_derivations_translate_their_words() -> None:
    lines = [BoardResult(1, PairId(n, Side.NS), PairId(n, Side.EW), score=s)
             for n, s in enumerate([170, 200, 650], start=1)]
    board = score_session(lines, method=Method.BUTLER).board(1)
    assert board.why.render("nl") == "spel 1: datum van 170, 200, 650; 170, 650 vervalt; gemiddelde van 1 = 200; " \
                                     "afgerond op 10 (halven van nul af) = 200"
    assert board.lines[2].ns_why.render("de") == "NS: NS +650 − Datum 200 = 450 → +10 IMPs"
    cross = score_session(lines, method=Method.CROSS_IMPS).board(1)
    assert cross.lines[2].ew_why.render("no") == "ØV: NS +650 mot 2 resultater: -10, -10 ÷ 2 = -10 IMP"


def test_derivation_values_are_data() -> None:
    why = Derivation.of(Step.of("imp.datum", side=Word("EW"), ns=Word("NS"), score=Signed(-50), datum=200, diff=-250,
                                imps=Signed(6)))
    assert why.to_json() == [{"key": "imp.datum", "values": {"side": {"word": "EW"}, "ns": {"word": "NS"},
                                                             "score": -50, "datum": 200, "diff": -250, "imps": 6}}]
    assert why.render("nl") == "OW: NZ -50 − datum 200 = -250 → +6 IMP's"
    with pytest.raises(KeyError):
        Step.of("no.such.message")


@pytest.mark.parametrize("code", ["nl", "de", "no"])
def test_pages_carry_the_derivations_in_their_language(code: str) -> None:
    state = adjusted_session().state
    page = render_pages(state, lang=code)["index.html"]
    score = state.score()
    for why in (score.ranking()[0].why, score.board(1).why, score.board(1).lines[0].ns_why):
        assert html.escape(why.render(code), quote=True) in page
        assert html.escape(str(why), quote=True) not in page  # no English derivation left on the page


def test_every_scored_number_derives_through_one_frozen_slotted_base() -> None:
    """``Derived`` serves the board, card line, pair, match board, rooms, team and event lines alike: ``derivation``
    is the English ``why``, and the values stay frozen, hashable and slotted (no per-instance ``__dict__``)."""
    import dataclasses

    from redouble.club.derivation import Derived
    from redouble.club.event import EventLine
    from redouble.club.scoring import BoardScore, CardLine, MatchBoard, PairScore, team_match
    from redouble.club.teamscore import BoardRooms, TeamScore

    session = score_session(seed_traveller())
    board = session.board(1)
    pair = session.pair("1NS")
    card = pair.card[0]
    match = team_match([BoardResult(1, PairId(1), PairId(3), score=420), BoardResult(1, PairId(4), PairId(2),
                                                                                        score=170)],
                       home=(PairId(1), PairId(2)))
    rooms = BoardRooms(1, None, None, None)
    team = TeamScore(1, "A", 12.5, 3, 1, 1, False, Derivation.of(Step.of("team.ranking", matches="x", vps=12.5)))
    event = EventLine("ann & bob", "Ann – Bob", (), 0.0, 50.0, 50.0, 1, False, Derivation.of(Step.of(
        "event.percent", pair="Ann – Bob", count=1, parts="Monday: 50.00%", percent="50.00")))
    values: list[Derived] = [board, card, pair, match.boards[0], rooms, team, event]
    assert [type(value) for value in values] == [BoardScore, CardLine, PairScore, MatchBoard, BoardRooms, TeamScore,
                                                 EventLine]
    for value in values:
        assert value.derivation == str(value.why)
        assert not hasattr(value, "__dict__")
        hash(value)
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.why = Derivation()  # type: ignore[misc]
    assert match.boards[0].derivation == "open room NS +420, closed room NS +170: Home +250 → +6 IMPs (Law 78B)"
    assert rooms.derivation == ""
    assert pair.why.render("nl") != pair.derivation
