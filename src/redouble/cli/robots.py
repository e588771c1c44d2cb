"""Robot commands: ``redouble robots match`` (the evaluation) and ``redouble robots explain``."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated, Any

import typer

from redouble.cli.common import console, fail, parse_language, reporting

robots_app = typer.Typer(help="Robots: evaluate them in a match, or explain calls.",
                         no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add ``redouble robots …`` to ``app``."""
    app.add_typer(robots_app, name="robots")


@robots_app.command("match")
def match_command(
    boards: Annotated[int, typer.Option("--boards", "-n", min=1, help="Boards per pairing.")] = 16,
    opponents: Annotated[str, typer.Option(help="Robots the redouble robots play against, "
                                           "comma-separated: naive, random, baseline (the "
                                           "robots frozen at commit 3d191de, bidding and "
                                           "card play)."
                                           )] = "naive,random",
    mode: Annotated[str, typer.Option(help="play (bidding and card play) or dd-bidding "
                                      "(auctions only, contracts scored double dummy)."
                                      )] = "play",
    self_play: Annotated[int, typer.Option("--self-play", min=0, help="Boards the redouble "
                                           "robots also play against themselves (board time; "
                                           "in dd-bidding mode, par distance).")] = 0,
    seed: Annotated[str, typer.Option(help="Seed of the boards.")] = "redouble-match",
    budget: Annotated[float, typer.Option(help="Seconds per card decision.")] = 0.8,
    samples: Annotated[int | None, typer.Option(help="Layouts per card decision "
                                                "(default: by tricks left).")] = None,
    worst: Annotated[int, typer.Option(help="dd-bidding: print the N boards lost most on.")] = 0,
    system: Annotated[str, typer.Option(help="dd-bidding: the redouble robots' bidding "
                                        "system: modern, sayc, 2/1, modern-0314 or 2/1-0314."
                                        )] = "modern",
    simulate: Annotated[bool, typer.Option("--simulate/--rules-only", help="dd-bidding: "
                                           "competitive, game and penalty-double "
                                           "decisions by simulation, or the rules alone.")] = True,
    pbn: Annotated[Path | None, typer.Option(help="Write the match as PBN here.")] = None,
    lin: Annotated[Path | None, typer.Option(help="Write the match as LIN here.")] = None,
) -> None:
    """Teams of four play the same boards at two tables: IMPs, bidding cost against par,
    declarer and defence against double dummy, and decision latencies."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    names = [n.strip() for n in opponents.split(",") if n.strip()]
    if mode not in ("play", "dd-bidding"):
        fail(f"unknown mode {mode!r}: expected play or dd-bidding")
    for name in names:
        if name not in ("naive", "random", "redouble", "baseline"):
            fail(f"unknown opponent {name!r}: expected naive, random, baseline or redouble")
    with reporting():
        pairings = [(name, boards) for name in names]
        if self_play:
            pairings.append(("redouble", self_play))
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=False) as progress:
            if mode == "dd-bidding":
                bidding = run_bidding_evaluation(pairings, seed=seed, progress=progress,
                                                 system=system, simulate=simulate)
                console.print(bidding.markdown(), markup=False, soft_wrap=True)
                if worst:
                    from redouble.robots.match import format_bidding_board

                    for match in bidding.matches:
                        console.print(f"\nWorst boards, {match.team_a} v {match.team_b}:",
                                      markup=False)
                        for outcome in match.worst(worst):
                            console.print(format_bidding_board(outcome), markup=False,
                                          soft_wrap=True)
                return
            report = run_evaluation(pairings, seed=seed, budget=budget, samples=samples,
                                    progress=progress)
        from rich.markdown import Markdown

        console.print(Markdown(report.markdown()))  # tables drawn, not Markdown source
        if pbn is not None or lin is not None:
            from redouble.robots.match import export_match

            pbn_text, lin_text = export_match(report.matches)
            if pbn is not None:
                pbn.write_text(pbn_text, encoding="utf-8")
                console.print(f"PBN written to {pbn}")
            if lin is not None:
                lin.write_text(lin_text, encoding="utf-8")
                console.print(f"LIN written to {lin}")


@robots_app.command("worker")
def worker_command(
    redis: Annotated[str, typer.Option(help="Redis URL of the cluster (redis://…).")],
    redis_prefix: Annotated[str, typer.Option("--redis-prefix",
                                              help="Prefix of the cluster's Redis keys.")] = "redouble",
) -> None:
    """Think for the robots of a cluster's tables (redouble serve --robot-queue): take jobs, a
    robot's view and never the deal, from Redis and answer the table's server."""
    import asyncio

    from redouble.server.robotqueue import run_worker

    console.print(f"robot worker taking jobs from {redis} ({redis_prefix}); Ctrl-C stops it.")
    with reporting(), contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_worker(redis, prefix=redis_prefix))


@robots_app.command("explain")
def explain_command(
    auction: Annotated[str, typer.Argument(help="Calls from the dealer, e.g. '1NT P 2D', in "
                                           "English or any of the four notations.")],
    dealer: Annotated[str, typer.Option(help="The dealer's seat letter.")] = "N",
    vulnerable: Annotated[str, typer.Option(help="None, NS, EW or All.")] = "None",
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language of the output: en, nl, "
                                      "de or no.")] = "en",
    system: Annotated[str, typer.Option(help="The bidding system: modern (the robots' "
                                        "default) or sayc.")] = "modern",
) -> None:
    """What each call of an auction means in the robots' system, in plain words."""
    from redouble.auction import Auction
    from redouble.robots.systems import system_named
    from redouble.seats import Vulnerability

    language = parse_language(lang)
    if not auction.split():
        fail("the auction is empty: give the calls from the dealer, e.g. '1NT P 2C'")
    with reporting():
        rules = system_named(system)
        calls, notation = _parse_auction(auction, language)
        first = _parse_seat(dealer, notation, language)
        vul = Vulnerability.parse(vulnerable)
        Auction(dealer=first, calls=calls)  # the core's own error for an illegal auction
        for index, call in enumerate(calls):
            seat = first.next(index)
            text = rules.explain(first, vul, calls, index, lang=language)
            alert = rules.analyse(first, vul, calls[: index + 1])[index].shown.artificial
            mark = " (alert)" if alert else ""
            console.print(f"{seat.letter(language)} {call.format(lang=language)}{mark}: {text}")


def _notations(preferred: Any) -> list[Any]:
    """English first (it always works), then the output language, then the others."""
    from redouble.notation import Language

    order = [Language.ENGLISH, preferred, *Language]
    return list(dict.fromkeys(order))


def _parse_auction(text: str, language: Any) -> tuple[list[Any], Any]:
    """The calls of ``text`` in the first notation that reads every one of them."""
    from redouble.calls import Call
    from redouble.errors import NotationError

    tokens = text.replace(",", " ").split()
    first_error: NotationError | None = None
    for notation in _notations(language):
        try:
            return [Call.parse(token, lang=notation) for token in tokens], notation
        except NotationError as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


def _parse_seat(text: str, notation: Any, language: Any) -> Any:
    """The dealer in the auction's notation, the output language's, or any other."""
    from redouble.errors import NotationError
    from redouble.seats import Seat

    first_error: NotationError | None = None
    for option in dict.fromkeys([notation, *_notations(language)]):
        try:
            return Seat.parse(text, lang=option)
        except NotationError as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


class Evaluation:
    """The figures of one evaluation run, and their Markdown table."""

    def __init__(self, matches: list[Any], seconds: float, robot: Any) -> None:
        self.matches = matches
        self.seconds = seconds
        self.robot = robot

    def markdown(self) -> str:
        """The evaluation as Markdown tables."""
        from redouble.robots.match import percentile

        lines = ["| pairing | boards | IMPs/board (A) | bidding vs par A | bidding vs par B "
                 "| \\|contract − par\\| | declarer − DD A (n) | declarer − DD B (n) "
                 "| defence vs DD A | defence vs DD B |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for m in self.matches:
            da, na = m.declarer_vs_dd("a")
            db, nb = m.declarer_vs_dd("b")
            fa, _ = m.defence_vs_dd("a")
            fb, _ = m.defence_vs_dd("b")
            lines.append(f"| {m.team_a} v {m.team_b} | {len(m.boards)} | {m.imps_per_board:+.2f} "
                         f"| {m.bidding_cost('a'):+.2f} | {m.bidding_cost('b'):+.2f} "
                         f"| {m.distance_from_par():.2f} "
                         f"| {da:+.2f} ({na}) | {db:+.2f} ({nb}) | {fa:+.2f} | {fb:+.2f} |")
        log = self.robot.log
        calls = log.call_seconds
        cards = log.card_seconds
        lines += ["", "| decision | count | p50 | p95 | max |", "|---|---:|---:|---:|---:|"]
        for label, values in (("call", calls), ("card", cards)):
            if values:
                lines.append(f"| {label} | {len(values)} | {percentile(values, .5) * 1000:.1f} ms "
                             f"| {percentile(values, .95) * 1000:.1f} ms "
                             f"| {max(values) * 1000:.1f} ms |")
        self_tables = [t.seconds for m in self.matches if m.team_b == "redouble"
                       for b in m.boards for t in (b.open, b.closed)]
        if self_tables:
            lines.append(f"\nRobots-only board (all four seats redouble): mean "
                         f"{sum(self_tables) / len(self_tables):.1f} s, p95 "
                         f"{percentile(self_tables, .95):.1f} s, max {max(self_tables):.1f} s "
                         f"over {len(self_tables)} tables.")
        share = log.contradictions / log.samples if log.samples else 0.0
        lines.append(f"\nSampled layouts: {log.samples}; contradicting the auction or the play: "
                     f"{log.contradictions} ({share:.2%}); decisions that had to relax the "
                     f"auction's meanings: {log.relaxed}. Total time {self.seconds:.0f} s.")
        lines.append("\nBidding vs par: IMPs per table of the team's contract (scored double "
                     "dummy) against the par score, from the team's side; |contract − par|: the "
                     "same without sign, over both tables and both sides (0 = both auctions "
                     "reached par); declarer − DD: tricks taken minus the "
                     "double-dummy tricks of the contract; defence: DD tricks minus tricks "
                     "declarer took (+ is good).")
        return "\n".join(lines)


def run_evaluation(pairings: list[tuple[str, int]], *, seed: str, budget: float,
                   samples: int | None, progress: Any = None,
                   snapshot: Any = None, every: int = 25) -> Evaluation:
    """Play the redouble robots against each baseline; one robot object logs all latencies.

    ``snapshot(evaluation)`` (if given) receives the figures so far every ``every`` boards.
    """
    import time

    from redouble.robots.match import MatchResult, Team, match_boards, play_board, robot_factory
    from redouble.robots.robot import SaycRobot

    robot = robot_factory("redouble", budget=budget, samples=samples)
    assert isinstance(robot, SaycRobot)
    team_a = Team("redouble", robot)
    matches: list[MatchResult] = []
    start = time.perf_counter()
    for name, count in pairings:
        # the frozen baseline plays with the same card budget (its card player is the same
        # code: what differs is the bidding, and what the auction tells the sampler)
        opponent = robot if name == "redouble" else robot_factory(name, seed=1, budget=budget,
                                                                  samples=samples)
        task = None if progress is None else progress.add_task(f"redouble v {name}", total=count)
        match = MatchResult(team_a="redouble", team_b=name)
        matches.append(match)
        try:
            for board in match_boards(count, seed=seed):
                match.boards.append(play_board(board, team_a, Team(name, opponent)))
                if progress is not None:
                    progress.advance(task)
                if snapshot is not None and len(match.boards) % every == 0:
                    snapshot(Evaluation(matches, time.perf_counter() - start, robot))
        finally:
            close = getattr(opponent, "close", None) if opponent is not robot else None
            if close is not None:
                close()
    return Evaluation(matches, time.perf_counter() - start, robot)


class BiddingEvaluation:
    """The figures of a double-dummy bidding run: one match per pairing, and bid latencies."""

    def __init__(self, matches: list[Any], seconds: float, call_seconds: list[float],
                 simulated: list[Any] | None = None) -> None:
        self.matches = matches
        self.seconds = seconds
        self.call_seconds = call_seconds
        self.simulated = simulated or []

    def auction_seconds(self) -> list[float]:
        """The time of each whole auction in self-play (all four seats redouble robots)."""
        return [table.seconds for match in self.matches if match.team_b == "redouble"
                for board in match.boards for table in (board.open, board.closed)]

    def markdown(self) -> str:
        """Every pairing's table and swings, then the latencies."""
        from redouble.robots.match import percentile

        parts = []
        for match in self.matches:
            parts.append(f"**{match.team_a} v {match.team_b}**\n\n{match.markdown()}")
        calls = self.call_seconds
        if calls:
            parts.append(f"Bid latency of the redouble robots: p50 "
                         f"{percentile(calls, .5) * 1000:.1f} ms, p95 "
                         f"{percentile(calls, .95) * 1000:.1f} ms, max {max(calls) * 1000:.1f} ms "
                         f"over {len(calls)} calls. Total time {self.seconds:.0f} s.")
        if self.simulated:
            spent = [choice.seconds for choice in self.simulated]
            changed = sum(choice.call != choice.rules_call for choice in self.simulated)
            kinds: dict[str, int] = {}
            for choice in self.simulated:
                kinds[choice.kind.value] = kinds.get(choice.kind.value, 0) + 1
            parts.append(
                f"Decisions by simulation: {len(spent)} ("
                + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
                + f"), the rules' call changed in {changed}; layouts scored per decision "
                f"{sum(c.layouts for c in self.simulated) / len(spent):.1f} on average; time "
                f"p50 {percentile(spent, .5) * 1000:.0f} ms, p95 "
                f"{percentile(spent, .95) * 1000:.0f} ms, max {max(spent) * 1000:.0f} ms.")
        auctions = self.auction_seconds()
        if auctions:
            parts.append(f"Whole auction of a robots-only board (self-play, all four seats): "
                         f"mean {sum(auctions) / len(auctions):.2f} s, p95 "
                         f"{percentile(auctions, .95):.2f} s, max {max(auctions):.2f} s over "
                         f"{len(auctions)} auctions.")
        parts.append("IMPs: team A's per board (open room A sits NS), contracts scored with "
                     "double-dummy tricks, no card play; 95% CI by the normal approximation. "
                     "vs par: IMPs per table a side's contracts score against par (+ beats it); "
                     "|contract − par|: per table, both sides (in self-play: the par distance). "
                     "Kind of swing: where the two auctions first differ (the opening, the first "
                     "action over their opening, a contested auction, a doubled contract) or, "
                     "in uncontested auctions, what differs in the contracts.")
        return "\n\n".join(parts)


def run_bidding_evaluation(pairings: list[tuple[str, int]], *, seed: str,
                           progress: Any = None, system: str = "modern",
                           simulate: bool = True,
                           on_board: Any = None) -> BiddingEvaluation:
    """Bidding-only matches of the redouble robots (bidding ``system``, deciding by
    simulation where the rules are weakest unless ``simulate`` is off) against each named
    robot, DD-scored; ``on_board(match)`` is called after every board (running figures)."""
    import time

    from redouble.robots.base import CallChoice
    from redouble.robots.frozen import bench_cache
    from redouble.robots.match import (
        BiddingMatch,
        Team,
        bid_board,
        match_boards,
        match_tables,
        robot_factory,
    )
    from redouble.robots.robot import SaycRobot
    from redouble.robots.systems import system_named
    from redouble.view import View

    robot = SaycRobot(system=system_named(system), simulate=simulate)
    call_seconds: list[float] = []

    class Timed:
        """The redouble robot with each call timed."""

        name = robot.name

        def choose_call(self, view: View) -> CallChoice:
            start = time.perf_counter()
            choice = robot.choose_call(view)
            call_seconds.append(time.perf_counter() - start)
            return choice

        def choose_card(self, view: View) -> Any:
            return robot.choose_card(view)

        def answer_claim(self, view: View) -> bool:
            return robot.answer_claim(view)

    team_a = Team("redouble", Timed())
    matches: list[BiddingMatch] = []
    start = time.perf_counter()
    opponents: dict[str, Any] = {}
    try:
        for name, count in pairings:
            if name not in opponents:
                opponents[name] = team_a.robot if name == "redouble" else robot_factory(name, seed=1)
            team_b = Team(name, opponents[name])
            task = None if progress is None else progress.add_task(f"redouble v {name}",
                                                                   total=count)
            match = BiddingMatch(team_a="redouble", team_b=name)
            matches.append(match)
            tables = match_tables(count, seed=seed, cache=bench_cache())
            for board, table in zip(match_boards(count, seed=seed), tables, strict=True):
                match.boards.append(bid_board(board, team_a, team_b, dd=table))
                if on_board is not None:
                    on_board(match)
                if progress is not None:
                    progress.advance(task)
    finally:
        for opponent in opponents.values():
            close = getattr(opponent, "close", None)
            if close is not None:
                close()
    return BiddingEvaluation(matches, time.perf_counter() - start, call_seconds,
                             [] if robot.simulator is None else robot.simulator.log)

