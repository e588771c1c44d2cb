"""Duplicate scoring against Law 77, written out as the law's own tables (not from the code)."""

from __future__ import annotations

import itertools

import pytest

from redouble.calls import Contract, Risk
from redouble.cards import Strain
from redouble.errors import BridgeError, NotationError
from redouble.scoring import ScoringError, duplicate_score, score_breakdown
from redouble.scoring.duplicate import ns_score
from redouble.seats import Seat, Vulnerability

# --- Law 77, clause by clause, as literal tables -------------------------------------------

# Trick points for each odd trick bid and made: (first trick, each subsequent trick), undoubled.
LAW77_TRICK_POINTS = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}
# Doubled and redoubled trick points per trick, as the law prints them (first, subsequent).
LAW77_TRICK_POINTS_DOUBLED = {"C": (40, 40), "D": (40, 40), "H": (60, 60), "S": (60, 60), "NT": (80, 60)}
LAW77_TRICK_POINTS_REDOUBLED = {"C": (80, 80), "D": (80, 80), "H": (120, 120), "S": (120, 120),
                                "NT": (160, 120)}
# Overtrick points per trick: (not vulnerable, vulnerable); undoubled = trick value.
LAW77_OVERTRICK = {"X": (100, 200), "XX": (200, 400)}
# Premiums.
LAW77_GAME = (300, 500)
LAW77_PARTSCORE = 50
LAW77_SMALL_SLAM = (500, 750)
LAW77_GRAND_SLAM = (1000, 1500)
LAW77_INSULT = {"": 0, "X": 50, "XX": 100}
# Undertricks, each trick in turn from the first, (risk, vulnerable) -> list for tricks 1..13.
LAW77_UNDERTRICKS = {
    ("", False): [50] * 13,
    ("", True): [100] * 13,
    ("X", False): [100, 200, 200] + [300] * 10,
    ("X", True): [200] + [300] * 12,
    ("XX", False): [200, 400, 400] + [600] * 10,
    ("XX", True): [400] + [600] * 12,
}

STRAINS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES,
           "NT": Strain.NOTRUMP}
RISKS = {"": Risk.UNDOUBLED, "X": Risk.DOUBLED, "XX": Risk.REDOUBLED}


def law77(level: int, strain: str, risk: str, vulnerable: bool, tricks: int) -> int:
    """The score for declarer's side read off the tables above."""
    needed = level + 6
    v = int(vulnerable)
    if tricks < needed:
        return -sum(LAW77_UNDERTRICKS[(risk, vulnerable)][: needed - tricks])
    table = {"": LAW77_TRICK_POINTS, "X": LAW77_TRICK_POINTS_DOUBLED,
             "XX": LAW77_TRICK_POINTS_REDOUBLED}[risk][strain]
    contract_points = table[0] + table[1] * (level - 1)
    over = tricks - needed
    over_points = over * (LAW77_TRICK_POINTS[strain][1] if risk == "" else LAW77_OVERTRICK[risk][v])
    premium = LAW77_GAME[v] if contract_points >= 100 else LAW77_PARTSCORE
    slam = LAW77_SMALL_SLAM[v] if level == 6 else LAW77_GRAND_SLAM[v] if level == 7 else 0
    return contract_points + over_points + premium + slam + LAW77_INSULT[risk]


def test_full_law77_table() -> None:
    cases = 0
    for level, strain, risk, vulnerable, tricks in itertools.product(
            range(1, 8), STRAINS, RISKS, (False, True), range(14)):
        contract = Contract(level, STRAINS[strain], RISKS[risk])
        expected = law77(level, strain, risk, vulnerable, tricks)
        assert duplicate_score(contract, tricks=tricks, vulnerable=vulnerable) == expected, \
            (f"{level}{strain}{risk}", vulnerable, tricks)
        cases += 1
    assert cases == 7 * 5 * 3 * 2 * 14


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), [
    ("1NT", 7, False, 90), ("3NT", 10, True, 630), ("1CX", 7, False, 140), ("1CXX", 7, False, 230),
    ("7NTXX", 13, True, 2980), ("7NTX", 0, False, -3500), ("7NTXX", 0, True, -7600),
    ("4SX", 6, False, -800), ("2HX", 8, False, 470), ("2HX", 9, True, 870), ("5DX", 8, False, -500),
    ("3NT", 12, False, 490), ("6NT", 12, True, 1440),
])
def test_well_known_scores(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(contract, tricks=tricks, vulnerable=vulnerable) == score


def test_golden_seed000_duplicate() -> None:
    """RULES.md §5 golden (seed 000/001): 4♥ 420 nv, 620 vul; 2♠ making 10 tricks = 170."""
    assert duplicate_score(Contract.parse("4H"), tricks=10, vulnerable=False) == 420
    assert duplicate_score(Contract.parse("4H"), tricks=10, vulnerable=True) == 620
    assert duplicate_score(Contract.parse("2S"), tricks=10, vulnerable=False) == 170


def test_seed004_printing_error_is_not_followed() -> None:
    """Seed 004 prints hearts doubled at 40 a trick; Law 77 says 60 (RULES.md §5)."""
    assert score_breakdown("1HX", tricks=7, vulnerable=False).trick_score == 60
    assert score_breakdown("1HXX", tricks=7, vulnerable=False).trick_score == 120


def test_breakdown_parts() -> None:
    parts = score_breakdown("6SX", tricks=13, vulnerable=False)
    assert parts.lines() == [("trick score", 360), ("overtricks", 100), ("game bonus", 300),
                             ("slam bonus", 500), ("insult", 50)]
    assert parts.total == 1310 and parts.result_text == "+1" and parts.made
    down = score_breakdown("4HX", tricks=8, vulnerable=False)
    assert down.lines() == [("2 undertricks", -300)] and down.total == -300
    assert down.to_json()["undertricks"] == 300 and down.to_json()["result"] == "-2"
    part = score_breakdown("2H", tricks=10, vulnerable=False)
    assert part.lines() == [("trick score", 60), ("overtricks", 60), ("partscore bonus", 50)]


def test_vulnerability_from_the_board() -> None:
    south = Contract.parse("4H", declarer=Seat.SOUTH)
    assert duplicate_score(south, tricks=10, vulnerable=Vulnerability.NS) == 620
    assert duplicate_score(south, tricks=10, vulnerable=Vulnerability.EW) == 420
    with pytest.raises(ScoringError, match="no declarer"):
        duplicate_score("4H", tricks=10, vulnerable=Vulnerability.NS)


def test_passed_out_scores_zero() -> None:
    assert duplicate_score(None) == 0


@pytest.mark.parametrize("text", ["8S", "4Z", "0NT", "", "4HXXX"])
def test_bad_contract_text(text: str) -> None:
    with pytest.raises(NotationError):
        duplicate_score(text, tricks=10, vulnerable=False)


@pytest.mark.parametrize("tricks", [-1, 14, 99, 7.5, True])
def test_tricks_outside_0_13(tricks: object) -> None:
    with pytest.raises(BridgeError, match="0 to 13 tricks"):
        duplicate_score("4H", tricks=tricks, vulnerable=False)  # type: ignore[arg-type]


def test_missing_tricks() -> None:
    with pytest.raises(ScoringError, match="needs the tricks"):
        duplicate_score("4H")


# Seed 004's undertrick table as printed: (first, each next, extra from the 4th on) per row.
SEED004_UNDERTRICKS = {
    ("", False): (50, 50, 0), ("X", False): (100, 200, 100), ("XX", False): (200, 400, 200),
    ("", True): (100, 100, 0), ("X", True): (200, 300, 0), ("XX", True): (400, 600, 0),
}


@pytest.mark.parametrize(("risk", "vulnerable"), list(SEED004_UNDERTRICKS))
def test_seed004_undertrick_table_read_as_first_next_extra(risk: str, vulnerable: bool) -> None:
    """RULES.md §5: seed 004's undertrick table is right when read as first / each next / extra from the 4th."""
    first, each_next, extra = SEED004_UNDERTRICKS[(risk, vulnerable)]
    for down in range(1, 14):
        penalty = first + each_next * (down - 1) + extra * max(0, down - 3)
        assert duplicate_score(f"7NT{risk}", tricks=13 - down, vulnerable=vulnerable) == -penalty


def test_ns_score_from_the_seed_scorecard() -> None:
    """Seed 001's scorecard (North's view): 4♠ S 10 +420; 5♦X W 8 at NS vul +500; 3NT W 12 EW vul −690."""
    assert ns_score(Contract.parse("4S", declarer=Seat.SOUTH), tricks=10, vulnerability=Vulnerability.NONE) == 420
    assert ns_score(Contract.parse("5DX", declarer=Seat.WEST), tricks=8, vulnerability=Vulnerability.NS) == 500
    assert ns_score(Contract.parse("3NT", declarer=Seat.WEST), tricks=12, vulnerability=Vulnerability.EW) == -690
    assert ns_score(None) == 0
    with pytest.raises(ScoringError, match="declarer"):
        ns_score(Contract.parse("4S"), tricks=10)
