"""Session scoring: seed 001's traveller and team match, and hand-worked sessions with sit-outs, shared
boards across sections, Neuberg, every kind of adjustment, ties, two winners, Butler and cross-IMPs."""

from __future__ import annotations

import pytest
from club_support import SEED_TEAM_MATCH

from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import PairId
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.club.scoring import Method, score_session, team_match
from redouble.scoring.imps import imps
from redouble.scoring.matchpoints import ArtificialScore, MatchpointScale, WeightedScore
from redouble.scoring.teams import ButlerScoring
from redouble.scoring.vp import SEED30, victory_points
from redouble.seats import Seat, Side

NS, EW = Side.NS, Side.EW


def ns(n: int, section: str = "A") -> PairId:
    return PairId(n, NS, section)


def ew(n: int, section: str = "A") -> PairId:
    return PairId(n, EW, section)


SEED_BOARD_1 = [420, 430, 500, 420, 450, -50, 170]


def seed_traveller() -> list[BoardResult]:
    return [BoardResult(1, ns(n), ew(n), score=score) for n, score in enumerate(SEED_BOARD_1, start=1)]


def test_seed001_traveller_matchpoints() -> None:
    """RULES.md §9 golden: NS 5, 8, 12, 5, 10, 0, 2 and EW 7, 4, 0, 7, 2, 12, 10 (top 12)."""
    board = score_session(seed_traveller(), method=Method.MATCHPOINTS).board(1)
    assert [line.ns for line in board.lines] == [5, 8, 12, 5, 10, 0, 2]
    assert [line.ew for line in board.lines] == [7, 4, 0, 7, 2, 12, 10]
    assert board.top == 12
    assert board.lines[0].ns_derivation == "NS +420 beats 2, ties 1 of 6 → 2×2 + 1×1 = 5 of 12"
    assert "EW get 12 − that = 7" in board.lines[0].ew_derivation


def test_seed001_traveller_entered_as_contracts() -> None:
    """The same traveller from contract, declarer and tricks (board 1: none vulnerable, Law 77)."""
    plays = [("4H", "S", 10), ("3NT", "S", 10), ("4SX", "E", 7), ("4H", "N", 10), ("4H", "S", 11),
             ("4H", "S", 9), ("2H", "S", 10)]
    lines = [BoardResult(1, ns(n), ew(n), Contract.parse(text, declarer=Seat.parse(by)), Card.parse("SA"), tricks)
             for n, (text, by, tricks) in enumerate(plays, start=1)]
    session = score_session(lines)
    assert [line.result.ns_score for line in session.board(1).lines] == SEED_BOARD_1
    assert [line.ns for line in session.board(1).lines] == [5, 8, 12, 5, 10, 0, 2]
    assert session.board(1).lines[2].result.result_text() == "4SX E -3"


def test_acbl_half_scale_gives_the_same_percentages() -> None:
    mp1 = score_session(seed_traveller())
    mp2 = score_session(seed_traveller(), scale=MatchpointScale.MP2)
    assert [line.ns for line in mp2.board(1).lines] == [2.5, 4, 6, 2.5, 5, 0, 1]
    assert [p.percentage for p in mp1.pairs] == [p.percentage for p in mp2.pairs]


def test_sit_out_percentages_over_boards_played_and_shared_places() -> None:
    """3 NS pairs, 2 EW pairs: each NS pair sits out a round; percentages over boards played."""
    lines = [BoardResult(1, ns(1), ew(1), score=420), BoardResult(1, ns(2), ew(2), score=450),
             BoardResult(2, ns(2), ew(1), score=-100), BoardResult(2, ns(3), ew(2), score=-50)]
    session = score_session(lines)
    percent = {str(p.pair): p.percentage for p in session.pairs}
    assert percent == {"1NS": 0.0, "2NS": 50.0, "3NS": 100.0, "1EW": 100.0, "2EW": 0.0}
    places = {str(p.pair): p.place_text for p in session.pairs}
    assert places == {"3NS": "1=", "1EW": "1=", "2NS": "3", "1NS": "4=", "2EW": "4="}
    assert session.pair("3NS").boards == 1 and session.pair("3NS").top == 2
    assert session.pair("2NS").derivation == "2NS: 2 boards, Σ 2 MP; 2 ÷ 4 (the tops of 2 boards) × 100 = 50.00%; " \
                                             "place 3 of 5"
    assert session.pair("3NS").derivation.endswith("place 1= of 5, tied with 1EW")
    two = score_session(lines, winners=2)
    assert two.fields == ("A EW", "A NS")
    assert [(str(p.pair), p.place_text) for p in two.ranking("A NS")] == [("3NS", "1"), ("2NS", "2"), ("1NS", "3")]


def test_neuberg_for_a_board_played_fewer_times() -> None:
    """Board 2 has 3 results where board 1 has 4: (MP + 1)·4/3 − 1 on the 2/1 scale."""
    lines = [BoardResult(1, ns(n), ew(n), score=s) for n, s in zip(range(1, 5), [100, 200, 300, 400], strict=True)]
    lines += [BoardResult(2, ns(n), ew(n % 4 + 1), score=s) for n, s in zip(range(1, 4), [100, 200, 300], strict=True)]
    board = score_session(lines).board(2)
    assert [round(line.ns, 4) for line in board.lines] == [0.3333, 3.0, 5.6667]
    assert [line.ns_raw for line in board.lines] == [0, 2, 4]
    assert board.top == 6
    assert "Neuberg for 3 results of 4: (4 + 1)×4/3 − 1 = 5.67 of 6" in board.lines[2].ns_derivation


def adjusted_session() -> list[BoardResult]:
    lines = [BoardResult(1, ns(1), ew(1), score=600), BoardResult(1, ns(2), ew(2), score=500),
             BoardResult(1, ns(3), ew(3), score=400),
             BoardResult(1, ns(4), ew(4), artificial=ArtificialScore.parse("A+/A-"))]
    lines += [BoardResult(2, ns(1), ew(2), score=100), BoardResult(2, ns(2), ew(3), score=200),
              BoardResult(2, ns(3), ew(4), score=300), BoardResult(2, ns(4), ew(1), score=400)]
    return lines


def test_law12c2_artificial_scores_with_the_session_percentage_rule() -> None:
    """Av+ = the greater of 60% and the pair's session %, Av− the lesser of 40% and it (Law 12C2)."""
    session = score_session(adjusted_session())
    line = session.board(1).line_of(ns(4))
    assert line is not None
    # 4NS scored 100% on board 2, 4EW 33.33%: Av+ becomes 100%, Av− 33.33% of the top 6.
    assert line.ns == 6 and round(line.ew, 6) == 2
    assert "the greater of 60% and the pair's 100.00%" in line.ns_derivation
    assert "the lesser of 40% and the pair's 33.33%" in line.ew_derivation
    # The real results on board 1 are Neuberg-factored from 3 to 4 results.
    assert [round(scored.ns, 4) for scored in session.board(1).lines[:3]] == [5.6667, 3.0, 0.3333]
    plain = score_session(adjusted_session(), session_rule=False).board(1).line_of(ns(4))
    assert plain is not None and (plain.ns, plain.ew) == (3.6, 2.4)


def test_av_minus_stays_40_when_the_pair_did_better() -> None:
    lines = adjusted_session()
    lines[-1] = BoardResult(2, ns(4), ew(1), score=0)  # 4NS 0% on board 2, so 4EW gets 6 of 6 = 100%
    lines[6] = BoardResult(2, ns(3), ew(4), score=-100)
    session = score_session(lines)
    line = session.board(1).line_of(ew(4))
    assert line is not None and line.ew == 2.4 and line.ns == 3.6  # Av− 40% (4EW 100%); Av+ 60% (4NS 0%)


def test_weighted_score_law12c1c() -> None:
    lines = [BoardResult(1, ns(1), ew(1), weighted=WeightedScore.parse("60% 420, 40% -50")),
             BoardResult(1, ns(2), ew(2), score=420), BoardResult(1, ns(3), ew(3), score=-50)]
    board = score_session(lines).board(1)
    # 420 ties 420 (0.6 × 1) and beats −50 (0.6 × 2); −50 ties −50 (0.4 × 1): 0.6 + 1.2 + 0.4 = 2.2 of 4.
    assert [line.ns for line in board.lines] == [2.2, 3.4, 0.4]
    assert "Law 12C1c" in board.lines[0].ns_derivation
    assert board.lines[0].result.adjusted


def test_split_score_each_side_compared_with_its_own() -> None:
    """NS keep +420, EW are scored as if NS made +450: each side matchpointed with its own score."""
    lines = [BoardResult(1, ns(1), ew(1), score=420, ew_score=450), BoardResult(1, ns(2), ew(2), score=430),
             BoardResult(1, ns(3), ew(3), score=400)]
    board = score_session(lines).board(1)
    assert [(line.ns, line.ew) for line in board.lines] == [(2, 0), (4, 2), (0, 4)]


def test_procedural_penalties_in_matchpoints_and_percent_of_top() -> None:
    penalties = [Penalty(ns(2), 25, PenaltyUnit.PERCENT_OF_TOP, board=1, reason="slow play"),
                 Penalty(ew(1), 1, PenaltyUnit.MATCHPOINTS, reason="mobile phone")]
    session = score_session(seed_traveller(), penalties=penalties)
    assert session.pair("2NS").total == 5 and session.pair("2NS").penalty == 3  # 8 − 25% of 12
    assert session.pair("1EW").total == 6
    assert "slow play" in session.pair("2NS").derivation
    # The opponents' scores do not change.
    assert session.pair("2EW").total == 4
    with pytest.raises(ResultError, match="IMPs"):
        score_session(seed_traveller(), penalties=[Penalty(ns(1), 3, PenaltyUnit.IMPS)])
    with pytest.raises(ResultError, match="no result"):
        score_session(seed_traveller(), penalties=[Penalty(ns(9), 3)])


def test_ties_in_the_ranking_share_a_place() -> None:
    lines = [BoardResult(1, PairId(1), PairId(2), score=420), BoardResult(1, PairId(3), PairId(4), score=420),
             BoardResult(1, PairId(5), PairId(6), score=100)]
    session = score_session(lines)
    assert [(str(p.pair), p.place_text) for p in session.pairs] == [
        ("6", "1"), ("1", "2="), ("3", "2="), ("2", "4="), ("4", "4="), ("5", "6")]


def test_sections_scored_apart_or_across() -> None:
    """Two sections play the same boards: matchpointed within each section, or across both."""
    lines = [BoardResult(1, ns(1, "A"), ew(1, "A"), score=420), BoardResult(1, ns(2, "A"), ew(2, "A"), score=450),
             BoardResult(1, ns(1, "B"), ew(1, "B"), score=400), BoardResult(1, ns(2, "B"), ew(2, "B"), score=430)]
    apart = score_session(lines)
    assert apart.fields == ("A", "B")
    assert apart.board(1, "B").lines[1].ns == 2 and apart.board(1, "B").top == 2
    across = score_session(lines, across_sections=True)
    assert across.fields == ("all",)
    assert [line.ns for line in across.board(1).lines] == [2, 6, 0, 4]
    with pytest.raises(ResultError, match="different sections"):
        score_session([BoardResult(1, ns(1, "A"), ew(1, "B"), score=0)])


def test_butler_default_datum_and_the_named_trimming_rule() -> None:
    """650, 170, 200: the default drops one score at each end and keeps the median 200;
    ``trim_from=4`` (bridge-scorer's rule) keeps all three, mean 340."""
    lines = [BoardResult(1, PairId(1), PairId(2), score=650), BoardResult(1, PairId(3), PairId(4), score=170),
             BoardResult(1, PairId(5), PairId(6), score=200)]
    board = score_session(lines, method=Method.BUTLER).board(1)
    assert board.datum == 200
    assert [line.ns for line in board.lines] == [10, -1, 0]
    assert board.derivation == "board 1: datum of 170, 200, 650; drop 170, 650; mean of 1 = 200; " \
                               "rounded to 10 (halves away from zero) = 200"
    assert board.lines[0].ns_derivation == "NS: NS +650 − datum 200 = 450 → +10 IMPs"
    mean = score_session(lines, method=Method.BUTLER, butler=ButlerScoring(trim_from=4)).board(1)
    assert mean.datum == 340


def test_cross_imps_averaged_per_comparison() -> None:
    lines = [BoardResult(1, PairId(1), PairId(2), score=-140), BoardResult(1, PairId(3), PairId(4), score=-460),
             BoardResult(1, PairId(5), PairId(6), score=-430), BoardResult(1, PairId(7), PairId(8), score=-140)]
    board = score_session(lines, method=Method.CROSS_IMPS).board(1)
    # −140 against −460 (+8), −430 (+7), −140 (0): 15 / 3 = 5.
    assert board.lines[0].ns == 5 and board.lines[0].ew == -5
    assert round(board.lines[1].ns, 2) == -5.67  # −460: −8, −1, −8
    assert board.lines[0].ns_derivation == "NS: NS -140 against 3 scores: +8, +7, +0 ÷ 3 = 5 IMPs"
    session = score_session(lines, method=Method.CROSS_IMPS)
    assert session.pair("1").percentage is None and session.pair("1").total == 5


def test_seed001_team_match_plus_15_imps() -> None:
    """RULES.md §9: board 1 +420 v −450 → −1 … +15 IMPs; 13 IMPs after 24 boards would be 17–13."""
    home = {PairId(1, NS), PairId(2, EW)}
    lines = []
    for board, _, open_ns, _, closed_ns, _ in SEED_TEAM_MATCH:
        lines.append(BoardResult(board, PairId(1, NS), PairId(1, EW), score=open_ns))
        lines.append(BoardResult(board, PairId(2, NS), PairId(2, EW), score=closed_ns))
    match = team_match(lines, home=home, home_name="A", away_name="B", scale=SEED30, boards=24)
    assert [b.imps for b in match.boards] == [-1, -3, 13, 6] == [row[-1] for row in SEED_TEAM_MATCH]
    assert match.total == 15
    assert match.victory_points == SEED30(15, boards=24)
    assert team_match(lines, home=home).victory_points == victory_points(15, boards=4)  # WBF 2013 by default
    assert "open room NS +420, closed room NS +450: A -30 → -1 IMPs" in match.text()
    imps = score_session(lines, method=Method.IMPS)
    assert imps.pair("1NS").total == 15 and imps.pair("1EW").total == -15


def test_a_corrected_result_rescoring_one_board_equals_a_full_recompute() -> None:
    lines = adjusted_session()
    session = score_session(lines)
    corrected = BoardResult(2, ns(2), ew(3), score=500)
    incremental = session.with_result(corrected)
    full = score_session([corrected if (r.board, r.ns) == (2, ns(2)) else r for r in lines])
    assert incremental.pairs == full.pairs
    assert incremental.boards == full.boards
    added = session.with_result(BoardResult(3, ns(1), ew(1), score=100))
    assert added.pair("1NS").boards == 3
    with pytest.raises(ResultError, match="board 2: pair 2NS has two results"):
        session.with_result(BoardResult(2, ns(2), ew(4), score=100))
    # A new line on a board short of results re-scores that board alone, as a full recompute would.
    short = score_session([r for r in lines if (r.board, r.ns) != (2, ns(4))])
    back = short.with_result(lines[-1])
    assert back.pairs == score_session(lines).pairs


def test_bad_results_are_refused_with_the_board() -> None:
    with pytest.raises(ResultError, match="board 3: declarer takes 0 to 13 tricks"):
        BoardResult(3, ns(1), ew(1), Contract.parse("4S", declarer=Seat.NORTH), tricks=14)
    with pytest.raises(ResultError, match="needs a declarer"):
        BoardResult(3, ns(1), ew(1), Contract.parse("4S"), tricks=10)
    with pytest.raises(ResultError, match="needs the tricks"):
        BoardResult(3, ns(1), ew(1), Contract.parse("4S", declarer=Seat.NORTH))
    with pytest.raises(ResultError, match="against itself"):
        BoardResult(3, ns(1), ns(1), score=100)
    with pytest.raises(ResultError, match="multiple of 10"):
        BoardResult(3, ns(1), ew(1), score=425)
    with pytest.raises(ResultError, match="board 1: pair 1NS has two results"):
        score_session([BoardResult(1, ns(1), ew(1), score=100), BoardResult(1, ns(1), ew(2), score=100)])
    with pytest.raises(ResultError, match="one or two winners"):
        score_session(seed_traveller(), winners=3)
    with pytest.raises(ResultError, match="two rooms"):
        score_session(seed_traveller(), method=Method.IMPS)


def test_score_card_and_passed_out_board() -> None:
    lines = [BoardResult(1, ns(1), ew(1), score=0), BoardResult(1, ns(2), ew(2), score=-100)]
    session = score_session(lines)
    card = session.pair("1EW").card
    assert card[0].direction is EW and card[0].opponents == ns(1) and card[0].result == "PASS"
    assert card[0].points == 0 and "beats 1 of 1" in card[0].derivation
    assert "1EW" in session.text() and "100.00%" in session.text()


def test_json_carries_every_number_and_its_derivation() -> None:
    import json

    data = json.loads(json.dumps(score_session(adjusted_session(), winners=2).to_json()))
    assert data["method"] == "matchpoints" and data["fields"] == ["A EW", "A NS"]
    line = data["boards"][0]["lines"][3]
    assert line["ns_score"] == "A+/A-" and line["ns"] == 6 and "Law 12C2" in line["ns_derivation"]
    first = data["pairs"][0]
    assert first["place"] == "1" and first["derivation"].startswith(first["pair"] + ":")


def test_artificial_scores_in_imp_sessions_are_three_imps_per_ten_percent() -> None:
    """Law 12C2 in IMPs: Av+ +3, Av 0, Av− −3; the datum is taken from the real scores alone."""
    lines = [BoardResult(1, PairId(1), PairId(2), score=650), BoardResult(1, PairId(3), PairId(4), score=170),
             BoardResult(1, PairId(5), PairId(6), score=200), BoardResult(1, PairId(7), PairId(8), score=620),
             BoardResult(1, PairId(9), PairId(10), artificial=ArtificialScore.parse("A+/A-"))]
    board = score_session(lines, method=Method.BUTLER).board(1)
    assert board.datum == 410  # 170, 200, 620, 650: drop 170 and 650, mean 410
    assert (board.lines[4].ns, board.lines[4].ew) == (3, -3)
    assert "artificial 60% → +3 IMPs (Law 12C2)" in board.lines[4].ns_derivation
    cross = score_session(lines, method=Method.CROSS_IMPS).board(1)
    assert (cross.lines[4].ns, cross.lines[4].ew) == (3, -3)
    assert cross.lines[0].ns == round((imps(480) + imps(450) + imps(30)) / 3, 9)
