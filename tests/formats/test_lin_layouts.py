"""LIN as BBO writes it: hand records with ``pn`` opening each board's line, vugraph headers and
``nt`` commentary kept through LIN → LIN (issue 14)."""

from __future__ import annotations

from pathlib import Path

from redouble.formats import lin
from redouble.seats import Seat

DATA = Path(__file__).parent / "data"

MD = ("3SA987HT84DKQ432CQ,STHAKJ95D95CT9854,SK32HQ3DAJ76CAK32,SQJ654H762DT8CJ76",
      "4S6532H75DAK52CQ94,S4H6432DJT8764C82,SAKQTHQJT8DQ93C63,SJ987HAK9DCAKJT75",
      "1S873HAK642D54CK95,SAK942H5DKQJ62CJ6,SQJTHQ8DT83CAQ832,S65HJT973DA97CT74")

HAND_RECORD = (  # BBO's hand-record layout: one board a line, each opened by its players
    f"pn|Ann,Bob,Cat,Dan|st||md|{MD[0]}|rh||ah|Board 1|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||\n"
    f"pn|Eve,Fay,Gus,Hal|st||md|{MD[1]}|rh||ah|Board 2|sv|n|mb|p|mb|p|mb|p|mb|p|pg||\n"
    f"pn|Ivy,Jon,Kim,Lou|st||md|{MD[2]}|rh||ah|Board 3|sv|e|mb|1S|mb|p|mb|p|mb|p|pg||\n")


def test_pn_opening_a_line_belongs_to_that_board() -> None:
    boards = lin.loads(HAND_RECORD)
    assert [b.number for b in boards] == [1, 2, 3]
    assert [b.players[Seat.SOUTH] for b in boards] == ["Ann", "Eve", "Ivy"]
    assert boards[1].players == {Seat.SOUTH: "Eve", Seat.WEST: "Fay", Seat.NORTH: "Gus", Seat.EAST: "Hal"}


def test_dumps_then_loads_keeps_players_on_their_boards() -> None:
    boards = lin.loads(HAND_RECORD)
    again = lin.loads(lin.dumps(boards))
    assert again == boards
    assert [b.players for b in again] == [b.players for b in boards]
    vugraph = lin.load(DATA / "gabi_round5.lin")
    back = lin.loads(lin.dumps(vugraph))
    assert [(b.room, b.number, b.players) for b in back] == [(b.room, b.number, b.players) for b in vugraph]
    assert back == vugraph


def test_lin_to_lin_keeps_vugraph_header_and_commentary() -> None:
    text = ("vg|Club Teams,Round 1,I,1,2,Home,0,Away,0|\nrs|1CS-3,1SN=|\n"
            "pn|Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal|pg||\n"
            f"qx|o1|st||md|{MD[0]}|sv|o|nt|a quiet start|pg||\nmb|1C|mb|p|nt|why not 1NT?|pg||\n"
            "mb|p|mb|p|pc|D5|nt|the only lead|pg||\npc|DA|pc|D2|pc|DJ|pg||\n"
            f"qx|c1|st||md|{MD[0]}|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||\n")
    boards = lin.loads(text)
    assert [b.comments for b in boards[:1]] == [[
        lin.LinComment(calls=0, cards=0, text="a quiet start"),
        lin.LinComment(calls=2, cards=0, text="why not 1NT?"),
        lin.LinComment(calls=4, cards=1, text="the only lead")]]
    written = lin.dumps(boards)
    assert written.startswith("vg|Club Teams,Round 1,I,1,2,Home,0,Away,0|\nrs|1CS-3,1SN=|\n"
                              "pn|Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal|")
    again = lin.loads(written)
    assert again == boards
    assert again[0].header == boards[0].header
    assert [b.comments for b in again] == [b.comments for b in boards]
    assert again[1].players[Seat.SOUTH] == "Eve"  # the closed room, from the header's eight names
    vugraph = lin.load(DATA / "gabi_round5.lin")
    assert sum(len(b.comments) for b in vugraph) > 0
    back = lin.loads(lin.dumps(vugraph))
    assert [b.comments for b in back] == [b.comments for b in vugraph]
    assert back[0].header == vugraph[0].header


def test_lin_commentary_becomes_pbn_commentary() -> None:
    from redouble.formats import convert, pbn

    vugraph = lin.load(DATA / "gabi_round5.lin")
    games = pbn.loads(pbn.dumps(convert.lin_to_pbn(vugraph)))
    for board, game in zip(vugraph, games, strict=True):
        assert game.commentary == [note.text.replace("}", ")") for note in board.comments]


def test_lin_recovery_reads_past_a_bad_board(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from redouble.cli import app
    from redouble.formats import pbn
    from redouble.formats.errors import ParseError

    text = HAND_RECORD.replace("ah|Board 2|sv|n|mb|p|", "ah|Board 2|sv|n|mb|1Z|")
    try:
        lin.loads(text)
        raise AssertionError("a bad call must be refused")
    except ParseError as error:
        assert error.line == 2 and "'1Z' is not a call" in str(error)
    boards = lin.loads(text, recover=True)
    assert [b.number for b in boards] == [1, 2, 3]
    assert [len(b.errors) for b in boards] == [0, 1, 0]
    assert boards[2].players[Seat.SOUTH] == "Ivy" and len(boards[2].calls) == 4
    source = tmp_path / "record.lin"
    source.write_text(text)
    for target in ("out.pbn", "out.lin"):
        result = CliRunner().invoke(app, ["convert", str(source), str(tmp_path / target)])
        assert result.exit_code == 0, result.output
        assert "wrote 2 boards" in result.output and "game 2 (board 2): line 2" in result.output
    assert [game.board for game in pbn.load(tmp_path / "out.pbn")] == [1, 3]


def test_a_pn_just_after_md_names_that_boards_players() -> None:
    """A handviewer link may give the deal first: ``md|…|pn|…|`` is one board."""
    (board,) = lin.loads(f"md|{MD[0]}|pn|Ann,Bob,Cat,Dan|sv|o|mb|1C|")
    assert board.players[Seat.SOUTH] == "Ann" and board.deal is not None and len(board.calls) == 1
    deals_only = "".join(f"pn|P{n},Q{n},R{n},S{n}|st||md|{MD[n]}|rh||ah|Board {n + 1}|sv|o|pg||\n" for n in range(3))
    boards = lin.loads(deals_only)
    assert [(b.number, b.players[Seat.SOUTH]) for b in boards] == [(1, "P0"), (2, "P1"), (3, "P2")]


def test_vugraph_players_changing_between_boards() -> None:
    """A vugraph file names new players (all eight) before the boards they play."""
    text = ("vg|Teams,Round 1,I,1,2,Home,0,Away,0|\npn|A,B,C,D,E,F,G,H|pg||\n"
            f"qx|o1|st||md|{MD[0]}|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||\n"
            f"qx|c1|st||md|{MD[0]}|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||\n"
            "pn|I,J,K,L,M,N,O,P|pg||\n"
            f"qx|o2|st||md|{MD[1]}|sv|n|mb|p|mb|p|mb|p|mb|p|pg||\n"
            f"qx|c2|st||md|{MD[1]}|sv|n|mb|p|mb|p|mb|p|mb|p|pg||\n")
    boards = lin.loads(text)
    assert [(b.room, b.number, b.players[Seat.SOUTH]) for b in boards] == [
        ("o", 1, "A"), ("c", 1, "E"), ("o", 2, "I"), ("c", 2, "M")]
    again = lin.loads(lin.dumps(boards))
    assert [(b.room, b.number, b.players) for b in again] == [(b.room, b.number, b.players) for b in boards]


def test_vugraph_header_becomes_pbn_event_teams_and_scoring() -> None:
    from redouble.formats import convert

    games = convert.lin_to_pbn(lin.load(DATA / "gabi_round5.lin"))
    first = games[0]
    assert first.tags["Event"] == "Gabi Pleven Teams" and first.tags["Stage"] == "Round 5_11"
    assert first.tags["HomeTeam"] == "Avesta" and first.tags["VisitTeam"] == "Struma"
    assert first.tags["Scoring"] == "IMP" and first.tags["Room"] == "Open"


def test_commentary_stays_on_its_call_or_card_through_pbn() -> None:
    from redouble.formats import convert, pbn

    text = (f"qx|o1|st||md|{MD[0]}|sv|o|nt|a quiet start|pg||\nmb|1C|mb|p|nt|why not 1NT?|pg||\n"
            "mb|p|mb|p|pc|D8|nt|the only lead|pg||\npc|D2|pc|D5|pc|DA|pg||\n")
    boards = lin.loads(text)
    games = pbn.loads(pbn.dumps(convert.lin_to_pbn(boards)))
    game = games[0]
    assert game.comments[""] == ("{a quiet start}",)
    assert game.auction is not None and game.auction.entries[1].comments == ("{why not 1NT?}",)
    assert game.play is not None and [e.comments for row in game.play.tricks for e in row if e.comments] == [
        ("{the only lead}",)]
    back = convert.pbn_to_lin(games)
    assert back[0].comments == boards[0].comments
    vugraph = lin.load(DATA / "gabi_round5.lin")
    again = convert.pbn_to_lin(pbn.loads(pbn.dumps(convert.lin_to_pbn(vugraph))))
    assert [b.comments for b in again] == [[c for c in b.comments] for b in vugraph]


def test_lin_recovery_passes_over_a_broken_pair_and_a_cut_off_end() -> None:
    text = HAND_RECORD.replace("ah|Board 2|", "a h|Board 2|") + "pn|Mia,Ned,Oz,Pam|st||md|3SA98"
    boards = lin.loads(text, recover=True)
    assert [(b.number, bool(b.errors)) for b in boards] == [(1, False), (None, True), (3, False), (None, True)]
    assert "'a h' is not a LIN key" in str(boards[1].errors[0])
    assert "is not closed" in str(boards[3].errors[0])
