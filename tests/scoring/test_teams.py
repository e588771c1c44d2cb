"""Team matches, Butler and cross-IMPs; golden: seed 001's scorecard and ruter71.pbn's tables."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from redouble.scoring import ArtificialScore, ScoringError, WeightedScore, imps
from redouble.scoring.teams import (
    ButlerScoring,
    CrossDivisor,
    CrossScoring,
    DatumMethod,
    DatumRounding,
    TableResult,
    TeamMatch,
    butler_datum,
    butler_imps,
    cross_imps,
    imp_pairs,
    imp_scoring_from_pbn,
)


def test_golden_seed001_team_scorecard() -> None:
    """RULES.md §9: +420 v −450 → −1; +500 v −620 → −3; −690 v +1440 → +13; +140 v +100 → +6; +15."""
    match = TeamMatch(home="A", away="B")
    assert match.record_scorecard(1, ours=420, teammates=-450).imps == -1
    assert match.record_scorecard(2, ours=500, teammates=-620).imps == -3
    assert match.record_scorecard(3, ours=-690, teammates=1440).imps == 13
    assert match.record_scorecard(4, ours=140, teammates=100).imps == 6
    assert match.total == 15
    assert match.imps_for == {"A": 19, "B": 4}
    assert match.victory_points(boards=24) == (13.34, 6.66)
    assert match.victory_points(boards=24, scale="seed30") == (18.0, 12.0)
    text = match.text()
    assert "Net: A +15 IMPs" in text and "+750" in text
    console = Console(width=100, record=True)
    console.print(match.rich())
    assert "+15" in console.export_text()
    assert match.to_json()["total"] == 15


def test_team_match_in_ns_terms_and_bad_input() -> None:
    match = TeamMatch()
    assert match.record(1, open_ns=420, closed_ns=450).imps == -1
    with pytest.raises(ScoringError, match="already been scored"):
        match.record(1, open_ns=420, closed_ns=420)
    with pytest.raises(ScoringError):
        match.record(0, open_ns=420, closed_ns=420)
    with pytest.raises(ScoringError):
        match.record(2, open_ns="420", closed_ns=420)  # type: ignore[arg-type]
    assert len(match.boards) == 1


# --- ruter71.pbn: read its ScoreTable and TotalScoreTable straight from the file ---------------


@dataclass(frozen=True)
class RuterRow:
    board: int
    ns_pair: int
    ew_pair: int
    ns_score: int
    imp_ns: int
    imp_ew: int
    datum: int


def read_table(lines: list[str], start: int) -> list[list[str]]:
    """The rows after a ``[…Table "…"]`` tag up to the next tag or blank line, split into fields."""
    rows = []
    for line in lines[start + 1:]:
        if not line.strip() or line.startswith("["):
            break
        rows.append(re.findall(r'"[^"]*"|\S+', line))
    return rows


def column_names(tag_line: str) -> list[str]:
    header = tag_line.split('"')[1]
    return [column.split("\\")[0] for column in header.split(";")]


def parse_ruter(path: Path) -> tuple[str, list[RuterRow], dict[int, int], dict[int, int]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    board = 0
    scoring = ""
    rows: list[RuterRow] = []
    totals: dict[int, int] = {}
    boards_played: dict[int, int] = {}
    for index, line in enumerate(lines):
        if line.startswith("[Board "):
            board = int(line.split('"')[1])
        elif line.startswith("[Scoring "):
            scoring = line.split('"')[1]
        elif line.startswith("[ScoreTable "):
            names = column_names(line)
            for fields in read_table(lines, index):
                row = dict(zip(names, (f.strip('"') for f in fields), strict=True))
                ns = int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])
                rows.append(RuterRow(board, int(row["PairId_NS"]), int(row["PairId_EW"]), ns,
                                     int(row["IMP_NS"]), int(row["IMP_EW"]), int(row["ButlerDatum"])))
        elif line.startswith("[TotalScoreTable "):
            names = column_names(line)
            for fields in read_table(lines, index):
                row = dict(zip(names, (f.strip('"') for f in fields[: len(names)]), strict=False))
                totals[int(row["PairId"])] = int(row["TotalScoreIMP"])
                boards_played[int(row["PairId"])] = int(row["NrBoards"])
    return scoring, rows, totals, boards_played


@pytest.fixture(scope="module")
def ruter(data_dir: Path) -> tuple[str, list[RuterRow], dict[int, int], dict[int, int]]:
    return parse_ruter(data_dir / "pbn" / "ruter71.pbn")


def test_ruter71_read(ruter: tuple[str, list[RuterRow], dict[int, int], dict[int, int]]) -> None:
    scoring, rows, totals, _ = ruter
    assert scoring == "IMP;Butler-2;Mean"
    assert len(rows) == 21 * 8 and len(totals) == 16


def test_golden_ruter71_datum_and_imps_every_board(
        ruter: tuple[str, list[RuterRow], dict[int, int], dict[int, int]]) -> None:
    """Every board's datum and every table's IMPs, with the method its Scoring tag names."""
    scoring_tag, rows, _, _ = ruter
    scoring = imp_scoring_from_pbn(scoring_tag)
    assert scoring == ButlerScoring(drop=1, method=DatumMethod.MEAN,
                                    rounding=DatumRounding.HALF_AWAY_FROM_ZERO, unit=10)
    for board in range(1, 22):
        table = [row for row in rows if row.board == board]
        result = scoring.board([row.ns_score for row in table])
        assert result.datum == table[0].datum, board
        assert list(result.ns) == [row.imp_ns for row in table], board
        assert list(result.ew) == [row.imp_ew for row in table], board


def test_golden_ruter71_total_score_table(
        ruter: tuple[str, list[RuterRow], dict[int, int], dict[int, int]]) -> None:
    scoring_tag, rows, totals, boards_played = ruter
    session = imp_pairs([TableResult(r.board, r.ns_pair, r.ew_pair, r.ns_score) for r in rows],
                        scoring=scoring_tag)
    assert session.totals == totals
    assert session.played == boards_played
    ranking = session.ranking()
    assert [pair for _, pair, _ in ranking[:3]] == [3, 16, 7]
    assert ranking[3][0] == ranking[4][0] == 4  # pairs 6 and 10 tie on 29
    assert session.to_json()["scoring"] == "IMP;Butler-2;Mean"
    first = session.results[0]
    assert session.imps_of(first) == (5, -5)


def test_ruter71_rounding_is_half_away_from_zero(
        ruter: tuple[str, list[RuterRow], dict[int, int], dict[int, int]]) -> None:
    """Board 1's trimmed mean is −85: the program wrote −90, not −80 (halves away from zero)."""
    _, rows, _, _ = ruter
    board1 = [row.ns_score for row in rows if row.board == 1]
    assert butler_datum(board1, rounding=DatumRounding.NONE) == -85
    assert butler_datum(board1) == -90
    assert butler_datum(board1, rounding=DatumRounding.HALF_UP) == -80
    assert butler_datum(board1, rounding=DatumRounding.HALF_EVEN) == -80
    assert butler_datum(board1, drop=0, rounding=DatumRounding.NONE) == -67.5


def test_butler_options() -> None:
    scores = [620, 620, 170, 140, -100]
    assert butler_datum(scores, drop=0) == 290
    assert butler_datum(scores, method=DatumMethod.MEDIAN) == 170
    assert butler_datum([420, 450], drop=3) == 440  # too few scores to drop any
    assert butler_imps([420, ArtificialScore.parse("A+/A-"), 450], drop=0) == [-1, 3, 0]
    assert imp_scoring_from_pbn("IMP;Butler;Median") == ButlerScoring(drop=0, method=DatumMethod.MEDIAN)
    assert ButlerScoring(drop=2).name == "IMP;Butler-4;Mean"
    with pytest.raises(ScoringError):
        imp_scoring_from_pbn("MP")
    with pytest.raises(ScoringError):
        imp_scoring_from_pbn("IMP;Butler-3")
    with pytest.raises(ScoringError):
        ButlerScoring(drop=-1)
    with pytest.raises(ScoringError):
        butler_datum([])


def test_cross_imps() -> None:
    """Cross: IMPs against every other score; Cross1 divides by the scores, Cross2 by the comparisons."""
    scores = [420, 450, -50, 170]
    cross = [imps(420 - 450) + imps(420 + 50) + imps(420 - 170),
             imps(30) + imps(500) + imps(280),
             imps(-470) + imps(-500) + imps(-220),
             imps(-250) + imps(-280) + imps(220)]
    assert cross_imps(scores) == cross
    assert cross_imps(scores, divisor=CrossDivisor.SCORES) == pytest.approx([c / 4 for c in cross])
    assert cross_imps(scores, divisor=CrossDivisor.COMPARISONS) == pytest.approx([c / 3 for c in cross])
    assert imp_scoring_from_pbn("IMP;Cross2") == CrossScoring(CrossDivisor.COMPARISONS)
    with_adjusted = cross_imps([420, ArtificialScore.parse("A-"), 450])
    assert with_adjusted == [-1, -3, 1]


@given(st.lists(st.integers(-200, 200).map(lambda n: n * 10), min_size=2, max_size=14))
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    assert sum(cross_imps(scores)) == 0


@given(st.lists(st.integers(-200, 200).map(lambda n: n * 10), min_size=1, max_size=14))
def test_butler_better_score_never_fewer_imps(scores: list[int]) -> None:
    result = butler_imps(scores)
    for a, ia in zip(scores, result, strict=True):
        for b, ib in zip(scores, result, strict=True):
            if a >= b:
                assert ia >= ib


def test_weighted_scores_in_imp_pairs() -> None:
    """Law 12C1(c): a weighted score earns the weighted IMPs of its parts."""
    weighted = WeightedScore.parse("50% 420, 50% -50")
    ns = butler_imps([weighted, 420, 420, -50], drop=0)
    datum = butler_datum([420, 420, -50], drop=0)
    assert ns[0] == pytest.approx(0.5 * imps(420 - datum) + 0.5 * imps(-50 - datum))
    cross = cross_imps([weighted, 420, -50])
    assert cross[0] == pytest.approx(0.5 * (imps(0) + imps(470)) + 0.5 * (imps(-470) + imps(0)))
    assert sum(cross) == pytest.approx(0)
