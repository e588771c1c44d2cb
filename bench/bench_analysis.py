"""Analysis: ``redouble dealer`` against Hans van Staveren's ``dealer``, DD tables against endplay,
and ``solve_many`` throughput for the robots.

1. The issue's script (generate 4,000,000, produce 100,000, a 15-17 balanced North,
   ``printoneline``) run by ``/usr/games/dealer`` (Debian's ``dealer``, installed with apt-get if
   missing) and by ``redouble dealer``, each as a fresh process writing to a file, alternately,
   three rounds; medians of wall time and of the child's CPU time (user + system). The machine
   is shared, so CPU time is the steadier figure; per accepted deal both are given.
2. DD tables of the same 200 random deals by ``redouble.analysis.dd_tables`` and by endplay's
   ``calc_all_tables`` called directly (in DDS's 40-deal chunks, as DDS requires): each chunk
   by both callers back to back, the order alternating, three rounds; total wall and CPU time
   (DDS's threads included) per caller, and the overhead in both.
3. ``solve_many`` on 200 positions (sampled-deal style: after the opening lead, and at trick 7).
4. DDS's hard deals (thomas1, thomas2, the first of largest.txt): each DD table with a
   time limit, solved or stopped with ``SolveTimeoutError``, never a hang.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from redouble import Deal, Seat, Strain

DEALER = "/usr/games/dealer"
SCRIPT = """generate 4000000
produce 100000
condition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
action printoneline
"""
ROUNDS = 3
TABLE_DEALS = 200
HARD_LIMIT = 20.0


def _ensure_dealer() -> str | None:
    if Path(DEALER).exists():
        return None
    if shutil.which("apt-get") is None:
        return "dealer is not installed and apt-get is not available"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, capture_output=True)
    done = subprocess.run(["apt-get", "install", "-y", "-qq", "dealer"], check=False, env=env,
                          capture_output=True)
    return None if Path(DEALER).exists() else f"apt-get install dealer failed: {done.returncode}"


def _child(command: list[str], output: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system) and the output's last lines."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with output.open("w") as handle:
        subprocess.run(command, stdout=handle, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, output.read_text()[-400:]


def _count(tail: str, word: str) -> int:
    for line in tail.splitlines():
        if line.startswith(word):
            return int(line.split()[1])
    return 0


def _dealer_section() -> list[str]:
    problem = _ensure_dealer()
    if problem:
        return [f"dealer comparison skipped: {problem}"]
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "nt.dl"
        script.write_text(SCRIPT)
        output = Path(folder) / "out.txt"
        ours = [sys.executable, "-c", "from redouble.cli import main; main()", "dealer",
                str(script), "-s", "1"]
        theirs = [DEALER, "-s", "1", str(script)]
        runs: dict[str, list[tuple[float, float, str]]] = {"redouble": [], "dealer": []}
        for _ in range(ROUNDS):
            runs["dealer"].append(_child(theirs, output))
            runs["redouble"].append(_child(ours, output))
    lines = ["| program | wall s (median) | CPU s (median) | generated | produced | "
             "µs CPU per accepted deal |", "|---|---:|---:|---:|---:|---:|"]
    per_deal = {}
    for name in ("redouble", "dealer"):
        wall = statistics.median(r[0] for r in runs[name])
        cpu = statistics.median(r[1] for r in runs[name])
        tail = runs[name][-1][2]
        produced = _count(tail, "Produced")
        per_deal[name] = cpu / max(produced, 1) * 1e6
        lines.append(f"| {'`redouble dealer`' if name == 'redouble' else '`/usr/games/dealer`'} "
                     f"| {wall:.2f} | {cpu:.2f} | {_count(tail, 'Generated'):,} | {produced:,} | "
                     f"{per_deal[name]:.1f} |")
    ratio = per_deal["dealer"] / per_deal["redouble"] if per_deal["redouble"] else 0.0
    lines.append("")
    lines.append(f"redouble is {ratio:.2f}× dealer's speed per accepted deal (CPU time, "
                 "process start and Python imports included; goal ≥ 1).")
    return lines


def _timed(function: Callable[[], object]) -> tuple[float, float]:
    wall0, cpu0 = time.perf_counter(), time.process_time()
    function()
    return time.perf_counter() - wall0, time.process_time() - cpu0


def _tables_section() -> list[str]:
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal

    from redouble.analysis import dd_tables

    deals = [Deal.from_seed("bench tables", i) for i in range(TABLE_DEALS)]
    theirs = [EndplayDeal(d.to_pbn()) for d in deals]

    # same answers first
    mine = dd_tables(deals[:40])
    reference = calc_all_tables(theirs[:40])
    for table, other in zip(mine, reference, strict=True):
        for seat, player in zip(Seat, ("N", "E", "S", "W"), strict=True):
            for strain, denom in zip((Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS,
                                      Strain.SPADES, Strain.NOTRUMP), range(3, -2, -1),
                                     strict=True):
                index = 4 if denom < 0 else denom
                assert table.tricks(declarer=seat, strain=strain) == \
                    other.to_list()[index]["NESW".index(player)]
    # chunk by chunk, the two callers back to back (order alternating), so that the load
    # of the shared machine falls on both alike
    totals = {"redouble": [0.0, 0.0], "endplay": [0.0, 0.0]}
    for round_number in range(ROUNDS):
        for chunk_number, start in enumerate(range(0, TABLE_DEALS, 40)):
            pair: list[tuple[str, Callable[[], object]]] = [
                ("endplay", lambda s=start: calc_all_tables(theirs[s:s + 40])),
                ("redouble", lambda s=start: dd_tables(deals[s:s + 40]))]
            if (round_number + chunk_number) % 2:
                pair.reverse()
            for name, function in pair:
                wall, cpu = _timed(function)
                totals[name][0] += wall
                totals[name][1] += cpu
    lines = ["| caller | tables/s | wall s | CPU s | CPU/wall |", "|---|---:|---:|---:|---:|"]
    for name in ("redouble", "endplay"):
        wall, cpu = totals[name]
        label = "`redouble.analysis.dd_tables`" if name == "redouble" else \
            "endplay `calc_all_tables` (direct, 40-deal chunks)"
        lines.append(f"| {label} | {ROUNDS * TABLE_DEALS / wall:.1f} | {wall:.1f} | {cpu:.1f} | "
                     f"{cpu / wall:.2f} |")
    wall_overhead = (totals["redouble"][0] / totals["endplay"][0] - 1) * 100
    cpu_overhead = (totals["redouble"][1] / totals["endplay"][1] - 1) * 100
    lines.append("")
    lines.append(f"Overhead of redouble over endplay: {wall_overhead:+.1f}% wall, "
                 f"{cpu_overhead:+.1f}% CPU (goal ≤ 5%; {ROUNDS} rounds of {TABLE_DEALS} deals). "
                 "Both call DDS's CalcAllTables, whose thread pool has one thread per core; "
                 "CPU/wall shows how much of the two cores the shared machine left them.")
    return lines


def _solve_section() -> list[str]:
    from redouble import Contract, Play
    from redouble.analysis import Position, solve_many

    lines = ["| position | positions | wall s | positions/s |", "|---|---:|---:|---:|"]
    for label, cards in (("after the opening lead", 1), ("trick 7, first card", 24)):
        positions = []
        for i in range(200):
            deal = Deal.from_seed("bench solve", i)
            play = Play(deal=deal, contract=Contract.parse("3NT", declarer=Seat.SOUTH))
            for _ in range(cards):
                play.play_card(play.legal_cards()[0])
            positions.append(Position.from_play(play))
        wall, _cpu = _timed(lambda positions=positions: solve_many(positions))
        lines.append(f"| {label} | {len(positions)} | {wall:.2f} | {len(positions) / wall:.0f} |")
    return lines


def _hard_section() -> list[str]:
    """DDS's slow test deals, each DD table under a time limit in a worker process."""
    import shlex

    from redouble.analysis import SolveTimeoutError, dd_table

    data = Path(__file__).resolve().parents[2] / "shared" / "data" / "dds"
    lines = [f"| deal | result within {HARD_LIMIT:g} s | wall s |", "|---|---|---:|"]
    for name, count in (("thomas1.txt", 1), ("thomas2.txt", 1), ("largest.txt", 3)):
        path = data / name
        if not path.exists():
            lines.append(f"| {name} | missing | |")
            continue
        pbns = [shlex.split(line)[5] for line in path.read_text().splitlines()
                if line.startswith("PBN")][:count]
        for index, pbn in enumerate(pbns):
            start = time.perf_counter()
            try:
                table = dd_table(Deal.from_pbn(pbn), timeout=HARD_LIMIT)
                outcome = f"solved: N NT {table.tricks(declarer=Seat.NORTH, strain=Strain.NOTRUMP)}"
            except SolveTimeoutError:
                outcome = "SolveTimeoutError (stopped cleanly)"
            lines.append(f"| {name} #{index + 1} | {outcome} | {time.perf_counter() - start:.1f} |")
    return lines


def run() -> str:
    """The analysis benchmarks as a Markdown section."""
    load = os.getloadavg()
    parts = ["### Analysis", "",
             f"Load average at start: {load[0]:.1f} (the machine is shared; other work was "
             "running).", "", "#### `redouble dealer` vs `/usr/games/dealer` (the issue's script, "
             "seed 1)", "", *_dealer_section(), "",
             f"#### DD tables, {TABLE_DEALS} random deals", "", *_tables_section(), "",
             "#### `solve_many` (the robots' card play by sampling)", "", *_solve_section(), "",
             "#### Hard deals under a time limit", "", *_hard_section()]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(run())
