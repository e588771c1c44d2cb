"""Analysis commands: ``redouble dealer``, ``redouble analyze`` and ``redouble simulate``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from redouble.cli.common import err_console, fail, reporting


def register(app: typer.Typer) -> None:
    """Add the analysis commands to ``app``."""
    app.command("dealer")(dealer_command)
    app.command("analyze")(analyze_command)
    app.command("simulate")(simulate_command)


def dealer_command(
    script: Annotated[Path, typer.Argument(help="A dealer-language script ('-' for stdin).")],
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Reproducible run from this "
                                             "seed (default: a fresh CSPRNG seed).")] = None,
    generate: Annotated[int | None, typer.Option("--generate", "-g", min=1,
                                                 help="Override the generate limit.")] = None,
    produce: Annotated[int | None, typer.Option("--produce", "-p", min=1,
                                                help="Override how many deals to produce.")] = None,
) -> None:
    """Run a script in Hans van Staveren's dealer language, with dealer's output formats."""
    from redouble.analysis.dealer import parse_script, run_script

    if str(script) == "-":
        text, source = sys.stdin.read(), "(null)"
    else:
        try:
            text, source = script.read_text(encoding="utf-8"), str(script)
        except OSError as error:
            fail(f"cannot read {script}: {error.strerror}")
    with reporting():
        parsed = parse_script(text)
    out = sys.stdout
    result = run_script(parsed, write=out.write, seed=seed, generate=generate, produce=produce,
                        source=source)
    out.flush()
    if result.limit_reached:
        err_console.print(
            f"[yellow]warning:[/] the generate limit ({result.generated} deals) was reached "
            f"with only {result.produced} deal{'' if result.produced == 1 else 's'} produced: "
            "the condition may be impossible "
            "or too rare (raise 'generate' or relax the condition)")


def analyze_command(
    pbn: Annotated[Path, typer.Argument(help="A PBN file of boards.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="The PBN to write "
                                                "(default: BOARDS.analysed.pbn).")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="The HTML hand record (default: "
                                              "BOARDS.html).")] = None,
    title: Annotated[str | None, typer.Option(help="The hand record's title (default: the "
                                              "file's Event and Date).")] = None,
) -> None:
    """Add DD tables and par to a PBN file and write an A4 HTML hand record."""
    from redouble.analysis.handrecord import analyse_games
    from redouble.cli.formats import report_skipped
    from redouble.formats.convert import read_games

    try:
        data = pbn.read_bytes()
    except OSError as error:
        fail(f"cannot read {pbn}: {error.strerror}")
    pbn_out = output or pbn.with_suffix(".analysed.pbn")
    html_out = html or pbn.with_suffix(".html")
    with reporting():
        games, skipped, warnings = read_games(data, pbn)  # past a bad game, naming it
        if not games and skipped:
            fail(str(skipped[0]))
        pbn_text, html_text, count = analyse_games(games, title=title)
    pbn_out.write_text(pbn_text, encoding="utf-8")
    html_out.write_text(html_text, encoding="utf-8")
    err_console.print(f"analysed {count} board{'' if count == 1 else 's'}: wrote {pbn_out} and {html_out}")
    report_skipped(skipped, warnings)


def simulate_command(
    script: Annotated[Path, typer.Argument(help="A dealer script whose condition constrains "
                                           "the deals.")],
    deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="Deals to analyse.")] = 1000,
    contract: Annotated[list[str] | None, typer.Option(
        "--contract", "-c", help="A contract with declarer to test, e.g. '4S N' (repeatable).")
    ] = None,
    seed: Annotated[str | None, typer.Option("--seed", "-s", help="Reproducible run.")] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", help="A Dask scheduler address, e.g. tcp://host:8786 "
        "(default: a local cluster; 'synchronous': in this process).")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1,
                                         help="Local cluster workers.")] = 2,
    chunk: Annotated[int, typer.Option("--chunk", min=1, help="Deals per task.")] = 100,
    vulnerability: Annotated[str, typer.Option("--vul", help="For par: None, NS, EW, All.")
                             ] = "None",
) -> None:
    """Double-dummy statistics over deals that satisfy a dealer script, on Dask."""
    from redouble.analysis.dealer import parse_script
    from redouble.analysis.simulate import SimulationSpec, format_report, simulate
    from redouble.calls import Contract
    from redouble.seats import Seat, Vulnerability

    try:
        text = script.read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {script}: {error.strerror}")
    with reporting():
        parsed = parse_script(text)
        contracts = []
        for item in contract or []:
            parts = item.split()
            if len(parts) != 2:
                fail(f"--contract {item!r}: expected a contract and a declarer, like '4S N'")
            contracts.append(Contract.parse(parts[0], declarer=Seat.parse(parts[1])))
        vul = Vulnerability.parse(vulnerability)
    if scheduler not in (None, "synchronous"):
        _check_scheduler(scheduler)
    spec = SimulationSpec(script_text=text, deals=deals, seed=seed, chunk=chunk,
                          vulnerability=vul, dealer=parsed.dealer or Seat.NORTH)
    with reporting():
        result = simulate(spec, scheduler=scheduler, workers=workers, progress=True)
    from redouble.cli.common import console

    console.print(format_report(result, contracts=contracts))


def _check_scheduler(address: str) -> None:
    """Fail at once, in one line, when a Dask scheduler's TCP address does not answer."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme not in ("tcp", "tls"):
        return  # inproc://, ucx:// …: Dask itself reports those
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if not host or port is None:
        fail(f"--scheduler {address!r}: expected an address like tcp://host:8786")
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as error:
        fail(f"cannot reach the Dask scheduler at {address}: "
             f"{error.strerror or error or 'no answer'}", 1)
