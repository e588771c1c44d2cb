"""A club session as an append-only log of records; its state is a fold over them.

Every change (a session opened, pairs seated, boards dealt, a result entered, confirmed,
corrected or removed, an adjusted score, a penalty, a seating or movement change, an undo) is a
frozen, timestamped ``Record`` naming who made it and why. ``Session.append`` decides on a copy
of the state first, so a bad entry raises a ``SessionError`` naming table, round and board and
leaves every stored record as it was; ``Session.as_of(moment)`` rebuilds the session as it
stood at any earlier moment, which is what makes every published page reproducible.

>>> from redouble.club.movement import Movement, PairId, Seating
>>> movement = Movement("demo", (Seating("A", 1, 1, PairId(1), PairId(2), (1, 2)),))
>>> clock = iter(datetime(2026, 11, 22, 19, minute, tzinfo=UTC) for minute in range(60))
>>> session = Session.open("Tuesday pairs", movement, by="director", clock=lambda: next(clock))
>>> record = session.enter(BoardResult(1, PairId(1), PairId(2), Contract.parse("4S", declarer=Seat.NORTH),
...                                    tricks=10, table=1, round=1), by="north")
>>> session.state.result(table=1, round=1, board=1).ns_score
420
>>> session.enter(BoardResult(1, PairId(1), PairId(2), score=430, table=1, round=1), by="north")
Traceback (most recent call last):
...
redouble.club.session.DuplicateResultError: table 1, round 1, board 1 already has 4S N = (+420): correct it instead
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import Contract
from redouble.cards import Card, Strain
from redouble.club.movement import Movement, PairId, Seating
from redouble.club.online import KINDS as ONLINE_KINDS
from redouble.club.online import OnlineStep, describe_step, step_from_json, step_to_json
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.scoring import Method, SessionScore, score_session
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.notation import Language
from redouble.scoring.duplicate import ns_score
from redouble.scoring.entry import parse_tricks
from redouble.scoring.matchpoints import ArtificialScore, WeightedScore
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale
from redouble.seats import Seat, Side, Vulnerability

if TYPE_CHECKING:
    from redouble.analysis.ddtable import DDTable
    from redouble.club.teamscore import TeamsScore

__all__ = [
    "KIND_OF",
    "Adjustment",
    "BoardNotInRoundError",
    "BoardPlayedTwiceError",
    "BoardsDealt",
    "Change",
    "DuplicateResultError",
    "ImpossibleResultError",
    "LineChange",
    "MovementChanged",
    "NoSuchResultError",
    "NotPlayed",
    "PairSeated",
    "PenaltyGiven",
    "Record",
    "ResultConfirmed",
    "ResultCorrected",
    "ResultEntered",
    "ResultRemoved",
    "ScoreAdjusted",
    "SeatingChanged",
    "Session",
    "SessionClosed",
    "SessionError",
    "SessionOpened",
    "SessionReopened",
    "SessionState",
    "Slot",
    "SlotChange",
    "SlotState",
    "TeamFormed",
    "Undone",
    "WrongPairError",
    "boards_from_pbn",
    "deal_boards",
    "describe_change",
    "parse_method",
    "parse_result_line",
    "possible_scores",
]


# --- errors ------------------------------------------------------------------------------------

class SessionError(BridgeError):
    """A change the session refuses; nothing already entered is lost. ``key`` and ``fields``, where
    given, name the refusal in the web catalogues (``err_session_<key>``), so a page words it in its
    viewer's language."""

    def __init__(self, message: str, *, key: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.key = key
        self.fields = tuple((name, str(value)) for name, value in fields.items())


class WrongPairError(SessionError):
    """A result for a pair that is not at that table in that round (or a sit-out/phantom)."""


class BoardNotInRoundError(SessionError):
    """A result for a board that is not played at that table in that round."""


class BoardPlayedTwiceError(SessionError):
    """A pair with a result on a board it already has a result on elsewhere."""


class DuplicateResultError(SessionError):
    """A second result for a table, round and board that already has one (correct it instead)."""


class ImpossibleResultError(SessionError):
    """A contract, trick count, score or lead that cannot be on this board (Law 77, the deal)."""


class NoSuchResultError(SessionError):
    """A correction, confirmation or adjustment for a result that is not there."""


# --- values ------------------------------------------------------------------------------------

def parse_method(text: str) -> Method:
    """A scoring method by name: ``matchpoints``/``mp``, ``butler``, ``cross-imps``/``ximps``, ``imps``.

    >>> parse_method("MP"), parse_method("ximps")
    (Method.MATCHPOINTS, Method.CROSS_IMPS)
    """
    key = text.strip().lower().replace("_", "-")
    aliases = {"mp": "matchpoints", "mps": "matchpoints", "ximps": "cross-imps", "cross-imp": "cross-imps",
               "crossimps": "cross-imps"}
    key = aliases.get(key, key)
    for method in Method:
        if method.value == key:
            return method
    raise SessionError(f"{text!r} is not a scoring method: expected matchpoints, butler, cross-imps or imps")


@dataclass(frozen=True, slots=True, order=True)
class Slot:
    """Where a result belongs: a board at a table in a round of a section."""

    section: str
    table: int
    round: int
    board: int

    def __str__(self) -> str:
        where = f"table {self.table}, round {self.round}, board {self.board}"
        return where if self.section == "A" else f"section {self.section}, {where}"


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A director's adjusted score (Law 12C): artificial (12C2), weighted (12C1c), assigned or split.

    ``ew_score`` alone makes a split score (Law 12C1b: each side keeps its own NS score), with
    ``score`` the NS side's; ``score`` alone is an assigned score for both sides.

    >>> Adjustment(artificial=ArtificialScore.parse("A+/A-")).label()
    'A+/A-'
    >>> Adjustment(score=420, ew_score=-50).label()
    'NS +420 / EW -50'
    """

    artificial: ArtificialScore | None = None
    weighted: WeightedScore | None = None
    score: int | None = None
    ew_score: int | None = None

    def __post_init__(self) -> None:
        kinds = sum(value is not None for value in (self.artificial, self.weighted, self.score))
        if kinds != 1:
            raise SessionError("an adjusted score is one of: artificial (A+/A-), weighted "
                               "(60% 420, 40% -50), an assigned score, or a split score")
        if self.ew_score is not None and self.score is None:
            raise SessionError("a split score gives both sides a score: NS and EW")
        for value in (self.score, self.ew_score):
            if value is not None and (isinstance(value, bool) or value % 10):
                raise SessionError(f"{value!r} is not a bridge score (a multiple of 10)")

    @property
    def is_split(self) -> bool:
        """Whether the two sides get different scores (Law 12C1b)."""
        return self.ew_score is not None and self.ew_score != self.score

    def label(self) -> str:
        """``A+/A-``, ``60% 420, 40% -50``, ``+420`` or ``NS +420 / EW -50``."""
        if self.artificial is not None:
            return self.artificial.label()
        if self.weighted is not None:
            return str(self.weighted)
        assert self.score is not None
        if self.ew_score is not None:
            return f"NS {self.score:+d} / EW {self.ew_score:+d}"
        return f"{self.score:+d}"

    @classmethod
    def parse(cls, text: str) -> Adjustment:
        """``A+/A-``, ``A``, ``60/40`` (artificial), ``60% 420, 40% -50`` (weighted),
        ``420`` (assigned) or ``420/-50`` (split: NS's score, EW's score)."""
        key = text.strip().replace("−", "-")
        if "%" in key and "," in key:
            return cls(weighted=WeightedScore.parse(key))
        parts = [part.strip() for part in key.split("/")]
        if all(_is_score(part) for part in parts) and len(parts) in (1, 2):
            scores = [int(part) for part in parts]
            if len(scores) == 1:
                return cls(score=scores[0])
            return cls(score=scores[0], ew_score=scores[1])
        return cls(artificial=ArtificialScore.parse(key))


def _is_score(text: str) -> bool:
    body = text[1:] if text[:1] in "+-" else text
    return (body.isdigit() and len(body) >= 2) or body == "0"


# --- changes -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SessionOpened:
    """The session begins: its name, event, movement, scoring method and number of winners; ``travellers``
    is the Bridgemate setting that shows a table a board's traveller once both its pairs have played it."""

    name: str
    movement: Movement
    event: str = ""
    method: Method = Method.MATCHPOINTS
    winners: int = 1
    travellers: bool = True


@dataclass(frozen=True, slots=True)
class PairSeated:
    """A pair takes its place with its players' names (again: a change of names); late or phantom."""

    pair: PairId
    players: tuple[str, ...] = ()
    late: bool = False
    phantom: bool = False


@dataclass(frozen=True, slots=True)
class TeamFormed:
    """A team of pairs (teams events): its number, name and pairs."""

    number: int
    name: str
    pairs: tuple[PairId, ...]


@dataclass(frozen=True, slots=True)
class BoardsDealt:
    """The session's boards: deals from the CSPRNG, a seed or a PBN file (``source`` says which)."""

    boards: tuple[Board, ...]
    source: str = ""


@dataclass(frozen=True, slots=True)
class LineChange:
    """A change carrying one traveller line (its table and round inside): entered, or corrected."""

    result: BoardResult


@dataclass(frozen=True, slots=True)
class SlotChange:
    """A change to one board at one table in one round: not played, or its result removed."""

    slot: Slot


class ResultEntered(LineChange):
    """A traveller line (with its table and round) entered for the first time."""

    __slots__ = ()


class NotPlayed(SlotChange):
    """A board that was not played at its table in that round (late play, a fouled board)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ResultConfirmed(SlotChange):
    """A side (East-West at the table) confirms the result entered."""

    side: Side


class ResultCorrected(LineChange):
    """A result replaced by a corrected one; the old one stays in the log."""

    __slots__ = ()


class ResultRemoved(SlotChange):
    """A result taken off the traveller (entered at the wrong table, say)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ScoreAdjusted(SlotChange):
    """The director's adjusted score on a board at a table, replacing its score for ranking."""

    adjustment: Adjustment


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    """A procedural or disciplinary penalty to one pair (Laws 90, 91)."""

    penalty: Penalty


@dataclass(frozen=True, slots=True)
class SeatingChanged:
    """One table's seating in one round replaced: a late pair, a pair that left, a broken table."""

    seating: Seating


@dataclass(frozen=True, slots=True)
class MovementChanged:
    """The whole movement replaced mid-session; every result entered must still fit it."""

    movement: Movement


@dataclass(frozen=True, slots=True)
class Undone:
    """An earlier record (a correction, an adjustment, a removal …) taken back, by its number."""

    seq: int


@dataclass(frozen=True, slots=True)
class SessionClosed:
    """The director closes the session: no more entries, and its pages are published from the log as it
    stands (the record's ``by``, ``at`` and ``reason`` say who closed it, when and why)."""


@dataclass(frozen=True, slots=True)
class SessionReopened:
    """The director reopens a closed session (a late correction); closing it again publishes it afresh."""


Change = (SessionOpened | PairSeated | TeamFormed | BoardsDealt | ResultEntered | NotPlayed
          | ResultConfirmed | ResultCorrected | ResultRemoved | ScoreAdjusted | PenaltyGiven
          | SeatingChanged | MovementChanged | Undone | SessionClosed | SessionReopened | OnlineStep)
"""Every kind of change a session records (an online session's steps too: ``redouble.club.online``)."""


@dataclass(frozen=True, slots=True)
class Record:
    """One appended change: its number in the log, when, who made it, why, and the entry id a device
    sent it under (``key``: a phone resending a queued entry gets the same record back, never a second)."""

    seq: int
    at: datetime
    by: str
    change: Change
    reason: str = ""
    key: str | None = None

    @property
    def kind(self) -> str:
        """The change's kind in snake case: ``result_entered``, ``score_adjusted`` …"""
        return KIND_OF[type(self.change)]

    def describe(self) -> str:
        """One line for the audit log."""
        text = f"#{self.seq} {self.at:%Y-%m-%d %H:%M:%S} {self.by}: {describe_change(self.change)}"
        return text + (f" ({self.reason})" if self.reason else "")

    def to_json(self) -> dict[str, Any]:
        """A plain dict for storage (``Record.from_json`` rebuilds it exactly)."""
        return {"seq": self.seq, "at": self.at.isoformat(), "by": self.by, "reason": self.reason,
                "key": self.key, "kind": self.kind, "data": _change_to_json(self.change)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """The record a stored dict holds; a malformed one raises ``SessionError``."""
        try:
            at = datetime.fromisoformat(str(data["at"]))
            return cls(seq=int(data["seq"]), at=at if at.tzinfo else at.replace(tzinfo=UTC),
                       by=str(data["by"]), reason=str(data.get("reason", "")),
                       key=None if data.get("key") is None else str(data["key"]),
                       change=_change_from_json(str(data["kind"]), data["data"]))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, SessionError):
                raise
            raise SessionError(f"a stored club record is malformed: {error}") from None


def describe_change(change: Change) -> str:
    """What a change did, in a few words (English; pages translate their own labels)."""
    match change:
        case SessionOpened():
            return f"opened {change.name!r} ({change.movement.name}, {change.method.value})"
        case PairSeated():
            what = "phantom" if change.phantom else ", ".join(change.players) or "no names"
            return f"seated pair {change.pair}: {what}" + (" (late)" if change.late else "")
        case TeamFormed():
            return f"team {change.number} {change.name!r}: pairs {', '.join(map(str, change.pairs))}"
        case BoardsDealt():
            numbers = [board.number for board in change.boards]
            return f"dealt {len(numbers)} boards" + (f" from {change.source}" if change.source else "")
        case ResultEntered():
            return f"entered {_where(change.result)}: {_line_text(change.result)}"
        case NotPlayed():
            return f"{change.slot}: not played"
        case ResultConfirmed():
            return f"{change.slot}: confirmed by {change.side}"
        case ResultCorrected():
            return f"corrected {_where(change.result)} to {_line_text(change.result)}"
        case ResultRemoved():
            return f"removed the result of {change.slot}"
        case ScoreAdjusted():
            return f"adjusted {change.slot}: {change.adjustment.label()}"
        case PenaltyGiven():
            return f"penalty {change.penalty}"
        case SeatingChanged():
            seating = change.seating
            return (f"table {seating.table}, round {seating.round}: {seating.ns or '-'} v {seating.ew or '-'}, "
                    f"boards {_boards_text(seating.boards)}")
        case MovementChanged():
            return f"movement changed to {change.movement.name}"
        case Undone():
            return f"undid #{change.seq}"
        case SessionClosed():
            return "closed the session and published its pages"
        case SessionReopened():
            return "reopened the session"
    return describe_step(change)  # pragma: no cover


def _slot_fields(slot: Slot) -> dict[str, object]:
    """A slot as a refusal's fields."""
    return {"table": slot.table, "round": slot.round, "board": slot.board}


def _where(result: BoardResult) -> str:
    where = f"table {result.table}, round {result.round}, board {result.board}"
    return where if result.ns.section == "A" else f"section {result.ns.section}, {where}"


def _line_text(result: BoardResult) -> str:
    score = result.ns_score
    text = result.result_text()
    if result.lead is not None:
        text += f" lead {result.lead}"
    if score is not None and result.contract is not None:
        text += f" ({score:+d})"
    return text


def _boards_text(boards: Sequence[int]) -> str:
    if not boards:
        return "none"
    if list(boards) == list(range(boards[0], boards[0] + len(boards))) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(map(str, boards))


# --- JSON codec (the stored form; parsed into typed values where it enters) --------------------

def _pair_json(pair: PairId | None) -> str | None:
    if pair is None:
        return None
    return f"{pair.section}:{pair}"


def _pair_from(text: object) -> PairId | None:
    if text is None:
        return None
    section, _, number = str(text).partition(":")
    return PairId.parse(number, section=section)


def _required_pair(text: object) -> PairId:
    pair = _pair_from(text)
    if pair is None:
        raise SessionError("a stored club record names no pair where one is required")
    return pair


def _seating_json(seating: Seating) -> dict[str, Any]:
    return {"section": seating.section, "table": seating.table, "round": seating.round,
            "ns": _pair_json(seating.ns), "ew": _pair_json(seating.ew), "boards": list(seating.boards)}


def _seating_from(data: Mapping[str, Any]) -> Seating:
    return Seating(str(data["section"]), int(data["table"]), int(data["round"]), _pair_from(data["ns"]),
                   _pair_from(data["ew"]), tuple(int(board) for board in data["boards"]))


def _movement_json(movement: Movement) -> dict[str, Any]:
    return {"name": movement.name, "sharing": movement.sharing, "meets_twice": movement.meets_twice,
            "seatings": [_seating_json(s) for s in movement.seatings]}


def _movement_from(data: Mapping[str, Any]) -> Movement:
    return Movement(str(data["name"]), tuple(_seating_from(s) for s in data["seatings"]),
                    sharing=bool(data.get("sharing", False)), meets_twice=bool(data.get("meets_twice", False)))


def _slot_json(slot: Slot) -> dict[str, Any]:
    return {"section": slot.section, "table": slot.table, "round": slot.round, "board": slot.board}


def _slot_from(data: Mapping[str, Any]) -> Slot:
    return Slot(str(data["section"]), int(data["table"]), int(data["round"]), int(data["board"]))


def _result_json(result: BoardResult) -> dict[str, Any]:
    contract = result.contract
    return {"board": result.board, "ns": _pair_json(result.ns), "ew": _pair_json(result.ew),
            "contract": None if contract is None else str(contract),
            "declarer": None if contract is None or contract.declarer is None else contract.declarer.letter(),
            "lead": None if result.lead is None else str(result.lead), "tricks": result.tricks,
            "score": result.score, "table": result.table, "round": result.round,
            "artificial": None if result.artificial is None else [result.artificial.ns, result.artificial.ew],
            "weighted": None if result.weighted is None else str(result.weighted),
            "ew_score": result.ew_score}


def _result_from(data: Mapping[str, Any]) -> BoardResult:
    contract = None
    if data.get("contract") is not None:
        declarer = None if data.get("declarer") is None else Seat.parse(str(data["declarer"]))
        contract = Contract.parse(str(data["contract"]), declarer=declarer)
    artificial = data.get("artificial")
    return BoardResult(
        int(data["board"]), _required_pair(data["ns"]), _required_pair(data["ew"]), contract,
        lead=None if data.get("lead") is None else Card.parse(str(data["lead"])),
        tricks=None if data.get("tricks") is None else int(data["tricks"]),
        score=None if data.get("score") is None else int(data["score"]),
        artificial=None if artificial is None else ArtificialScore(float(artificial[0]), float(artificial[1])),
        weighted=None if data.get("weighted") is None else WeightedScore.parse(str(data["weighted"])),
        ew_score=None if data.get("ew_score") is None else int(data["ew_score"]),
        table=None if data.get("table") is None else int(data["table"]),
        round=None if data.get("round") is None else int(data["round"]))


def _adjustment_json(adjustment: Adjustment) -> dict[str, Any]:
    artificial = adjustment.artificial
    return {"artificial": None if artificial is None else [artificial.ns, artificial.ew],
            "weighted": None if adjustment.weighted is None else str(adjustment.weighted),
            "score": adjustment.score, "ew_score": adjustment.ew_score}


def _adjustment_from(data: Mapping[str, Any]) -> Adjustment:
    artificial = data.get("artificial")
    return Adjustment(
        artificial=None if artificial is None else ArtificialScore(float(artificial[0]), float(artificial[1])),
        weighted=None if data.get("weighted") is None else WeightedScore.parse(str(data["weighted"])),
        score=None if data.get("score") is None else int(data["score"]),
        ew_score=None if data.get("ew_score") is None else int(data["ew_score"]))


def _board_json(board: Board) -> dict[str, Any]:
    return {"number": board.number, "deal": board.deal.to_pbn(), "dealer": board.dealer.letter(),
            "vulnerability": board.vulnerability.value}


def _board_from(data: Mapping[str, Any]) -> Board:
    return Board(deal=Deal.from_pbn(str(data["deal"])), dealer=Seat.parse(str(data["dealer"])),
                 vulnerability=Vulnerability.parse(str(data["vulnerability"])),
                 number=None if data.get("number") is None else int(data["number"]))


def _change_to_json(change: Change) -> dict[str, Any]:
    match change:
        case SessionOpened():
            return {"name": change.name, "event": change.event, "method": change.method.value,
                    "winners": change.winners, "movement": _movement_json(change.movement),
                    **({} if change.travellers else {"travellers": False})}
        case PairSeated():
            return {"pair": _pair_json(change.pair), "players": list(change.players), "late": change.late,
                    "phantom": change.phantom}
        case TeamFormed():
            return {"number": change.number, "name": change.name,
                    "pairs": [_pair_json(pair) for pair in change.pairs]}
        case BoardsDealt():
            return {"source": change.source, "boards": [_board_json(board) for board in change.boards]}
        case ResultEntered() | ResultCorrected():
            return {"result": _result_json(change.result)}
        case NotPlayed() | ResultRemoved():
            return {"slot": _slot_json(change.slot)}
        case ResultConfirmed():
            return {"slot": _slot_json(change.slot), "side": change.side.name}
        case ScoreAdjusted():
            return {"slot": _slot_json(change.slot), "adjustment": _adjustment_json(change.adjustment)}
        case PenaltyGiven():
            penalty = change.penalty
            return {"pair": _pair_json(penalty.pair), "amount": penalty.amount, "unit": penalty.unit.value,
                    "board": penalty.board, "reason": penalty.reason}
        case SeatingChanged():
            return {"seating": _seating_json(change.seating)}
        case MovementChanged():
            return {"movement": _movement_json(change.movement)}
        case Undone():
            return {"seq": change.seq}
        case SessionClosed() | SessionReopened():
            return {}
    return step_to_json(change)


def _change_from_json(kind: str, data: Mapping[str, Any]) -> Change:
    match kind:
        case "session_opened":
            return SessionOpened(str(data["name"]), _movement_from(data["movement"]), event=str(data["event"]),
                                 method=parse_method(str(data["method"])), winners=int(data["winners"]),
                                 travellers=bool(data.get("travellers", True)))
        case "pair_seated":
            return PairSeated(_required_pair(data["pair"]), tuple(str(p) for p in data["players"]),
                              late=bool(data["late"]), phantom=bool(data["phantom"]))
        case "team_formed":
            return TeamFormed(int(data["number"]), str(data["name"]),
                              tuple(_required_pair(pair) for pair in data["pairs"]))
        case "boards_dealt":
            return BoardsDealt(tuple(_board_from(board) for board in data["boards"]), source=str(data["source"]))
        case "result_entered":
            return ResultEntered(_result_from(data["result"]))
        case "result_corrected":
            return ResultCorrected(_result_from(data["result"]))
        case "not_played":
            return NotPlayed(_slot_from(data["slot"]))
        case "result_removed":
            return ResultRemoved(_slot_from(data["slot"]))
        case "result_confirmed":
            return ResultConfirmed(_slot_from(data["slot"]), Side[str(data["side"])])
        case "score_adjusted":
            return ScoreAdjusted(_slot_from(data["slot"]), _adjustment_from(data["adjustment"]))
        case "penalty_given":
            board = data.get("board")
            return PenaltyGiven(Penalty(_required_pair(data["pair"]), float(data["amount"]),
                                        PenaltyUnit(str(data["unit"])), None if board is None else int(board),
                                        str(data.get("reason", ""))))
        case "seating_changed":
            return SeatingChanged(_seating_from(data["seating"]))
        case "movement_changed":
            return MovementChanged(_movement_from(data["movement"]))
        case "undone":
            return Undone(int(data["seq"]))
        case "session_closed":
            return SessionClosed()
        case "session_reopened":
            return SessionReopened()
    if kind in ONLINE_KINDS.values():
        return step_from_json(kind, data)
    raise SessionError(f"a stored club record has an unknown kind {kind!r}")


KIND_OF: dict[type, str] = {
    SessionOpened: "session_opened", PairSeated: "pair_seated", TeamFormed: "team_formed",
    BoardsDealt: "boards_dealt", ResultEntered: "result_entered", NotPlayed: "not_played",
    ResultConfirmed: "result_confirmed", ResultCorrected: "result_corrected", ResultRemoved: "result_removed",
    ScoreAdjusted: "score_adjusted", PenaltyGiven: "penalty_given", SeatingChanged: "seating_changed",
    MovementChanged: "movement_changed", Undone: "undone", SessionClosed: "session_closed",
    SessionReopened: "session_reopened", **ONLINE_KINDS,
}
"""Each change's kind as stored and shown (``result_entered`` …)."""


# --- the state -----------------------------------------------------------------------------------

@cache
def possible_scores(vulnerability: Vulnerability) -> frozenset[int]:
    """Every NS score a board with this vulnerability can have (Law 77), passed out included.

    >>> 420 in possible_scores(Vulnerability.NONE), 420 in possible_scores(Vulnerability.NS)
    (True, False)
    """
    scores = {0}
    for level in range(1, 8):
        for strain in Strain:
            for risk in ("", "X", "XX"):
                for declarer in (Seat.NORTH, Seat.EAST):
                    contract = Contract.parse(f"{level}{strain.format()}{risk}", declarer=declarer)
                    for tricks in range(14):
                        scores.add(ns_score(contract, tricks=tricks, vulnerability=vulnerability))
    return frozenset(scores)


@dataclass(frozen=True, slots=True)
class SlotState:
    """A board at a table in a round as it stands: the result, its confirmations, an adjustment."""

    slot: Slot
    result: BoardResult | None = None
    not_played: bool = False
    confirmed: frozenset[Side] = frozenset()
    adjustment: Adjustment | None = None
    entered_seq: int = 0
    changed_seq: int = 0

    @property
    def scored(self) -> BoardResult | None:
        """The line the scorer uses: the result with any adjusted score applied (``None``: unscored, or an
        adjusted score on a board not played, whose pairs ``SessionState.scored_line`` takes from the seating)."""
        adjustment, base = self.adjustment, self.result
        if adjustment is None:
            return None if self.not_played else base
        if base is None:
            return None
        return dataclasses.replace(base, artificial=adjustment.artificial, weighted=adjustment.weighted,
                                   score=adjustment.score if adjustment.score is not None else base.score,
                                   ew_score=adjustment.ew_score)


@dataclass(frozen=True, slots=True)
class PairEntry:
    """A pair as seated: players' names, late, phantom."""

    pair: PairId
    players: tuple[str, ...] = ()
    late: bool = False
    phantom: bool = False

    @property
    def names(self) -> str:
        """``Ann Smith – Bob Jones`` (or ``phantom``/an empty string)."""
        return "phantom" if self.phantom else " – ".join(self.players)


@dataclass(frozen=True)
class SessionState:
    """The session as the records up to ``seq`` make it."""

    name: str
    event: str
    movement: Movement
    method: Method
    winners: int
    pairs: Mapping[PairId, PairEntry]
    teams: Mapping[int, TeamFormed]
    boards: Mapping[int, Board]
    slots: Mapping[Slot, SlotState]
    penalties: tuple[Penalty, ...]
    seq: int
    at: datetime | None
    seatings: Mapping[tuple[str, int, int], Seating] = field(repr=False)
    closed: bool = False
    travellers: bool = True

    def seating(self, *, table: int, round: int, section: str = "A") -> Seating:
        """Who sits at a table in a round, or a ``SessionError`` naming them."""
        try:
            return self.seatings[(section, table, round)]
        except KeyError:
            raise WrongPairError(f"there is no table {table} in round {round}"
                                 + (f" of section {section}" if section != "A" else "")) from None

    def result(self, *, table: int, round: int, board: int, section: str = "A") -> BoardResult:
        """The result entered at a table in a round on a board (adjusted scores aside)."""
        slot = Slot(section, table, round, board)
        state = self.slots.get(slot)
        if state is None or state.result is None:
            raise NoSuchResultError(f"{slot} has no result")
        return state.result

    def vulnerability(self, board: int) -> Vulnerability:
        """A board's vulnerability: its dealt board's, else the 16-board cycle's (Law 2)."""
        dealt = self.boards.get(board)
        return dealt.vulnerability if dealt is not None else board_vulnerability(board)

    def scored_line(self, slot: Slot) -> BoardResult | None:
        """The line the scorer ranks for a slot: its result with any adjusted score applied (None: unscored)."""
        state = self.slots.get(slot)
        if state is None:
            return None
        line = state.scored
        if line is None and state.adjustment is not None:
            seating = self.seatings.get((slot.section, slot.table, slot.round))
            if seating is not None and seating.ns is not None and seating.ew is not None:
                adjustment = state.adjustment
                line = BoardResult(slot.board, seating.ns, seating.ew, score=adjustment.score,
                                   artificial=adjustment.artificial, weighted=adjustment.weighted,
                                   ew_score=adjustment.ew_score, table=slot.table, round=slot.round)
        return line

    def scored_results(self) -> list[BoardResult]:
        """Every line the scorer ranks, in slot order: results with adjustments applied."""
        lines = (self.scored_line(slot) for slot in sorted(self.slots))
        return [line for line in lines if line is not None]

    def traveller(self, board: int) -> list[SlotState]:
        """The slots of one board (its traveller), in table order."""
        return [self.slots[slot] for slot in sorted(self.slots, key=lambda s: (s.section, s.table, s.round))
                if slot.board == board]

    def missing(self) -> list[Slot]:
        """Boards the movement expects a result for and that have none yet (sit-outs and phantoms aside)."""
        out = []
        phantoms = {pair for pair, entry in self.pairs.items() if entry.phantom}
        for seating in self.seatings.values():
            if seating.ns is None or seating.ew is None or {seating.ns, seating.ew} & phantoms:
                continue
            for board in seating.boards:
                slot = Slot(seating.section, seating.table, seating.round, board)
                state = self.slots.get(slot)
                if state is None or (state.result is None and not state.not_played and state.adjustment is None):
                    out.append(slot)
        return sorted(out, key=lambda s: (s.round, s.section, s.table, s.board))

    def names(self, pair: PairId) -> str:
        """The players of a pair as seated (empty when not given)."""
        entry = self.pairs.get(pair)
        return "" if entry is None else entry.names

    def doubts(self, slot: Slot, *, dd: DDTable | None = None) -> list[str]:
        """Why a result entered looks wrong, for the director to check (never refused): declarer's tricks
        three or more from double dummy (``dd``, the board's table), or an NS score whose sign differs from
        every other table's (the +50/−50 on the wrong side that slips past verification)."""
        found = []
        for kind, fields in self.doubt_fields(slot, dd=dd):
            if kind == "double_dummy":
                found.append(f"{slot}: {fields['contract']} took {fields['tricks']} tricks; double "
                             f"dummy makes {fields['par']}")
            else:
                found.append(f"{slot}: NS {fields['score']}, but every other table scored NS "
                             f"{'minus' if kind == 'sign_minus' else 'plus'}: is it on the right side?")
        return found

    def doubt_fields(self, slot: Slot, *, dd: DDTable | None = None) -> list[tuple[str, dict[str, str]]]:
        """``doubts`` as data, for pages that word them in their own language: each doubt's kind
        (``double_dummy``; ``sign_minus`` or ``sign_plus``: what every other table scored) and its fields."""
        line = self.slots[slot].result if slot in self.slots else None
        if line is None:
            return []
        where = {"table": str(slot.table), "round": str(slot.round), "board": str(slot.board)}
        found = []
        contract = line.contract
        if dd is not None and contract is not None and contract.declarer is not None and line.tricks is not None:
            par_tricks = dd.tricks(declarer=contract.declarer, strain=contract.strain)
            if abs(line.tricks - par_tricks) >= 3:
                found.append(("double_dummy", {**where, "contract": contract.format(with_declarer=True),
                                               "tricks": str(line.tricks), "par": str(par_tricks)}))
        score = line.ns_score
        others = [state.result.ns_score for other, state in self.slots.items()
                  if other.board == slot.board and other != slot and state.result is not None
                  and state.result.ns_score is not None and not state.result.adjusted]
        if score and len(others) >= 2 and all(other and (other > 0) != (score > 0) for other in others):
            found.append(("sign_minus" if score > 0 else "sign_plus", {**where, "score": f"{score:+d}"}))
        return found

    def score(self, *, across_sections: bool = False) -> SessionScore:
        """The session scored as it stands: its method, winners, adjusted scores and penalties; each section
        apart, or with ``across_sections`` every board compared across the sections and one ranking."""
        results = self.scored_results()
        if not results:
            raise SessionError(f"{self.name}: no results entered yet")
        return score_session(results, method=self.method, winners=self.winners, penalties=self.penalties,
                             across_sections=across_sections)

    @property
    def is_teams(self) -> bool:
        """Whether the session is scored as team matches: teams formed and IMPs compared room against room."""
        return bool(self.teams) and self.method is Method.IMPS

    def team_score(self, *, scale: VPScale | str = WBF_CONTINUOUS) -> TeamsScore:
        """The session scored as team matches (seed 001): each match's two rooms board by board, Law 78B IMPs,
        VPs on ``scale`` (WBF 2013 by default, ``seed30`` for seed 001's table), the teams ranked by VPs."""
        from redouble.club.teamscore import score_teams

        if not self.teams:
            raise SessionError(f"{self.name}: no teams formed yet (club team NUMBER NAME PAIRS…)")
        teams = {number: (team.name, team.pairs) for number, team in self.teams.items()}
        return score_teams(list(self.seatings.values()), self.scored_results(), teams, scale=scale)


class _Builder:
    """The mutable fold behind ``SessionState``: applies one record at a time, checking each."""

    def __init__(self, opened: SessionOpened) -> None:
        self.opened = opened
        self.movement = opened.movement
        self.seatings = {(s.section, s.table, s.round): s for s in opened.movement.seatings}
        self.pairs: dict[PairId, PairEntry] = {}
        self.teams: dict[int, TeamFormed] = {}
        self.boards: dict[int, Board] = {}
        self.slots: dict[Slot, SlotState] = {}
        self.played: dict[tuple[int, PairId], Slot] = {}  # (board, pair) -> where that pair's result is
        self.penalties: list[tuple[int, Penalty]] = []
        self.seq = 0
        self.at: datetime | None = None
        self.closed = False

    def copy(self) -> _Builder:
        """A copy to decide the next record on (the dicts copied, their frozen values shared)."""
        other = _Builder.__new__(_Builder)
        other.opened = self.opened
        other.movement = self.movement
        other.seatings = dict(self.seatings)
        other.pairs = dict(self.pairs)
        other.teams = dict(self.teams)
        other.boards = dict(self.boards)
        other.slots = dict(self.slots)
        other.played = dict(self.played)
        other.penalties = list(self.penalties)
        other.seq = self.seq
        other.at = self.at
        other.closed = self.closed
        return other

    def freeze(self) -> SessionState:
        """The state as a frozen ``SessionState``."""
        return SessionState(
            name=self.opened.name, event=self.opened.event, movement=self.movement, method=self.opened.method,
            winners=self.opened.winners, pairs=dict(self.pairs), teams=dict(self.teams), boards=dict(self.boards),
            slots=dict(self.slots), penalties=tuple(p for _, p in self.penalties), seq=self.seq, at=self.at,
            seatings=dict(self.seatings), closed=self.closed, travellers=self.opened.travellers)

    # -- checks --

    def _known_pairs(self) -> set[PairId]:
        return {pair for s in self.seatings.values() for pair in (s.ns, s.ew) if pair is not None}

    def _vulnerability(self, board: int) -> Vulnerability:
        dealt = self.boards.get(board)
        return dealt.vulnerability if dealt is not None else board_vulnerability(board)

    def _slot_of(self, result: BoardResult) -> Slot:
        """The slot a result belongs to: its table and round, or found from its pairs and board."""
        return self.slot_for(result.board, result.ns, result.ew, table=result.table, round=result.round)

    def slot_for(self, board: int, ns: PairId, ew: PairId, *, table: int | None = None,
                 round: int | None = None) -> Slot:
        """Where ``ns`` v ``ew`` play ``board``: the table and round given, or found in the seatings."""
        if table is not None and round is not None:
            return Slot(ns.section, table, round, board)
        for seating in self.seatings.values():
            if seating.ns == ns and seating.ew == ew and board in seating.boards:
                return Slot(seating.section, seating.table, seating.round, board)
        for seating in self.seatings.values():
            if seating.ns == ew and seating.ew == ns and board in seating.boards:
                raise WrongPairError(
                    f"board {board}: {ns} and {ew} are the wrong way round; at table {seating.table}, round "
                    f"{seating.round} {seating.ns} sits NS and {seating.ew} EW", key="wrong_way", board=board,
                    ns=ns, ew=ew, table=seating.table, round=seating.round)
        raise WrongPairError(f"board {board}: {ns} (NS) and {ew} (EW) do not play it against each other in "
                             f"movement {self.movement.name}", key="not_opponents", board=board, ns=ns, ew=ew)

    def _check_result(self, result: BoardResult, slot: Slot) -> BoardResult:
        seating = self.seatings.get((slot.section, slot.table, slot.round))
        if seating is None:
            raise WrongPairError(f"{slot}: there is no table {slot.table} in round {slot.round}", key="no_table",
                                 table=slot.table, round=slot.round)
        if slot.board not in seating.boards:
            raise BoardNotInRoundError(f"{slot}: board {slot.board} is not played there "
                                       f"(boards {_boards_text(seating.boards)})", key="board_not_there",
                                       **_slot_fields(slot), boards=_boards_text(seating.boards))
        if (result.ns, result.ew) != (seating.ns, seating.ew):
            raise WrongPairError(f"{slot}: {result.ns} v {result.ew} is not who sits there "
                                 f"({seating.ns or 'nobody'} NS v {seating.ew or 'nobody'} EW)", key="not_seated",
                                 **_slot_fields(slot), ns=result.ns, ew=result.ew, seated_ns=seating.ns or "-",
                                 seated_ew=seating.ew or "-")
        for pair in (result.ns, result.ew):
            entry = self.pairs.get(pair)
            if entry is not None and entry.phantom:
                raise WrongPairError(f"{slot}: {pair} is the phantom pair; its opponents sit out", key="phantom",
                                     **_slot_fields(slot), pair=pair)
        for pair in sorted((result.ns, result.ew)):
            other = self.played.get((slot.board, pair))
            if other is not None and other != slot:
                raise BoardPlayedTwiceError(f"{slot}: pair {pair} already has a result on board {slot.board} "
                                            f"at table {other.table}, round {other.round}", key="played_twice",
                                            **_slot_fields(slot), pair=pair, other_table=other.table,
                                            other_round=other.round)
        vulnerability = self._vulnerability(slot.board)
        contract = result.contract
        if contract is not None and result.tricks is not None:
            computed = ns_score(contract, tricks=result.tricks, vulnerability=vulnerability)
            if result.score is not None and result.score != computed:
                raise ImpossibleResultError(
                    f"{slot}: {result.result_text()} scores {computed:+d} for NS (vulnerable: {vulnerability}), "
                    f"not {result.score:+d}", key="score_mismatch", **_slot_fields(slot), result=result.result_text(),
                    computed=f"{computed:+d}", score=f"{result.score:+d}")
        score = result.ns_score if self.boards.get(slot.board) is None else (
            result.score if result.score is not None
            else None if contract is None or result.tricks is None
            else ns_score(contract, tricks=result.tricks, vulnerability=vulnerability))
        if score is not None and not result.adjusted and score not in possible_scores(vulnerability):
            raise ImpossibleResultError(f"{slot}: {score:+d} is not a possible score on board {slot.board} "
                                        f"(vulnerable: {vulnerability})", key="impossible_score",
                                        **_slot_fields(slot), score=f"{score:+d}")
        if result.lead is not None and contract is not None and contract.declarer is not None:
            dealt = self.boards.get(slot.board)
            leader = contract.declarer.lho
            if dealt is not None and result.lead not in dealt.deal[leader]:
                holder = dealt.deal.holder(result.lead)
                raise ImpossibleResultError(
                    f"{slot}: the lead {result.lead} is in {holder.format(full=True)}'s hand, but "
                    f"{leader.format(full=True)} leads against {contract.format(with_declarer=True)}: "
                    "either the lead or the declarer is wrong", key="wrong_lead", **_slot_fields(slot),
                    lead=result.lead, contract=contract.format(with_declarer=True))
        # A result keyed by the slot carries its table and round, and its score when the board's
        # vulnerability is not the 16-board cycle's (a PBN file's own) so every reader scores it alike.
        if (score is not None and result.score is None and not result.adjusted
                and vulnerability is not board_vulnerability(slot.board)):
            return dataclasses.replace(result, table=slot.table, round=slot.round, score=score)
        return dataclasses.replace(result, table=slot.table, round=slot.round)

    def _existing(self, slot: Slot) -> SlotState:
        state = self.slots.get(slot)
        if state is None or (state.result is None and not state.not_played and state.adjustment is None):
            raise NoSuchResultError(f"{slot} has no result yet", key="no_result", **_slot_fields(slot))
        return state

    # -- apply --

    def apply(self, record: Record) -> None:
        """Check one record against the state and apply it, or raise the ``SessionError`` why not."""
        if record.seq != self.seq + 1:
            raise SessionError(f"record #{record.seq} does not follow #{self.seq}")
        change = record.change
        if self.closed and not isinstance(change, SessionReopened):
            raise SessionError("the session is closed: the director reopens it first", key="reopen_first")
        match change:
            case SessionOpened():
                raise SessionError("the session is already open")
            case SessionClosed():
                self.closed = True
            case SessionReopened():
                if not self.closed:
                    raise SessionError("the session is open: only a closed session is reopened")
                self.closed = False
            case PairSeated():
                if change.pair not in self._known_pairs():
                    raise WrongPairError(f"pair {change.pair} is not in movement {self.movement.name}")
                self.pairs[change.pair] = PairEntry(change.pair, change.players, change.late, change.phantom)
            case TeamFormed():
                unknown = [str(p) for p in change.pairs if p not in self._known_pairs()]
                if unknown:
                    raise WrongPairError(f"team {change.number}: pairs {', '.join(unknown)} are not in the movement")
                for number, team in self.teams.items():
                    shared = [str(p) for p in change.pairs if p in team.pairs and number != change.number]
                    if shared:
                        raise WrongPairError(f"team {change.number}: pair {', '.join(shared)} already plays for "
                                             f"team {number} ({team.name})")
                self.teams[change.number] = change
            case BoardsDealt():
                for board in change.boards:
                    if board.number is None:
                        raise SessionError("a session's boards are numbered")
                    self.boards[board.number] = board
            case ResultEntered():
                slot = self._slot_of(change.result)
                result = self._check_result(change.result, slot)
                present = self.slots.get(slot)
                if present is not None and present.result is not None:
                    raise DuplicateResultError(f"{slot} already has {_line_text(present.result)}: correct it instead",
                                               key="duplicate", **_slot_fields(slot))
                self.played[(slot.board, result.ns)] = self.played[(slot.board, result.ew)] = slot
                self.slots[slot] = SlotState(slot, result, entered_seq=record.seq, changed_seq=record.seq,
                                             adjustment=None if present is None else present.adjustment)
            case NotPlayed():
                seating = self.seatings.get((change.slot.section, change.slot.table, change.slot.round))
                if seating is None or change.slot.board not in seating.boards:
                    raise BoardNotInRoundError(f"{change.slot}: that board is not played there")
                present = self.slots.get(change.slot)
                if present is not None and present.result is not None:
                    raise DuplicateResultError(f"{change.slot} already has {_line_text(present.result)}: "
                                               "remove it first")
                self.slots[change.slot] = SlotState(change.slot, None, not_played=True, entered_seq=record.seq,
                                                    changed_seq=record.seq)
            case ResultConfirmed():
                state = self._existing(change.slot)
                if state.result is None:
                    raise NoSuchResultError(f"{change.slot} has no result to confirm", key="no_result",
                                            **_slot_fields(change.slot))
                self.slots[change.slot] = dataclasses.replace(state, confirmed=state.confirmed | {change.side})
            case ResultCorrected():
                slot = self._slot_of(change.result)
                state = self._existing(slot)
                result = self._check_result(change.result, slot)
                self.played[(slot.board, result.ns)] = self.played[(slot.board, result.ew)] = slot
                self.slots[slot] = dataclasses.replace(state, result=result, not_played=False,
                                                       confirmed=frozenset(), changed_seq=record.seq)
            case ResultRemoved():
                self._existing(change.slot)
                removed = self.slots.pop(change.slot).result
                if removed is not None:
                    for pair in (removed.ns, removed.ew):
                        self.played.pop((change.slot.board, pair), None)
            case ScoreAdjusted():
                seating = self.seatings.get((change.slot.section, change.slot.table, change.slot.round))
                if seating is None or change.slot.board not in seating.boards:
                    raise BoardNotInRoundError(f"{change.slot}: that board is not played there")
                if seating.ns is None or seating.ew is None:
                    raise WrongPairError(f"{change.slot}: a sit-out has no score to adjust")
                state = self.slots.get(change.slot) or SlotState(change.slot, entered_seq=record.seq)
                self.slots[change.slot] = dataclasses.replace(state, adjustment=change.adjustment,
                                                              changed_seq=record.seq)
            case PenaltyGiven():
                if change.penalty.pair not in self._known_pairs():
                    raise WrongPairError(f"pair {change.penalty.pair} is not in movement {self.movement.name}")
                self.penalties.append((record.seq, change.penalty))
            case SeatingChanged():
                seating = change.seating
                seatings = {**self.seatings, (seating.section, seating.table, seating.round): seating}
                what = f"the new seating at table {seating.table}, round {seating.round}"
                self._check_seated_once(seatings, what)
                self._check_results_fit(seatings, what)
                self.seatings = seatings
            case MovementChanged():
                seatings = {(s.section, s.table, s.round): s for s in change.movement.seatings}
                self._check_seated_once(seatings, f"movement {change.movement.name}")
                self._check_results_fit(seatings, f"movement {change.movement.name}")
                self.movement = change.movement
                self.seatings = seatings
            case Undone():
                raise AssertionError("undo is applied by refolding")  # pragma: no cover
        self.seq = record.seq
        self.at = record.at

    @staticmethod
    def _check_seated_once(seatings: Mapping[tuple[str, int, int], Seating], what: str) -> None:
        seen: dict[tuple[int, PairId], int] = {}
        for (_, table, round_), seating in sorted(seatings.items()):
            for pair in seating.pairs:
                other = seen.setdefault((round_, pair), table)
                if other != table:
                    raise WrongPairError(f"{what} seats pair {pair} twice in round {round_}: at tables "
                                         f"{other} and {table}")

    def _check_results_fit(self, seatings: Mapping[tuple[str, int, int], Seating], what: str) -> None:
        for slot, state in self.slots.items():
            seating = seatings.get((slot.section, slot.table, slot.round))
            if seating is None or slot.board not in seating.boards or (
                    state.result is not None and (state.result.ns, state.result.ew) != (seating.ns, seating.ew)):
                raise WrongPairError(f"{what} does not fit the result of {slot}: remove or move that result first")


def _fold(records: Sequence[Record]) -> _Builder:
    """Apply the records in order, skipping those an effective ``Undone`` takes back."""
    if not records or not isinstance(records[0].change, SessionOpened):
        raise SessionError("a session's log starts with the session being opened")
    undone: set[int] = set()
    for record in reversed(records):
        if isinstance(record.change, Undone) and record.seq not in undone:
            undone.add(record.change.seq)
    builder = _Builder(records[0].change)
    builder.seq, builder.at = records[0].seq, records[0].at
    for record in records[1:]:
        if isinstance(record.change, Undone) or record.seq in undone:
            builder.seq, builder.at = record.seq, record.at
            continue
        builder.apply(record)
    return builder


def _same_change(stored: Change, sent: Change) -> bool:
    """Whether a resent change is the one stored (a result's table and round may have been filled in)."""
    if isinstance(stored, ResultEntered | ResultCorrected) and type(sent) is type(stored):
        assert isinstance(sent, ResultEntered | ResultCorrected)
        return dataclasses.replace(stored.result, table=None, round=None) == \
            dataclasses.replace(sent.result, table=None, round=None) and \
            sent.result.table in (None, stored.result.table) and sent.result.round in (None, stored.result.round)
    return stored == sent


def _slot_changed(change: Change) -> Slot | None:
    """The one slot whose scored line a change alters, when that is all it alters (else ``None``)."""
    if isinstance(change, ResultEntered | ResultCorrected):
        result = change.result
        if result.table is not None and result.round is not None:
            return Slot(result.ns.section, result.table, result.round, result.board)
    if isinstance(change, ScoreAdjusted):
        return change.slot
    return None


def _check_undo(records: Sequence[Record], target: int) -> None:
    if not 1 < target <= len(records):
        raise SessionError(f"there is no record #{target} to undo" if target != 1 else
                           "the opening of a session cannot be undone")
    change = records[target - 1].change
    if isinstance(change, SessionClosed | SessionReopened):
        raise SessionError(f"record #{target} ({KIND_OF[type(change)].replace('_', ' ')}) is taken back by "
                           "reopening or closing the session again, not by undo")
    if isinstance(change, ResultEntered | ResultConfirmed | NotPlayed):
        raise SessionError(f"record #{target} ({KIND_OF[type(change)].replace('_', ' ')}) is undone by "
                           "removing or correcting the result, not by undo")
    if isinstance(change, OnlineStep):
        raise SessionError(f"record #{target} ({KIND_OF[type(change)].replace('_', ' ')}) is a step of the "
                           "online movement the server ran: it is not undone")


# --- the session --------------------------------------------------------------------------------

def _now() -> datetime:
    return datetime.now(UTC)


class Session:
    """A club session's record log and its current state; every change goes through ``append``."""

    def __init__(self, records: Iterable[Record], *, clock: Callable[[], datetime] = _now,
                 on_append: Callable[[Record], None] | None = None) -> None:
        self._records = list(records)
        self._builder = _fold(self._records)
        self._keys = {record.key: record for record in self._records if record.key is not None}
        self._score: SessionScore | None = None
        self._scored_at = 0
        self._state: SessionState | None = None
        self._clock = clock
        self.on_append = on_append

    @classmethod
    def open(cls, name: str, movement: Movement, *, by: str, event: str = "",
             method: Method = Method.MATCHPOINTS, winners: int | None = None, travellers: bool = True,
             clock: Callable[[], datetime] = _now) -> Session:
        """A new session on a movement; ``winners`` defaults to 2 for a Mitchell (pairs keep a direction)."""
        if winners is None:
            directions = {pair.direction for s in movement.seatings for pair in (s.ns, s.ew) if pair is not None}
            winners = 2 if directions and None not in directions else 1
        if winners not in (1, 2):
            raise SessionError(f"a pairs session has one or two winners, not {winners}")
        if not movement.seatings:
            raise SessionError(f"movement {movement.name} has no rounds")
        record = Record(1, _aware(clock()), by, SessionOpened(name, movement, event, method, winners, travellers))
        return cls([record], clock=clock)

    # -- reading --

    @property
    def records(self) -> tuple[Record, ...]:
        """The log, oldest first."""
        return tuple(self._records)

    @property
    def state(self) -> SessionState:
        """The session now."""
        if self._state is None:
            self._state = self._builder.freeze()
        return self._state

    def score(self) -> SessionScore:
        """The session scored now; after results entered, corrected or adjusted since the last call, only
        their boards are re-scored (``SessionScore.with_result``), so a live page can re-rank on every entry."""
        if self._score is not None and self._scored_at == len(self._records):
            return self._score
        state = self.state
        score = self._score
        if score is not None:
            for record in self._records[self._scored_at:]:
                if isinstance(record.change, ResultConfirmed | PairSeated | TeamFormed | SessionClosed
                              | SessionReopened):
                    continue  # names and confirmations change no score
                slot = _slot_changed(record.change)
                line = None if slot is None else state.scored_line(slot)
                if line is None:
                    score = None
                    break
                score = score.with_result(line)
        if score is None:
            score = state.score()
        self._score, self._scored_at = score, len(self._records)
        return score

    def team_score(self, *, scale: VPScale | str = WBF_CONTINUOUS) -> TeamsScore:
        """The session scored as team matches now (``SessionState.team_score``)."""
        return self.state.team_score(scale=scale)

    def as_of(self, moment: datetime | int) -> SessionState:
        """The session as it stood at a moment (every record at or before it), or after record ``seq``."""
        if isinstance(moment, datetime):
            moment = _aware(moment)
            kept = [record for record in self._records if record.at <= moment]
        else:
            kept = self._records[:moment]
        if not kept:
            raise SessionError(f"the session did not exist yet at {moment}")
        return _fold(kept).freeze()

    def __iter__(self) -> Iterator[Record]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)

    # -- writing --

    def append(self, change: Change, *, by: str, reason: str = "", at: datetime | None = None,
               key: str | None = None) -> Record:
        """Check ``change`` against a copy of the state, store it (``on_append``), then apply it.

        With ``key`` (an entry id chosen by the device), appending the same change under the same key
        again returns the first record unchanged: a replayed entry is never stored twice.
        """
        if isinstance(change, SessionOpened):
            raise SessionError("the session is already open")
        if not by.strip():
            raise SessionError("every change names who made it")
        if key is not None:
            earlier = self._keys.get(key)
            if earlier is not None:
                if _same_change(earlier.change, change) and earlier.by == by:
                    return earlier
                raise SessionError(f"entry id {key!r} was already used for record #{earlier.seq} "
                                   f"({describe_change(earlier.change)})")
        moment = _aware(at if at is not None else self._clock())
        last = self._records[-1].at
        if moment < last:
            moment = last  # a clock stepping back never reorders the log
        if isinstance(change, ResultEntered | ResultCorrected) and (change.result.table is None
                                                                    or change.result.round is None):
            slot = self._builder._slot_of(change.result)
            change = type(change)(dataclasses.replace(change.result, table=slot.table, round=slot.round))
        record = Record(len(self._records) + 1, moment, by, change, reason, key)
        if isinstance(change, Undone):
            if self._builder.closed:
                raise SessionError("the session is closed: the director reopens it first", key="reopen_first")
            _check_undo(self._records, change.seq)
            builder = _fold([*self._records, record])
        else:
            builder = self._builder.copy()
            builder.apply(record)
        if self.on_append is not None:
            self.on_append(record)
        self._records.append(record)
        if key is not None:
            self._keys[key] = record
        self._builder = builder
        self._state = None
        return record

    def enter(self, result: BoardResult, *, by: str, reason: str = "", key: str | None = None) -> Record:
        """Enter a traveller line (table and round given, or found from the pairs and board)."""
        return self.append(ResultEntered(result), by=by, reason=reason, key=key)

    def correct(self, result: BoardResult, *, by: str, reason: str) -> Record:
        """Replace the result of the slot ``result`` belongs to."""
        return self.append(ResultCorrected(result), by=by, reason=reason)

    def adjust(self, slot: Slot, adjustment: Adjustment, *, by: str, reason: str) -> Record:
        """Give an adjusted score on a board at a table (Law 12C); the reason stays in the log."""
        if not reason.strip():
            raise SessionError(f"{slot}: an adjusted score needs a reason")
        return self.append(ScoreAdjusted(slot, adjustment), by=by, reason=reason)

    def penalise(self, penalty: Penalty, *, by: str) -> Record:
        """A procedural penalty to one pair (Law 90); its reason is the penalty's."""
        if not penalty.reason.strip():
            raise SessionError(f"a penalty to {penalty.pair} needs a reason")
        return self.append(PenaltyGiven(penalty), by=by, reason=penalty.reason)

    def undo(self, seq: int, *, by: str, reason: str = "") -> Record:
        """Take back record ``seq`` (itself a record, which can be undone in turn)."""
        return self.append(Undone(seq), by=by, reason=reason)

    def slot_of(self, board: int, ns: PairId, ew: PairId, *, table: int | None = None,
                round: int | None = None) -> Slot:
        """The table, round and board where ``ns`` v ``ew`` play ``board``, or the ``SessionError`` why not."""
        return self._builder.slot_for(board, ns, ew, table=table, round=round)

    # -- storage --

    def to_json(self) -> list[dict[str, Any]]:
        """The whole log as plain dicts."""
        return [record.to_json() for record in self._records]

    def dumps(self) -> str:
        """The log as JSON text, one record a line."""
        return "\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in self.to_json()) + "\n"

    @classmethod
    def loads(cls, text: str, *, clock: Callable[[], datetime] = _now) -> Session:
        """A session from ``dumps`` text."""
        records = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    records.append(Record.from_json(json.loads(line)))
                except json.JSONDecodeError as error:
                    raise SessionError(f"line {number} of a club log is not JSON: {error.msg}") from None
        return cls(records, clock=clock)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_NOT_PLAYED = {"-", "np", "not played", "notplayed", "n/p"}
_PASSED = {"pass", "p", "passed", "passed out", "passout", "all pass", "0"}


def parse_result_line(text: str, *, board: int, ns: PairId, ew: PairId, table: int | None = None,
                      round: int | None = None, lang: Language | str = Language.ENGLISH
                      ) -> BoardResult | Adjustment | None:
    """A traveller line as a scorer types it: ``4S N 10 HK``, ``4SX E -2``, ``3NT S =``, ``420``,
    ``pass``; ``A+/A-`` or ``60/40`` (an artificial score); ``-`` or ``np`` (not played: ``None``).

    Contracts, seats, tricks and cards are read by the project's one notation (``Contract.parse``,
    ``Seat.parse``, ``parse_tricks``, ``Card.parse``), in the language given.

    >>> line = parse_result_line("4SX E -2 HK", board=1, ns=PairId(1), ew=PairId(8))
    >>> line.contract, line.tricks, line.lead, line.ns_score
    (Contract.parse('4SX', declarer=Seat.EAST), 8, Card.parse('HK'), 300)
    >>> parse_result_line("-50", board=1, ns=PairId(6), ew=PairId(12)).ns_score
    -50
    """
    line = " ".join(text.strip().replace("−", "-").split())
    key = line.lower()
    if key in _NOT_PLAYED:
        return None
    if key in _PASSED:
        return BoardResult(board, ns, ew, score=0, table=table, round=round)
    if _is_score(line.lstrip("+")):
        return BoardResult(board, ns, ew, score=int(line), table=table, round=round)
    if key.startswith("a") or re.fullmatch(r"\d+%?/\d+%?", key):
        return Adjustment(artificial=ArtificialScore.parse(line))
    words = line.split(" ")
    if len(words) not in (3, 4):
        raise SessionError(f"board {board}: {text!r} is not a result: expected contract, declarer, tricks and "
                           "an optional lead ('4S N 10 HK', '4SX E -2', '3NT S ='), a score ('420'), 'pass', "
                           "'A+/A-' or '-' (not played)")
    contract = Contract.parse(words[0], declarer=Seat.parse(words[1], lang=lang), lang=lang)
    tricks = parse_tricks(words[2], contract)
    lead = Card.parse(words[3], lang=lang) if len(words) == 4 else None
    return BoardResult(board, ns, ew, contract, lead=lead, tricks=tricks, table=table, round=round)


def boards_from_pbn(text: str, numbers: Iterable[int]) -> tuple[Board, ...]:
    """The session's boards from a PBN file (its ``Board``, ``Dealer``, ``Vulnerable`` and ``Deal`` tags).

    Every board the movement plays must be in the file; malformed PBN raises ``ParseError``.
    """
    from redouble.formats.pbn import loads

    found: dict[int, Board] = {}
    for game in loads(text):
        number, deal = game.board, game.deal
        if number is None or deal is None or number in found:
            continue
        found[number] = Board(deal=deal, dealer=game.dealer or board_dealer(number),
                              vulnerability=game.vulnerability or board_vulnerability(number), number=number)
    wanted = list(numbers)
    absent = [number for number in wanted if number not in found]
    if absent:
        raise SessionError(f"the PBN file has no deal for board{'s' if len(absent) > 1 else ''} "
                           f"{_boards_text(absent)}")
    return tuple(found[number] for number in wanted)


def deal_boards(numbers: Iterable[int], *, seed: str | None = None) -> tuple[Board, ...]:
    """Boards with the cycle's dealer and vulnerability: deals from ``seed`` (reproducible) or the CSPRNG.

    >>> deal_boards([1, 2], seed="club night")[1] == Board.numbered(2, Deal.from_seed("club night", 2))
    True
    """
    return tuple(Board.numbered(number, Deal.from_seed(seed, number) if seed is not None else Deal.random())
                 for number in numbers)
