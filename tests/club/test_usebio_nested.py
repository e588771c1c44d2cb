"""USEBIO with nested SESSION/SECTION, built from the real Compscore3 files: two real sessions as sections A and B
of session 1 and a third as the single section of session 2. Each section ranks as its own file did, the
nesting is written back as read, our output checks clean, an edit in one section is named with its session and
section, and the flat real files still reproduce."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_usebio import CONSISTENT, published_pairs
from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.usebio import (
    UsebioError,
    check_usebio,
    read_usebio,
    score_usebio,
    score_usebio_sessions,
    write_usebio,
)

SECTION_A, SECTION_B, SECOND = "mp_pairs_mitchell_03.xml", "mp_pairs_mitchell_04.xml", "mp_pairs_mitchell.xml"


@pytest.fixture(scope="module")
def usebio_dir() -> Path:
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club" / "usebio"


def _section(parent: ET.Element, source: Path, letter: str | None) -> None:
    """The PARTICIPANTS and BOARDs of a real file, moved into a SECTION (or straight into the SESSION)."""
    event = ET.parse(source).getroot().find("EVENT")
    assert event is not None
    holder = parent
    if letter is not None:
        holder = ET.SubElement(parent, "SECTION")
        ET.SubElement(holder, "SECTION_ID").text = letter
    for child in event:
        if child.tag in ("PARTICIPANTS", "BOARD"):
            holder.append(copy.deepcopy(child))


def nested(usebio_dir: Path) -> bytes:
    root = ET.parse(usebio_dir / SECTION_A).getroot()
    event = root.find("EVENT")
    assert event is not None
    for child in list(event):
        if child.tag in ("PARTICIPANTS", "BOARD"):
            event.remove(child)
    first = ET.SubElement(event, "SESSION")
    ET.SubElement(first, "SESSION_NUMBER").text = "1"
    _section(first, usebio_dir / SECTION_A, "A")
    _section(first, usebio_dir / SECTION_B, "B")
    second = ET.SubElement(event, "SESSION")
    ET.SubElement(second, "SESSION_NUMBER").text = "2"
    _section(second, usebio_dir / SECOND, None)
    return ET.tostring(root)


def test_each_section_ranks_as_its_own_file_did(usebio_dir: Path) -> None:
    event = read_usebio(nested(usebio_dir))
    assert [[section.name for section in session.sections] for session in event.sessions] == [["A", "B"], ["A"]]
    first, second = score_usebio_sessions(event)
    assert first.fields == ("A EW", "A NS", "B EW", "B NS")
    for section, name in (("A", SECTION_A), ("B", SECTION_B)):
        alone = score_usebio(read_usebio((usebio_dir / name).read_bytes()))
        ours = {(str(pair.pair), pair.place, pair.percentage) for pair in first.pairs if pair.pair.section == section}
        assert ours == {(str(pair.pair), pair.place, pair.percentage) for pair in alone.pairs}
        published = published_pairs(usebio_dir / name)
        for pair in first.pairs:
            if pair.pair.section == section and pair.percentage is not None:
                assert abs(pair.percentage - float(published[str(pair.pair)]["PERCENTAGE"])) <= 0.005 + 1e-9
    alone = score_usebio(read_usebio((usebio_dir / SECOND).read_bytes()))
    assert [(pair.pair, pair.place) for pair in second.pairs] == [(pair.pair, pair.place) for pair in alone.pairs]
    assert check_usebio(event) == []  # every published number, section by section, session by session
    with pytest.raises(UsebioError, match="2 sessions"):
        score_usebio(event)


def test_written_back_nested_and_checked_clean(usebio_dir: Path) -> None:
    event = read_usebio(nested(usebio_dir))
    text = write_usebio(event)
    root = ET.fromstring(text.split("\n", 2)[2])
    sessions = root.findall("EVENT/SESSION")
    assert [len(session.findall("SECTION")) for session in sessions] == [2, 0]
    assert [section.findtext("SECTION_ID") for section in sessions[0].findall("SECTION")] == ["A", "B"]
    assert root.find("EVENT/PARTICIPANTS") is None and sessions[1].find("PARTICIPANTS") is not None
    again = read_usebio(text.encode())
    assert again.sessions == event.sessions and check_usebio(again) == []
    assert write_usebio(again) == text


def test_an_edit_in_section_b_of_session_1_is_named(usebio_dir: Path) -> None:
    root = ET.fromstring(nested(usebio_dir))
    section_b = root.findall("EVENT/SESSION")[0].findall("SECTION")[1]
    pair = section_b.find("PARTICIPANTS/PAIR")
    assert pair is not None
    element = pair.find("PERCENTAGE")
    assert element is not None and element.text is not None
    element.text = f"{float(element.text) + 3:.2f}"
    found = check_usebio(read_usebio(ET.tostring(root)))
    assert [(d.where, d.element) for d in found] == [
        (f"session 1, pair {pair.findtext('PAIR_NUMBER')} in section B", "PERCENTAGE")]


def test_the_cli_scores_and_checks_a_nested_file(usebio_dir: Path, tmp_path: Path) -> None:
    source = tmp_path / "nested.xml"
    source.write_bytes(nested(usebio_dir))
    runner = CliRunner()
    result = runner.invoke(app, ["club", "score", str(source), "-o", str(tmp_path / "out.xml")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["club", "check", str(tmp_path / "out.xml")])
    assert result.exit_code == 0 and "every published number agrees" in result.output
    result = runner.invoke(app, ["club", "score", str(source), "-o", str(tmp_path / "out.pbn")])
    assert result.exit_code == 2 and "2 sessions" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", CONSISTENT)
def test_flat_real_files_still_write_back_flat(usebio_dir: Path, name: str) -> None:
    event = read_usebio((usebio_dir / name).read_bytes())
    assert event.sessions == ()
    text = write_usebio(event)
    assert "<SESSION>" not in text and check_usebio(read_usebio(text.encode())) == []
