"""The command line's words follow ``--lang``, and counted words take the right number."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from redouble.board import Board
from redouble.cli import app
from redouble.cli.game import TerminalTable
from redouble.cli.words import count, say, vulnerability
from redouble.deal import Deal
from redouble.notation import Language
from redouble.scoring.duplicate import score_breakdown
from redouble.seats import Vulnerability
from redouble.state import BoardState

PBN = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pbn" / "Schiphol.pbn"
runner = CliRunner()


@pytest.mark.parametrize(("lang", "dealer", "vul"), [
    ("en", "Dealer East", "Vulnerable E-W"), ("nl", "Gever Oost", "Kwetsbaar OW"),
    ("de", "Teiler Ost", "Gefahr OW"), ("no", "Giver Øst", "Sone ØV"),
])
def test_deal_speaks_the_language(lang: str, dealer: str, vul: str) -> None:
    """Board 6: East deals, East-West vulnerable (the 16-board cycle)."""
    result = runner.invoke(app, ["deal", "--board", "6", "--seed", "words", "--lang", lang])
    assert result.exit_code == 0, result.stderr
    assert dealer in result.stdout and vul in result.stdout
    if lang != "en":
        assert not re.search(r"\b(Dealer|Vul)\b", result.stdout), result.stdout


def test_show_speaks_the_language() -> None:
    result = runner.invoke(app, ["show", str(PBN), "--lang", "de"])
    assert result.exit_code == 0, result.stderr
    assert "Teiler Nord" in result.stdout and "Gefahr Keiner" in result.stdout
    assert not re.search(r"\b(Dealer|Vul)\b", result.stdout)  # German says 'Board' too


def test_counted_words() -> None:
    assert count(Language.ENGLISH, 1, "board") == "1 board"
    assert count(Language.ENGLISH, 2, "board") == "2 boards"
    assert count(Language.DUTCH, 1, "trick") == "1 slag"
    assert count(Language.DUTCH, 3, "trick") == "3 slagen"
    assert count(Language.GERMAN, 1, "overtrick") == "1 Überstich"
    assert say(Language.NORWEGIAN, "wins", seat="Syd") == "Syd vinner"
    assert vulnerability(Language.DUTCH, Vulnerability.BOTH) == "Allen"


@pytest.mark.parametrize(("contract", "tricks", "lines"), [
    # Law 77: 4♠ made with one overtrick, not vulnerable: 120 + 30 + 300 = 450
    ("4S", 11, [("trick score", 120), ("1 overtrick", 30), ("game bonus", 300)]),
    ("2H", 10, [("trick score", 60), ("2 overtricks", 60), ("partscore bonus", 50)]),
    ("3NTX", 7, [("2 undertricks", -300)]),
    ("4HX", 10, [("trick score", 240), ("game bonus", 300), ("for the (re)double (insult)", 50)]),
])
def test_the_score_at_the_end_of_a_board(contract: str, tricks: int, lines: list[tuple[str, int]]) -> None:
    table = TerminalTable(state=BoardState(Board.numbered(1, deal=Deal.from_seed("x"))), human=None,
                          robots={}, language=Language.ENGLISH, console=Console(), ask=input)
    breakdown = score_breakdown(contract, tricks=tricks, vulnerable=False)
    assert table.score_lines(breakdown) == lines
