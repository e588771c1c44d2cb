"""The robots' bidding measured double dummy: the redouble robots against the frozen
baseline (the robots as they were at commit 3d191de, exported and run side by side by
``redouble.robots.frozen``), both tables bid and every contract scored by its DD tricks, plus
the par distance in self-play of both; the robots with decisions by simulation and with
their rules alone, on the same boards.

Sizes and seed come from the environment: ``REDOUBLE_BENCH_BIDDING`` (boards against the
baseline, default 1000), ``REDOUBLE_BENCH_BIDDING_SELF`` (self-play boards with simulation,
default 300: every seat simulates, the costliest part), ``REDOUBLE_BENCH_PARTIAL`` (a file
for running figures every 50 boards), ``REDOUBLE_BENCH_BIDDING_SEED``
(default ``robots-report-13``: the reported deals, never used for tuning; rules and
simulation were developed on the seeds in ``TUNING_SEEDS``). ``python -m bench
robots_bidding`` needs nothing but a clone.
"""

from __future__ import annotations

import os
import sys
import time

from bench.bench_robots import _load
from redouble.cli.robots import run_bidding_evaluation
from redouble.robots.frozen import BASELINE_COMMIT, FrozenRobot, bench_cache
from redouble.robots.match import Team, match_tables, play_bidding_match

REPORT_SEED = "robots-report-13"
"""The deals reported in BENCHMARKS.md: never looked at, never tuned on."""
TUNING_SEEDS = ("robots-dev", "robots-dev2", "robots-dev3", "robots-dev4", "tune-1", "tune-2",
                "tune-3", "tune-4")
"""The deals the rules and the simulation were developed on."""


class _Ticker:
    """Progress on stderr every 100 boards, for long unattended runs."""

    def __init__(self) -> None:
        self.tasks: list[list[object]] = []
        self.start = time.perf_counter()

    def add_task(self, description: str, total: int) -> int:
        self.tasks.append([description, total, 0])
        return len(self.tasks) - 1

    def advance(self, task: int) -> None:
        entry = self.tasks[task]
        entry[2] = int(str(entry[2])) + 1
        if int(str(entry[2])) % 100 == 0:
            print(f"{entry[0]}: {entry[2]}/{entry[1]} boards, "
                  f"{time.perf_counter() - self.start:.0f} s", file=sys.stderr, flush=True)


def _baseline_self_play(count: int, seed: str) -> float:
    """The frozen baseline's par distance in self-play over ``count`` boards."""
    frozen = FrozenRobot()
    try:
        team = Team(f"baseline-{BASELINE_COMMIT}", frozen)
        tables = match_tables(count, seed=seed, cache=bench_cache())
        peer = play_bidding_match(count, team, team, seed=seed,
                                  tables=lambda board: tables[(board.number or 1) - 1])
    finally:
        frozen.close()
    return peer.par_distance()


def run() -> str:
    """Play the bidding matches and return the Markdown section."""
    boards = int(os.environ.get("REDOUBLE_BENCH_BIDDING", "1000"))
    self_play = int(os.environ.get("REDOUBLE_BENCH_BIDDING_SELF", "300"))
    seed = os.environ.get("REDOUBLE_BENCH_BIDDING_SEED", REPORT_SEED)
    before = _load()
    ticker = _Ticker()
    # the rules alone first (minutes): against the baseline, and in self-play on every board
    partial = os.environ.get("REDOUBLE_BENCH_PARTIAL")

    def snapshot(match: object) -> None:
        """The running figures, every 50 boards, for a long run on a busy machine."""
        count = len(match.boards)  # type: ignore[attr-defined]
        if partial and count % 50 == 0:
            lo, hi = match.confidence()  # type: ignore[attr-defined]
            with open(partial, "a", encoding="utf-8") as out:
                out.write(f"{match.team_a} v {match.team_b}: {count} boards, "  # type: ignore[attr-defined]
                          f"{match.imps_per_board:+.3f} IMPs/board "  # type: ignore[attr-defined]
                          f"(95% CI {lo:+.2f} … {hi:+.2f}), |contract − par| "
                          f"{match.par_distance():.2f}\n")  # type: ignore[attr-defined]

    # the headline first: with simulation against the baseline, then self-play
    pairings = [("baseline", boards)] + ([("redouble", self_play)] if self_play else [])
    evaluation = run_bidding_evaluation(pairings, seed=seed, progress=ticker,
                                        on_board=snapshot)
    # the rules alone (minutes): against the baseline, and in self-play on every board
    rules = run_bidding_evaluation([("baseline", boards), ("redouble", boards)], seed=seed,
                                   progress=ticker, simulate=False, on_board=snapshot)
    # the yardstick itself: today's SAYC rules against the frozen baseline (changed since
    # the baseline in how they explain calls and count key cards, and by the fixes to the
    # rules and the placement they share with the modern system: 2C-2NT's system, the key-card
    # asker's continuation over a double, partner's preempt counted at what it showed)
    sayc = run_bidding_evaluation([("baseline", boards)], seed=seed, system="sayc",
                                  simulate=False)
    sayc_match = sayc.matches[0]
    lo, hi = sayc_match.confidence()
    ours = next(m for m in evaluation.matches if m.team_b == "baseline")
    rules_match = next(m for m in rules.matches if m.team_b == "baseline")
    rules_self = next(m for m in rules.matches if m.team_b == "redouble")
    rlo, rhi = rules_match.confidence()
    peer_lines = [
        "",
        "| self-play par distance (IMPs per table) | boards | redouble | "
        f"baseline {BASELINE_COMMIT} |",
        "|---|---:|---:|---:|",
    ]
    if self_play:
        mine = next(m for m in evaluation.matches if m.team_b == "redouble")
        peer_lines.append(f"| with simulation | {self_play} | {mine.par_distance():.2f} "
                          f"| {_baseline_self_play(self_play, seed):.2f} |")
    peer_lines.append(f"| rules alone | {boards} | {rules_self.par_distance():.2f} "
                      f"| {_baseline_self_play(boards, seed):.2f} |")
    after = _load()
    return "\n".join([
        "## Robots: bidding scored double dummy against the frozen baseline",
        "",
        f"`python -m bench robots_bidding` = `redouble robots match --mode dd-bidding "
        f"--opponents baseline --boards {boards} --self-play {self_play} --seed {seed}` (the "
        "robots' default system: modern, with competitive, game and penalty-double "
        "decisions by simulation), then the same with `--rules-only`: both tables bid (team "
        "A = redouble sits NS in the open room, EW in the closed room), no card play, each "
        "contract scored with its double-dummy tricks. The baseline is commit "
        f"{BASELINE_COMMIT} (the robots before issue 13), exported with `git archive` into "
        "`.bench-cache/` and run in a child process. Load average before the run "
        f"{before}, after it {after} (what else ran is said beside this section): the load "
        "changes the latencies only, not the calls, since the simulation scores a fixed count "
        "of layouts per kind of decision drawn from a seed of the board and the auction (its "
        "time budget is turned into that count by a calibrated cost, never by the clock). The "
        "seed "
        f"`{seed}` was used for this report only; rules and simulation were developed on "
        f"{', '.join(f'`{t}`' for t in TUNING_SEEDS)} and the seeds the robots sections "
        "below name for each later round.",
        "",
        evaluation.markdown(),
        *peer_lines,
        "",
        f"The rules alone (`--rules-only`) against the baseline on the same {boards} boards: "
        f"{rules_match.imps_per_board:+.2f} IMPs/board (95% CI {rlo:+.2f} … {rhi:+.2f}); "
        f"simulation's own share: {ours.imps_per_board - rules_match.imps_per_board:+.2f} "
        "IMPs/board.",
        "",
        f"Check of the yardstick: the SAYC rules (`--system sayc --rules-only`) against the "
        f"baseline over the same {boards} boards: {sayc_match.imps_per_board:+.2f} IMPs/board "
        f"(95% CI {lo:+.2f} … {hi:+.2f}).",
    ])
