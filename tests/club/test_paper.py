"""The paper club at the keyboard: create a session, seat pairs, enter seed 001's traveller, correct, adjust, rank."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from club_support import SEED_TRAVELLER, seed_movement
from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.movement import PairId
from redouble.club.store import ClubStore

runner = CliRunner()


def club(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["club", *args], input=input)
    return result.exit_code, result.output


def new_seed_session(tmp_path: Path) -> str:
    movement = tmp_path / "seed001.csv"
    movement.write_text(seed_movement().csv(), encoding="utf-8")
    db = str(tmp_path / "club.db")
    code, out = club("new", "Seed 001", "--db", db, "--movement", str(movement), "--winners", "1",
                     "--no-deal")
    assert code == 0, out
    assert "Session seed-001 created: seed001 (7 tables, 7 rounds, boards 1-7, 14 pairs)" in out
    return db


def test_seed_001_traveller_typed_in_gives_its_matchpoints(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    typed = "\n".join(line for _, _, line, _, _ in SEED_TRAVELLER) + "\nquit\n"
    code, out = club("enter", "1", "--db", db, input=typed)
    assert code == 0, out
    assert "Board 1 complete." in out
    with ClubStore(db) as store:
        board = store.load("seed-001").state.score().board(1)
    points = {line.result.ns.number: (line.result.ns_score, line.ns, line.ew) for line in board.lines}
    assert points == {ns: (score, mps, 12 - mps) for ns, _, _, score, mps in SEED_TRAVELLER}
    code, out = club("rank", "--db", db)
    assert code == 0, out
    assert re.search(r"│\s+1= │\s+3 │.*│\s+12 │", out)  # pair 3 (500, the top) shares first with EW 12


def test_pairs_first_lines_any_order_bad_lines_and_undo(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    code, out = club("seat", "3", "Ann North", "Sam South", "--db", db)
    assert code == 0 and "Pair 3: Ann North – Sam South" in out
    lines = ["7 10 3S N 10", "4S N 14", "1 8 4S N 10 HK", "undo", "1 8 4S N 10", "8 1 4S N 10", "2 13 430",
             "done", "quit"]
    code, out = club("enter", "1", "--db", db, input="\n".join(lines) + "\n")
    assert code == 0, out
    assert "error: board 1: declarer takes 0 to 13 tricks, not 14" in out
    assert "the wrong way round" in out
    with ClubStore(db) as store:
        state = store.load("seed-001").state
    assert {line.ns.number: line.ns_score for line in state.scored_results()} == {7: 170, 1: 420, 2: 430}
    assert state.result(table=1, round=1, board=1).lead is None  # the line with HK was taken back


def test_correct_adjust_penalty_undo_log_and_as_of(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    typed = "\n".join(line for _, _, line, _, _ in SEED_TRAVELLER) + "\nquit\n"
    assert club("enter", "1", "--db", db, input=typed)[0] == 0
    code, out = club("correct", "1", "5DX E 9", "--pairs", "3 11", "--reason", "EW made 9 tricks", "--db", db)
    assert code == 0, out
    assert "corrected table 3, round 3, board 1 to 5DX E -2" in out
    code, out = club("adjust", "1", "A+/A-", "--table", "6", "--reason", "misinformation", "--db", db)
    assert code == 0 and "adjusted table 6, round 6, board 1: A+/A-" in out
    code, out = club("penalty", "5", "25", "--reason", "slow play", "--db", db)
    assert code == 0 and "penalty 5: −25% of a top (slow play)" in out
    code, out = club("undo", "9", "--reason", "the first count was right", "--db", db)
    assert code == 0 and "undid #9" in out
    code, out = club("log", "--db", db)
    assert code == 0
    assert "#9" in out and "EW made 9 tricks" in out and "#12" in out
    code, out = club("log", "--db", db, "--as-of", "9")
    assert "#10" not in out
    with ClubStore(db) as store:
        session = store.load("seed-001")
    assert session.state.result(table=3, round=3, board=1).ns_score == 500
    assert session.as_of(9).result(table=3, round=3, board=1).ns_score == 300
    assert session.state.score().pair(PairId(5)).penalty > 0


def test_bad_input_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    for args, words in [
        (("correct", "1", "4S N 10", "--table", "1", "--db", db), "has no result yet"),
        (("correct", "2", "4S N 10", "--table", "1", "--db", db), "table 1, round 7, board 2 has no result yet"),
        (("adjust", "1", "B+", "--table", "1", "--reason", "x", "--db", db), "is not an adjusted score"),
        (("seat", "99", "X", "--db", db), "no pair 99"),
        (("penalty", "1", "10", "--unit", "stars", "--reason", "x", "--db", db), "--unit is %, mp or imps"),
        (("undo", "1", "--db", db), "cannot be undone"),
        (("rank", "--db", db, "--session", "nope"), "no club session 'nope'"),
        (("new", "X", "--db", db), "give one movement"),
    ]:
        code, out = club(*args)
        assert code == 2, (args, out)
        assert words in out, (args, out)
        assert "Traceback" not in out
    with ClubStore(db) as store:
        assert len(store.load("seed-001").records) == 1  # opened, nothing else


def test_publish_writes_the_folder_and_a_pdf(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    typed = "\n".join(line for _, _, line, _, _ in SEED_TRAVELLER) + "\nquit\n"
    assert club("enter", "1", "--db", db, input=typed)[0] == 0
    out = tmp_path / "site"
    code, text = club("publish", str(out), "--lang", "nl", "--pdf", "--db", db)
    assert code == 0, text
    assert {path.name for path in out.iterdir()} == {"index.html", "index-en.html", "index-de.html",
                                                     "index-no.html", "ranking.csv", "travellers.csv",
                                                     "results.pbn", "results.xml", "results.pdf"}
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<html lang='nl'>" in page and "Uitslag" in page
    assert (out / "results.pdf").read_bytes().startswith(b"%PDF")


def readme_commands() -> list[tuple[list[str], str | None]]:
    """The ``redouble club`` commands of the README's club evening, with what is piped into each."""
    import shlex

    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("## A club evening from start to published results in a dozen commands", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.splitlines():
        piped = None
        if line.startswith("printf "):
            head, line = line.split(" | ", 1)
            piped = shlex.split(head)[1].replace("\\n", "\n")
        words = shlex.split(line, comments=True)
        assert words[:2] == ["redouble", "club"], line
        commands.append((words[2:], piped))
    return commands


def test_the_readme_evening_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = readme_commands()
    assert 10 <= len(commands) <= 14  # a dozen
    outputs = []
    for args, piped in commands:
        code, out = club(*args, input=piped)
        assert code == 0, (args, out)
        outputs.append(out)
    with ClubStore("club.db") as store:
        session = store.load("tuesday-pairs")
    entered = [record.change.result for record in session.records  # type: ignore[union-attr]
               if record.kind == "result_entered"]
    mps = {(line.result.table, line.result.round): line.ns for line in session.as_of(11).score().board(1).lines}
    assert [mps[(result.table, result.round)] for result in entered] == [5, 8, 12, 5, 10, 0, 2]  # seed 001
    assert "undid #12" in outputs[-2]
    assert (tmp_path / "results" / "index.html").is_file() and (tmp_path / "results" / "results.pdf").is_file()


def test_seating_change_and_as_of_a_time_of_day(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    code, out = club("seating", "2", "1", "--ew", "none", "--boards", "0", "--reason", "pair 14 went home", "--db", db)
    assert code == 0, out
    assert "table 2, round 1: 2 v -, boards none (pair 14 went home)" in out
    code, out = club("seating", "3", "1", "--ns", "2", "--db", db)
    assert code == 2 and "seats pair 2 twice in round 1: at tables 2 and 3" in out
    code, out = club("seating", "2", "1", "--boards", "x", "--db", db)
    assert code == 2 and "--boards takes 7-9 or 7,8,9" in out
    with ClubStore(db) as store:
        session = store.load("seed-001")
    opened = session.records[0].at.astimezone()
    code, out = club("log", "--db", db, "--as-of", f"{opened + timedelta(seconds=1):%H:%M:%S}")
    assert code == 0 and "#1 " in out
    code, out = club("log", "--db", db, "--as-of", f"{opened - timedelta(seconds=1):%H:%M:%S}")
    assert code == 2 and "did not exist yet" in out
    code, out = club("log", "--db", db, "--as-of", "tomorrow")
    assert code == 2 and "neither a time" in out


def test_dutch_notation_at_the_prompt(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    code, out = club("enter", "1", "--lang", "nl", "--db", db, input="4S N 10\n3SA Z 10\n5RX O 8\nquit\n")
    assert code == 0, out
    with ClubStore(db) as store:
        state = store.load("seed-001").state
    assert [line.ns_score for line in state.scored_results()] == [420, 430, 500]
    code, out = club("enter", "1", "--lang", "xx", "--db", db)
    assert code == 2 and "xx" in out


def test_log_as_json_imports_into_another_database(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    typed = "\n".join(line for _, _, line, _, _ in SEED_TRAVELLER) + "\nquit\n"
    assert club("enter", "1", "--db", db, input=typed)[0] == 0
    code, out = club("log", "--json", "--db", db)
    assert code == 0
    backup = tmp_path / "seed.jsonl"
    backup.write_text(out, encoding="utf-8")
    other = str(tmp_path / "other.db")
    code, out = club("import", str(backup), "--db", other)
    assert code == 0 and "Session seed-001: 8 records imported." in out
    with ClubStore(db) as first, ClubStore(other) as second:
        assert second.load("seed-001").records == first.load("seed-001").records
    backup.write_text("{not json\n", encoding="utf-8")
    code, out = club("import", str(backup), "--db", other)
    assert code == 2 and "line 1 of a club log is not JSON" in out
    code, out = club("import", str(tmp_path / "missing.jsonl"), "--db", other)
    assert code == 2 and "cannot read" in out


def test_new_session_with_boards_from_pbn(tmp_path: Path, shared_dir: Path) -> None:
    movement = tmp_path / "seed001.csv"
    movement.write_text(seed_movement().csv(), encoding="utf-8")
    db = str(tmp_path / "club.db")
    pbn = shared_dir / "data" / "pbn" / "Hazlemere_Trophy.pbn"
    code, out = club("new", "Hazlemere", "--db", db, "--movement", str(movement), "--pbn", str(pbn))
    assert code == 0, out
    with ClubStore(db) as store:
        session = store.load("hazlemere")
    assert sorted(session.state.boards) == list(range(1, 8))
    assert "dealt 7 boards from PBN Hazlemere_Trophy.pbn" in session.records[1].describe()
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    code, out = club("new", "Bad", "--db", db, "--movement", str(movement), "--pbn", str(bad))
    assert code == 2 and "Traceback" not in out


def test_team_of_pairs(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    code, out = club("team", "1", "Home", "1", "8", "--db", db)
    assert code == 0 and "team 1 'Home': pairs 1, 8" in out
    code, out = club("team", "2", "Away", "1", "99", "--db", db)
    assert code == 2 and "no pair 99" in out


def test_the_paper_club_on_postgresql(tmp_path: Path) -> None:
    from test_store import pg_schema

    movement = tmp_path / "seed001.csv"
    movement.write_text(seed_movement().csv(), encoding="utf-8")
    with pg_schema() as url:
        db = url.replace("postgresql+psycopg://", "postgresql://")
        assert club("new", "Seed 001", "--db", db, "--movement", str(movement), "--winners", "1")[0] == 0
        typed = "\n".join(line for _, _, line, _, _ in SEED_TRAVELLER) + "\nquit\n"
        code, out = club("enter", "1", "--db", db, input=typed)
        assert code == 0 and "Board 1 complete." in out
        code, out = club("rank", "--db", db)
        assert code == 0 and re.search(r"│\s+1= │\s+3 │.*│\s+12 │", out)


def test_a_database_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    code, out = club("sessions", "--db", "postgresql://root@127.0.0.1:1/none")
    assert code == 2 and "cannot open the club database" in out and "Traceback" not in out
    code, out = club("sessions", "--db", str(tmp_path / "no" / "such" / "dir" / "club.db"))
    assert code == 2 and "cannot open the club database" in out


def test_enter_flags_a_score_on_the_wrong_side(tmp_path: Path) -> None:
    db = new_seed_session(tmp_path)
    code, out = club("enter", "1", "--db", db, input="420\n430\n-500\nquit\n")
    assert code == 0
    assert "check: table 3, round 3, board 1: NS -500, but every other table scored NS plus" in out
    with ClubStore(db) as store:
        assert store.load("seed-001").state.result(table=3, round=3, board=1).score == -500  # flagged, kept
