"""Random legal full boards per second: redouble's core against OpenSpiel's bridge.

Both engines are driven the same way, through their public Python API: deal a random deal,
then random legal calls (a bid turned into a pass with probability 0.6, so auctions end), then
random legal cards until the board is over; each step asks the engine for the legal actions
(``state.legal_calls()`` / ``state.legal_cards()``, OpenSpiel's ``state.legal_actions()``) and
applies one, and redouble records every action as an event. OpenSpiel deals through its 52
chance actions; redouble deals from the CSPRNG (``Deal.random()``). Runs alternate between the
engines so both see the same machine load; the figure is the median of the rounds. The row for
redouble's plain-Python fall-back (``REDOUBLE_PURE_PYTHON=1``) is measured in a subprocess.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from redouble import PASS, Board, BoardState, Deal, Phase
from redouble._backend import BACKEND

BOARDS_PER_ROUND = 2000
ROUNDS = 7
PASS_BIAS = 0.6


def redouble_boards(count: int, rng: random.Random) -> int:
    """Play ``count`` random boards with redouble; returns the calls and cards made (a checksum)."""
    actions = 0
    for _ in range(count):
        state = BoardState(Board(Deal.random()))
        while state.phase is Phase.AUCTION:
            call = rng.choice(state.legal_calls())
            if call.is_bid and rng.random() < PASS_BIAS:
                call = PASS
            state.make_call(call)
        while state.phase is Phase.PLAY:
            state.play_card(rng.choice(state.legal_cards()))
        actions += len(state.events)
    return actions


def openspiel_boards(count: int, rng: random.Random) -> int:
    """Play ``count`` random boards with OpenSpiel's bridge, driven the same way."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    pass_action = 52  # kBiddingActionBase + kPass
    actions = 0
    for _ in range(count):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            if action > pass_action + 2 and rng.random() < PASS_BIAS:
                action = pass_action
            state.apply_action(action)
        actions += len(state.history()) - 52  # less the 52 chance actions of the deal
    return actions


_ACTIONS: dict[str, list[int]] = {}  # per engine: calls and cards made in each round


def _rate(run: Callable[[int, random.Random], int], seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = run(BOARDS_PER_ROUND, rng)
    rate = BOARDS_PER_ROUND / (time.perf_counter() - start)
    _ACTIONS.setdefault(run.__name__, []).append(actions)
    return rate


def _pure_python_rate() -> float:
    """redouble's boards/s with the engine core in plain Python, in a fresh process."""
    code = ("import json, bench.bench_core as b; "
            "print(json.dumps([b._rate(b.redouble_boards, 0), b._rate(b.redouble_boards, 1)]))")
    env = {**os.environ, "REDOUBLE_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                         text=True).stdout
    return float(max(json.loads(out)))


def run() -> str:
    """Measure both engines in alternating rounds and return the Markdown section."""
    ours: list[float] = []
    peer: list[float] = []
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return ("## Core: random legal boards per second\n\nOpenSpiel (`open-spiel`) is not "
                "installed, so no peer could be measured; run `make bench`.")
    _rate(redouble_boards, 0)  # warm-up
    _rate(openspiel_boards, 0)
    for round_number in range(ROUNDS):
        ours.append(_rate(redouble_boards, round_number))
        peer.append(_rate(openspiel_boards, round_number))
    a, b = statistics.median(ours), statistics.median(peer)
    pure = _pure_python_rate()
    per_board = {name: sum(counts) / (len(counts) * BOARDS_PER_ROUND) for name, counts in _ACTIONS.items()}
    return "\n".join([
        "## Core: random legal full boards per second",
        "",
        f"Deal, random legal auction (bids passed with p={PASS_BIAS}), random legal play to the "
        f"end; {ROUNDS} alternating rounds of {BOARDS_PER_ROUND} boards, median.",
        "",
        "| engine | boards/s (median) | min | max |",
        "|---|---:|---:|---:|",
        f"| redouble `BoardState` ({BACKEND} core) | {a:,.0f} | {min(ours):,.0f} | {max(ours):,.0f} |",
        f"| OpenSpiel `bridge(use_double_dummy_result=false)` | {b:,.0f} | {min(peer):,.0f} | "
        f"{max(peer):,.0f} |",
        f"| redouble, plain-Python core (fall-back; best of 2 after the rounds) | {pure:,.0f} | – | – |",
        "",
        f"redouble / OpenSpiel = **{a / b:.2f}×** (goal ≥ 1); the plain-Python fall-back runs at "
        f"{pure / b:.2f}× OpenSpiel.",
        "",
        f"Both drivers make the same boards on average: {per_board['redouble_boards']:.2f} calls and "
        f"cards per board for redouble, {per_board['openspiel_boards']:.2f} for OpenSpiel (its 52 "
        "chance actions of the deal not counted). redouble records each as an event in "
        "`state.events`.",
    ])
