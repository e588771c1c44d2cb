"""Chicago (ACBL four-deal rules): vulnerability, carried partscores, deal-4 bonus, redeals."""

from __future__ import annotations

import pytest
from rich.console import Console

from redouble.errors import UndoError
from redouble.scoring import Chicago, RubberOverError, ScoringError
from redouble.scoring.chicago import chicago_vulnerability
from redouble.scoring.sheet import EntryKind
from redouble.seats import Seat, Side, Vulnerability

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_vulnerability_by_deal() -> None:
    """Deal 1 none, deals 2 and 3 dealer's side, deal 4 both."""
    assert [chicago_vulnerability(n, N.next(n - 1)) for n in range(1, 5)] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH]
    assert [chicago_vulnerability(n, E.next(n - 1)) for n in range(1, 5)] == [
        Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH]
    with pytest.raises(ScoringError):
        chicago_vulnerability(5, N)


def test_a_full_chicago() -> None:
    chicago = Chicago()
    # Deal 1 (N deals, none vul): NS 2S= carries 60.
    assert [e.points for e in chicago.record("2S", declarer=N, tricks=8)] == [60]
    # Deal 2 (E deals, EW vul): EW 4H= vulnerable game 120 + 500; NS's 60 no longer counts.
    entries = chicago.record("4H", declarer=E, tricks=10)
    assert [(e.points, e.kind) for e in entries] == [(120, EntryKind.TRICK_SCORE), (500, EntryKind.GAME)]
    assert chicago.below_line == {Side.NS: 0, Side.EW: 0}
    # Deal 3 (S deals, NS vul): passed out, S deals again, still deal 3.
    chicago.record_passed_out()
    assert chicago.deal_number == 3 and chicago.dealer is S and chicago.vulnerability is Vulnerability.NS
    # NS 3NT-1 vulnerable: EW get 100.
    assert [(e.side, e.points) for e in chicago.record("3NT", declarer=S, tricks=8)] == [(Side.EW, 100)]
    # Deal 4 (W deals, both vul): EW 2D+1 partscore that is not a game: 40 + 20 + 100.
    entries = chicago.record("2D", declarer=W, tricks=9)
    assert [(e.points, e.kind) for e in entries] == [
        (40, EntryKind.TRICK_SCORE), (20, EntryKind.OVERTRICKS), (100, EntryKind.PARTSCORE)]
    assert chicago.is_finished
    assert chicago.totals == {Side.NS: 60, Side.EW: 120 + 500 + 100 + 40 + 20 + 100}
    assert chicago.winner is Side.EW and chicago.difference == 820
    assert chicago.deals[2].passed_out_before == 1
    before = chicago.to_json()
    with pytest.raises(RubberOverError):
        chicago.record("1NT", declarer=N, tricks=7)
    assert chicago.to_json() == before


def test_carried_partscore_completes_a_game_at_that_deals_vulnerability() -> None:
    chicago = Chicago()
    chicago.record("2H", declarer=S, tricks=8)        # deal 1: 60
    chicago.record("1NT", declarer=E, tricks=7)       # deal 2: EW 40
    entries = chicago.record("2C", declarer=N, tricks=8)  # deal 3 NS vul: 60 + 40 -> game, 500
    assert entries[-1].kind is EntryKind.GAME and entries[-1].points == 500
    assert chicago.games == {Side.NS: 1, Side.EW: 0}
    entries = chicago.record("4S", declarer=E, tricks=10)  # deal 4: game for EW, no partscore bonus
    assert [(e.points, e.kind) for e in entries] == [(120, EntryKind.TRICK_SCORE), (500, EntryKind.GAME)]


def test_deal_4_down_has_no_partscore_bonus() -> None:
    chicago = Chicago.from_results(Chicago().results)
    for _ in range(3):
        chicago.record("1C", declarer=N, tricks=7)
    entries = chicago.record("2S", declarer=E, tricks=7)
    assert [(e.side, e.points) for e in entries] == [(Side.NS, 100)]


def test_honours_optional() -> None:
    with pytest.raises(ScoringError, match="without honours"):
        Chicago().record("4S", declarer=N, tricks=10, honours=(Side.NS, 100))
    chicago = Chicago(honours=True)
    entries = chicago.record("4S", declarer=N, tricks=10, honours=(Side.EW, 100))
    assert (Side.EW, 100) in [(e.side, e.points) for e in entries]


def test_undo_rebuild_and_render() -> None:
    chicago = Chicago(dealer=E)
    chicago.record("3NT", declarer=S, tricks=10)
    chicago.record_passed_out()
    chicago.record("4S", declarer=W, tricks=9)
    assert Chicago.from_json(chicago.to_json()).to_json() == chicago.to_json()
    assert chicago.undo().contract is not None
    assert chicago.deal_number == 2 and chicago.dealer is S
    chicago.undo()
    chicago.undo()
    with pytest.raises(UndoError):
        chicago.undo()
    chicago.record("3NT", declarer=S, tricks=10)
    text = chicago.text()
    assert "3NT S" in text and "430 (1)" not in text and "100 (1)" in text and "300 (1)" in text
    console = Console(width=80, record=True)
    console.print(chicago.rich())
    assert "Chicago" in console.export_text()


def test_the_deal_passes_left_into_the_next_chicago_after_a_passed_out_fourth_deal() -> None:
    """RULES.md §2 and §7: each player deals once per Chicago; a passed-out deal is redealt by
    the same dealer; the next Chicago opens with the player left of the fourth dealer."""
    chicago = Chicago(dealer=N)
    dealers = []
    for declarer in (N, E, S):
        dealers.append(chicago.next_dealer)
        chicago.record("1NT", declarer=declarer, tricks=7)
    for _ in range(2):
        dealers.append(chicago.next_dealer)
        chicago.record_passed_out()  # deal 4 passed out twice: West deals it again
    dealers.append(chicago.next_dealer)
    chicago.record("2C", declarer=W, tricks=8)
    assert dealers == [N, E, S, W, W, W]
    assert chicago.is_finished and chicago.next_dealer is N
    following = chicago.following()
    assert following.first_dealer is N and following.dealer is N
    assert following.vulnerability is Vulnerability.NONE and following.deal_number == 1
    assert following.final_partscore_bonus == chicago.final_partscore_bonus


def test_the_next_chicago_keeps_the_options_and_starts_only_after_deal_four() -> None:
    chicago = Chicago(dealer=E, honours=True, final_partscore_bonus=50)
    with pytest.raises(ScoringError, match="not over yet"):
        chicago.following()
    assert chicago.next_dealer is E
    chicago.record_passed_out()
    assert chicago.next_dealer is E and chicago.vulnerability is Vulnerability.NONE
    for declarer in (N, E, S, W):
        chicago.record("1C", declarer=declarer, tricks=7)
    following = chicago.following()
    assert following.dealer is E and following.honours and following.final_partscore_bonus == 50
