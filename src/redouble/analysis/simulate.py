"""Simulation at scale: double-dummy statistics over deals that satisfy a dealer script,
computed in chunks on Dask (a local cluster by default, or any scheduler by address).

Chunk ``k`` deals with the seed ``"{seed}/chunk{k}"`` and solves its deals' DD tables and par,
so the totals are the same whichever worker runs which chunk and however many there are.

>>> from redouble import Contract, Seat
>>> spec = SimulationSpec(script_text="condition hcp(north) + hcp(south) >= 30", deals=4,
...                       seed="doc", chunk=2)
>>> result = simulate(spec, scheduler="synchronous")
>>> result.deals, result.make_rate(Contract.parse("3NT", declarer=Seat.NORTH)) >= 0.5
(4, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from redouble.analysis.errors import AnalysisError
from redouble.calls import Contract
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.seats import Seat, Vulnerability

__all__ = ["ChunkResult", "SimulationResult", "SimulationSpec", "format_report", "run_chunk",
           "simulate"]

_GENERATE_PER_CHUNK = 50_000_000


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    """What to simulate: the dealer script (its condition and predeals), how many deals, the
    seed, deals per chunk, and the vulnerability and dealer for par."""

    script_text: str
    deals: int
    seed: str | None = None
    chunk: int = 100
    vulnerability: Vulnerability = Vulnerability.NONE
    dealer: Seat = Seat.NORTH

    def chunks(self, seed: str) -> Iterator[tuple[int, int, str]]:
        """``(index, size, seed)`` of each chunk."""
        for index, start in enumerate(range(0, self.deals, self.chunk)):
            yield index, min(self.chunk, self.deals - start), f"{seed}/chunk{index}"


@dataclass
class ChunkResult:
    """Counts from one chunk: ``tricks[seat, strain, n]`` deals where ``seat`` declaring
    ``strain`` takes ``n`` tricks, par scores, deals and candidates generated."""

    index: int
    deals: int
    generated: int
    tricks: npt.NDArray[np.int64]
    par_scores: Counter[int]


@dataclass
class SimulationResult:
    """Totals over every chunk."""

    seed: str
    deals: int = 0
    generated: int = 0
    tricks: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros((4, 5, 14), dtype=np.int64))
    par_scores: Counter[int] = field(default_factory=Counter)

    def add(self, chunk: ChunkResult) -> None:
        """Add one chunk's counts."""
        self.deals += chunk.deals
        self.generated += chunk.generated
        self.tricks += chunk.tricks
        self.par_scores.update(chunk.par_scores)

    def distribution(self, *, declarer: Seat, strain: Strain) -> list[float]:
        """The fraction of deals where ``declarer`` takes 0 … 13 tricks in ``strain``."""
        counts = self.tricks[int(declarer), int(strain)]
        return [float(c) / self.deals for c in counts] if self.deals else [0.0] * 14

    def mean_tricks(self, *, declarer: Seat, strain: Strain) -> float:
        """The average double-dummy tricks."""
        counts = self.tricks[int(declarer), int(strain)]
        return float((counts * np.arange(14)).sum()) / self.deals if self.deals else 0.0

    def make_rate(self, contract: Contract) -> float:
        """How often the contract makes double dummy."""
        if contract.declarer is None:
            raise AnalysisError(f"{contract} needs a declarer to be simulated")
        counts = self.tricks[int(contract.declarer), int(contract.strain)]
        return float(counts[contract.tricks_needed:].sum()) / self.deals if self.deals else 0.0

    def mean_par(self) -> float:
        """The average par score (North-South's view)."""
        total = sum(score * count for score, count in self.par_scores.items())
        return total / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, object]:
        """The totals as plain JSON values."""
        return {"seed": self.seed, "deals": self.deals, "generated": self.generated,
                "tricks": {seat.letter(): {str(strain): self.tricks[int(seat), int(strain)].tolist()
                                           for strain in Strain} for seat in Seat},
                "par": {str(k): v for k, v in sorted(self.par_scores.items())}}


def run_chunk(spec: SimulationSpec, index: int, size: int, seed: str) -> ChunkResult:
    """Deal ``size`` deals for one chunk and count their DD tricks and par scores."""
    from redouble.analysis.ddtable import dd_tables
    from redouble.analysis.dealer.run import GenerateLimitError, accepted_batches
    from redouble.analysis.dealer.syntax import parse_script
    from redouble.analysis.par import par_from_table

    script = parse_script(spec.script_text)
    limit = script.generate or _GENERATE_PER_CHUNK
    deals: list[Deal] = []
    generated = 0
    for accepted in accepted_batches(script, seed=seed, generate=limit, produce=size):
        generated += accepted.generated
        deals.extend(accepted.batch.deal(row) for row in range(accepted.batch.size))
    if len(deals) < size:
        raise GenerateLimitError(
            f"chunk {index}: only {len(deals)} of {size} deals satisfied the condition in "
            f"{generated} generated deals: the condition may be impossible or too rare")
    tricks = np.zeros((4, 5, 14), dtype=np.int64)
    scores: Counter[int] = Counter()
    for table in dd_tables(deals):
        for seat in Seat:
            for strain in Strain:
                tricks[int(seat), int(strain), table.tricks(declarer=seat, strain=strain)] += 1
        scores[par_from_table(table, vulnerability=spec.vulnerability, dealer=spec.dealer).score] += 1
    return ChunkResult(index=index, deals=len(deals), generated=generated, tricks=tricks,
                       par_scores=scores)


def simulate(spec: SimulationSpec, *, scheduler: str | None = None, workers: int = 2,
             progress: bool = False) -> SimulationResult:
    """Run a simulation: on a local Dask cluster of ``workers`` processes, on the scheduler at
    ``scheduler`` (``tcp://host:port``), or in this process with ``"synchronous"``."""
    from redouble.analysis.dealer.generator import new_dealer_seed
    from redouble.analysis.dealer.syntax import parse_script

    parse_script(spec.script_text)  # report syntax errors before starting workers
    if spec.deals <= 0 or spec.chunk <= 0:
        raise AnalysisError("a simulation needs a positive number of deals and chunk size")
    seed = spec.seed if spec.seed is not None else new_dealer_seed()
    chunks = list(spec.chunks(seed))
    result = SimulationResult(seed=seed)
    with _progress(progress, len(chunks)) as advance:
        if scheduler == "synchronous":
            for index, size, chunk_seed in chunks:
                result.add(run_chunk(spec, index, size, chunk_seed))
                advance()
            return result
        from dask.distributed import Client, LocalCluster, as_completed

        cluster = None
        if scheduler is None:
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=40)
            client = Client(cluster)  # type: ignore[no-untyped-call]
        else:
            client = Client(scheduler)  # type: ignore[no-untyped-call]
        try:
            futures = [client.submit(run_chunk, spec, index, size, chunk_seed, pure=False)
                       for index, size, chunk_seed in chunks]
            done: dict[int, ChunkResult] = {}
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                chunk = future.result()
                done[chunk.index] = chunk
                advance()
            for index in sorted(done):
                result.add(done[index])
        finally:
            client.close()  # type: ignore[no-untyped-call]
            if cluster is not None:
                cluster.close()
    return result


class _progress:
    """A Rich progress bar on stderr (or nothing)."""

    def __init__(self, enabled: bool, total: int) -> None:
        self.enabled = enabled
        self.total = total

    def __enter__(self) -> _Advance:
        if not self.enabled:
            return _Advance(None, None)
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        from redouble.cli.common import err_console

        self.bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("chunks"), TimeElapsedColumn(), TimeRemainingColumn(),
                            console=err_console)
        self.bar.start()
        task = self.bar.add_task("simulate", total=self.total)
        return _Advance(self.bar, task)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()


class _Advance:
    def __init__(self, bar: object, task: object) -> None:
        self.bar = bar
        self.task = task

    def __call__(self) -> None:
        if self.bar is not None:
            self.bar.advance(self.task)  # type: ignore[attr-defined]


_STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def format_report(result: SimulationResult, *, contracts: list[Contract] | None = None) -> str:
    """A text report: make rates of the contracts asked about, mean DD tricks per declarer and
    strain, each strain's trick distribution for the partnership's better hand, and par."""
    lines = [f"{result.deals} deals ({result.generated} generated), seed {result.seed}", ""]
    for contract in contracts or []:
        lines.append(f"{contract.format(with_declarer=True):<10} makes "
                     f"{100 * result.make_rate(contract):5.1f}%")
    if contracts:
        lines.append("")
    lines.append("Mean double-dummy tricks")
    lines.append("          " + "".join(f"{s!s:>7}" for s in _STRAIN_ORDER))
    for seat in Seat:
        lines.append(f"{seat.format(full=True):<10}" + "".join(
            f"{result.mean_tricks(declarer=seat, strain=s):7.2f}" for s in _STRAIN_ORDER))
    lines.append("")
    lines.append("Tricks by North as declarer (% of deals)")
    lines.append("      " + "".join(f"{n:>5}" for n in range(14)))
    for strain in _STRAIN_ORDER:
        shares = result.distribution(declarer=Seat.NORTH, strain=strain)
        lines.append(f"{strain!s:<6}" + "".join(f"{100 * x:5.1f}" for x in shares))
    lines.append("")
    lines.append(f"Par (NS view): mean {result.mean_par():+.1f}")
    for score, count in result.par_scores.most_common(8):
        lines.append(f"  {score:+6d}  {100 * count / max(result.deals, 1):5.1f}%")
    return "\n".join(lines)
