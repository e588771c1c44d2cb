"""Fuzzing: whatever the input, the readers give games or raise ParseError, nothing else."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from redouble.errors import BridgeError
from redouble.formats import lin, pbn
from redouble.formats.errors import ParseError

SCHIPHOL = (Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pbn" / "Schiphol.pbn")
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PBN_ALPHABET = st.sampled_from([*list('[]{}";%=$!?^*+-.:#\\ \t\nNESWAKQJT98765432HDCPXabc1lnt'), "\r", "é", "\x00"])
PBN_PIECES = st.sampled_from([
    '[Board "1"]', '[Dealer "N"]', '[Vulnerable "All"]', '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 '
    '6543.876.876.876 2.5432.5432.5432"]', '[Auction "N"]', '[Play "E"]', '[Contract "7NT"]',
    '[Declarer "N"]', '[Result "13"]', '[Note "1:x"]', "1NT", "Pass", "AP", "=1=", "$3", "!", "*", "+",
    "SA", "ST", "-", "\n", "\n\n", "{c}", ";c\n", "%x\n", '[ScoreTable "A\\2R;B"]', '"q"', "#", '"#"',
    '[Event "##E"]', '[Event "#"]', "^I", "^S", "XX", "X", "7NT", "[", "]", '"', "{",
])


def read_everything(text: str | bytes) -> None:
    recovered = pbn.loads(text, recover=True)  # recovery mode never raises
    assert all(isinstance(error, ParseError) for game in recovered for error in game.errors)
    try:
        games = pbn.loads(text)
        assert not any(game.errors for game in recovered)
    except ParseError as error:
        assert any(game.errors for game in recovered)
        assert error.line >= 1 and error.column >= 1 and error.expected
        assert str(error).startswith(f"line {error.line}, column {error.column}: ")
        assert f"; expected {error.expected}" in str(error)
        return
    for game in games:
        _ = (game.deal, game.dealer, game.vulnerability, game.contract, game.declarer, game.result,
             game.calls, game.cards, game.hands, game.board, game.trump, game.optimum_results())
        for table in game.tables.values():
            table.records()
        with contextlib.suppress(BridgeError):
            pbn.board_state(game)
        again = pbn.loads(pbn.dumps(games, warn=lambda _: None))  # a file that reads is always written
        assert len(again) == len(games)


@FUZZ
@given(st.text())
def test_pbn_reader_on_any_text(text: str) -> None:
    read_everything(text)


@FUZZ
@given(st.binary())
def test_pbn_reader_on_any_bytes(data: bytes) -> None:
    read_everything(data)


@FUZZ
@given(st.lists(st.one_of(PBN_PIECES, st.text(PBN_ALPHABET, max_size=5)), max_size=40).map(" ".join))
@example('[Event "##E"] \n\n [Note "1:x"]')  # a game whose only tag an earlier '##' implies
def test_pbn_reader_on_pbn_like_text(text: str) -> None:
    read_everything(text)


@FUZZ
@given(st.data())
def test_pbn_reader_on_damaged_real_file(data: st.DataObject) -> None:
    text = SCHIPHOL.read_text()
    for _ in range(data.draw(st.integers(1, 4))):
        start = data.draw(st.integers(0, len(text)))
        end = data.draw(st.integers(start, min(len(text), start + 8)))
        text = text[:start] + data.draw(st.text(PBN_ALPHABET, max_size=4)) + text[end:]
    read_everything(text)


LIN_PIECES = st.sampled_from([
    "pn|a,b,c,d|", "md|3SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|", "md|1|", "sv|o|",
    "sv|b|", "mb|1N!|", "an|15-17|", "mb|p|", "mb|d|", "mb|r|", "pc|SA|", "pc|s2|", "mc|13|", "qx|o1|",
    "rh||", "ah|Board 1|", "st||", "pg||", "nt|hello|", "|", "mb|", "pc|", "mc|x|", "md|5|", "sv|z|", "\n",
    "mb|7NT|", "pc|D10|", "up|1|",
])


def lin_facts(board: lin.LinBoard) -> tuple[object, ...]:
    """A board's content; commentary by its text (its place is kept exactly where cards follow calls)."""
    return (board.players, board.deal or board.hands, board.dealer, board.vulnerability, board.number,
            board.calls, board.cards, board.claim, [comment.text for comment in board.comments])


@FUZZ
@given(st.lists(st.one_of(LIN_PIECES, st.text(max_size=6)), max_size=40).map("".join))
def test_lin_reader_on_lin_like_text(text: str) -> None:
    recovered = lin.loads(text, recover=True)  # recovery mode never raises
    assert all(isinstance(error, ParseError) for board in recovered for error in board.errors)
    try:
        boards = lin.loads(text)
    except ParseError as error:
        assert error.line >= 1 and error.column >= 1 and error.expected
        assert f"; expected {error.expected}" in str(error)
        assert any(board.errors for board in recovered)
        return
    assert recovered == boards and not any(board.errors for board in recovered)
    again = lin.loads(lin.dumps(boards))  # LIN -> LIN keeps every board as it was
    assert [lin_facts(board) for board in again] == [lin_facts(board) for board in boards]
    for board in boards:
        with contextlib.suppress(BridgeError):
            lin.board_state(board)


@FUZZ
@given(st.one_of(st.text(), st.binary()))
def test_lin_reader_on_anything(data: str | bytes) -> None:
    lin.loads(data, recover=True)
    with contextlib.suppress(ParseError):
        lin.loads(data)


def test_parse_error_is_a_bridge_error() -> None:
    assert issubclass(ParseError, BridgeError)
    with pytest.raises(BridgeError):
        pbn.loads('[Deal "N:nonsense"]')


@pytest.mark.parametrize("text", [
    '[Auction "N"]\n1NT $' + "9" * 5000 + "\n",
    '[Auction "N"]\n1NT =' + "9" * 5000 + "=\n",
    '[Board "' + "9" * 5000 + '"]\n[Result "' + "1" * 5000 + '"]\n',
    '[Board "²"]\n[Result "²"]\n[Note "²:x"]\n',
    '[ScoreTable "A\\' + "9" * 5000 + 'R"]\n1\n',
    '[ScoreTable "A"]\n' + "9" * 5000 + "\n",
    '[Board "1"]\n[Result "##9"]\n\n[Board "2"]\n[Result "lots"]\n\n[Board "3"]\n',
    '[Board "1"]\n[Scoring "##IMP"]\n[Result "##lots"]\n\n[Board "2"]\n',
])
def test_huge_and_unicode_numbers(text: str) -> None:
    read_everything(text)
