"""What BridgeComposer, scoring programs and archives write, read and written back (issue 14)."""

from __future__ import annotations

from redouble.calls import Contract
from redouble.formats import pbn
from redouble.seats import Seat

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def test_empty_play_auction_and_declarer_tags_mean_none() -> None:
    """BridgeComposer writes ``[Play ""]`` for a passed-out board of a teams match."""
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer ""]\n'
            '[Contract "Pass"]\n[Result ""]\n[Auction "N"]\nPass Pass Pass Pass\n[Play ""]\n\n'
            f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Declarer ""]\n'
            '[Contract ""]\n[Result ""]\n[Auction ""]\n[Play ""]\n')
    first, second = pbn.loads(text)
    assert first.play is None and first.declarer is None and first.contract is None
    assert first.calls and len(first.calls) == 4
    assert second.auction is None and second.play is None and second.declarer is None
    state = pbn.board_state(first)
    assert state.auction.is_passed_out
    again = pbn.loads(pbn.dumps([first, second]))
    assert again == [first, second]
    assert again[0].tags["Play"] == "" and again[1].tags["Auction"] == ""


def test_inherited_score_table_opens_the_table_with_its_columns() -> None:
    """``[ScoreTable "#"]`` repeats the previous game's columns (PBN 2.1 §4.8); its rows follow."""
    text = ('[Board "1"]\n[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;'
            'Result\\\\2R;Score_NS\\\\5R"]\n 1  2 3NT  N  9   400\n 3  4 4S   E 10     -\n\n'
            '[Board "2"]\n[ScoreTable "#"]\n 1  2 2H   S  8   110\n 3  4 3NTX W  7   500\n')
    first, second = pbn.loads(text)
    table = second.table("ScoreTable")
    assert table is not None
    assert table.names == ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS")
    assert table.column("Score_NS") == [110, 500]
    assert table.records()[1]["Contract"] == "3NTX"
    assert not second.warnings
    assert second.inherited["ScoreTable"] == "#"
    again = pbn.loads(pbn.dumps([first, second]))
    assert again == [first, second]


def test_r_for_redoubled_in_the_contract_tag() -> None:
    """An archive writes ``3NR`` for 3NT redoubled, as LIN writes ``r`` for a redouble."""
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NR"]\n[Result "8"]\n'
    (game,) = pbn.loads(text)
    assert game.contract == Contract.parse("3NTXX", declarer=Seat.SOUTH)
    assert pbn.loads(pbn.dumps([game])) == [game]
    assert '[Contract "3NTXX"]' in pbn.dumps([game], normalize=True)
    (lower,) = pbn.loads(text.replace("3NR", "4sr"))
    assert lower.contract == Contract.parse("4SXX", declarer=Seat.SOUTH)
