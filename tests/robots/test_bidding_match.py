"""The double-dummy bidding match: a frozen baseline side by side, DD scoring, swings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.analysis import DDTable, dd_table
from redouble.board import Board
from redouble.calls import Call, Contract
from redouble.cli import app
from redouble.deal import Deal
from redouble.robots.frozen import FrozenRobot, FrozenRobotError, child_environment
from redouble.robots.match import (
    BiddingMatch,
    BiddingTable,
    Team,
    bid_board,
    bid_table,
    match_boards,
    match_tables,
    play_bidding_match,
    play_table,
    swing_kind,
)
from redouble.robots.robot import SaycRobot
from redouble.seats import Seat
from redouble.state import BoardState

runner = CliRunner()


@pytest.fixture(scope="module")
def baseline() -> Iterator[FrozenRobot]:
    robot = FrozenRobot()
    yield robot
    robot.close()


def test_the_frozen_baseline_bids_legally_from_its_own_copy(baseline: FrozenRobot) -> None:
    # North holds 15-17 balanced: the frozen SAYC opens 1NT, as it always did.
    deal = Deal.from_pbn("N:AQ32.KJ4.K32.Q32 KJ4.Q32.QJ4.KJ54 T98.T98.T987.T98 765.A765.A65.A76")
    state = BoardState(Board.numbered(1, deal=deal))
    assert baseline.choose_call(state.view(Seat.NORTH)).call == Call.parse("1NT")
    for board in match_boards(5, seed="frozen-test"):
        table = bid_table(board, baseline, baseline, room="Open", dd=dd_table(board.deal))
        assert table.calls[-3:] == (Call.parse("Pass"),) * 3


def test_two_runs_of_the_baseline_bid_the_same_auctions(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each run is a fresh child process; whatever hash seed the parent passes on, the child
    # runs with the pinned one, so the same boards give the same auctions call for call
    # (only the calls are compared, so the contracts are scored against a blank DD table).
    redouble = SaycRobot(simulate=False)
    blank = DDTable((0,) * 20)
    runs = []
    for parent_seed in ("1", "2"):
        monkeypatch.setenv("PYTHONHASHSEED", parent_seed)
        robot = FrozenRobot()
        try:
            runs.append([(bid_table(board, redouble, robot, room="Open", dd=blank).calls,
                          bid_table(board, robot, redouble, room="Closed", dd=blank).calls)
                         for board in match_boards(16, seed="frozen-determinism")])
        finally:
            robot.close()
    assert runs[0] == runs[1]
    assert child_environment(Path("src"))["PYTHONHASHSEED"] == "0"


def test_same_robots_at_both_tables_tie_every_board() -> None:
    robot = SaycRobot(simulate=False)  # the match's machinery (simulation: test_simulation)
    team = Team("a", robot)
    match = play_bidding_match(6, team, Team("b", robot), seed="dd-bidding-test")
    assert [b.imps_a for b in match.boards] == [0] * 6
    assert match.confidence() == (0.0, 0.0)
    assert all(b.open.calls == b.closed.calls for b in match.boards)


def test_contracts_are_scored_with_double_dummy_tricks() -> None:
    board = Board.numbered(1, deal=Deal.from_seed("dd-bidding-test", 2))
    table = dd_table(board.deal)
    outcome = bid_board(board, Team("a", SaycRobot(simulate=False)),
                        Team("b", SaycRobot(simulate=False)), dd=table)
    contract = outcome.open.contract
    if contract is not None:
        assert contract.declarer is not None
        assert outcome.open.dd_tricks == table.tricks(declarer=contract.declarer,
                                                      strain=contract.strain)


def _table(calls: str, contract: str | None, declarer: Seat | None) -> BiddingTable:
    return BiddingTable(room="Open", calls=tuple(Call.parse(c) for c in calls.split()),
                        contract=None if contract is None else Contract.parse(contract,
                                                                              declarer=declarer),
                        dd_tricks=None, dd_score_ns=0, seconds=0.0)


def test_swings_are_classified_where_the_auctions_part() -> None:
    board = Board.numbered(1)  # North deals
    passed = _table("P P P P", None, None)
    opened = _table("1S P 4S P P P", "4S", Seat.NORTH)
    assert swing_kind(board, opened, passed) == "opening"
    overcall = _table("1S 2H P P P", "2H", Seat.EAST)
    quiet = _table("1S P 2S P P P", "2S", Seat.NORTH)
    assert swing_kind(board, overcall, quiet) == "overcall"
    slam = _table("1S P 2N P 4N P 5H P 6S P P P", "6S", Seat.NORTH)
    game = _table("1S P 2N P 4N P 5H P 5S P P P", "5S", Seat.NORTH)
    assert swing_kind(board, slam, game) == "slam"
    assert swing_kind(board, opened, quiet) == "game/partscore"
    doubled = _table("1S 2H 4S X P P P", "4SX", Seat.NORTH)
    undoubled = _table("1S 2H 4S P P P", "4S", Seat.NORTH)
    assert swing_kind(board, doubled, undoubled) == "doubled"


def test_confidence_interval_brackets_the_mean() -> None:
    match = BiddingMatch(team_a="a", team_b="b")
    robot = SaycRobot(simulate=False)
    for board in match_boards(4, seed="ci-test"):
        match.boards.append(bid_board(board, Team("a", robot), Team("b", robot)))
    lo, hi = match.confidence()
    assert lo <= match.imps_per_board <= hi
    assert "| kind of swing |" in match.markdown()


def test_cli_dd_bidding_match_against_the_baseline() -> None:
    result = runner.invoke(app, ["robots", "match", "--mode", "dd-bidding", "--boards", "2",
                                 "--opponents", "baseline", "--self-play", "1",
                                 "--seed", "cli-dd-test", "--worst", "1"])
    assert result.exit_code == 0, result.output
    assert "redouble v baseline" in result.output and "95% CI" in result.output
    assert "Worst boards" in result.output


def test_the_frozen_baseline_plays_its_cards_from_what_its_seat_sees() -> None:
    # A whole board at one table, the frozen robots East-West: every card the child chose
    # was legal (the state would refuse another), defenders showed out (so the made-up
    # unseen hands respected the voids), and the result is scored.
    robot = FrozenRobot(budget=0.3, samples=6)
    try:
        board = Board.numbered(2, deal=Deal.from_seed("frozen-play-test", 2))
        table = play_table(board, SaycRobot(budget=0.3, samples=6, simulate=False), robot,
                           room="Open", dd=dd_table(board.deal), par_ns=0)
        assert table.state.result is not None and table.tricks is not None
        assert table.state.contract is not None
        assert table.state.view(Seat.NORTH).played  # the play happened, not a pass-out
        with pytest.raises(ValueError, match="not this seat's turn to play"):
            robot.choose_card(BoardState(board).view(Seat.EAST))
        # a request the child cannot answer is refused with its reason; the child lives on
        with pytest.raises(FrozenRobotError, match="refused"):
            robot._ask("P|{}")
        assert robot.choose_call(BoardState(board).view(Seat.NORTH)).call.kind is not None
    finally:
        robot.close()


def test_cli_play_match_against_the_baseline() -> None:
    # both teams bid and play: declarer and defence against double dummy for each
    result = runner.invoke(app, ["robots", "match", "--opponents", "baseline", "--boards", "1",
                                 "--budget", "0.2", "--samples", "6", "--seed", "cli-play-test"])
    assert result.exit_code == 0, result.output
    assert "baseline" in result.output and "declarer" in result.output.lower()


@pytest.mark.parametrize(("auction", "lang", "expected"), [
    ("1NT P 2C P 2H P 4H", "nl", "Z 2K (alert): Stayman"),
    ("1SA P 2K P 2H P 4H", "nl", "Z 2K (alert): Stayman"),
    ("1NT P 2C", "de", "S 2T (alert): Stayman"),
    ("1NT P 2C", "no", "S 2K (alert): Stayman"),
])
def test_explain_reads_english_and_the_output_language(auction: str, lang: str,
                                                       expected: str) -> None:
    result = runner.invoke(app, ["robots", "explain", auction, "--lang", lang])
    assert result.exit_code == 0, result.output
    assert expected in result.output


@pytest.mark.parametrize(("auction", "message"), [
    ("1NT 1S", "insufficient"),
    ("1NT P P P 2C", "auction is over"),
    ("1H X XX XX", "XX is not allowed"),
    ("1NT P 2Z", "not a strain"),
])
def test_explain_refuses_an_illegal_auction_with_the_cores_error(auction: str,
                                                                 message: str) -> None:
    result = runner.invoke(app, ["robots", "explain", auction])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1  # one line, however long


def test_an_unknown_commit_cannot_be_frozen(tmp_path: Path) -> None:
    from redouble.robots.frozen import FrozenRobotError, export_commit, repository_root

    with pytest.raises(FrozenRobotError, match="cannot export commit"):
        export_commit("deadbeefdeadbeef", root=repository_root())
    assert not (repository_root() / ".bench-cache" / "baseline-deadbeefdeadbeef" / ".exported").exists()


def test_dd_tables_of_match_boards_are_cached(tmp_path: Path) -> None:
    first = match_tables(3, seed="cache-test", cache=tmp_path)
    files = list(tmp_path.glob("dd-*.json"))
    assert len(files) == 1
    assert match_tables(3, seed="cache-test", cache=tmp_path) == first
    board = next(iter(match_boards(1, seed="cache-test")))
    assert first[0] == dd_table(board.deal)


def test_explain_in_another_system() -> None:
    result = runner.invoke(app, ["robots", "explain", "1S P 2C", "--system", "2/1"])
    assert result.exit_code == 0, result.output
    assert "game forcing" in result.output
    result = runner.invoke(app, ["robots", "explain", "1S", "--system", "precision"])
    assert result.exit_code != 0 and "unknown bidding system" in result.output


def test_cli_dd_bidding_with_the_rules_alone_in_another_system() -> None:
    result = runner.invoke(app, ["robots", "match", "--mode", "dd-bidding", "--boards", "2",
                                 "--opponents", "baseline", "--self-play", "2", "--rules-only",
                                 "--system", "modern-0314", "--seed", "cli-dd-rules"])
    assert result.exit_code == 0, result.output
    assert "Decisions by simulation" not in result.output
    assert "Whole auction of a robots-only board" in result.output
    result = runner.invoke(app, ["robots", "match", "--mode", "dd-bidding", "--boards", "1",
                                 "--opponents", "baseline", "--system", "precision"])
    assert result.exit_code != 0 and "unknown bidding system" in result.output
