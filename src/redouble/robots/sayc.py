"""A natural system in the Standard American Yellow Card family, written as rules.

Five-card majors, 15–17 1NT, strong 2♣, weak twos, Stayman, Jacoby transfers, Jacoby 2NT,
Roman key-card Blackwood (1430), takeout and negative doubles, overcalls, preempts, raises,
rebids, competitive bidding and balancing. Rules are tried in order; the first whose context
and meaning fit the hand gives the call. Auctions no rule covers fall to ``natural``: a
placement by combined strength and fit, explained in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.calls import DOUBLE, PASS, Call, CallKind
from redouble.cards import Rank, Strain, Suit
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import MAX_HCP, OPEN, Forcing, Points, Range, Shown
from redouble.robots.system import BiddingSystemError, Bind, Context, Explained, Rule, System, Test, When
from redouble.seats import Seat

__all__ = [
    "RKC_VARIANTS",
    "SAYC",
    "SOUND",
    "Placement",
    "describe_natural",
    "keycard_answer",
    "major_to_show_over",
    "natural_fallback",
    "negative_double",
    "negative_doubles",
    "notrump_points",
    "opening_suit",
    "partner_estimate",
    "partner_least",
    "partner_opened_notrump",
    "rkc_answers",
    "rkc_trump",
    "sayc_rules",
    "takeout_advances",
]

F = Forcing
ANY = MAX_HCP
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


# --- hand tests -----------------------------------------------------------------------------


def opening_suit(info: HandInfo) -> Suit:
    """The suit SAYC opens at the one level: longer major (spades if 5-5), else the minor."""
    lengths = info.lengths
    majors = [s for s in (S, H) if lengths[s] >= 5]
    if majors:
        major = max(majors, key=lambda s: (lengths[s], s))
        minor = max((D, C), key=lambda s: (lengths[s], s))
        if lengths[minor] > lengths[major]:
            return minor
        return major
    if lengths[D] > lengths[C] or (lengths[D] == lengths[C] >= 4):
        return D
    return C


def _opens(info: HandInfo) -> bool:
    two_longest = sum(sorted(info.lengths, reverse=True)[:2])
    return info.hcp >= 12 or (info.hcp >= 11 and info.hcp + two_longest >= 20)


def _opening_test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return _opens(info) and opening_suit(info) is bind["M"]


def _trump_is(level: int) -> When:
    """The call names the agreed trump suit (``level`` is for readability only)."""
    def when(ctx: Context, bind: Bind) -> bool:
        trump = rkc_trump(ctx)
        return trump is not None and bind.get("s") is trump
    return when


def _hearts_before_minors(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Five hearts are bid before a minor no longer than them (longest suit first)."""
    return info.lengths[H] >= max(info.lengths[C], info.lengths[D])


def _good_s(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.good_suit(bind["s"])


def _good_t(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.good_suit(bind["t"]) or info.lengths[bind["t"]] >= 6


def _good_u(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.good_suit(bind["u"]) or info.lengths[bind["u"]] >= 6


def _weak_two(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    suit = bind["s"]
    other_major = [m for m in (H, S) if m is not suit]
    if len(ctx.calls) == 3:  # fourth seat: no weak twos
        return False
    return info.good_suit(suit) and all(info.lengths[m] <= 3 for m in other_major)


def _preempt(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    suit = bind["s"] if "s" in bind else bind["M"]
    return info.good_suit(suit) and len(ctx.calls) < 3


def _stopper_s(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.stopper(bind["s"])


def _stopper_t(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.stopper(bind["t"])


def _stoppers_theirs(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return all(info.stopper(s) for s in ctx.their_suits())


def partner_stopped_theirs(ctx: Context) -> bool:
    """Partner has bid notrump naturally over every suit the opponents have bid: a natural
    notrump bid over their suit shows it stopped (every text's meaning of it). Their raise of
    that suit afterwards leaves the stopper where it was; a new suit, or the suit rebid by the
    hand that bid it (longer than partner counted on), does not."""
    bidders: dict[Suit, Seat] = {}
    stopped: set[Suit] = set()
    for e in ctx.history:
        if not e.call.is_bid or e.call.strain is None:
            continue
        suit = e.call.strain.suit
        if e.seat.side is not ctx.bidder.side and suit is not None:
            if bidders.get(suit, e.seat) is e.seat:
                stopped.discard(suit)
            bidders.setdefault(suit, e.seat)
        elif (e.seat is ctx.partner and e.call.strain is Strain.NOTRUMP
              and not e.shown.artificial):
            stopped = set(bidders)
    return bool(stopped) and ctx.their_suits() <= stopped


def _t_below_s(ctx: Context, bind: Bind) -> bool:
    return "t" not in bind or bind["t"] < bind["s"]


def _t_above_s(ctx: Context, bind: Bind) -> bool:
    return "t" not in bind or bind["t"] > bind["s"]


def _u_below_s(ctx: Context, bind: Bind) -> bool:
    return "u" not in bind or bind["u"] < bind["s"]


def _u_above_s(ctx: Context, bind: Bind) -> bool:
    return "u" not in bind or bind["u"] > bind["s"]


def _not_strong(ctx: Context, bind: Bind) -> bool:
    """The opening bid was a weak two or a preempt, not the strong 2C."""
    return ctx.tail[0] != Call.bid(2, Strain.CLUBS)


def _s_major(ctx: Context, bind: Bind) -> bool:
    return bind["s"].is_major


def _s_minor(ctx: Context, bind: Bind) -> bool:
    return not bind["s"].is_major


def _t_major(ctx: Context, bind: Bind) -> bool:
    return bind["t"].is_major


def _s_longer_u(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.lengths[bind["s"]] > info.lengths[bind["u"]]


def _no_major_fit_t(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return not (bind["t"].is_major and info.lengths[bind["t"]] >= 4)


def _takeout_shape(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    theirs = ctx.their_suits()
    return all(info.lengths[s] <= 2 for s in theirs) and all(
        info.lengths[s] >= 3 for s in Suit if s not in theirs)


def _negative_double(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Four cards in each unbid major (the minors when both majors are bid); over a
    one-level overcall of 1♥ the double shows exactly four spades, since five are bid as 1♠
    (the SAYC booklet's negative double: 1♠ there promises five)."""
    bid = {bind["s"], bind["t"]}
    majors = [m for m in (H, S) if m not in bid]
    last = ctx.last_bid
    if (majors == [S] and bind["t"] is H and last is not None and last.level == 1
            and info.lengths[S] >= 5):
        return False
    if majors:
        return all(info.lengths[m] >= 4 for m in majors)
    return all(info.lengths[m] >= 4 for m in (C, D) if m not in bid)


def negative_doubles(name: str, pattern: str, *, hcp: Range) -> list[Rule]:
    """The negative double of an overcall (``pattern`` binds opener's suit ``s`` and theirs
    ``t``), one rule per set of unbid majors so that what it shows is in its lengths (for
    opener's later placement and the simulation's layouts): four of each unbid major, exactly
    four spades over 1♥ (five bid 1♠), the unbid minors when both majors are bid."""
    def unbid(want: set[Suit]) -> When:
        return lambda c, b: {m for m in (H, S) if m not in (b["s"], b["t"])} == want

    def one_level_hearts(c: Context, b: Bind) -> bool:
        last = c.last_bid
        return b["t"] is H and last is not None and last.level == 1

    common = {"hcp": hcp, "artificial": True, "forcing": F.FORCING,
              "notes": (("negative", None),), "test": _negative_double}
    return [
        _R(name, pattern, "X", lengths={"H": (4, 13), "S": (4, 13)}, when=unbid({H, S}),
           **common),
        _R(f"{name}_spades", pattern, "X", lengths={"S": (4, 13)},
           when=lambda c, b: unbid({S})(c, b) and not one_level_hearts(c, b),
           **common),
        _R(f"{name}_four_spades", pattern, "X", lengths={"S": (4, 4)},
           when=lambda c, b: unbid({S})(c, b) and one_level_hearts(c, b),
           **common),
        _R(f"{name}_hearts", pattern, "X", lengths={"H": (4, 13)}, when=unbid({H}),
           **common),
        _R(f"{name}_minors", pattern, "X", lengths={"~st": (4, 13)}, when=unbid(set()),
           **common),
    ]


def major_to_show_over(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Over partner's opening ``s`` and their overcall ``t``: a four-card unbid major this
    hand can show, at the one level or by a negative double (four in each unbid major)."""
    unbid = [m for m in (H, S) if m not in (bind["s"], bind["t"])]
    if unbid and all(info.lengths[m] >= 4 for m in unbid):
        return True
    return any(info.lengths[m] >= 4 and ctx.cheapest_level(m.strain) == 1 for m in unbid)


def _best_unbid(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """The advance of a takeout double names the longest unbid suit (a major on ties)."""
    theirs = ctx.their_suits()
    suit = bind["u"]
    best = max((s for s in Suit if s not in theirs),
               key=lambda s: (info.lengths[s], s.is_major, s))
    return suit is best


# --- RKC bookkeeping -------------------------------------------------------------------------


FOUR_NT = Call.bid(4, Strain.NOTRUMP)


def rkc_trump(ctx: Context) -> Suit | None:
    """The key-card suit: the agreed trump suit if our side has one, else the suit an
    unagreed 4NT of ours asked about (the last natural suit our side bid before it)."""
    agreed = ctx.agreed_suit()
    if agreed is not None:
        return agreed
    asked = next((e for e in reversed(ctx.our_bids())
                  if e.call == FOUR_NT and "rkc" in dict(e.shown.notes)), None)
    return None if asked is None else dict(asked.shown.notes).get("rkc_suit")


def unagreed_keycard_suit(ctx: Context) -> Suit | None:
    """The suit a 4NT now would ask key cards for with no suit agreed: the last natural suit
    our side bid, unless partner has bid notrump naturally (then 4NT is quantitative), our
    side has bid 4NT already or the auction is past it (4NT is Blackwood unless it raises
    partner's notrump, as in SAYC and every Blackwood description). It explains a person's
    4NT no rule covers, so the robots answer it, and the one a robot asks when the fit is
    known to its own hand only (``modern.keycards_first``)."""
    last = ctx.last_bid
    if ctx.agreed_suit() is not None or last is None or last.rank >= FOUR_NT.rank:
        return None
    ours = ctx.our_bids()
    if any(e.call == FOUR_NT for e in ours):
        return None
    if any(e.seat is ctx.partner and e.call.strain is Strain.NOTRUMP and not e.shown.artificial
           for e in ours):
        return None
    for e in reversed(ours):
        strain = e.call.strain
        if not e.shown.artificial and strain is not None and strain is not Strain.NOTRUMP:
            return strain.suit
    return None


def _rkc_open(ctx: Context, bind: Bind) -> bool:
    last = ctx.last_bid
    trump = rkc_trump(ctx)
    if trump is None or last is None or last.rank >= Call.bid(4, Strain.NOTRUMP).rank:
        return False
    return not any(e.call == Call.bid(4, Strain.NOTRUMP) for e in ctx.our_bids())


def _rkc_ask_test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    trump = rkc_trump(ctx)
    assert trump is not None
    partner, _ = partner_estimate(ctx)  # the same estimate the placement uses
    return info.support_points(trump) + partner >= 33 and info.keycards(trump) >= 1


def _partner_asked_rkc(ctx: Context, bind: Bind) -> bool:
    last = ctx.partner_last()
    return (last is not None and last.call == Call.bid(4, Strain.NOTRUMP)
            and "rkc" in dict(last.shown.notes) and ctx.calls[-1].kind is CallKind.PASS)


def _rkc_answer(count: tuple[int, ...], queen: bool | None) -> Test:
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        trump = rkc_trump(ctx)
        if trump is None:
            return False
        if info.keycards(trump) not in count:
            return False
        return queen is None or info.has(trump, Rank.QUEEN) is queen
    return test


def _my_rkc_answered(ctx: Context, bind: Bind) -> bool:
    """Partner has answered this hand's key-card ask: the asker places the contract, also
    when the opponents double the artificial answer (left in, it would be the contract)."""
    mine = ctx.calls_of(ctx.bidder)
    return (len(mine) > 0 and mine[-1].call == Call.bid(4, Strain.NOTRUMP)
            and "rkc" in dict(mine[-1].shown.notes)
            and ctx.partner_last() is not None
            and ctx.calls[-1].kind in (CallKind.PASS, CallKind.DOUBLE))


def keycard_answer(info: HandInfo, ctx: Context) -> tuple[int, list[int]] | None:
    """After partner's key-card answer: this hand's key cards and the counts the answer may
    mean that fit beside them, or ``None`` when there is no answer to read."""
    trump = rkc_trump(ctx)
    answer = ctx.partner_last()
    if trump is None or answer is None or answer.call.strain is None:
        return None
    own = info.keycards(trump)
    # the answer's meaning, not its strain, says how many (1430 and 0314 swap 5♣ and 5♦)
    keys = {key for key, _ in answer.shown.notes}
    options = ((1, 4) if "rkc_14" in keys else (0, 3) if "rkc_03" in keys
               else (2,) if keys & {"rkc_2", "rkc_2q"} else (0,))
    valid = [n for n in options if own + n <= 5]
    return (own, valid) if valid else None


def _missing_keycards(info: HandInfo, ctx: Context) -> int:
    read = keycard_answer(info, ctx)
    if read is None:
        return 5
    own, valid = read
    partner_lo = ctx.known(ctx.partner).hcp[0]
    # 1 or 4, 0 or 3: partner's known strength tells which (3 key cards need about 12 HCP)
    theirs = valid[-1] if len(valid) > 1 and partner_lo >= 3 * valid[-1] + 3 else valid[0]
    return 5 - own - theirs


FIVE_NT = Call.bid(5, Strain.NOTRUMP)


def kings_asked(ctx: Context) -> bool:
    """Whether a 5NT now asks for kings: our side asked key cards with 4NT, partner answered,
    and no suit or notrump has been bid since (Roman key-card 5NT, grand slam interest)."""
    mine = ctx.calls_of(ctx.bidder)
    last = ctx.last_bid
    return (_my_rkc_answered(ctx, {}) and last is not None and last.rank < FIVE_NT.rank
            and rkc_trump(ctx) is not None and len(mine) > 0 and mine[-1].call == FOUR_NT)


def queen_ask(ctx: Context) -> Call | None:
    """The bid that now asks for the trump queen: after partner's 5♣/5♦ answer (one count of
    key cards, the queen unknown) to our 4NT, the cheapest bid that is not five of the trump
    suit, below six of it (Kantar's Roman key-card Blackwood)."""
    trump = rkc_trump(ctx)
    answer = ctx.partner_last()
    last = ctx.last_bid
    if (trump is None or answer is None or last is None or answer.call != last
            or not {"rkc_14", "rkc_03"} & set(dict(answer.shown.notes))
            or not _my_rkc_answered(ctx, {})):
        return None
    five = Call.bid(5, trump.strain)
    return next((call for call in _bids_below_six(last, trump) if call != five), None)


def _partner_asked_queen(ctx: Context, bind: Bind) -> bool:
    last = ctx.partner_last()
    return (last is not None and "queen_ask" in dict(last.shown.notes)
            and ctx.calls[-1].kind is CallKind.PASS and rkc_trump(ctx) is not None)


def _bids_below_six(last: Call, trump: Suit) -> list[Call]:
    """The bids above ``last`` and below six of the trump suit, cheapest first."""
    return [Call.bid(rank // 5 + 1, Strain(rank % 5))
            for rank in range(last.rank + 1, Call.bid(6, trump.strain).rank)]


def _between(ctx: Context) -> list[Call]:
    """The bids above the queen ask and below six of the trump suit."""
    trump, last = rkc_trump(ctx), ctx.last_bid
    assert trump is not None and last is not None
    return _bids_below_six(last, trump)


def _queen_answer(info: HandInfo, ctx: Context) -> Call:
    """The answer to the queen ask (Kantar): without the queen the cheapest bid of the trump
    suit; with it the cheapest side king below six of the trump suit, else six of the trump
    suit when five was open, 5NT when it was not."""
    trump = rkc_trump(ctx)
    assert trump is not None
    between = _between(ctx)
    five, six = Call.bid(5, trump.strain), Call.bid(6, trump.strain)
    if not info.has(trump, Rank.QUEEN):
        return five if five in between else six
    for call in between:
        suit = None if call.strain is None else call.strain.suit
        if suit is not None and suit is not trump and info.has(suit, Rank.KING):
            return call
    return six if five in between else FIVE_NT


def _queen_when(kind: str) -> When:
    """When an answer to the queen ask applies: ``none`` (the cheapest trump bid), ``king``
    (a side suit below six of the trump suit), ``six`` (six of trumps, five open) or
    ``5nt`` (five of trumps passed)."""
    def when(ctx: Context, bind: Bind) -> bool:
        if not _partner_asked_queen(ctx, bind):
            return False
        trump = rkc_trump(ctx)
        five_open = trump is not None and Call.bid(5, trump.strain) in _between(ctx)
        if kind == "none":
            return bind["s"] is trump
        if kind == "king":
            level = 5 if Call.bid(5, bind["t"].strain) in _between(ctx) else 6
            return bind["t"] is not trump and Call.bid(level, bind["t"].strain) in _between(ctx)
        if kind == "six":
            return bind["s"] is trump and five_open
        return not five_open and FIVE_NT in _between(ctx)
    return when


def queen_answers() -> list[Rule]:
    """The answers to the trump-queen ask (each bid says queen or not, and which side king)."""
    return [
        _R("queen_answer_none", "... ?", "cs", artificial=True,
           notes=(("no_trump_queen", None),), when=_queen_when("none"),
           test=lambda i, b, c: not i.has(b["s"], Rank.QUEEN)),
        _R("queen_answer_king", "... ?", "ct", artificial=True,
           notes=(("trump_queen", None), ("king_of", "t")), when=_queen_when("king"),
           test=lambda i, b, c: _queen_answer(i, c).strain is b["t"].strain),
        _R("queen_answer_six", "... ?", "6s", notes=(("trump_queen", None),),
           when=_queen_when("six"), test=lambda i, b, c: _queen_answer(i, c).level == 6),
        _R("queen_answer_5nt", "... ?", "5N", artificial=True, notes=(("trump_queen", None),),
           when=_queen_when("5nt"), test=lambda i, b, c: _queen_answer(i, c) == FIVE_NT),
    ]


def gerber_asked(ctx: Context) -> bool:
    """Whether 4♣ now is Gerber: partner opened 1NT or 2NT and nobody else has bid (SAYC)."""
    bids = [e for e in ctx.history if e.call.is_bid]
    return (len(bids) == 1 and bids[0].seat is ctx.partner
            and bids[0].call in (Call.bid(1, Strain.NOTRUMP), Call.bid(2, Strain.NOTRUMP)))


def _partner_asked_aces(ctx: Context, bind: Bind) -> bool:
    last = ctx.partner_last()
    return (last is not None and "gerber" in dict(last.shown.notes)
            and ctx.calls[-1].kind is CallKind.PASS)


def gerber_answers() -> list[Rule]:
    """The answers to Gerber, in steps: 4♦ 0 or 4 aces, 4♥ 1, 4♠ 2, 4NT 3 (SAYC)."""
    out = []
    for call, key, counts in (("4D", "aces_04", (0, 4)), ("4H", "aces_1", (1,)),
                              ("4S", "aces_2", (2,)), ("4N", "aces_3", (3,))):
        out.append(_R(f"gerber_answer_{call}", "... 4C P ?", call, artificial=True,
                      notes=((key, None),), when=_partner_asked_aces,
                      test=lambda i, b, c, _n=counts: i.aces() in _n))
    return out


def _partner_asked_kings(ctx: Context, bind: Bind) -> bool:
    last = ctx.partner_last()
    return (last is not None and last.call == FIVE_NT and "kings_ask" in dict(last.shown.notes)
            and ctx.calls[-1].kind is CallKind.PASS and rkc_trump(ctx) is not None)


def _cheapest_side_king(info: HandInfo, ctx: Context) -> Suit | None:
    """The cheapest side suit below the trump suit where the hand holds the king."""
    trump = rkc_trump(ctx)
    assert trump is not None
    return next((s for s in Suit if s < trump and info.has(s, Rank.KING)), None)


def _king_answer(suit: Suit) -> Test:
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        return _cheapest_side_king(info, ctx) is suit
    return test


def _king_below_trumps(suit: Suit) -> When:
    def when(ctx: Context, bind: Bind) -> bool:
        trump = rkc_trump(ctx)
        return _partner_asked_kings(ctx, bind) and trump is not None and suit < trump
    return when


def king_answers() -> list[Rule]:
    """The answers to the 5NT king ask: the cheapest side king below the trump suit, six of
    the trump suit without one (specific kings, as in Kantar's Roman key-card Blackwood)."""
    out = [_R(f"kings_answer_{suit.letter()}", "... 5N P ?", f"6{suit.letter()}",
              artificial=True, forcing=F.FORCING, notes=(("king_of", suit.letter()),),
              when=_king_below_trumps(suit), test=_king_answer(suit)) for suit in (C, D, H)]
    out.append(_R("kings_answer_none", "... 5N P ?", "6s", notes=(("no_side_king", None),),
                  when=lambda c, b: _partner_asked_kings(c, b) and b["s"] is rkc_trump(c),
                  test=lambda i, b, c: _cheapest_side_king(i, c) is None))
    return out


def _answer_is_five_of_trump(ctx: Context) -> bool:
    """Partner's key-card answer is five of the trump suit itself (5♦ in diamonds, 5♥ in
    hearts): the sign-off is to pass it."""
    trump = rkc_trump(ctx)
    last = ctx.last_bid
    return trump is not None and last is not None and last == Call.bid(5, trump.strain)


def _five_open(ctx: Context, bind: Bind) -> bool:
    """Five of the trump suit is still a legal bid (the answer was below it)."""
    last = ctx.last_bid
    return last is not None and Call.bid(5, bind["s"].strain).rank > last.rank


def _missing(lo: int, hi: int) -> Test:
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        return lo <= _missing_keycards(info, ctx) <= hi
    return test


def _grand(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    trump = rkc_trump(ctx)
    if trump is None:
        return False
    partner = ctx.known(ctx.partner).hcp[0]
    return _missing_keycards(info, ctx) == 0 and info.hcp + partner >= 37


# --- the rules -----------------------------------------------------------------------------


def _R(name: str, pattern: str, call: str, **kw: object) -> Rule:
    return Rule(name=name, pattern=pattern, call=call, **kw)  # type: ignore[arg-type]


RKC_VARIANTS = ("1430", "0314")
"""Roman key-card answers: 1430 (5♣ 1 or 4 key cards, 5♦ 0 or 3) or 0314 (the two swapped);
in both 5♥ shows two without the trump queen and 5♠ two with it."""


def rkc_answers(variant: str = "1430") -> list[Rule]:
    """The answers to Roman key-card Blackwood in ``variant`` (``RKC_VARIANTS``)."""
    if variant not in RKC_VARIANTS:
        raise BiddingSystemError(f"unknown RKC variant {variant!r}: expected 1430 or 0314")
    low, high = ("rkc_14", (1, 4)), ("rkc_03", (0, 3))
    clubs, diamonds = (low, high) if variant == "1430" else (high, low)
    out = []
    for call, (key, count), queen in (("5C", clubs, None), ("5D", diamonds, None),
                                      ("5H", ("rkc_2", (2,)), False),
                                      ("5S", ("rkc_2q", (2,)), True)):
        out.append(_R(f"rkc_answer_{call}", "... 4N P ?", call, artificial=True,
                      notes=((key, None),), when=_partner_asked_rkc,
                      test=_rkc_answer(count, queen)))
    return out


def _two_notrump_continuations(start: str, tag: str, *, six: Range, five: Range,
                                nothing: Range) -> list[Rule]:
    """After a natural 2NT (``start``, the opening or 2♣–2♦–2NT) and responder's Stayman or
    transfer: opener's Stayman answers and completed transfer, responder's placement (game
    in a six-card major on ``six`` HCP, 3NT offering the choice with five on ``five``, a pass
    on ``nothing``) and opener's choice of the major over 3NT. Rule names begin with ``tag``."""
    out = [
        _R(f"{tag}_stayman_3h", f"{start} 3C P ?", "3H", lengths={"H": (4, 5)}),
        _R(f"{tag}_stayman_3s", f"{start} 3C P ?", "3S", lengths={"S": (4, 5), "H": (0, 3)}),
        _R(f"{tag}_stayman_3d", f"{start} 3C P ?", "3D", lengths={"H": (0, 3), "S": (0, 3)},
           artificial=True, notes=(("no_major", None),)),
    ]
    out += [_R(f"{tag}_stayman_{m}_4", f"{start} 3C P 3{m} P ?", f"4{m}", lengths={m: (4, 13)},
               forcing=F.SIGNOFF) for m in ("H", "S")]
    out += [
        _R(f"{tag}_stayman_3nt", f"{start} 3C P b P ?", "3N", forcing=F.SIGNOFF),
        _R(f"{tag}_stayman_3nt_4s", f"{start} 3C P 3H P 3N P ?", "4S", lengths={"S": (4, 4)}),
    ]
    for relay, target in (("3D", "H"), ("3H", "S")):
        seq = f"{start} {relay} P 3{target} P ?"
        after = f"{start} {relay} P 3{target} P 3N P ?"
        out += [
            _R(f"{tag}_accept_{target}", f"{start} {relay} P ?", f"3{target}", artificial=True,
               notes=(("completes", None),)),
            _R(f"{tag}_transfer_{target}_4", seq, f"4{target}", hcp=six,
               lengths={target: (6, 13)}, forcing=F.SIGNOFF),
            _R(f"{tag}_transfer_{target}_3nt", seq, "3N", hcp=five, lengths={target: (5, 5)}),
            _R(f"{tag}_transfer_{target}_pass", seq, "P", hcp=nothing),
            _R(f"{tag}_transfer_{target}_3nt_4", after, f"4{target}", lengths={target: (3, 5)}),
            _R(f"{tag}_transfer_{target}_3nt_pass", after, "P", lengths={target: (2, 2)}),
        ]
    return out


def _rules() -> list[Rule]:
    rules: list[Rule] = []
    add = rules.append
    # ---- openings ----
    add(_R("open_2c", "?", "2C", hcp=(22, ANY), forcing=F.FORCING, artificial=True,
           notes=(("strong2c", None),)))
    add(_R("open_2nt", "?", "2N", hcp=(20, 21), balanced=True))
    add(_R("open_1nt", "?", "1N", hcp=(15, 17), balanced=True))
    add(_R("open_1major", "?", "1M", hcp=(11, 21), lengths={"M": (5, 13)},
           test=_opening_test))
    add(_R("open_1d", "?", "1D", hcp=(11, 21), lengths={"D": (3, 13), "H": (0, 6), "S": (0, 6)},
           test=lambda i, b, c: _opens(i) and opening_suit(i) is D))
    add(_R("open_1c", "?", "1C", hcp=(11, 21), lengths={"C": (3, 13), "H": (0, 6), "S": (0, 6)},
           test=lambda i, b, c: _opens(i) and opening_suit(i) is C))
    add(_R("open_weak2", "?", "2s", hcp=(5, 10), lengths={"s": (6, 6)}, notes=(("weak", None),),
           when=lambda c, b: b["s"] is not C, test=_weak_two))
    add(_R("open_4major", "?", "4M", hcp=(5, 11), lengths={"M": (8, 13)},
           notes=(("preempt", None),), test=_preempt))
    add(_R("open_3", "?", "3s", hcp=(5, 10), lengths={"s": (7, 7)}, notes=(("preempt", None),),
           test=_preempt))
    add(_R("open_pass", "?", "P", hcp=(0, 11)))

    # ---- 1NT: Stayman, transfers, natural ----
    add(_R("nt_stayman", "1N P ?", "2C", hcp=(8, ANY), artificial=True, forcing=F.FORCING,
           alternatives=({"H": (4, 13)}, {"S": (4, 13)}), notes=(("stayman", None),),
           test=lambda i, b, c: (i.lengths[H] == 4 or i.lengths[S] == 4)
           and max(i.lengths[H], i.lengths[S]) <= 5
           and not (max(i.lengths[H], i.lengths[S]) == 5 and min(i.lengths[H], i.lengths[S]) < 4)))
    add(_R("nt_transfer_h", "1N P ?", "2D", lengths={"H": (5, 13)}, artificial=True,
           forcing=F.FORCING, notes=(("transfer", "H"),),
           test=lambda i, b, c: i.lengths[H] > i.lengths[S]))
    add(_R("nt_transfer_s", "1N P ?", "2H", lengths={"S": (5, 13)}, artificial=True,
           forcing=F.FORCING, notes=(("transfer", "S"),)))
    add(_R("nt_6nt", "1N P ?", "6N", hcp=(18, 19), lengths={"H": (0, 4), "S": (0, 4)},
           test=lambda i, b, c: max(i.lengths) <= 5))
    add(_R("nt_4nt", "1N P ?", "4N", hcp=(16, 17), lengths={"H": (0, 4), "S": (0, 4)},
           notes=(("quantitative", None),), test=lambda i, b, c: max(i.lengths) <= 5))
    add(_R("nt_3nt", "1N P ?", "3N", hcp=(10, 15), lengths={"H": (0, 3), "S": (0, 3)},
           forcing=F.SIGNOFF))
    add(_R("nt_2nt", "1N P ?", "2N", hcp=(8, 9), lengths={"H": (0, 3), "S": (0, 3)},
           forcing=F.INVITATIONAL))
    add(_R("nt_pass", "1N P ?", "P", hcp=(0, 7)))
    # opener answers Stayman
    add(_R("stayman_2h", "1N P 2C P ?", "2H", lengths={"H": (4, 5)}))
    add(_R("stayman_2s", "1N P 2C P ?", "2S", lengths={"S": (4, 5), "H": (0, 3)}))
    add(_R("stayman_2d", "1N P 2C P ?", "2D", lengths={"H": (0, 3), "S": (0, 3)},
           artificial=True, notes=(("no_major", None),)))
    # responder after the Stayman answer
    for major, answer in ((H, "2H"), (S, "2S")):
        m = major.letter()
        add(_R(f"stayman_{m}_game", f"1N P 2C P {answer} P ?", f"4{m}", hcp=(10, 15),
               lengths={m: (4, 13)}, forcing=F.SIGNOFF))
        add(_R(f"stayman_{m}_invite", f"1N P 2C P {answer} P ?", f"3{m}", hcp=(8, 9),
               lengths={m: (4, 13)}, forcing=F.INVITATIONAL))
    add(_R("stayman_after_2h_3nt", "1N P 2C P 2H P ?", "3N", hcp=(10, 15),
           lengths={"H": (0, 3), "S": (4, 4)}, forcing=F.SIGNOFF))
    add(_R("stayman_after_2h_2nt", "1N P 2C P 2H P ?", "2N", hcp=(8, 9),
           lengths={"H": (0, 3), "S": (4, 4)}, forcing=F.INVITATIONAL))
    add(_R("stayman_after_2s_3nt", "1N P 2C P 2S P ?", "3N", hcp=(10, 15),
           lengths={"S": (0, 3)}, forcing=F.SIGNOFF))
    add(_R("stayman_after_2s_2nt", "1N P 2C P 2S P ?", "2N", hcp=(8, 9),
           lengths={"S": (0, 3)}, forcing=F.INVITATIONAL))
    add(_R("stayman_after_2d_3s", "1N P 2C P 2D P ?", "3S", hcp=(10, 15),
           lengths={"S": (5, 5), "H": (4, 4)}, forcing=F.GAME_FORCING))
    add(_R("stayman_after_2d_3h", "1N P 2C P 2D P ?", "3H", hcp=(10, 15),
           lengths={"H": (5, 5), "S": (4, 4)}, forcing=F.GAME_FORCING))
    add(_R("stayman_after_2d_3nt", "1N P 2C P 2D P ?", "3N", hcp=(10, 15), forcing=F.SIGNOFF))
    add(_R("stayman_after_2d_2nt", "1N P 2C P 2D P ?", "2N", hcp=(8, 9),
           forcing=F.INVITATIONAL))
    # opener after responder's invitation following Stayman
    for answer, other in (("2H", "S"), ("2S", "H"), ("2D", None)):
        pat = f"1N P 2C P {answer} P 2N P ?"
        if other == "S":
            add(_R("stayman_2h_2n_4s", pat, "4S", hcp=(16, 17), lengths={"S": (4, 4)}))
            add(_R("stayman_2h_2n_3s", pat, "3S", hcp=(15, 15), lengths={"S": (4, 4)}))
        add(_R(f"stayman_{answer}_2n_3n", pat, "3N", hcp=(16, 17)))
        add(_R(f"stayman_{answer}_2n_pass", pat, "P", hcp=(15, 15)))
    add(_R("stayman_2h_3n_4s", "1N P 2C P 2H P 3N P ?", "4S", lengths={"S": (4, 4)}))
    add(_R("stayman_2h_3n_pass", "1N P 2C P 2H P 3N P ?", "P", lengths={"S": (0, 3)}))
    for m in ("H", "S"):
        add(_R(f"stayman_{m}_3_accept", f"1N P 2C P 2{m} P 3{m} P ?", f"4{m}", hcp=(16, 17)))
        add(_R(f"stayman_{m}_3_decline", f"1N P 2C P 2{m} P 3{m} P ?", "P", hcp=(15, 15)))
    for m in ("H", "S"):
        add(_R(f"stayman_2d_3{m}_4", f"1N P 2C P 2D P 3{m} P ?", f"4{m}", lengths={m: (3, 5)}))
        add(_R(f"stayman_2d_3{m}_3n", f"1N P 2C P 2D P 3{m} P ?", "3N", lengths={m: (0, 2)}))
    # transfers: opener completes (super-accepts with 4 trumps and a maximum)
    for relay, target in (("2D", "H"), ("2H", "S")):
        add(_R(f"transfer_super_{target}", f"1N P {relay} P ?", f"3{target}", hcp=(17, 17),
               lengths={target: (4, 5)}, notes=(("support_for", target),)))
        add(_R(f"transfer_accept_{target}", f"1N P {relay} P ?", f"2{target}",
               artificial=True, notes=(("completes", None),)))
        seq = f"1N P {relay} P 2{target} P ?"
        add(_R(f"transfer_{target}_4", seq, f"4{target}", hcp=(10, 15),
               lengths={target: (6, 13)}, forcing=F.SIGNOFF))
        add(_R(f"transfer_{target}_3nt", seq, "3N", hcp=(10, 15),
               lengths={target: (5, 5)}))
        add(_R(f"transfer_{target}_3", seq, f"3{target}", hcp=(8, 9),
               lengths={target: (6, 13)}, forcing=F.INVITATIONAL))
        add(_R(f"transfer_{target}_2nt", seq, "2N", hcp=(8, 9), lengths={target: (5, 5)},
               forcing=F.INVITATIONAL))
        add(_R(f"transfer_{target}_pass", seq, "P", hcp=(0, 7)))
        after = f"1N P {relay} P 2{target} P"
        add(_R(f"transfer_{target}_2nt_4", f"{after} 2N P ?", f"4{target}", hcp=(16, 17),
               lengths={target: (3, 5)}))
        add(_R(f"transfer_{target}_2nt_3", f"{after} 2N P ?", f"3{target}", hcp=(15, 15),
               lengths={target: (3, 5)}))
        add(_R(f"transfer_{target}_2nt_3nt", f"{after} 2N P ?", "3N", hcp=(16, 17),
               lengths={target: (2, 2)}))
        add(_R(f"transfer_{target}_2nt_pass", f"{after} 2N P ?", "P", hcp=(15, 15),
               lengths={target: (2, 2)}))
        add(_R(f"transfer_{target}_3nt_4", f"{after} 3N P ?", f"4{target}",
               lengths={target: (3, 5)}))
        add(_R(f"transfer_{target}_3nt_pass", f"{after} 3N P ?", "P",
               lengths={target: (2, 2)}))
        add(_R(f"transfer_{target}_3_4", f"{after} 3{target} P ?", f"4{target}", hcp=(16, 17)))
        add(_R(f"transfer_{target}_3_pass", f"{after} 3{target} P ?", "P", hcp=(15, 15)))

    # ---- 2NT opening ----
    add(_R("2nt_stayman", "2N P ?", "3C", hcp=(4, ANY), artificial=True, forcing=F.FORCING,
           alternatives=({"H": (4, 4)}, {"S": (4, 4)}), notes=(("stayman", None),),
           test=lambda i, b, c: max(i.lengths[H], i.lengths[S]) == 4))
    add(_R("2nt_transfer_h", "2N P ?", "3D", lengths={"H": (5, 13)}, artificial=True,
           forcing=F.FORCING, notes=(("transfer", "H"),),
           test=lambda i, b, c: i.lengths[H] > i.lengths[S]))
    add(_R("2nt_transfer_s", "2N P ?", "3H", lengths={"S": (5, 13)}, artificial=True,
           forcing=F.FORCING, notes=(("transfer", "S"),)))
    add(_R("2nt_6nt", "2N P ?", "6N", hcp=(11, 14)))
    add(_R("2nt_3nt", "2N P ?", "3N", hcp=(4, 11), forcing=F.SIGNOFF))
    add(_R("2nt_pass", "2N P ?", "P", hcp=(0, 3)))
    for rule in _two_notrump_continuations("2N P", "2nt", six=(4, 11), five=(4, 11),
                                           nothing=(0, 3)):
        add(rule)

    # ---- 2C opening ----
    add(_R("2c_positive_suit", "2C P ?", "cs", hcp=(8, ANY), lengths={"s": (5, 13)},
           forcing=F.GAME_FORCING, test=_good_s))
    add(_R("2c_positive_nt", "2C P ?", "2N", hcp=(8, ANY), balanced=True,
           forcing=F.GAME_FORCING))
    add(_R("2c_waiting", "2C P ?", "2D", artificial=True, forcing=F.FORCING,
           notes=(("waiting", None),)))
    add(_R("2c_rebid_3nt", "2C P 2D P ?", "3N", hcp=(25, 27), balanced=True))
    add(_R("2c_rebid_2nt", "2C P 2D P ?", "2N", hcp=(22, 24), balanced=True))
    add(_R("2c_rebid_major", "2C P 2D P ?", "2M", hcp=(22, ANY), lengths={"M": (5, 13)},
           forcing=F.GAME_FORCING))
    add(_R("2c_rebid_minor", "2C P 2D P ?", "3m", hcp=(22, ANY), lengths={"m": (5, 13)},
           forcing=F.GAME_FORCING))
    add(_R("2c_2nt_stayman", "2C P 2D P 2N P ?", "3C", hcp=(3, ANY), artificial=True,
           alternatives=({"H": (4, 4)}, {"S": (4, 4)}), notes=(("stayman", None),),
           forcing=F.FORCING, test=lambda i, b, c: max(i.lengths[H], i.lengths[S]) == 4))
    add(_R("2c_2nt_transfer_h", "2C P 2D P 2N P ?", "3D", lengths={"H": (5, 13)},
           artificial=True, forcing=F.FORCING, notes=(("transfer", "H"),),
           test=lambda i, b, c: i.lengths[H] > i.lengths[S]))
    add(_R("2c_2nt_transfer_s", "2C P 2D P 2N P ?", "3H", lengths={"S": (5, 13)},
           artificial=True, forcing=F.FORCING, notes=(("transfer", "S"),)))
    add(_R("2c_2nt_6nt", "2C P 2D P 2N P ?", "6N", hcp=(10, 13)))
    add(_R("2c_2nt_3nt", "2C P 2D P 2N P ?", "3N", hcp=(3, 9)))
    add(_R("2c_2nt_pass", "2C P 2D P 2N P ?", "P", hcp=(0, 2)))
    # the 2NT rebid (22-24) has the 2NT opening's system on: Stayman's answers, the
    # transfer completed, and responder's placement (the SAYC booklet's "systems on")
    for rule in _two_notrump_continuations("2C P 2D P 2N P", "2c_2nt", six=(0, 9), five=(3, 9),
                                           nothing=(0, 2)):
        add(rule)

    # ---- weak twos and preempts: responses ----
    add(_R("weak2_raise_game", "2M P ?", "4M", lengths={"M": (3, 13)}, hcp=(14, ANY),
           forcing=F.SIGNOFF))
    add(_R("weak2_ask", "2s P ?", "2N", hcp=(15, ANY), artificial=True, forcing=F.FORCING,
           notes=(("feature_ask", None),), when=_not_strong))
    add(_R("weak2_3nt", "2s P ?", "3N", hcp=(16, ANY), test=_stoppers_theirs,
           forcing=F.SIGNOFF, when=_not_strong))
    add(_R("weak2_raise_preempt", "2s P ?", "3s", lengths={"s": (3, 13)}, hcp=(0, 13),
           notes=(("preempt", None),), forcing=F.SIGNOFF, when=_not_strong))
    add(_R("weak2_pass", "2s P ?", "P", hcp=(0, 14), when=_not_strong))
    add(_R("weak2_ask_max", "2s P 2N P ?", "3N", hcp=(9, 10), notes=(("maximum", None),), when=_not_strong))
    add(_R("weak2_ask_min", "2s P 2N P ?", "3s", hcp=(5, 8), notes=(("minimum", None),), when=_not_strong))
    add(_R("preempt_raise_game", "3M P ?", "4M", lengths={"M": (2, 13)}, hcp=(14, ANY)))
    add(_R("preempt_3nt", "3s P ?", "3N", hcp=(16, ANY), lengths={"s": (1, 13)},
           test=_stoppers_theirs))
    add(_R("preempt_pass", "3s P ?", "P", hcp=(0, 15)))
    add(_R("preempt4_pass", "4M P ?", "P"))

    # ---- responses to one of a major ----
    add(_R("major_jacoby", "1M P ?", "2N", hcp=(13, ANY), lengths={"M": (4, 13)},
           artificial=True, forcing=F.GAME_FORCING, notes=(("jacoby2nt", None),)))
    add(_R("major_game_raise", "1M P ?", "4M", hcp=(0, 9), lengths={"M": (5, 13)},
           notes=(("preempt", None),)))
    add(_R("major_limit_raise", "1M P ?", "3M", hcp=(10, 12), points=Points.SUPPORT,
           trump="M", lengths={"M": (4, 13)}, forcing=F.INVITATIONAL))
    add(_R("major_simple_raise", "1M P ?", "2M", hcp=(6, 10), points=Points.SUPPORT,
           trump="M", lengths={"M": (3, 13)}))
    add(_R("major_3nt", "1M P ?", "3N", hcp=(15, 17), balanced=True, lengths={"M": (0, 2)}))
    add(_R("hearts_1s", "1H P ?", "1S", hcp=(6, ANY), lengths={"S": (4, 13)},
           forcing=F.FORCING))
    # 2♥ over 1♠ promises five hearts (SAYC): said so, so that a raise agrees the suit; a
    # longer minor is bid first
    add(_R("spades_2h", "1S P ?", "2H", hcp=(11, ANY), lengths={"H": (5, 13)},
           forcing=F.FORCING, test=_hearts_before_minors))
    add(_R("major_new_suit_2", "1M P ?", "2t", hcp=(11, ANY), lengths={"t": (4, 13)},
           forcing=F.FORCING, when=lambda c, b: "t" not in b or b["t"] < min(b["M"], H)))
    add(_R("major_limit_raise_3", "1M P ?", "3M", hcp=(10, 12), points=Points.SUPPORT,
           trump="M", lengths={"M": (3, 3)}, forcing=F.INVITATIONAL))
    add(_R("major_1nt", "1M P ?", "1N", hcp=(6, 10)))
    add(_R("major_pass", "1M P ?", "P", hcp=(0, 5)))

    # ---- responses to one of a minor ----
    add(_R("minor_major", "1m P ?", "1t", hcp=(6, ANY), lengths={"t": (4, 13)},
           forcing=F.FORCING, when=lambda c, b: "t" not in b or b["t"] > b["m"]))
    add(_R("minor_3nt", "1m P ?", "3N", hcp=(16, 17), balanced=True,
           lengths={"H": (0, 3), "S": (0, 3)}))
    add(_R("minor_2nt", "1m P ?", "2N", hcp=(13, 15), balanced=True,
           lengths={"H": (0, 3), "S": (0, 3)}, forcing=F.GAME_FORCING))
    add(_R("diamonds_2c", "1D P ?", "2C", hcp=(11, ANY), lengths={"C": (4, 13)},
           forcing=F.FORCING))
    add(_R("minor_limit_raise", "1m P ?", "3m", hcp=(10, 12), lengths={"m": (4, 13),
           "H": (0, 3), "S": (0, 3)}, forcing=F.INVITATIONAL))
    add(_R("minor_simple_raise", "1m P ?", "2m", hcp=(6, 10), lengths={"m": (4, 13),
           "H": (0, 3), "S": (0, 3)}))
    add(_R("minor_1nt", "1m P ?", "1N", hcp=(6, 10), lengths={"H": (0, 3), "S": (0, 3)}))
    add(_R("minor_pass", "1m P ?", "P", hcp=(0, 5)))

    # ---- opener's rebid after a one-level response ----
    one = "1s P 1t P ?"
    add(_R("rebid_raise_4", one, "4t", hcp=(19, ANY), points=Points.SUPPORT, trump="t",
           lengths={"t": (4, 13)}, when=_t_major))
    add(_R("rebid_raise_3", one, "3t", hcp=(16, 18), points=Points.SUPPORT, trump="t",
           lengths={"t": (4, 13)}, forcing=F.INVITATIONAL, when=_t_major))
    add(_R("rebid_raise_2", one, "2t", hcp=(11, 15), points=Points.SUPPORT, trump="t",
           lengths={"t": (4, 13)}, when=_t_major))
    add(_R("rebid_2nt", one, "2N", hcp=(18, 19), balanced=True, forcing=F.INVITATIONAL))
    add(_R("rebid_3nt", one, "3N", hcp=(19, 21), lengths={"s": (6, 13)},
           when=lambda c, b: not b["s"].is_major, test=lambda i, b, c: i.good_suit(b["s"])))
    add(_R("rebid_1nt", one, "1N", hcp=(11, 14), balanced=True,
           test=lambda i, b, c: not (b["t"] is H and i.lengths[S] >= 4)))
    add(_R("rebid_1s", one, "1S", hcp=(11, 18), lengths={"S": (4, 13)},
           when=lambda c, b: b["t"] is not S))
    add(_R("rebid_jump_shift", one, "ju", hcp=(19, 21), lengths={"u": (4, 13)},
           forcing=F.GAME_FORCING, notes=(("jump_shift", None),), when=_u_below_s,
           test=_s_longer_u))
    add(_R("rebid_reverse", one, "2u", hcp=(17, 21), lengths={"u": (4, 13)},
           forcing=F.FORCING, notes=(("reverse", None),),
           when=_u_above_s, test=_s_longer_u))
    add(_R("rebid_jump_own", one, "3s", hcp=(16, 18), points=Points.TOTAL,
           lengths={"s": (6, 13)}, forcing=F.INVITATIONAL))
    add(_R("rebid_new_lower", one, "2u", hcp=(11, 18), lengths={"u": (4, 13)},
           when=_u_below_s))
    add(_R("rebid_own", one, "2s", hcp=(11, 15), points=Points.TOTAL, lengths={"s": (6, 13)}))
    add(_R("rebid_minor_raise", one, "2t", hcp=(11, 15), lengths={"t": (4, 13)},
           when=lambda c, b: not b["t"].is_major))
    add(_R("rebid_own_5", one, "2s", hcp=(11, 15), lengths={"s": (5, 13)}))
    add(_R("rebid_1nt_any", one, "1N", hcp=(11, 14)))

    # ---- opener after a two-level response ----
    two = "1s P 2t P ?"
    add(_R("two_raise", two, "3t", hcp=(11, 21), lengths={"t": (3, 13)},
           when=lambda c, b: b["t"] is H, forcing=F.FORCING))
    add(_R("two_3nt", two, "3N", hcp=(18, 19), balanced=True))
    add(_R("two_2nt", two, "2N", hcp=(11, 14), balanced=True))
    add(_R("two_new", two, "2u", hcp=(11, 21), lengths={"u": (4, 13)},
           when=lambda c, b: b["u"] < b["s"] or b["u"] > b["t"], forcing=F.FORCING))
    add(_R("two_raise_minor", two, "3t", hcp=(11, 21), lengths={"t": (4, 13)},
           when=lambda c, b: not b["t"].is_major, forcing=F.FORCING))
    add(_R("two_own", two, "2s", hcp=(11, 21), lengths={"s": (5, 13)}))
    add(_R("two_own_3", two, "3s", hcp=(11, 21), lengths={"s": (5, 13)}))

    # ---- opener after 1NT response ----
    add(_R("1nt_resp_2nt", "1s P 1N P ?", "2N", hcp=(18, 19), balanced=True,
           forcing=F.INVITATIONAL))
    add(_R("1nt_resp_jump_own", "1s P 1N P ?", "3s", hcp=(16, 18), points=Points.TOTAL,
           lengths={"s": (6, 13)}, forcing=F.INVITATIONAL))
    add(_R("1nt_resp_reverse", "1s P 1N P ?", "2u", hcp=(17, 21), lengths={"u": (4, 13)},
           forcing=F.FORCING, notes=(("reverse", None),), when=_u_above_s, test=_s_longer_u))
    add(_R("1nt_resp_own", "1s P 1N P ?", "2s", hcp=(11, 15), points=Points.TOTAL,
           lengths={"s": (6, 13)}))
    add(_R("1nt_resp_new", "1s P 1N P ?", "2u", hcp=(11, 18), lengths={"u": (4, 13)},
           when=_u_below_s))
    add(_R("1nt_resp_pass", "1s P 1N P ?", "P", hcp=(11, 15)))

    # ---- opener after a single raise, a limit raise, Jacoby 2NT ----
    add(_R("raise_game", "1M P 2M P ?", "4M", hcp=(19, ANY), points=Points.TOTAL))
    add(_R("raise_invite", "1M P 2M P ?", "3M", hcp=(16, 18), points=Points.TOTAL,
           forcing=F.INVITATIONAL))
    add(_R("raise_pass", "1M P 2M P ?", "P", hcp=(11, 15), points=Points.TOTAL))
    add(_R("minor_raise_3nt", "1m P 2m P ?", "3N", hcp=(18, 19), balanced=True))
    add(_R("minor_raise_2nt", "1m P 2m P ?", "2N", hcp=(16, 17), balanced=True,
           forcing=F.INVITATIONAL))
    add(_R("minor_raise_pass", "1m P 2m P ?", "P", hcp=(11, 15)))
    add(_R("limit_accept", "1M P 3M P ?", "4M", hcp=(14, ANY), points=Points.TOTAL))
    add(_R("limit_decline", "1M P 3M P ?", "P", hcp=(10, 13), points=Points.TOTAL))
    add(_R("minor_limit_3nt", "1m P 3m P ?", "3N", hcp=(14, ANY),
           test=lambda i, b, c: sum(i.stopper(s) for s in Suit) >= 3))
    add(_R("minor_limit_pass", "1m P 3m P ?", "P", hcp=(10, 14)))
    add(_R("jacoby_short", "1M P 2N P ?", "3t", lengths={"t": (0, 1)}, artificial=True,
           when=lambda c, b: "t" not in b or b["t"] is not b["M"], hcp=(12, 17),
           notes=(("short", "t"),), forcing=F.GAME_FORCING))
    add(_R("jacoby_strong", "1M P 2N P ?", "3M", hcp=(18, ANY), forcing=F.GAME_FORCING))
    add(_R("jacoby_3nt", "1M P 2N P ?", "3N", hcp=(15, 17), forcing=F.GAME_FORCING))
    add(_R("jacoby_min", "1M P 2N P ?", "4M", hcp=(10, 14), notes=(("minimum", None),)))

    # ---- after partner's opening and an overcall or double ----
    for rule in negative_doubles("neg_double", "1s 1t ?", hcp=(6, ANY)):
        add(rule)
    add(_R("comp_cue_raise", "1s Lt ?", "ct", hcp=(10, ANY), points=Points.SUPPORT, trump="s",
           lengths={"s": (3, 13)}, artificial=True, notes=(("cue_raise", None),),
           forcing=F.FORCING, when=_s_major))
    add(_R("comp_raise", "1s Lt ?", "cs", hcp=(6, 10), points=Points.SUPPORT, trump="s",
           lengths={"s": (3, 13)}, when=lambda c, b: b["s"].is_major))
    add(_R("comp_raise_minor", "1s Lt ?", "cs", hcp=(6, 10), lengths={"s": (5, 13)}))
    # 3NT over the overcall denies a four-card major it could show: bid at the one level,
    # or doubled when the negative double promises it
    add(_R("comp_3nt", "1s Lt ?", "3N", hcp=(13, 16),
           test=lambda i, b, c: _stopper_t(i, b, c) and not major_to_show_over(i, b, c)))
    add(_R("comp_2nt", "1s Lt ?", "2N", hcp=(11, 12), test=_stopper_t, balanced=True,
           forcing=F.INVITATIONAL))
    add(_R("comp_1nt", "1s 1t ?", "1N", hcp=(8, 10), test=_stopper_t))
    add(_R("comp_new_1", "1s 1t ?", "1u", hcp=(6, ANY), lengths={"u": (4, 13)},
           forcing=F.FORCING))
    add(_R("comp_new_2", "1s Lt ?", "cu", hcp=(11, ANY), lengths={"u": (5, 13)},
           forcing=F.FORCING, when=lambda c, b: "u" not in b or c.last_bid is None
           or c.last_bid.level is None or c.last_bid.level <= 2))
    for rule in negative_doubles("comp_neg_double_2", "1s 2t ?", hcp=(8, ANY)):
        add(rule)
    add(_R("comp_pass", "1s b ?", "P"))
    neg = "1s Lt X P ?"
    add(_R("negx_major_jump", neg, "ju", hcp=(15, 18), lengths={"u": (4, 13)},
           when=lambda c, b: b["u"].is_major and (c.last_bid is None or (c.last_bid.level or 0) <= 1)))
    add(_R("negx_major", neg, "cu", hcp=(11, 18), lengths={"u": (4, 13)},
           when=lambda c, b: b["u"].is_major))
    add(_R("negx_nt", neg, "cN", hcp=(11, 14), test=_stopper_t, balanced=True))
    add(_R("negx_own", neg, "cs", hcp=(11, 16), lengths={"s": (6, 13)}))
    add(_R("negx_new", neg, "cu", hcp=(11, 18), lengths={"u": (4, 13)}))
    add(_R("negx_own_5", neg, "cs", hcp=(11, 16), lengths={"s": (5, 13)}))
    add(_R("negx_pass", neg, "P", lengths={"t": (4, 13)}, notes=(("penalty", None),),
           test=lambda i, b, c: i.good_suit(b["t"])))
    add(_R("negx_any", neg, "cu", hcp=(12, ANY), lengths={"u": (3, 13)}))
    add(_R("over_x_redouble", "1s X ?", "XX", hcp=(10, ANY), notes=(("redouble_strength", None),)))
    add(_R("over_x_jump_raise", "1s X ?", "3s", hcp=(0, 9), lengths={"s": (4, 13)},
           notes=(("preempt", None),), when=_s_major))
    add(_R("over_x_raise", "1s X ?", "2s", hcp=(6, 9), points=Points.SUPPORT, trump="s",
           lengths={"s": (3, 13)}, when=_s_major))
    add(_R("over_x_new", "1s X ?", "1u", hcp=(6, 9), lengths={"u": (5, 13)}))
    add(_R("over_x_pass", "1s X ?", "P", hcp=(0, 9)))

    # ---- direct seat over an opening ----
    add(_R("over_1nt_double", "1N ?", "X", hcp=(16, ANY), notes=(("penalty", None),)))
    add(_R("over_1nt_suit", "1N ?", "2t", hcp=(9, 15), lengths={"t": (6, 13)}, test=_good_t))
    add(_R("over_1nt_pass", "1N ?", "P", hcp=(0, 15)))
    add(_R("overcall_1nt", "1s ?", "1N", hcp=(15, 18), balanced=True, test=_stopper_s,
           test_note=("stopper", "s")))
    add(_R("takeout_strong", "1s ?", "X", hcp=(18, ANY), notes=(("takeout", None),),
           artificial=True, forcing=F.FORCING))
    add(_R("takeout", "1s ?", "X", hcp=(12, 17), lengths={"s": (0, 2)}, artificial=True,
           forcing=F.FORCING,
           notes=(("takeout", None), ("unbid_suits", None)), test=_takeout_shape))
    add(_R("weak_jump_overcall", "1s ?", "jt", hcp=(5, 10), lengths={"t": (6, 6)},
           notes=(("weak", None),), test=_good_t, when=lambda c, b: c.calls[-1].is_bid))
    add(_R("overcall_1", "1s ?", "1t", hcp=(8, 17), lengths={"t": (5, 13)},
           when=_t_above_s, test=lambda i, b, c: i.hcp >= 10 or _good_t(i, b, c)))
    add(_R("overcall_2", "1s ?", "2t", hcp=(11, 17), lengths={"t": (5, 13)},
           when=_t_below_s, test=lambda i, b, c: i.lengths[b["t"]] >= 6 or i.good_suit(b["t"])))
    add(_R("over_1_pass", "1s ?", "P", hcp=(0, 17)))
    add(_R("over_weak_double", "2s|3s ?", "X", hcp=(13, ANY), lengths={"s": (0, 2)},
           artificial=True, forcing=F.FORCING, notes=(("takeout", None),), test=_takeout_shape, when=_not_strong))
    add(_R("over_weak_2nt", "2s ?", "2N", hcp=(15, 18), test=_stopper_s,
           test_note=("stopper", "s"), when=_not_strong))
    add(_R("over_weak_3nt", "3s ?", "3N", hcp=(16, 21), test=_stopper_s,
           test_note=("stopper", "s")))
    add(_R("over_weak_overcall", "2s|3s ?", "ct", hcp=(12, 17), lengths={"t": (5, 13)},
           test=_good_t, when=_not_strong))
    add(_R("over_weak_pass", "2s|3s ?", "P", hcp=(0, 16), when=_not_strong))

    # ---- balancing ----
    add(_R("balance_1nt", "1s P P ?", "1N", hcp=(11, 14), balanced=True, test=_stopper_s,
           notes=(("balancing", None),)))
    add(_R("balance_double", "1s P P ?", "X", hcp=(8, ANY), lengths={"s": (0, 2)},
           artificial=True, forcing=F.FORCING, notes=(("takeout", None), ("balancing", None)),
           test=lambda i, b, c: all(i.lengths[s] >= 3 for s in Suit if s is not b["s"])
           or i.hcp >= 17))
    add(_R("balance_overcall", "1s P P ?", "ct", hcp=(7, 16), lengths={"t": (5, 13)},
           notes=(("balancing", None),)))
    add(_R("balance_pass", "1s P P ?", "P", hcp=(0, 14)))
    # their one-level opening raised to two, then passed to us: compete when the hand is ours
    add(_R("balance_raise_double", "1s P 2s P P ?", "X", hcp=(9, ANY), lengths={"s": (0, 2)},
           artificial=True, forcing=F.FORCING, notes=(("takeout", None), ("balancing", None)),
           test=lambda i, b, c: all(i.lengths[s] >= 3 for s in Suit if s is not b["s"])))
    add(_R("balance_raise_suit", "1s P 2s P P ?", "ct", hcp=(8, 16), lengths={"t": (5, 13)},
           notes=(("balancing", None),), test=_good_t))
    add(_R("balance_raise_pass", "1s P 2s P P ?", "P"))
    for tag, adv in (("", "1s P 2s P P X P ?"),):
        add(_R(f"advance_raise_double{tag}", adv, "cu", hcp=(0, 11), lengths={"u": (4, 13)},
               test=_best_unbid))

    # ---- advancing partner's takeout double (direct or balancing) ----
    for tag, adv in (("", "1s X P ?"), ("_bal", "1s P P X P ?"), ("_2", "2s X P ?"),
                     ("_3", "3s X P ?")):
        rules.extend(takeout_advances(tag, adv))

    # ---- advancing partner's overcall ----
    ov = "1s Lt P ?"
    add(_R("advance_ov_cue", ov, "cs", hcp=(11, ANY), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}, artificial=True, notes=(("cue_raise", None),),
           forcing=F.FORCING))
    add(_R("advance_ov_game", ov, "4t", hcp=(13, ANY), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}, when=lambda c, b: b["t"].is_major))
    add(_R("advance_ov_jump", ov, "jt", hcp=(0, 8), lengths={"t": (4, 13)},
           notes=(("preempt", None),)))
    add(_R("advance_ov_raise", ov, "ct", hcp=(7, 10), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}))
    add(_R("advance_ov_3nt", ov, "3N", hcp=(15, ANY), test=_stopper_s))
    add(_R("advance_ov_nt", ov, "cN", hcp=(8, 12), test=_stopper_s,
           when=lambda c, b: c.last_bid is not None and (c.last_bid.level or 0) <= 1))
    add(_R("advance_ov_new", ov, "cu", hcp=(9, 14), lengths={"u": (5, 13)}, test=_good_u,
           when=lambda c, b: c.last_bid is not None and (c.last_bid.level or 0) <= 2))
    add(_R("advance_ov_pass", ov, "P", hcp=(0, 10)))

    # ---- Roman key-card Blackwood (1430) ----
    add(_R("rkc_ask", "... ?", "4N", hcp=(13, ANY), artificial=True, forcing=F.FORCING,
           notes=(("rkc", None),), when=_rkc_open, test=_rkc_ask_test))
    for rule in rkc_answers("1430"):
        add(rule)
    for rule in king_answers() + queen_answers() + gerber_answers():
        add(rule)
    add(_R("rkc_grand", "... 4N P b P|X ?", "7s", notes=(("slam", None),),
           when=lambda c, b: _my_rkc_answered(c, b) and _trump_is(7)(c, b),
           test=_grand, forcing=F.SIGNOFF))
    add(_R("rkc_small", "... 4N P b P|X ?", "6s", notes=(("slam", None),),
           when=lambda c, b: _my_rkc_answered(c, b) and _trump_is(6)(c, b)
           and _five_open(c, b), test=_missing(0, 1), forcing=F.SIGNOFF))
    add(_R("rkc_stop", "... 4N P b P|X ?", "5s", notes=(("signoff_slam", None),),
           when=lambda c, b: _my_rkc_answered(c, b) and _trump_is(5)(c, b),
           test=_missing(2, 5), forcing=F.SIGNOFF))
    add(_R("rkc_pass_five", "... 4N P b P|X ?", "P", notes=(("signoff_played", None),),
           when=lambda c, b: _my_rkc_answered(c, b) and _answer_is_five_of_trump(c),
           test=_missing(2, 5), forcing=F.SIGNOFF))
    add(_R("rkc_stop_6", "... 4N P b P|X ?", "6s", notes=(("slam_placed", None),),
           when=lambda c, b: _my_rkc_answered(c, b) and _trump_is(6)(c, b)
           and not _five_open(c, b), forcing=F.SIGNOFF))
    return rules


def takeout_advances(tag: str, adv: str) -> list[Rule]:
    """Advancing partner's takeout double after the auction ``adv`` (rule names end in ``tag``):
    the cue-bid (12+, game forcing) only below four of their major, where it would take
    away the major game (over 3♠, 4♠ passes 4♥ by: advancer bids the game); the doubler
    answers the cue-bid with a four-card major, else notrump with their suit stopped, else
    a four-card minor, the cheapest (the cue-bid is forcing: never passed)."""
    answer = f"{adv[:-1]}Ls P ?"
    return [
        _R(f"advance_cue{tag}", adv, "cs", hcp=(12, ANY), artificial=True, forcing=F.GAME_FORCING,
           notes=(("cuebid", None),),
           when=lambda c, b: not b["s"].is_major or c.cheapest_level(b["s"].strain) <= 3),
        _R(f"cue_answer_major{tag}", answer, "cu", lengths={"u": (4, 13)},
           when=lambda c, b: b["u"].is_major),
        _R(f"cue_answer_nt{tag}", answer, "cN", test=_stopper_s, test_note=("stopper", "s"),
           when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 4),
        _R(f"cue_answer_minor{tag}", answer, "cu", lengths={"u": (4, 13)}),
        _R(f"advance_major_game{tag}", adv, "4u", hcp=(10, ANY), lengths={"u": (5, 13)},
           when=lambda c, b: "u" not in b or b["u"].is_major),
        _R(f"advance_3nt{tag}", adv, "3N", hcp=(13, ANY), test=_stopper_s, lengths={"s": (3, 13)}),
        _R(f"advance_jump{tag}", adv, "ju", hcp=(9, 11), lengths={"u": (4, 13)},
           forcing=F.INVITATIONAL, test=_best_unbid),
        _R(f"advance_2nt{tag}", adv, "2N", hcp=(11, 12), test=_stopper_s, lengths={"s": (3, 13)},
           forcing=F.INVITATIONAL),
        _R(f"advance_1nt{tag}", adv, "1N", hcp=(6, 10), test=_stopper_s, lengths={"s": (3, 13)}),
        _R(f"advance_suit{tag}", adv, "cu", hcp=(0, 11), lengths={"u": (3, 13)}, test=_best_unbid),
    ]


# --- natural fallback: placement by strength and fit ----------------------------------------


def partner_estimate(ctx: Context) -> tuple[int, tuple[int, ...]]:
    """Partner's expected HCP and least suit lengths, from what partner's calls showed."""
    known = ctx.known(ctx.partner)
    lo, hi = known.hcp
    if not ctx.calls_of(ctx.partner) or all(e.call.kind is CallKind.PASS
                                              for e in ctx.calls_of(ctx.partner)):
        return (min(hi, lo + 4) if hi < MAX_HCP else 6), tuple(a for a, _ in known.lengths)
    lo = partner_least(ctx)
    for e in ctx.calls_of(ctx.partner):
        if e.shown.points is not Points.HCP and e.shown.hcp[0] <= hi:
            # a raise in support points holds about two HCP fewer than its floor, not five
            # (6–10: 4+; a raise to game on 13+ support points: 11+)
            lo = max(lo, e.shown.hcp[0] - 2)
    estimate = lo + min(3, max(0, (min(hi, 30) - lo) // 2))
    least = tuple(a for a, _ in known.lengths)
    if partner_opened_notrump(ctx):
        # two cards at least in every suit: a six-card suit opposite has its eight-card fit
        least = tuple(max(2, a) for a in least)
    return estimate, least


def partner_least(ctx: Context) -> int:
    """The least HCP partner's calls showed, an opener counted at 11 at least: a light
    (rule of 20) opening is worth a sound one in playing strength. Not a preempt: a weak
    two or a three-bid (no more than 10 or 11 HCP) is counted at what it showed."""
    lo, hi = ctx.known(ctx.partner).hcp
    return max(lo, 11) if ctx.opener is ctx.partner and hi > 11 else lo


def partner_opened_notrump(ctx: Context) -> bool:
    """Partner opened the bidding and has bid 1NT or 2NT naturally (the opening or a rebid):
    a balanced hand (3NT is left out: it may be a long minor's game)."""
    return ctx.opener is ctx.partner and any(
        e.call.is_bid and e.call.strain is Strain.NOTRUMP and (e.call.level or 0) <= 2
        and not e.shown.artificial for e in ctx.calls_of(ctx.partner))


def _game_level(strain: Strain) -> int:
    return {Strain.NOTRUMP: 3, Strain.HEARTS: 4, Strain.SPADES: 4}.get(strain, 5)


@dataclass(frozen=True, slots=True)
class Placement:
    """The combined points the natural placement wants for game, slam and invitations."""

    slam: int = 33
    game: int = 26
    major_game: int = 25
    notrump_game: int = 25
    invite: int = 23
    long_fit: int = 0
    """Points a fit counts toward slam for each trump past eight, at most two: a ninth and
    tenth trump are tricks point count misses (0: SAYC's plain count)."""

    partner_stoppers: bool = False
    """Whether partner's natural notrump bid over the opponents' suits counts as their
    suits stopped, for a notrump game from a hand without the stoppers (False: SAYC's
    placement, which asks the hand itself for them)."""

    own_suits: bool = False
    """Whether a long suit is placed only among suits the opponents have not bid: length in
    their suit is defence, not a contract (False: SAYC's placement, its longest suit)."""

    defend_hcp: int | None = None
    """HCP between the hands (partner's expected share counted) from which the placement
    doubles the opponents' contract at the three level or higher: the defence's tricks are
    high cards, not the support points of a fit (None: SAYC's placement, 25 points with the
    fit's support points)."""

    def fit_bonus(self, trumps: int) -> int:
        """The points ``trumps`` between the hands add toward slam (``long_fit``)."""
        return self.long_fit * min(2, max(0, trumps - 8))


SOUND = Placement()
"""SAYC's placement: the textbook 25–26 for game and 33 for a small slam."""


def natural_fallback(system: System, info: HandInfo, ctx: Context, *,
                     placement: Placement = SOUND) -> tuple[Call, Shown]:
    """A sensible call where no rule applies: place the contract by combined strength and fit."""
    p = placement
    legal = _legal_set(ctx)
    partner_pts, partner_len = partner_estimate(ctx)
    last = ctx.partner_last()
    if last is not None and last.shown.forcing is Forcing.SIGNOFF and ctx.last_bid_by_us():
        return PASS, Shown()
    fit: Suit | None = None
    best = -1
    for suit in Suit:
        together = info.lengths[suit] + partner_len[suit]
        if together >= 8:
            score = together * 2 + (3 if suit.is_major else 0)
            if score > best:
                fit, best = suit, score
    mine = info.support_points(fit) if fit is not None else info.total_points
    combined = mine + partner_pts
    partner_bid = any(e.call.is_bid or _shape_double(e) for e in ctx.calls_of(ctx.partner))
    target: Call | None = None
    if not partner_bid and not ctx.calls_of(ctx.partner):
        combined = info.hcp + 8  # partner unknown: assume an average share
    if fit is not None:
        trumps = info.lengths[fit] + partner_len[fit]
        if combined + p.fit_bonus(trumps) >= p.slam and partner_bid:
            target = Call.bid(6, fit.strain)
        elif combined >= p.game or (combined >= p.major_game and fit.is_major):
            if fit.is_major:
                target = Call.bid(_game_level(fit.strain), fit.strain)
            elif (Call.bid(3, Strain.NOTRUMP) in legal
                  and _notrump_game(info, ctx, fit, partner_pts, partner_len, p)):
                target = Call.bid(3, Strain.NOTRUMP)
            elif (combined >= p.game + 2 or not partner_bid or ctx.partner_forces()
                  or _past(ctx, Call.bid(3, fit.strain))):
                # past three of the minor there is no invitation left: partner's raise to
                # four (a weak two's raise of a forcing 3D) or their bid over it is met by
                # the game
                target = Call.bid(5, fit.strain)
            else:  # eleven tricks need more: invite at the three level
                target = Call.bid(3, fit.strain)
        elif combined >= p.invite and partner_bid:
            target = Call.bid(3, fit.strain)
        else:
            level = max(1, min(trumps - 6, 4 if fit.is_major else 3))
            target = Call.bid(level, fit.strain)
    elif partner_bid:
        long = placement_suit(info, ctx, p)
        if combined >= p.slam:
            level = 7 if combined >= p.slam + 4 else 6
            strain = long.strain if info.lengths[long] >= 6 else Strain.NOTRUMP
            target = Call.bid(level, strain)
        elif (notrump_points(info) + partner_pts >= p.notrump_game
              and (_stoppers_theirs(info, {}, ctx)
                   or (p.partner_stoppers and partner_stopped_theirs(ctx)))):
            target = Call.bid(3, Strain.NOTRUMP)
        elif info.lengths[long] >= 6 and combined >= (
                p.major_game if long.is_major else p.game + 1):
            target = Call.bid(_game_level(long.strain), long.strain)
        elif notrump_points(info) + partner_pts >= p.invite and info.balanced:
            target = Call.bid(2, Strain.NOTRUMP)
        elif info.lengths[long] >= 6 and not ctx.last_bid_by_us():
            target = Call.bid(2, long.strain)
            if target not in legal and combined >= p.invite:
                target = Call.bid(3, long.strain)  # compete at three with values to spare
    current = ctx.last_bid
    forced = ctx.partner_forces()
    if target is not None and target in legal and _bid_on(ctx, target, current, fit, forced):
        return target, describe_natural(system, ctx, target)
    # opponents own the contract: double when the hand is ours
    if (current is not None and not ctx.last_bid_by_us() and DOUBLE in legal
            and (current.level or 0) >= 3 and partner_bid
            and (combined >= 25 if p.defend_hcp is None
                 else info.hcp + partner_pts >= p.defend_hcp)
            and (fit is None or (target is not None and target.rank < current.rank))):
        return DOUBLE, describe_natural(system, ctx, DOUBLE)
    if forced:
        call = _cheapest_descriptive(info, ctx, legal)
        return call, describe_natural(system, ctx, call)
    return PASS, Shown()


def _past(ctx: Context, call: Call) -> bool:
    """Whether the auction's last bid is above ``call`` (its level is gone)."""
    last = ctx.last_bid
    return last is not None and last.rank > call.rank


def _shape_double(entry: Explained) -> bool:
    """A double whose meaning names three or more cards in a suit (a negative or responsive
    double), which describes partner's hand as a bid does; a penalty double names none, and
    so does a takeout double here, whose strong variant may hold any shape."""
    return entry.call == DOUBLE and any(entry.shown.lengths[suit][0] >= 3 for suit in Suit)


def placement_suit(info: HandInfo, ctx: Context, p: Placement) -> Suit:
    """The suit the placement plays in without a fit: the longest (``Placement.own_suits``:
    the longest the opponents have not bid, if any is left)."""
    theirs = ctx.their_suits() if p.own_suits else set()
    mine = [suit for suit in Suit if suit not in theirs] or list(Suit)
    return max(mine, key=lambda s: (info.lengths[s], s))


def notrump_points(info: HandInfo) -> int:
    """A hand's worth in notrump: HCP and a point for each card past five in a suit (a long
    suit runs; shortness and a fifth card, which count for a trump contract, do not)."""
    return info.hcp + sum(max(0, n - 5) for n in info.lengths)


def _notrump_game(info: HandInfo, ctx: Context, fit: Suit, partner_pts: int,
                  partner_len: tuple[int, ...], p: Placement) -> bool:
    """Whether a minor fit plays 3NT rather than five: the strength for nine tricks (HCP and
    the length of the fit, which runs; ruffing values count for the suit, not for notrump),
    their suits stopped, and at most one suit neither of us has shown that this hand cannot
    stop (partner may stop one; two are a gamble)."""
    points = info.hcp + max(0, info.lengths[fit] - 4)
    if points + partner_pts < p.notrump_game or not _stoppers_theirs(info, {}, ctx):
        return False
    open_suits = [s for s in Suit if info.lengths[s] < 4 and partner_len[s] < 4
                  and s not in ctx.their_suits() and not info.stopper(s)]
    return len(open_suits) <= 1


def _bid_on(ctx: Context, target: Call, current: Call | None, fit: Suit | None,
            forced: bool) -> bool:
    """Whether to bid ``target`` when it is legal: always over the opponents; over our own
    contract only when forced, to reach game or slam, or to correct to our fit."""
    if current is None or not ctx.last_bid_by_us() or forced:
        return True
    last = ctx.partner_last()
    if last is not None and last.call == current and last.shown.artificial:
        return True
    if _is_game(target) and not _is_game(current):
        return True
    if (target.level or 0) >= 6 > (current.level or 0):
        return True
    return (fit is not None and current.strain is not None and current.strain.suit is not fit
            and target.strain is fit.strain and (target.level or 0) <= (current.level or 0) + 1
            and not _is_game(current))


def _is_game(bid: Call) -> bool:
    assert bid.level is not None and bid.strain is not None
    return bid.level >= _game_level(bid.strain)


def _cheapest_descriptive(info: HandInfo, ctx: Context, legal: frozenset[Call]) -> Call:
    partner_len = tuple(a for a, _ in ctx.known(ctx.partner).lengths)
    options: list[tuple[int, Call]] = []
    for call in sorted((c for c in legal if c.is_bid), key=lambda c: c.rank):
        assert call.strain is not None
        suit = call.strain.suit
        if suit is None:
            ok = info.balanced or all(info.stopper(s) for s in ctx.their_suits())
        else:
            ok = info.lengths[suit] >= 4 or info.lengths[suit] + partner_len[suit] >= 8
        if ok:
            options.append((call.rank, call))
        if len(options) >= 1:
            break
    return options[0][1] if options else PASS


def _legal_set(ctx: Context) -> frozenset[Call]:
    from redouble.auction import Auction

    return frozenset(Auction(dealer=ctx.dealer, calls=ctx.calls).legal_calls())


def describe_natural(system: System, ctx: Context, call: Call) -> Shown:
    """The meaning of a call no rule covers: natural, showing the suit (or support for it)."""
    if call.kind is CallKind.PASS:
        return Shown()
    if call.kind is CallKind.DOUBLE:
        last = ctx.last_bid
        if last is not None and (last.level or 0) >= 3:
            return Shown(notes=(("penalty", None),))
        return Shown(notes=(("takeout", None),), artificial=True)
    if call.kind is CallKind.REDOUBLE:
        return Shown(notes=(("redouble_strength", None),))
    assert call.strain is not None and call.level is not None
    hcp = _placement_strength(ctx, call)
    suit = call.strain.suit
    if suit is None:
        if call == FIVE_NT and kings_asked(ctx):
            return Shown(hcp=(13, ANY), artificial=True, forcing=F.FORCING,
                         notes=(("kings_ask", None),))
        asked = unagreed_keycard_suit(ctx) if call == FOUR_NT else None
        if asked is not None:  # Blackwood unless it raises partner's notrump
            return Shown(hcp=(13, ANY), artificial=True, forcing=F.FORCING,
                         notes=(("rkc", None), ("rkc_suit", asked)))
        return Shown(hcp=hcp, notes=(("natural", None),))
    if call == Call.bid(4, Strain.CLUBS) and gerber_asked(ctx):
        return Shown(hcp=(13, ANY), artificial=True, forcing=F.FORCING,
                     notes=(("gerber", None),))
    if queen_ask(ctx) == call:
        return Shown(hcp=(13, ANY), artificial=True, forcing=F.FORCING,
                     notes=(("queen_ask", None),))
    partner = ctx.known(ctx.partner).lengths[suit][0]
    mine = ctx.known(ctx.bidder).lengths[suit][0]
    if partner >= 4:
        need = max(mine, min(13, 8 - partner), 2)
        lengths = list(OPEN)
        lengths[suit] = (need, 13)
        return Shown(hcp=hcp, lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
                     notes=(("support_for", suit),))
    lengths = list(OPEN)
    lengths[suit] = (max(mine, 4), 13)
    return Shown(hcp=hcp, lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
                 notes=(("natural", None),))


def _placement_strength(ctx: Context, call: Call) -> tuple[int, int]:
    """The HCP a natural game or slam bid shows once partner has bid: what the placement
    (25 for game, 33 for slam, with partner's expected strength) implies, with slack for
    distribution. Part-scores show nothing more."""
    if not any(e.call.is_bid for e in ctx.calls_of(ctx.partner)) or call.level is None:
        return (0, MAX_HCP)
    assert call.strain is not None
    partner, _ = partner_estimate(ctx)
    if call.level >= 6:
        return (max(0, 33 - partner - 4), MAX_HCP)
    if call.level >= _game_level(call.strain):
        lo, hi = max(0, 25 - partner - 4), max(0, 32 - partner)
        return (lo, hi) if lo <= hi else (0, MAX_HCP)
    return (0, MAX_HCP)


def sayc_rules() -> list[Rule]:
    """SAYC's rules in priority order (other systems are written as changes to them)."""
    return _rules()


negative_double = _negative_double

SAYC = System("SAYC", _rules(), fallback=natural_fallback, describe=describe_natural)
"""The robots' bidding system."""
