"""The table as a player lives it (issue 12), the server's side: a claim's statement, honours
and the unfinished rubber at the table, another rubber, the matchpoint traveller after a board,
and mini-bridge boards that carry no vulnerability."""

from __future__ import annotations

from typing import Any

import pytest

from redouble.deal import Deal
from redouble.formats import pbn
from redouble.seats import Seat, Vulnerability
from redouble.server import presenter
from redouble.server.commands import parse_command
from redouble.server.errors import ServerError
from redouble.server.events import BoardStarted, TableEvent, table_event_from_json
from redouble.server.presenter import Viewer
from redouble.server.sheet import SheetOptions, sheet_results
from redouble.server.store import SeatRecord, TableRecord
from redouble.server.table import Table
from redouble.view import Phase

from .test_table import commit, make_table, propose

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _auction(table: Table, calls: list[tuple[Seat, str]]) -> None:
    for seat, call in calls:
        commit(table, propose(table, seat, {"type": "call", "call": call}))


def _lead_and_claim(table: Table, total: int, statement: str | None = None,
                    accept: bool = True) -> None:
    """The opening lead, then declarer claims enough of the rest to take ``total`` tricks."""
    state = table.state
    assert state is not None and state.play is not None
    declarer = state.play.contract.declarer
    assert declarer is not None
    leader = declarer.lho
    commit(table, propose(table, leader, {"type": "card", "card": str(state.legal_cards()[0])}))
    won = state.play.tricks_won(declarer.side)
    message: dict[str, Any] = {"type": "claim", "tricks": total - won}
    if statement is not None:
        message["statement"] = statement
    commit(table, propose(table, declarer, message))
    if accept:
        for seat in (declarer.lho, declarer.rho):
            commit(table, propose(table, seat, {"type": "accept_claim"}))


def _contract(table: Table, declarer: Seat, bid: str, total: int, *, doubled: bool = False) -> None:
    """Dealer passes round to ``declarer``, who bids ``bid``; optionally doubled; then claims."""
    state = table.state
    assert state is not None
    seat = state.board.dealer
    calls: list[tuple[Seat, str]] = []
    while seat is not declarer:
        calls.append((seat, "Pass"))
        seat = seat.lho
    calls.append((declarer, bid))
    if doubled:
        calls += [(declarer.lho, "X"), (declarer.partner, "Pass"), (declarer.rho, "Pass"),
                  (declarer, "Pass")]
    else:
        calls += [(declarer.lho, "Pass"), (declarer.partner, "Pass"), (declarer.rho, "Pass")]
    _auction(table, calls)
    _lead_and_claim(table, total)


def _ready_all(table: Table) -> None:
    for seat in sorted(table.humans - table.ready):
        commit(table, propose(table, seat, {"type": "ready"}))


def _replayed(table: Table) -> Table:
    """The table rebuilt from its stored log (JSON and back), as after a restart."""
    return Table(_record(table, [table_event_from_json(event.to_json()) for event in table.log]))


def _record(table: Table, events: list[TableEvent]) -> TableRecord:
    return TableRecord(id=table.id, created_at=table.created_at, form=table.form,
                       group_id=table.group_id, config=table.config, status="playing",
                       seats=[SeatRecord(seat=seat.letter(), kind=info.kind, name=info.name,
                                         token_hash=info.token_hash)
                              for seat, info in table.seats.items()],
                       events=events, seeds=table.seeds)


# --- a claim carries a statement of the line -----------------------------------------------


def test_a_claim_carries_its_statement_to_the_opponents_and_into_the_hand_record() -> None:
    table = make_table("duplicate", boards=1)
    _contract_no_claim(table)
    _lead_and_claim(table, 10, statement="I draw trumps and run the diamonds", accept=False)
    state = table.state
    assert state is not None and state.phase is Phase.CLAIM
    for seat in Seat:
        view = presenter.view(table, Viewer.at(seat))
        assert view is not None and view["claim"]["statement"] == \
            "I draw trumps and run the diamonds"
    for seat in (E, W):
        commit(table, propose(table, seat, {"type": "accept_claim"}))
    assert table.board_done
    record = presenter.board_record(table, 1)
    claims = [event for event in record["events"] if event["type"] == "claim"]
    assert claims == [{"type": "claim", "seat": "N", "tricks": claims[0]["tricks"],
                       "statement": "I draw trumps and run the diamonds"}]
    assert record["result"]["claimed"] == {"seat": "N", "tricks": claims[0]["tricks"],
                                           "statement": "I draw trumps and run the diamonds"}
    assert _replayed(table).ended_boards[0][1].events == state.events  # the log keeps it


def _contract_no_claim(table: Table) -> None:
    _auction(table, [(N, "4S"), (E, "Pass"), (S, "Pass"), (W, "Pass")])


def test_a_claim_without_a_statement_and_a_statement_with_a_line_break() -> None:
    table = make_table("duplicate", boards=1)
    _contract_no_claim(table)
    _lead_and_claim(table, 10, accept=False)
    view = presenter.view(table, Viewer.at(E))
    assert view is not None and "statement" not in view["claim"]
    with pytest.raises(ServerError, match="statement"):
        parse_command({"type": "claim", "tricks": 3, "statement": "line one\nline two"})
    with pytest.raises(ServerError, match="statement must be at most 300 characters"):
        parse_command({"type": "claim", "tricks": 3, "statement": "x" * 301})


# --- honours and the unfinished rubber -----------------------------------------------------

# North holds AKQJ of spades (four trump honours: 100), East the ten.
HONOURS_DEAL = Deal.from_pbn("N:AKQJ2.AK2.A32.32 T9876.QJ.KQ.T987 543.T98.JT98.AKQ .76543.7654.J654")


def _four_spades(honours: bool | None, form: str = "rubber") -> dict[str, Any]:
    results = [{"board": 1, "dealer": "N", "contract": "4S", "declarer": "N", "tricks": 10}]
    config = {} if honours is None else {"honours": honours}
    return sheet_results(form, results, {1: HONOURS_DEAL}, SheetOptions.of(form, config))[0]


def test_honours_are_read_from_the_deal_and_scored_above_the_line_when_the_table_says_so() -> None:
    on = _four_spades(None)  # rubber: honours on by default
    assert on["honours"] == {"side": "NS", "points": 100}
    assert on["sheet"]["NS"] == {"below": 120, "above": 100}
    off = _four_spades(False)
    assert off["honours"] is None and off["sheet"]["NS"] == {"below": 120, "above": 0}
    assert _four_spades(None, "chicago")["honours"] is None  # Chicago: off unless agreed
    chicago = _four_spades(True, "chicago")
    assert chicago["honours"] == {"side": "NS", "points": 100}
    assert chicago["sheet"]["NS"] == {"below": 120, "above": 400}  # 300 game + 100 honours


def test_the_table_passes_its_honours_option_to_the_sheet() -> None:
    table = make_table("rubber")
    table.config = {"honours": False}
    assert table.sheet_options.honours is False
    assert make_table("rubber").sheet_options.honours is True
    assert make_table("chicago").sheet_options.honours is False


@pytest.mark.parametrize(("unfinished", "bonus"), [(None, 100), ("50", 50), ("none", 0)])
def test_a_rubber_ended_with_a_partscore_scores_the_unfinished_bonus(
        unfinished: str | None, bonus: int) -> None:
    table = make_table("rubber", boards=1)
    if unfinished is not None:
        table.config = {"unfinished": unfinished}
    _contract(table, N, "2S", 8)  # 60 below for NS
    before = table.results()[0]["sheet"]["NS"]
    commit(table, propose(table, S, {"type": "end_rubber"}))
    assert table.finished  # the one rubber is over: the table ends without waiting for Next
    result = table.results()[0]
    assert result["rubber_ended"] is True
    assert result["sheet"]["NS"]["above"] - before["above"] == bonus
    score = table.score()
    assert score["rubbers"][0]["phase"] == "closed"
    assert score["total"]["NS"] == 60 + before["above"] + bonus


def test_a_rubber_ended_with_a_game_scores_300_and_a_part_score_of_the_other_side_100() -> None:
    table = make_table("rubber", boards=2)
    _contract(table, N, "4S", 10)  # NS game (120 below)
    _ready_all(table)
    _contract(table, E, "2H", 8)  # EW part-score 60
    commit(table, propose(table, W, {"type": "end_rubber"}))
    assert not table.finished  # two rubbers at this table: the next one starts
    ended = table.results()[1]
    entries = table.score()["rubbers"][0]["sheet"]["entries"]
    kinds = {(entry["side"], entry["kind"], entry["points"]) for entry in entries}
    assert ("NS", "unfinished game", 300) in kinds and ("EW", "unfinished partscore", 100) in kinds
    assert ended["rubber_ended"]
    _ready_all(table)
    assert table.board_no == 3 and table.state is not None
    assert table.state.board.vulnerability is Vulnerability.NONE  # a new rubber: nobody vul
    assert [r["phase"] for r in table.score()["rubbers"]] == ["closed"]  # the next one is empty
    rebuilt = _replayed(table)
    assert rebuilt.score() == table.score() and rebuilt.board_no == 3


def test_ending_the_rubber_is_refused_during_a_deal_elsewhere_and_after_the_rubber() -> None:
    table = make_table("rubber", boards=1)
    with pytest.raises(ServerError, match="between deals"):
        propose(table, N, {"type": "end_rubber"})
    for form in ("chicago", "duplicate"):
        other = make_table(form, boards=1)
        _contract(other, N, "2S", 8)
        with pytest.raises(ServerError, match="only a rubber"):
            propose(other, N, {"type": "end_rubber"})
    robots = make_table("rubber", humans="NS")
    _contract(robots, N, "2S", 8)
    with pytest.raises(ServerError, match="robot"):
        propose(robots, E, {"type": "end_rubber"})


# --- another rubber --------------------------------------------------------------------------


def test_another_rubber_at_the_same_seats_continues_the_sheet() -> None:
    table = make_table("rubber", boards=1)
    with pytest.raises(ServerError, match="still being played"):
        propose(table, N, {"type": "another"})
    _contract(table, N, "4S", 10)
    _ready_all(table)
    _contract(table, S, "4S", 10)  # the second game: the rubber is won 2-0
    _ready_all(table)
    assert table.finished
    first = table.score()
    assert len(first["rubbers"]) == 1 and first["rubbers"][0]["phase"] == "won"
    commit(table, propose(table, E, {"type": "another"}))
    assert not table.finished and table.board_no == 3 and table.state is not None
    assert table.state.phase is Phase.AUCTION
    _contract(table, E, "2H", 8)
    commit(table, propose(table, E, {"type": "end_rubber"}))
    assert table.finished
    score = table.score()
    assert [r["phase"] for r in score["rubbers"]] == ["won", "closed"]
    assert score["total"]["EW"] == score["rubbers"][1]["totals"]["EW"] + \
        first["rubbers"][0]["totals"]["EW"]
    info = presenter.table_info(table, Viewer.at(N))
    assert info["status"] == "finished"
    rebuilt = _replayed(table)
    assert rebuilt.finished and rebuilt.score() == score


def test_another_chicago_and_no_another_for_duplicate() -> None:
    table = make_table("chicago", boards=1)
    for declarer in (N, E, S, W):
        _contract(table, declarer, "1NT", 7)
        _ready_all(table)
    assert table.finished
    commit(table, propose(table, N, {"type": "another"}))
    assert not table.finished and table.state is not None
    assert table.state.board.dealer is N  # left of the fourth dealer, West (RULES §7)
    duplicate = make_table("duplicate", boards=1)
    _contract(duplicate, N, "1NT", 7)
    _ready_all(duplicate)
    with pytest.raises(ServerError, match="once"):
        propose(duplicate, N, {"type": "another"})


# --- the traveller ---------------------------------------------------------------------------

# RULES.md §9 golden traveller (seed 001, board 1, none vul).
GOLDEN = [("4S", N, 10, False), ("3NT", N, 10, False), ("4H", E, 7, True), ("4S", N, 10, False),
          ("4S", N, 11, False), ("4S", N, 9, False), ("2S", N, 10, False)]


def _group(size: int) -> list[Table]:
    """``size`` matchpoint tables playing the same boards (one group, one seed per board)."""
    first = make_table("duplicate", boards=2, scoring="matchpoints", seeds=2)
    tables = [first]
    for index in range(1, size):
        table = Table(_record(first, [BoardStarted(board=1)]))
        table.id = f"t{index + 1}"
        tables.append(table)
    for table in tables:
        table.group = lambda: tables
    return tables


def test_the_traveller_gives_matchpoints_as_the_golden_example_once_your_table_has_played() -> None:
    tables = _group(8)
    for table, (bid, declarer, total, doubled) in zip(tables, GOLDEN, strict=False):
        _contract(table, declarer, bid, total, doubled=doubled)
    late = tables[7]  # has not finished board 1
    first = tables[0]
    frame = presenter.traveller_frame(first, 1, Viewer.at(S), 5)
    assert frame["type"] == "traveller" and frame["id"] == 5 and frame["top"] == 12
    by_score: dict[int, list[float]] = {}
    for row in frame["rows"]:
        by_score.setdefault(row["score_ns"], []).append(row["mp_ns"])
    assert by_score == {500: [12], 450: [10], 430: [8], 420: [5, 5], 170: [2], -50: [0]}
    assert sum(row["you"] for row in frame["rows"]) == 1
    assert [row["mp_ew"] for row in frame["rows"] if row["score_ns"] == -50] == [12]
    assert [row["score_ns"] for row in frame["rows"]] == [500, 450, 430, 420, 420, 170, -50]
    with pytest.raises(ServerError, match="not been finished"):  # never a board not yet played
        presenter.traveller_frame(late, 1, Viewer.at(N))
    with pytest.raises(ServerError, match="still has to play"):  # a spectator waits for all
        presenter.traveller_frame(first, 1, Viewer.at(None))
    _contract(late, N, "4S", 10)
    spectator = presenter.traveller_frame(first, 1, Viewer.at(None))
    assert len(spectator["rows"]) == 8 and not any(row["you"] for row in spectator["rows"])


def test_a_table_that_does_not_share_boards_has_no_traveller() -> None:
    table = make_table("duplicate", boards=1)
    _contract(table, N, "2S", 8)
    with pytest.raises(ServerError, match="sharing"):
        presenter.traveller_frame(table, 1, Viewer.at(N))


# --- mini-bridge has no vulnerability ----------------------------------------------------------


def test_minibridge_boards_are_not_vulnerable_in_the_board_the_record_and_the_pbn() -> None:
    table = make_table("minibridge", boards=4)
    for number in (1, 2, 3, 4):  # boards 2-4 carry NS, EW and All in the duplicate cycle
        state = table.state
        assert state is not None and table.board_no == number
        assert state.board.vulnerability is Vulnerability.NONE
        meta = presenter.board_meta(table, Viewer.at(N))
        assert meta is not None and meta["vulnerability"] == "None"
        assert table.minibridge is not None
        declarer = table.minibridge.declarer
        commit(table, propose(table, declarer, {"type": "call", "call": "1NT"}))
        _lead_and_claim(table, 7)
        _ready_all(table)
    assert [r["vulnerability"] for r in table.results()] == ["None"] * 4
    games = pbn.loads(presenter.table_pbn(table))
    assert [game.tags["Vulnerable"] for game in games] == ["None"] * 4
    assert [game.tags["Scoring"] for game in games] == ["MiniBridge"] * 4
    assert presenter.board_record(table, 4)["vulnerability"] == "None"
