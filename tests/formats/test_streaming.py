"""The streaming reader: visitors, skipping, and constant memory over a long file."""

from __future__ import annotations

import gc
import io
import weakref
from collections.abc import Iterator

from redouble.formats import pbn
from redouble.formats.pbn import SKIP, BaseVisitor, Reader
from redouble.formats.pbn.lexer import WORD

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def lines(count: int) -> Iterator[str]:
    """A long PBN file, produced line by line (nothing holds it whole)."""
    for number in range(1, count + 1):
        yield '[Event "Stream"]\n'
        yield f'[Board "{number}"]\n'
        yield '[Dealer "N"]\n'
        yield f'[Deal "{DEAL}"]\n'
        yield '[Auction "N"]\n'
        yield "1D 1S 3H =1= 4S\n"
        yield "4NT X Pass Pass\n"
        yield "5C X 5H X\n"
        yield "Pass Pass Pass\n"
        yield '[Note "1:weak"]\n'
        yield "\n"


def test_iter_games_reads_lazily_and_keeps_nothing() -> None:
    """Constant memory: a game is read only when asked for, and the reader keeps no reference to a game it has passed on
    (the benchmark measures the peak over a 100,000-game file)."""
    produced = 0

    def counted() -> Iterator[str]:
        nonlocal produced
        for line in lines(100_000):
            produced += 1
            yield line

    games = pbn.iter_games(counted())
    first = next(games)
    assert first.board == 1 and produced <= 12  # one game's lines and the blank line after it
    watch = weakref.ref(first)
    del first
    assert next(games).board == 2
    gc.collect()
    assert watch() is None  # once the next game is read, nothing holds the first
    for count, game in enumerate(games, start=3):
        assert game.board == count
        if count == 5_000:
            break
    assert produced <= 5_000 * 11 + 1


class CallCounter(BaseVisitor[int]):
    """Counts the words of each game's auction without building a game."""

    def __init__(self) -> None:
        self.in_auction = False
        self.words = 0

    def visit_tag(self, name: str, value: str, *, inherited: str | None, line: int,
                  column: int) -> object:
        self.in_auction = name == "Auction"
        return None if self.in_auction else SKIP

    def visit_token(self, text: str, *, kind: int, line: int, column: int) -> None:
        if self.in_auction and kind == WORD:
            self.words += 1

    def result(self) -> int:
        return self.words


def test_custom_visitor_and_skip() -> None:
    counts = list(Reader(lines(3)).games(CallCounter))
    assert counts == [16, 16, 16]  # 15 calls and the note reference '=1=', as the lexer's words
    headers = list(pbn.iter_headers(io.BytesIO("".join(lines(3)).encode())))
    assert [h["Board"] for h in headers] == ["1", "2", "3"]
    assert "Note" not in headers[0]


class SkipOdd(BaseVisitor[str]):
    def __init__(self) -> None:
        self.board = ""

    def visit_tag(self, name: str, value: str, *, inherited: str | None, line: int,
                  column: int) -> object:
        if name == "Board":
            self.board = value
        return None

    def result(self) -> str:
        return self.board


def test_read_game_one_at_a_time() -> None:
    reader = Reader(lines(2))
    assert reader.read_game(SkipOdd()) == "1"
    assert reader.read_game(SkipOdd()) == "2"
    assert reader.read_game(SkipOdd()) is None
    assert pbn.read_game(lines(1), pbn.GameBuilder()) == pbn.loads("".join(lines(1)))[0]


def test_recovery_mode_keeps_nothing_of_a_bad_game() -> None:
    """A game read past an error is released like any other: its error holds no frames (the bench
    measures the peak over a 100,000-game file with a thousand bad games)."""

    def broken(count: int) -> Iterator[str]:
        for number, line in enumerate(lines(count)):
            yield '[Declarer "Q"]\n' if number % 22 == 0 else line

    games = pbn.iter_games(broken(10_000), recover=True)
    first = next(games)
    assert first.errors and "'Q' is not a seat in the Declarer tag" in str(first.errors[0])
    assert first.errors[0].__traceback__ is None
    watch = weakref.ref(first)
    del first
    second = next(games)
    assert not second.errors and second.board == 2
    gc.collect()
    assert watch() is None
    counts = [bool(game.errors) for game in games]
    assert len(counts) == 9_998 and sum(counts) == 4_999
