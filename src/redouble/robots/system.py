"""A bidding system as data: rules that attach a meaning to a call in an auction context.

A rule's ``pattern`` is the auction from the opening bid up to the caller's turn, written
with variables (``"1M P ?"``: partner opened one of a major, right-hand opponent passed).
The same rules choose a robot's call, explain anyone's call in four languages, and tell the
card-play sampler what each hidden hand may hold.

Pattern tokens: ``1N`` ``2C`` (literal bids), ``P`` ``X`` ``XX``, ``b`` any bid, ``*`` any
call, ``A|B`` alternatives, and suit variables ``M`` (a major), ``m`` (a minor), ``s`` ``t``
``u`` (any suit; distinct variables name distinct suits); the level may be ``L`` (any).
A leading ``...`` matches any earlier calls. Call templates are the same, plus levels ``c``
(cheapest legal) and ``j`` (one above the cheapest: a jump).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from redouble.auction import Auction
from redouble.calls import DOUBLE, PASS, REDOUBLE, Call, CallKind
from redouble.cards import Strain, Suit
from redouble.errors import BridgeError
from redouble.notation import Language
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import (
    MAX_HCP,
    OPEN,
    Forcing,
    HandConstraint,
    Lengths,
    Points,
    Range,
    Shown,
    phrase,
)
from redouble.seats import Seat, Vulnerability

__all__ = ["BiddingSystemError", "Bind", "Context", "Explained", "Rule", "System"]

Bind = Mapping[str, Suit]
VARIABLES: dict[str, tuple[Suit, ...]] = {
    "M": (Suit.HEARTS, Suit.SPADES),
    "m": (Suit.CLUBS, Suit.DIAMONDS),
    "s": tuple(Suit), "t": tuple(Suit), "u": tuple(Suit), "v": tuple(Suit),
}
_LETTERS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}


class BiddingSystemError(BridgeError):
    """A malformed rule or a call index outside the auction."""


# --- the auction as the caller sees it ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Explained:
    """One call with the meaning the system gives it (``rule`` names the rule, if any)."""

    seat: Seat
    call: Call
    shown: Shown
    rule: str


@dataclass(frozen=True, slots=True)
class Context:
    """The auction before a call, from the caller's side of the table."""

    dealer: Seat
    vulnerability: Vulnerability
    calls: tuple[Call, ...]  # the whole auction so far
    history: tuple[Explained, ...]  # the same calls with their meanings

    @property
    def bidder(self) -> Seat:
        """The seat whose call comes next."""
        return self.dealer.next(len(self.calls))

    @property
    def opened_at(self) -> int:
        """Index of the opening bid (the first bid), or ``len(calls)`` if none yet."""
        for i, call in enumerate(self.calls):
            if call.is_bid:
                return i
        return len(self.calls)

    @property
    def opener(self) -> Seat | None:
        """The seat that made the opening bid, or ``None`` if nobody has bid yet."""
        opened = self.opened_at
        return self.dealer.next(opened) if opened < len(self.calls) else None

    @property
    def tail(self) -> tuple[Call, ...]:
        """The calls from the opening bid on."""
        return self.calls[self.opened_at:]

    @property
    def vulnerable(self) -> bool:
        """Whether the caller's side is vulnerable."""
        return self.vulnerability.is_vulnerable(self.bidder)

    @property
    def last_bid(self) -> Call | None:
        """The highest bid so far."""
        for call in reversed(self.calls):
            if call.is_bid:
                return call
        return None

    def cheapest_level(self, strain: Strain) -> int:
        """The lowest level at which ``strain`` can be bid now (Law 18: above the last bid)."""
        last = self.last_bid
        if last is None or last.level is None or last.strain is None:
            return 1
        return last.level if strain > last.strain else last.level + 1

    def last_bid_by_us(self) -> bool:
        """Whether the highest bid is our side's."""
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].is_bid:
                return self.dealer.next(i).side is self.bidder.side
        return False

    def calls_of(self, seat: Seat) -> list[Explained]:
        """Everything ``seat`` has said, in order."""
        return [e for e in self.history if e.seat is seat]

    def known(self, seat: Seat) -> HandConstraint:
        """What ``seat``'s calls have shown, merged."""
        constraint = HandConstraint()
        for e in self.history:
            if e.seat is seat:
                constraint = constraint.merge(HandConstraint.of(e.shown))
        return constraint

    @property
    def partner(self) -> Seat:
        """The caller's partner."""
        return self.bidder.partner

    def partner_last(self) -> Explained | None:
        """Partner's most recent call."""
        mine = self.calls_of(self.partner)
        return mine[-1] if mine else None

    def our_bids(self) -> list[Explained]:
        """Bids made by the caller's side."""
        return [e for e in self.history if e.seat.side is self.bidder.side and e.call.is_bid]

    def their_suits(self) -> set[Suit]:
        """Suits the opponents have bid naturally."""
        out: set[Suit] = set()
        for e in self.history:
            if (e.seat.side is not self.bidder.side and e.call.is_bid
                    and e.call.strain is not None and e.call.strain.suit is not None
                    and not e.shown.artificial):
                out.add(e.call.strain.suit)
        return out

    def agreed_suit(self) -> Suit | None:
        """A suit both partners have shown (8+ together by their meanings), majors first."""
        me = self.known(self.bidder)
        partner = self.known(self.partner)
        best: tuple[int, int, Suit] | None = None
        for suit in Suit:
            together = me.lengths[suit][0] + partner.lengths[suit][0]
            if together >= 8:
                key = (int(suit.is_major), together, suit)
                if best is None or key > best:
                    best = key
        return None if best is None else best[2]

    def game_forced(self) -> bool:
        """Whether our side is committed to game by a game-forcing call."""
        return any(e.shown.forcing is Forcing.GAME_FORCING for e in self.history
                   if e.seat.side is self.bidder.side)

    def partner_forces(self) -> bool:
        """Whether partner's last call forces us to bid now (and nobody bid in between)."""
        last = self.partner_last()
        if last is None:
            return False
        index = max(i for i, e in enumerate(self.history) if e is last)
        rho_called = self.history[index + 1:]
        if any(e.call.kind is not CallKind.PASS for e in rho_called):
            return False
        if last.shown.forcing is Forcing.FORCING:
            return True
        if self.game_forced():
            bid = self.last_bid
            return bid is not None and not _is_game_or_more(bid) and self.last_bid_by_us()
        return False


def _is_game_or_more(bid: Call) -> bool:
    assert bid.level is not None and bid.strain is not None
    need = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(bid.strain, 5)
    return bid.level >= need


# --- rules -------------------------------------------------------------------------------

Test = Callable[[HandInfo, Bind, Context], bool]
When = Callable[[Context, Bind], bool]


@dataclass(frozen=True)
class Rule:
    """A meaning attached to a call in an auction context."""

    name: str
    pattern: str
    call: str
    hcp: Range = (0, MAX_HCP)
    points: Points = Points.HCP
    trump: str | None = None
    lengths: Mapping[str, Range] = field(default_factory=dict)
    alternatives: tuple[Mapping[str, Range], ...] = ()
    balanced: bool | None = None
    forcing: Forcing = Forcing.NONE
    artificial: bool = False
    notes: tuple[tuple[str, str | None], ...] = ()
    when: When | None = None
    test: Test | None = None
    test_note: tuple[str, str | None] | None = None

    def __post_init__(self) -> None:
        tokens = self.pattern.split()
        if not tokens or tokens[-1] != "?":
            raise BiddingSystemError(f"rule {self.name}: a pattern ends with '?', not {self.pattern!r}")
        if "?" in tokens[:-1]:
            raise BiddingSystemError(f"rule {self.name}: one '?' only, at the end of {self.pattern!r}")

    @property
    def tokens(self) -> tuple[str, ...]:
        """The pattern's tokens before ``?``."""
        return tuple(self.pattern.split()[:-1])

    def resolve(self, bind: Bind, ctx: Context) -> Shown:
        """The concrete meaning once the suit variables are known."""
        def suit_of(key: str) -> Suit:
            return _LETTERS[key] if key in _LETTERS else bind[key]

        def lengths(spec: Mapping[str, Range]) -> Lengths:
            out = list(OPEN)
            for key, rng in spec.items():
                if key.startswith("~"):
                    excluded = {suit_of(k) for k in key[1:]}
                    for suit in Suit:
                        if suit not in excluded:
                            out[suit] = _meet(out[suit], rng)
                else:
                    out[suit_of(key)] = _meet(out[suit_of(key)], rng)
            return (out[0], out[1], out[2], out[3])

        test = self.test
        closure: Callable[[HandInfo], bool] | None = None
        if test is not None:
            def closure(info: HandInfo, _t: Test = test) -> bool:
                return _t(info, bind, ctx)
        note_suit = None if self.test_note is None or self.test_note[1] is None \
            else suit_of(self.test_note[1])
        return Shown(
            hcp=self.hcp, points=self.points,
            trump=None if self.trump is None else suit_of(self.trump),
            lengths=lengths(self.lengths),
            alternatives=tuple(lengths(alt) for alt in self.alternatives),
            balanced=self.balanced, forcing=self.forcing, artificial=self.artificial,
            notes=tuple((key, None if var is None else suit_of(var)) for key, var in self.notes),
            test=closure,
            test_note=None if self.test_note is None else (self.test_note[0], note_suit),
        )


def _meet(a: Range, b: Range) -> Range:
    return (max(a[0], b[0]), min(a[1], b[1]))


def _match_token(token: str, call: Call, bind: dict[str, Suit]) -> bool:
    """Whether ``call`` matches one pattern token, binding variables as it goes."""
    if "|" in token:
        for option in token.split("|"):
            trial = dict(bind)
            if _match_token(option, call, trial):
                bind.update(trial)
                return True
        return False
    if token == "*":
        return True
    if token == "P":
        return call.kind is CallKind.PASS
    if token == "X":
        return call.kind is CallKind.DOUBLE
    if token == "XX":
        return call.kind is CallKind.REDOUBLE
    if not call.is_bid:
        return False
    if token == "b":
        return True
    level, strain = token[0], token[1:]
    if level != "L" and int(level) != call.level:
        return False
    assert call.strain is not None
    if strain == "N":
        return call.strain is Strain.NOTRUMP
    if strain in _LETTERS:
        return call.strain is _LETTERS[strain].strain
    if strain in VARIABLES:
        suit = call.strain.suit
        if suit is None or suit not in VARIABLES[strain]:
            return False
        if strain in bind:
            return bind[strain] is suit
        if suit in bind.values():
            return False
        bind[strain] = suit
        return True
    raise BiddingSystemError(f"unknown pattern token {token!r}")


def match_pattern(rule: Rule, ctx: Context) -> dict[str, Suit] | None:
    """The variable binding under which ``rule``'s pattern matches the auction, or ``None``."""
    tokens = rule.tokens
    tail = ctx.tail
    if tokens and tokens[0] == "...":
        tokens = tokens[1:]
        if len(tokens) > len(tail):
            return None
        tail = tail[len(tail) - len(tokens):]
    elif len(tokens) != len(tail):
        return None
    bind: dict[str, Suit] = {}
    for token, call in zip(tokens, tail, strict=True):
        if not _match_token(token, call, bind):
            return None
    return bind


def template_calls(rule: Rule, ctx: Context, bind: Bind) -> Iterator[tuple[Call, dict[str, Suit]]]:
    """The calls a rule's template names, with each free variable tried in turn."""
    text = rule.call
    if text == "P":
        yield PASS, dict(bind)
        return
    if text == "X":
        yield DOUBLE, dict(bind)
        return
    if text == "XX":
        yield REDOUBLE, dict(bind)
        return
    level_text, strain_text = text[0], text[1:]
    options: list[tuple[Strain, dict[str, Suit]]] = []
    if strain_text == "N":
        options.append((Strain.NOTRUMP, dict(bind)))
    elif strain_text in _LETTERS:
        options.append((_LETTERS[strain_text].strain, dict(bind)))
    elif strain_text in bind:
        options.append((bind[strain_text].strain, dict(bind)))
    elif strain_text in VARIABLES:
        for suit in VARIABLES[strain_text]:
            if suit not in bind.values():
                options.append((suit.strain, {**bind, strain_text: suit}))
    else:
        raise BiddingSystemError(f"rule {rule.name}: bad call template {text!r}")
    for strain, new_bind in options:
        if level_text == "c":
            level = ctx.cheapest_level(strain)
        elif level_text == "j":
            level = ctx.cheapest_level(strain) + 1
        else:
            level = int(level_text)
        if 1 <= level <= 7:
            yield Call.bid(level, strain), new_bind


def _legal_calls(ctx: Context) -> frozenset[Call]:
    return frozenset(Auction(dealer=ctx.dealer, calls=ctx.calls).legal_calls())


def _natural_order(info: HandInfo) -> Callable[[tuple[Call, object]], tuple[int, int]]:
    """Longest suit first; among 4-card suits the cheapest, among longer ones the highest."""
    def key(item: tuple[Call, object]) -> tuple[int, int]:
        call = item[0]
        if not call.is_bid or call.strain is None or call.strain.suit is None:
            return (0, 0)
        suit = call.strain.suit
        n = info.lengths[suit]
        return (-n, -int(suit) if n >= 5 else int(suit))
    return key


# --- the system ----------------------------------------------------------------------------

Fallback = Callable[["System", HandInfo, Context], tuple[Call, Shown]]
Describe = Callable[["System", Context, Call], Shown]
Review = Callable[["System", HandInfo, Context, "Explained"], "Explained"]


class _Options:
    """What the rules offer after one auction, kept for every hand that bids there: the rules
    whose pattern fits, each with its template's calls, and each call's meaning once asked
    for (``None`` if illegal or its ``when`` refuses). None of it depends on the hand, so a
    simulation finishing the same auction on many layouts builds it once; meanings are
    resolved lazily, in the order a hand first needs them, as if they were not kept."""

    def __init__(self, system: System, ctx: Context) -> None:
        self.ctx = ctx
        self.legal = _legal_calls(ctx)
        self.rules: list[tuple[Rule, tuple[tuple[Call, int], ...]]] = []
        self._binds: list[list[dict[str, Suit]]] = []
        for rule, bind in system.candidates(ctx):
            options = list(template_calls(rule, ctx, bind))
            self.rules.append((rule, tuple((call, j) for j, (call, _) in enumerate(options))))
            self._binds.append([full for _, full in options])
        self._shown: dict[tuple[int, int], Shown | None] = {}

    def shown(self, i: int, j: int) -> Shown | None:
        """The meaning of rule ``i``'s ``j``-th call here, or ``None`` if it cannot be made."""
        key = (i, j)
        if key not in self._shown:
            rule, options = self.rules[i]
            call, full = options[j][0], self._binds[i][j]
            ctx = self.ctx
            ok = call in self.legal and (rule.when is None or rule.when(ctx, full))
            self._shown[key] = rule.resolve(full, ctx) if ok else None
        return self._shown[key]


class System:
    """A set of rules, with the three services built on them: choose, explain, constrain."""

    def __init__(self, name: str, rules: Sequence[Rule], *, fallback: Fallback,
                 describe: Describe, review: Review | None = None) -> None:
        self.name = name
        self.rules = tuple(rules)
        self._fallback = fallback
        self._describe = describe
        self._review = review
        self._by_length: dict[int, list[Rule]] = {}
        self._open_ended: list[Rule] = []
        names = set()
        for rule in self.rules:
            if rule.name in names:
                raise BiddingSystemError(f"two rules are named {rule.name!r}")
            names.add(rule.name)
            if rule.tokens and rule.tokens[0] == "...":
                self._open_ended.append(rule)
            else:
                self._by_length.setdefault(len(rule.tokens), []).append(rule)
        self._position = {rule.name: i for i, rule in enumerate(self.rules)}
        self._analyse = lru_cache(maxsize=4096)(self._analyse_uncached)
        self._options = lru_cache(maxsize=8192)(self._options_uncached)

    def __repr__(self) -> str:
        return f"<System {self.name}: {len(self.rules)} rules>"

    def candidates(self, ctx: Context) -> Iterator[tuple[Rule, dict[str, Suit]]]:
        """Rules whose pattern fits the auction, in priority order (``when`` is tested per call)."""
        pool = [*self._by_length.get(len(ctx.tail), []), *self._open_ended]
        pool.sort(key=lambda rule: self._position[rule.name])
        for rule in pool:
            bind = match_pattern(rule, ctx)
            if bind is None:
                continue
            yield rule, bind

    def choose(self, info: HandInfo, ctx: Context) -> Explained:
        """The call the system recommends for a hand, with its meaning, as the system's
        review (if any) leaves it."""
        chosen = self._choose(info, ctx)
        return chosen if self._review is None else self._review(self, info, ctx, chosen)

    def _choose(self, info: HandInfo, ctx: Context) -> Explained:
        memo = self._options(ctx.dealer, ctx.vulnerability, ctx.calls)
        for i, (rule, options) in enumerate(memo.rules):
            if len(options) > 1:
                options = tuple(sorted(options, key=_natural_order(info)))
            for call, j in options:
                shown = memo.shown(i, j)
                if shown is not None and shown.fits(info):
                    return Explained(seat=ctx.bidder, call=call, shown=shown, rule=rule.name)
        call, shown = self._fallback(self, info, ctx)
        return Explained(seat=ctx.bidder, call=call, shown=shown, rule="natural")

    def _options_uncached(self, dealer: Seat, vulnerability: Vulnerability,
                          calls: tuple[Call, ...]) -> _Options:
        return _Options(self, self.context(dealer, vulnerability, calls))

    def meaning(self, ctx: Context, call: Call) -> Explained:
        """What ``call`` means in ``ctx``: the rules that could have produced it, merged."""
        found: list[tuple[Rule, Shown]] = []
        for rule, bind in self.candidates(ctx):
            for option, full in template_calls(rule, ctx, bind):
                if option == call and (rule.when is None or rule.when(ctx, full)):
                    found.append((rule, rule.resolve(full, ctx)))
        if not found:
            return Explained(seat=ctx.bidder, call=call, shown=self._describe(self, ctx, call),
                             rule="natural")
        if len(found) == 1:
            rule, shown = found[0]
            return Explained(seat=ctx.bidder, call=call, shown=shown, rule=rule.name)
        return Explained(seat=ctx.bidder, call=call, shown=_union([s for _, s in found]),
                         rule="|".join(r.name for r, _ in found))

    def _analyse_uncached(self, dealer: Seat, vulnerability: Vulnerability,
                          calls: tuple[Call, ...]) -> tuple[Explained, ...]:
        if not calls:
            return ()
        before = self._analyse(dealer, vulnerability, calls[:-1])
        ctx = Context(dealer=dealer, vulnerability=vulnerability, calls=calls[:-1],
                      history=before)
        return (*before, self.meaning(ctx, calls[-1]))

    def analyse(self, dealer: Seat, vulnerability: Vulnerability,
                calls: Sequence[Call]) -> tuple[Explained, ...]:
        """Every call of an auction with its meaning."""
        return self._analyse(dealer, vulnerability, tuple(calls))

    def context(self, dealer: Seat, vulnerability: Vulnerability,
                calls: Sequence[Call]) -> Context:
        """The context for the next call after ``calls``."""
        calls = tuple(calls)
        return Context(dealer=dealer, vulnerability=vulnerability, calls=calls,
                       history=self.analyse(dealer, vulnerability, calls))

    def explain(self, dealer: Seat, vulnerability: Vulnerability, calls: Sequence[Call],
                index: int, *, lang: Language | str = Language.ENGLISH,
                symbols: bool = True) -> str:
        """Plain words for call ``index`` of an auction, whoever made it."""
        calls = tuple(calls)
        if not 0 <= index < len(calls):
            raise BiddingSystemError(f"there is no call {index} in an auction of {len(calls)} calls")
        explained = self.analyse(dealer, vulnerability, calls[: index + 1])[index]
        return explain_text(explained, lang=lang, symbols=symbols)

    def constraints(self, dealer: Seat, vulnerability: Vulnerability,
                    calls: Sequence[Call]) -> dict[Seat, HandConstraint]:
        """What the auction has shown about each seat's hand."""
        ctx = self.context(dealer, vulnerability, calls)
        return {seat: ctx.known(seat) for seat in Seat}


def explain_text(explained: Explained, *, lang: Language | str = Language.ENGLISH,
                 symbols: bool = True) -> str:
    """An explained call in words (a pass with no meaning says so)."""
    text = explained.shown.describe(lang, symbols=symbols)
    if explained.call.kind is CallKind.PASS and explained.shown == Shown():
        return phrase("passed", lang)
    return text


def _union(meanings: list[Shown]) -> Shown:
    """One meaning covering several (the loosest envelope), joined for the explanation."""
    lo = min(m.hcp_envelope[0] for m in meanings)
    hi = max(m.hcp_envelope[1] for m in meanings)
    lengths = tuple((min(m.lengths[s][0] for m in meanings), max(m.lengths[s][1] for m in meanings))
                    for s in Suit)
    first = meanings[0]
    balanced = first.balanced if all(m.balanced == first.balanced for m in meanings) else None
    forcing = first.forcing if all(m.forcing is first.forcing for m in meanings) else Forcing.NONE
    notes: list[tuple[str, Suit | None]] = []
    for m in meanings:
        for note in m.notes:
            if note not in notes:
                notes.append(note)
    points, trump = first.points, first.trump
    if all(m.points is points and m.trump is trump for m in meanings):
        # one kind of count throughout: keep it (a limit raise is 10–12 support points,
        # not the 5–12 HCP its envelope would say)
        lo = min(m.hcp[0] for m in meanings)
        hi = max(m.hcp[1] for m in meanings)
    else:
        points, trump = Points.HCP, None
    return Shown(hcp=(lo, hi), points=points, trump=trump,
                 lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
                 balanced=balanced, forcing=forcing,
                 artificial=any(m.artificial for m in meanings), notes=tuple(notes))
