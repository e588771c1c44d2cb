"""``redouble club movement …``: CSV with the header first, a readable table, one-line errors with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.movement import CSV_HEADER, Movement, validate

runner = CliRunner()


def _csv(*args: str) -> Movement:
    result = runner.invoke(app, ["club", "movement", *args, "--csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == CSV_HEADER
    return Movement.from_csv(result.stdout, sharing="--relay" in args)  # only the relay may share a set


@pytest.mark.parametrize("tables", [3, 5, 7, 13, 29])
def test_odd_mitchell_plays_t_rounds(tables: int) -> None:
    movement = _csv("mitchell", "--tables", str(tables))
    report = validate(movement)
    assert report.rounds == tables and len(movement.seatings) == tables * tables
    # NS pair n and EW pair n are different pairs
    assert len(movement.pairs) == 2 * tables


@pytest.mark.parametrize("tables", [4, 6, 10, 30])
def test_skip_mitchell_plays_t_minus_one_rounds(tables: int) -> None:
    report = validate(_csv("mitchell", "--tables", str(tables), "--skip"))
    assert report.rounds == tables - 1 and not report.shares


@pytest.mark.parametrize("tables", [4, 8, 12])
def test_relay_mitchell_plays_t_rounds_sharing_one_set(tables: int) -> None:
    movement = _csv("mitchell", "--tables", str(tables), "--relay")
    report = validate(movement, sharing_allowed=True)
    assert report.rounds == tables and report.max_sharing == 2
    for round_ in movement.rounds:
        assert len({share.tables for share in report.shares if share.round == round_}) == 1


def test_boards_option() -> None:
    result = runner.invoke(app, ["club", "movement", "mitchell", "--tables", "5", "--boards", "3", "--csv"])
    assert result.stdout.splitlines()[1] == "A,1,1,1,1,1,3"


@pytest.mark.parametrize("tables", [3, 4, 9, 16])
def test_complete_howell_plays_2t_minus_one_rounds(tables: int) -> None:
    report = validate(_csv("howell", "--tables", str(tables)))
    assert report.rounds == 2 * tables - 1 and report.complete


def test_partial_howell() -> None:
    assert validate(_csv("howell", "--tables", "8", "--rounds", "9")).rounds == 9


def test_readable_table_and_cards() -> None:
    result = runner.invoke(app, ["club", "movement", "mitchell", "--tables", "3"])
    assert result.exit_code == 0 and "1NS v 3EW" in result.stdout and "every pair meets" in result.stdout
    cards = runner.invoke(app, ["club", "movement", "howell", "--tables", "4", "--cards", "--lang", "nl"])
    assert cards.exit_code == 0 and "Tafelkaart" in cards.stdout and "ronde 7: tafel 1, NZ" in cards.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["mitchell", "--tables", "2"], "3 to 30 tables"),
    (["mitchell", "--tables", "5", "--skip"], "even number of tables"),
    (["mitchell", "--tables", "7", "--relay"], "even number of tables"),
    (["mitchell", "--tables", "6"], "skip or the relay"),
    (["mitchell", "--tables", "6", "--skip", "--relay"], "choose one"),
    (["mitchell", "--tables", "5", "--switch", "x"], "--switch"),
    (["howell", "--tables", "2"], "3 to 16 tables"),
    (["howell", "--tables", "4", "--rounds", "8"], "1 to 7 rounds"),
    (["howell", "--tables", "4", "--cards", "--lang", "xx"], "unknown language"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["club", "movement", *args, "--csv" if "--cards" not in args else "--cards"])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_check_command(tmp_path: Path) -> None:
    good = tmp_path / "good.csv"
    good.write_text(_csv("mitchell", "--tables", "5").csv(), encoding="utf-8")
    result = runner.invoke(app, ["club", "movement", "check", str(good)])
    assert result.exit_code == 0 and "5 tables, 5 rounds" in result.stdout
    bad = tmp_path / "bad.csv"
    bad.write_text(CSV_HEADER + "\nA,1,1,1,2,1,2\nA,2,1,3,1,3,4\n", encoding="utf-8")
    result = runner.invoke(app, ["club", "movement", "check", str(bad), "--numbering", "howell"])
    assert result.exit_code == 2
    assert "table 2 round 1: pair 1 is also seated at table 1" in result.stderr
    replay = tmp_path / "replay.csv"
    replay.write_text(CSV_HEADER + "\nA,1,1,1,2,1,2\nA,2,2,1,3,1,2\n", encoding="utf-8")
    result = runner.invoke(app, ["club", "movement", "check", str(replay)])
    assert result.exit_code == 2
    assert "table 2 round 2: pair 1 plays board 1 again" in result.stderr
    relay = tmp_path / "relay.csv"
    relay.write_text(_csv("mitchell", "--tables", "6", "--relay").csv(), encoding="utf-8")
    result = runner.invoke(app, ["club", "movement", "check", str(relay)])
    assert result.exit_code == 0 and "shared by up to 2 tables" in result.stdout
    result = runner.invoke(app, ["club", "movement", "check", str(relay), "--no-sharing"])
    assert result.exit_code == 2 and "declares no sharing" in result.stderr


def test_teams_commands() -> None:
    result = runner.invoke(app, ["club", "movement", "teams", "--teams", "2", "--boards", "24", "--csv"])
    match = Movement.from_csv(result.stdout, meets_twice=True)  # each pair meets its opponents in both halves
    assert match.at(1, 1).boards == tuple(range(1, 7)) and match.at(2, 1).boards == tuple(range(7, 13))
    result = runner.invoke(app, ["club", "movement", "teams", "--teams", "6", "--boards", "4", "--csv"])
    robin = Movement.from_csv(result.stdout)
    assert len(robin.rounds) == 5 and len(robin.tables) == 6
    bad = runner.invoke(app, ["club", "movement", "teams", "--teams", "2", "--boards", "10", "--segments", "3"])
    assert bad.exit_code == 2 and "do not split" in bad.stderr
