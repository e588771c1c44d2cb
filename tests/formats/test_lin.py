"""BBO's LIN: real vugraph and hand-record files, round trips, and LIN ↔ PBN without loss."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from redouble.calls import Call, Contract
from redouble.cards import Card, Strain
from redouble.events import CallMade, ClaimMade
from redouble.formats import convert, lin, pbn
from redouble.formats.errors import ParseError
from redouble.formats.pbn.events import canonical_events
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState, Phase

from .strategies import played_boards

DATA = Path(__file__).parent / "data"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rs_code(state: BoardState) -> str:
    """A result as BBO's ``rs`` list writes it: ``2HN+1``, ``1NSx=``."""
    result = state.result
    assert result is not None and result.contract is not None and result.tricks is not None
    contract: Contract = result.contract
    strain = "N" if contract.strain is Strain.NOTRUMP else str(contract.strain)
    diff = result.tricks - contract.tricks_needed
    risk = {1: "", 2: "x", 4: "xx"}[contract.risk.multiplier]
    assert contract.declarer is not None
    return f"{contract.level}{strain}{contract.declarer}{risk}{'=' if diff == 0 else f'{diff:+d}'}"


def test_vugraph_file_replays_to_bbos_own_results() -> None:
    boards = lin.load(DATA / "gabi_round5.lin")
    assert [(b.room, b.number) for b in boards][:4] == [("o", 9), ("c", 9), ("o", 10), ("c", 10)]
    assert len(boards) == 15  # the open room's board 14 is missing from the record
    header = dict(boards[0].header)
    results = header["rs"].split(",")
    for board in boards:
        state = lin.board_state(board)
        assert state.phase is Phase.DONE
        assert board.number is not None
        index = (board.number - 1) * 2 + (0 if board.room == "o" else 1)
        assert rs_code(state) == results[index], (board.room, board.number)


def test_vugraph_players_alerts_and_claims() -> None:
    boards = lin.load(DATA / "gabi_round5.lin")
    open9, closed9 = boards[0], boards[1]
    assert open9.players == {Seat.SOUTH: "Ferov", Seat.WEST: "Dunev", Seat.NORTH: "Andonov",
                             Seat.EAST: "Kovandzhiy"}
    assert closed9.players[Seat.SOUTH] == "Slavov" and closed9.players[Seat.EAST] == "Georgiev"
    assert open9.dealer is Seat.NORTH and open9.vulnerability is Vulnerability.EW
    state = lin.board_state(closed9)
    calls = [e for e in state.events if isinstance(e, CallMade)]
    assert calls[2] == CallMade(seat=Seat.SOUTH, call=Call.parse("1D"), alert=True)
    assert [str(e.call) for e in calls[3:5]] == ["X", "XX"]
    assert open9.claim == 9 and len(open9.cards) == 36
    c13 = next(b for b in boards if (b.room, b.number) == ("c", 13))
    assert len(c13.cards) == 21 and c13.claim == 9  # claimed after the first card of trick 6
    settled = lin.board_state(c13)
    assert settled.play is not None and settled.play.accepted_claim is not None


def test_hand_record_with_three_hands_and_claim() -> None:
    (board,) = lin.load(DATA / "handviewer.lin")
    assert board.number == 1 and board.title == "Board 1"
    assert len(board.hands) == 3 and board.deal is not None
    assert board.deal[Seat.SOUTH].to_pbn() == "J43.KQT852.QJ2.7"
    state = lin.board_state(board)
    assert str(state.result) == "4S E +1"
    assert state.play is not None and state.play.cards_played[-1] == Card.parse("HK")


def test_handviewer_link_with_url_encoding() -> None:
    link = ("https://www.bridgebase.com/tools/handviewer.html?lin=st||pn|Periiz,~Mwest,~Mnorth,~Meast|"
            "md|3SA87HAT874DAJTCKT,SQT6HK53DKQ32CQJ2,SJ5HQJD754C976543,SK9432H962D986CA8|sv|n|rh||"
            "ah|Board%205|mb|P|mb|P|mb|1N|an|notrump%20opener.%20Could%20have%205M.|mb|P|mb|2N!|"
            "an|Minor%20transfer|mb|P|mb|3C|mb|P|mb|P|mb|P|")
    (board,) = lin.loads(link)
    assert board.number == 5 and board.players[Seat.WEST] == "~Mwest"
    assert board.calls[2].explanation == "notrump opener. Could have 5M."
    assert board.calls[2].alert is False and board.calls[4].alert is True
    state = lin.board_state(board)
    assert state.contract == Contract.parse("3C", declarer=Seat.SOUTH)


@SETTINGS
@given(played_boards())
def test_engine_boards_survive_lin_round_trip_exactly(state: BoardState) -> None:
    text = lin.dumps([lin.from_board_state(state)])
    (board,) = lin.loads(text)
    assert lin.dumps([board]) == text
    again = lin.board_state(board)
    assert again.board == state.board
    assert again.events == state.events
    assert again.result == state.result


@SETTINGS
@given(played_boards(messy=True))
def test_messy_boards_through_lin_and_pbn(state: BoardState) -> None:
    via_lin = lin.board_state(lin.loads(lin.dumps([lin.from_board_state(state)]))[0])
    assert via_lin.events == canonical_events(state)
    games = convert.lin_to_pbn(lin.loads(lin.dumps([lin.from_board_state(state)])))
    via_pbn = pbn.board_state(pbn.loads(pbn.dumps(games))[0])
    assert via_pbn.events == canonical_events(state)
    back = convert.pbn_to_lin(pbn.loads(pbn.dumps(games)))
    assert lin.board_state(back[0]).events == canonical_events(state)


def test_lin_to_pbn_and_back_keeps_everything() -> None:
    boards = lin.load(DATA / "gabi_round5.lin")
    games = convert.lin_to_pbn(boards)
    text = pbn.dumps(games)
    again = pbn.loads(text)
    assert again == games
    for board, game in zip(boards, again, strict=True):
        assert game.deal == board.deal
        assert game.tags["North"] == board.players[Seat.NORTH]
        assert game.tags["Room"] == {"o": "Open", "c": "Closed"}[board.room or ""]
        assert game.tags["Event"] == "Gabi Pleven Teams"
        assert pbn.board_state(game).events == lin.board_state(board).events
    alerted = again[1]
    assert alerted.auction is not None and alerted.auction.entries[2].note == 1
    back = convert.pbn_to_lin(again)
    for board, returned in zip(boards, back, strict=True):
        assert lin.board_state(returned).events == lin.board_state(board).events
        assert returned.players == board.players and returned.room == board.room


def test_convert_text_and_files(tmp_path: Path) -> None:
    source = DATA / "handviewer.lin"
    out = tmp_path / "hand.pbn"
    assert convert.convert_file(source, out).written == 1
    (game,) = pbn.load(out)
    assert game.tags["Contract"] == "4S" and game.tags["Result"] == "11" and game.tags["North"] == "matmont"
    assert out.read_bytes().count(b"\r\n") > 10
    back = tmp_path / "back.lin"
    assert convert.convert_file(out, back).written == 1
    assert lin.load(back) == lin.load(source)
    schiphol = convert.convert_text((Path(__file__).parents[2].parent / "shared/data/pbn/Schiphol.pbn")
                                    .read_text(), source="pbn", target="lin")
    (board,) = lin.loads(schiphol)
    assert board.claim == 9 and board.players[Seat.NORTH] == "Westra"
    assert str(lin.board_state(board).result) == "5HX S -2"
    assert convert.detect_format("x.txt", "[Board \"1\"]") == "pbn"
    assert convert.detect_format("x.txt", "md|1|") == "lin"
    with pytest.raises(pbn.ParseError.__mro__[1]):
        convert.detect_format("x.txt", "hello")


@pytest.mark.parametrize(("text", "line", "column", "expected"), [
    ("md|3SAKQ|sv|q|", 1, 13, "o, n, e or b"),
    ("md|5SAK|", 1, 4, "md|<dealer 1-4>"),
    ("md|3SAKQ,SAJ|", 1, 4, "md|<dealer 1-4>"),
    ("md|3SAKZ|", 1, 4, "md|<dealer 1-4>"),
    ("md|3|mb|1Z|", 1, 9, "a call like 1N"),
    ("md|3|\nmb|1N|\npc|S1|", 3, 4, "a card like SA"),
    ("md|3|mc|14|", 1, 9, "declarer's total tricks"),
    ("md|3|an|x|", 1, 9, "an explanation after an mb"),
    ("md|3|mb|1N", 1, 9, "'|' after the value"),
    ("md|3|trailing", 1, 6, "a key, '|', a value and '|'"),
    ("md|3|some key|x|", 1, 6, "a key like md"),
])
def test_lin_parse_errors(text: str, line: int, column: int, expected: str) -> None:
    with pytest.raises(ParseError) as caught:
        lin.loads(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert expected in str(caught.value)


def test_tolerated_keys_and_lowercase() -> None:
    text = ("vg|Event,1|rs|,|pn|a,b,c,d|st||qx|o3|rh||ah|Board 3|pg||nt|hello there|sk|x|bn|3|"
            "md|1sakqjhakqdakqcakq,s2h5432d5432c5432,s6543h876d876c876,|sv|B|mb|7n|mb|P|mb|p|mb|p|"
            "pc|s2|pc|s3|pc|sT|pc|sa|")
    (board,) = lin.loads(text)
    assert board.number == 3 and board.room == "o" and board.vulnerability is Vulnerability.BOTH
    state = lin.board_state(board)
    assert state.phase is Phase.PLAY and len(state.play.cards_played if state.play else ()) == 4
    assert lin.loads(text.encode("utf-16")) == [board]


def test_writer_refuses_a_bar_in_an_explanation() -> None:
    state = lin.board_state(lin.loads("md|1SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|")[0])
    state.make_call(Call.parse("1C"), alert=True, explanation="a|b")
    with pytest.raises(pbn.ExportError):
        lin.dumps([lin.from_board_state(state)])


def test_claim_before_any_card_and_concession() -> None:
    base = "md|1SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|mb|7N|mb|p|mb|p|mb|p|"
    (board,) = lin.loads(base + "mc|13|")
    state = lin.board_state(board)
    assert str(state.result) == "7NT S ="
    conceded = lin.board_state(lin.loads(base + "mc|0|")[0])
    assert conceded.events[-1] == ClaimMade(seat=Seat.SOUTH, tricks=0)
    assert str(conceded.result) == "7NT S -13"


def test_handviewer_url_round_trip() -> None:
    (board,) = lin.load(DATA / "handviewer.lin")
    url = lin.handviewer_url(board)
    assert url.startswith("https://www.bridgebase.com/tools/handviewer.html?lin=pn|simodra,")
    assert " " not in url and "ah|Board%201|" in url
    assert lin.loads(url) == [board]
