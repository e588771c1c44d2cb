"""BBO's LIN format: read and write hand records, vugraph files and handviewer links.

A LIN text is a run of ``key|value|`` pairs. ``pn`` names the players South, West, North, East
(eight names in a vugraph file: open room, then closed); ``md`` gives the dealer as a digit
(1 South, 2 West, 3 North, 4 East) and the hands from South clockwise (the last may be left
out); ``sv`` the vulnerability (``o``, ``n``, ``e``, ``b``); ``mb`` a call (``p``, ``d``, ``r``,
``1N``; ``!`` marks an alert) and ``an`` its explanation; ``pc`` a card; ``mc`` a claim, as
declarer's total tricks; ``qx`` the room and board (``o9``, ``c9``); ``ah`` the board title;
``nt`` commentary; ``vg`` (event, segment, teams) and ``rs`` (results) head a vugraph file. A
board starts at ``qx``, at a ``pn`` opening its line (BBO's hand records) or at a second ``md``.
``rh``, ``st``, ``pg`` and the others are kept but change nothing.

>>> boards = loads("pn|Ann,Bob,Cat,Dan|md|1SAKQJHAKQDAKQCAKQ,S2H5432D5432C5432,S6543H876D876C876,|"
...                "ah|Board 1|sv|o|mb|7N!|an|just because|mb|p|mb|p|mb|p|pc|S2|mc|13|")
>>> board = boards[0]
>>> board.dealer, board.players[Seat.SOUTH], board.number
(Seat.SOUTH, 'Ann', 1)
>>> state = board_state(board)
>>> str(state.result)
'7NT S ='
>>> state.events[0].explanation
'just because'
>>> text = dumps([from_board_state(state, players=board.players)])
>>> text.split("|sv|")[1]
'o|mb|7N!|an|just because|mb|p|mb|p|mb|p|pg||pc|S2|mc|13|pg||\\n'
>>> loads(text) == boards
True
"""

from __future__ import annotations

import bisect
import re
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import Call, CallKind
from redouble.cards import SUITS, Card, Rank, Suit
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.events import CallMade, CardPlayed
from redouble.formats.encoding import decode
from redouble.formats.errors import ExportError, ParseError
from redouble.formats.pbn.events import actions_in_force, claim_events
from redouble.formats.pbn.model import deal_from_hands
from redouble.hand import Hand
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState, Phase

__all__ = ["HANDVIEWER", "LIN_SEATS", "LinBoard", "LinCall", "LinComment", "ParseError", "board_state", "dump", "dumps",
           "from_board_state", "handviewer_url", "load", "loads", "replay"]

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html?lin="
"""BBO's hand viewer, which shows a LIN board given in its ``lin`` parameter."""

LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""LIN's seat order: ``pn`` names and ``md`` hands start with South; dealer digits 1-4 follow it."""

_VULNERABILITY = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
                  "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_VULNERABILITY_LETTER = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
                         Vulnerability.BOTH: "b"}
_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANKS = {letter: Rank(value) for letter, value in zip("23456789TJQKA", range(2, 15), strict=True)}
_CARD = re.compile(r"^\s*([SHDCshdc])\s*(10|[2-9TJQKAtjqka])\s*$")
_BOARD_TITLE = re.compile(r"([0-9]{1,6})\s*$")
_ROOM = re.compile(r"^\s*([ocOC]?)\s*([0-9]{1,6})\s*$")


@dataclass(frozen=True, slots=True)
class LinCall:
    """A call as LIN gives it: the call, its alert (``!``) and explanation (``an``)."""

    call: Call
    alert: bool = False
    explanation: str | None = None


@dataclass(frozen=True, slots=True)
class LinComment:
    """An ``nt`` commentary line, placed after ``calls`` calls and ``cards`` cards of its board."""

    calls: int
    cards: int
    text: str


@dataclass(eq=False)
class LinBoard:
    """One board of a LIN text: players, deal, dealer, vulnerability, calls, cards and claim.

    ``comments`` holds its ``nt`` commentary, ``errors`` the problem that stopped its reading in
    recovery mode, ``pairs`` every ``key|value|`` pair of the board as read, ``header`` the file's
    ``vg``, ``rs`` and ``pn`` pairs before the first board.
    """

    players: dict[Seat, str] = field(default_factory=dict)
    hands: dict[Seat, Hand] = field(default_factory=dict)
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    number: int | None = None
    room: str | None = None
    title: str | None = None
    calls: list[LinCall] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    claim: int | None = None
    comments: list[LinComment] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    pairs: list[tuple[str, str]] = field(default_factory=list)
    header: list[tuple[str, str]] = field(default_factory=list)

    def _key(self) -> tuple[object, ...]:
        deal = self.deal
        return (self.players, deal if deal is not None else self.hands, self.dealer, self.vulnerability,
                self.number, self.calls, self.cards, self.claim, self.comments)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LinBoard):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<LinBoard {self.room or ''}{self.number or '?'} calls={len(self.calls)} cards={len(self.cards)}>"

    @classmethod
    def from_board_state(cls, state: BoardState, *, players: Mapping[Seat, str] | None = None) -> LinBoard:
        """The LIN board of a played board (see ``redouble.formats.lin.from_board_state``)."""
        return from_board_state(state, players=players)

    def to_board_state(self) -> BoardState:
        """The board replayed as events (see ``redouble.formats.lin.board_state``)."""
        return board_state(self)

    @property
    def deal(self) -> Deal | None:
        """The deal, or ``None`` when the hands given do not make one (one hand may be left out)."""
        return deal_from_hands(self.hands)


class _Positions:
    """Line and column of an offset in the text."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [index + 1 for index, char in enumerate(text) if char == "\n"]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def _pairs(text: str, *, recover: bool = False) -> list[tuple[str, str, int, ParseError | None]]:
    """The ``key|value|`` pairs with the offset of each value; recovering, a broken pair becomes its
    error (a junk key is passed over, an unclosed value ends the text)."""
    pairs: list[tuple[str, str, int, ParseError | None]] = []
    position = 0
    length = len(text)
    while position < length:
        bar = text.find("|", position)
        problem: ParseError | None = None
        end = text.find("|", bar + 1) if bar >= 0 else -1
        if bar < 0:
            rest = text[position:]
            if rest.strip():
                problem = _error(text, position + len(rest) - len(rest.lstrip()),
                                 f"{rest.strip()[:20]!r} has no value", "a key, '|', a value and '|'")
        else:
            key = text[position:bar].strip().lower()
            if end < 0:
                problem = _error(text, bar + 1, f"the value of {key or 'a key'!r} is not closed",
                                 "'|' after the value")
            elif not key and not text[bar + 1:end].strip():
                position = end + 1  # '||' between pairs: nothing
                continue
            elif not re.fullmatch(r"[a-z0-9]{1,4}", key):
                problem = _error(text, position + len(text[position:bar]) - len(text[position:bar].lstrip()),
                                 f"{text[position:bar].strip()[:20]!r} is not a LIN key", "a key like md, mb or pc")
            else:
                pairs.append((key, text[bar + 1:end], bar + 1, None))
                position = end + 1
                continue
        if problem is None:
            break
        if not recover:
            raise problem
        pairs.append(("", "", 0, problem))
        if bar < 0 or end < 0:
            break
        position = end + 1
    return pairs


def _error(text: str, offset: int, problem: str, expected: str) -> ParseError:
    line, column = _Positions(text)(offset)
    return ParseError(problem, line=line, column=column, expected=expected)


def _hand(text: str) -> Hand:
    cards: list[Card] = []
    suit: Suit | None = None
    body = text.strip().upper().replace("10", "T")
    for char in body:
        if char in _SUITS:
            suit = _SUITS[char]
        elif char in _RANKS and suit is not None:
            cards.append(Card(suit, _RANKS[char]))
        elif char not in " .-":
            raise BridgeError(f"{char!r} is not a suit or a rank")
    if len(set(cards)) != len(cards):
        raise BridgeError("a card is given twice")
    return Hand(cards)


def _parse_md(value: str) -> tuple[Seat | None, dict[Seat, Hand]]:
    body = value.strip()
    dealer = None
    if re.match(r"[0-9]", body):
        digit = int(body[0])
        if not 1 <= digit <= 4:
            raise BridgeError(f"{body[0]} is not a dealer digit (1 South, 2 West, 3 North, 4 East)")
        dealer = LIN_SEATS[digit - 1]
        body = body[1:]
    hands: dict[Seat, Hand] = {}
    parts = body.split(",") if body else []
    if len(parts) > 4:
        raise BridgeError(f"md gives {len(parts)} hands; there are four")
    for seat, part in zip(LIN_SEATS, parts, strict=False):
        if part.strip():
            hands[seat] = _hand(part)
    seen: set[Card] = set()
    for hand in hands.values():
        if len(hand) > 13:
            raise BridgeError(f"a hand of {len(hand)} cards")
        if seen & hand.cards:
            raise BridgeError(f"{min(seen & hand.cards)} is in two hands")
        seen |= hand.cards
    return dealer, hands


def _parse_call(value: str) -> LinCall:
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    if text.upper() in ("P", "PASS"):
        call = Call(CallKind.PASS)
    elif text.upper() in ("D", "X", "DBL"):
        call = Call(CallKind.DOUBLE)
    elif text.upper() in ("R", "XX", "RDBL"):
        call = Call(CallKind.REDOUBLE)
    else:
        if not re.fullmatch(r"[1-7](?:NT|N|S|H|D|C)", text.upper()):
            raise BridgeError(f"{value!r} is not a call")
        call = Call.parse(text.upper())
    return LinCall(call=call, alert=alert)


def _board_started(board: LinBoard) -> bool:
    return bool(board.hands or board.calls or board.cards or board.dealer is not None or board.errors)


def loads(text: str | bytes, *, recover: bool = False) -> list[LinBoard]:
    """The boards of a LIN text (or a BBO handviewer link, or bytes decoded by
    ``redouble.formats.encoding``).

    ``recover=True`` reads past a bad board: its problem goes in ``board.errors``, the rest of
    its pairs are skipped, and the next board is read.
    """
    if isinstance(text, bytes):
        text = decode(text)
    text = text.removeprefix("\ufeff")
    if "lin=" in text and "|" not in text.split("lin=", 1)[0]:
        link = text.split("lin=", 1)[1].split("&", 1)[0].strip()
        text = urllib.parse.unquote(link)
    boards: list[LinBoard] = []
    header: list[tuple[str, str]] = []
    names: list[str] = []
    current = LinBoard()
    begun = False  # a board has started: the header is complete
    for key, value, offset, broken in _pairs(text, recover=recover):
        if broken is not None:  # recovering: the board it stands in is bad
            current.errors.append(broken)
            continue
        try:
            started = _board_started(current)
            # a board starts at qx, at a second md, and at a pn that opens a board's line (BBO's hand
            # records); a pn right after md (a handviewer link's order) names that board's players
            opens = key == "pn" and started and (bool(current.errors) or current.pairs[-1][0] != "md")
            if (key == "qx" and started) or opens or (key == "md" and (current.hands or current.errors)):
                boards.append(current)
                current = LinBoard(header=list(header))
            elif key == "qx" and not begun:
                current.header = list(header)
            if key in ("md", "qx"):
                begun = True
            if current.errors:
                continue  # the rest of a bad board, read in recovery mode
            current.pairs.append((key, value))
            if key == "pn":
                names = [name.strip() for name in value.split(",")]
                if not begun:
                    header.append((key, value))
                    current.header = list(header)
            elif key == "md":
                current.dealer, current.hands = _parse_md(value)
            elif key == "sv":
                letter = value.strip().lower()[:1] or "o"
                if letter not in _VULNERABILITY:
                    raise BridgeError(f"{value!r} is not a vulnerability")
                current.vulnerability = _VULNERABILITY[letter]
            elif key == "mb":
                current.calls.append(_parse_call(value))
            elif key == "an":
                if not current.calls:
                    raise BridgeError("an explanation before any call")
                last = current.calls[-1]
                current.calls[-1] = LinCall(call=last.call, alert=last.alert, explanation=value)
            elif key == "pc":
                match = _CARD.match(value)
                if match is None:
                    raise BridgeError(f"{value!r} is not a card")
                suit, rank = match.groups()
                current.cards.append(Card(_SUITS[suit.upper()], _RANKS["T" if rank == "10" else rank.upper()]))
            elif key == "mc":
                if not re.fullmatch(r"\s*[0-9]{1,2}\s*", value) or int(value) > 13:
                    raise BridgeError(f"{value!r} is not a number of tricks")
                current.claim = int(value)
            elif key == "qx":
                room = _ROOM.match(value)
                if room:
                    current.room = room.group(1).lower() or None
                    current.number = int(room.group(2))
            elif key == "ah":
                current.title = value
                number = _BOARD_TITLE.search(value)
                if number:
                    current.number = int(number.group(1))
            elif key == "nt":
                current.comments.append(LinComment(calls=len(current.calls), cards=len(current.cards), text=value))
            elif not begun and key in ("vg", "rs"):
                header.append((key, value))
                current.header = list(header)
        except BridgeError as error:
            expected = {"md": "md|<dealer 1-4><South>,<West>,<North>,<East>|, hands like SAKQHJT9D8C765",
                        "sv": "o, n, e or b", "mb": "a call like 1N, 2S!, p, d or r",
                        "pc": "a card like SA or h10", "mc": "declarer's total tricks 0-13",
                        "an": "an explanation after an mb"}.get(key, "a value")
            problem = _error(text, offset, f"{key}|{value[:30]}|: {error}", expected)
            if not recover:
                raise problem from None
            current.errors.append(problem)
        if names:
            current.players = _players(names, current.room)
    if _board_started(current):
        boards.append(current)
    return boards


def _players(names: list[str], room: str | None) -> dict[Seat, str]:
    if len(names) >= 8 and room == "c":
        names = names[4:8]
    return {seat: name for seat, name in zip(LIN_SEATS, names[:4], strict=False) if name}


def load(source: str | Path | IO[str] | IO[bytes], *, recover: bool = False) -> list[LinBoard]:
    """The boards of a LIN file (a path or an open file); ``recover`` as for ``loads``."""
    if isinstance(source, str | Path):
        return loads(Path(source).read_bytes(), recover=recover)
    return loads(source.read(), recover=recover)


def board_state(board: LinBoard) -> BoardState:
    """A LIN board replayed as events: calls with alerts and explanations, cards, and the claim.

    Raises a ``BridgeError`` when the board has no complete deal or breaks the rules.
    """
    state, problems = replay(board)
    if problems:
        raise BridgeError(problems[0])
    return state


def replay(board: LinBoard) -> tuple[BoardState, tuple[str, ...]]:
    """The board replayed as far as the laws allow, and what could not be replayed and why
    (raises a ``BridgeError`` only when there is no complete deal)."""
    deal = board.deal
    if deal is None:
        raise BridgeError("the LIN board has no complete deal")
    number = board.number
    dealer = board.dealer or (board_dealer(number) if number else Seat.NORTH)
    vulnerability = board.vulnerability or (board_vulnerability(number) if number else Vulnerability.NONE)
    state = BoardState(Board(deal=deal, dealer=dealer, vulnerability=vulnerability, number=number))
    for position, item in enumerate(board.calls, start=1):
        if state.phase is not Phase.AUCTION:
            return state, (f"the call {item.call} comes after the auction is over; the play is left out",)
        try:
            state.make_call(item.call, alert=item.alert, explanation=item.explanation)
        except BridgeError as error:
            return state, (f"call {position} ({item.call}): {error}; the auction is kept up to it, "
                           "the play left out",)
    for position, card in enumerate(board.cards, start=1):
        if state.phase is not Phase.PLAY:
            return state, (f"{card} is played when no card can be",)
        try:
            state.play_card(card)
        except BridgeError as error:
            return state, (f"card {position} ({card}): {error}; the play is kept up to it",)
    if board.claim is not None and state.phase is Phase.PLAY:
        try:
            events = claim_events(state, board.claim)
        except BridgeError as error:
            return state, (f"the claim does not fit the play: {error}",)
        for event in events:
            state.apply(event)
    return state, ()


def from_board_state(state: BoardState, *, players: Mapping[Seat, str] | None = None,
                     title: str | None = None, room: str | None = None) -> LinBoard:
    """A LIN board from a board's event log (and the players' names, if known)."""
    board = state.board
    actions = actions_in_force(state.events)
    lin = LinBoard(players=dict(players or {}), hands=dict(board.deal), dealer=board.dealer,
                   vulnerability=board.vulnerability, number=board.number, room=room,
                   title=title if title is not None else (f"Board {board.number}" if board.number else None))
    for action in actions:
        if isinstance(action, CallMade):
            lin.calls.append(LinCall(call=action.call, alert=action.alert, explanation=action.explanation))
        elif isinstance(action, CardPlayed):
            lin.cards.append(action.card)
    play = state.play
    if play is not None and play.accepted_claim is not None:
        lin.claim = play.declarer_tricks
    return lin


def _call_text(call: Call) -> str:
    if call.kind is CallKind.PASS:
        return "p"
    if call.kind is CallKind.DOUBLE:
        return "d"
    if call.kind is CallKind.REDOUBLE:
        return "r"
    text = str(call)
    return text[:-1] if text.endswith("NT") else text


def _hand_text(hand: Hand | None) -> str:
    if hand is None:
        return ""
    return "".join(suit.letter() + "".join(rank.letter() for rank in hand.holding(suit)) for suit in SUITS)


def _value(key: str, value: str) -> str:
    if "|" in value:
        raise ExportError(f"the {key} value {value!r} holds '|', which LIN cannot carry")
    return value


def dumps(boards: Iterable[LinBoard]) -> str:
    """Boards as LIN, one line each, in the layout BBO writes (``pg||`` after each trick).

    A vugraph file's header (``vg``, ``rs``, ``pn``) comes first, one line each; a board opens with
    its players (``pn``), left out after its room (``qx``) when the names in force give them; ``nt``
    commentary stays in place.
    """
    lines: list[str] = []
    names: list[str] = []
    for index, board in enumerate(boards):
        if index == 0 and any(key == "vg" for key, _ in board.header):
            for key, value in board.header:
                lines.append(f"{key}|{_value(key, value)}|")
                if key == "pn":
                    names = [name.strip() for name in value.split(",")]
        parts: list[str] = []
        qx = bool(board.room and board.number is not None)  # else pn opens the board's line, as BBO writes
        if board.players and (not qx or board.players != (_players(names, board.room) if names else {})):
            names = [_value("pn", board.players.get(seat, "")).replace(",", " ") for seat in LIN_SEATS]
            parts.append("pn|" + ",".join(names) + "|")
        if qx:
            parts.append(f"qx|{board.room}{board.number}|")
        parts.append("st||")
        digit = str(LIN_SEATS.index(board.dealer) + 1) if board.dealer is not None else ""
        parts.append(f"md|{digit}" + ",".join(_hand_text(board.hands.get(seat)) for seat in LIN_SEATS) + "|")
        parts.append("rh||")
        if board.title is not None:
            parts.append(f"ah|{_value('ah', board.title)}|")
        if board.vulnerability is not None:
            parts.append(f"sv|{_VULNERABILITY_LETTER[board.vulnerability]}|")
        comments = list(board.comments)
        _commentary(parts, comments, 0, 0)
        for number, item in enumerate(board.calls, start=1):
            parts.append(f"mb|{_call_text(item.call)}{'!' if item.alert else ''}|")
            if item.explanation is not None:
                parts.append(f"an|{_value('an', item.explanation)}|")
            _commentary(parts, comments, number, 0)
        if board.cards or board.claim is not None:
            parts.append("pg||")
        calls = len(board.calls)
        for number, card in enumerate(board.cards, start=1):
            parts.append(f"pc|{card}|")
            _commentary(parts, comments, calls, number)
            if number % 4 == 0:
                parts.append("pg||")
        if board.claim is not None:
            parts.append(f"mc|{board.claim}|")
            parts.append("pg||")
        _commentary(parts, comments, len(board.calls) + 1, len(board.cards) + 1)
        lines.append("".join(parts))
    return "".join(line + "\n" for line in lines)


def _commentary(parts: list[str], comments: list[LinComment], calls: int, cards: int) -> None:
    """Write the ``nt`` lines due once ``calls`` calls and ``cards`` cards are written."""
    while comments and (comments[0].calls, comments[0].cards) <= (calls, cards):
        parts.append(f"nt|{_value('nt', comments.pop(0).text)}|pg||")


def handviewer_url(board: LinBoard) -> str:
    """A link that shows the board in BBO's hand viewer (and that ``loads`` reads back)."""
    return HANDVIEWER + urllib.parse.quote(dumps([board]).strip(), safe="|,!")


def dump(boards: Iterable[LinBoard], target: str | Path | IO[str]) -> None:
    """Write boards as LIN to a path (UTF-8) or an open text file."""
    text = dumps(boards)
    if isinstance(target, str | Path):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text)
