"""What BridgeComposer, scoring programs and archives write, read and written back (issue 14)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.calls import Contract
from redouble.cli import app
from redouble.formats import lin, pbn
from redouble.seats import Seat

runner = CliRunner()
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


BAD_SECOND_AND_THIRD = (
    f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NR"]\n'
    '[Result "9"]\n\n'
    f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NZ"]\n'
    '[Result "9"]\n\n'
    f'[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW\n[Deal "{DEAL}"]\n\n'
    f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n[Auction "W"]\n1C 1Z Pass\n')


def test_recovery_mode_records_the_error_and_reads_on() -> None:
    """Like python-chess's ``handle_error``: a bad game carries its error and the next is read."""
    with pytest.raises(pbn.ParseError, match="line 14, column 1: '3NZ' is not a contract"):
        pbn.loads(BAD_SECOND_AND_THIRD)
    games = pbn.loads(BAD_SECOND_AND_THIRD, recover=True)
    assert [game.tags.get("Board") for game in games] == ["1", "2", "3", "4"]
    assert [len(game.errors) for game in games] == [0, 1, 1, 1]
    assert "'3NZ' is not a contract" in str(games[1].errors[0])
    assert "a tag pair is not complete" in str(games[2].errors[0]) and games[2].errors[0].line == 19
    assert "'1Z' is not a call" in str(games[3].errors[0])
    assert games[0].contract == Contract.parse("3NTXX", declarer=Seat.SOUTH)
    streamed = list(pbn.iter_games(io.BytesIO(BAD_SECOND_AND_THIRD.encode()), recover=True))
    assert [str(game.errors[0]) if game.errors else None for game in streamed] == [
        str(game.errors[0]) if game.errors else None for game in games]


def test_convert_and_analyze_continue_past_a_bad_game(tmp_path: Path) -> None:
    source = tmp_path / "archive.pbn"
    source.write_text(BAD_SECOND_AND_THIRD, encoding="latin-1")
    out = tmp_path / "out.pbn"
    result = runner.invoke(app, ["convert", str(source), str(out)])
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "wrote 1 board" in result.output
    assert "skipped 3 games" in result.output
    assert "game 2 (board 2): line 14, column 1: '3NZ' is not a contract" in result.output
    assert [game.board for game in pbn.load(out)] == [1]
    result = runner.invoke(app, ["analyze", str(source), "-o", str(out), "--html", str(tmp_path / "out.html")])
    assert result.exit_code == 0, result.output
    assert "analysed 1 board" in result.output and "skipped 3 games" in result.output
    assert "game 4 (board 4)" in result.output
    analysed = pbn.load(out)
    assert [game.board for game in analysed] == [1]
    assert analysed[0].table("OptimumResultTable") is not None
    lin_out = tmp_path / "out.lin"
    result = runner.invoke(app, ["convert", str(source), str(lin_out)])
    assert result.exit_code == 0, result.output
    assert [board.number for board in lin.load(lin_out)] == [1]


def test_convert_fails_when_no_game_can_be_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Contract "9Q"]\n')
    result = runner.invoke(app, ["convert", str(bad), str(tmp_path / "out.pbn")])
    assert result.exit_code == 2
    assert "'9Q' is not a contract" in result.output and "Traceback" not in result.output


def test_dumps_writes_a_game_whose_lines_grow_past_255_characters() -> None:
    """A legal 254-character line that export spelling lengthens (``\\S`` written ``\\\\S``) is folded
    between the tag name and its value, as import format allows, and the game named in a warning."""
    note = "1:shows \\S5+ \\H4+ \\D3, "
    note += "x" * (254 - len(f'[Note "{note}"]'))
    line = f'[Note "{note}"]'
    assert len(line) == 254
    text = f'[Board "7"]\n[Dealer "N"]\n[Auction "N"]\n1C =1= Pass Pass Pass\n{line}\n'
    (game,) = pbn.loads(text)
    warnings: list[str] = []
    written = pbn.dumps([game], warn=warnings.append)
    assert warnings == ["board 7: a tag pair too long for one line is written over two (import format)"]
    assert all(len(row) + 2 <= 255 for row in written.split("\r\n"))
    assert pbn.loads(written) == [game]
    with pytest.warns(pbn.ExportWarning, match="board 7"):
        pbn.dumps([game])


def test_dumps_writes_a_value_too_long_for_any_line_as_read() -> None:
    event = "E" * 300
    (game,) = pbn.loads(f'[Event "{event}"]\n[Board "2"]\n')
    warnings: list[str] = []
    written = pbn.dumps([game], warn=warnings.append, newline="\n")
    assert written == f'[Event "{event}"]\n[Board "2"]\n'
    assert "board 2: a line of 310 characters" in warnings[0]
    assert pbn.loads(written) == [game]


IRREGULAR = (
    f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1NT"]\n'
    '[Result "7"]\n[Auction "N"]\n1NT Pass Pass Pass\n[Play "E"]\nHK HJ HA H3\n*\n\n'
    f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "2H"]\n'
    '[Result "8"]\n[Auction "E"]\n1S 2C ^I 1H 2H\nPass Pass Pass\n\n'
    f'[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "4S"]\n'
    '[Result "10"]\n[Play "W"]\nHA H3 H2 H4\n*\n\n'
    f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n[Auction "W"]\nPass 1C ^S 1S\n'
    'AP\n')


def test_irregular_auctions_and_play_without_auction_convert_as_far_as_they_can(tmp_path: Path) -> None:
    """``^I``/``^S`` (PBN 2.1 §3.9) and a play section with no auction: the deal and what the laws
    can replay are written, the rest named; the other boards of the file are not lost."""
    source = tmp_path / "irregular.pbn"
    source.write_text(IRREGULAR)
    out = tmp_path / "out.lin"
    result = runner.invoke(app, ["convert", str(source), str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 4 boards" in result.output
    output = " ".join(result.output.split())
    assert "board 2: call 3 (1H) is marked ^I (an insufficient bid)" in output
    assert "board 3: the game has a play section but no auction" in output
    assert "board 4: call 3 (1S) stands at" in output and "(after a skipped turn, ^S)" in output
    boards = lin.load(out)
    games = pbn.loads(IRREGULAR)
    assert [board.deal for board in boards] == [game.deal for game in games]
    assert [len(board.calls) for board in boards] == [4, 2, 0, 2]
    assert len(boards[0].cards) == 4 and boards[0].claim == 7
    back = tmp_path / "back.pbn"
    result = runner.invoke(app, ["convert", str(out), str(back)])
    assert result.exit_code == 0, result.output
    assert [game.deal for game in pbn.load(back)] == [game.deal for game in games]
    same = tmp_path / "same.pbn"
    assert runner.invoke(app, ["convert", str(source), str(same)]).exit_code == 0
    kept = pbn.load(same)  # PBN to PBN keeps the irregularities as written (in export spelling)
    assert [(g.deal, g.auction, g.play, g.contract) for g in kept] == [
        (g.deal, g.auction, g.play, g.contract) for g in games]


def test_board_state_names_an_irregularity_instead_of_shifting_calls() -> None:
    games = pbn.loads(IRREGULAR)
    with pytest.raises(pbn.ParseError.__mro__[1], match=r"\^S"):
        pbn.board_state(games[3])
    state, problems = pbn.replay(games[1])
    assert [str(call) for call in state.auction.calls] == ["1S", "2C"]
    assert problems == ("call 3 (1H) is marked ^I (an insufficient bid), which cannot be replayed; "
                        "the auction is kept up to it, the play left out",)


def test_a_long_rest_of_line_comment_is_never_broken_into_tokens() -> None:
    """A ``;`` comment runs to the end of its line: folding it would turn its words into cards."""
    long = "word " * 60
    text = (f'; {long}\n[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NT"]\n'
            f'[Play "W"]\nSK ; {long}\nH3 S4 S3\n')
    games = pbn.loads(text)
    warnings: list[str] = []
    again = pbn.loads(pbn.dumps(games, warn=warnings.append))
    assert again == games
    assert warnings and "board 1: a line of" in warnings[0]


def test_a_rest_of_line_comment_after_a_call_or_card_keeps_the_rest_of_the_row() -> None:
    text = (f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "3NT"]\n[Auction "N"]\n'
            '1NT ; strong\nPass 3NT Pass\nPass Pass\n[Play "W"]\nSK ; lead\nH3 S4 S3\n')
    games = pbn.loads(text)
    again = pbn.loads(pbn.dumps(games))
    assert again == games
    assert len(again[0].calls) == 6 and len(again[0].cards) == 4


def test_a_bar_in_a_note_or_comment_does_not_stop_a_conversion_to_lin() -> None:
    from redouble.formats import convert

    text = (f'{{first line\nsecond | line}}\n[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n'
            '1D =1= Pass Pass Pass\n[Note "1:4+ D | 5+ C"]\n\n'
            f'[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n')
    result = convert.convert(text, source="pbn", target="lin")
    assert result.written == 2 and not result.skipped
    assert result.warnings == ("board 1: '|', which LIN cannot carry, is written as '/'",)
    first, _ = lin.loads(result.text)
    assert first.calls[0].explanation == "4+ D / 5+ C"
    assert [note.text for note in first.comments] == ["first line second / line"]
