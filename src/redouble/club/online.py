"""The records of an online session's movement: what the server decided as it ran the movement at the
web table, kept in the club session's append-only log so that a restarted server resumes it.

An online session (BBO's "online duplicate") is a club session whose boards are played at the web
table. Its running state (how each pair plays, the current round, which web table each table of
the round plays at and its clock, late play, robots filling for a pair) is a fold over these
records, as the club state is a fold over the others; the club state ignores them. A round clock is
stored as its deadline on the wall clock, so a restart resumes the timer where it stood.

>>> step = TableOpened(table=2, round=1, table_id="abc", deadline=datetime(2026, 11, 22, 20, tzinfo=UTC))
>>> step_from_json("online_table_opened", step_to_json(step)) == step
True
>>> describe_step(step)
'round 1, table 2: plays at web table abc until 20:00:00'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from redouble.club.movement import PairId
from redouble.errors import BridgeError

__all__ = [
    "PAIR_KINDS",
    "LatePlay",
    "OnlineOpened",
    "OnlineStep",
    "PairPlays",
    "RobotsFill",
    "RoundBegan",
    "TableOpened",
    "TimeUp",
    "describe_step",
    "step_from_json",
    "step_to_json",
]

PAIR_KINDS = ("people", "person_robot", "robots")
"""How a pair plays: two people, a person (player 1: North or East) with a robot partner, robots."""


@dataclass(frozen=True, slots=True)
class OnlineOpened:
    """The club session is played online: each pair's kind, the round clock and the robots' pace."""

    pairs: tuple[tuple[PairId, str], ...]
    seconds_per_board: float
    warning_seconds: float
    pace: str

    def __post_init__(self) -> None:
        _check_kinds(kind for _, kind in self.pairs)


@dataclass(frozen=True, slots=True)
class PairPlays:
    """The director changes how a pair plays, from the next round on (robots no longer fill for it)."""

    pair: PairId
    kind: str

    def __post_init__(self) -> None:
        _check_kinds((self.kind,))


@dataclass(frozen=True, slots=True)
class RoundBegan:
    """A round begins; ``stand_ins`` are the (pair, player) whose person was not there, a robot playing
    for them this round."""

    round: int
    stand_ins: tuple[tuple[PairId, int], ...] = ()


@dataclass(frozen=True, slots=True)
class TableOpened:
    """A table of the round plays at web table ``table_id``; its clock runs out at ``deadline`` (UTC)."""

    table: int
    round: int
    table_id: str
    deadline: datetime


@dataclass(frozen=True, slots=True)
class LatePlay:
    """The director lets a table play late (its clock now runs out at ``deadline``)."""

    table: int
    round: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class TimeUp:
    """A table's clock ran out (at ``deadline``) with boards still to play: it waits for the director's
    decision (late play, or average-for-not-played: Law 12C2). Stored, so the director is told once."""

    table: int
    round: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class RobotsFill:
    """Robots play for a pair from round ``round`` on; when that is the round being played, at once
    for the boards its table has not finished."""

    pair: PairId
    round: int


OnlineStep = OnlineOpened | PairPlays | RoundBegan | TableOpened | LatePlay | TimeUp | RobotsFill
"""Every kind of step an online session records."""

KINDS: dict[type, str] = {
    OnlineOpened: "online_opened", PairPlays: "online_pair_plays", RoundBegan: "online_round_began",
    TableOpened: "online_table_opened", LatePlay: "online_late_play", TimeUp: "online_time_up",
    RobotsFill: "online_robots_fill",
}
"""The stored kind of each step (the club log's ``kind`` column)."""


def _check_kinds(kinds: Any) -> None:
    for kind in kinds:
        if kind not in PAIR_KINDS:
            raise BridgeError(f"a pair plays as one of {', '.join(PAIR_KINDS)}, not {kind!r}")


def _pair(pair: PairId) -> str:
    return f"{pair.section}:{pair}"


def _pair_from(text: object) -> PairId:
    section, _, number = str(text).partition(":")
    return PairId.parse(number, section=section)


def _moment(text: object) -> datetime:
    moment = datetime.fromisoformat(str(text))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def step_to_json(step: OnlineStep) -> dict[str, Any]:
    """A step's stored data (``step_from_json`` rebuilds it exactly)."""
    match step:
        case OnlineOpened():
            return {"pairs": [[_pair(pair), kind] for pair, kind in step.pairs],
                    "seconds_per_board": step.seconds_per_board, "warning_seconds": step.warning_seconds,
                    "pace": step.pace}
        case PairPlays():
            return {"pair": _pair(step.pair), "kind": step.kind}
        case RoundBegan():
            return {"round": step.round, "stand_ins": [[_pair(pair), player] for pair, player in step.stand_ins]}
        case TableOpened():
            return {"table": step.table, "round": step.round, "table_id": step.table_id,
                    "deadline": step.deadline.isoformat()}
        case LatePlay() | TimeUp():
            return {"table": step.table, "round": step.round, "deadline": step.deadline.isoformat()}
        case RobotsFill():
            return {"pair": _pair(step.pair), "round": step.round}
    raise AssertionError(step)  # pragma: no cover


def step_from_json(kind: str, data: Mapping[str, Any]) -> OnlineStep:
    """The step stored as ``kind`` with ``data``; a malformed one raises ``KeyError``, ``TypeError``,
    ``ValueError`` or a ``BridgeError``."""
    match kind:
        case "online_opened":
            return OnlineOpened(tuple((_pair_from(pair), str(how)) for pair, how in data["pairs"]),
                                float(data["seconds_per_board"]), float(data["warning_seconds"]), str(data["pace"]))
        case "online_pair_plays":
            return PairPlays(_pair_from(data["pair"]), str(data["kind"]))
        case "online_round_began":
            return RoundBegan(int(data["round"]),
                              tuple((_pair_from(pair), int(player)) for pair, player in data["stand_ins"]))
        case "online_table_opened":
            return TableOpened(int(data["table"]), int(data["round"]), str(data["table_id"]),
                               _moment(data["deadline"]))
        case "online_late_play":
            return LatePlay(int(data["table"]), int(data["round"]), _moment(data["deadline"]))
        case "online_time_up":
            return TimeUp(int(data["table"]), int(data["round"]), _moment(data["deadline"]))
        case "online_robots_fill":
            return RobotsFill(_pair_from(data["pair"]), int(data["round"]))
    raise ValueError(f"unknown online step {kind!r}")


def describe_step(step: OnlineStep) -> str:
    """What a step did, in a few words for the audit log (English, as the log's other lines)."""
    match step:
        case OnlineOpened():
            return (f"played online: {step.seconds_per_board:g} s a board, a warning at {step.warning_seconds:g} s, "
                    + ", ".join(f"pair {pair} {kind}" for pair, kind in step.pairs))
        case PairPlays():
            return f"pair {step.pair} plays as {step.kind} from the next round"
        case RoundBegan():
            absent = ", ".join(f"pair {pair} player {player}" for pair, player in step.stand_ins)
            return f"round {step.round} began" + (f"; a robot plays for {absent}" if absent else "")
        case TableOpened():
            return (f"round {step.round}, table {step.table}: plays at web table {step.table_id} "
                    f"until {step.deadline:%H:%M:%S}")
        case LatePlay():
            return f"round {step.round}, table {step.table}: late play until {step.deadline:%H:%M:%S}"
        case TimeUp():
            return f"round {step.round}, table {step.table}: time is up ({step.deadline:%H:%M:%S}), boards unplayed"
        case RobotsFill():
            return f"robots play for pair {step.pair} from round {step.round}"
    raise AssertionError(step)  # pragma: no cover
