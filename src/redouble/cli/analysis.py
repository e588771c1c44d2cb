"""Analysis commands: ``redouble dealer``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from redouble.cli.common import err_console, fail, reporting


def register(app: typer.Typer) -> None:
    """Add the analysis commands to ``app``."""
    app.command("dealer")(dealer_command)


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
