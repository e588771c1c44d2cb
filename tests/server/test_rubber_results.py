"""Rubber and Chicago tables show their own scoring everywhere (issue 12): results, board
records, PBN downloads and the post-mortem carry the sheet, not duplicate scores and par."""

from __future__ import annotations

import pytest

from redouble.cards import Rank, Suit
from redouble.formats import pbn
from redouble.formats.pbn.events import scoring_tag
from redouble.seats import Seat, Side
from redouble.server import jobs, presenter
from redouble.server.sheet import sheet_results
from redouble.server.table import Table

from .test_table import commit, make_table, propose


def _play_four_spades_making_eleven(table: Table) -> None:
    """North opens 4S, all pass; after the lead North claims 11 of the 13 tricks."""
    for seat, call in ((Seat.NORTH, "4S"), (Seat.EAST, "Pass"), (Seat.SOUTH, "Pass"),
                       (Seat.WEST, "Pass")):
        commit(table, propose(table, seat, {"type": "call", "call": call}))
    state = table.state
    assert state is not None
    commit(table, propose(table, Seat.EAST, {"type": "card", "card": str(state.legal_cards()[0])}))
    assert state.play is not None
    won = state.play.tricks_won(Seat.NORTH.side)
    commit(table, propose(table, Seat.NORTH, {"type": "claim", "tricks": 11 - won}))
    for seat in (Seat.EAST, Seat.WEST):
        commit(table, propose(table, seat, {"type": "accept_claim"}))
    assert table.board_done


@pytest.mark.parametrize(("form", "tag"), [("rubber", "Rubber"), ("chicago", "Chicago")])
def test_a_rubber_or_chicago_result_is_scored_on_its_sheet(form: str, tag: str) -> None:
    table = make_table(form)
    _play_four_spades_making_eleven(table)
    (result,) = table.results()
    ns = result["sheet"]["NS"]
    if form == "rubber":  # 30 for the overtrick and the honours, to whichever side held them (Law 77)
        state = table.state
        assert state is not None
        held = {seat: sum(card.suit is Suit.SPADES and card.rank >= Rank.TEN for card in hand)
                for seat, hand in state.board.deal.items()}
        holder = max(held, key=lambda seat: held[seat])
        honours = {5: 150, 4: 100}.get(held[holder], 0)
        ns_honours = honours if holder.side is Side.NS else 0
        assert ns == {"below": 120, "above": 30 + ns_honours}
        assert result["sheet"]["EW"] == {"below": 0, "above": honours - ns_honours}
        assert result["score_ns"] == 150 + ns_honours - (honours - ns_honours)  # no game bonus until the rubber
    else:  # Chicago deal 1, none vulnerable: the overtrick and a 300 game, no honours by default
        assert ns == {"below": 120, "above": 330} and result["sheet"]["EW"] == {"below": 0, "above": 0}
        assert result["score_ns"] == 450
    assert presenter.board_record(table, 1)["result"] == result
    assert table.scored_result(1) == result

    (game,) = pbn.loads(presenter.board_pbn(table, 1))
    assert game.tags["Scoring"] == tag
    assert pbn.loads(presenter.table_pbn(table))[0].tags["Scoring"] == tag

    state = table.state
    assert state is not None
    analysis = jobs.board_analysis(state.to_json())
    assert analysis["par"] is None and set(analysis["dd_tricks"]) == {"N", "E", "S", "W"}


def test_the_sheet_scores_each_deal_in_order() -> None:
    """A 2S partscore then 2NT completes the game (RULES.md §6): the bonus goes to that deal."""
    results = [
        {"board": 1, "dealer": "N", "contract": "2S", "declarer": "N", "tricks": 8},
        {"board": 2, "dealer": "E", "contract": None, "declarer": None, "tricks": None},
        {"board": 3, "dealer": "S", "contract": "2NT", "declarer": "S", "tricks": 8},
        {"board": 4, "dealer": "W", "contract": "3NT", "declarer": "E", "tricks": 7},
    ]
    scored = sheet_results("rubber", results)
    assert [r["sheet"]["NS"] for r in scored] == [
        {"below": 60, "above": 0}, {"below": 0, "above": 0}, {"below": 70, "above": 0},
        {"below": 0, "above": 100}]  # 3NT-2 by a non-vulnerable East: 100 to NS
    assert [r["score_ns"] for r in scored] == [60, 0, 70, 100]
    chicago = sheet_results("chicago", results)
    # the passed-out deal is dealt again, so 2NT is deal 2 (East deals, NS not vulnerable): 300
    assert chicago[2]["sheet"]["NS"] == {"below": 70, "above": 300}
    assert sheet_results("duplicate", results) is results


def test_pbn_scoring_tags_follow_the_standard() -> None:
    """PBN 2.1 §3.4.12 names Rubber, Chicago, MP and IMP."""
    assert [scoring_tag(form) for form in ("rubber", "chicago")] == ["Rubber", "Chicago"]
    assert scoring_tag("duplicate", "matchpoints") == "MP"
    assert scoring_tag("duplicate", "imps-vs-par") == "IMP"
    assert scoring_tag("duplicate", "imps-cross") == "IMP;Cross2"
    assert scoring_tag("duplicate", None) == "?"
