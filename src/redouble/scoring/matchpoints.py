"""Matchpoints for pairs: each score on a board compared with every other in the same direction.

>>> matchpoints([420, 430, 500, 420, 450, -50, 170])
[5.0, 8.0, 12.0, 5.0, 10.0, 0.0, 2.0]
>>> score_traveller([420, ArtificialScore.parse("A+/A-"), 170]).ns_percent
[87.5, 60.0, 12.5]
"""

from __future__ import annotations

import enum
import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from redouble.scoring.errors import ScoringError

__all__ = [
    "ArtificialScore",
    "MatchpointScale",
    "PairsResult",
    "ScoreEntry",
    "TableResult",
    "Traveller",
    "WeightedScore",
    "group_by_board",
    "matchpoint_pairs",
    "matchpoints",
    "neuberg",
    "rank_totals",
    "score_traveller",
]

_AVERAGES = {"A": 50.0, "A+": 60.0, "A-": 40.0}


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """An artificial adjusted score (Law 12C2): a percentage for each side, e.g. A+ for NS, A− for EW.

    Average is 50%, Average-plus 60%, Average-minus 40%; in IMP scoring they are 0, +3 and −3.

    >>> ArtificialScore.parse("A+/A-")
    ArtificialScore(ns=60.0, ew=40.0)
    >>> ArtificialScore.parse("A-").imps()
    (-3.0, -3.0)
    """

    ns: float
    ew: float

    def __post_init__(self) -> None:
        for side, value in (("NS", self.ns), ("EW", self.ew)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
                raise ScoringError(f"an adjusted score gives {side} 0-100%, not {value!r}")

    def imps(self) -> tuple[float, float]:
        """The (NS, EW) IMPs of the adjustment in IMP scoring: ±3 IMPs per 10% from average."""
        return ((self.ns - 50) * 0.3, (self.ew - 50) * 0.3)

    def label(self) -> str:
        """``A``, ``A+``, ``A+/A-`` or ``60%/40%``."""
        names = {value: name for name, value in _AVERAGES.items()}
        ns, ew = (names.get(value, f"{value:g}%") for value in (self.ns, self.ew))
        return ns if ns == ew and ns in _AVERAGES else f"{ns}/{ew}"

    def __str__(self) -> str:
        return self.label()

    @classmethod
    def parse(cls, text: str) -> ArtificialScore:
        """``A``, ``A+``, ``A-`` (both sides), ``A+/A-`` (NS/EW), ``60/40`` or ``60%/40%``."""
        key = text.strip().upper().replace("−", "-").replace(" ", "")
        parts = key.split("/")
        if len(parts) > 2 or not all(parts):
            raise ScoringError(f"{text!r} is not an adjusted score: expected A, A+, A-, A+/A- or 60/40")
        values = []
        for part in parts:
            if part in _AVERAGES:
                values.append(_AVERAGES[part])
            elif re.fullmatch(r"\d+(\.\d+)?%?", part):
                values.append(float(part.rstrip("%")))
            else:
                raise ScoringError(f"{text!r} is not an adjusted score: {part!r} is not A, A+, A- or a percentage")
        if len(values) == 1:
            return cls(values[0], values[0])
        return cls(values[0], values[1])


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted adjusted score (Law 12C1c): NS scores with weights that add up to 1.

    >>> WeightedScore.parse("60% 420, 40% -50").parts
    ((0.6, 420), (0.4, -50))
    """

    parts: tuple[tuple[float, int], ...]

    def __post_init__(self) -> None:
        if not self.parts or any(weight <= 0 for weight, _ in self.parts):
            raise ScoringError("a weighted score needs one or more scores with positive weights")
        if abs(sum(weight for weight, _ in self.parts) - 1) > 1e-9:
            raise ScoringError(f"the weights of a weighted score add up to 1, not "
                               f"{sum(weight for weight, _ in self.parts):g}")

    @classmethod
    def parse(cls, text: str) -> WeightedScore:
        """``"60% 420, 40% -50"``: comma-separated percentages and NS scores."""
        parts = []
        for chunk in text.split(","):
            match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%\s*(-?\d+)\s*", chunk)
            if not match:
                raise ScoringError(f"{text!r} is not a weighted score: expected e.g. '60% 420, 40% -50'")
            parts.append((float(match.group(1)) / 100, int(match.group(2))))
        return cls(tuple(parts))

    def __str__(self) -> str:
        return ", ".join(f"{weight * 100:g}% {score}" for weight, score in self.parts)


ScoreEntry = int | ArtificialScore | WeightedScore
"""One result on a traveller: an NS score, an artificial adjusted score or a weighted score."""


class MatchpointScale(enum.Enum):
    """Points per comparison: MP1 = 2 for a win, 1 a tie (the seeds); MP2 = 1 and ½ (PBN names)."""

    MP1 = 2
    MP2 = 1

    def __repr__(self) -> str:
        return f"MatchpointScale.{self.name}"

    @property
    def win(self) -> int:
        """Matchpoints for each score beaten."""
        return self.value


def _distribution(entry: int | WeightedScore) -> tuple[tuple[float, int], ...]:
    return entry.parts if isinstance(entry, WeightedScore) else ((1.0, entry),)


def _check_entry(entry: object) -> ScoreEntry:
    if isinstance(entry, ArtificialScore | WeightedScore):
        return entry
    if isinstance(entry, bool) or not isinstance(entry, int):
        raise ScoringError(f"{entry!r} is not a score: expected an NS score, an ArtificialScore "
                           "or a WeightedScore")
    if entry % 10:
        raise ScoringError(f"{entry} is not a bridge score: scores are multiples of 10")
    return entry


def neuberg(mp: float, *, results: int, expected: int,
            scale: MatchpointScale = MatchpointScale.MP1) -> float:
    """Neuberg's formula: matchpoints among ``results`` scores factored to ``expected``.

    On the 2/1/0 scale MP′ = (MP + 1)·E/A − 1; on 1/½/0 MP′ = (MP + ½)·E/A − ½.

    >>> neuberg(5, results=6, expected=7)
    6.0
    """
    if results < 1 or expected < 1:
        raise ScoringError(f"Neuberg needs at least one result, not {results} of {expected}")
    half = scale.win / 2
    return (mp + half) * expected / results - half


def _clean(value: float) -> float:
    return round(value, 9) + 0.0


@dataclass(frozen=True, slots=True)
class Traveller:
    """A board's matchpoints: NS and EW per result, the top and the percentages."""

    scores: tuple[ScoreEntry, ...]
    ns: tuple[float, ...]
    ew: tuple[float, ...]
    top: float
    scale: MatchpointScale = MatchpointScale.MP1

    @property
    def ns_percent(self) -> list[float]:
        """Each NS result as a percentage of the top (50% on a board played once)."""
        return [self._percent(mp) for mp in self.ns]

    @property
    def ew_percent(self) -> list[float]:
        """Each EW result as a percentage of the top."""
        return [self._percent(mp) for mp in self.ew]

    def _percent(self, mp: float) -> float:
        return 50.0 if self.top == 0 else _clean(100 * mp / self.top)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for the web and storage."""
        return {"scores": [entry if isinstance(entry, int) else str(entry) for entry in self.scores],
                "ns": list(self.ns), "ew": list(self.ew), "top": self.top,
                "ns_percent": self.ns_percent, "ew_percent": self.ew_percent, "scale": self.scale.name}


def score_traveller(ns_scores: Iterable[ScoreEntry], *, expected: int | None = None,
                    scale: MatchpointScale = MatchpointScale.MP1) -> Traveller:
    """Matchpoint a traveller: NS scores in, NS and EW matchpoints out (EW = top − NS).

    Artificial adjusted scores take their percentage of the top and are not compared with;
    when fewer real results than ``expected`` (default: all entries) remain, Neuberg's formula
    factors the real results up. Weighted scores compare by their weights.
    """
    entries = tuple(_check_entry(entry) for entry in ns_scores)
    if not entries:
        raise ScoringError("a traveller needs at least one result")
    field_size = len(entries) if expected is None else expected
    if field_size < len(entries):
        raise ScoringError(f"{len(entries)} results on a board expected to be played {field_size} times")
    win = scale.win
    top = win * (field_size - 1)
    real = [entry for entry in entries if not isinstance(entry, ArtificialScore)]
    # Plain scores only: count the scores below and equal by bisection, O(n log n) for a big field.
    plain = [entry for entry in real if isinstance(entry, int)]
    ordered = sorted(plain) if len(plain) == len(real) else None
    ns: list[float] = []
    ew: list[float] = []
    for index, entry in enumerate(entries):
        if isinstance(entry, ArtificialScore):
            ns.append(_clean(top * entry.ns / 100))
            ew.append(_clean(top * entry.ew / 100))
            continue
        raw = 0.0
        if ordered is not None and isinstance(entry, int):
            below = bisect_left(ordered, entry)
            raw = below * win + (bisect_right(ordered, entry) - below - 1) * win / 2
            others = []
        else:
            others = [other for other_index, other in enumerate(entries)
                      if other_index != index and not isinstance(other, ArtificialScore)]
        for other in others:
            assert not isinstance(other, ArtificialScore)
            for weight, score in _distribution(entry):
                for other_weight, other_score in _distribution(other):
                    if score > other_score:
                        raw += weight * other_weight * win
                    elif score == other_score:
                        raw += weight * other_weight * win / 2
        if len(real) != field_size:
            raw = neuberg(raw, results=len(real), expected=field_size, scale=scale)
        ns.append(_clean(raw))
        ew.append(_clean(top - raw))
    return Traveller(entries, tuple(ns), tuple(ew), float(top), scale)


def matchpoints(ns_scores: Sequence[ScoreEntry] | Iterable[ScoreEntry], *, expected: int | None = None,
                scale: MatchpointScale = MatchpointScale.MP1) -> list[float]:
    """NS matchpoints for each NS score on a board: 2 per score beaten, 1 per tie (seed 001).

    EW get the complement (``score_traveller`` gives both, with percentages).
    """
    return list(score_traveller(ns_scores, expected=expected, scale=scale).ns)


# --- a pairs session ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableResult:
    """One line of a traveller: the board, the two pairs and the NS score (or an adjusted score)."""

    board: int
    ns_pair: Hashable
    ew_pair: Hashable
    ns_score: ScoreEntry


def group_by_board(results: Iterable[TableResult]) -> dict[int, list[TableResult]]:
    """Table results by board number, in the order given."""
    boards: dict[int, list[TableResult]] = {}
    for result in results:
        boards.setdefault(result.board, []).append(result)
    return boards


def rank_totals(totals: dict[Hashable, float]) -> list[tuple[int, Hashable, float]]:
    """(rank, pair, total) best first; tied pairs share the higher rank (``4=``)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    ranked: list[tuple[int, Hashable, float]] = []
    for position, (pair, total) in enumerate(ordered, start=1):
        rank = ranked[-1][0] if ranked and math.isclose(ranked[-1][2], total) else position
        ranked.append((rank, pair, total))
    return ranked


@dataclass(frozen=True)
class PairsResult:
    """A matchpoint session: each board's traveller and each pair's matchpoints, top and percentage."""

    travellers: dict[int, Traveller]
    totals: dict[Hashable, float] = field(default_factory=dict)
    tops: dict[Hashable, float] = field(default_factory=dict)

    @property
    def percentages(self) -> dict[Hashable, float]:
        """Each pair's matchpoints as a percentage of the tops of the boards it played."""
        return {pair: 50.0 if not self.tops[pair] else _clean(100 * total / self.tops[pair])
                for pair, total in self.totals.items()}

    def ranking(self) -> list[tuple[int, Hashable, float]]:
        """(rank, pair, percentage) best first: percentages rank pairs who played different boards."""
        return rank_totals(self.percentages)

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"boards": {str(number): traveller.to_json() for number, traveller in self.travellers.items()},
                "ranking": [{"rank": rank, "pair": str(pair), "percent": percent,
                             "matchpoints": self.totals[pair], "top": self.tops[pair]}
                            for rank, pair, percent in self.ranking()]}


def matchpoint_pairs(results: Iterable[TableResult], *, expected: int | None = None,
                     scale: MatchpointScale = MatchpointScale.MP1) -> PairsResult:
    """Matchpoint a whole session: every board's traveller, then each pair's total and percentage.

    With ``expected`` (times each board should be played), boards played fewer times are
    factored up by Neuberg's formula.
    """
    travellers: dict[int, Traveller] = {}
    totals: dict[Hashable, float] = {}
    tops: dict[Hashable, float] = {}
    for number, rows in group_by_board(results).items():
        traveller = score_traveller([row.ns_score for row in rows], expected=expected, scale=scale)
        travellers[number] = traveller
        for row, ns, ew in zip(rows, traveller.ns, traveller.ew, strict=True):
            for pair, points in ((row.ns_pair, ns), (row.ew_pair, ew)):
                totals[pair] = _clean(totals.get(pair, 0.0) + points)
                tops[pair] = tops.get(pair, 0.0) + traveller.top
    return PairsResult(travellers, totals, tops)
