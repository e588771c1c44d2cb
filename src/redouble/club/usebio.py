"""USEBIO 1.2, the EBU's XML results format: read a session's settings, pairs and travellers; write it rescored.

The reader keeps every element it does not score (club, event settings, players, hands) and
ignores the published results; ``score_usebio`` rescoring and ``write_usebio`` put fresh ones
back (matchpoints, Butler or cross-IMPs as ``EVENT_TYPE`` says); ``check_usebio`` lists each
published number that disagrees with the recomputation.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import PairId
from redouble.club.results import BoardResult
from redouble.club.scoring import Disagreement, Method, PairScore, SessionScore, differs, score_session
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.formats.errors import ParseError
from redouble.scoring.matchpoints import ArtificialScore, WeightedScore
from redouble.seats import Seat, Side

__all__ = [
    "DOCTYPE",
    "ELEMENTS",
    "TRAVELLER_LINE",
    "Disagreement",
    "EventType",
    "ParseError",
    "UsebioBoard",
    "UsebioError",
    "UsebioEvent",
    "UsebioLine",
    "UsebioNode",
    "UsebioPair",
    "check_usebio",
    "line_of",
    "read_usebio",
    "score_code",
    "score_usebio",
    "score_usebio_sessions",
    "session_usebio",
    "write_usebio",
]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
"""The document type every USEBIO 1.2 file declares."""


class UsebioError(BridgeError):
    """A well-formed USEBIO file redouble cannot score: an unknown event type, a line that cannot be."""


class EventType(enum.Enum):
    """The pairs event types scored here, as USEBIO spells them, with the method each implies."""

    MP_PAIRS = "MP_PAIRS"
    BUTLER_PAIRS = "BUTLER_PAIRS"
    CROSS_IMP = "CROSS_IMP"

    def __repr__(self) -> str:
        return f"EventType.{self.name}"

    @property
    def method(self) -> Method:
        """How the boards of this event type are compared."""
        return {"MP_PAIRS": Method.MATCHPOINTS, "BUTLER_PAIRS": Method.BUTLER,
                "CROSS_IMP": Method.CROSS_IMPS}[self.value]

    @property
    def points(self) -> str:
        """The traveller element suffix: ``MATCH_POINTS``, ``BUTLER_POINTS`` or ``CROSS_IMP_POINTS``."""
        return {"MP_PAIRS": "MATCH_POINTS", "BUTLER_PAIRS": "BUTLER_POINTS",
                "CROSS_IMP": "CROSS_IMP_POINTS"}[self.value]


@dataclass(frozen=True, slots=True)
class UsebioNode:
    """An element kept as it was read (club, settings, players, hands): tag, attributes, text, children."""

    tag: str
    text: str = ""
    children: tuple[UsebioNode, ...] = ()
    attributes: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, element: ET.Element) -> UsebioNode:
        """The node of an ElementTree element."""
        return cls(element.tag, (element.text or "").strip(), tuple(cls.of(child) for child in element),
                   tuple(element.attrib.items()))

    def element(self) -> ET.Element:
        """An ElementTree element with the same content."""
        made = ET.Element(self.tag, dict(self.attributes))
        made.text = self.text or None
        made.extend(child.element() for child in self.children)
        return made

    def child(self, tag: str) -> str | None:
        """The text of the first child named ``tag``."""
        return next((node.text for node in self.children if node.tag == tag), None)


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A ``PAIR`` of ``PARTICIPANTS``: its number as written, direction, players, and the published results."""

    number: str
    direction: str
    players: tuple[UsebioNode, ...]
    published: tuple[tuple[str, str], ...] = ()
    section: str = "A"
    session: int = 0
    """The section and session (0 first) it plays in, for a file with nested ``SESSION``/``SECTION``."""

    @property
    def pair(self) -> PairId:
        """The pair number as redouble's ``PairId`` (in its section)."""
        return PairId.parse(self.number, section=self.section)

    def published_value(self, tag: str) -> str | None:
        """A published result element (``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE`` …)."""
        return dict(self.published).get(tag)


@dataclass(frozen=True, slots=True)
class UsebioLine:
    """A ``TRAVELLER_LINE`` as written: pair numbers, contract, declarer, lead, tricks, score, published points."""

    ns: str
    ew: str
    contract: str = ""
    played_by: str = ""
    lead: str = ""
    tricks: str = ""
    score: str = ""
    published: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class UsebioBoard:
    """A ``BOARD`` of the event: its number, its traveller lines and the published datum (Butler)."""

    number: int
    lines: tuple[UsebioLine, ...]
    average: str | None = None
    section: str = "A"
    session: int = 0
    """The section and session (0 first) whose traveller it is, in a file with nested ``SESSION``/``SECTION``."""


@dataclass(frozen=True, slots=True)
class UsebioSection:
    """A ``SECTION`` of a nested file: its letter and its own elements (``SECTION_ID`` …) kept to write back;
    ``wrapped`` is false for a ``SESSION`` holding its participants and boards itself."""

    name: str
    settings: tuple[UsebioNode, ...] = ()
    wrapped: bool = True


@dataclass(frozen=True, slots=True)
class UsebioSession:
    """A ``SESSION`` of a nested file: its own elements and its sections in file order."""

    settings: tuple[UsebioNode, ...]
    sections: tuple[UsebioSection, ...]


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """A USEBIO file's pairs event: everything needed to rescore and write it back."""

    event_type: EventType
    club: UsebioNode | None
    settings: tuple[UsebioNode, ...]
    pairs: tuple[UsebioPair, ...]
    boards: tuple[UsebioBoard, ...]
    handset: UsebioNode | None = None
    version: str = "1.2"
    extra: tuple[UsebioNode, ...] = field(default=())
    sessions: tuple[UsebioSession, ...] = ()
    """The ``SESSION``/``SECTION`` nesting, empty for a flat file (participants and boards under ``EVENT``)."""

    def session(self, index: int) -> UsebioEvent:
        """One session of a nested file as an event of its own (all its sections; ``index`` 0 is the first)."""
        if not 0 <= index < max(1, len(self.sessions)):
            raise UsebioError(f"the event has no session {index + 1}")
        if not self.sessions:
            return self
        return dataclasses.replace(
            self, pairs=tuple(pair for pair in self.pairs if pair.session == index),
            boards=tuple(board for board in self.boards if board.session == index),
            sessions=(self.sessions[index],),
            settings=self.settings + tuple(node for node in self.sessions[index].settings
                                           if node.tag == "WINNER_TYPE"))

    @property
    def winner_type(self) -> int:
        """1: one field; 2: NS and EW ranked apart."""
        text = next((node.text for node in self.settings if node.tag == "WINNER_TYPE"), "1")
        return 2 if text.strip() == "2" else 1

    def names(self) -> dict[PairId, str]:
        """Each pair's players' names, joined as PBN writes a partnership (``"A - B"``)."""
        return {pair.pair: " - ".join(player.child("PLAYER_NAME") or "" for player in pair.players)
                for pair in self.pairs}

    def deals(self) -> dict[int, Deal]:
        """The ``HANDSET``'s deals by board number (boards with four full hands only)."""
        found: dict[int, Deal] = {}
        for board in () if self.handset is None else self.handset.children:
            number = board.child("BOARD_NUMBER") or ""
            hands = {(hand.child("DIRECTION") or "")[:1].upper(): ".".join(
                hand.child(suit) or "" for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
                for hand in board.children if hand.tag == "HAND"}
            if not number.isdigit() or set(hands) != set("NESW"):
                continue
            try:
                found[int(number)] = Deal.from_pbn("N:" + " ".join(hands[seat] for seat in "NESW"))
            except BridgeError as error:
                raise UsebioError(f"board {number} in HANDSET: {error}") from None
        return found

    def results(self) -> tuple[BoardResult, ...]:
        """Every traveller line as a ``BoardResult``."""
        return tuple(board_result(board.number, line, board.section) for board in self.boards
                     for line in board.lines)


# --- reading ----------------------------------------------------------------------------------------


def parse_xml(text: str | bytes | PathLike[str]) -> ET.Element:
    """A USEBIO file's root element (from its text, bytes or path); malformed XML raises ``ParseError`` with line
    and column, another root a ``UsebioError``."""
    if isinstance(text, PathLike):
        path = Path(text)
        try:
            text = path.read_bytes()
        except OSError as error:
            raise UsebioError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line, column = error.position
        problem = str(error).split(":")[0]
        raise ParseError(f"malformed USEBIO XML: {problem}", line=line, column=column + 1) from None
    if root.tag != "USEBIO":
        raise UsebioError(f"the root element is <{root.tag}>, not <USEBIO>: not a USEBIO file")
    return root


def read_usebio(text: str | bytes | PathLike[str]) -> UsebioEvent:
    """Read a USEBIO file (its text, bytes or path); malformed XML raises ``ParseError`` with line and column."""
    root = parse_xml(text)
    events = root.findall("EVENT")
    if len(events) != 1:
        raise UsebioError(f"a USEBIO file redouble scores has one <EVENT>, not {len(events)}")
    event = events[0]
    kind = event.get("EVENT_TYPE", "").strip()
    try:
        event_type = EventType(kind)
    except ValueError:
        raise UsebioError(f"unknown USEBIO event type {kind!r}: redouble scores "
                          f"{', '.join(t.value for t in EventType)}") from None
    settings = tuple(UsebioNode.of(child) for child in event if child.tag not in ("PARTICIPANTS", "BOARD", "SESSION"))
    pairs, boards, sessions = _read_nested(event)
    if not boards:
        raise UsebioError("the event has no <BOARD> with traveller lines")
    club = root.find("CLUB")
    handset = root.find("HANDSET")
    extra = tuple(UsebioNode.of(child) for child in root if child.tag not in ("CLUB", "EVENT", "HANDSET"))
    return UsebioEvent(event_type, None if club is None else UsebioNode.of(club), settings, pairs, boards,
                       None if handset is None else UsebioNode.of(handset), root.get("Version", "1.2"), extra,
                       sessions)


_SECTION_NAMES = ("SECTION_ID", "SECTION_LETTER", "SECTION_NAME")


def _read_nested(event: ET.Element) -> tuple[tuple[UsebioPair, ...], tuple[UsebioBoard, ...],
                                             tuple[UsebioSession, ...]]:
    """The pairs and boards under ``EVENT``, or under each ``SESSION`` (and each of its ``SECTION``s)."""
    found = event.findall("SESSION")
    if not found:
        return (tuple(_read_pair(element) for element in event.iter("PAIR")),
                tuple(_read_board(element) for element in event.iter("BOARD")), ())
    pairs: list[UsebioPair] = []
    boards: list[UsebioBoard] = []
    sessions = []
    for index, session in enumerate(found):
        parts = session.findall("SECTION")
        sections: list[UsebioSection] = []
        for position, part in enumerate(parts or [session]):
            name = next((_text(part, tag) for tag in _SECTION_NAMES if _text(part, tag)), "") or \
                part.get("SECTION_ID", "") or chr(ord("A") + position)
            if any(section.name == name for section in sections):
                raise UsebioError(f"session {index + 1} has two sections {name}")
            pairs += [_read_pair(element, name, index) for element in part.iterfind("PARTICIPANTS/PAIR")]
            boards += [_read_board(element, name, index) for element in part.findall("BOARD")]
            kept = tuple(UsebioNode.of(child) for child in part if child.tag not in ("PARTICIPANTS", "BOARD"))
            sections.append(UsebioSection(name, kept if parts else (), bool(parts)))
        own = tuple(UsebioNode.of(child) for child in session
                    if child.tag not in ("SECTION", "PARTICIPANTS", "BOARD"))
        sessions.append(UsebioSession(own, tuple(sections)))
    return tuple(pairs), tuple(boards), tuple(sessions)


_PUBLISHED_PAIR = ("TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


def _read_pair(element: ET.Element, section: str = "A", session: int = 0) -> UsebioPair:
    number = _text(element, "PAIR_NUMBER")
    if not number:
        raise UsebioError("a <PAIR> has no PAIR_NUMBER")
    published = tuple((tag, _text(element, tag)) for tag in _PUBLISHED_PAIR if element.find(tag) is not None)
    players = tuple(UsebioNode.of(player) for player in element.findall("PLAYER"))
    return UsebioPair(number, _text(element, "DIRECTION"), players, published, section, session)


def _read_board(element: ET.Element, section: str = "A", session: int = 0) -> UsebioBoard:
    number_text = _text(element, "BOARD_NUMBER")
    if not number_text.isdigit() or int(number_text) < 1:
        raise UsebioError(f"a <BOARD> has BOARD_NUMBER {number_text!r}, not a board number")
    lines = []
    for line in element.findall("TRAVELLER_LINE"):
        published = tuple((child.tag, (child.text or "").strip()) for child in line
                          if child.tag.endswith("_POINTS"))
        lines.append(UsebioLine(_text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER"),
                                _text(line, "CONTRACT"), _text(line, "PLAYED_BY"), _text(line, "LEAD"),
                                _text(line, "TRICKS"), _text(line, "SCORE"), published))
    average = element.find("BOARD_AVERAGE")
    return UsebioBoard(int(number_text), tuple(lines),
                       None if average is None else (average.text or "").strip(), section, session)


_ARTIFICIAL = re.compile(r"^A(\d{2})(\d{2})$")
_SPLIT = re.compile(r"^(-?\d+)/(-?\d+)$")

TRAVELLER_LINE = ("DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
                  "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS",
                  "EW_CROSS_IMP_POINTS")
"""The elements of a USEBIO 1.2 ``TRAVELLER_LINE``, as real files (Compscore3) and the parsers that read them
(ABF Cobalt, ImportUsebio) know them: ../shared/data/club/usebio/USEBIO.md. There is no element for East-West's
own score or for a weighted score's parts: ``SCORE`` is the one home of a line's score (NS's, or an adjusted
score's code: ``A6040``), and each side's outcome is in its own points (``A6060`` is 60% to both)."""


ELEMENTS = frozenset({
    "USEBIO", "CLUB", "CLUB_NAME", "CLUB_ID_NUMBER", "EVENT", "EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "PROGRAM_NAME",
    "PROGRAM_VERSION", "WINNER_TYPE", "TITLE", "DATE", "VENUE", "SCORING_METHOD", "BOARD_SCORING_METHOD",
    "MATCH_SCORING_METHOD", "BOARDS_PLAYED", "BOARDS_PER_ROUND", "MASTER_POINT_SCALE", "MASTER_POINT_TYPE",
    "MPS_AWARDED_FLAG", "SESSION_COUNT", "SECTION_COUNT", "P2P_CHARGE_RATE", "CONTACT", "FULL_NAME", "SCORER",
    "TELEPHONE", "EMAIL", "PARTICIPANTS", "PAIR", "PAIR_NUMBER", "TOTAL_SCORE", "PERCENTAGE", "PLACE",
    "MASTER_POINTS_AWARDED", "WINS_OR_DRAWS", "PLAYER", "PLAYER_NAME", "PLAYER_NUMBER", "NATIONAL_ID_NUMBER", "TEAM",
    "BOARD", "BOARD_NUMBER", "BOARD_AVERAGE", "TRAVELLER_LINE", *TRAVELLER_LINE, "MATCH", "ROUND_NUMBER",
    "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "TEAM_VICTORY_POINTS", "OPPOSING_TEAM_VICTORY_POINTS",
    "IMPS", "SESSION", "SECTION", "HANDSET", "HAND", "SPADES", "HEARTS", "DIAMONDS", "CLUBS"})
"""Every USEBIO 1.2 element known from real files and the parsers that read them (USEBIO.md: the DTD itself was
not found in a public copy): what redouble writes stays within them."""


def score_code(result: BoardResult) -> str:
    """A result's USEBIO ``SCORE``: NS's score, or the adjusted score as a code, as Compscore writes an artificial
    score (Law 12C2) ``A6040``: a weighted score (Law 12C1c) ``60% 420, 40% -50`` and a split score (Law 12C1b,
    each side its own NS score) ``620/650``, as the director enters them (``Adjustment.parse``). A reader that
    does not know a code still has each side's points beside it."""
    if result.artificial is not None:
        return f"A{round(result.artificial.ns):02d}{round(result.artificial.ew):02d}"
    if result.weighted is not None:
        return str(result.weighted)
    if result.ew_score is not None:
        return f"{result.score}/{result.ew_score}"
    return str(result.ns_score)


def board_result(board: int, line: UsebioLine, section: str = "A") -> BoardResult:
    """A traveller line as a result of ``section``; a line that cannot be read names its board and pairs."""
    where = f"board {board}, {line.ns} v {line.ew}" + ("" if section == "A" else f" in section {section}")
    try:
        ns, ew = PairId.parse(line.ns, section=section), PairId.parse(line.ew, section=section)
        code = line.score.upper()
        artificial = _ARTIFICIAL.match(code)
        if artificial:
            return BoardResult(board, ns, ew, artificial=ArtificialScore(float(artificial.group(1)),
                                                                          float(artificial.group(2))))
        if code.startswith("A"):
            return BoardResult(board, ns, ew, artificial=ArtificialScore.parse(code))
        if "%" in code:
            return BoardResult(board, ns, ew, weighted=WeightedScore.parse(code))
        split = _SPLIT.match(code.replace(" ", ""))
        if split:
            return BoardResult(board, ns, ew, score=int(split.group(1)), ew_score=int(split.group(2)))
        if line.score and not re.fullmatch(r"-?\d+", line.score.strip()):
            raise UsebioError(f"SCORE {line.score!r} is not a score: NS's score (420), an artificial score "
                              "(A6040), a weighted score (60% 420, 40% -50) or a split score (620/650)")
        score = int(line.score) if line.score else None
        contract_text = line.contract.upper().replace(" ", "")
        if contract_text in ("", "PASS", "P", "AP", "ALLPASS"):
            if score is None and contract_text == "":
                raise UsebioError("the line has neither a contract nor a score")
            return BoardResult(board, ns, ew, score=0 if score is None else score)
        declarer = Seat.parse(line.played_by) if line.played_by else None
        contract = Contract.parse(contract_text, declarer=declarer)
        tricks = int(line.tricks) if line.tricks else None
        lead = Card.parse(line.lead[-1] + line.lead[:-1]) if len(line.lead) >= 2 else None
        return BoardResult(board, ns, ew, contract, lead, tricks, score)
    except (BridgeError, ValueError) as error:
        raise UsebioError(f"{where}: {error}") from None


# --- scoring ----------------------------------------------------------------------------------------


def score_usebio(event: UsebioEvent, *, across_sections: bool = False) -> SessionScore:
    """Rescore an event from its traveller lines alone by its ``EVENT_TYPE``, ``WINNER_TYPE`` and ``Annmm``
    percentages as stated; each section apart (or ``across_sections`` as one field). A file of several sessions is
    scored one session at a time (``score_usebio_sessions``)."""
    if len(event.sessions) > 1:
        raise UsebioError(f"the event has {len(event.sessions)} sessions: score each (score_usebio_sessions)")
    directions = {}
    for pair in event.pairs:
        if pair.direction.strip():
            try:
                directions[pair.pair] = Side.parse(pair.direction)
            except BridgeError as error:
                raise UsebioError(f"pair {pair.number}: DIRECTION {error}") from None
    return score_session(event.results(), method=event.event_type.method, winners=event.winner_type,
                         session_rule=False, directions=directions, across_sections=across_sections)


def score_usebio_sessions(event: UsebioEvent, *, across_sections: bool = False) -> tuple[SessionScore, ...]:
    """Each session of the event scored (one for a flat file), sections apart or ``across_sections``."""
    return tuple(score_usebio(event.session(index), across_sections=across_sections)
                 for index in range(max(1, len(event.sessions))))


def _fmt(value: float, decimals: int = 2) -> str:
    return f"{value + 0.0:.{decimals}f}"


def _fmt_imps(value: float) -> str:
    return str(round(value)) if math.isclose(value, round(value), abs_tol=1e-9) else _fmt(value)


def _field_boards(score: SessionScore) -> dict[str, int]:
    most: dict[str, int] = {}
    for pair in score.pairs:
        most[pair.field] = max(most.get(pair.field, 0), pair.boards)
    return most


def _total(pair: PairScore, score: SessionScore, most: dict[str, int]) -> float:
    """TOTAL_SCORE: the exact IMP sum, or the matchpoints scaled to the most boards played in the pair's field."""
    if score.method is not Method.MATCHPOINTS:
        return pair.total
    return pair.scaled_total(most[pair.field])


# --- writing ----------------------------------------------------------------------------------------


def write_usebio(event: UsebioEvent, score: SessionScore | None = None, *,
                 scores: Sequence[SessionScore] | None = None) -> str:
    """The event as USEBIO 1.2 with the results of ``score`` (or of ``scores``, one per session of a nested file;
    default: rescored now), nested as it was read; traveller lines carry the Neuberg-factored points, so each
    pair's lines add up to its total."""
    if scores is None:
        scores = (score,) if score is not None else score_usebio_sessions(event)
    if len(scores) != max(1, len(event.sessions)):
        raise UsebioError(f"{len(scores)} scores for an event of {max(1, len(event.sessions))} sessions")
    kind = event.event_type
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if event.club is not None:
        root.append(event.club.element())
    element = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind.value})
    element.extend(node.element() for node in event.settings)
    if not event.sessions:
        _write_part(element, event.pairs, event.boards, scores[0], kind)
    for index, (session, scored) in enumerate(zip(event.sessions, scores if event.sessions else (), strict=True)):
        nested = ET.SubElement(element, "SESSION")
        nested.extend(node.element() for node in session.settings)
        for section in session.sections:
            holder = ET.SubElement(nested, "SECTION") if section.wrapped else nested
            holder.extend(node.element() for node in section.settings)
            _write_part(holder, [pair for pair in event.pairs if (pair.session, pair.section) == (index, section.name)],
                        [board for board in event.boards if (board.session, board.section) == (index, section.name)],
                        scored, kind)
    if event.handset is not None:
        root.append(event.handset.element())
    root.extend(node.element() for node in event.extra)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


def _write_part(parent: ET.Element, pairs: Sequence[UsebioPair], boards: Sequence[UsebioBoard], score: SessionScore,
                kind: EventType) -> None:
    """``PARTICIPANTS`` and ``BOARD``s (of the event, or of one section) with the results of ``score``."""
    participants = ET.SubElement(parent, "PARTICIPANTS", {"EVENT_TYPE": kind.value})
    most = _field_boards(score)
    by_pair = {pair.pair: pair for pair in score.pairs}
    for source in pairs:
        scored = by_pair.get(source.pair)
        pair = ET.SubElement(participants, "PAIR")
        _sub(pair, "PAIR_NUMBER", source.number)
        _sub(pair, "DIRECTION", source.direction)
        if scored is not None:
            _sub(pair, "TOTAL_SCORE", _fmt(_total(scored, score, most)))
            if scored.percentage is not None:
                _sub(pair, "PERCENTAGE", _fmt(scored.percentage))
            _sub(pair, "PLACE", scored.place_text)
            published_place = source.published_value("PLACE")
            awarded = source.published_value("MASTER_POINTS_AWARDED")
            if awarded is not None and published_place is not None \
                    and published_place.rstrip("=") == str(scored.place):
                _sub(pair, "MASTER_POINTS_AWARDED", awarded)
        kind_of_points = source.published_value("MASTER_POINT_TYPE")
        if kind_of_points is not None:
            _sub(pair, "MASTER_POINT_TYPE", kind_of_points)
        pair.extend(player.element() for player in source.players)
    scored_lines = {(line.result.board, line.result.ns, line.result.ew): (line, board)
                    for board in score.boards for line in board.lines}
    for source_board in boards:
        board = ET.SubElement(parent, "BOARD", {"EVENT_TYPE": kind.value})
        _sub(board, "BOARD_NUMBER", str(source_board.number))
        for source_line in source_board.lines:
            result = board_result(source_board.number, source_line, source_board.section)
            line, scored_board = scored_lines[(result.board, result.ns, result.ew)]
            if kind is EventType.BUTLER_PAIRS and board.find("BOARD_AVERAGE") is None:
                _sub(board, "BOARD_AVERAGE", _fmt_imps(scored_board.datum or 0.0))
            traveller = ET.SubElement(board, "TRAVELLER_LINE")
            for tag, value in (("NS_PAIR_NUMBER", source_line.ns), ("EW_PAIR_NUMBER", source_line.ew)):
                _sub(traveller, tag, value)
            if not result.adjusted:
                for tag, value in (("CONTRACT", source_line.contract), ("PLAYED_BY", source_line.played_by),
                                   ("LEAD", source_line.lead), ("TRICKS", source_line.tricks)):
                    if value or tag in ("CONTRACT", "TRICKS"):
                        _sub(traveller, tag, value)
            _sub(traveller, "SCORE", score_code(result))
            show = _fmt if kind is EventType.MP_PAIRS else _fmt_imps if kind is EventType.BUTLER_PAIRS else _fmt
            _sub(traveller, f"NS_{kind.points}", show(line.ns))
            _sub(traveller, f"EW_{kind.points}", show(line.ew))


_EVENT_TYPES = {Method.MATCHPOINTS: EventType.MP_PAIRS, Method.BUTLER: EventType.BUTLER_PAIRS,
                Method.CROSS_IMPS: EventType.CROSS_IMP}


def line_of(result: BoardResult) -> UsebioLine:
    """A result as a traveller line: contract, declarer, lead, tricks and NS's score, or an adjusted score's code
    alone (``score_code``)."""
    ns, ew = str(result.ns), str(result.ew)
    if result.adjusted:
        return UsebioLine(ns, ew, score=score_code(result))
    lead = "" if result.lead is None else f"{result.lead.rank.letter()}{result.lead.suit.letter()}"
    if result.contract is None:
        return UsebioLine(ns, ew, "PASS", score=str(result.ns_score))
    declarer = result.contract.declarer
    return UsebioLine(ns, ew, str(result.contract), "" if declarer is None else declarer.letter(), lead,
                      "" if result.tricks is None else str(result.tricks), str(result.ns_score))


def session_usebio(session: SessionScore, *, club: str = "", event: str = "", date: str = "",
                   names: Mapping[PairId, Iterable[str]] | None = None,
                   deals: Mapping[int, Deal] | None = None) -> str:
    """A session scored by redouble as USEBIO 1.2 (one section, ``date`` dd/mm/yyyy) for an NBO upload or Pianola."""
    if session.method not in _EVENT_TYPES:
        raise UsebioError(f"USEBIO pairs events are matchpoints, Butler or cross-IMPs, not {session.method.value}")
    if len({result.ns.section for result in session.results}) > 1:
        raise UsebioError("USEBIO is written one section at a time: score each section apart")
    names = names or {}
    settings = (UsebioNode("EVENT_DESCRIPTION", event), UsebioNode("PROGRAM_NAME", "redouble"),
                UsebioNode("PROGRAM_VERSION", version()), UsebioNode("WINNER_TYPE", str(session.settings.winners)),
                UsebioNode("DATE", date), UsebioNode("BOARDS_PLAYED", str(len({b.board for b in session.boards}))),
                UsebioNode("SESSION_COUNT", "1"), UsebioNode("SECTION_COUNT", "1"))
    pairs = []
    for pair in sorted(session.pairs, key=lambda scored: scored.pair):
        direction = pair.field.split()[-1] if session.settings.winners == 2 else ""
        players = tuple(UsebioNode("PLAYER", children=(UsebioNode("PLAYER_NAME", name),))
                        for name in names.get(pair.pair, ()))
        pairs.append(UsebioPair(str(pair.pair), direction, players))
    boards = tuple(UsebioBoard(board.board, tuple(line_of(line.result) for line in board.lines))
                   for board in session.boards)
    made = UsebioEvent(_EVENT_TYPES[session.method], UsebioNode("CLUB", children=(UsebioNode("CLUB_NAME", club),)),
                       settings, tuple(pairs), boards, hands_node(deals) if deals else None)
    return write_usebio(made, session)


def hands_node(deals: Mapping[int, Deal]) -> UsebioNode:
    """The ``HANDSET``: each board's four hands (``HAND`` with ``DIRECTION`` and the suits)."""
    return UsebioNode("HANDSET", children=tuple(UsebioNode("BOARD", children=(
        UsebioNode("BOARD_NUMBER", str(number)), *(
            UsebioNode("HAND", children=(UsebioNode("DIRECTION", seat.format(full=True)), *(
                UsebioNode(tag, holding) for tag, holding in zip(
                    ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), deal[seat].to_pbn().split("."), strict=True))))
            for seat in Seat)))
        for number, deal in sorted(deals.items())))


def version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("redouble")
    except PackageNotFoundError:
        return "dev"


def _sub(parent: ET.Element, tag: str, text: str) -> None:
    ET.SubElement(parent, tag).text = text or None


def _in(section: str) -> str:
    return "" if section == "A" else f" in section {section}"


# --- checking ---------------------------------------------------------------------------------------


def check_usebio(event: UsebioEvent, score: SessionScore | None = None) -> list[Disagreement]:
    """Each published point, datum, total, percentage or place the recomputation does not give (Compscore3's raw
    MPs on a short board and unscaled totals accepted); in a file of several sessions each names its session."""
    if len(event.sessions) > 1:
        return [dataclasses.replace(disagreement, where=f"session {index + 1}, {disagreement.where}")
                for index in range(len(event.sessions)) for disagreement in check_usebio(event.session(index))]
    score = score or score_usebio(event)
    kind = event.event_type
    found: list[Disagreement] = []
    scored_lines = {(line.result.board, line.result.ns, line.result.ew): (line, board)
                    for board in score.boards for line in board.lines}
    for source_board in event.boards:
        average_checked = False
        for source_line in source_board.lines:
            result = board_result(source_board.number, source_line, source_board.section)
            line, board = scored_lines[(result.board, result.ns, result.ew)]
            where = f"board {source_board.number}, {source_line.ns} v {source_line.ew}" + _in(source_board.section)
            if not average_checked and kind is EventType.BUTLER_PAIRS and source_board.average:
                average_checked = True
                if differs(source_board.average, board.datum or 0.0):
                    found.append(Disagreement(f"board {source_board.number}", "BOARD_AVERAGE", source_board.average,
                                              _fmt_imps(board.datum or 0.0)))
            if result.artificial is None and result.contract is not None and result.tricks is not None \
                    and result.score is not None:
                law = BoardResult(result.board, result.ns, result.ew, result.contract, tricks=result.tricks).ns_score
                if law != result.score:
                    found.append(Disagreement(where, "SCORE", str(result.score),
                                              f"{law} for {result.result_text()}"))
            published = dict(source_line.published)
            for side, value, raw in (("NS", line.ns, line.ns_raw), ("EW", line.ew, line.ew_raw)):
                tag = f"{side}_{kind.points}"
                if tag in published and differs(published[tag], value) and differs(published[tag], raw):
                    found.append(Disagreement(where, tag, published[tag], _fmt(value)))
    most = _field_boards(score)
    by_pair = {pair.pair: pair for pair in score.pairs}
    for source in event.pairs:
        scored = by_pair.get(source.pair)
        where = f"pair {source.number}" + _in(source.section)
        if scored is None:
            if source.published_value("TOTAL_SCORE") not in (None, "", "0", "0.00"):
                found.append(Disagreement(where, "TOTAL_SCORE", source.published_value("TOTAL_SCORE") or "",
                                          "no results"))
            continue
        total = source.published_value("TOTAL_SCORE")
        if total and differs(total, _total(scored, score, most)) and differs(total, scored.total):
            found.append(Disagreement(where, "TOTAL_SCORE", total, _fmt(_total(scored, score, most))))
        percent = source.published_value("PERCENTAGE")
        if percent and scored.percentage is not None and differs(percent, scored.percentage):
            found.append(Disagreement(where, "PERCENTAGE", percent, _fmt(scored.percentage)))
        place = source.published_value("PLACE")
        if place and place.rstrip("=").strip() != str(scored.place):
            found.append(Disagreement(where, "PLACE", place, scored.place_text))
    return found
