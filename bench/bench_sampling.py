"""The robots' sampler: time a try when dealing the hidden hands consistently with an
auction, with the dealing loop compiled (``_accel.deal_layouts``) and in its Python reference
(``REDOUBLE_PURE_PYTHON=1``), against the sampler as it was before it dealt by pool positions
(commit ``PEER``, the plain dealing loop, exported like the frozen baseline) run in its own
process on the same positions and seeds; all must make the same tries and keep the same
layouts, or the comparison is refused."""

from __future__ import annotations

import json
import subprocess
import sys

from redouble.robots.frozen import child_environment, export_commit

PEER = "e60640c"
"""The last commit with the plain dealing loop (the same rules, so the same positions)."""

POSITIONS = 40
LAYOUTS = 96  # what a competitive decision draws: 24 layouts scored, 4 drawn for each
TRIES = 3072

def _positions() -> str:
    """The positions, computed once by today's robots: each seed, the calls made, and the
    constraint on every seat (a ``HandConstraint`` repr). Every sampler timed gets these, so
    a change to the rules since the peer's commit cannot change what is dealt."""
    from redouble.board import Board
    from redouble.deal import Deal
    from redouble.robots.robot import SaycRobot
    from redouble.state import BoardState
    from redouble.view import Phase

    robot = SaycRobot(simulate=False)
    out = []
    for seed in range(POSITIONS):
        state = BoardState(Board.numbered(seed % 16 + 1,
                                          deal=Deal.from_seed("bench-sampling", seed)))
        made = 0
        while state.phase is Phase.AUCTION and made < 4:
            choice = robot.choose_call(state.view(state.actor))
            state.make_call(choice.call)
            made += 1
        if state.phase is Phase.AUCTION:
            view = state.view(state.actor)
            calls = [str(entry.call) for entry in view.auction]
            constraints = {seat.letter(): repr(c) for seat, c in robot.constraints(view).items()}
            out.append([seed, calls, constraints])
    return json.dumps(out)


_SCRIPT = f"""
import json, random, sys, time
from redouble.board import Board
from redouble.calls import Call
from redouble.deal import Deal
from redouble.robots.meaning import HandConstraint
from redouble.robots.sampling import Sampler
from redouble.seats import Seat
from redouble.state import BoardState
views = []
for seed, calls, constraints in json.loads(sys.stdin.read()):
    state = BoardState(Board.numbered(seed % 16 + 1, deal=Deal.from_seed("bench-sampling", seed)))
    for call in calls:
        state.make_call(Call.parse(call))
    views.append((state.view(state.actor),
                  {{Seat.parse(s): eval(c, {{"HandConstraint": HandConstraint}})
                   for s, c in constraints.items()}}))
tried = kept = 0
digest = 0
start = time.perf_counter()
for i, (view, constraints) in enumerate(views):
    samples, report = Sampler(view, constraints, rng=random.Random(i)).draw({LAYOUTS},
                                                                          max_tries={TRIES})
    tried += report.tried
    kept += len(samples)
    digest ^= hash(tuple(tuple(sorted(c.index for c in s[seat])) for s in samples
                         for seat in sorted(s)))
print(len(views), tried, kept, digest, time.perf_counter() - start)
"""


def _measure(env: dict[str, str] | None, positions: str) -> tuple[int, int, int, int, float]:
    out = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, input=positions,
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1]), int(out[2]), int(out[3]), float(out[4])


def run() -> str:
    """Both samplers on the same positions; the Markdown section."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}
    env["PYTHONHASHSEED"] = "0"
    positions = _positions()
    ours = _measure(env, positions)
    plain = _measure({**env, "REDOUBLE_PURE_PYTHON": "1"}, positions)
    peer = _measure(child_environment(export_commit(PEER)), positions)
    if not ours[:4] == plain[:4] == peer[:4]:
        raise SystemExit("the samplers dealt different layouts: no comparison")
    views, tried, kept, _, seconds = ours
    peer_seconds = peer[4]
    return "\n".join([
        "## Robots: dealing layouts consistent with the auction",
        "",
        f"`python -m bench sampling`: {views} positions four calls into a robots' auction, "
        "the positions and their constraints computed once by today's robots and given to "
        f"every sampler, {LAYOUTS} layouts wanted at each (at most {TRIES} tries), dealt by today's sampler "
        "(its dealing loop compiled, and again in its Python reference with "
        "`REDOUBLE_PURE_PYTHON=1`) and by the sampler before it dealt by pool positions "
        f"(commit {PEER}, exported into `.bench-cache/` as the frozen baseline is), each in its "
        "own process with the same seeds. All made the same "
        f"{tried:,} tries and kept the same {kept:,} layouts (checked).",
        "",
        "| sampler | seconds | µs a try |",
        "|---|---:|---:|",
        f"| redouble, compiled loop | {seconds:.2f} | {seconds / tried * 1e6:.1f} |",
        f"| redouble, Python reference | {plain[4]:.2f} | {plain[4] / tried * 1e6:.0f} |",
        f"| before, {PEER} | {peer_seconds:.2f} | {peer_seconds / tried * 1e6:.0f} |",
    ])
