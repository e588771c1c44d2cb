"""USEBIO 1.2, the EBU's XML results format: read a session's settings, pairs and travellers; write it rescored.

The reader keeps every element it does not score (club, event settings, players, hands) and
ignores the published results; ``score_usebio`` rescoring and ``write_usebio`` put fresh ones
back (matchpoints, Butler or cross-IMPs as ``EVENT_TYPE`` says); ``check_usebio`` lists each
published number that disagrees with the recomputation.
"""

from __future__ import annotations

import enum
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
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
from redouble.scoring.matchpoints import ArtificialScore
from redouble.seats import Seat, Side

__all__ = [
    "DOCTYPE",
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
    "read_usebio",
    "score_usebio",
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

    @property
    def pair(self) -> PairId:
        """The pair number as redouble's ``PairId``."""
        return PairId.parse(self.number)

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
        return tuple(_board_result(board.number, line) for board in self.boards for line in board.lines)


# --- reading ----------------------------------------------------------------------------------------


def read_usebio(text: str | bytes | PathLike[str]) -> UsebioEvent:
    """Read a USEBIO file (its text, bytes or path); malformed XML raises ``ParseError`` with line and column."""
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
    settings = tuple(UsebioNode.of(child) for child in event if child.tag not in ("PARTICIPANTS", "BOARD"))
    pairs = tuple(_read_pair(element) for element in event.iter("PAIR"))
    boards = tuple(_read_board(element) for element in event.iter("BOARD"))
    if not boards:
        raise UsebioError("the event has no <BOARD> with traveller lines")
    club = root.find("CLUB")
    handset = root.find("HANDSET")
    extra = tuple(UsebioNode.of(child) for child in root if child.tag not in ("CLUB", "EVENT", "HANDSET"))
    return UsebioEvent(event_type, None if club is None else UsebioNode.of(club), settings, pairs, boards,
                       None if handset is None else UsebioNode.of(handset), root.get("Version", "1.2"), extra)


_PUBLISHED_PAIR = ("TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE")


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


def _read_pair(element: ET.Element) -> UsebioPair:
    number = _text(element, "PAIR_NUMBER")
    if not number:
        raise UsebioError("a <PAIR> has no PAIR_NUMBER")
    published = tuple((tag, _text(element, tag)) for tag in _PUBLISHED_PAIR if element.find(tag) is not None)
    players = tuple(UsebioNode.of(player) for player in element.findall("PLAYER"))
    return UsebioPair(number, _text(element, "DIRECTION"), players, published)


def _read_board(element: ET.Element) -> UsebioBoard:
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
                       None if average is None else (average.text or "").strip())


_ARTIFICIAL = re.compile(r"^A(\d{2})(\d{2})$")


def _board_result(board: int, line: UsebioLine) -> BoardResult:
    where = f"board {board}, {line.ns} v {line.ew}"
    try:
        ns, ew = PairId.parse(line.ns), PairId.parse(line.ew)
        code = line.score.upper()
        artificial = _ARTIFICIAL.match(code)
        if artificial:
            return BoardResult(board, ns, ew, artificial=ArtificialScore(float(artificial.group(1)),
                                                                          float(artificial.group(2))))
        if code.startswith("A"):
            return BoardResult(board, ns, ew, artificial=ArtificialScore.parse(code))
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


def score_usebio(event: UsebioEvent) -> SessionScore:
    """Rescore an event from its traveller lines alone by its ``EVENT_TYPE``, ``WINNER_TYPE`` and ``Annmm``
    percentages as stated."""
    directions = {}
    for pair in event.pairs:
        if pair.direction.strip():
            try:
                directions[pair.pair] = Side.parse(pair.direction)
            except BridgeError as error:
                raise UsebioError(f"pair {pair.number}: DIRECTION {error}") from None
    return score_session(event.results(), method=event.event_type.method, winners=event.winner_type,
                         session_rule=False, directions=directions)


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


def write_usebio(event: UsebioEvent, score: SessionScore | None = None) -> str:
    """The event as USEBIO 1.2 with the results of ``score`` (default: rescored now); traveller lines carry the
    Neuberg-factored points, so each pair's lines add up to its total."""
    score = score or score_usebio(event)
    kind = event.event_type
    root = ET.Element("USEBIO", {"Version": "1.2"})
    if event.club is not None:
        root.append(event.club.element())
    element = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind.value})
    element.extend(node.element() for node in event.settings)
    participants = ET.SubElement(element, "PARTICIPANTS", {"EVENT_TYPE": kind.value})
    most = _field_boards(score)
    by_pair = {pair.pair: pair for pair in score.pairs}
    for source in event.pairs:
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
    for source_board in event.boards:
        board = ET.SubElement(element, "BOARD", {"EVENT_TYPE": kind.value})
        _sub(board, "BOARD_NUMBER", str(source_board.number))
        for source_line in source_board.lines:
            result = _board_result(source_board.number, source_line)
            line, scored_board = scored_lines[(result.board, result.ns, result.ew)]
            if kind is EventType.BUTLER_PAIRS and board.find("BOARD_AVERAGE") is None:
                _sub(board, "BOARD_AVERAGE", _fmt_imps(scored_board.datum or 0.0))
            traveller = ET.SubElement(board, "TRAVELLER_LINE")
            for tag, value in (("NS_PAIR_NUMBER", source_line.ns), ("EW_PAIR_NUMBER", source_line.ew)):
                _sub(traveller, tag, value)
            if result.artificial is None:
                for tag, value in (("CONTRACT", source_line.contract), ("PLAYED_BY", source_line.played_by),
                                   ("LEAD", source_line.lead), ("TRICKS", source_line.tricks)):
                    if value or tag in ("CONTRACT", "TRICKS"):
                        _sub(traveller, tag, value)
                _sub(traveller, "SCORE", str(result.ns_score))
            else:
                _sub(traveller, "SCORE", f"A{round(result.artificial.ns):02d}{round(result.artificial.ew):02d}")
            show = _fmt if kind is EventType.MP_PAIRS else _fmt_imps if kind is EventType.BUTLER_PAIRS else _fmt
            _sub(traveller, f"NS_{kind.points}", show(line.ns))
            _sub(traveller, f"EW_{kind.points}", show(line.ew))
    if event.handset is not None:
        root.append(event.handset.element())
    root.extend(node.element() for node in event.extra)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'


_EVENT_TYPES = {Method.MATCHPOINTS: EventType.MP_PAIRS, Method.BUTLER: EventType.BUTLER_PAIRS,
                Method.CROSS_IMPS: EventType.CROSS_IMP}


def _line_of(result: BoardResult) -> UsebioLine:
    ns, ew = str(result.ns), str(result.ew)
    if result.weighted is not None or result.ew_score is not None:
        raise UsebioError(f"board {result.board}, {ns} v {ew}: USEBIO 1.2 has no weighted or split score")
    if result.artificial is not None:
        code = f"A{round(result.artificial.ns):02d}{round(result.artificial.ew):02d}"
        return UsebioLine(ns, ew, score=code)
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
                UsebioNode("PROGRAM_VERSION", _version()), UsebioNode("WINNER_TYPE", str(session.settings.winners)),
                UsebioNode("DATE", date), UsebioNode("BOARDS_PLAYED", str(len({b.board for b in session.boards}))),
                UsebioNode("SESSION_COUNT", "1"), UsebioNode("SECTION_COUNT", "1"))
    pairs = []
    for pair in sorted(session.pairs, key=lambda scored: scored.pair):
        direction = pair.field.split()[-1] if session.settings.winners == 2 else ""
        players = tuple(UsebioNode("PLAYER", children=(UsebioNode("PLAYER_NAME", name),))
                        for name in names.get(pair.pair, ()))
        pairs.append(UsebioPair(str(pair.pair), direction, players))
    boards = tuple(UsebioBoard(board.board, tuple(_line_of(line.result) for line in board.lines))
                   for board in session.boards)
    hands = tuple(UsebioNode("BOARD", children=(UsebioNode("BOARD_NUMBER", str(number)), *(
        UsebioNode("HAND", children=(UsebioNode("DIRECTION", seat.format(full=True)), *(
            UsebioNode(tag, holding) for tag, holding in zip(
                ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), deal[seat].to_pbn().split("."), strict=True))))
        for seat in Seat)))
        for number, deal in sorted((deals or {}).items()))
    made = UsebioEvent(_EVENT_TYPES[session.method], UsebioNode("CLUB", children=(UsebioNode("CLUB_NAME", club),)),
                       settings, tuple(pairs), boards, UsebioNode("HANDSET", children=hands) if hands else None)
    return write_usebio(made, session)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("redouble")
    except PackageNotFoundError:
        return "dev"


def _sub(parent: ET.Element, tag: str, text: str) -> None:
    ET.SubElement(parent, tag).text = text or None


# --- checking ---------------------------------------------------------------------------------------


def check_usebio(event: UsebioEvent, score: SessionScore | None = None) -> list[Disagreement]:
    """Each published point, datum, total, percentage or place the recomputation does not give (Compscore3's raw
    MPs on a short board and unscaled totals accepted)."""
    score = score or score_usebio(event)
    kind = event.event_type
    found: list[Disagreement] = []
    scored_lines = {(line.result.board, line.result.ns, line.result.ew): (line, board)
                    for board in score.boards for line in board.lines}
    for source_board in event.boards:
        average_checked = False
        for source_line in source_board.lines:
            result = _board_result(source_board.number, source_line)
            line, board = scored_lines[(result.board, result.ns, result.ew)]
            where = f"board {source_board.number}, {source_line.ns} v {source_line.ew}"
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
        where = f"pair {source.number}"
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
