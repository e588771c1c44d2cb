"""The real PBN files in shared/data/pbn: read, write, read again; deals agree with their tags."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from redouble.board import board_dealer, board_vulnerability
from redouble.calls import Contract
from redouble.cards import Card, Strain
from redouble.deal import Deal
from redouble.formats import pbn
from redouble.seats import Seat, Vulnerability
from redouble.state import Phase

FILES = ["Hand_Trophy_Pairs.pbn", "Hazlemere_Trophy.pbn", "Schiphol.pbn", "Wed_Individual.pbn",
         "big-deal.pbn", "ruter71.pbn"]
COUNTS = {"Hand_Trophy_Pairs.pbn": 26, "Hazlemere_Trophy.pbn": 30, "Schiphol.pbn": 1,
          "Wed_Individual.pbn": 28, "big-deal.pbn": 2, "ruter71.pbn": 21}


@pytest.fixture(scope="module")
def pbn_dir(data_dir: Path) -> Path:
    return data_dir / "pbn"


@pytest.mark.parametrize("name", FILES)
def test_file_reads_writes_and_rereads_to_identical_games(pbn_dir: Path, name: str) -> None:
    games = pbn.load(pbn_dir / name)
    assert len(games) == COUNTS[name]
    text = pbn.dumps(games)
    again = pbn.loads(text)
    assert again == games
    assert [g.tags for g in again] == [g.tags for g in games]
    assert [g.deal for g in again] == [g.deal for g in games]
    assert pbn.dumps(again) == text  # export format is a fixed point
    assert all("\r\n" in text and len(line) + 2 <= 255 for line in text.split("\r\n"))
    assert "\t" not in text


@pytest.mark.parametrize("name", FILES)
def test_deals_agree_with_board_dealer_and_vulnerability(pbn_dir: Path, name: str) -> None:
    for game in pbn.load(pbn_dir / name):
        assert isinstance(game.deal, Deal)
        number = game.board
        assert number is not None
        assert game.dealer is board_dealer(number)
        assert game.vulnerability is board_vulnerability(number)
        assert game.deal == Deal.from_pbn(game.tags["Deal"])  # whichever seat the file starts with


def test_schiphol_round_trips_byte_for_byte(pbn_dir: Path) -> None:
    raw = (pbn_dir / "Schiphol.pbn").read_bytes()
    games = pbn.loads(raw)
    assert pbn.dumps(games).encode() == raw.replace(b"\n", b"\r\n")
    assert pbn.dumps(games, newline="\n").encode() == raw


def test_schiphol_game_is_understood(pbn_dir: Path) -> None:
    (game,) = pbn.load(pbn_dir / "Schiphol.pbn")
    assert list(game.tags)[:4] == ["Event", "Site", "Date", "Board"]
    assert game.tags["Site"] == "Amsterdam, The Netherlands NLD"
    assert game.deal == Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 "
                                      "KQT2.AT.J6542.85")
    assert game.contract == Contract.parse("5HX", declarer=Seat.SOUTH)
    assert game.result == 9
    assert " ".join(str(c) for c in game.calls) == "1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass"
    assert game.auction is not None and game.play is not None
    assert game.auction.note(1) == "non-forcing 6-9 points, 6-card"
    assert game.auction.entries[2].note == 1 and game.auction.entries[4].note == 2
    assert game.play.note(1) == "highest of series"
    assert game.play.tricks[0][0].note == 1
    assert game.play.end == "*"
    # the columns are seats from the Play tag (W N E S); each trick is led by the last winner
    assert game.cards[:8] == [(Seat.WEST, Card.parse("SK")), (Seat.NORTH, Card.parse("H3")),
                              (Seat.EAST, Card.parse("S4")), (Seat.SOUTH, Card.parse("S3")),
                              (Seat.NORTH, Card.parse("C2")), (Seat.EAST, Card.parse("C6")),
                              (Seat.SOUTH, Card.parse("CK")), (Seat.WEST, Card.parse("C5"))]
    assert game.comments["Result"][0].startswith("{\n                S\n")
    state = pbn.board_state(game)
    assert state.phase is Phase.DONE
    assert state.result is not None and state.result.tricks == 9
    assert str(state.result) == "5HX S -2"
    # declarer had 6 tricks when South led the H2 and claimed three more
    assert state.play is not None and state.play.accepted_claim is not None
    assert state.play.accepted_claim.tricks == 3


def test_optimum_result_table(pbn_dir: Path) -> None:
    game = pbn.load(pbn_dir / "Hand_Trophy_Pairs.pbn")[0]
    table = game.table("OptimumResultTable")
    assert table is not None
    assert table.names == ("Declarer", "Denomination", "Result")
    assert [str(c) for c in table.columns] == ["Declarer", "Denomination\\2R", "Result\\2R"]
    assert len(table.rows) == 20
    results = game.optimum_results()
    assert results[(Seat.NORTH, Strain.SPADES)] == 8
    assert results[(Seat.EAST, Strain.DIAMONDS)] == 10
    assert results[(Seat.WEST, Strain.NOTRUMP)] == 8
    # DoubleDummyTricks "1811118111819a8819a8" says the same: hex digits, N S E W × NT S H D C
    digits = game.tags["DoubleDummyTricks"]
    order = [Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS]
    for seat_index, seat in enumerate([Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST]):
        for strain_index, strain in enumerate(order):
            assert results[(seat, strain)] == int(digits[seat_index * 5 + strain_index], 16)


def test_score_tables_of_ruter71(pbn_dir: Path) -> None:
    games = pbn.load(pbn_dir / "ruter71.pbn")
    first = games[0]
    assert first.directives[0] == " PBN 2.0" and first.directives[1] == " EXPORT"
    assert first.tags["Scoring"] == "IMP;Butler-2;Mean"
    scores = first.table("ScoreTable")
    assert scores is not None
    assert scores.columns[4].name == "Contract" and scores.columns[4].width == 3
    assert scores.columns[4].align == "L"
    records = scores.records()
    assert len(records) == 8
    assert records[0] == {"Table": 2, "Round": 1, "PairId_NS": 3, "PairId_EW": 4, "Contract": "1N",
                          "Declarer": "N", "Result": 8, "Lead": "ST", "Score_NS": 120, "Score_EW": None,
                          "IMP_NS": 5, "IMP_EW": -5, "ButlerDatum": -90}
    assert scores.column("IMP_NS") == [5, 4, 0, 0, -1, -2, -2, -2]
    totals = first.table("TotalScoreTable")
    assert totals is not None and len(totals.rows) == 16
    top = totals.records()[0]
    assert top["Names"] == "Magne Tønnessen - Dagfinn Iversen" and top["TotalScoreIMP"] == 50
    assert top["Direction"] == "N-S" and top["NrBoards"] == 21
    assert all(game.table("ScoreTable") is not None for game in games)
    assert sum(1 for game in games if game.table("TotalScoreTable")) == 1
    with pytest.raises(pbn.ParseError.__mro__[1]):
        scores.column("Nope")


def test_vulnerability_spellings_of_real_programs(pbn_dir: Path) -> None:
    games = pbn.load(pbn_dir / "Hazlemere_Trophy.pbn")
    assert games[0].tags["Vulnerable"] == "None "
    assert games[0].vulnerability is Vulnerability.NONE
    assert games[1].tags["Vulnerable"] == "N-S "
    assert games[1].vulnerability is Vulnerability.NS


def test_score_table_rows_reproduce_the_butler_datum(pbn_dir: Path) -> None:
    """ruter71 scores Butler-2 on the mean: drop the top and bottom score, average, round to 10."""
    games = pbn.load(pbn_dir / "ruter71.pbn")
    assert len(games) == 21
    for game in games:
        table = game.table("ScoreTable")
        assert table is not None
        records = table.records()
        scores = []
        for record in records:
            ns, ew = record["Score_NS"], record["Score_EW"]
            assert isinstance(ns, int) or isinstance(ew, int)
            scores.append(ns if isinstance(ns, int) else -int(ew or 0))
        kept = sorted(scores)[1:-1]
        mean = sum(kept) / len(kept)
        datum = int(math.copysign(math.floor(abs(mean) / 10 + 0.5) * 10, mean))
        assert {record["ButlerDatum"] for record in records} == {datum}, game.board
        contract = Contract.parse(str(records[0]["Contract"]), declarer=Seat.parse(str(records[0]["Declarer"])))
        assert 1 <= contract.level <= 7


# --- the corpus run (issue 14): every real file reads, writes and reads again to the same boards ---

DATA = Path(__file__).parent / "data"


def _facts(game: pbn.Game) -> tuple[object, ...]:
    """What a program uses of a game: deal, dealer, vulnerability, auction, play, contract, result."""
    return (game.deal, game.dealer, game.vulnerability, game.calls, game.cards, game.contract, game.result,
            game.optimum_results(), {name: table.rows for name, table in game.tables.items()})


@pytest.mark.parametrize("name", FILES)
def test_corpus_reads_writes_and_rereads_the_same_boards(pbn_dir: Path, name: str) -> None:
    raw = (pbn_dir / name).read_bytes()
    games = pbn.loads(raw)
    assert games == pbn.load(pbn_dir / name) == pbn.loads(raw, recover=True)
    assert not any(game.errors for game in pbn.loads(raw, recover=True))
    for text in (pbn.dumps(games), pbn.dumps(games, normalize=True), pbn.dumps(games, inherit="##")):
        again = pbn.loads(text)
        assert [_facts(game) for game in again] == [_facts(game) for game in games]
    for game in games:  # every played board replays to its tags
        if game.auction is None:
            continue
        state = pbn.board_state(game)
        if game.contract is not None and state.contract is not None:
            assert state.contract == game.contract
        if game.result is not None and state.phase is Phase.DONE and state.result is not None:
            assert state.result.tricks == game.result


@pytest.mark.parametrize("name", FILES)
def test_corpus_converts_to_lin_and_back(pbn_dir: Path, name: str) -> None:
    from redouble.formats import convert, lin

    raw = (pbn_dir / name).read_bytes()
    games = pbn.loads(raw)
    result = convert.convert(raw, source="pbn", target="lin")
    assert result.written == len(games) and not result.skipped and not result.warnings
    boards = lin.loads(result.text)
    assert [board.deal for board in boards] == [game.deal for game in games]
    assert [[item.call for item in board.calls] for board in boards] == [game.calls for game in games]
    assert [board.cards for board in boards] == [[card for _, card in game.cards] for game in games]
    assert lin.loads(lin.dumps(boards)) == boards
    back = convert.convert(result.text, source="lin", target="pbn")
    assert not back.skipped and not back.warnings
    again = pbn.loads(back.text)
    assert [(g.deal, g.calls, g.cards, g.contract, g.result) for g in again] == [
        (g.deal, g.calls, g.cards, g.contract if g.play is not None else None,
         g.result if g.play is not None else None) for g in games]


@pytest.mark.parametrize("name", ["gabi_round5.lin", "handviewer.lin"])
def test_lin_corpus_round_trips(name: str) -> None:
    from redouble.formats import convert, lin

    boards = lin.load(DATA / name)
    again = lin.loads(lin.dumps(boards))
    assert again == boards
    assert [b.header for b in again[:1]] == [b.header for b in boards[:1]]
    result = convert.convert((DATA / name).read_bytes(), source="lin", target="pbn")
    assert result.written == len(boards) and not result.skipped and not result.warnings
    back = lin.loads(convert.convert(result.text, source="pbn", target="lin").text)
    assert [lin.board_state(b).events for b in back] == [lin.board_state(b).events for b in boards]
