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
            f"with only {result.produced} deal(s) produced: the condition may be impossible "
            "or too rare (raise 'generate' or relax the condition)")


def analyze_command(
    pbn: Annotated[Path, typer.Argument(help="A PBN file of boards.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="The PBN to write "
                                                "(default: BOARDS.analysed.pbn).")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="The HTML hand record (default: "
                                              "BOARDS.html).")] = None,
    title: Annotated[str | None, typer.Option(help="The hand record's title.")] = None,
) -> None:
    """Add DD tables and par to a PBN file and write an A4 HTML hand record."""
    from redouble.analysis.handrecord import analyse_pbn

    try:
        text = pbn.read_text(encoding="utf-8-sig")
    except OSError as error:
        fail(f"cannot read {pbn}: {error.strerror}")
    pbn_out = output or pbn.with_suffix(".analysed.pbn")
    html_out = html or pbn.with_suffix(".html")
    with reporting():
        pbn_text, html_text, count = analyse_pbn(text, title=title or pbn.stem)
    pbn_out.write_text(pbn_text, encoding="utf-8")
    html_out.write_text(html_text, encoding="utf-8")
    err_console.print(f"analysed {count} board(s): wrote {pbn_out} and {html_out}")
