"""Mini-bridge (seed 001): the golden score table and the announcing procedure."""

from __future__ import annotations

import pytest

from redouble.calls import Contract
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.errors import NotationError
from redouble.hand import Hand
from redouble.scoring import ScoringError, minibridge_score
from redouble.scoring.minibridge import announcements, minibridge_declarer, suggested_contract
from redouble.seats import Seat, Side

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(("contract", "tricks", "score"), [
    ("2H", 9, 140), ("3H", 9, 140), ("3H", 10, 170), ("4H", 10, 420), ("4H", 11, 450),
    ("4H", 9, -50), ("4H", 8, -100),
])
def test_golden_seed001_minibridge_table(contract: str, tricks: int, score: int) -> None:
    assert minibridge_score(Contract.parse(contract), tricks=tricks) == score


def test_notrump_and_minors() -> None:
    assert minibridge_score("3NT", tricks=9) == 400
    assert minibridge_score("1NT", tricks=8) == 120
    assert minibridge_score("5D", tricks=11) == 400
    assert minibridge_score("4D", tricks=11) == 150


def test_bad_input() -> None:
    with pytest.raises(ScoringError, match="no doubles"):
        minibridge_score("4HX", tricks=10)
    with pytest.raises(NotationError):
        minibridge_score("8S", tricks=10)
    with pytest.raises(ScoringError):
        minibridge_score("4S", tricks=14)


def test_declarer_from_announcements() -> None:
    """The side with more points declares; its stronger player is declarer."""
    chosen = minibridge_declarer([(E, 8), (S, 12), (W, 9), (N, 11)])
    assert chosen.side is Side.NS and chosen.declarer is S and chosen.dummy is N
    assert chosen.opening_leader is W and chosen.points == {Side.NS: 23, Side.EW: 17}


def test_declarer_tie_is_the_first_to_announce() -> None:
    assert minibridge_declarer([(W, 5), (N, 11), (E, 13), (S, 11)]).declarer is N
    assert minibridge_declarer([(S, 11), (W, 5), (N, 11), (E, 13)]).declarer is S


def test_twenty_twenty() -> None:
    """Both sides 20: the player who announced most declares."""
    chosen = minibridge_declarer([(N, 10), (E, 14), (S, 10), (W, 6)])
    assert chosen.side is Side.EW and chosen.declarer is E


def test_bad_announcements() -> None:
    with pytest.raises(ScoringError, match="40"):
        minibridge_declarer([(N, 10), (E, 10), (S, 10), (W, 11)])
    with pytest.raises(ScoringError, match="four seats"):
        minibridge_declarer([(N, 10), (E, 10), (S, 20)])


def test_announcements_from_a_deal() -> None:
    deal = Deal.from_pbn("N:AKQJT.AKQ.AK.AKQ 98765.J.QJT9.JT9 432.T98.8765.876 .765432.432.5432")
    announced = announcements(deal, E)
    assert [seat for seat, _ in announced] == [E, S, W, N]
    assert sum(points for _, points in announced) == 40
    assert minibridge_declarer(announced).declarer is N


def test_suggested_contract() -> None:
    assert suggested_contract(Hand.parse("AKQ2.K32.Q32.432"), Hand.parse("J543.A54.K54.K65")) == \
        Contract.parse("4S")
    no_fit = suggested_contract(Hand.parse("AK2.KQ32.Q32.432"), Hand.parse("QJ3.A54.K654.K65"), declarer=S)
    assert no_fit == Contract.parse("3NT", declarer=S)
    weak = suggested_contract(Hand.parse("A2.KQ32.Q32.5432"), Hand.parse("Q743.54.K654.K65"))
    assert weak.strain is Strain.NOTRUMP and weak.level == 1
    minor = suggested_contract(Hand.parse("A2.K32.AQ2.AQ432"), Hand.parse("K43.A54.K54.KJ65"))
    assert minor.strain is Strain.CLUBS and minor.level == 6
