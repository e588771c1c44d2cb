"""Kibitzers see all four hands where the table allows it (BBO's kibitzers), never on a board the
group rule hides from them and never as a player of the table looking on from another tab
(issue 12: "kibitzers who see all four hands where the form allows it")."""

from __future__ import annotations

from datetime import UTC, datetime

from test_disclosure import act, make_group

from redouble.deal import new_seed
from redouble.robots import RandomRobot
from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.events import BoardStarted
from redouble.server.presenter import Viewer
from redouble.server.store import SeatRecord, TableRecord, commitment_of
from redouble.server.table import Table
from redouble.view import Phase


def _table(**options: object) -> Table:
    seed = new_seed()
    record = TableRecord(
        id="k1", created_at=datetime.now(UTC), form="duplicate", group_id="k1",
        config={"scoring": "imps-vs-par", "boards": 1, **options}, status="playing",
        seats=[SeatRecord(seat=s.letter(), kind="human", name=s.format(full=True), token_hash=None)
               for s in Seat],
        events=[BoardStarted(board=1)], seeds={1: (seed, commitment_of(seed))})
    return Table(record)


def _hands(view: dict[str, object] | None) -> dict[str, list[str]]:
    assert view is not None
    hands = view["hands"]
    assert isinstance(hands, dict)
    return hands


def test_a_kibitzer_sees_all_four_hands_as_the_cards_go() -> None:
    table = _table()
    state = table.state
    assert state is not None
    kibitzer = Viewer.at(None)
    hands = _hands(presenter.view(table, kibitzer))
    assert {seat: len(cards) for seat, cards in hands.items()} == {"N": 13, "E": 13, "S": 13, "W": 13}
    assert len({card for cards in hands.values() for card in cards}) == 52
    robot = RandomRobot(7)
    while state.phase is not Phase.PLAY or len(state.play.remaining(Seat.NORTH)) == 13:  # type: ignore[union-attr]
        act(table, robot, False)
        state = table.state
        assert state is not None
        if state.phase is Phase.DONE:  # passed out: nothing to play
            return
    hands = _hands(presenter.view(table, kibitzer))
    assert state.play is not None
    for seat in Seat:
        assert hands[seat.letter()] == [str(card) for card in sorted(state.play.remaining(seat))]
    # the seats themselves still see only what the engine shows them
    north = _hands(presenter.view(table, Viewer.at(Seat.NORTH)))
    assert set(north) <= {"N", state.play.dummy.letter()}


def test_a_table_may_keep_the_hands_from_its_kibitzers() -> None:
    table = _table(kibitzers_hands=False)
    assert _hands(presenter.view(table, Viewer.at(None))) == {}
    assert presenter.table_info(table, Viewer.at(Seat.SOUTH))["kibitzers_hands"] is False


def test_a_player_of_the_table_watching_from_another_tab_sees_no_other_hand() -> None:
    table = _table()
    looking_on = Viewer.at(None, frozenset({table.id}))  # the session sits at this very table
    assert _hands(presenter.view(table, looking_on)) == {}
    assert not presenter.kibitzer_sees_hands(table, looking_on)


def test_no_kibitzer_sees_the_hands_of_a_board_the_group_rule_hides() -> None:
    group = make_group(2, boards=1, scoring="matchpoints")
    view = presenter.view(group[0], Viewer.at(None))
    assert view is not None and view.get("hidden") and view["hands"] == {}
