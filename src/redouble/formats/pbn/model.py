"""The PBN game model: tags in file order, auction and play sections, tables, comments.

A ``Game`` keeps everything the standard lets a file say about one board, so that reading,
writing and reading again gives an equal game. Derived values (``deal``, ``dealer``,
``contract``, the calls and cards in playing order) are computed from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redouble.calls import Call, CallKind, Contract
from redouble.cards import SUITS, Card, Rank, Strain, Suit
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.hand import Hand
from redouble.play import Trick
from redouble.seats import Seat, Side, Vulnerability

if TYPE_CHECKING:
    from redouble.formats.errors import ParseError
    from redouble.state import BoardState

__all__ = [
    "MANDATORY_TAGS",
    "AuctionSection",
    "Column",
    "Entry",
    "Game",
    "PlaySection",
    "Table",
    "comment_text",
    "parse_contract",
    "parse_deal",
    "parse_result",
    "suit_symbols",
]

MANDATORY_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)
"""The standard's Mandatory Tag Set, in its export order (PBN 2.1 §3.4)."""

NO_INHERITANCE: frozenset[str] = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})
"""Tags whose value may not be ``#`` or ``##…`` (PBN 2.1 §4.8)."""

SUFFIX_NAGS: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
"""Call suffixes and their NAGs; a card's suffix is the same NAG plus 6 (PBN 2.1 §3.5.3, §3.6.3)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A call or card token as written, with its note reference, NAGs, comments and irregularity.

    ``token`` is the canonical text: ``Pass``, ``1NT``, ``X``, ``XX``, ``AP`` or ``-`` in an
    auction; ``SK``, ``-`` or ``+`` in a play section. ``irregularity`` is ``I``, ``S``, ``R``
    or ``L`` (PBN 2.1 §3.9).
    """

    token: str
    note: int | None = None
    nags: tuple[int, ...] = ()
    comments: tuple[str, ...] = ()
    irregularity: str | None = None

    @property
    def call(self) -> Call | None:
        """The call, or ``None`` for ``AP``, ``-`` and a skipped turn (``^S``)."""
        if self.token in ("AP", "-", "+") or self.irregularity == "S":
            return None
        return Call.parse(self.token)

    @property
    def card(self) -> Card | None:
        """The card, or ``None`` for ``-`` (unknown or not played) and ``+`` (to be played)."""
        if self.token in ("-", "+"):
            return None
        return Card.parse(self.token)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Section:
    """What the auction and play sections share: the first seat, end marker, notes and comments."""

    first: Seat
    end: str = ""
    notes: tuple[tuple[int, str], ...] = ()
    comments: tuple[str, ...] = ()
    trailing_comments: tuple[str, ...] = ()

    def note(self, index: int) -> str | None:
        """The text of note ``index``."""
        for number, text in self.notes:
            if number == index:
                return text
        return None


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionSection(_Section):
    """The auction section: the first caller, the calls as written, the end marker and the notes.

    ``end`` is ``""`` (the auction ends by its passes or ``AP``), ``"*"`` (no more calls will be
    given) or ``"+"`` (to be continued).
    """

    entries: tuple[Entry, ...] = ()

    def calls(self) -> list[tuple[Seat, Call, Entry]]:
        """The calls in order with their seats; ``AP`` becomes the passes that end the auction."""
        from redouble.calls import PASS

        result: list[tuple[Seat, Call, Entry]] = []
        seat = self.first
        started = False
        calls: list[Call] = []
        for entry in self.entries:
            if entry.token == "-" and not started:
                seat = seat.next()
                continue
            started = True
            if entry.token == "AP":
                needed = 3 if any(call.is_bid for call in calls) else 4
                for _ in range(max(0, needed - _trailing_passes(calls))):
                    result.append((seat, PASS, entry))
                    calls.append(PASS)
                    seat = seat.next()
                continue
            call = entry.call
            if call is None:
                seat = seat.next()
                continue
            result.append((seat, call, entry))
            calls.append(call)
            seat = seat.next()
        return result


def _trailing_passes(calls: list[Call]) -> int:
    count = 0
    for call in reversed(calls):
        if call.kind is not CallKind.PASS:
            break
        count += 1
    return count


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaySection(_Section):
    """The play section: tricks as written, one line a trick, columns by seat from ``first``.

    ``tricks[i][j]`` is the card of seat ``first.next(j)`` in trick ``i`` (PBN 2.1 §3.6);
    ``end`` is ``""``, ``"*"`` (no more cards will be given) or ``"+"``.
    """

    tricks: tuple[tuple[Entry, ...], ...] = ()

    def cards(self, *, leader: Seat, trump: Suit | None) -> list[tuple[Seat, Card, Entry]]:
        """The cards in the order played: each trick from its leader, the last winner leading.

        Stops at the first card not given (``-`` or ``+``) in playing order.
        """
        played: list[tuple[Seat, Card, Entry]] = []
        for row in self.tricks:
            by_seat = {self.first.next(column): entry for column, entry in enumerate(row)}
            cards: list[Card] = []
            for offset in range(4):
                seat = leader.next(offset)
                entry = by_seat.get(seat)
                card = None if entry is None else entry.card
                if card is None or entry is None:
                    return played
                played.append((seat, card, entry))
                cards.append(card)
            winner = Trick(leader=leader, cards=tuple(cards), trump=trump).winner
            assert winner is not None
            leader = winner
        return played


_COLUMN = re.compile(r"^([+-]?)(.*?)(?:\\([0-9]{1,3})([LR]?))?$", re.S)


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its name, sort order (``+`` descending, ``-`` ascending), width and alignment."""

    name: str
    order: str = ""
    width: int | None = None
    align: str = ""

    @classmethod
    def parse(cls, text: str) -> Column:
        """A column name token like ``Result\\2R`` or ``+Score_NS`` (PBN 2.1 §3.2, §5.2)."""
        match = _COLUMN.match(text)
        assert match is not None  # the pattern matches every string
        order, name, width, align = match.groups()
        return cls(name=name, order=order, width=int(width) if width else None, align=align)

    def __str__(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align}"
        return f"{self.order}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class Table:
    """A supplemental table section: columns from the tag value, rows of raw elements.

    Elements are kept as written (strings with their quotes, ``-`` irrelevant, ``?`` unknown,
    ``^`` artificial); ``records()`` gives each row as a mapping of typed values.
    """

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    comments: tuple[str, ...] = ()

    @property
    def spec(self) -> str:
        """The tag value: the column names with their formats, separated by ``;``."""
        return ";".join(str(column) for column in self.columns)

    @property
    def names(self) -> tuple[str, ...]:
        """The column names without order or width."""
        return tuple(column.name for column in self.columns)

    def records(self) -> list[dict[str, int | float | str | None]]:
        """Rows as ``{column: value}``: numbers as ``int``/``float``, ``-`` and ``?`` as ``None``.

        >>> table = Table.parse("ScoreTable", 'Contract\\\\3L;Score_NS\\\\6R', ["3NT", '"400"', "1S", "-"])
        >>> table.records()
        [{'Contract': '3NT', 'Score_NS': 400}, {'Contract': '1S', 'Score_NS': None}]
        """
        return [{name: element_value(value) for name, value in zip(self.names, row, strict=False)}
                for row in self.rows]

    def column(self, name: str) -> list[int | float | str | None]:
        """The typed values of one column, row by row."""
        try:
            index = self.names.index(name)
        except ValueError:
            raise BridgeError(f"the {self.name} has no column {name!r}; it has "
                              + ", ".join(self.names)) from None
        return [element_value(row[index]) if index < len(row) else None for row in self.rows]

    @classmethod
    def parse(cls, name: str, spec: str, elements: list[str], comments: tuple[str, ...] = ()) -> Table:
        """A table from its tag name, its tag value and the section elements in order."""
        columns = tuple(Column.parse(part) for part in spec.split(";")) if spec else ()
        width = max(1, len(columns))
        rows = tuple(tuple(elements[start:start + width]) for start in range(0, len(elements), width))
        return cls(name=name, columns=columns, rows=rows, comments=comments)


def comment_text(text: str) -> str:
    """A comment's text without its ``{}`` or leading ``;`` (PBN 2.1 §3.7)."""
    if text.startswith("{") and text.endswith("}"):
        return text[1:-1]
    return text[1:] if text.startswith(";") else text


def suit_symbols(text: str) -> str:
    """Commentary with ``\\S`` ``\\H`` ``\\D`` ``\\C`` shown as ♠ ♥ ♦ ♣ (PBN 2.1 §3.8).

    >>> suit_symbols(r"lead the \\SK, then \\H2")
    'lead the ♠K, then ♥2'
    """
    for letter, symbol in (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")):
        text = text.replace("\\" + letter, symbol)
    return text


_NUMBER = re.compile(r"^[+-]?[0-9]{1,18}$")
_DECIMAL = re.compile(r"^[+-]?[0-9]{0,18}[.,][0-9]{1,18}$")


def element_value(text: str) -> int | float | str | None:
    """A table element's value: quotes removed, numbers typed, ``-``/``?`` as ``None``."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = unescape(text[1:-1])
    stripped = text.strip()
    if stripped in ("-", "?", ""):
        return None
    if _NUMBER.match(stripped):
        return int(stripped)
    if _DECIMAL.match(stripped):
        return float(stripped.replace(",", "."))
    return stripped


def unescape(text: str) -> str:
    """A string token's value: ``\\"`` is a quote and ``\\\\`` a backslash (PBN 2.1 §3.2)."""
    if "\\" not in text:
        return text
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in '"\\':
            out.append(text[index + 1])
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def escape(text: str) -> str:
    """A value as a string token's contents: quotes and backslashes escaped (PBN 2.1 §3.2).

    A backslash before a digit stays single: it is a table column's width (``Result\\2R``),
    written that way by every program, and no reader takes it for an escape.
    """
    out: list[str] = []
    for index, char in enumerate(text):
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            following = text[index + 1:index + 2]
            out.append("\\" if following.isdigit() else "\\\\")
        else:
            out.append(char)
    return "".join(out)


def _known(value: str | None) -> str | None:
    """``None`` for a missing, empty or unknown (``?``) tag value."""
    if value is None:
        return None
    stripped = value.strip()
    return None if stripped in ("", "?", "#") else stripped


_SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANK_LETTERS = {letter: Rank(value) for letter, value in zip("23456789TJQKA", range(2, 15), strict=True)}
_CARDS_BY_LETTER = {suit: {letter: Card(suit, rank) for letter, rank in _RANK_LETTERS.items()} for suit in SUITS}


def parse_hand(text: str) -> Hand:
    """A PBN hand ``S.H.D.C``, tolerating lowercase, ``10`` for ``T`` and redundant suit letters.

    >>> parse_hand("SAKQ.HJT9.D876.C5432") == parse_hand("AKQ.JT9.876.5432")
    True
    >>> parse_hand("..AKQJT98765432.").length(Suit.DIAMONDS)
    13
    """
    parts = text.split(".")
    if len(parts) != 4:
        raise BridgeError(f"{text!r} is not a hand: expected four suits separated by '.'")
    cards: list[Card] = []
    for suit, part in zip(SUITS, parts, strict=True):
        ranks = part.strip().upper().replace("10", "T")
        if ranks[:1] in _SUIT_LETTERS:
            if _SUIT_LETTERS[ranks[0]] is not suit:
                raise BridgeError(f"{text!r} is not a hand: {part!r} stands where the "
                                  f"{suit.name.lower()} belong")
            ranks = ranks[1:]
        if ranks in ("-", "—"):
            continue
        by_letter = _CARDS_BY_LETTER[suit]
        for letter in ranks:
            card = by_letter.get(letter)
            if card is None:
                raise BridgeError(f"{text!r} is not a hand: {letter!r} in the "
                                  f"{suit.name.lower()} is not a rank")
            cards.append(card)
    if len(set(cards)) != len(cards):
        raise BridgeError(f"{text!r} holds a card twice")
    return Hand(cards)


def parse_deal(text: str) -> tuple[Seat, dict[Seat, Hand]]:
    """The first seat and the hands given in a PBN ``Deal`` value (``-`` for a hand not given).

    Raises ``BridgeError`` naming the problem.
    """
    stripped = text.strip()
    if len(stripped) < 2 or stripped[1] != ":":
        raise BridgeError(f"{text!r} is not a deal: expected a seat letter and ':' first, like 'N:...'")
    try:
        first = Seat.parse(stripped[0])
    except BridgeError:
        raise BridgeError(f"{stripped[0]!r} is not a seat: expected N, E, S or W before ':'") from None
    parts = stripped[2:].split()
    if len(parts) != 4:
        raise BridgeError(f"{text!r} is not a deal: expected four hands, found {len(parts)}")
    hands: dict[Seat, Hand] = {}
    for offset, part in enumerate(parts):
        if part != "-":
            hands[first.next(offset)] = parse_hand(part)
    seen: set[Card] = set()
    for hand in hands.values():
        if seen & hand.cards:
            card = min(seen & hand.cards)
            raise BridgeError(f"{text!r} is not a deal: {card} is in two hands")
        seen |= hand.cards
    return first, hands


def deal_from_hands(hands: Mapping[Seat, Hand]) -> Deal | None:
    """The full deal when the hands make one (one missing hand is the rest of the pack)."""
    from redouble.cards import DECK

    if len(hands) == 3:
        known = set().union(*(hand.cards for hand in hands.values()))
        if len(known) == 39:
            missing = next(seat for seat in Seat if seat not in hands)
            hands = {**hands, missing: Hand(card for card in DECK if card not in known)}
    if len(hands) != 4 or any(len(hand) != 13 for hand in hands.values()):
        return None
    try:
        return Deal(hands)
    except BridgeError:
        return None


_REDOUBLED_R = re.compile(r"^\s*([1-7].*?)\s*R\s*$", re.I)


def parse_contract(text: str, declarer: Seat | None = None) -> Contract:
    """A ``Contract`` tag value: ``4HX``, ``3NT``, and ``3NR`` for redoubled as LIN's ``r`` and
    some archives write it; raises ``BridgeError`` naming the problem.

    >>> parse_contract("3NR", Seat.SOUTH)
    Contract.parse('3NTXX', declarer=Seat.SOUTH)
    """
    try:
        return Contract.parse(text.strip(), declarer=declarer)
    except BridgeError:
        match = _REDOUBLED_R.match(text)
        if match is None:
            raise
        return Contract.parse(match.group(1) + "XX", declarer=declarer)


_RESULT_SIDES = re.compile(r"^(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?$")


def parse_result(text: str, declarer: Seat | None) -> int | None:
    """Declarer's tricks from a ``Result`` value: ``9``, ``NS 9``, ``EW 4 NS 9``, ``^9`` (PBN 2.1 §3.4.15)."""
    value = _known(text)
    if value is None:
        return None
    value = value.lstrip("^").strip()
    if re.fullmatch(r"[0-9]{1,2}", value):
        tricks = int(value)
        return tricks if 0 <= tricks <= 13 else None
    match = _RESULT_SIDES.match(value.upper())
    if not match:
        return None
    sides = {match.group(1): int(match.group(2))}
    if match.group(3):
        sides[match.group(3)] = int(match.group(4))
    if declarer is None:
        return None
    mine = "NS" if declarer.side is Side.NS else "EW"
    theirs = "EW" if mine == "NS" else "NS"
    tricks = sides[mine] if mine in sides else 13 - sides[theirs]
    return tricks if 0 <= tricks <= 13 else None


@dataclass(eq=False)
class Game:
    """One PBN game: its tags in file order (``Note`` tags live in their sections) and sections.

    ``tags`` holds the values as a program should use them, inheritance (``#``, ``##``)
    resolved; ``inherited`` records the tags that were written with ``#``/``##…`` (or implied
    by an earlier ``##``, as ``""``) so a writer can keep the file's economy. ``errors`` holds the
    problem that stopped the reading of a game read in recovery mode (the game is then incomplete).
    """

    tags: dict[str, str] = field(default_factory=dict)
    auction: AuctionSection | None = None
    play: PlaySection | None = None
    tables: dict[str, Table] = field(default_factory=dict)
    comments: dict[str, tuple[str, ...]] = field(default_factory=dict)
    directives: tuple[str, ...] = ()
    inherited: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    _parsed_deal: tuple[str, dict[Seat, Hand]] | None = field(default=None, init=False, repr=False)

    def _key(self) -> tuple[object, ...]:
        return (self.tags, self.auction, self.play, self.tables, self.comments, self.directives)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        board = self.tags.get("Board", "?")
        return f"<Game board={board} tags={len(self.tags)} deal={'yes' if self.deal else 'no'}>"

    # --- identification -------------------------------------------------------------------

    def tag(self, name: str) -> str | None:
        """A tag's value, or ``None`` when absent, empty or unknown (``?``)."""
        return _known(self.tags.get(name))

    @property
    def board(self) -> int | None:
        """The board number."""
        value = self.tag("Board")
        return int(value) if value is not None and re.fullmatch(r"[0-9]{1,9}", value) else None

    @property
    def dealer(self) -> Seat | None:
        """The dealer."""
        value = self.tag("Dealer")
        try:
            return None if value is None else Seat.parse(value)
        except BridgeError:
            return None

    @property
    def vulnerability(self) -> Vulnerability | None:
        """The vulnerability (``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``)."""
        value = self.tags.get("Vulnerable")
        if value is None or value.strip() == "?":
            return None
        try:
            return Vulnerability.parse(value)
        except BridgeError:
            return None

    @property
    def hands(self) -> dict[Seat, Hand]:
        """The hands the ``Deal`` tag gives (all four, some, or fewer than 13 cards each)."""
        value = self.tag("Deal")
        if value is None:
            return {}
        cached = self._parsed_deal
        if cached is not None and cached[0] == value:
            return dict(cached[1])
        try:
            hands = parse_deal(value)[1]
        except BridgeError:
            return {}
        self._parsed_deal = (value, hands)
        return dict(hands)

    @property
    def deal(self) -> Deal | None:
        """The deal, or ``None`` when the file gives no complete deal."""
        return deal_from_hands(self.hands)

    @property
    def declarer(self) -> Seat | None:
        """The declarer (``^`` marking a swapped declarer and dummy is ignored)."""
        value = self.tag("Declarer")
        try:
            return None if value is None else Seat.parse(value.lstrip("^"))
        except BridgeError:
            return None

    @property
    def contract(self) -> Contract | None:
        """The contract from the ``Contract`` tag with the declarer; ``None`` if passed out or unknown."""
        value = self.tag("Contract")
        if value is None or value.upper() == "PASS":
            return None
        try:
            return parse_contract(value, self.declarer)
        except BridgeError:
            return None

    @property
    def result(self) -> int | None:
        """Declarer's tricks from the ``Result`` tag."""
        return parse_result(self.tags.get("Result", ""), self.declarer)

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the contract (or of an end position's bare denomination)."""
        contract = self.contract
        if contract is not None:
            return contract.strain.suit
        value = self.tag("Contract")
        if value is not None:
            try:
                return Strain.parse(value).suit
            except BridgeError:
                return None
        return None

    # --- auction and play --------------------------------------------------------------

    @property
    def calls(self) -> list[Call]:
        """The calls of the auction in order (``AP`` expanded), without annotation."""
        if self.auction is None:
            return []
        return [call for _, call, _ in self.auction.calls()]

    @property
    def cards(self) -> list[tuple[Seat, Card]]:
        """The cards played, in playing order, with their seats."""
        if self.play is None:
            return []
        declarer = self.declarer
        leader = declarer.lho if declarer is not None else self.play.first
        return [(seat, card) for seat, card, _ in self.play.cards(leader=leader, trump=self.trump)]

    @property
    def commentary(self) -> list[str]:
        """Every comment of the game in file order (game, tags, calls, cards), without ``{}``/``;``.

        ``\\S``, ``\\H``, ``\\D`` and ``\\C`` name suits (PBN 2.1 §3.8); ``suit_symbols`` shows them.
        """
        texts: list[str] = []
        for key in ("", *self.tags):
            texts.extend(self.comments.get(key, ()))
        for section in (self.auction, self.play):
            if section is None:
                continue
            texts.extend(section.comments)
            rows = section.entries if isinstance(section, AuctionSection) else [
                entry for trick in section.tricks for entry in trick]
            for entry in rows:
                texts.extend(entry.comments)
            texts.extend(section.trailing_comments)
        return [comment_text(text) for text in texts]

    @classmethod
    def from_board_state(cls, state: BoardState, *, tags: Mapping[str, str] | None = None) -> Game:
        """The game of a played board (see ``redouble.formats.pbn.from_board_state``)."""
        from redouble.formats.pbn.events import from_board_state

        return from_board_state(state, tags=tags)

    def to_board_state(self) -> BoardState:
        """The board replayed as events (see ``redouble.formats.pbn.board_state``)."""
        from redouble.formats.pbn.events import board_state

        return board_state(self)

    def table(self, name: str) -> Table | None:
        """A supplemental table by its tag name (``ScoreTable``, ``OptimumResultTable`` …)."""
        return self.tables.get(name)

    def optimum_results(self) -> dict[tuple[Seat, Strain], int]:
        """The ``OptimumResultTable`` as ``{(declarer, strain): tricks}`` (double-dummy tricks)."""
        table = self.tables.get("OptimumResultTable")
        if table is None:
            return {}
        results: dict[tuple[Seat, Strain], int] = {}
        for record in table.records():
            seat, strain, tricks = record.get("Declarer"), record.get("Denomination"), record.get("Result")
            if isinstance(seat, str) and isinstance(strain, str) and isinstance(tricks, int):
                try:
                    results[(Seat.parse(seat), Strain.parse(strain))] = tricks
                except BridgeError:
                    continue
        return results

    def sections(self) -> Iterator[str]:
        """The names of the sections present, in export order."""
        if self.auction is not None:
            yield "Auction"
        if self.play is not None:
            yield "Play"
        yield from sorted(self.tables)
