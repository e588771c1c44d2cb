"""Generating plus validating every Mitchell (3–30 tables, every variant) and every Howell (3–16 tables, complete
and every partial), against expanding plus validating the published howellki and bridgescorer movements.

No third-party movement checker runs here to compare with: howellki's ``how.php`` needs PHP (not installed) and
bridgescorer's checker is Scala inside an sbt server project (not buildable offline), and we know of no Python
library that generates or checks movements. The published
data set is the peer workload instead: the same validator over movements of the same sizes that we did not
generate. Each sweep runs five times, alternating; the figure is the median. The Howell sweep is measured once
cold (Room squares and cyclic partial designs searched afresh) and then warm (cached, as a running program has them).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from redouble.club.movement import Movement
from redouble.club.movements.data import load_bridgescorer, load_howellki
from redouble.club.movements.howell import _cyclic_design, _room_square, howell
from redouble.club.movements.mitchell import mitchell

ROUNDS = 5
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "club" / "movements"


def _mitchells() -> int:
    count = 0
    for tables in range(3, 31):
        for skip, relay in [(False, False)] if tables % 2 else [(True, False), (False, True)]:
            for half_table, switch in ((False, False), (True, False), (False, True)):
                # the generator validates before returning
                mitchell(tables, skip=skip, relay=relay, half_table=half_table, arrow_switch=switch)
                count += 1
    return count


def _howells() -> int:
    count = 0
    for tables in range(3, 17):
        for rounds in range(1, 2 * tables):
            howell(tables, rounds=rounds)  # validates before returning
            count += 1
    return count


def _published_movements() -> list[Movement]:
    """Read and expand the published movements; every loader validates what it returns."""
    movements: list[Movement] = list(load_howellki(DATA / "howellki" / "movements.json").values())
    for path in sorted((DATA / "bridgescorer").glob("*.yaml")):
        loaded = load_bridgescorer(path)
        if isinstance(loaded, Movement):
            movements.append(loaded)
    return movements


def _published() -> int:
    return len(_published_movements()) + 3  # the three individual movements are validated by their loader


def _time(work: Callable[[], int]) -> tuple[float, int]:
    start = time.perf_counter()
    count = work()
    return time.perf_counter() - start, count


def run() -> str:
    """Time the sweeps and return the BENCHMARKS.md section."""
    load = os.getloadavg()[0]
    _room_square.cache_clear()
    _cyclic_design.cache_clear()
    cold, _ = _time(_howells)
    timings: dict[str, list[float]] = {"mitchell": [], "howell": [], "published": []}
    counts: dict[str, int] = {}
    seatings = {"mitchell": 0, "howell": 0, "published": 0}
    for _ in range(ROUNDS):
        for name, work in (("mitchell", _mitchells), ("howell", _howells), ("published", _published)):
            seconds, count = _time(work)
            timings[name].append(seconds)
            counts[name] = count
    seatings["mitchell"] = sum(t * (t - 1 if skip else t) for t in range(3, 31)
                               for skip in ([False] if t % 2 else [True, False]) for _variant in range(3))
    seatings["howell"] = sum(len(howell(t, rounds=r).seatings) for t in range(3, 17) for r in range(1, 2 * t))
    seatings["published"] = sum(len(m.seatings) for m in _published_movements())
    median = {name: statistics.median(values) for name, values in timings.items()}
    lines = [
        "## Club: generating and validating movements",
        "",
        "Every Mitchell for 3–30 tables (odd; even with the skip and with the share-and-relay; each also with a "
        "half table and with an arrow switch) and every Howell for 3–16 tables (complete and every partial round "
        "count), each generated and proved by `validate` (the generators validate before returning); against the "
        "peer workload, the published movements (69 howellki Howells, 26 bridgescorer files) read, expanded and "
        "validated (the seatings column counts the pairs movements). "
        f"Median of {ROUNDS} alternating rounds. Load average at start: {load:.1f} (the machine is shared).",
        "",
        "| workload | movements | seatings | total ms | µs per seating |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, label in (("mitchell", "every Mitchell 3–30 tables, generated + validated"),
                        ("howell", "every Howell 3–16 tables, generated + validated"),
                        ("published", "howellki + bridgescorer data, loaded + validated (peer)")):
        seats = seatings[name]
        per = f"{median[name] / seats * 1e6:.1f}" if seats else "–"
        lines.append(f"| {label} | {counts[name]} | {seats or '–'} | {median[name] * 1000:.0f} | {per} |")
    lines += [
        "",
        f"All {counts['mitchell'] + counts['howell']} generated movements together: "
        f"{(median['mitchell'] + median['howell']) * 1000:.0f} ms. The Howell sweep cold (Room squares and cyclic "
        f"partial designs searched afresh): {cold * 1000:.0f} ms.",
        "",
        "No other movement tool could run here as the peer: howellki's `how.php` needs PHP (not installed) and "
        "bridgescorer's checker is Scala inside an sbt server project; we know of no Python library that generates "
        "or checks movements. The peer is therefore a workload (published movements we did not generate, through "
        "the same validator), not a rival program.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
