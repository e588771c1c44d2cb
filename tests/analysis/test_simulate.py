"""Simulations on Dask: the same totals whatever the number of workers (a seed per chunk)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble import Contract, Seat, Strain
from redouble.analysis import AnalysisError
from redouble.analysis.dealer import GenerateLimitError
from redouble.analysis.simulate import SimulationSpec, format_report, simulate
from redouble.cli import app

SCRIPT = "condition hcp(north) + hcp(south) >= 25 && spades(north) + spades(south) >= 8\n"


def test_same_results_with_one_and_two_workers() -> None:
    spec = SimulationSpec(script_text=SCRIPT, deals=12, seed="workers", chunk=4)
    in_process = simulate(spec, scheduler="synchronous")
    one = simulate(spec, workers=1)
    two = simulate(spec, workers=2)
    assert in_process.to_json() == one.to_json() == two.to_json()
    assert in_process.deals == 12 and in_process.tricks.sum() == 12 * 20
    # with 8+ spades and 25+ HCP, spades by North usually make a game
    assert in_process.mean_tricks(declarer=Seat.NORTH, strain=Strain.SPADES) > 8
    assert sum(in_process.distribution(declarer=Seat.SOUTH, strain=Strain.SPADES)) == \
        pytest.approx(1)
    assert 0 <= in_process.make_rate(Contract.parse("4S", declarer=Seat.NORTH)) <= 1


def test_chunks_are_reproducible_and_seeds_matter() -> None:
    spec = SimulationSpec(script_text=SCRIPT, deals=4, seed="a", chunk=2)
    assert simulate(spec, scheduler="synchronous").to_json() == \
        simulate(spec, scheduler="synchronous").to_json()
    other = SimulationSpec(script_text=SCRIPT, deals=4, seed="b", chunk=2)
    assert simulate(other, scheduler="synchronous").to_json() != \
        simulate(spec, scheduler="synchronous").to_json()


def test_errors() -> None:
    with pytest.raises(GenerateLimitError, match="impossible or too rare"):
        simulate(SimulationSpec(script_text="generate 1000\ncondition hcp(north) > 37",
                                deals=2, seed="x"), scheduler="synchronous")
    with pytest.raises(AnalysisError, match="line 1, column 15"):
        simulate(SimulationSpec(script_text="condition hcp(", deals=2), scheduler="synchronous")


def test_cli_simulate(tmp_path: Path) -> None:
    script = tmp_path / "fit.dl"
    script.write_text(SCRIPT)
    result = CliRunner().invoke(app, ["simulate", str(script), "-n", "6", "--chunk", "3",
                                      "-c", "4S N", "-s", "cli", "--scheduler", "synchronous"])
    assert result.exit_code == 0, result.output
    assert "6 deals" in result.output and "4S N" in result.output and "makes" in result.output
    assert "Par (NS view)" in result.output
    bad = CliRunner().invoke(app, ["simulate", str(script), "-c", "4S"])
    assert bad.exit_code == 2 and "expected a contract and a declarer" in bad.output


def test_report_mentions_every_strain() -> None:
    result = simulate(SimulationSpec(script_text=SCRIPT, deals=3, seed="r", chunk=3),
                      scheduler="synchronous")
    report = format_report(result, contracts=[Contract.parse("3NT", declarer=Seat.SOUTH)])
    assert "3NT S" in report and all(f"\n{s:<6}" in report for s in ("NT", "S", "H", "D", "C"))
