"""Scoring commands: ``score``, ``rubber`` (a score keeper), ``imps``, ``vp`` and ``matchpoints``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from redouble.cli.common import console, err_console, fail, reporting

if TYPE_CHECKING:
    from redouble.scoring.chicago import Chicago
    from redouble.scoring.rubber import Rubber


#: Commands whose arguments may be negative numbers: ``-750`` is a value there, not an option.
NUMBERS: dict[str, Any] = {"ignore_unknown_options": True}


def register(app: typer.Typer) -> None:
    """Add the scoring commands to ``app``."""
    app.command("score", context_settings=NUMBERS)(score_command)
    app.command("rubber")(rubber_command)
    app.command("imps", context_settings=NUMBERS)(imps_command)
    app.command("vp", context_settings=NUMBERS)(vp_command)
    app.command("matchpoints", context_settings=NUMBERS)(matchpoints_command)


def score_command(
    contract: Annotated[str, typer.Argument(help="The contract: 4H, 3NTX, 6SXX …")],
    tricks: Annotated[str, typer.Argument(help="Tricks taken (0-13), or =, +1, -2 …")],
    vul: Annotated[bool, typer.Option("--vul/--nonvul", help="Declarer vulnerable.")] = False,
    minibridge: Annotated[bool, typer.Option("--minibridge", help="Mini-bridge scoring (seed 001).")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the breakdown as JSON.")] = False,
) -> None:
    """Score one duplicate result with its Law 77 breakdown, e.g. 'redouble score 4HX 10 --vul'."""
    from rich.table import Table

    from redouble.scoring.duplicate import as_contract, score_breakdown
    from redouble.scoring.entry import parse_tricks
    from redouble.scoring.minibridge import minibridge_score

    with reporting():
        played = as_contract(contract)
        taken = parse_tricks(tricks, played)
        if minibridge:
            points = minibridge_score(played, tricks=taken)
            if json:
                import json as json_module

                console.print_json(json_module.dumps({"contract": str(played), "tricks": taken,
                                                      "scoring": "minibridge", "total": points}))
            else:
                console.print(f"{played} {taken} tricks (mini-bridge): [bold]{points}[/]")
            return
        breakdown = score_breakdown(played, tricks=taken, vulnerable=vul)
    if json:
        import json as json_module

        console.print_json(json_module.dumps(breakdown.to_json()))
        return
    table = Table(title=f"{played} {breakdown.result_text} ({'vul' if vul else 'not vul'})",
                  show_footer=True)
    table.add_column("", footer="Total")
    table.add_column("Points", justify="right", footer=f"{breakdown.total:+d}")
    for label, points in breakdown.lines():
        table.add_row(label, str(points))
    console.print(table)


def _keeper(chicago: bool, honours: bool | None, partscore_bonus: int) -> Rubber | Chicago:
    from redouble.scoring.chicago import Chicago
    from redouble.scoring.rubber import Rubber

    if chicago:
        return Chicago(honours=bool(honours), final_partscore_bonus=partscore_bonus)
    return Rubber(honours=True if honours is None else honours, unfinished_partscore_bonus=partscore_bonus)


def _show(keeper: Rubber | Chicago) -> None:
    from redouble.scoring.rubber import Rubber
    from redouble.seats import Side

    console.print(keeper.rich())
    state = ""
    if isinstance(keeper, Rubber):
        if keeper.rubber_winner is not None:
            state = f"Rubber won by {keeper.labels[keeper.rubber_winner]}. "
        elif not keeper.is_finished:
            vul = [keeper.labels[side] for side in Side if keeper.vulnerable(side)]
            state = f"Vulnerable: {', '.join(vul) or 'none'}. "
    elif not keeper.is_finished:
        state = (f"Deal {keeper.deal_number}: {keeper.dealer.format(full=True)} deals, "
                 f"vulnerable {keeper.vulnerability}. ")
    leader = keeper.winner
    lead = "level" if leader is None else f"{keeper.labels[leader]} lead by {keeper.difference}"
    console.print(f"{state}{'Final: ' if keeper.is_finished else ''}{lead}.")


def _apply_line(keeper: Rubber | Chicago, line: str) -> bool:
    """Apply one typed line; False when the user asked to quit."""
    from redouble.errors import BridgeError
    from redouble.scoring.entry import ENTRY_HELP, Command, parse_entry
    from redouble.scoring.rubber import Rubber

    try:
        parsed = parse_entry(line)
        if parsed is Command.QUIT:
            return False
        if parsed is Command.HELP:
            console.print(ENTRY_HELP)
            return True
        if parsed is Command.UNDO:
            keeper.undo()
        elif parsed is Command.CLOSE:
            if not isinstance(keeper, Rubber):
                err_console.print("[bold red]error:[/] a Chicago ends after four deals; there is nothing to close")
                return True
            keeper.close()
        else:
            assert not isinstance(parsed, Command)
            keeper.record_result(parsed.result)
    except BridgeError as error:
        err_console.print(f"[bold red]error:[/] {error}")
        return True
    _show(keeper)
    return True


def rubber_command(
    file: Annotated[Path | None, typer.Option("--file", "-f", help="Read the results from this file, "
                                              "one a line, and print the sheet.")] = None,
    chicago: Annotated[bool, typer.Option("--chicago", help="Keep a four-deal Chicago instead.")] = False,
    honours: Annotated[bool | None, typer.Option("--honours/--no-honours", help="Score honours "
                                                 "(default: on for rubber, off for Chicago).")] = None,
    partscore_bonus: Annotated[int, typer.Option("--partscore-bonus", min=0, help="Bonus for a partscore "
                                                 "in an unfinished rubber (Chicago: on deal 4).")] = 100,
    json: Annotated[bool, typer.Option("--json", help="With --file: print the final state as JSON.")] = False,
) -> None:
    """Keep a rubber or Chicago score for real cards: type results like '4S N 10' or 'pass'."""
    keeper = _keeper(chicago, honours, partscore_bonus)
    if file is not None:
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            fail(f"cannot read {file}: {error.strerror}")
        _run_file(keeper, lines, json=json)
        return
    from rich.prompt import Prompt

    from redouble.scoring.entry import ENTRY_HELP

    console.print(ENTRY_HELP)
    while True:
        try:
            line = Prompt.ask("[bold]result[/]")
        except (EOFError, KeyboardInterrupt):
            break
        if line.strip() and not _apply_line(keeper, line):
            break
    if keeper.results:
        console.print(keeper.text())


def _run_file(keeper: Rubber | Chicago, lines: list[str], *, json: bool) -> None:
    """Apply every line of a results file, stopping at the first bad one with its line number."""
    from redouble.errors import BridgeError
    from redouble.scoring.entry import Command, parse_entry
    from redouble.scoring.rubber import Rubber

    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            parsed = parse_entry(line)
            if parsed is Command.QUIT:
                break
            if parsed is Command.UNDO:
                keeper.undo()
            elif parsed is Command.CLOSE and isinstance(keeper, Rubber):
                keeper.close()
            elif isinstance(parsed, Command):
                raise BridgeError(f"{line!r} cannot be used here")
            else:
                keeper.record_result(parsed.result)
        except BridgeError as error:
            fail(f"line {number}: {error}")
    if json:
        import json as json_module

        console.print_json(json_module.dumps(keeper.to_json()))
        return
    _show(keeper)


def imps_command(
    difference: Annotated[list[int], typer.Argument(help="A points difference, or the NS scores of the two rooms "
                                                    "(e.g. 420 -50).")],
) -> None:
    """Convert a points difference to IMPs (Law 78B), e.g. 'redouble imps 750'."""
    from redouble.scoring.imps import imp_range, imps

    if len(difference) not in (1, 2):
        fail("give one difference or two scores")
    points = difference[0] if len(difference) == 1 else difference[0] - difference[1]
    with reporting():
        count = imps(points)
        low, high = imp_range(abs(count))
    span = f"{low}-{high}" if high is not None else f"{low}+"
    console.print(f"{points:+d} points = [bold]{count:+d} IMPs[/] (differences {span} score {abs(count)})")


def vp_command(
    margin: Annotated[float, typer.Argument(help="The IMP margin (negative when lost).")],
    boards: Annotated[int, typer.Option("--boards", "-b", min=1, help="Boards in the match.")],
    scale: Annotated[str, typer.Option("--scale", "-s", help="wbf (2013 continuous), wbf-discrete "
                                       "or seed30.")] = "wbf",
    table: Annotated[bool, typer.Option("--table", help="Also print the whole scale for this many "
                                        "boards.")] = False,
) -> None:
    """Convert an IMP margin to victory points, e.g. 'redouble vp 13 --boards 24'."""
    from rich.table import Table

    from redouble.scoring.vp import VP_SCALES, victory_points

    with reporting():
        ours, theirs = victory_points(margin, boards=boards, scale=scale)
    chosen = VP_SCALES[scale]
    console.print(f"{margin:g} IMPs over {boards} boards: [bold]{ours:.2f} – {theirs:.2f}[/] VPs ({chosen.name})")
    if table:
        rows = Table(title=f"{chosen.name}, {boards} boards")
        rows.add_column("IMPs", justify="right")
        rows.add_column("VPs", justify="right")
        margin_at = 0
        while True:
            won, lost = victory_points(margin_at, boards=boards, scale=scale)
            rows.add_row(str(margin_at), f"{won:.2f} – {lost:.2f}")
            if lost <= 0 or margin_at > 400:
                break
            margin_at += 1
        console.print(rows)


def matchpoints_command(
    scores: Annotated[list[str], typer.Argument(help="The NS scores on a board (A, A+, A+/A- for "
                                                "adjusted ones).")],
    half: Annotated[bool, typer.Option("--half", help="1/½/0 per comparison instead of 2/1/0.")] = False,
    expected: Annotated[int | None, typer.Option("--expected", help="Times the board should have been "
                                                 "played (Neuberg).")] = None,
) -> None:
    """Matchpoint a traveller, e.g. 'redouble matchpoints 420 430 500 420 450 -50 170'."""
    from rich.table import Table

    from redouble.scoring.matchpoints import ArtificialScore, MatchpointScale, ScoreEntry, score_traveller

    entries: list[ScoreEntry] = []
    with reporting():
        for text in (part for item in scores for part in item.split(",") if part.strip()):
            stripped = text.strip()
            if stripped.lstrip("+-").isdigit():
                entries.append(int(stripped))
            else:
                entries.append(ArtificialScore.parse(stripped))
        traveller = score_traveller(entries, expected=expected,
                                    scale=MatchpointScale.MP2 if half else MatchpointScale.MP1)
    out = Table(title=f"Traveller (top {traveller.top:g})")
    for head in ("NS score", "NS MP", "EW MP", "NS %", "EW %"):
        out.add_column(head, justify="right")
    for entry, ns, ew, ns_pc, ew_pc in zip(traveller.scores, traveller.ns, traveller.ew,
                                           traveller.ns_percent, traveller.ew_percent, strict=True):
        out.add_row(str(entry), f"{ns:g}", f"{ew:g}", f"{ns_pc:.1f}", f"{ew_pc:.1f}")
    console.print(out)
