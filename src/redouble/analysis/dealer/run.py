"""Run a dealer script: generate until ``produce`` deals pass the condition (or the
``generate`` limit is reached), performing the actions with dealer's own output formats.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from redouble.analysis.dealer.evaluate import evaluate
from redouble.analysis.dealer.generator import (
    BATCH_SIZE,
    HandBatch,
    RandomStream,
    Shuffler,
    new_dealer_seed,
)
from redouble.analysis.dealer.syntax import Action, Script
from redouble.analysis.errors import AnalysisError
from redouble.board import board_dealer, board_vulnerability
from redouble.seats import Seat

__all__ = [
    "DEFAULT_GENERATE",
    "DEFAULT_PRODUCE",
    "GenerateLimitError",
    "Run",
    "accepted_batches",
    "passing_deals",
    "run_script",
]

DEFAULT_GENERATE = 10_000_000
"""dealer's default ``generate`` limit."""
DEFAULT_PRODUCE = 40
"""dealer's default ``produce`` count."""


class GenerateLimitError(AnalysisError):
    """The generate limit was reached before enough deals passed the condition."""


@dataclass
class Accepted:
    """The deals of one batch that passed: full hands, and where the batch's generation ended."""

    batch: HandBatch
    generated: int  # candidates of this batch consumed


def passing_deals(script: Script, shuffler: Shuffler, stream: RandomStream, index: int,
                  *, rows: int = BATCH_SIZE,
                  keep: int | None = None) -> tuple[HandBatch, npt.NDArray[np.int64]]:
    """Batch ``index``: the deals among its first ``rows`` candidates that pass the condition
    (at most ``keep`` of them), fully dealt, and their positions in the batch."""
    masks = shuffler.first_phase(stream, index, BATCH_SIZE)
    if script.condition is None:
        passed = np.arange(BATCH_SIZE, dtype=np.int64)
    else:
        value = evaluate(script.condition, HandBatch(masks), script.variables)
        ok = value if value.dtype == np.bool_ else value != 0
        passed = np.nonzero(ok)[0]
    passed = passed[:int(np.searchsorted(passed, rows))]
    if keep is not None:
        passed = passed[:keep]
    # completing a prefix of the passing deals draws the same words for them as completing all
    first = {seat: mask[passed] for seat, mask in masks.items()}
    return HandBatch(shuffler.complete(first, stream, index)), passed


def accepted_batches(script: Script, *, seed: str, generate: int,
                     produce: int) -> Iterator[Accepted]:
    """Batches of passing deals, in order, stopping at ``produce`` deals or ``generate``
    candidates."""
    stream = RandomStream(seed)
    shuffler = Shuffler(predeal=script.predeal, first=script.seats_used())
    produced = 0
    generated = 0
    index = 0
    while produced < produce and generated < generate:
        rows = min(BATCH_SIZE, generate - generated)
        batch, passed = passing_deals(script, shuffler, stream, index, rows=rows,
                                      keep=produce - produced)
        produced += batch.size
        consumed = int(passed[-1]) + 1 if produced >= produce else rows
        generated += consumed
        index += 1
        yield Accepted(batch, consumed)


# --- actions -------------------------------------------------------------------------

_SEAT_LETTERS = {Seat.NORTH: "n", Seat.EAST: "e", Seat.SOUTH: "s", Seat.WEST: "w"}


def oneline_lines(batch: HandBatch) -> list[str]:
    """dealer's ``printoneline``: ``n AKQ.. e .. s .. w .. `` (with its trailing space)."""
    holdings = {seat: batch.holdings(seat) for seat in Seat}
    hands = {seat: [".".join(parts) for parts in zip(*holdings[seat], strict=True)]
             for seat in Seat}
    return [f"n {n} e {e} s {s} w {w} \n" for n, e, s, w in
            zip(hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH], hands[Seat.WEST],
                strict=True)]


def pbn_deal(batch: HandBatch, row: int) -> str:
    """The PBN deal string (``N:`` first) of one row."""
    parts = []
    for seat in Seat:
        parts.append(".".join(batch.holdings_row(seat, row)))
    return "N:" + " ".join(parts)


def printall_block(batch: HandBatch, row: int, number: int) -> str:
    """dealer's ``printall``: the number, then four columns N E S W, one line per suit."""
    lines = [f"{number:4d}.\n"]
    columns = [batch.holdings_row(seat, row) for seat in Seat]
    for suit in range(4):
        cells = [" ".join(h[suit]) + " " if h[suit] else "- " for h in columns]
        lines.append("".join(f"{cell:<20}" for cell in cells[:3]) + cells[3] + "\n")
    lines.append("\n")
    return "".join(lines)


def pbn_block(batch: HandBatch, row: int, number: int, *, source: str, seed: str,
              dealer: Seat | None, vulnerable: str | None, date: str) -> str:
    """dealer's ``printpbn`` record; dealer and vulnerability rotate with the board number
    unless the script fixes them."""
    seat = dealer if dealer is not None else board_dealer(number)
    vul = vulnerable if vulnerable is not None else str(board_vulnerability(number))
    tags = [("Event", f"Hand simulated by dealer with file {source}, seed {seed}"),
            ("Site", "-"), ("Date", date), ("Board", str(number)), ("West", "-"),
            ("North", "-"), ("East", "-"), ("South", "-"), ("Dealer", seat.letter()),
            ("Vulnerable", vul), ("Deal", pbn_deal(batch, row)), ("Declarer", "?"),
            ("Contract", "?"), ("Result", "?")]
    return "".join(f'[{name} "{value}"]\n' for name, value in tags) + "\n"


@dataclass
class _Stat:
    action: Action
    total: int = 0
    count: int = 0
    counts: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


def _frequency_1d(stat: _Stat) -> str:
    action = stat.action
    low, high = action.ranges[0]
    counts = stat.counts
    out = [f"Frequency {action.label or ''}:\n"]
    if counts[0]:
        out.append(f"Low\t{counts[0]:8d}\n")
    for value in range(low, high + 1):
        out.append(f"{value:5d}\t{counts[value - low + 1]:8d}\n")
    if counts[-1]:
        out.append(f"High\t{counts[-1]:8d}\n")
    return "".join(out)


def _frequency_2d(stat: _Stat) -> str:
    action = stat.action
    (low1, high1), (low2, high2) = action.ranges
    table = stat.counts
    labels2 = ["Low", *(str(v) for v in range(low2, high2 + 1)), "High", "Sum"]
    out = [f"Frequency {action.label or ''}:\n", "    " + "".join(f"{x:>7}" for x in labels2)
           + "\n"]
    row_labels = ["Low ", *(f"{v:4d}" for v in range(low1, high1 + 1)), "High"]
    for label, row in zip(row_labels, table, strict=True):
        out.append(label + "".join(f"{int(x):7d}" for x in row) + f"{int(row.sum()):7d}\n")
    sums = table.sum(axis=0)
    out.append("Sum " + "".join(f"{int(x):7d}" for x in sums) + f"{int(sums.sum()):7d}\n\n")
    return "".join(out)


def _bucket(values: npt.NDArray[np.int64], low: int, high: int) -> npt.NDArray[np.int64]:
    return np.clip(values - low + 1, 0, high - low + 2)


@dataclass
class Run:
    """The outcome of a script run: counts, seed and timing."""

    generated: int
    produced: int
    seed: str
    seconds: float
    limit_reached: bool


def run_script(script: Script, *, write: Callable[[str], object], seed: str | None = None,
               generate: int | None = None, produce: int | None = None,
               source: str = "(null)") -> Run:
    """Run a script, writing dealer's output through ``write``; returns the counts.

    Reaching the generate limit before ``produce`` deals is not an error here (dealer prints
    what it found); the caller reports it from ``Run.limit_reached``.
    """
    started = time.perf_counter()
    seed = seed if seed is not None else new_dealer_seed()
    limit = generate or script.generate or DEFAULT_GENERATE
    wanted = produce or script.produce or DEFAULT_PRODUCE
    actions = script.actions or [Action("printall")]
    stats = [_Stat(a) for a in actions if a.kind in ("average", "frequency")]
    for stat in stats:
        if stat.action.kind == "frequency":
            shape = tuple(high - low + 3 for low, high in stat.action.ranges)
            stat.counts = np.zeros(shape, dtype=np.int64)
    prints = [a.kind for a in actions if a.kind.startswith("print")]
    date = datetime.date.today().strftime("%Y.%m.%d")
    vulnerable = None if script.vulnerable is None else str(script.vulnerable)
    generated = produced = 0
    for accepted in accepted_batches(script, seed=seed, generate=limit, produce=wanted):
        generated += accepted.generated
        batch = accepted.batch
        if batch.size:
            _perform(prints, batch, produced, write, source=source, seed=seed, script=script,
                     vulnerable=vulnerable, date=date)
            for stat in stats:
                _accumulate(stat, batch, script)
        produced += batch.size
    for stat in stats:
        if stat.action.kind == "average":
            mean = stat.total / stat.count if stat.count else 0.0
            label = f"{stat.action.label}: " if stat.action.label else ""
            write(f"{label}{mean:g}\n")
        elif len(stat.action.ranges) == 1:
            write(_frequency_1d(stat))
        else:
            write(_frequency_2d(stat))
    seconds = time.perf_counter() - started
    write(f"Generated {generated} hands\nProduced {produced} hands\n"
          f"Initial random seed {seed}\nTime needed {seconds:8.3f} sec\n")
    return Run(generated=generated, produced=produced, seed=seed, seconds=seconds,
               limit_reached=produced < wanted)


def _perform(prints: list[str], batch: HandBatch, produced: int, write: Callable[[str], object],
             *, source: str, seed: str, script: Script, vulnerable: str | None,
             date: str) -> None:
    if prints == ["printoneline"]:
        write("".join(oneline_lines(batch)))
        return
    lines = oneline_lines(batch) if "printoneline" in prints else []
    out: list[str] = []
    for row in range(batch.size):
        number = produced + row + 1
        for kind in prints:
            if kind == "printoneline":
                out.append(lines[row])
            elif kind == "printall":
                out.append(printall_block(batch, row, number))
            else:
                out.append(pbn_block(batch, row, number, source=source, seed=seed,
                                     dealer=script.dealer, vulnerable=vulnerable, date=date))
    write("".join(out))


def _accumulate(stat: _Stat, batch: HandBatch, script: Script) -> None:
    values = [np.asarray(evaluate(e, batch, script.variables), dtype=np.int64)
              for e in stat.action.expressions]
    if stat.action.kind == "average":
        stat.total += int(values[0].sum())
        stat.count += batch.size
        return
    if len(values) == 1:
        low, high = stat.action.ranges[0]
        stat.counts += np.bincount(_bucket(values[0], low, high),
                                   minlength=len(stat.counts))
        return
    (low1, high1), (low2, high2) = stat.action.ranges
    rows = _bucket(values[0], low1, high1)
    columns = _bucket(values[1], low2, high2)
    np.add.at(stat.counts, (rows, columns), 1)
