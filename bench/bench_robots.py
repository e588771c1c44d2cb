"""The robots' evaluation: redouble's SAYC/sampling robots against the naive and random
baselines in teams-of-four matches (same boards at two tables), plus self-play for the
robots-only board time and declarer/defence against double dummy.

Sizes come from the environment so a quick run is possible: ``REDOUBLE_BENCH_NAIVE``
(boards against naive, default 500), ``REDOUBLE_BENCH_RANDOM`` (default 100),
``REDOUBLE_BENCH_SELF`` (default 40). The machine is shared: the load average is reported.
"""

from __future__ import annotations

import os
import sys
import time

from redouble.cli.robots import run_evaluation


class _Ticker:
    """A minimal progress reporter for long unattended runs (every 10 boards, on stderr)."""

    def __init__(self) -> None:
        self.tasks: dict[int, list[object]] = {}
        self.start = time.perf_counter()

    def add_task(self, description: str, total: int) -> int:
        self.tasks[len(self.tasks)] = [description, total, 0]
        return len(self.tasks) - 1

    def advance(self, task: int) -> None:
        entry = self.tasks[task]
        entry[2] = int(str(entry[2])) + 1
        if int(str(entry[2])) % 10 == 0 or entry[2] == entry[1]:
            print(f"{entry[0]}: {entry[2]}/{entry[1]} boards, "
                  f"{time.perf_counter() - self.start:.0f} s", file=sys.stderr, flush=True)


def _load() -> str:
    try:
        return "({:.2f}, {:.2f}, {:.2f})".format(*os.getloadavg())
    except OSError:  # pragma: no cover - platform without getloadavg
        return "unknown"


def run() -> str:
    """Play the matches and return the Markdown section."""
    naive = int(os.environ.get("REDOUBLE_BENCH_NAIVE", "500"))
    random_boards = int(os.environ.get("REDOUBLE_BENCH_RANDOM", "100"))
    self_play = int(os.environ.get("REDOUBLE_BENCH_SELF", "40"))
    budget = float(os.environ.get("REDOUBLE_BENCH_BUDGET", "0.8"))
    before = _load()
    pairings = [(name, count) for name, count in (("naive", naive), ("random", random_boards),
                                                  ("redouble", self_play)) if count]
    partial = os.environ.get("REDOUBLE_BENCH_PARTIAL")

    def snapshot(evaluation: object) -> None:
        if partial:
            with open(partial, "w", encoding="utf-8") as out:
                out.write(evaluation.markdown())  # type: ignore[attr-defined]

    evaluation = run_evaluation(pairings, seed="redouble-match", budget=budget, samples=None,
                                progress=_Ticker(), snapshot=snapshot)
    after = _load()
    return "\n".join([
        "## Robots: SAYC rules + double-dummy sampling vs baselines",
        "",
        "`redouble robots match` (teams of four; team A = redouble sits NS in the open room "
        "and EW in the closed room; identical boards from seed `redouble-match`). "
        f"Card budget {budget} s per decision. Load average (1, 5, 15 min) before "
        f"{before}, after {after}: the 2 cores were shared with other work during the run.",
        "",
        evaluation.markdown(),
    ])
