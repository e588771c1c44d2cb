"""The command line: ``redouble convert`` and ``redouble show``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from redouble.cli import app
from redouble.formats import lin, pbn

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def test_convert_lin_to_pbn_and_back(tmp_path: Path) -> None:
    out = tmp_path / "round5.pbn"
    result = runner.invoke(app, ["convert", str(DATA / "gabi_round5.lin"), str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 15 boards" in result.output
    games = pbn.load(out)
    assert len(games) == 15 and games[0].tags["Room"] == "Open"
    back = tmp_path / "back.lin"
    result = runner.invoke(app, ["convert", str(out), str(back)])
    assert result.exit_code == 0, result.output
    assert [lin.board_state(b).events for b in lin.load(back)] == [
        lin.board_state(b).events for b in lin.load(DATA / "gabi_round5.lin")]


def test_convert_pbn_to_pbn_writes_export_format(tmp_path: Path, data_dir: Path) -> None:
    out = tmp_path / "schiphol.pbn"
    result = runner.invoke(app, ["convert", str(data_dir / "pbn" / "Schiphol.pbn"), str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (data_dir / "pbn" / "Schiphol.pbn").read_bytes().replace(b"\n", b"\r\n")


def test_convert_reports_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AKQ"]\n')
    result = runner.invoke(app, ["convert", str(bad), str(tmp_path / "out.lin")])
    assert result.exit_code == 2
    assert "line 1, column 1" in result.output
    missing = runner.invoke(app, ["convert", str(tmp_path / "nope.pbn"), str(tmp_path / "x.lin")])
    assert missing.exit_code == 2 and "not a file" in missing.output


def test_show_board_in_dutch(data_dir: Path) -> None:
    result = runner.invoke(app, ["show", str(data_dir / "pbn" / "Schiphol.pbn"), "--board", "1", "--lang", "nl"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Noord" in out and "Westra" in out
    assert "4SA" in out and "Pas" in out  # the auction in Dutch
    assert "3♥ (Zuid): non-forcing 6-9 points, 6-card" in out  # the alerted call and its note
    assert "4SA (Noord): two colors: clubs and diamonds" in out
    assert "W ♠H  N ♥3  O ♠4  Z ♠3  → Noord" in out  # the play, trick by trick
    assert "5♥X Zuid: 9 (-2)" in out


def test_show_lin_board_with_letters() -> None:
    result = runner.invoke(app, ["show", str(DATA / "gabi_round5.lin"), "--board", "13", "--letters"])
    assert result.exit_code == 0, result.output
    assert "3NT North: 12 (+3)" in result.output
    assert "Andonov" in result.output


def test_show_missing_board(data_dir: Path) -> None:
    result = runner.invoke(app, ["show", str(data_dir / "pbn" / "big-deal.pbn"), "--board", "7"])
    assert result.exit_code == 2
    assert "no board 7" in result.output and "1, 2" in result.output


def test_show_closed_room_of_a_team_match() -> None:
    result = runner.invoke(app, ["show", str(DATA / "gabi_round5.lin"), "--board", "13", "--room", "closed"])
    assert result.exit_code == 0, result.output
    assert "3NT North: 9 (=)" in result.output and "Videnova" in result.output
    missing = runner.invoke(app, ["show", str(DATA / "gabi_round5.lin"), "--room", "lounge"])
    assert missing.exit_code == 2 and "lounge" in missing.output
