"""The streaming PBN reader: a visitor sees each game's tags, comments and section tokens in turn.

The design follows python-chess's PGN reader: ``read_game(handle, visitor)`` reads one game
from an open text stream and returns what the visitor builds; ``iter_games`` repeats it, so a
100,000-game file is read in constant memory. ``GameBuilder`` builds ``Game`` objects,
``HeadersBuilder`` only the tags (skipping the sections), ``SKIP`` skips a game or a section.
Tag inheritance (``#``, ``##``) is resolved by the reader, which remembers the previous game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Generic, TypeVar

from redouble.calls import Call
from redouble.cards import Strain
from redouble.errors import BridgeError
from redouble.formats.errors import ParseError
from redouble.formats.pbn.lexer import BOUNDARY, COMMENT, DIRECTIVE, ERROR, STRING, TAG, WORD, Token, tokens
from redouble.formats.pbn.model import (
    NO_INHERITANCE,
    SUFFIX_NAGS,
    AuctionSection,
    Entry,
    Game,
    PlaySection,
    Table,
    parse_contract,
    parse_deal,
    parse_result,
    unescape,
)
from redouble.seats import Seat, Vulnerability

__all__ = ["SKIP", "BaseVisitor", "GameBuilder", "HeadersBuilder", "Reader", "read_game"]

T = TypeVar("T")


class _Skip:
    """Returned by ``begin_game`` or ``visit_tag`` to skip the rest of a game or a section."""

    def __repr__(self) -> str:
        return "SKIP"


SKIP = _Skip()


class BaseVisitor(Generic[T]):
    """What a reader calls while it reads a game; subclass it and override what you need."""

    def begin_game(self) -> _Skip | None:
        """A game starts; return ``SKIP`` to skip it."""
        return None

    def visit_directive(self, text: str, *, line: int) -> None:
        """A ``%`` escape line (PBN 2.1 §2.4), without the ``%``."""

    def visit_tag(self, name: str, value: str, *, inherited: str | None, line: int,
                  column: int) -> _Skip | None:
        """A tag pair with its resolved value; ``inherited`` is ``#``/``##…`` as written, ``""``
        when an earlier ``##`` implies the tag, ``None`` for a literal value. Return ``SKIP`` to
        skip the section data that follows."""
        return None

    def visit_repeated_tag(self, name: str, *, line: int, column: int) -> None:
        """A tag the game already has: the reader ignores it and the section data after it."""

    def visit_comment(self, text: str, *, line: int, column: int) -> None:
        """A comment, with its ``{}`` or leading ``;``."""

    def visit_token(self, text: str, *, kind: int, line: int, column: int) -> None:
        """A token of section data (or stray text), ``kind`` one of the lexer's kinds."""

    def end_game(self) -> None:
        """The game is over."""

    def handle_error(self, error: ParseError) -> None:
        """A problem in the game: raise it (the default) or record it, and the reader skips the rest
        of the game and returns ``result()`` (python-chess's recovery convention)."""
        raise error

    def result(self) -> T:
        """What the visitor built."""
        raise NotImplementedError


class Reader:
    """Reads games one at a time from lines of PBN text, keeping the inheritance context."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._tokens = tokens(lines)
        self._peeked: Token | None = None
        self._previous: dict[str, str] = {}
        self._defaults: dict[str, str] = {}
        self._default_at: dict[str, tuple[int, int]] = {}

    def _next(self) -> Token | None:
        if self._peeked is not None:
            token, self._peeked = self._peeked, None
            return token
        return next(self._tokens, None)

    def read_game(self, visitor: BaseVisitor[T]) -> T | None:
        """Read the next game into ``visitor``; ``None`` at the end of the input.

        A problem is handed to ``visitor.handle_error``; if that returns, the rest of the game is
        skipped up to the next empty line and the game returned as built so far.
        """
        held: list[Token] = []  # directives and comments before the first tag
        started = False
        skipping = False
        failed = False
        skip_section = False
        seen: dict[str, str] = {}
        while True:
            token = self._next()
            if token is None or token[0] == BOUNDARY:
                if started:
                    break
                if token is None:
                    return None
                continue
            kind = token[0]
            if not started:
                if kind != TAG and kind != ERROR:
                    held.append(token)
                    continue
                started = True
                skipping = visitor.begin_game() is SKIP
                if not skipping:
                    for old in held:
                        self._replay(visitor, old)
            if skipping:
                if kind == TAG:
                    self._inherit(token, seen)
                continue
            try:
                if kind == TAG:
                    name, value, inherited, repeated = self._inherit(token, seen)
                    if repeated:
                        # a repeated tag is ignored (PBN 2.1 §3.4), its data too
                        visitor.visit_repeated_tag(name, line=token[3], column=token[4])
                        skip_section = True
                        continue
                    skip_section = visitor.visit_tag(name, value, inherited=inherited, line=token[3],
                                                     column=token[4]) is SKIP
                elif kind == ERROR:
                    raise ParseError(token[1], line=token[3], column=token[4], expected=token[2] or None)
                elif not skip_section:
                    self._replay(visitor, token)
            except ParseError as error:
                visitor.handle_error(error)
                skipping = failed = True
        for name, value in self._defaults.items():
            if name not in seen:
                seen[name] = value
                if not skipping:  # reported where the '##' (or its redefinition) stands
                    line, column = self._default_at[name]
                    visitor.visit_tag(name, value, inherited="", line=line, column=column)
        self._previous.update(seen)
        if failed:
            return visitor.result()
        if skipping:
            return None
        try:
            visitor.end_game()
        except ParseError as error:
            visitor.handle_error(error)
        return visitor.result()

    def _inherit(self, token: Token, seen: dict[str, str]) -> tuple[str, str, str | None, bool]:
        """A tag's name, resolved value, inheritance marker and whether the game already has it
        (the first value is the one kept in ``seen``)."""
        name, value = token[1], unescape(token[2])
        inherited: str | None = None
        if name not in NO_INHERITANCE and value.startswith("#"):
            if value == "#":
                inherited, value = value, self._previous.get(name, self._defaults.get(name, ""))
            elif value.startswith("##"):
                inherited, value = value, value[2:]
                self._defaults[name] = value
                self._default_at[name] = (token[3], token[4])
        elif name in self._defaults:
            self._defaults[name] = value
            self._default_at[name] = (token[3], token[4])
        if name == "Note":
            return name, value, inherited, False
        if name in seen:
            return name, value, inherited, True
        seen[name] = value
        return name, value, inherited, False

    @staticmethod
    def _replay(visitor: BaseVisitor[T], token: Token) -> None:
        kind, text, _, line, column = token
        if kind == DIRECTIVE:
            visitor.visit_directive(text, line=line)
        elif kind == COMMENT:
            visitor.visit_comment(text, line=line, column=column)
        else:
            visitor.visit_token(text, kind=kind, line=line, column=column)

    def games(self, visitor_factory: Callable[[], BaseVisitor[T]]) -> Iterator[T]:
        """Every remaining game, each read by a fresh visitor."""
        while True:
            visitor = visitor_factory()
            game = self.read_game(visitor)
            if game is None:
                if self._exhausted():
                    return
                continue
            yield game

    def _exhausted(self) -> bool:
        token = self._next()
        if token is None:
            return True
        self._peeked = token
        return False


def read_game(lines: Iterable[str], visitor: BaseVisitor[T]) -> T | None:
    """Read the first game of some PBN lines into ``visitor`` (``None`` if there is none)."""
    return Reader(lines).read_game(visitor)


# --- the game builder -------------------------------------------------------------------------

_AUCTION_PIECE = re.compile(
    r"=([0-9]{1,9})=|\$([0-9]{1,9})|(!!|\?\?|!\?|\?!|!|\?)|\^([ISRL])|(\*)|(\+)|([A-Za-z0-9]+|-)")
_CARD = re.compile(r"^([SHDCshdc])(10|[2-9TJQKAtjqka])$")
_CALL_TOKENS: dict[str, str] = {}  # token as written -> canonical call, filled as files are read
_CARD_TOKENS: dict[str, str] = {}
_PLAIN: dict[str, Entry] = {}  # canonical token -> the unannotated entry (entries are frozen)


class _SectionBuilder:
    """Collects the entries of an auction or play section."""

    def __init__(self, kind: str, first: Seat) -> None:
        self.kind = kind
        self.first = first
        self.entries: list[Entry] = []
        self.end = ""
        self.notes: list[tuple[int, str]] = []
        self.comments: list[str] = []
        self.trailing: list[str] = []
        self.irregularity: str | None = None
        self._cache = _CALL_TOKENS if kind == "auction" else _CARD_TOKENS

    def _add(self, token: str) -> None:
        if self.irregularity is None:
            entry = _PLAIN.get(token)
            if entry is None:
                entry = _PLAIN[token] = Entry(token=token)
            self.entries.append(entry)
        else:
            self.entries.append(Entry(token=token, irregularity=self.irregularity))
            self.irregularity = None

    def feed(self, text: str, line: int, column: int) -> None:
        token = self._cache.get(text)
        if token is not None:  # the common case: a plain call or card
            self._add(token)
            return
        position = 0
        while position < len(text):
            match = _AUCTION_PIECE.match(text, position)
            where = column + position
            if match is None:
                raise ParseError(f"{text[position:]!r} is not understood in the {self.kind} section",
                                 line=line, column=where, expected=self._expected())
            position = match.end()
            note, nag, suffix, irregular, star, plus, word = match.groups()
            if word is not None or plus is not None:
                self._add(self._token(word if word is not None else "+", line, where))
            elif irregular is not None:
                if irregular == "S":
                    self.entries.append(Entry(token="-", irregularity="S"))
                else:
                    self.irregularity = irregular
            elif star is not None:
                self.end = "*"
            else:
                if not self.entries:
                    raise ParseError(f"{match.group(0)!r} comes before any {self._thing()}", line=line,
                                     column=where, expected=f"a {self._thing()} first")
                last = self.entries[-1]
                if note is not None:
                    self.entries[-1] = replace(last, note=int(note))
                else:
                    value = int(nag) if nag is not None else SUFFIX_NAGS[suffix] + (6 if self.kind == "play" else 0)
                    self.entries[-1] = replace(last, nags=tuple(sorted((*last.nags, value))))

    def _thing(self) -> str:
        return "call" if self.kind == "auction" else "card"

    def _expected(self) -> str:
        if self.kind == "auction":
            return "a call (1C-7NT, Pass, X, XX, AP or -), a note =1=, a NAG $1, a suffix, '*' or '+'"
        return "a card (like SA or D10, or -), a note =1=, a NAG $1, a suffix, '*' or '+'"

    def _token(self, word: str, line: int, column: int) -> str:
        cache = _CALL_TOKENS if self.kind == "auction" else _CARD_TOKENS
        token = cache.get(word)
        if token is not None:
            return token
        if word in ("-", "+"):
            return word
        if self.kind == "auction":
            if word.upper() == "AP":
                token = "AP"
            else:
                try:
                    token = str(Call.parse(word))
                except BridgeError:
                    raise ParseError(f"{word!r} is not a call", line=line, column=column,
                                     expected=self._expected()) from None
        else:
            match = _CARD.match(word)
            if match is None:
                raise ParseError(f"{word!r} is not a card", line=line, column=column,
                                 expected=self._expected())
            suit, rank = match.groups()
            token = suit.upper() + ("T" if rank == "10" else rank.upper())
        if len(cache) < 4096:
            cache[word] = token
        return token

    def comment(self, text: str) -> None:
        if self.notes:
            self.trailing.append(text)
        elif self.entries:
            last = self.entries[-1]
            self.entries[-1] = replace(last, comments=(*last.comments, text))
        else:
            self.comments.append(text)

    def auction(self) -> AuctionSection:
        entries = tuple(self.entries)
        end = self.end
        if entries and entries[-1].token == "+":
            entries, end = entries[:-1], "+"
        return AuctionSection(first=self.first, entries=entries, end=end, notes=tuple(self.notes),
                              comments=tuple(self.comments), trailing_comments=tuple(self.trailing))

    def play(self) -> PlaySection:
        entries = self.entries
        end = self.end
        tricks = tuple(tuple(entries[start:start + 4]) for start in range(0, len(entries), 4))
        return PlaySection(first=self.first, tricks=tricks, end=end, notes=tuple(self.notes),
                           comments=tuple(self.comments), trailing_comments=tuple(self.trailing))


class GameBuilder(BaseVisitor[Game]):
    """Builds a ``Game``, checking every value a program relies on (deal, seats, contract, calls, cards).

    With ``recover=True`` a problem is recorded in ``game.errors`` instead of raised, and the reader
    goes on with the next game (python-chess's ``handle_error``).
    """

    def __init__(self, *, recover: bool = False) -> None:
        self.recover = recover
        self.game = Game()
        self._section: _SectionBuilder | None = None
        self._sections: list[_SectionBuilder] = []
        self._table: tuple[str, str, list[str], list[str]] | None = None
        self._comment_key = ""
        self._comments: dict[str, list[str]] = {}
        self._directives: list[str] = []
        self._where: dict[str, tuple[int, int]] = {}
        self._in_identification = True

    def begin_game(self) -> _Skip | None:
        return None

    def handle_error(self, error: ParseError) -> None:
        if not self.recover:
            raise error
        error.__context__ = None  # keep the message, not the frames: memory stays flat over a long file
        self.game.errors.append(error.with_traceback(None))

    def visit_directive(self, text: str, *, line: int) -> None:
        self._directives.append(text)

    def visit_tag(self, name: str, value: str, *, inherited: str | None, line: int,
                  column: int) -> _Skip | None:
        self._close_table()
        self._where[name] = (line, column)
        if name == "Note":
            self._note(value, line, column)
            return None
        game = self.game
        game.tags[name] = value
        if inherited is not None:
            game.inherited[name] = inherited
        self._section = None
        self._comment_key = name
        if name in ("Auction", "Play"):
            first = self._seat(value, name, line, column)
            if first is not None:  # an empty (or "?") Auction or Play tag: no section (BridgeComposer)
                self._section = _SectionBuilder(name.lower(), first)
                self._sections.append(self._section)
        elif name.endswith("Table") and inherited != "":
            self._table = (name, value, [], [])  # '#' repeats the previous game's columns (§4.8)
        return None

    def visit_repeated_tag(self, name: str, *, line: int, column: int) -> None:
        self._close_table()
        self._section = None
        self.game.warnings.append(f"line {line}, column {column}: the tag {name} is repeated; "
                                  "the repeat is ignored")

    def _note(self, value: str, line: int, column: int) -> None:
        number, _, text = value.partition(":")
        if not re.fullmatch(r"\s*[0-9]{1,9}\s*", number):
            raise ParseError(f"the note {value!r} has no number", line=line, column=column,
                             expected='a note like [Note "1:text"]')
        target = self._section if self._section is not None else (self._sections[-1] if self._sections else None)
        if target is None:
            self.game.warnings.append(f"line {line}: a note outside the auction and play sections is ignored")
            return
        target.notes.append((int(number), text))

    def visit_comment(self, text: str, *, line: int, column: int) -> None:
        if self._table is not None:
            self._table[3].append(text)
        elif self._section is not None:
            self._section.comment(text)
        else:
            self._comments.setdefault(self._comment_key, []).append(text)

    def visit_token(self, text: str, *, kind: int, line: int, column: int) -> None:
        if self._table is not None:
            if kind in (WORD, STRING):
                self._table[2].append(text)
                return
            raise ParseError(f"{text!r} cannot stand in the {self._table[0]}", line=line, column=column,
                             expected="table elements: tokens or quoted strings")
        if self._section is not None:
            if kind != WORD:
                raise ParseError(f"{text!r} cannot stand in the {self._section.kind} section",
                                 line=line, column=column, expected=self._section._expected())
            self._section.feed(text, line, column)
            return
        self.game.warnings.append(f"line {line}, column {column}: stray text {text!r} ignored")

    def _close_table(self) -> None:
        if self._table is not None:
            name, spec, elements, comments = self._table
            self.game.tables[name] = Table.parse(name, spec, elements, tuple(comments))
            self._table = None

    def end_game(self) -> None:
        self._close_table()
        game = self.game
        for section in self._sections:
            if section.kind == "auction":
                game.auction = section.auction()
            else:
                game.play = section.play()
        game.comments = {key: tuple(values) for key, values in self._comments.items()}
        game.directives = tuple(self._directives)
        self._check()

    def result(self) -> Game:
        return self.game

    # --- checks: every value a program relies on is valid, or the file is refused ---------

    def _seat(self, value: str, name: str, line: int, column: int) -> Seat | None:
        stripped = value.strip().lstrip("^")
        if stripped in ("", "?"):
            return None
        if stripped.upper() in ("N", "E", "S", "W"):
            return Seat.parse(stripped)
        raise ParseError(f"{value!r} is not a seat in the {name} tag", line=line, column=column,
                         expected="N, E, S or W")

    def _check(self) -> None:
        game = self.game
        tags = game.tags

        def where(name: str) -> tuple[int, int]:
            return self._where.get(name, (0, 0))

        if "Dealer" in tags:
            self._seat(tags["Dealer"], "Dealer", *where("Dealer"))
        if "Declarer" in tags:
            self._seat(tags["Declarer"], "Declarer", *where("Declarer"))
        vulnerable = tags.get("Vulnerable")
        if vulnerable is not None and vulnerable.strip() not in ("?", ""):
            try:
                Vulnerability.parse(vulnerable)
            except BridgeError:
                line, column = where("Vulnerable")
                raise ParseError(f"{vulnerable!r} is not a vulnerability", line=line, column=column,
                                 expected="None, NS, EW or All (also Love, -, Both)") from None
        deal = tags.get("Deal")
        if deal is not None and deal.strip() not in ("", "?"):
            line, column = where("Deal")
            try:
                _, hands = parse_deal(deal)
                game._parsed_deal = (deal.strip(), hands)
            except BridgeError as error:
                raise ParseError(str(error), line=line, column=column,
                                 expected='a deal like "N:AKQ.JT9.876.5432 ... ... ..."') from None
            sizes = {len(hand) for hand in hands.values()}
            if len(sizes) > 1 and len(hands) != 3:
                raise ParseError(f"the hands of {deal!r} have different numbers of cards", line=line,
                                 column=column, expected="hands of equal length (13 cards, or an end position)")
            if any(size > 13 for size in sizes) or (len(hands) == 3 and sizes != {13}):
                raise ParseError(f"{deal!r} is not a deal: a hand has the wrong number of cards",
                                 line=line, column=column, expected="13 cards in each hand")
        contract = tags.get("Contract")
        if contract is not None and contract.strip() not in ("", "?", "#") and contract.strip().upper() != "PASS":
            try:
                parse_contract(contract)
            except BridgeError:
                try:
                    Strain.parse(contract)  # an end position names only the trump (PBN 2.1 §3.10)
                except BridgeError:
                    line, column = where("Contract")
                    raise ParseError(f"{contract!r} is not a contract", line=line, column=column,
                                     expected="a contract like 4HX or 3NT, or Pass") from None
        result = tags.get("Result")
        if result is not None and result.strip() not in ("", "?") and parse_result(result, game.declarer) is None:
            stripped = result.strip().lstrip("^").upper()
            if not re.match(r"^(NS|EW)\s+\d+(\s+(NS|EW)\s+\d+)?$", stripped) or game.declarer is not None:
                line, column = where("Result")
                raise ParseError(f"{result!r} is not a result", line=line, column=column,
                                 expected="declarer's tricks 0-13, or 'NS 9' / 'EW 4'")


class HeadersBuilder(BaseVisitor[dict[str, str]]):
    """Collects only the tags of a game and skips its sections: a fast index of a file."""

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}

    def visit_tag(self, name: str, value: str, *, inherited: str | None, line: int,
                  column: int) -> _Skip | None:
        if name != "Note":
            self.tags[name] = value
        return SKIP

    def result(self) -> dict[str, str]:
        return self.tags
