"""The robots' bidding measured double dummy: the redouble robots against the frozen
baseline (the robots as they were at commit 3d191de, exported and run side by side by
``redouble.robots.frozen``), both tables bid and every contract scored by its DD tricks, plus
the par distance in self-play of both.

Sizes and seed come from the environment: ``REDOUBLE_BENCH_BIDDING`` (boards against the
baseline, default 1000), ``REDOUBLE_BENCH_BIDDING_SELF`` (self-play boards, default 1000),
``REDOUBLE_BENCH_BIDDING_SEED`` (default ``redouble-match``: the reported deals; rules are
developed on other seeds). ``python -m bench robots_bidding`` needs nothing but a clone.
"""

from __future__ import annotations

import os
import sys
import time

from bench.bench_robots import _load
from redouble.cli.robots import run_bidding_evaluation
from redouble.robots.frozen import BASELINE_COMMIT, FrozenRobot, bench_cache
from redouble.robots.match import Team, match_tables, play_bidding_match


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


def run() -> str:
    """Play the bidding matches and return the Markdown section."""
    boards = int(os.environ.get("REDOUBLE_BENCH_BIDDING", "1000"))
    self_play = int(os.environ.get("REDOUBLE_BENCH_BIDDING_SELF", "1000"))
    seed = os.environ.get("REDOUBLE_BENCH_BIDDING_SEED", "redouble-match")
    before = _load()
    pairings = [("baseline", boards)] + ([("redouble", self_play)] if self_play else [])
    evaluation = run_bidding_evaluation(pairings, seed=seed, progress=_Ticker())
    # the yardstick itself: today's SAYC rules (changed since the baseline only in how they
    # explain calls) against the frozen baseline should come out at about zero
    sayc = run_bidding_evaluation([("baseline", boards)], seed=seed, system="sayc")
    sayc_match = sayc.matches[0]
    lo, hi = sayc_match.confidence()
    peer_lines = []
    if self_play:
        frozen = FrozenRobot()
        try:
            team = Team(f"baseline-{BASELINE_COMMIT}", frozen)
            tables = match_tables(self_play, seed=seed, cache=bench_cache())
            peer = play_bidding_match(self_play, team, team, seed=seed,
                                      tables=lambda board: tables[(board.number or 1) - 1])
        finally:
            frozen.close()
        ours = next(m for m in evaluation.matches if m.team_b == "redouble")
        peer_lines = [
            "",
            "| self-play par distance (IMPs per table) | boards | redouble | "
            f"baseline {BASELINE_COMMIT} |",
            "|---|---:|---:|---:|",
            f"| \\|contract − par\\| | {self_play} | {ours.par_distance():.2f} "
            f"| {peer.par_distance():.2f} |",
        ]
    after = _load()
    return "\n".join([
        "## Robots: bidding scored double dummy against the frozen baseline",
        "",
        f"`redouble robots match --mode dd-bidding --opponents baseline --boards {boards} "
        f"--self-play {self_play} --seed {seed}` (the robots' default system: modern): both "
        "tables bid (team A = redouble sits NS in the open room, EW in the closed room), no "
        "card play, each contract scored with "
        f"its double-dummy tricks. The baseline is commit {BASELINE_COMMIT} (the robots before "
        "issue 13), exported with `git archive` into `.bench-cache/` and run in a child "
        f"process. Load average before {before}, after {after} (2 shared cores). The rules "
        "were developed on other deals (seeds `robots-dev`, `robots-dev2`); the deals of this "
        "seed were never looked at board by board.",
        "",
        evaluation.markdown(),
        *peer_lines,
        "",
        f"Check of the yardstick: the SAYC rules (`--system sayc`) against the baseline over "
        f"the same {boards} boards: {sayc_match.imps_per_board:+.2f} IMPs/board "
        f"(95% CI {lo:+.2f} … {hi:+.2f}).",
    ])
