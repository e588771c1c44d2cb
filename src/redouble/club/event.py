"""An event over several sessions (a two-session pairs championship, a club's monthly series): one combined ranking.

A pair is known across sessions by its players (pair numbers change from one session to the next;
"Bob Jones – Ann Smith" is the same pair as "Ann Smith – Bob Jones"), else by its pair number. The
three ways clubs combine sessions (ScoreBridge, EBUScore, Magic Contest):

- ``EventMethod.PERCENT`` (matchpoint events, the default): the mean of the pair's session percentages,
  each session counting once; a carry-over is a percentage (0 to 100) counting as ``carry_weight`` sessions.
- ``EventMethod.MATCHPOINTS``: the matchpoints added up, ranked by the sum; the percentage is Σ MPs ÷
  Σ tops (sessions weigh by their boards); a carry-over is added in MPs.
- ``EventMethod.TOTAL`` (IMP events, the default there): the session totals (Butler or cross-IMPs) added
  up, plus a carry-over in IMPs.

A carry-over is what a pair brings from a qualifying stage into a final (the EBU's and ACBL's carry-forward),
given per pair as ``NAMES=VALUE`` or ``PAIR=VALUE`` (its number in the first session): ``parse_carry``. One
that names no pair of the event is refused, never silently dropped.

Every combined number carries its derivation (``redouble.club.derivation``), ties share a place (1, 2=, 2=, 4).

>>> parse_carry(["Ann Smith & Bob Jones=55.5", "3NS=-4"])
{'Ann Smith & Bob Jones': 55.5, '3NS': -4.0}
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from redouble.club.derivation import Derivation, Derived, Step, Value, Word, number_text
from redouble.club.movement import PairId
from redouble.club.results import ResultError
from redouble.club.scoring import Method, PairScore, Placed, SessionScore
from redouble.club.session import SessionState
from redouble.scoring.matchpoints import rank_totals

__all__ = ["CarryError", "EventLine", "EventMethod", "EventPart", "EventScore", "pair_key", "parse_carry",
           "score_event"]


class EventMethod(enum.Enum):
    """How an event's sessions combine: mean of percentages, summed matchpoints, or summed totals (IMPs)."""

    PERCENT = "percent"
    MATCHPOINTS = "mp"
    TOTAL = "total"

    def __repr__(self) -> str:
        return f"EventMethod.{self.name}"

    @classmethod
    def parse(cls, text: str) -> EventMethod:
        """``percent``, ``mp`` (or ``matchpoints``) or ``total`` (or ``imps``)."""
        key = {"matchpoints": "mp", "imps": "total", "%": "percent"}.get(text.strip().lower(), text.strip().lower())
        try:
            return cls(key)
        except ValueError:
            raise ResultError(f"{text!r} is not a way to combine sessions: expected percent, mp or total") from None


@dataclass(frozen=True, slots=True)
class EventPart:
    """One session of a pair's event: the session, its pair number there, total, top and percentage."""

    session: str
    pair: PairId
    total: float
    top: float
    percentage: float | None


@dataclass(frozen=True, slots=True)
class EventLine(Derived, Placed):
    """A pair's line of the combined ranking."""

    key: str
    names: str
    parts: tuple[EventPart, ...]
    carry: float | None  # None: the pair carries nothing over (a carry-over of 0% still counts as a session)
    score: float
    percentage: float | None
    place: int
    tied: bool
    why: Derivation


@dataclass(frozen=True, slots=True)
class EventScore:
    """An event's combined ranking over its sessions, best first."""

    name: str
    method: EventMethod
    unit: str
    sessions: tuple[str, ...]
    lines: tuple[EventLine, ...]

    def line(self, key: str) -> EventLine:
        """One pair's line, by its players' names (in any order) or its pair number in the first session."""
        wanted = _normal(key)
        for line in self.lines:
            if line.key == wanted or (line.parts and str(line.parts[0].pair) == key.strip()):
                return line
        raise ResultError(f"no pair {key!r} in event {self.name}")

    def text(self) -> str:
        """The ranking as plain text."""
        rows = [f"{self.name}: {len(self.sessions)} sessions, by {self.method.value}"]
        for line in self.lines:
            percent = "" if line.percentage is None else f" {line.percentage:6.2f}%"
            rows.append(f"  {line.place_text:>4} {line.names or line.key:<36} {number_text(line.score):>8}"
                        f"{'' if self.method is EventMethod.PERCENT else ' ' + self.unit}{percent}")
        return "\n".join(rows)


def _normal(names: str) -> str:
    """Players' names in a fixed order, case and separators aside: the pair's key across sessions."""
    for separator in (" – ", " - ", "&", "/", " and "):
        names = names.replace(separator, "\n")
    players = sorted(" ".join(part.split()).casefold() for part in names.split("\n") if part.strip())
    return " & ".join(players)


def pair_key(state: SessionState, pair: PairId) -> str:
    """Who a pair is across sessions: its players, else (unnamed) ``pair 3NS``."""
    entry = state.pairs.get(pair)
    if entry is not None and entry.players and not entry.phantom:
        return _normal(" & ".join(entry.players))
    return f"pair {pair}"


class CarryError(ResultError):
    """A carry-over the event cannot take; ``key`` and ``fields`` name it in the web catalogues (``err_event_<key>``),
    so the server's refusal is worded in its reader's language."""

    def __init__(self, message: str, key: str, **fields: object) -> None:
        super().__init__(message)
        self.key = key
        self.fields = {name: str(value) for name, value in fields.items()}


def parse_carry(items: Iterable[str]) -> dict[str, float]:
    """Carry-overs as given on the command line and in the event's address: ``NAMES=VALUE`` (the players, in any
    order) or ``PAIR=VALUE`` (the pair's number in the first session), one per pair."""
    given: dict[str, float] = {}
    for item in items:
        key, sep, value = item.rpartition("=")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not sep or not key.strip() or not math.isfinite(number):
            raise CarryError(f"carry-over {item!r}: expected NAMES=VALUE or PAIR=VALUE, e.g. '3NS=55.5'", "carry",
                             carry=item)
        if key.strip() in given:
            raise CarryError(f"{key.strip()!r} is carried over twice: give each pair one carry-over", "carry_twice",
                             pair=key.strip())
        given[key.strip()] = number
    return given


def _matches(given: str, key: str, first: PairId | None) -> bool:
    """Whether a carry-over's ``given`` pair is the event's pair ``key`` (first seen as pair ``first``)."""
    return _normal(given) == key or (first is not None and given.strip() == str(first))


def score_event(name: str, sessions: Sequence[SessionState], *, method: EventMethod | None = None,
                carry: Mapping[str, float] | None = None, carry_weight: float = 1.0,
                scores: Sequence[SessionScore] | None = None) -> EventScore:
    """Combine the scored ``sessions`` (in order) into one ranking by ``method`` (see the module docstring);
    ``carry`` maps a pair (players' names, or its number in the first session) to its carry-over."""
    if not sessions:
        raise ResultError(f"event {name!r} has no sessions")
    scored = list(scores) if scores is not None else [state.score() for state in sessions]
    imps = scored[0].method is not Method.MATCHPOINTS
    if any((score.method is not Method.MATCHPOINTS) != imps for score in scored):
        raise ResultError(f"event {name!r} mixes matchpoint and IMP sessions: they cannot be combined")
    chosen = method or (EventMethod.TOTAL if imps else EventMethod.PERCENT)
    if imps and chosen is not EventMethod.TOTAL:
        raise ResultError(f"event {name!r} is scored in IMPs: its sessions combine by their totals")
    unit = "IMPs" if imps else "MP"
    parts: dict[str, list[EventPart]] = {}
    names: dict[str, str] = {}
    for state, score in zip(sessions, scored, strict=True):
        seen: set[str] = set()
        for pair in score.pairs:
            key = pair_key(state, pair.pair)
            if key in seen:
                raise ResultError(f"event {name!r}: {state.names(pair.pair) or key} play twice in session "
                                  f"{state.name}")
            seen.add(key)
            names.setdefault(key, state.names(pair.pair))
            parts.setdefault(key, []).append(_part(state.name, pair))
    carried = _carried(name, chosen, carry or {}, carry_weight, parts)
    values: dict[str, float] = {}
    percents: dict[str, float | None] = {}
    whys: dict[str, Derivation] = {}
    for key, own in parts.items():
        label: Value = names[key] or key
        values[key], percents[key], whys[key] = _combine(chosen, label, own, carried.get(key), carry_weight, unit)
    ranked = rank_totals(dict(sorted(values.items())))
    counts = Counter(rank for rank, _, _ in ranked)
    lines = []
    for rank, key_, value in ranked:
        key = str(key_)
        place = Step.of("pair.tied_all" if counts[rank] > 1 else "pair.place_all", place=rank, count=len(ranked),
                        mates=tuple(names[str(other)] or str(other) for other_rank, other, _
                                                       in ranked if other_rank == rank and other != key_))
        lines.append(EventLine(key, names[key], tuple(parts[key]), carried.get(key), value, percents[key], rank,
                               counts[rank] > 1, whys[key] + place))
    return EventScore(name, chosen, unit, tuple(state.name for state in sessions), tuple(lines))


def _carried(name: str, method: EventMethod, carry: Mapping[str, float], weight: float,
             parts: Mapping[str, list[EventPart]]) -> dict[str, float]:
    """Each carry-over given, by the pair it names: one that names no pair, or two, or a percentage outside 0 to
    100, is refused with the pair as given."""
    if not (math.isfinite(weight) and weight > 0):
        raise CarryError(f"a carry-over counts as a positive number of sessions, not {weight:g}", "carry_weight",
                         weight=f"{weight:g}")
    carried: dict[str, float] = {}
    for given, value in carry.items():
        found = [key for key, own in parts.items() if _matches(given, key, own[0].pair)]
        if not found:
            raise CarryError(f"no pair {given!r} in event {name!r} to carry {value:g} over to: give the players' "
                             "names or the pair's number in the first session", "carry_pair", pair=given,
                             value=f"{value:g}")
        if len(found) > 1:
            raise CarryError(f"{given!r} names {len(found)} pairs of event {name!r}: give the players' names",
                             "carry_pairs", pair=given, count=len(found))
        if found[0] in carried:
            raise CarryError(f"{given!r} is carried over twice: give each pair one carry-over", "carry_twice",
                             pair=given)
        if method is EventMethod.PERCENT and not 0 <= value <= 100:
            raise CarryError(f"{given!r} carries over {value:g}%: a percentage is 0 to 100", "carry_percent",
                             pair=given, value=f"{value:g}")
        carried[found[0]] = value
    return carried


def _part(session: str, pair: PairScore) -> EventPart:
    return EventPart(session, pair.pair, pair.total, pair.top, pair.percentage)


def _combine(method: EventMethod, label: Value, parts: list[EventPart], carry: float | None, weight: float,
             unit: str) -> tuple[float, float | None, Derivation]:
    """A pair's combined score, percentage and derivation."""
    if method is EventMethod.PERCENT:
        percents = [part.percentage or 0.0 for part in parts]
        listed = tuple(Derivation.of(Step.of("event.session", session=part.session, value=f"{percent:.2f}%"))
                       for part, percent in zip(parts, percents, strict=True))
        if carry is not None:
            divisor = len(parts) + weight
            value = round((sum(percents) + carry * weight) / divisor, 9)
            return value, value, Derivation.of(Step.of(
                "event.percent_carry", pair=label, parts=listed, carry=carry, weight=weight, divisor=divisor,
                percent=f"{value:.2f}"))
        value = round(sum(percents) / len(parts), 9)
        return value, value, Derivation.of(Step.of("event.percent", pair=label, count=len(parts), parts=listed,
                                                   percent=f"{value:.2f}"))
    listed = tuple(Derivation.of(Step.of("event.session", session=part.session, value=part.total)) for part in parts)
    total = round(sum(part.total for part in parts), 9)
    if method is EventMethod.MATCHPOINTS:
        top = sum(part.top for part in parts)
        percent = round(100 * total / top, 9) if top else None
        why = Derivation.of(Step.of("event.mp", pair=label, sum=total, count=len(parts), parts=listed, top=top,
                                    percent="–" if percent is None else f"{percent:.2f}"))
    else:
        percent = None
        why = Derivation.of(Step.of("event.sum", pair=label, sum=total, unit=Word(unit), count=len(parts),
                                    parts=listed))
    if carry is not None:
        total = round(total + carry, 9)
        why += Step.of("event.carry", carry=carry, total=total, unit=Word(unit))
    return (total if not math.isclose(total, round(total)) else float(round(total))), percent, why
