"""The scoring commands: score, rubber (file and typed lines), imps, vp, matchpoints."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from redouble.cli import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_score_breakdown() -> None:
    code, out = run("score", "4HX", "10", "--vul")
    assert code == 0 and "trick score" in out and "240" in out and "+790" in out
    code, out = run("score", "2S", "10", "--json")
    assert code == 0 and json.loads(out)["total"] == 170
    code, out = run("score", "4H", "--", "-2")
    assert code == 0 and "-100" in out
    code, out = run("score", "3H", "10", "--minibridge")
    assert code == 0 and "170" in out


def test_score_bad_input() -> None:
    for args in (("score", "8S", "10"), ("score", "4Z", "10"), ("score", "4S", "14"), ("score", "7NT", "+1")):
        code, out = run(*args)
        assert code == 2 and "error" in out


def test_imps_and_vp() -> None:
    assert "+13 IMPs" in run("imps", "750")[1]
    assert "-1 IMPs" in run("imps", "--", "420", "450")[1]
    code, out = run("vp", "13", "--boards", "24")
    assert code == 0 and "12.95 – 7.05" in out
    assert "17.00 – 13.00" in run("vp", "13", "--boards", "24", "--scale", "seed30")[1]
    assert "15.00 – 5.00" in run("vp", "20", "-b", "16")[1]
    code, out = run("vp", "3", "--boards", "8", "--table")
    assert code == 0 and "20.00 – 0.00" in out
    assert run("vp", "3", "--boards", "16", "--scale", "seed30")[0] == 2


def test_matchpoints_traveller() -> None:
    code, out = run("matchpoints", "--", "420", "430", "500", "420", "450", "-50", "170")
    assert code == 0
    rows = [line.split("│")[1:6] for line in out.splitlines() if line.startswith("│")]
    assert [(r[0].strip(), r[1].strip(), r[2].strip()) for r in rows] == [
        ("420", "5", "7"), ("430", "8", "4"), ("500", "12", "0"), ("420", "5", "7"),
        ("450", "10", "2"), ("-50", "0", "12"), ("170", "2", "10")]
    assert run("matchpoints", "420", "A+/A-", "170")[0] == 0
    assert run("matchpoints", "420", "Z")[0] == 2


SEED000 = "2H N 10\n4HX E 8\n3NT E 10\n3S E 9\n2S E 6\n6SX N 13\n1NT E 8\n3C N 9\n3H E =\n"


def test_rubber_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "rubber.txt"
    path.write_text("# seed 000\n" + SEED000, encoding="utf-8")
    code, out = run("rubber", "--file", str(path))
    assert code == 0 and "1690" in out and "880" in out and "Rubber won by THEY" in out
    code, out = run("rubber", "--file", str(path), "--json")
    assert code == 0 and json.loads(out)["totals"] == {"NS": 1690, "EW": 880}
    path.write_text("4S N 10\n4S N eleven\n", encoding="utf-8")
    code, out = run("rubber", "--file", str(path))
    assert code == 2 and "line 2" in out
    assert run("rubber", "--file", str(tmp_path / "missing.txt"))[0] == 2


def test_rubber_typed_lines_keep_going_after_an_error() -> None:
    code, out = run("rubber", stdin="4S N 10\npass\nnonsense\n4HX S 8\nundo\n3NT E =\nclose\n")
    assert code == 0
    assert "is not a result" in out
    assert out.rstrip().endswith("420   |        400")


def test_rubber_after_it_ended() -> None:
    code, out = run("rubber", stdin=SEED000 + "1NT N 7\nquit\n")
    assert code == 0 and "the rubber is over" in out


def test_chicago_keeper() -> None:
    code, out = run("rubber", "--chicago", stdin="1NT S 8\n3H W 9\nclose\n")
    assert code == 0 and "Deal 3: South deals, vulnerable NS" in out and "nothing to close" in out
