"""One decoder for every PBN and LIN reader and command: ISO 8859-1 by default (PBN 2.1 §2.2),
UTF-8 or another set when a byte-order mark or a ``%`` header says so; no byte stops it."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.cli import app
from redouble.formats import encoding, lin, pbn
from redouble.seats import Seat

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
runner = CliRunner()


def czech_file(header: bytes = b"") -> bytes:
    """A BridgeComposer-style board whose event is written in ISO 8859-2 (0xE1 = á, 0xB9 = š)."""
    return (header + b'[Event "P\xe1rov\xfd turnaj \xb9achy"]\r\n[Site "Brno"]\r\n[Board "1"]\r\n'
            b'[Dealer "N"]\r\n[Vulnerable "None"]\r\n[Deal "' + DEAL.encode() + b'"]\r\n')


def test_latin_bytes_never_raise_and_read_as_the_standard_says() -> None:
    (game,) = pbn.loads(czech_file())
    assert game.tags["Event"] == "Párový turnaj ¹achy"  # ISO 8859-1: the file names no other set
    assert encoding.decode(czech_file()).splitlines()[0] == '[Event "Párový turnaj ¹achy"]'


def test_a_percent_header_names_the_character_set() -> None:
    latin2 = czech_file(b"% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=ISO-8859-2\r\n")
    (game,) = pbn.loads(latin2)
    assert game.tags["Event"] == "Párový turnaj šachy"
    utf8 = '% PBN 2.1\n% UTF-8\n[Event "Párový turnaj šachy"]\n[Board "1"]\n'.encode()
    assert pbn.loads(utf8)[0].tags["Event"] == "Párový turnaj šachy"
    assert encoding.declared_encoding(b"% Encoding: windows-1250\n") == "cp1250"
    assert encoding.declared_encoding(b'[Event "charset=UTF-8"]\n') is None  # only '%' lines count


def test_byte_order_marks() -> None:
    text = '[Event "Tønsberg"]\n[Board "1"]\n'
    assert pbn.loads(codecs.BOM_UTF8 + text.encode())[0].tags["Event"] == "Tønsberg"
    assert pbn.loads(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))[0].tags["Event"] == "Tønsberg"
    assert pbn.loads(text.encode())[0].tags["Event"] == "Tønsberg"  # UTF-8 without a mark


def test_lin_reads_latin_bytes() -> None:
    data = b"pn|J\xe1n,B\xf8b,C,D|md|1SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|sv|o|"
    (board,) = lin.loads(data)
    assert board.players[Seat.SOUTH] == "Ján" and board.players[Seat.WEST] == "Bøb"


@pytest.mark.parametrize("command", ["analyze", "convert", "show"])
def test_every_command_reads_a_latin_file(tmp_path: Path, command: str) -> None:
    source = tmp_path / "czech.pbn"
    source.write_bytes(czech_file())
    arguments = {"analyze": ["analyze", str(source), "-o", str(tmp_path / "out.pbn"), "--html",
                             str(tmp_path / "out.html")],
                 "convert": ["convert", str(source), str(tmp_path / "out.pbn")],
                 "show": ["show", str(source)]}[command]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    if command == "show":
        assert "Párový turnaj" in result.output
    else:
        assert pbn.load(tmp_path / "out.pbn")[0].tags["Event"] == "Párový turnaj ¹achy"
