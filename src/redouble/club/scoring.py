"""Session scoring for a club: travellers, pair totals, percentages and places, each number explained.

Matchpoints, Neuberg, Butler and cross-IMPs come from ``redouble.scoring``; this module groups a
session's traveller lines into boards and fields, applies the adjustments a director gives
(Law 12C2 artificial scores with the session-percentage rule, Law 12C1c weighted scores, split
scores, procedural penalties) and ranks each field. The rules:

- Matchpoints are 2 per score beaten and 1 per tie (seed 001; ``MatchpointScale.MP2``: the ACBL's
  1 and ½); the top is 2(N−1) with N the most results on any board of the section, and a board
  with fewer real results (missed, or with an artificial score) is factored up by Neuberg's
  formula. Percentages are over the boards each pair played.
- With ``session_rule`` an artificial Av+ (60%) gives the greater of 60% and the pair's percentage
  on its other boards and Av− (40%) the lesser (Law 12C2; EBU White Book, WBF Code of Practice);
  without it (USEBIO's ``A6040``) the stated percentages stand.
- A split score matchpoints each side against the others with its own score; a weighted score
  (Law 12C1c) compares part by part; a procedural penalty comes off one pair's total only.
- Butler's datum by default drops the top and bottom score, takes the mean and rounds to 10 with
  halves away from zero (Compscore3 and the EBU; with three results this keeps the median:
  ``ButlerScoring.trim_from`` names the rule); cross-IMPs are averaged per comparison
  (Compscore3, PBN ``Cross2``).
- Two winners (``winners=2``) rank NS and EW apart, each pair in the field of its ``directions``
  entry (USEBIO's ``DIRECTION``), else of its pair number (3NS), else the way it sat most; ties
  share a place (1, 2=, 2=, 4).

>>> from redouble.club.movement import PairId
>>> lines = [BoardResult(1, PairId(n, Side.NS), PairId(n, Side.EW), score=s)
...          for n, s in enumerate([420, 430, 500, 420, 450, -50, 170], start=1)]
>>> [line.ns for line in score_session(lines, method=Method.MATCHPOINTS).board(1).lines]
[5.0, 8.0, 12.0, 5.0, 10.0, 0.0, 2.0]
"""

from __future__ import annotations

import dataclasses
import enum
import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redouble.club.derivation import Derivation, Derived, Signed, Step, Value, Word, number_text
from redouble.club.movement import PairId
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.scoring.imps import imps
from redouble.scoring.matchpoints import (
    ArtificialScore,
    MatchpointScale,
    ScoreEntry,
    WeightedScore,
    rank_totals,
    score_traveller,
)
from redouble.scoring.teams import (
    ButlerScoring,
    CrossDivisor,
    CrossScoring,
)
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale, victory_points
from redouble.seats import Side

__all__ = [
    "BoardScore",
    "CardLine",
    "Disagreement",
    "MatchBoard",
    "MatchScore",
    "Method",
    "PairScore",
    "Placed",
    "ScoredLine",
    "ScoringOptions",
    "SessionScore",
    "differs",
    "score_session",
    "team_match",
]


class Method(enum.Enum):
    """How a board's results are compared: matchpoints, Butler IMPs, cross-IMPs, or a two-room IMP match."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"
    IMPS = "imps"

    def __repr__(self) -> str:
        return f"Method.{self.name}"

    @property
    def unit(self) -> str:
        """``MP`` or ``IMPs``."""
        return "MP" if self is Method.MATCHPOINTS else "IMPs"


def _clean(value: float) -> float:
    return round(value, 9) + 0.0


_num = number_text


def _entry_value(entry: ScoreEntry) -> Value:
    return Signed(entry) if isinstance(entry, int) and entry else str(entry)


def _pair_value(pair: PairId) -> Value:
    """A pair number for a derivation, its direction translated with the page (3NS → 3NZ)."""
    if pair.direction is None:
        return str(pair)
    return Derivation.of(Step.of("pair", number=str(pair.number), side=Word(pair.direction.name)))


def _field_value(field: str) -> Value:
    """A field's name for a derivation: ``all``, ``A``, or ``A`` and a translated direction."""
    section, _, direction = field.rpartition(" ")
    if direction in ("NS", "EW"):
        return Derivation.of(Step.of("field", section=section, side=Word(direction))) if section \
            else Word(direction)
    return Word("all") if field == "all" else field


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One traveller line: both sides' points (MPs after Neuberg, or IMPs), the MPs before it (``*_raw``), how each
    was found."""

    result: BoardResult
    ns: float
    ew: float
    ns_raw: float
    ew_raw: float
    ns_why: Derivation
    ew_why: Derivation

    @property
    def ns_derivation(self) -> str:
        """How NS's points were found, in English (``ns_why`` renders in any page language)."""
        return str(self.ns_why)

    @property
    def ew_derivation(self) -> str:
        """How EW's points were found, in English (``ew_why`` renders in any page language)."""
        return str(self.ew_why)


@dataclass(frozen=True, slots=True)
class BoardScore(Derived):
    """A scored traveller: every line of one board in one section (or across sections)."""

    board: int
    section: str | None
    lines: tuple[ScoredLine, ...]
    top: float
    expected: int
    datum: float | None
    why: Derivation
    cards: tuple[CardLine, ...] = field(default=(), repr=False, compare=False)
    """Each line as the two pairs' score-card lines (NS then EW), made once per scored board."""

    def __post_init__(self) -> None:
        if not self.cards:
            object.__setattr__(self, "cards", tuple(card for line in self.lines for card in _card_lines(self.board,
                                                                                                       line)))

    def line_of(self, pair: PairId) -> ScoredLine | None:
        """The line ``pair`` played, if it played this board."""
        return next((line for line in self.lines if pair in (line.result.ns, line.result.ew)), None)


@dataclass(frozen=True, slots=True)
class CardLine(Derived):
    """One board on a pair's personal score card."""

    pair: PairId
    board: int
    direction: Side
    opponents: PairId
    result: str
    score: ScoreEntry
    points: float
    why: Derivation


class Placed:
    """A place in a ranking, shared with those tied on it (``2=``): a mixin for frozen, slotted
    dataclasses that declare ``place`` and ``tied``."""

    __slots__ = ()
    place: int
    tied: bool

    @property
    def place_text(self) -> str:
        """``2`` or ``2=`` when tied."""
        return f"{self.place}{'=' if self.tied else ''}"


@dataclass(frozen=True, slots=True)
class PairScore(Derived, Placed):
    """A pair's session: total, boards played, percentage (matchpoints), place in its field, score card."""

    pair: PairId
    field: str
    total: float
    boards: int
    top: float
    percentage: float | None
    penalty: float
    place: int
    tied: bool
    card: tuple[CardLine, ...]
    why: Derivation

    def scaled_total(self, boards: int) -> float:
        """The total scaled to ``boards`` boards (a pair that missed boards, as Compscore3 prints it)."""
        if self.percentage is None or not self.boards:
            return self.total
        return _clean(self.percentage * boards * self.top / self.boards / 100)


@dataclass(frozen=True, slots=True)
class ScoringOptions:
    """How a session was scored: the method, winners, scale, Butler rule, sections, Law 12C2 rule, penalties."""

    method: Method
    winners: int
    scale: MatchpointScale
    butler: ButlerScoring
    across_sections: bool
    session_rule: bool
    penalties: tuple[Penalty, ...]
    directions: tuple[tuple[PairId, Side], ...] = ()


@dataclass(frozen=True, slots=True)
class SessionScore:
    """A scored session: travellers, then pairs ranked within each field (section, and direction with two winners)."""

    settings: ScoringOptions
    results: tuple[BoardResult, ...]
    boards: tuple[BoardScore, ...]
    pairs: tuple[PairScore, ...]
    expected: tuple[tuple[str | None, int], ...]
    unadjusted: tuple[BoardScore, ...] = ()
    """The boards before the session-percentage rule, which a corrected result starts from."""

    @property
    def method(self) -> Method:
        """How boards were compared."""
        return self.settings.method

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields ranked apart, in order: ``A``, or ``A NS`` and ``A EW`` with two winners."""
        return tuple(dict.fromkeys(pair.field for pair in self.pairs))

    def ranking(self, field: str | None = None) -> tuple[PairScore, ...]:
        """The pairs of a field (default: all) best first."""
        return tuple(pair for pair in self.pairs if field is None or pair.field == field)

    def pair(self, pair: PairId | str) -> PairScore:
        """One pair's session (``"3NS"`` is read as a pair number)."""
        wanted = PairId.parse(pair) if isinstance(pair, str) else pair
        for scored in self.pairs:
            if scored.pair == wanted or (isinstance(pair, str) and str(scored.pair) == pair.strip()):
                return scored
        raise ResultError(f"no pair {pair} in this session")

    def board(self, number: int, section: str | None = None) -> BoardScore:
        """The traveller of board ``number`` (in ``section`` when sections are scored apart)."""
        for scored in self.boards:
            if scored.board == number and (section is None or scored.section in (section, None)):
                return scored
        raise ResultError(f"board {number} was not played" + (f" in section {section}" if section else ""))

    def with_result(self, result: BoardResult) -> SessionScore:
        """The session with one line added or corrected (same board and pairs): only that board is re-scored."""
        key = (result.board, result.ns, result.ew)
        results = list(self.results)
        index = next((i for i, old in enumerate(results) if (old.board, old.ns, old.ew) == key), None)
        if index is None:
            for old in results:
                clash = {old.ns, old.ew} & {result.ns, result.ew}
                if old.board == result.board and clash:
                    raise ResultError(f"board {result.board}: pair {min(clash)} has two results on this board")
            results.append(result)
            if self.settings.method is Method.IMPS:
                return _score(tuple(results), self.settings)
        else:
            results[index] = result
        scope = None if self.settings.across_sections else result.ns.section
        expected = dict(self.expected)
        grouped = _group(results, self.settings.across_sections)
        if scope not in expected or max(len(rows) for (sc, _), rows in grouped.items() if sc == scope) \
                != expected[scope]:
            return _score(tuple(results), self.settings)
        rows = grouped[(scope, result.board)]
        fresh = _score_board(result.board, scope, rows, expected[scope], self.settings)
        base = self.unadjusted or self.boards
        boards = tuple(fresh if (old.board, old.section) == (result.board, scope) else old for old in base)
        if (result.board, scope) not in {(old.board, old.section) for old in base}:
            boards += (fresh,)
        return _finish(tuple(results), boards, self.expected, self.settings)

    def to_json(self) -> dict[str, Any]:
        """Every number with its derivation, as plain data for the web and the live results."""
        def entry(value: ScoreEntry) -> int | str:
            return value if isinstance(value, int) else str(value)

        return {
            "method": self.method.value, "winners": self.settings.winners, "fields": list(self.fields),
            "boards": [{"board": board.board, "section": board.section, "top": board.top, "datum": board.datum,
                        "derivation": board.derivation, "why": board.why.to_json(),
                        "lines": [{"ns_pair": str(line.result.ns), "ew_pair": str(line.result.ew),
                                   "table": line.result.table, "round": line.result.round,
                                   "result": line.result.result_text(), "ns_score": entry(line.result.ns_entry),
                                   "ns": line.ns, "ew": line.ew, "ns_raw": line.ns_raw, "ew_raw": line.ew_raw,
                                   "ns_derivation": line.ns_derivation, "ew_derivation": line.ew_derivation,
                                   "ns_why": line.ns_why.to_json(), "ew_why": line.ew_why.to_json()}
                                  for line in board.lines]}
                       for board in self.boards],
            "pairs": [{"pair": str(pair.pair), "section": pair.pair.section, "field": pair.field,
                       "place": pair.place_text, "total": pair.total, "percentage": pair.percentage,
                       "boards": pair.boards, "top": pair.top, "penalty": pair.penalty,
                       "derivation": pair.derivation, "why": pair.why.to_json()}
                      for pair in self.pairs],
        }

    def text(self) -> str:
        """The ranking as plain text, field by field."""
        lines: list[str] = []
        for name in self.fields:
            lines.append(f"{name}:")
            for pair in self.ranking(name):
                percent = "" if pair.percentage is None else f" {pair.percentage:6.2f}%"
                lines.append(f"  {pair.place_text:>4} {pair.pair!s:>5} {_num(pair.total):>8} {self.method.unit}"
                             f"{percent}")
        return "\n".join(lines)


def _group(results: Iterable[BoardResult], across: bool) -> dict[tuple[str | None, int], list[BoardResult]]:
    grouped: dict[tuple[str | None, int], list[BoardResult]] = {}
    for result in results:
        if result.ns.section != result.ew.section:
            raise ResultError(f"board {result.board}: {result.ns} and {result.ew} sit in different sections")
        grouped.setdefault((None if across else result.ns.section, result.board), []).append(result)
    return grouped


def _check_played_once(results: Sequence[BoardResult]) -> None:
    seen: set[tuple[int, PairId]] = set()
    for result in results:
        for pair in (result.ns, result.ew):
            if (result.board, pair) in seen:
                raise ResultError(f"board {result.board}: pair {pair} has two results on this board")
            seen.add((result.board, pair))


def score_session(results: Iterable[BoardResult], *, method: Method = Method.MATCHPOINTS, winners: int = 1,
                  scale: MatchpointScale = MatchpointScale.MP1, butler: ButlerScoring | None = None,
                  across_sections: bool = False, session_rule: bool = True,
                  penalties: Iterable[Penalty] = (),
                  directions: Mapping[PairId, Side] | None = None) -> SessionScore:
    """Score a pairs session board by board, then each pair's total, percentage and place in its field, by the rules
    in this module's docstring (seed 001, Neuberg, Law 12C2, Compscore3's Butler and cross-IMPs)."""
    if winners not in (1, 2):
        raise ResultError(f"a session has one or two winners, not {winners!r}")
    settings = ScoringOptions(method, winners, scale, butler or ButlerScoring(), across_sections, session_rule,
                         tuple(penalties), tuple((directions or {}).items()))
    return _score(tuple(results), settings)


def _score(results: tuple[BoardResult, ...], settings: ScoringOptions) -> SessionScore:
    if not results:
        raise ResultError("a session needs at least one result")
    _check_played_once(results)
    grouped = _group(results, settings.across_sections)
    expected: dict[str | None, int] = {}
    for (scope, _), rows in grouped.items():
        expected[scope] = max(expected.get(scope, 0), len(rows))
    if settings.method is Method.IMPS:
        for (_, number), rows in grouped.items():
            if len(rows) != 2:
                raise ResultError(f"board {number}: a team match compares two rooms, not {len(rows)} results")
    boards = tuple(_score_board(number, scope, rows, expected[scope], settings)
                   for (scope, number), rows in sorted(grouped.items(), key=lambda item: (item[0][0] or "",
                                                                                          item[0][1])))
    return _finish(results, boards, tuple(expected.items()), settings)


# --- one board -------------------------------------------------------------------------------------


def _score_board(number: int, scope: str | None, rows: Sequence[BoardResult], expected: int,
                 settings: ScoringOptions) -> BoardScore:
    if settings.method is Method.MATCHPOINTS:
        return _matchpoint_board(number, scope, rows, expected, settings.scale)
    return _imp_board(number, scope, rows, settings)


def _comparison(entry: int, others: list[int], win: int) -> tuple[str, dict[str, Value]]:
    """Which message ('beats 4, ties 1 of 6') and its values, from the sorted plain scores of the others."""
    below = bisect_left(others, entry)
    ties = bisect_right(others, entry) - below
    half = win / 2
    values: dict[str, Value] = {"below": below, "others": len(others), "win": win,
                                "points": below * win + ties * half}
    if ties:
        values.update(ties=ties, half=half)
    return ("ties" if ties else ""), values


def _mp_derivation(entry: ScoreEntry, entries: Sequence[ScoreEntry], index: int, points: float, raw: float,
                   top: float, real: int, expected: int, win: int, side: str) -> Derivation:
    who = Word(side)
    if isinstance(entry, ArtificialScore):
        percent = entry.ns if side == "NS" else entry.ew
        return Derivation.of(Step.of("mp.artificial", side=who, label=entry.label(), percent=percent, top=top,
                                     points=points))
    if isinstance(entry, WeightedScore):
        body = Step.of("mp.weighted", side=who, entry=str(entry), points=raw)
    elif isinstance(entry, int) and all(isinstance(other, (int, ArtificialScore)) for other in entries):
        others = sorted(other for i, other in enumerate(entries) if i != index and isinstance(other, int))
        ties, values = _comparison(entry, others, win)
        suffix = f"_{ties}" if ties else ""
        if side == "EW":
            beaten = Derivation.of(Step.of(f"mp.beaten{suffix}", **values))
            body = Step.of("mp.ew", side=who, ns=Word("NS"), score=_entry_value(entry), beaten=beaten,
                           most=win * (real - 1), points=raw)
        else:
            body = Step.of(f"mp.plain{suffix}", side=who, score=_entry_value(entry), **values)
    else:
        body = Step.of("mp.mixed", side=who, score=_entry_value(entry), others=real - 1, points=raw)
    steps = [body]
    if real != expected:
        steps.append(Step.of("mp.neuberg", real=real, expected=expected, raw=raw, half=win / 2, points=points))
    return Derivation.of(Step.of("mp.of_top", body=Derivation.of(*steps), top=top))


def _matchpoint_board(number: int, scope: str | None, rows: Sequence[BoardResult], expected: int,
                      scale: MatchpointScale) -> BoardScore:
    ns_entries = [row.ns_entry for row in rows]
    ew_entries = [row.ew_entry for row in rows]
    ns_trav = score_traveller(ns_entries, expected=expected, scale=scale)
    ew_trav = ns_trav if ns_entries == ew_entries else score_traveller(ew_entries, expected=expected, scale=scale)
    real = sum(not isinstance(entry, ArtificialScore) for entry in ns_entries)
    if real == expected:
        ns_raw, ew_raw = ns_trav.ns, ew_trav.ew
    else:
        # Before factoring: the real results compared only among themselves.
        real_rows = [i for i, entry in enumerate(ns_entries) if not isinstance(entry, ArtificialScore)]
        ns_raw_l, ew_raw_l = list(ns_trav.ns), list(ew_trav.ew)
        if real_rows:
            raw_ns = score_traveller([ns_entries[i] for i in real_rows], scale=scale)
            raw_ew = raw_ns if ns_entries == ew_entries else score_traveller([ew_entries[i] for i in real_rows],
                                                                             scale=scale)
            for position, i in enumerate(real_rows):
                ns_raw_l[i], ew_raw_l[i] = raw_ns.ns[position], raw_ew.ew[position]
        ns_raw, ew_raw = tuple(ns_raw_l), tuple(ew_raw_l)
    top = ns_trav.top
    win = scale.win
    lines = []
    for i, row in enumerate(rows):
        ns_text = _mp_derivation(ns_entries[i], ns_entries, i, ns_trav.ns[i], ns_raw[i], top, real, expected, win,
                                 "NS")
        ew_text = _mp_derivation(ew_entries[i], ew_entries, i, ew_trav.ew[i], ew_raw[i], top, real, expected, win,
                                 "EW")
        lines.append(ScoredLine(row, ns_trav.ns[i], ew_trav.ew[i], ns_raw[i], ew_raw[i], ns_text, ew_text))
    why = Derivation.of(Step.of("board.mp", board=number, results=len(rows), real=real, win=win, expected=expected,
                                top=top))
    if real != expected:
        why += Step.of("board.neuberg", real=real, expected=expected)
    return BoardScore(number, scope, tuple(lines), top, expected, None, why)


def _imp_board(number: int, scope: str | None, rows: Sequence[BoardResult], settings: ScoringOptions) -> BoardScore:
    method = settings.method
    scorer: ButlerScoring | CrossScoring = settings.butler if method is Method.BUTLER else \
        CrossScoring(CrossDivisor.COMPARISONS if method is Method.CROSS_IMPS else CrossDivisor.NONE)
    ns_entries = [row.ns_entry for row in rows]
    ew_entries = [row.ew_entry for row in rows]
    ns_board = scorer.board(ns_entries)
    ew_board = ns_board if ns_entries == ew_entries else scorer.board(ew_entries)
    datum = ns_board.datum
    plain = sorted(entry for entry in ns_entries if isinstance(entry, int))
    if method is Method.BUTLER:
        why = _datum_why(number, plain, settings.butler, datum)
    else:
        why = Derivation.of(Step.of("board.cross_mean" if method is Method.CROSS_IMPS else "board.cross",
                                    board=number, real=len(plain)))
    lines = []
    for i, row in enumerate(rows):
        texts = []
        for side, entry, value, board in (("NS", ns_entries[i], ns_board.ns[i], ns_board),
                                          ("EW", ew_entries[i], ew_board.ew[i], ew_board)):
            texts.append(_imp_text(side, entry, value, board.datum, [e for j, e in enumerate(
                ns_entries if side == "NS" else ew_entries) if j != i], method))
        lines.append(ScoredLine(row, ns_board.ns[i], ew_board.ew[i], ns_board.ns[i], ew_board.ew[i], *texts))
    return BoardScore(number, scope, tuple(lines), 0.0, len(rows), datum, why)


def _datum_why(number: int, plain: list[int], butler: ButlerScoring, datum: float | None) -> Derivation:
    if not plain:
        return Derivation.of(Step.of("board.butler_none", board=number))
    kept, dropped = butler.kept(plain)
    why = Derivation.of(Step.of("board.butler", board=number, scores=tuple(plain)))
    if dropped:
        why += Step.of("butler.drop", dropped=tuple(dropped))
    return why + Step.of("butler.centre", method=Word(butler.method.value.lower()), kept=len(kept),
                         centre=butler.centre(plain)) + Step.of("butler.rounded", unit=butler.unit,
                                                                rounding=Word(butler.rounding.value),
                                                                datum=datum or 0)


def _imp_text(side: str, entry: ScoreEntry, value: float, datum: float | None, others: list[ScoreEntry],
              method: Method) -> Derivation:
    who = Word(side)
    if isinstance(entry, ArtificialScore):
        percent = entry.ns if side == "NS" else entry.ew
        return Derivation.of(Step.of("imp.artificial", side=who, label=entry.label(), percent=percent,
                                     imps=Signed((percent - 50) * 0.3)))
    sign = 1 if side == "NS" else -1
    if isinstance(entry, WeightedScore):
        return Derivation.of(Step.of("imp.weighted", side=who, entry=str(entry), imps=value))
    if datum is not None:
        diff = entry - datum
        return Derivation.of(Step.of("imp.datum", side=who, ns=Word("NS"), score=_entry_value(entry), datum=datum,
                                     diff=diff, imps=Signed(imps(diff) * sign)))
    plain = [other for other in others if isinstance(other, int)]
    each = tuple(Signed(imps(entry - other) * sign) for other in plain)
    key = "imp.cross_mean" if method is Method.CROSS_IMPS and len(plain) > 1 else "imp.cross"
    return Derivation.of(Step.of(key, side=who, ns=Word("NS"), score=_entry_value(entry), count=len(plain),
                                 each=each, imps=value))


class _Tally:
    """A pair's running sums while a session is totalled."""

    __slots__ = ("cards", "north_south", "top", "total")

    def __init__(self) -> None:
        self.total = 0.0
        self.top = 0.0
        self.north_south = 0
        self.cards: list[CardLine] = []


def _card_lines(board: int, line: ScoredLine) -> tuple[CardLine, CardLine]:
    row = line.result
    text = row.result_text()
    return (CardLine(row.ns, board, Side.NS, row.ew, text, row.ns_entry, line.ns, line.ns_why),
            CardLine(row.ew, board, Side.EW, row.ns, text, row.ew_entry, line.ew, line.ew_why))


# --- the session ------------------------------------------------------------------------------------


def _finish(results: tuple[BoardResult, ...], boards: tuple[BoardScore, ...],
            expected: tuple[tuple[str | None, int], ...], settings: ScoringOptions) -> SessionScore:
    unadjusted = boards
    if settings.method is Method.MATCHPOINTS and settings.session_rule:
        boards = _apply_session_rule(boards)
    tally: dict[PairId, _Tally] = {}
    for board in boards:
        top = board.top
        for card in board.cards:
            entry = tally.get(card.pair)
            if entry is None:
                entry = tally[card.pair] = _Tally()
            entry.total += card.points
            entry.top += top
            entry.north_south += card.direction is Side.NS
            entry.cards.append(card)
    totals = {pair: entry.total for pair, entry in tally.items()}
    played = {pair: len(entry.cards) for pair, entry in tally.items()}
    tops = {pair: entry.top for pair, entry in tally.items()}
    north_south = {pair: entry.north_south for pair, entry in tally.items()}
    cards = {pair: entry.cards for pair, entry in tally.items()}
    deducted, penalty_text = _penalties(settings, boards, totals)
    fields: dict[str, dict[PairId, float]] = {}
    field_of: dict[PairId, str] = {}
    given = dict(settings.directions)
    for pair in totals:
        field = "" if settings.across_sections else pair.section
        if settings.winners == 2:
            direction = given.get(pair) or pair.direction or (
                Side.NS if 2 * north_south[pair] >= played[pair] else Side.EW)
            field = f"{field} {direction.name}".strip()
        field_of[pair] = field or "all"
        fields.setdefault(field_of[pair], {})[pair] = totals[pair] - deducted.get(pair, 0.0)
    scored: list[PairScore] = []
    for name in sorted(fields):
        members = fields[name]
        if settings.method is Method.MATCHPOINTS:
            keys = {pair: (100 * total / tops[pair] if tops[pair] else 50.0) for pair, total in members.items()}
        else:
            keys = dict(members)
        ordered = rank_totals(dict(sorted(keys.items())))
        counts = Counter(rank for rank, _, _ in ordered)
        sharing: dict[int, list[object]] = {}
        for rank, other, _ in ordered:
            if counts[rank] > 1:
                sharing.setdefault(rank, []).append(other)
        for rank, pair_key, _ in ordered:
            pair = pair_key if isinstance(pair_key, PairId) else PairId.parse(str(pair_key))
            total = _clean(members[pair])
            percent = _clean(keys[pair]) if settings.method is Method.MATCHPOINTS else None
            own = tuple(sorted(cards[pair], key=lambda line: line.board))
            text = _pair_text(pair, total, played[pair], tops[pair], percent, deducted.get(pair, 0.0),
                              penalty_text.get(pair, []), settings.method)
            mates = tuple(_pair_value(other) if isinstance(other, PairId) else str(other)
                          for other in sharing.get(rank, ()) if other != pair)
            text += Step.of(("pair.tied" if mates else "pair.place") + ("_all" if len(fields) == 1 else ""), place=rank,
                            count=len(ordered), field=_field_value(name), mates=mates)
            scored.append(PairScore(pair, name, total, played[pair], tops[pair], percent,
                                    _clean(deducted.get(pair, 0.0)), rank, counts[rank] > 1, own, text))
    return SessionScore(settings, results, boards, tuple(scored), expected,
                        () if unadjusted is boards else unadjusted)


def _pair_text(pair: PairId, total: float, played: int, top: float, percent: float | None, deducted: float,
               reasons: list[Step], method: Method) -> Derivation:
    why = Derivation.of(Step.of("pair.sum", pair=_pair_value(pair), boards=played, sum=total + deducted,
                                unit=Word(method.unit)))
    if deducted:
        why += Step.of("pair.penalties", amount=deducted, reasons=Derivation(tuple(reasons)), total=total)
    if percent is not None:
        why += Step.of("pair.percent", total=total, top=top, boards=played, percent=f"{percent:.2f}")
    return why


def _penalties(settings: ScoringOptions, boards: tuple[BoardScore, ...],
               totals: dict[PairId, float]) -> tuple[dict[PairId, float], dict[PairId, list[Step]]]:
    deducted: dict[PairId, float] = {}
    reasons: dict[PairId, list[Step]] = {}
    for penalty in settings.penalties:
        if penalty.pair not in totals:
            raise ResultError(f"penalty for pair {penalty.pair}, who has no result in this session")
        matchpoints = settings.method is Method.MATCHPOINTS
        if penalty.unit is PenaltyUnit.IMPS and matchpoints:
            raise ResultError(f"penalty for {penalty.pair}: IMPs in a matchpoint session; give MPs or % of a top")
        if penalty.unit is not PenaltyUnit.IMPS and not matchpoints:
            raise ResultError(f"penalty for {penalty.pair}: an IMP session takes penalties in IMPs")
        if penalty.unit is PenaltyUnit.PERCENT_OF_TOP:
            top = next((b.top for b in boards if b.board == penalty.board and b.line_of(penalty.pair)),
                       max((b.top for b in boards if b.line_of(penalty.pair)), default=0.0))
            amount = top * penalty.amount / 100
        else:
            amount = penalty.amount
        deducted[penalty.pair] = deducted.get(penalty.pair, 0.0) + amount
        on = Derivation.of(Step.of("pair.penalty_board", board=penalty.board)) if penalty.board is not None \
            else Derivation()
        reason = Derivation.of(Step.of("pair.penalty_reason", reason=penalty.reason)) if penalty.reason \
            else Derivation()
        unit = Word(f"pen.{penalty.unit.value}")
        reasons.setdefault(penalty.pair, []).append(Step.of(
            "pair.penalty", pair=_pair_value(penalty.pair), amount=penalty.amount, unit=unit, board=on, reason=reason,
            points=amount))
    return deducted, reasons


def _apply_session_rule(boards: tuple[BoardScore, ...]) -> tuple[BoardScore, ...]:
    """Av+ → max(60%, session %), Av− → min(40%, session %) on the pair's boards with real results."""
    flagged = [(b, line) for b in boards for line in b.lines if isinstance(line.result.artificial, ArtificialScore)
               and {line.result.artificial.ns, line.result.artificial.ew} & {60.0, 40.0}]
    if not flagged:
        return boards
    wanted = {pair for _, line in flagged for pair in line.result.pairs()}
    real: dict[PairId, list[float]] = {pair: [0.0, 0.0] for pair in wanted}
    for board in boards:
        for line in board.lines:
            if line.result.artificial is not None:
                continue
            for pair, points in ((line.result.ns, line.ns), (line.result.ew, line.ew)):
                if pair in real:
                    real[pair][0] += points
                    real[pair][1] += board.top
    replaced: dict[tuple[int, str | None], BoardScore] = {}
    for board, line in flagged:
        artificial = line.result.artificial
        assert artificial is not None
        current = replaced.get((board.board, board.section), board)
        scored = next(old for old in current.lines if old.result == line.result)
        points_of = {"ns": (scored.ns, scored.ns_why), "ew": (scored.ew, scored.ew_why)}
        for side, pair, percent in (("ns", line.result.ns, artificial.ns), ("ew", line.result.ew, artificial.ew)):
            points, top = real[pair]
            if not top or percent not in (60.0, 40.0):
                continue
            session = 100 * points / top
            chosen = max(percent, session) if percent == 60.0 else min(percent, session)
            if math.isclose(chosen, percent):
                continue
            value = _clean(board.top * chosen / 100)
            points_of[side] = (value, Derivation.of(Step.of(
                "mp.session_rule", side=Word(side.upper()), label="Av+" if percent == 60.0 else "Av−",
                which=Word("greater" if percent == 60.0 else "lesser"), percent=percent, session=f"{session:.2f}",
                chosen=f"{chosen:.2f}", top=board.top, points=value)))
        (ns, ns_text), (ew, ew_text) = points_of["ns"], points_of["ew"]
        if (ns, ew) != (scored.ns, scored.ew):
            fresh = ScoredLine(scored.result, ns, ew, ns, ew, ns_text, ew_text)
            lines = tuple(fresh if old is scored else old for old in current.lines)
            replaced[(board.board, board.section)] = dataclasses.replace(current, lines=lines)
    return tuple(replaced.get((b.board, b.section), b) for b in boards)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A published number that the recomputation does not give: where, which element, both values."""

    where: str
    element: str
    published: str
    recomputed: str

    def __str__(self) -> str:
        return f"{self.where}: {self.element} published {self.published}, recomputed {self.recomputed}"


def differs(published: str, value: float) -> bool:
    """Whether a published number is not ``value`` to 0.01, or to half a unit of its last decimal (29.9 for 29.95)."""
    try:
        number = float(published)
    except ValueError:
        return True
    decimals = len(published.strip().partition(".")[2])
    tolerance = max(0.01, 0.5 * 10 ** -decimals) if decimals else 0.01
    return abs(number - value) > tolerance + 1e-6


# --- team match ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchBoard(Derived):
    """A board of a team match scored with adjusted scores too (Laws 12C, 86): the NS score or adjusted score in
    each room (the home team NS in the open room, EW in the closed), the home team's IMPs and how."""

    board: int
    imps: float
    open_ns: ScoreEntry
    closed_ns: ScoreEntry
    why: Derivation

    @property
    def difference(self) -> int | None:
        """The home team's net points when both rooms have a plain score."""
        if isinstance(self.open_ns, int) and isinstance(self.closed_ns, int):
            return self.open_ns - self.closed_ns
        return None

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        def entry(value: ScoreEntry) -> int | str:
            return value if isinstance(value, int) else str(value)

        return {"board": self.board, "open_ns": entry(self.open_ns), "closed_ns": entry(self.closed_ns),
                "difference": self.difference, "imps": self.imps, "derivation": self.derivation}


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A two-table team match: each board's two rooms, IMPs for the home team, the total and the VPs."""

    home: str
    away: str
    boards: tuple[MatchBoard, ...]
    total: float
    victory_points: tuple[float, float]

    @property
    def derivations(self) -> tuple[str, ...]:
        """How each board's IMPs were found, in English."""
        return tuple(board.derivation for board in self.boards)

    def text(self) -> str:
        """The scorecard, board by board, with the VPs."""
        rows = [f"board {b.board}: {b.derivation}" for b in self.boards]
        vps = f"VPs {_num(self.victory_points[0])}–{_num(self.victory_points[1])}"
        return "\n".join([*rows, f"{self.home} {Signed(self.total).text()} IMPs: {vps}"])


def _artificial_imps(entry: ArtificialScore, room: str, home: str, away: str) -> tuple[float, Step]:
    """An artificial score in one room as the home team's IMPs: Av+ +3, Av 0, Av− −3 for each side (Law 12C2b),
    and the two sides' IMPs averaged when they do not balance (Law 86B)."""
    ns, ew = entry.imps()
    home_imps, away_imps = (ns, ew) if room == "open" else (ew, ns)
    home_percent, away_percent = (entry.ns, entry.ew) if room == "open" else (entry.ew, entry.ns)
    value = _clean((home_imps - away_imps) / 2)
    return value, Step.of("match.artificial", room=Word(room), label=entry.label(), home=home,
                          home_percent=home_percent, home_imps=Signed(home_imps), away=away,
                          away_percent=away_percent, away_imps=Signed(away_imps), imps=Signed(value))


def _parts(entry: ScoreEntry) -> tuple[tuple[float, int], ...]:
    return entry.parts if isinstance(entry, WeightedScore) else ((1.0, int(str(entry))),)


def _room_imps(open_ns: ScoreEntry, closed_ns: ScoreEntry) -> float:
    """The home team's IMPs for two NS scores, a weighted score part by part (Law 12C1c)."""
    if isinstance(open_ns, int) and isinstance(closed_ns, int):
        return imps(open_ns - closed_ns)
    return _clean(round(sum(w1 * w2 * imps(s1 - s2) for w1, s1 in _parts(open_ns) for w2, s2 in _parts(closed_ns)),
                        2))


def _compare_rooms(board: int, open_room: BoardResult, closed_room: BoardResult, home: str,
                   away: str) -> MatchBoard:
    """One board of a match: plain scores by Law 78B, an artificial score by Laws 12C2b and 86A, a weighted score
    part by part (Law 12C1c), a split score by each team's own scores averaged (Law 86B)."""
    open_ns, closed_ns = open_room.ns_entry, closed_room.ns_entry
    artificial = [(room, entry) for room, entry in (("open", open_ns), ("closed", closed_ns))
                  if isinstance(entry, ArtificialScore)]
    if artificial:
        total = 0.0
        steps = []
        for room, entry in artificial:
            assert isinstance(entry, ArtificialScore)
            value, step = _artificial_imps(entry, room, home, away)
            total += value
            steps.append(step)
        if len(artificial) == 1:
            steps.append(Step.of("match.artificial_other"))
        return MatchBoard(board, _clean(total), open_ns, closed_ns, Derivation.of(*steps))
    # Home sits NS in the open room and EW in the closed room: each team's own scores.
    home_view = _room_imps(open_ns, closed_room.ew_entry)
    away_view = _room_imps(open_room.ew_entry, closed_ns)
    if home_view != away_view:
        value = _clean((home_view + away_view) / 2)
        return MatchBoard(board, value, open_ns, closed_ns, Derivation.of(Step.of(
            "match.split", home=home, away=away, home_imps=Signed(home_view), away_imps=Signed(away_view),
            imps=Signed(value))))
    if isinstance(open_ns, int) and isinstance(closed_ns, int):
        return MatchBoard(board, home_view, open_ns, closed_ns, Derivation.of(Step.of(
            "match.board", ns=Word("NS"), open=Signed(open_ns), closed=Signed(closed_ns), home=home,
            diff=Signed(open_ns - closed_ns), imps=Signed(home_view))))
    return MatchBoard(board, home_view, open_ns, closed_ns, Derivation.of(Step.of(
        "match.weighted", ns=Word("NS"), open=str(open_ns), closed=str(closed_ns), home=home,
        imps=Signed(home_view))))


def team_match(results: Iterable[BoardResult], *, home: Iterable[PairId], home_name: str = "Home",
               away_name: str = "Away", scale: VPScale | str = WBF_CONTINUOUS,
               boards: int | None = None) -> MatchScore:
    """Score a two-room team match (seed 001): the home team's IMPs per board by Law 78B (an artificial score by
    Laws 12C2b and 86), the net IMPs as VPs on ``scale``."""
    ours = set(home)
    by_board: dict[int, list[BoardResult]] = {}
    for result in results:
        by_board.setdefault(result.board, []).append(result)
    compared = []
    for number in sorted(by_board):
        rows = by_board[number]
        open_room = [row for row in rows if row.ns in ours]
        closed_room = [row for row in rows if row.ew in ours]
        if len(rows) != 2 or len(open_room) != 1 or len(closed_room) != 1:
            raise ResultError(f"board {number}: a team match needs one line with {home_name} NS and one with "
                              f"{home_name} EW, not {len(rows)} lines")
        compared.append(_compare_rooms(number, open_room[0], closed_room[0], home_name, away_name))
    total = _clean(sum(board.imps for board in compared))
    count = boards or len(compared)
    vps = victory_points(total, boards=count, scale=scale)
    return MatchScore(home_name, away_name, tuple(compared), int(total) if total.is_integer() else total, vps)
