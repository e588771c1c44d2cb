"""The dealer language (Hans van Staveren's ``dealer``): tokens, syntax tree and parser.

The common subset: ``generate``, ``produce``, ``dealer``, ``vulnerable``, ``predeal``,
``condition``, variables (``name = expression``), ``action``; expressions with ``hcp``,
``controls``, ``losers`` (each optionally per suit), ``spades(north)`` …, ``shape`` with
``any`` and ``x`` patterns joined by ``+``/``-``, ``hascard``, numbers, C operators
(``?:``, ``||``/``or``, ``&&``/``and``, ``!``/``not``, comparisons, ``+ - * / %``);
actions ``printoneline``, ``printpbn``, ``printall``, ``average``, ``frequency``.
Errors name the line and column.

>>> script = parse_script("produce 3\\ncondition hcp(north) >= 15 && shape(north, any 4333)")
>>> script.produce, script.condition.op, script.condition.right
(3, '&&', Shape(seat=Seat.NORTH, patterns=(('+', True, '4333'),)))
>>> parse_script("condition hcp(north) >")
Traceback (most recent call last):
...
redouble.analysis.dealer.syntax.DealerSyntaxError: line 1, column 23: expected an expression, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from redouble.analysis.errors import AnalysisError
from redouble.cards import Card, Rank, Suit
from redouble.seats import Seat, Vulnerability

__all__ = [
    "Action",
    "Binary",
    "Conditional",
    "DealerSyntaxError",
    "Expr",
    "Feature",
    "HasCard",
    "Number",
    "Script",
    "Shape",
    "Unary",
    "Variable",
    "parse_script",
]


class DealerSyntaxError(AnalysisError):
    """A dealer script that does not parse; the message starts with the line and column."""

    def __init__(self, message: str, *, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


# --- tokens ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Token:
    """A token with its 1-based line and column."""

    kind: str  # "word", "number", "string", "op", "end"
    text: str
    line: int
    column: int

    def describe(self) -> str:
        """How an error message names this token."""
        if self.kind == "end":
            return "the end of the script"
        if self.kind == "string":
            return f"the string {self.text!r}"
        return repr(self.text)


_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n]+)
  | (?P<comment>\#[^\n]*|//[^\n]*|/\*.*?\*/)
  | (?P<string>"[^"\n]*")
  | (?P<word>[A-Za-z0-9_]+)
  | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%()<>!?:,=])
""", re.VERBOSE | re.DOTALL)


def tokenize(text: str) -> list[Token]:
    """The tokens of a script; comments (``#``, ``//``, ``/* */``) and spaces dropped."""
    tokens: list[Token] = []
    position = 0
    line, line_start = 1, 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        column = position - line_start + 1
        if match is None:
            raise DealerSyntaxError(f"unexpected character {text[position]!r}", line=line,
                                    column=column)
        kind = match.lastgroup
        value = match.group()
        if kind == "string":
            tokens.append(Token("string", value[1:-1], line, column))
        elif kind == "word":
            tokens.append(Token("number" if value.isdigit() else "word", value, line, column))
        elif kind == "op":
            tokens.append(Token("op", value, line, column))
        newlines = value.count("\n")
        if newlines:
            line += newlines
            line_start = position + value.rindex("\n") + 1
        position = match.end()
    tokens.append(Token("end", "", line, position - line_start + 1))
    return tokens


# --- syntax tree -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Number:
    """An integer literal."""

    value: int


@dataclass(frozen=True, slots=True)
class Variable:
    """A variable defined earlier with ``name = expression``."""

    name: str


@dataclass(frozen=True, slots=True)
class Feature:
    """A hand measure: ``hcp``, ``controls``, ``losers`` or ``length``, per seat and suit."""

    name: str
    seat: Seat
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class Shape:
    """``shape(seat, any 4333 + 5xxx - 5332)``: patterns as (sign, any, digits) in S H D C."""

    seat: Seat
    patterns: tuple[tuple[str, bool, str], ...]


@dataclass(frozen=True, slots=True)
class HasCard:
    """``hascard(seat, AS)``: whether the seat holds a card."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Unary:
    """``!x`` or ``-x``."""

    op: str
    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary:
    """A binary operator, C semantics (integer division truncates toward zero)."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Conditional:
    """``test ? then : otherwise``."""

    test: Expr
    then: Expr
    otherwise: Expr


Expr = Number | Variable | Feature | Shape | HasCard | Unary | Binary | Conditional


@dataclass(frozen=True, slots=True)
class Action:
    """An action: ``printoneline``, ``printpbn``, ``printall``, ``average``, ``frequency``.

    ``expressions`` and ``ranges`` hold an average's expression or a frequency's one or two
    ``(expression, low, high)`` dimensions.
    """

    kind: str
    label: str | None = None
    expressions: tuple[Expr, ...] = ()
    ranges: tuple[tuple[int, int], ...] = ()


@dataclass
class Script:
    """A parsed dealer script."""

    generate: int | None = None
    produce: int | None = None
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    predeal: dict[Seat, frozenset[Card]] = field(default_factory=dict)
    condition: Expr | None = None
    actions: list[Action] = field(default_factory=list)
    variables: dict[str, Expr] = field(default_factory=dict)

    def seats_used(self) -> list[Seat]:
        """Seats whose cards the condition looks at, in seat order."""
        seats: set[Seat] = set()
        if self.condition is not None:
            _collect_seats(self.condition, seats, self.variables)
        return sorted(seats)


def _collect_seats(expr: Expr, seats: set[Seat], variables: dict[str, Expr]) -> None:
    if isinstance(expr, Feature | Shape | HasCard):
        seats.add(expr.seat)
    elif isinstance(expr, Variable):
        _collect_seats(variables[expr.name], seats, variables)
    elif isinstance(expr, Unary):
        _collect_seats(expr.operand, seats, variables)
    elif isinstance(expr, Binary):
        _collect_seats(expr.left, seats, variables)
        _collect_seats(expr.right, seats, variables)
    elif isinstance(expr, Conditional):
        for part in (expr.test, expr.then, expr.otherwise):
            _collect_seats(part, seats, variables)


# --- parser ----------------------------------------------------------------------------

_SEATS = {"north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST}
_SUITS = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS,
          "clubs": Suit.CLUBS}
_SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, **{str(n): n for n in range(2, 10)}}
_VULNERABLE = {"none": Vulnerability.NONE, "ns": Vulnerability.NS, "ew": Vulnerability.EW,
               "all": Vulnerability.BOTH, "both": Vulnerability.BOTH}
_UNSUPPORTED = {"tricks", "score", "imps", "top", "ltc", "quality", "cccc", "altcount",
                "pointcount", "printew", "printcompact", "printhandrecord", "print", "evalcontract",
                "bigdeal", "seed", "csvrpt", "export", "printes"}
_COMPARISONS = {"<", "<=", ">", ">="}
_SHAPE_PATTERN = re.compile(r"^[0-9x]{4}$")


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.index = 0
        self.script = Script()

    # helpers
    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        if token.kind != "end":
            self.index += 1
        return token

    def error(self, message: str, token: Token | None = None) -> DealerSyntaxError:
        at = token or self.token
        return DealerSyntaxError(message, line=at.line, column=at.column)

    def expect_op(self, op: str) -> Token:
        if self.token.kind == "op" and self.token.text == op:
            return self.advance()
        raise self.error(f"expected {op!r}, found {self.token.describe()}")

    def accept_op(self, op: str) -> bool:
        if self.token.kind == "op" and self.token.text == op:
            self.advance()
            return True
        return False

    def number(self, what: str) -> int:
        negative = self.accept_op("-")
        if self.token.kind != "number":
            raise self.error(f"expected {what} (a number), found {self.token.describe()}")
        value = int(self.advance().text)
        return -value if negative else value

    def seat(self) -> Seat:
        token = self.advance()
        seat = _SEATS.get(token.text.lower()) if token.kind == "word" else None
        if seat is None:
            raise self.error(
                f"expected a seat (north, east, south or west), found {token.describe()}", token)
        return seat

    # statements
    def parse(self) -> Script:
        while self.token.kind != "end":
            self.statement()
        return self.script

    def statement(self) -> None:
        token = self.token
        if token.kind != "word":
            raise self.error(f"expected a statement, found {token.describe()}")
        word = token.text.lower()
        script = self.script
        if word in ("generate", "produce"):
            self.advance()
            value = self.number(f"how many deals to {word}")
            if value <= 0:
                raise self.error(f"{word} needs a positive number, not {value}", token)
            setattr(script, word, value)
        elif word == "dealer":
            self.advance()
            script.dealer = self.seat()
        elif word == "vulnerable":
            self.advance()
            value_token = self.advance()
            vul = _VULNERABLE.get(value_token.text.lower())
            if vul is None:
                raise self.error("expected none, NS, EW or all after 'vulnerable', found "
                                 f"{value_token.describe()}", value_token)
            script.vulnerable = vul
        elif word == "predeal":
            self.advance()
            self.predeal()
        elif word == "condition":
            self.advance()
            if script.condition is not None:
                raise self.error("a script has one condition; join conditions with &&", token)
            script.condition = self.expression()
        elif word == "action":
            self.advance()
            self.actions()
        elif word in _UNSUPPORTED:
            raise self.error(f"{token.text!r} is not in redouble dealer's subset of the dealer "
                             "language")
        elif self.tokens[self.index + 1].kind == "op" and self.tokens[self.index + 1].text == "=":
            if word in _SEATS or word in _SUITS or word in _KEYWORDS:
                raise self.error(f"{token.text!r} is a reserved word and cannot be a variable")
            self.advance()
            self.advance()
            script.variables[token.text] = self.expression()
        else:
            raise self.error(f"expected a statement (generate, produce, dealer, vulnerable, "
                             f"predeal, condition, action or name = …), found {token.describe()}")

    def predeal(self) -> None:
        seat = self.seat()
        cards: set[Card] = set(self.script.predeal.get(seat, frozenset()))
        while True:
            token = self.advance()
            text = token.text
            suit = _SUIT_LETTERS.get(text[:1].upper()) if token.kind == "word" else None
            if suit is None:
                raise self.error(f"expected a holding like SAKQ or H-, found {token.describe()}",
                                 token)
            for char in text[1:]:
                if char == "-":
                    continue
                rank = _RANKS.get(char.upper())
                if rank is None:
                    raise self.error(f"{char!r} is not a rank in {text!r}", token)
                card = Card(suit, Rank(rank))
                for other, held in self.script.predeal.items():
                    if card in held and other is not seat:
                        raise self.error(f"{card} is predealt to both {other.format(full=True)} "
                                         f"and {seat.format(full=True)}", token)
                cards.add(card)
            if not self.accept_op(","):
                break
        if len(cards) > 13:
            raise self.error(f"{seat.format(full=True)} is predealt {len(cards)} cards; at most 13")
        self.script.predeal[seat] = frozenset(cards)

    def actions(self) -> None:
        while True:
            token = self.advance()
            word = token.text.lower() if token.kind == "word" else ""
            if word in ("printoneline", "printpbn", "printall"):
                self.script.actions.append(Action(word))
            elif word == "average":
                label = self.advance().text if self.token.kind == "string" else None
                self.script.actions.append(Action("average", label, (self.expression(),)))
            elif word == "frequency":
                label = self.advance().text if self.token.kind == "string" else None
                self.expect_op("(")
                expressions: list[Expr] = []
                ranges: list[tuple[int, int]] = []
                while True:
                    expressions.append(self.expression())
                    self.expect_op(",")
                    low = self.number("the lowest value")
                    self.expect_op(",")
                    high = self.number("the highest value")
                    if high < low:
                        raise self.error(f"the range {low}..{high} is empty")
                    ranges.append((low, high))
                    if len(expressions) == 2 or not self.accept_op(","):
                        break
                self.expect_op(")")
                self.script.actions.append(
                    Action("frequency", label, tuple(expressions), tuple(ranges)))
            elif word in _UNSUPPORTED:
                raise self.error(f"the action {token.text!r} is not in redouble dealer's subset",
                                 token)
            else:
                raise self.error("expected an action (printoneline, printpbn, printall, "
                                 f"average, frequency), found {token.describe()}", token)
            if not self.accept_op(","):
                break

    # expressions, by C precedence
    def expression(self) -> Expr:
        test = self.binary(0)
        if self.accept_op("?"):
            then = self.expression()
            self.expect_op(":")
            otherwise = self.expression()
            return Conditional(test, then, otherwise)
        return test

    _LEVELS: tuple[tuple[str, ...], ...] = (
        ("||", "or"), ("&&", "and"), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"),
        ("*", "/", "%"))

    def binary(self, level: int) -> Expr:
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while True:
            token = self.token
            text = token.text.lower() if token.kind == "word" else token.text
            if token.kind in ("op", "word") and text in self._LEVELS[level]:
                self.advance()
                op = {"or": "||", "and": "&&"}.get(text, text)
                left = Binary(op, left, self.binary(level + 1))
            else:
                return left

    def unary(self) -> Expr:
        token = self.token
        if (token.kind == "op" and token.text in ("!", "-")) or (
                token.kind == "word" and token.text.lower() == "not"):
            self.advance()
            return Unary("-" if token.text == "-" else "!", self.unary())
        return self.primary()

    def primary(self) -> Expr:
        token = self.token
        if token.kind == "number":
            self.advance()
            return Number(int(token.text))
        if token.kind == "op" and token.text == "(":
            self.advance()
            inner = self.expression()
            self.expect_op(")")
            return inner
        if token.kind != "word":
            raise self.error(f"expected an expression, found {token.describe()}")
        word = token.text.lower()
        if word in ("hcp", "controls", "losers"):
            self.advance()
            self.expect_op("(")
            seat = self.seat()
            suit = None
            if self.accept_op(","):
                suit_token = self.advance()
                suit = _SUITS.get(suit_token.text.lower())
                if suit is None:
                    raise self.error(f"expected a suit (spades, hearts, diamonds, clubs), found "
                                     f"{suit_token.describe()}", suit_token)
            self.expect_op(")")
            return Feature(word, seat, suit)
        if word in _SUITS:
            self.advance()
            self.expect_op("(")
            seat = self.seat()
            self.expect_op(")")
            return Feature("length", seat, _SUITS[word])
        if word == "shape":
            self.advance()
            return self.shape()
        if word == "hascard":
            self.advance()
            self.expect_op("(")
            seat = self.seat()
            self.expect_op(",")
            card_token = self.advance()
            text = card_token.text.upper()
            if (card_token.kind not in ("word", "number") or len(text) != 2
                    or text[0] not in _RANKS or text[1] not in _SUIT_LETTERS):
                raise self.error(f"expected a card written rank then suit, like AS or TC, found "
                                 f"{card_token.describe()}", card_token)
            self.expect_op(")")
            return HasCard(seat, Card(_SUIT_LETTERS[text[1]], Rank(_RANKS[text[0]])))
        if word in _UNSUPPORTED:
            raise self.error(f"{token.text!r} is not in redouble dealer's subset of the dealer "
                             "language")
        if token.text in self.script.variables:
            self.advance()
            return Variable(token.text)
        raise self.error(f"unknown name {token.describe()}: not a function or a variable "
                         "defined above")

    def shape(self) -> Shape:
        self.expect_op("(")
        seat = self.seat()
        self.expect_op(",")
        patterns: list[tuple[str, bool, str]] = []
        sign = "+"
        while True:
            is_any = False
            if self.token.kind == "word" and self.token.text.lower() == "any":
                self.advance()
                is_any = True
            token = self.advance()
            text = token.text.lower()
            if token.kind not in ("word", "number") or not _SHAPE_PATTERN.match(text):
                raise self.error(f"expected a shape like 4333, 5xxx or any 4432, found "
                                 f"{token.describe()}", token)
            digits = [int(c) for c in text if c != "x"]
            if sum(digits) > 13 or ("x" not in text and sum(digits) != 13):
                raise self.error(f"the shape {token.text} does not add up to 13 cards", token)
            patterns.append((sign, is_any, text))
            if self.accept_op("+"):
                sign = "+"
            elif self.accept_op("-"):
                sign = "-"
            else:
                break
        self.expect_op(")")
        return Shape(seat, tuple(patterns))


_KEYWORDS = {"generate", "produce", "dealer", "vulnerable", "predeal", "condition", "action",
             "hcp", "controls", "losers", "shape", "hascard", "any", "and", "or", "not",
             "printoneline", "printpbn", "printall", "average", "frequency"}


def parse_script(text: str) -> Script:
    """Parse a dealer script; raises ``DealerSyntaxError`` naming the line and column."""
    return _Parser(text).parse()


def parse_expression(text: str) -> Expr:
    """Parse one dealer expression, e.g. ``hcp(north) >= 15 && spades(north) >= 5``."""
    parser = _Parser(text)
    expr = parser.expression()
    if parser.token.kind != "end":
        raise parser.error(f"unexpected {parser.token.describe()} after the expression")
    return expr
