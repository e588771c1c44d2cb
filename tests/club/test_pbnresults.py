"""PBN 2.1 result tables: ruter71.pbn (Magic Contest's Ruter, IMP v Butler datum) read and rescored to every
published number; our ScoreTable/TotalScoreTable/OptimumResultTable written and read back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from redouble.club.movement import PairId
from redouble.club.pbnresults import PbnResultsError, read_results_pbn, score_pbn, write_results_pbn
from redouble.club.results import BoardResult
from redouble.club.scoring import Method, score_session
from redouble.club.usebio import read_usebio, score_usebio
from redouble.formats.pbn import ParseError, loads
from redouble.scoring.matchpoints import ArtificialScore, WeightedScore
from redouble.seats import Side

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def test_ruter71_every_published_number_reproduced() -> None:
    """168 ScoreTable rows: IMP_NS, IMP_EW and ButlerDatum; 16 TotalScoreTable rows: total and rank."""
    published = read_results_pbn((SHARED / "pbn" / "ruter71.pbn").read_bytes())
    assert published.scoring == "IMP;Butler-2;Mean" and len(published.lines) == 168 and published.winners == 1
    session = score_pbn(published)
    assert session.method is Method.BUTLER
    for line in published.lines:
        board = session.board(line.result.board)
        scored = board.line_of(line.result.ns)
        assert scored is not None
        assert (scored.ns, scored.ew, board.datum) == (line.ns_points, line.ew_points, line.datum)
    assert session.board(1).datum == -90  # −85 rounded half away from zero
    for rank in published.ranking:
        pair = session.pair(rank.pair)
        assert (pair.total, pair.place, pair.tied, pair.boards) == (rank.total, rank.rank, rank.tied, rank.boards)


def test_matchpoint_session_written_and_read_back_with_optimum_tables() -> None:
    event = read_usebio((SHARED / "club" / "usebio" / "mp_pairs_mitchell_03.xml").read_bytes())
    session = score_usebio(event)
    deals = {number: deal for number, deal in event.deals().items() if number <= 2}
    text = write_results_pbn(session, deals=deals, event="Thursday", date="2022.07.21", analyse=True)
    games = loads(text)
    assert len(games) == 21 and games[0].tag("Scoring") == "MP"
    assert set(games[0].tables) == {"OptimumResultTable", "ScoreTable", "TotalScoreTable"}
    assert len(games[0].optimum_results()) == 20 and "OptimumResultTable" not in games[2].tables
    assert games[0].table("ScoreTable").names[:4] == ("Table", "Round", "PairId_NS", "PairId_EW")  # type: ignore[union-attr]
    back = read_results_pbn(text)
    assert back.winners == 2 and dict(back.deals)[1] == deals[1]
    again = score_pbn(back)
    assert [(p.pair, p.percentage, p.place_text) for p in again.pairs] == \
        [(p.pair, p.percentage, p.place_text) for p in session.pairs]
    ties = [rank for rank in back.ranking if rank.tied]
    assert [(str(r.pair), r.rank) for r in ties] == [("1NS", 3), ("7NS", 3)]


def test_artificial_and_passed_out_rows_round_trip() -> None:
    lines = [BoardResult(1, PairId(1, Side.NS), PairId(1, Side.EW), score=0),
             BoardResult(1, PairId(2, Side.NS), PairId(2, Side.EW), score=-100),
             BoardResult(1, PairId(3, Side.NS), PairId(3, Side.EW), artificial=ArtificialScore(60, 40))]
    for method in (Method.MATCHPOINTS, Method.CROSS_IMPS, Method.BUTLER):
        session = score_session(lines, method=method, session_rule=False)
        back = read_results_pbn(write_results_pbn(session))
        assert [line.result for line in back.lines] == lines
        rescored = score_pbn(back)
        assert [(p.pair, p.total) for p in rescored.pairs] == [(p.pair, p.total) for p in session.pairs]


def test_split_and_weighted_rows_round_trip() -> None:
    """A split score (Law 12C1b) keeps each side's own score in Score_NS and Score_EW, a weighted score (Law 12C1c)
    its parts in the WeightedScore column; both read back as they were and rescore to the same totals."""
    lines = [BoardResult(1, PairId(1, Side.NS), PairId(1, Side.EW), score=420),
             BoardResult(1, PairId(2, Side.NS), PairId(2, Side.EW), score=-100),
             BoardResult(1, PairId(3, Side.NS), PairId(3, Side.EW), score=420, ew_score=-50),
             BoardResult(1, PairId(4, Side.NS), PairId(4, Side.EW), weighted=WeightedScore.parse("60% 420, 40% -50"))]
    for method in (Method.MATCHPOINTS, Method.CROSS_IMPS, Method.BUTLER):
        session = score_session(lines, method=method, session_rule=False)
        text = write_results_pbn(session)
        assert "WeightedScore" in text and '"60% 420, 40% -50"' in text and re.search(r'"420" +"50"', text)
        back = read_results_pbn(text)
        assert [line.result for line in back.lines] == lines
        rescored = score_pbn(back)
        assert [(p.pair, p.total) for p in rescored.pairs] == [(p.pair, p.total) for p in session.pairs]


def test_bad_pbn_results() -> None:
    with pytest.raises(PbnResultsError, match="no ScoreTable"):
        read_results_pbn('[Event "x"]\n[Board "1"]\n')
    with pytest.raises(ParseError):
        read_results_pbn('[Event "x"\n')
    session = read_results_pbn((SHARED / "pbn" / "ruter71.pbn").read_bytes())
    with pytest.raises(PbnResultsError, match="Cross2"):
        score_pbn(type(session)("IMP;Cross", session.lines, session.ranking))


def test_check_pbn_agrees_with_ruter71_and_catches_an_edited_row() -> None:
    from redouble.club.pbnresults import check_pbn

    original = (SHARED / "pbn" / "ruter71.pbn").read_bytes()
    assert check_pbn(read_results_pbn(original)) == []
    row = b'2 1  3  4 1N  N  8 ST   "120"      -   5  -5  -90'
    assert row in original
    edited = original.replace(row, row.replace(b"5  -5  -90", b"6  -6  -80"))
    found = [str(d) for d in check_pbn(read_results_pbn(edited))]
    assert found == ["board 1, 3 v 4: IMP_NS published 6, recomputed 5",
                     "board 1, 3 v 4: IMP_EW published -6, recomputed -5",
                     "board 1, 3 v 4: ButlerDatum published -80, recomputed -90"]


def test_two_sections_keep_their_section_column() -> None:
    lines = [BoardResult(1, PairId(1, Side.NS, section), PairId(1, Side.EW, section), score=score)
             for section, score in (("A", 420), ("B", 450))]
    lines += [BoardResult(1, PairId(2, Side.NS, section), PairId(2, Side.EW, section), score=score)
              for section, score in (("A", 400), ("B", 400))]
    session = score_session(lines)
    text = write_results_pbn(session)
    assert loads(text)[0].table("ScoreTable").names[0] == "Section"  # type: ignore[union-attr]
    back = read_results_pbn(text)
    assert sorted((r.board, r.ns, r.ew, r.score) for r in back.results) == \
        sorted((r.board, r.ns, r.ew, r.score) for r in lines)
    assert [(p.pair, p.place) for p in score_pbn(back).pairs] == [(p.pair, p.place) for p in session.pairs]
    assert back.winners == 1 and {rank.pair.section for rank in back.ranking} == {"A", "B"}
    from redouble.club.pbnresults import check_pbn

    assert check_pbn(back) == []
