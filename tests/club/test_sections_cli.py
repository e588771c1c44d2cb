"""A two-section evening at the keyboard: pairs of section B typed as B3 or with --section B, travellers entered per
section, corrections and adjustments naming the section, rankings per section and across, and a section that does
not exist refused in one line with nothing lost."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.store import ClubStore

runner = CliRunner()


def club(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["club", *args], input=input)
    return result.exit_code, result.output


def two_sections(tmp_path: Path) -> str:
    db = str(tmp_path / "club.db")
    code, out = club("new", "Two sections", "--mitchell", "3", "--sections", "2", "--boards", "2", "--no-deal",
                     "--db", db)
    assert code == 0, out
    assert "(6 tables, 3 rounds, boards 1-6, 12 pairs)" in out
    return db


def test_pairs_of_section_b_by_prefix_or_option(tmp_path: Path) -> None:
    db = two_sections(tmp_path)
    assert club("seat", "B2NS", "Ann", "Bob", "--db", db)[0] == 0
    assert club("seat", "2NS", "Cat", "Dan", "--db", db)[0] == 0  # section A by default
    assert club("seat", "3EW", "Eve", "Fay", "--section", "b", "--db", db)[0] == 0
    with ClubStore(db) as store:
        state = store.load(store.latest()).state
    names = {f"{pair.section}{pair}": entry.names for pair, entry in state.pairs.items()}
    assert names["B2NS"] == "Ann – Bob" and names["A2NS"] == "Cat – Dan" and names["B3EW"] == "Eve – Fay"
    code, out = club("seat", "2NS", "Gus", "--section", "C", "--db", db)
    assert code == 2 and out.strip().splitlines()[-1] == ("error: there is no section C in movement Mitchell 3 "
                                                          "tables × 2 sections (sections A, B)")


def test_travellers_per_section_rankings_per_section_and_across(tmp_path: Path) -> None:
    db = two_sections(tmp_path)
    # Board 1, in the order the prompts ask (tables 1, 3, 2): section B 420, -50, 450; section A 420, 450, 420.
    code, out = club("enter", "1", "--section", "B", "--db", db, input="4S N 10\n4S N 9\n4S N 11\n")
    assert code == 0, out
    assert "board 1 section B table 1 round 1: 1NS v 1EW" in out and "section A" not in out
    code, out = club("enter", "1", "--section", "A", "--db", db, input="4S N 10\n4S N 11\n4S N 10\n")
    assert code == 0 and "Board 1 complete." in out
    code, out = club("rank", "--db", db)
    assert code == 0 and "Two sections: A NS" in out and "Two sections: B EW" in out
    assert "B2NS" in out and "A3NS" in out
    code, out = club("rank", "--across", "--db", db)
    assert code == 0 and "Two sections: NS" in out and "A NS" not in out
    # Across: six results on board 1, top 10: B3NS's -50 is last (0), the two 450s (A3NS, B2NS) share the top,
    # beating four and tying one (9 each), the three 420s beat one and tie two (4 each).
    rows = {cells[1]: (cells[0], cells[3]) for cells in (
        [cell.strip() for cell in line.split("│")[1:-1]] for line in out.splitlines() if line.startswith("│"))}
    assert rows["A3NS"] == ("1=", "9") and rows["B2NS"] == ("1=", "9") and rows["B3NS"] == ("6", "0")
    assert rows["A1NS"] == ("3=", "4")


def test_correct_and_adjust_name_the_section(tmp_path: Path) -> None:
    db = two_sections(tmp_path)
    club("enter", "1", "--section", "B", "--db", db, input="4S N 10\n4S N 9\n4S N 11\n")
    code, out = club("correct", "1", "4S N 10", "--table", "2", "--section", "B", "--reason", "slip", "--db", db)
    assert code == 0, out
    assert "section B, table 2, round 3, board 1" in out
    code, out = club("adjust", "1", "A+/A-", "--pairs", "B3 B2", "--reason", "slow play", "--db", db)
    assert code == 0, out
    assert "section B" in out
    code, out = club("correct", "1", "420", "--table", "2", "--section", "A", "--reason", "x", "--db", db)
    assert code == 2 and out.count("\n") == 1 and "board 1" in out  # nothing entered in section A yet
    code, out = club("correct", "1", "420", "--table", "9", "--section", "B", "--reason", "x", "--db", db)
    assert code == 2 and "section B, table 9" in out and "Traceback" not in out
    with ClubStore(db) as store:
        state = store.load(store.latest()).state
    assert len([line for line in state.scored_results() if line.ns.section == "B"]) == 3  # nothing lost
