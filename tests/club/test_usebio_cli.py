"""``redouble club score`` and ``redouble club check`` on the real USEBIO sessions."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.cli import app

runner = CliRunner()
USEBIO = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club" / "usebio"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", ["mp_pairs_mitchell.xml", "butler_mitchell.xml", "cross_imp_howell.xml"])
def test_score_then_check_its_own_output(tmp_path: Path, name: str) -> None:
    out = tmp_path / "out.xml"
    code, _, err = run("club", "score", str(USEBIO / name), "-o", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    code, stdout, _ = run("club", "check", str(out))
    assert code == 0 and "agrees" in stdout


def test_check_real_files() -> None:
    assert run("club", "check", str(USEBIO / "mp_pairs_howell.xml"))[0] == 0
    code, stdout, stderr = run("club", "check", str(USEBIO / "mp_pairs_mitchell_02.xml"))
    assert code == 1
    assert stdout.splitlines()[0] == "board 1, 1NS v 1EW: NS_MATCH_POINTS published 20, recomputed 26.00"
    assert "pair " in stdout and "disagree" in stderr


def test_score_to_stdout() -> None:
    code, stdout, _ = run("club", "score", str(USEBIO / "mp_pairs_mitchell_03.xml"))
    assert code == 0 and "<PAIR_NUMBER>1NS</PAIR_NUMBER>" in stdout and "<PERCENTAGE>62.78</PERCENTAGE>" in stdout


def test_one_line_errors(tmp_path: Path) -> None:
    code, _, err = run("club", "check", str(USEBIO / "notsupported.xml"))
    assert code == 2 and err.count("\n") == 1 and "unknown USEBIO event type 'NOTSUP'" in err
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT>")
    code, _, err = run("club", "score", str(bad), "-o", str(tmp_path / "x.xml"))
    assert code == 2 and err.startswith("error: line 1, column 16: malformed USEBIO XML") and "Traceback" not in err
    code, _, err = run("club", "check", str(tmp_path / "missing.xml"))
    assert code == 2 and "cannot read" in err
    assert not (tmp_path / "x.xml").exists()


def test_score_to_pbn(tmp_path: Path) -> None:
    from redouble.club.pbnresults import read_results_pbn

    out = tmp_path / "results.pbn"
    code, _, err = run("club", "score", str(USEBIO / "butler_howell.xml"), "-o", str(out))
    assert code == 0, err
    published = read_results_pbn(out.read_bytes())
    assert published.scoring == "IMP;Butler-2;Mean" and len(published.deals) == 35


def test_pbn_check_and_rescore(tmp_path: Path) -> None:
    ruter = USEBIO.parent.parent / "pbn" / "ruter71.pbn"
    code, stdout, _ = run("club", "check", str(ruter))
    assert code == 0 and "agrees" in stdout
    out = tmp_path / "again.pbn"
    assert run("club", "score", str(ruter), "-o", str(out))[0] == 0
    assert run("club", "check", str(out))[0] == 0
    code, _, err = run("club", "score", str(ruter), "-o", str(tmp_path / "x.xml"))
    assert code == 2 and "written back as PBN" in err
