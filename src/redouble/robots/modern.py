"""A modern aggressive standard system, written as changes to the SAYC rules.

Sound-but-light openings (the rule of 20 from 10 HCP with 6-4 or 5-5 shape), weak twos and
preempts judged by suit quality and vulnerability (AT9432 and QJ9863 open 2♥ not vulnerable),
overcalls on a good five-card suit from 8 HCP, weak jump overcalls with six or seven cards,
takeout doubles by shape (three cards in their suit with both majors), action over weak twos
(takeout double, overcalls, a wider 2NT, balancing), responsive doubles and negative doubles
up to the three level, and no penalty double with shortness in their suit. In contested
auctions: advances by the law of total tricks, a rescue from 1x X XX, a 1NT overcall advanced
like a strong notrump, opener's minimum notrump after a negative double, the takeout
doubler's rebid, opener's second takeout double rather than sell out cheaply, and their
raised weak two met like an opening three bid. Constructive bidding looks for 4-4 major fits: Walsh responses to 1♣,
opener's majors up the line before notrump, responder's second major before 3NT, and 4M
rather than 5m once a major fit is shown. Everything else is SAYC: the same rule names keep
the same meanings, so explanations stay consistent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from redouble.auction import Auction
from redouble.calls import DOUBLE, PASS, Call, CallKind
from redouble.cards import Rank, Strain, Suit
from redouble.robots import sayc
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import MAX_HCP, Forcing, Points, Shown
from redouble.robots.system import BiddingSystemError, Bind, Context, Explained, Rule, System

__all__ = ["MODERN", "MODERN_0314", "amend_rules", "modern_describe", "modern_fallback", "modern_rules",
           "with_rkc"]

F = Forcing
ANY = MAX_HCP
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


THREE_NT = Call.parse("3NT")
TWO_NT = Call.parse("2NT")
AGGRESSIVE = sayc.Placement(slam=32, game=25, major_game=24, notrump_game=24, invite=23,
                             long_fit=1, partner_stoppers=True, own_suits=True,
                             defend_hcp=25)
"""Game a point lighter than the textbook: the IMP odds favour bidding close games."""
SLAM_FLOOR = 30
"""A slam the placement wants is bid when the hand's HCP and the least partner's system
calls showed reach 30 (the placement's estimate of partner adds the rest of the 32); below
it game, and the simulation, where it is on, weighs the slam. Double dummy over three
development seeds a side with 30-31 HCP and an eight-card fit makes a small slam in its
best strain 68-82 % of the time, and the robots bid it on a quarter to a third of them."""
GRAND_FLOOR = 35
"""A grand slam the placement wants is bid only when the hand's HCP and the least partner's
system calls showed reach 35 (37 is the textbook figure for a grand between the hands; the
placement's estimate of partner adds the rest): short of it, the small slam."""


# --- hand tests ------------------------------------------------------------------------------


def suit_quality(info: HandInfo, suit: Suit, *, vulnerable: bool) -> bool:
    """A suit worth a weak bid: not vulnerable two of the top five honours (AT9432,
    QJ9863); vulnerable two of the top three or three of the top five (the rule of 2-3-4)."""
    if vulnerable:
        return info.top_honours(suit, 3) >= 2 or info.top_honours(suit, 5) >= 3
    return info.top_honours(suit, 5) >= 2


def rule_of_20(info: HandInfo) -> bool:
    """Open at the one level: 12+ HCP, or 11 HCP with HCP + the two longest suits >= 20, or
    10 HCP with 6-4 or 5-5 shape."""
    two_longest = sum(sorted(info.lengths, reverse=True)[:2])
    if info.hcp == 10:
        return two_longest >= 10  # 6-4, 5-5 or longer
    return info.hcp >= 12 or (info.hcp >= 11 and info.hcp + two_longest >= 20)


def _opens(info: HandInfo, ctx: Context) -> bool:
    if len(ctx.calls) == 3:  # fourth seat: the rule of 15 (HCP + spades)
        return info.hcp >= 12 or (info.hcp >= 10 and info.hcp + info.lengths[S] >= 15
                                  and rule_of_20(info))
    return rule_of_20(info)


def _open_suit(suit: Suit | None) -> Callable[[HandInfo, Bind, Context], bool]:
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        want = suit if suit is not None else bind["M"]
        return _opens(info, ctx) and sayc.opening_suit(info) is want
    return test


def _weak_two(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    suit = bind["s"]
    if len(ctx.calls) == 3 or (rule_of_20(info) and info.hcp >= 10):
        return False
    other_majors = [m for m in (H, S) if m is not suit]
    return (suit_quality(info, suit, vulnerable=ctx.vulnerable)
            and all(info.lengths[m] <= 3 for m in other_majors))


def _preempt(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A three- or four-level preempt: the suit quality of a weak two, except that seven
    cards vulnerable need only two of the top five (the extra length is the extra trick)."""
    suit = bind["s"] if "s" in bind else bind["M"]
    if len(ctx.calls) == 3 or (rule_of_20(info) and info.hcp >= 10):
        return False
    seven = info.lengths[suit] >= 7 and info.top_honours(suit, 5) >= 2
    return seven or suit_quality(info, suit, vulnerable=ctx.vulnerable)


def _four_level(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """4♥/4♠: eight cards, or seven with a four-card side suit, or seven in third seat not
    vulnerable."""
    suit = bind["M"]
    n = info.lengths[suit]
    side = max(info.lengths[s] for s in Suit if s is not suit)
    third = len(ctx.calls) == 2 and not ctx.vulnerable
    return _preempt(info, bind, ctx) and (n >= 8 or side >= 4 or third)


def _overcall_1(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """One-level overcall: 12+ HCP, or 10+ (9+ not vulnerable) with a top-three honour in
    the suit, or 8+ with two of the top five (vulnerable: one of them in the top three)."""
    suit = bind["t"]
    if info.lengths[suit] >= 6 or info.hcp >= 12:
        return True
    if info.hcp >= (10 if ctx.vulnerable else 9) and info.top_honours(suit, 3) >= 1:
        return True
    return info.top_honours(suit, 5) >= 2 and (info.top_honours(suit, 3) >= 1
                                               or not ctx.vulnerable)


def _overcall_2(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Two-level overcall: a good five-card suit and 10+ HCP (11+ vulnerable); a six-card
    suit of weak-two quality from 9 (10), or with an ace, king or queen in it from 11 (12:
    an opening hand with a six-card suit does not pass); with 13+ HCP, or seven cards and two
    of the top five honours, any six-card suit (the length and the values make up for its
    spots)."""
    suit = bind["t"]
    need = 11 if ctx.vulnerable else 10
    n = info.lengths[suit]
    if n >= 6 and info.hcp >= need - 1 and (
            info.hcp >= 13 or (n >= 7 and info.top_honours(suit, 5) >= 2)):
        return True
    if n >= 6:
        return info.hcp >= need - 1 and (suit_quality(info, suit, vulnerable=ctx.vulnerable)
                                         or (info.hcp >= need + 1
                                             and info.top_honours(suit, 3) >= 1))
    return info.hcp >= need and info.good_suit(suit)


def _weak_jump(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A weak jump overcall: the suit quality of a weak two, an eight-card suit with two of
    the top five honours, or not vulnerable a six-card suit with shape (a side four-card
    suit, or a singleton) to make up for its honours."""
    suit = bind["t"]
    if suit_quality(info, suit, vulnerable=ctx.vulnerable):
        return True
    if info.lengths[suit] >= 8 and info.top_honours(suit, 5) >= 2:
        return True  # eight cards play for six tricks whatever the colours (KJ987643)
    shape = max(info.lengths[s] for s in Suit if s is not suit) >= 4 or min(info.lengths) <= 1
    return not ctx.vulnerable and info.top_honours(suit, 5) >= 1 and shape


def takeout_shape(info: HandInfo, ctx: Context) -> bool:
    """Support for every unbid suit: two cards at most in theirs and three in each other,
    or three in theirs with four cards in each unbid major and two in an unbid minor."""
    theirs = ctx.their_suits()
    unbid = [s for s in Suit if s not in theirs]
    short = max((info.lengths[s] for s in theirs), default=0)
    if short <= 2:
        return all(info.lengths[s] >= 3 for s in unbid) or (
            all(info.lengths[s] >= 4 for s in unbid if s.is_major)
            and all(info.lengths[s] >= 2 for s in unbid))
    if short == 3:
        majors = [s for s in unbid if s.is_major]
        return (len(majors) == 2 and all(info.lengths[s] >= 4 for s in majors)
                and all(info.lengths[s] >= 2 for s in unbid))
    return False


def _major_game_over_weak(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Over their weak two, a good six-card (or longer) major and 14–19 HCP bids the game at
    once rather than double first (the double would hear partner's minor at the three level)."""
    return 14 <= info.hcp <= 19 and any(
        info.lengths[m] >= 6 and info.good_suit(m) for m in (H, S) if m is not bind["s"])


def _takeout(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A takeout double asks partner to choose the suit: so not with a six-card suit of
    one's own below 17 HCP (that overcalls), nor with a five-card major unless it is 5-4 in
    the majors with shortness in theirs (then a double finds either fit) or too poor to
    overcall at the two level (AJ732 over 1S: the double finds partner's suit)."""
    theirs = ctx.their_suits()
    short = min(info.lengths[s] for s in theirs)
    unbid = [s for s in Suit if s not in theirs]
    if info.hcp <= 16 and any(info.lengths[s] >= 6 for s in unbid):
        return False
    majors = [info.lengths[s] for s in (H, S) if s not in theirs]
    five_four = sorted(majors) == [4, 5] and short <= 1
    fives = [s for s in (H, S) if s not in theirs and info.lengths[s] >= 5]
    if info.hcp <= 16 and not five_four and any(
            ctx.cheapest_level(s.strain) == 1 or info.good_suit(s) for s in fives):
        return False  # a five-card major overcalls (at the two level, a good one only)
    return takeout_shape(info, ctx) and (info.hcp >= 12 or (info.hcp >= 11 and short <= 1))


def _responsive(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    theirs = ctx.their_suits()
    unbid = [s for s in Suit if s not in theirs]
    return sum(info.lengths[s] >= 4 for s in unbid) >= 2 and all(
        info.lengths[s] <= 4 for s in unbid if s.is_major)


def _best_unbid(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    theirs = ctx.their_suits()
    best = max((s for s in Suit if s not in theirs),
               key=lambda s: (info.lengths[s], s.is_major, s))
    return bind["u"] is best


def _balance_double(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return takeout_shape(info, ctx) or info.hcp >= 16


def _nt_advance(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Notrump advances a takeout double: a stopper, and no four-card major to bid instead."""
    theirs = ctx.their_suits()
    return info.stopper(bind["s"]) and not any(
        info.lengths[m] >= 4 for m in (H, S) if m not in theirs)


def _best_unbid_below(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """The longest unbid suit ranks below theirs (it must be bid at the three level)."""
    theirs = ctx.their_suits()
    best = max((s for s in Suit if s not in theirs),
               key=lambda s: (info.lengths[s], s.is_major, s))
    return best < bind["s"]


def _good(var: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """A suit worth bidding on its own: two of the top three honours, three of the top five,
    or six cards."""
    return lambda info, bind, ctx: info.good_suit(bind[var]) or info.lengths[bind[var]] >= 6


def _stopper(var: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """A stopper in the suit the variable names (theirs, for notrump)."""
    return lambda info, bind, ctx: info.stopper(bind[var])


def _no_strong(ctx: Context, bind: Bind) -> bool:
    return ctx.tail[0] != Call.parse("2C")


def _at_level(level: int) -> Callable[[Context, Bind], bool]:
    def when(ctx: Context, bind: Bind) -> bool:
        last = ctx.last_bid
        return last is not None and (last.level or 0) <= level
    return when


def _direct(ctx: Context, bind: Bind) -> bool:
    """The seat right after the opening, in any seat it was made (not balancing: a count
    of calls left out the third- and fourth-seat openings)."""
    return bool(ctx.calls) and ctx.calls[-1].is_bid


def _two_suiter(low: Suit, high: Suit) -> Callable[[HandInfo, Bind, Context], bool]:
    """Both suits five long with the honours in them (at least half the HCP)."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        inside = sum(info.top_honours(s, 4) for s in (low, high))
        return inside >= 2 and info.hcp >= (8 if ctx.vulnerable else 7)
    return test


def _major_minor(major: Suit) -> Callable[[HandInfo, Bind, Context], bool]:
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        minor = max((C, D), key=lambda s: info.lengths[s])
        return _two_suiter(minor, major)(info, bind, ctx)
    return test


def _prefers(suit: Suit, other: Suit, *, points: int) -> Callable[[HandInfo, Bind, Context], bool]:
    """Advance the two-suiter in ``suit``: the longer of the two (the major, or the higher
    one, on ties), with ``points`` HCP plus shortness for game."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        mine, theirs = info.lengths[suit], info.lengths[other]
        better = mine > theirs or (mine == theirs and (suit.is_major, suit) > (other.is_major, other))
        return better and (points == 0 or info.support_points(suit) >= points)
    return test


def _two_level_over(ctx: Context, bind: Bind) -> bool:
    """Their weak two, and ``t`` can be bid at the two level."""
    return ctx.last_bid is not None and ctx.last_bid.level == 2 and bind["t"] > bind["s"]


def _long_light_overcall(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A six-card suit of weak-two quality (vulnerability-aware): the playing strength is
    in the length, so AQT8765 overcalls 2♥ with 9 HCP."""
    return suit_quality(info, bind["t"], vulnerable=ctx.vulnerable)

# --- the changes to SAYC, as data ------------------------------------------------------------


def _walsh_major(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Walsh responses to 1♣: a hand short of game values bids its major (the longer, or
    hearts up the line with four of each) ahead of up to five diamonds, so that a 4-4 major
    fit is found at once; game values bid diamonds first and have time for the major."""
    hearts, spades = info.lengths[H], info.lengths[S]
    major = H if hearts >= 4 and (hearts > spades or hearts == spades == 4) else S
    return bind["t"] is major and info.lengths[D] <= 5


def _major_to_show(info: HandInfo, response: Suit) -> bool:
    """Opener holds a four-card major that can still be shown at the one level after
    partner's one-level ``response`` (hearts over 1♦, spades over 1♦ or 1♥)."""
    majors = [m for m in (H, S) if m > response]
    return any(info.lengths[m] >= 4 for m in majors)


def _R(name: str, pattern: str, call: str, **kw: object) -> Rule:
    return Rule(name=name, pattern=pattern, call=call, **kw)  # type: ignore[arg-type]


def _replacements() -> dict[str, Rule]:
    """SAYC rules that keep their place and name but change their hand requirements."""
    new = [
        # opener opposite the limit raise (10-12, a fit of eight or more) counts the fit's
        # shortness, support points: a void or singleton is a trick the count of length missed
        _R("limit_accept", "1M P 3M P ?", "4M", hcp=(14, ANY), points=Points.SUPPORT, trump="M"),
        _R("limit_decline", "1M P 3M P ?", "P", hcp=(10, 13), points=Points.SUPPORT, trump="M"),
        # opposite the minor limit raise 3NT wants a stopper in three suits and no singleton
        # (but the ace) or void: with a short suit the opponents lead the suit notrump cannot
        # hold, and the minor game (``minor_limit_game``) plays on the fit's ruffs
        _R("minor_limit_3nt", "1m P 3m P ?", "3N", hcp=(14, ANY),
           test=lambda i, b, c: sum(i.stopper(s) for s in Suit) >= 3
           and not _short_suit(i, b, c)),
        # notrump over their overcall denies a major the hand could show: four cards at the
        # one level (1C-(1D)-1H, not 1NT), both by the negative double, five at the two level
        # with the 11+ a new suit there promises (1C-(2D)-2S with AQ542 and 12 HCP, not 2NT:
        # s27-c 820, the spade game missed)
        _R("comp_3nt", "1s Lt ?", "3N", hcp=(13, 16), test=_notrump_over_overcall),
        _R("comp_2nt", "1s Lt ?", "2N", hcp=(11, 12), balanced=True, forcing=F.INVITATIONAL,
           test=_notrump_over_overcall),
        _R("comp_1nt", "1s 1t ?", "1N", hcp=(8, 10),
           test=lambda i, b, c: i.stopper(b["t"])
           and not sayc.major_to_show_over(i, b, c)),
        # advancer's 1NT denies a six-card suit of its own: 1D-(1S)-P with KQJ843 of hearts
        # and a singleton spade bids 2H (``advance_ov_new``), not notrump
        _R("advance_ov_nt", "1s Lt P ?", "cN", hcp=(8, 12),
           test=lambda i, b, c: i.stopper(b["s"]) and not any(
               i.lengths[u] >= 6 for u in Suit if u not in (b["s"], b["t"])),
           when=lambda c, b: c.last_bid is not None and (c.last_bid.level or 0) <= 1),
        _R("open_1major", "?", "1M", hcp=(10, 21), lengths={"M": (5, 13)},
           test=_open_suit(None)),
        _R("open_1d", "?", "1D", hcp=(10, 21), lengths={"D": (3, 13), "H": (0, 6), "S": (0, 6)},
           test=_open_suit(D)),
        _R("open_1c", "?", "1C", hcp=(10, 21), lengths={"C": (3, 13), "H": (0, 6), "S": (0, 6)},
           test=_open_suit(C)),
        _R("open_weak2", "?", "2s", hcp=(5, 10), lengths={"s": (6, 6)},
           notes=(("weak", None),), when=lambda c, b: b["s"] is not C, test=_weak_two),
        _R("open_4major", "?", "4M", hcp=(5, 11), lengths={"M": (7, 13)},
           notes=(("preempt", None),), test=_four_level),
        _R("open_3", "?", "3s", hcp=(5, 10), lengths={"s": (7, 8)},
           notes=(("preempt", None),), test=_preempt),
        _R("open_pass", "?", "P", hcp=(0, 11)),
        # Jacoby 2NT on dummy points: 13+ with 11+ HCP (KJ74 Q3 KT54 Q3, 11 HCP and two
        # doubletons, is a game raise, too strong for the limit raise's 10–12)
        _R("major_jacoby", "1M P ?", "2N", hcp=(13, ANY), points=Points.SUPPORT, trump="M",
           lengths={"M": (4, 13)}, artificial=True, forcing=F.GAME_FORCING,
           notes=(("jacoby2nt", None),), test=lambda i, b, c: i.hcp >= 11),
        _R("takeout", "1s ?", "X", hcp=(11, 17), lengths={"s": (0, 3)}, artificial=True,
           forcing=F.FORCING, notes=(("takeout", None), ("unbid_suits", None)), test=_takeout),
        _R("weak_jump_overcall", "1s ?", "jt", hcp=(5, 10), lengths={"t": (6, 7)},
           notes=(("weak", None),), test=_weak_jump, when=_direct),
        _R("overcall_1", "1s ?", "1t", hcp=(8, 17), lengths={"t": (5, 13)},
           when=lambda c, b: b["t"] > b["s"], test=_overcall_1),
        _R("overcall_2", "1s ?", "2t", hcp=(9, 17), lengths={"t": (5, 13)},
           when=lambda c, b: b["t"] < b["s"], test=_overcall_2),
        _R("over_weak_double", "2s|3s ?", "X", hcp=(12, ANY), lengths={"s": (0, 3)},
           artificial=True, forcing=F.FORCING, notes=(("takeout", None),),
           test=lambda i, b, c: not _major_game_over_weak(i, b, c) and (
               (_takeout(i, b, c) and (i.hcp >= 13 or c.tail[0].level == 2)) or i.hcp >= 18),
           when=_no_strong),
        _R("over_weak_2nt", "2s ?", "2N", hcp=(15, 19), test=_stopper("s"),
           test_note=("stopper", "s"), when=_no_strong),
        _R("over_weak_overcall", "2s|3s ?", "ct", hcp=(10, 17), lengths={"t": (5, 13)},
           when=_no_strong, test=lambda i, b, c: _good("t")(i, b, c)
           and i.hcp >= (10 if _two_level_over(c, b) else 12)),
    ]
    # opener shows a four-card major up the line rather than rebid notrump past it: over
    # 1♦ (Walsh: a responder with a major and game values bids 1♦ first) and, with up to
    # 18, spades over 1♥ (2NT would hide them)
    new += [
        _R("rebid_1nt", "1s P 1t P ?", "1N", hcp=(11, 14), balanced=True,
           test=lambda i, b, c: not _major_to_show(i, b["t"])),
        _R("rebid_2nt", "1s P 1t P ?", "2N", hcp=(18, 19), balanced=True,
           forcing=F.INVITATIONAL,
           test=lambda i, b, c: i.hcp > 18 or not _major_to_show(i, b["t"])),
    ]
    # 1m–3NT takes in the balanced 18–19 with no major too: the game bid short of a slam
    # that opener's minimum cannot reach (the honest range of what the robots bid 3NT with)
    new.append(_R("minor_3nt", "1m P ?", "3N", hcp=(16, 19), balanced=True,
                  lengths={"H": (0, 3), "S": (0, 3)}))
    for tag, adv in (("", "1s X P ?"), ("_bal", "1s P P X P ?")):
        new += [
            _R(f"advance_2nt{tag}", adv, "2N", hcp=(11, 12), lengths={"s": (3, 13)},
               forcing=F.INVITATIONAL, test=_nt_advance),
            _R(f"advance_1nt{tag}", adv, "1N", hcp=(6, 10), lengths={"s": (3, 13)},
               test=_nt_advance),
        ]
    for tag, adv in (("_2", "2s X P ?"), ("_3", "3s X P ?")):
        new.append(_R(f"advance_jump{tag}", adv, "ju", hcp=(9, 11), lengths={"u": (4, 13)},
                      forcing=F.INVITATIONAL, test=_best_unbid, when=_jump_below_four))
    # a little more aggressive where double dummy shows the games are
    new += [
        _R("weak2_ask", "2s P ?", "2N", hcp=(14, ANY), artificial=True, forcing=F.FORCING,
           notes=(("feature_ask", None),), when=_no_strong),
        _R("weak2_pass", "2s P ?", "P", hcp=(0, 13), when=_no_strong),
        _R("advance_ov_raise", "1s Lt P ?", "ct", hcp=(6, 10), points=Points.SUPPORT,
           trump="t", lengths={"t": (3, 13)}),
    ]
    # 1NT–6NT is bid with up to 20 (35–37 together, short of a grand): say so
    new.append(_R("nt_6nt", "1N P ?", "6N", hcp=(18, 20), lengths={"H": (0, 4), "S": (0, 4)},
                  test=lambda i, b, c: max(i.lengths) <= 5))
    # opener's jump in a six-card suit up to 21 total points (a minor; a major with 20+
    # bids game, ``rebid_major_game``): a long suit and extras are not a 3NT rebid
    new.append(_R("rebid_jump_own", "1s P 1t P ?", "3s", hcp=(16, 21), points=Points.TOTAL,
                  lengths={"s": (6, 13)}, forcing=F.INVITATIONAL))
    # the six-card rebid counted in HCP like the five-card one it shares the call with
    # (the jumps before it take 16+ total points), so that the table reads "10–15 HCP",
    # not a range from 7 an opening never holds
    new += [
        _R("rebid_own", "1s P 1t P ?", "2s", hcp=(10, 15), lengths={"s": (6, 13)}),
        _R("1nt_resp_own", "1s P 1N P ?", "2s", hcp=(10, 15), lengths={"s": (6, 13)}),
    ]
    # a reverse from 16 HCP: a 16-count with 5-4 has no other rebid short of a notrump game
    new.append(_R("rebid_reverse", "1s P 1t P ?", "2u", hcp=(16, 21), lengths={"u": (4, 13)},
                  forcing=F.FORCING, notes=(("reverse", None),),
                  when=lambda c, b: "u" not in b or b["u"] > b["s"],
                  test=lambda i, b, c: i.lengths[b["s"]] > i.lengths[b["u"]]))
    # Lebensohl after partner doubles a weak two: 2NT puts a weak hand in three of a suit
    new.append(_R("advance_2nt_2", "2s X P ?", "2N", hcp=(0, 7), artificial=True,
                  forcing=F.FORCING, notes=(("lebensohl", None),), when=_no_strong,
                  test=lambda i, b, c: _best_unbid_below(i, b, c) and max(i.lengths) >= 4))
    new += _rkc_by_odds()
    return {rule.name: rule for rule in new}


def _missing_by_odds(info: HandInfo, ctx: Context) -> int:
    """The key cards missing after partner's RKC answer; an answer of two counts (0 or 3,
    1 or 4) is read as the likelier one: each outstanding honour is partner's with the
    chance of one hand in three (a random deal), and only the holdings within the HCP
    partner has shown (at most three below the placement's estimate) count (a cue-raise of
    ten or more answering 5♦ with the three outstanding aces elsewhere would need nearly
    every king, queen and jack left: three key cards are far likelier than none)."""
    read = sayc.keycard_answer(info, ctx)
    trump = sayc.rkc_trump(ctx)
    if read is None or trump is None:
        return 5
    own, valid = read
    if len(valid) == 1:
        return 5 - own - valid[0]
    estimate = sayc.partner_estimate(ctx)[0]
    share = 1 / 3  # a random deal: partner's is one of the three hands we cannot see
    lo, hi = ctx.known(ctx.partner).hcp
    lo = max(lo, estimate - 3)  # support points shown are HCP and shortness: a floor below
    # (key cards, HCP) of partner's hand over the outstanding honours, each held or not
    odds: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for suit in Suit:
        for rank, points in _HONOURS:
            if info.has(suit, rank):
                continue
            key = int(rank is Rank.ACE or (rank is Rank.KING and suit is trump))
            step: dict[tuple[int, int], float] = {}
            for (keys, hcp), chance in odds.items():
                step[keys, hcp] = step.get((keys, hcp), 0.0) + chance * (1 - share)
                held = (keys + key, hcp + points)
                step[held] = step.get(held, 0.0) + chance * share
            odds = step

    def weight(count: int) -> float:
        return sum(chance for (keys, hcp), chance in odds.items()
                   if keys == count and lo <= hcp <= hi)
    return 5 - own - max(valid, key=weight)


_HONOURS = ((Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1))


def _rkc_by_odds() -> list[Rule]:
    """SAYC's continuations after the RKC answer, reading the answer by ``_missing_by_odds``."""
    tests: dict[str, Callable[[HandInfo, Bind, Context], bool]] = {
        "rkc_small": lambda i, b, c: _missing_by_odds(i, c) <= 1,
        "rkc_stop": lambda i, b, c: _missing_by_odds(i, c) >= 2,
        "rkc_pass_five": lambda i, b, c: _missing_by_odds(i, c) >= 2,
        "rkc_grand": lambda i, b, c: (_missing_by_odds(i, c) == 0 and c.agreed_suit() is not None
                                      and i.hcp + c.known(c.partner).hcp[0] >= 37),
    }
    return [replace(rule, test=tests[rule.name]) for rule in sayc.sayc_rules()
            if rule.name in tests]


def _transfer_shape() -> list[tuple[str, Rule]]:
    """After a transfer to a six-card major, responder counts losers, not only HCP (the
    losing-trick count: 24 less both hands' losers, a 1NT opening holding about seven): a
    hand of seven losers bids game, of eight invites, however few its HCP (J98642 with
    KQ854 and a void is game opposite 1NT, and 6 HCP would pass)."""
    out: list[tuple[str, Rule]] = []
    for relay, target in (("2D", "H"), ("2H", "S")):
        seq = f"1N P {relay} P 2{target} P ?"
        out += [
            (f"transfer_{target}_4", _R(f"transfer_{target}_4_losers", seq, f"4{target}",
                                        hcp=(4, 9), lengths={target: (6, 13)},
                                        forcing=F.SIGNOFF, test=lambda i, b, c: i.losers() <= 7)),
            (f"transfer_{target}_3", _R(f"transfer_{target}_3_losers", seq, f"3{target}",
                                        hcp=(5, 7), lengths={target: (6, 13)},
                                        forcing=F.INVITATIONAL,
                                        test=lambda i, b, c: i.losers() == 8)),
        ]
    return out


def _notrump_over_overcall(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Responder's 2NT or 3NT over their overcall: their suit stopped, no major to show."""
    return info.stopper(bind["t"]) and not _major_first(info, bind, ctx)


def _major_first(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Over partner's opening and their overcall, a major this hand shows before any
    notrump: four cards at the one level or in both majors (``sayc.major_to_show_over``), or
    five at the two level, the new suit there being forcing with 11+ HCP."""
    if sayc.major_to_show_over(info, bind, ctx):
        return True
    return any(info.lengths[m] >= 5 and ctx.cheapest_level(m.strain) == 2
               for m in (H, S) if m not in (bind["s"], bind["t"]))


def _short_suit(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A void, or a singleton other than the ace (a suit notrump cannot hold)."""
    return any(info.lengths[suit] == 0 or (info.lengths[suit] == 1
                                            and not info.has(suit, Rank.ACE)) for suit in Suit)


def _additions() -> list[tuple[str, Rule]]:
    """New rules, each placed before the SAYC rule it names."""
    return [
        # 7-8 HCP and a good six-card suit of one's own over their response: the suit (the
        # notrump advance denies it), rather than pass a hand that plays well in it
        ("advance_ov_pass", _R("advance_ov_new_six", "1s Lt P ?", "cu", hcp=(7, 8),
                               lengths={"u": (6, 13)}, test=_good("u"),
                               when=lambda c, b: c.last_bid is not None
                               and (c.last_bid.level or 0) <= 2 and b["u"] is not b["s"])),
        ("minor_limit_pass", _R("minor_limit_game", "1m P 3m P ?", "5m", hcp=(14, ANY),
                                lengths={"m": (4, 13)}, test=_short_suit)),
        # over a two-over-one response a new suit below responder's costs the three level:
        # 15+ with four cards or more in it (the SAYC booklet's strength for 1♠–2♦–3♣), so a
        # strong two-suiter is shown before the first suit is rebid
        ("two_own", _R("two_new_three", "1s P 2t P ?", "3u", hcp=(15, ANY),
                       lengths={"s": (5, 13), "u": (4, 13)}, forcing=F.FORCING,
                       when=lambda c, b: b["u"] < b["t"] and b["u"] is not b["s"])),
        # and responder's three-card support for opener's major with 13+ goes back to it at
        # the three level, forcing: slam interest opposite 15+ (opener, the unlimited hand,
        # asks for key cards or signs off); 10-12 takes the fast arrival at game
        ("two_own", _R("two_new_three_support", "1s P 2t P 3u P ?", "3s", hcp=(13, ANY),
                       lengths={"s": (3, 13)}, forcing=F.GAME_FORCING,
                       when=lambda c, b: b["s"].is_major)),
        *_transfer_shape(),
        ("rebid_1s", _R("rebid_1h", "1C P 1D P ?", "1H", hcp=(11, 18),
                        lengths={"H": (4, 13)})),
        # Walsh: short of game values, a four-card major comes before diamonds over 1♣
        ("minor_major", _R("walsh_major", "1C P ?", "1t", hcp=(6, 11), lengths={"t": (4, 13)},
                           forcing=F.FORCING, when=lambda c, b: "t" not in b or b["t"].is_major,
                           test=_walsh_major)),
        # two-suiters: Michaels cue bids and the unusual 2NT
        ("weak_jump_overcall", _R("michaels_minor", "1m ?", "2m", hcp=(7, 11),
                                  lengths={"H": (5, 13), "S": (5, 13)}, artificial=True,
                                  forcing=F.FORCING, notes=(("michaels", None),),
                                  when=_direct, test=_two_suiter(H, S))),
        ("weak_jump_overcall", _R("michaels_hearts", "1H ?", "2H", hcp=(7, 11),
                                  lengths={"S": (5, 13)}, alternatives=({"C": (5, 13)},
                                                                        {"D": (5, 13)}),
                                  artificial=True, forcing=F.FORCING,
                                  notes=(("michaels", None),), when=_direct,
                                  test=_major_minor(S))),
        ("weak_jump_overcall", _R("michaels_spades", "1S ?", "2S", hcp=(7, 11),
                                  lengths={"H": (5, 13)}, alternatives=({"C": (5, 13)},
                                                                        {"D": (5, 13)}),
                                  artificial=True, forcing=F.FORCING,
                                  notes=(("michaels", None),), when=_direct,
                                  test=_major_minor(H))),
        ("weak_jump_overcall", _R("unusual_2nt_major", "1M ?", "2N", hcp=(7, 11),
                                  lengths={"C": (5, 13), "D": (5, 13)}, artificial=True,
                                  forcing=F.FORCING, notes=(("unusual_2nt", None),),
                                  when=_direct, test=_two_suiter(C, D))),
        ("weak_jump_overcall", _R("unusual_2nt_clubs", "1C ?", "2N", hcp=(7, 11),
                                  lengths={"D": (5, 13), "H": (5, 13)}, artificial=True,
                                  forcing=F.FORCING, notes=(("unusual_2nt", None),),
                                  when=_direct, test=_two_suiter(D, H))),
        ("weak_jump_overcall", _R("unusual_2nt_diamonds", "1D ?", "2N", hcp=(7, 11),
                                  lengths={"C": (5, 13), "H": (5, 13)}, artificial=True,
                                  forcing=F.FORCING, notes=(("unusual_2nt", None),),
                                  when=_direct, test=_two_suiter(C, H))),
        # seven-card weak jump overcalls at the three level
        ("weak_jump_overcall", _R("weak_jump_overcall_3", "1s ?", "3t", hcp=(5, 10),
                                  lengths={"t": (7, 8)}, notes=(("preempt", None),),
                                  test=_weak_jump, when=_direct)),
        # over a weak two: a good six-card suit at the two level from 8 HCP (Root,
        # "Commonsense Bidding": the overcall is judged by playing strength)
        ("over_weak_overcall", _R("over_weak_overcall_long", "2s ?", "ct", hcp=(8, 9),
                                  lengths={"t": (6, 13)}, test=_long_light_overcall,
                                  when=lambda c, b: _no_strong(c, b) and _two_level_over(c, b))),
        # over a weak two: a jump to game in a major, a strong 3NT
        ("over_weak_overcall", _R("over_weak_game", "2s ?", "4t", hcp=(14, 19),
                                  lengths={"t": (6, 13)}, when=lambda c, b: _no_strong(c, b)
                                  and b["t"].is_major and b["s"] is not b["t"],
                                  test=lambda i, b, c: i.good_suit(b["t"]))),
        ("over_weak_overcall", _R("over_weak_3nt_2", "2s ?", "3N", hcp=(20, 23),
                                  test=_stopper("s"), test_note=("stopper", "s"),
                                  when=_no_strong)),
        # the overcaller answers partner's cue-bid raise (a limit raise or better, 11+
        # support points): the major game with an opening hand, 14+ total points (Root,
        # "Commonsense Bidding": the overcaller with extra values accepts); a minimum rebids
        # the suit at the cheapest level
        ("advance_ov_cue", _R("overcaller_cue_game", "1s Lt P Ls P ?", "4t", hcp=(14, 21),
                              points=Points.TOTAL, lengths={"t": (5, 13)}, forcing=F.SIGNOFF,
                              when=lambda c, b: b["t"].is_major)),
        ("advance_ov_cue", _R("overcaller_cue_min", "1s Lt P Ls P ?", "ct", hcp=(8, 13),
                              points=Points.TOTAL, lengths={"t": (5, 13)},
                              notes=(("minimum", None),))),
        # the cue-bidder opposite that minimum (8-13): the major game with 14+ support
        # points, 25 with the middle of it; over a minor 3NT with 13+ HCP and their suit
        # stopped, else five of it with 15+ (a 14-count passed 3C with 5C cold)
        ("advance_ov_cue", _R("cue_raiser_major_game", "1s Lt P Ls P Lt P ?", "4t",
                              hcp=(14, ANY), points=Points.SUPPORT, trump="t",
                              lengths={"t": (3, 13)}, when=lambda c, b: b["t"].is_major)),
        ("advance_ov_cue", _R("cue_raiser_3nt", "1s Lt P Ls P Lt P ?", "3N", hcp=(13, ANY),
                              test=_stopper("s"), test_note=("stopper", "s"),
                              when=lambda c, b: not b["t"].is_major
                              and c.cheapest_level(Strain.NOTRUMP) == 3)),
        ("advance_ov_cue", _R("cue_raiser_minor_game", "1s Lt P Ls P Lt P ?", "5t",
                              hcp=(15, ANY), points=Points.SUPPORT, trump="t",
                              lengths={"t": (3, 13)}, when=lambda c, b: not b["t"].is_major)),
        # balancing over a weak two passed round to us
        ("balance_1nt", _R("balance_weak_double", "2s P P ?", "X", hcp=(10, ANY),
                           lengths={"s": (0, 3)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None), ("balancing", None)),
                           when=_no_strong, test=_balance_double)),
        # 19+ with their suit stopped and no shape to double: the notrump game (partner's
        # pass may hold the six points it needs); 2NT stops at 18
        ("balance_1nt", _R("balance_weak_3nt", "2s P P ?", "3N", hcp=(19, ANY),
                           test=_stopper("s"), test_note=("stopper", "s"),
                           notes=(("balancing", None),), when=_no_strong)),
        ("balance_1nt", _R("balance_weak_2nt", "2s P P ?", "2N", hcp=(14, 18),
                           balanced=True, test=_stopper("s"), notes=(("balancing", None),),
                           when=_no_strong)),
        ("balance_1nt", _R("balance_weak_suit", "2s P P ?", "ct", hcp=(8, 16),
                           lengths={"t": (5, 13)}, notes=(("balancing", None),),
                           when=lambda c, b: _no_strong(c, b) and _at_level(2)(c, b)
                           and b["t"] > b["s"], test=_good("t"))),
        ("balance_1nt", _R("balance_weak_pass", "2s P P ?", "P", when=_no_strong)),
        *_balancing_over_three(),
        *_over_four_major(),
        # a seven-card major with four losers or fewer over their one-level opening: the
        # game at once (a 1♥ overcall of AQJ8754 and a void is passed out making ten)
        ("takeout", _R("overcall_major_game", "1s ?", "4t", hcp=(8, 18),
                       lengths={"t": (7, 13)}, test=lambda i, b, c: i.losers() <= 4,
                       when=lambda c, b: b["t"].is_major and b["t"] is not b["s"]
                       and _direct(c, b))),
        # partner has placed the contract: the advancer passes (no cue-bid or rescue of a
        # suit that plays itself)
        ("takeout", _R("overcall_major_game_pass", "1s 4t P ?", "P",
                       when=lambda c, b: b["t"].is_major and b["t"] is not b["s"])),
        *_balancing_advances(),
        # partner doubled for takeout, their side raised: responsive doubles and free bids
        ("advance_cue", _R("responsive_game", "1s X 2s|3s ?", "4u", hcp=(11, ANY),
                           lengths={"u": (5, 13)}, when=lambda c, b: b["u"].is_major)),
        # their major opened and raised: the double promised the other major, so four cards
        # of it and game values bid the game (a 12-count passed 1H X 3H, 4S made)
        ("advance_cue", _R("responsive_major_four", "1s X 2s|3s ?", "4u", hcp=(11, ANY),
                           lengths={"u": (4, 4)},
                           when=lambda c, b: b["u"].is_major and b["s"].is_major)),
        ("advance_cue", _R("responsive_double", "1s X 2s|3s ?", "X", hcp=(8, ANY),
                           artificial=True, forcing=F.FORCING,
                           notes=(("responsive", None),), test=_responsive)),
        ("advance_cue", _R("responsive_free", "1s X 2s ?", "cu", hcp=(5, 11),
                           lengths={"u": (4, 13)}, test=_best_unbid,
                           when=lambda c, b: b["u"] > b["s"] or (b["u"].is_major
                                                                and not b["s"].is_major))),
        ("advance_cue", _R("responsive_free_3", "1s X 2s|3s ?", "cu", hcp=(7, 11),
                           lengths={"u": (5, 13)}, test=_best_unbid)),
        ("advance_cue", _R("responsive_pass", "1s X 2s|3s ?", "P", hcp=(0, 10))),
        *_two_suiter_advances(),
        *_after_redouble(), *_nt_overcall_advances(), *_contested_advances(), *_over_unusual(),
        *_over_raised_preempt(), *_six_five_comes_alive(),
        *_raise_free_bid(), *_minor_cue_raise(), *_negative_doubler_long_major(),
        *_contested_notrump(), *_doubler_rebids(),
        *_doubler_nt_advances(),
        *_negative_doubler_rebids(), *_negative_double_raised(), *_free_advances(), *_strong_again(),
        *_overcaller_rebids(), *_preempt_doubler_game(),
        *_balanced_redouble(), *_over_three_level_jump(),
        # partner doubled a three-level preempt: with values and a long minor, bid the game
        ("advance_3nt_3", _R("advance_minor_game_3", "3s X P ?", "5u", hcp=(10, ANY),
                             lengths={"u": (5, 13)}, test=_best_unbid,
                             when=lambda c, b: not b["u"].is_major)),
        *[("advance_ov_cue", _below_four(rule))
          for rule in sayc.takeout_advances("_w2bal", "2s P P X P ?")],
        ("advance_ov_cue", _R("lebensohl_relay", "2s X P 2N P ?", "3C", artificial=True,
                              forcing=F.FORCING, notes=(("relay", None),),
                              when=_no_strong)),
        ("advance_ov_cue", _R("lebensohl_place", "2s X P 2N P 3C P ?", "3u",
                              lengths={"u": (4, 13)}, forcing=F.SIGNOFF, test=_best_unbid,
                              when=lambda c, b: b["u"] is not C)),
        ("advance_ov_cue", _R("lebensohl_clubs", "2s X P 2N P 3C P ?", "P",
                              lengths={"C": (4, 13)})),
        # a new suit opposite a weak two or a preempt: forcing, or game in a major
        ("weak2_ask", _R("weak2_new_major_game", "2s P ?", "4t", hcp=(14, ANY),
                                   lengths={"t": (7, 13)}, forcing=F.SIGNOFF,
                                   when=lambda c, b: _no_strong(c, b) and b["t"].is_major)),
        ("weak2_ask", _R("weak2_new_suit", "2s P ?", "ct", hcp=(14, ANY),
                                   lengths={"t": (5, 13)}, forcing=F.FORCING,
                                   when=_no_strong, test=_good("t"))),
        *_weak_two_new_suit(),
        ("preempt_pass", _R("preempt_new_major_game", "3s P ?", "4t", hcp=(14, ANY),
                            lengths={"t": (6, 13)}, forcing=F.SIGNOFF,
                            when=lambda c, b: b["t"].is_major, test=_good("t"))),
        ("preempt_pass", _R("preempt_new_suit", "3s P ?", "ct", hcp=(16, ANY),
                            lengths={"t": (5, 13)}, forcing=F.FORCING, test=_good("t"),
                            when=_at_level(3))),
        *_new_minor_forcing(),
        # they bid two suits (or raised): come in on a good suit, or double for takeout
        ("over_1_pass", _R("over_response_takeout", "1s P 2s ?", "X", hcp=(12, ANY),
                           lengths={"s": (0, 2)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None),), test=_takeout)),
        # over their one-level response a good five-card suit or any six-card suit
        # overcalls at the one level from 9 HCP (10 vulnerable), as over the opening itself
        *[("over_1_pass", _R(f"over_response_overcall_1{tag}", "1s P 1t ?", "1u",
                             hcp=(low, 17), lengths={"u": (5, 13)},
                             when=lambda c, b, vul=vul: c.vulnerable is vul,
                             test=lambda i, b, c: i.lengths[b["u"]] >= 6 or i.good_suit(b["u"])))
          for tag, low, vul in (("", 9, False), ("_vul", 10, True))],
        ("over_1_pass", _R("over_response_overcall", "1s P Lt ?", "cu", hcp=(11, 17),
                           lengths={"u": (5, 13)}, when=_at_level(2),
                           test=lambda i, b, c: i.good_suit(b["u"]) or i.lengths[b["u"]] >= 6)),
        # a 6-5 or a seven-card suit comes in over their raise from 8 HCP: its playing
        # strength is in the shape (AKQJT764 passed 1S P 2S)
        ("over_1_pass", _R("over_raise_two_suiter", "1s P 2s ?", "cu", hcp=(8, 10),
                           lengths={"u": (6, 13)},
                           test=lambda i, b, c: _best_unbid(i, b, c) and (
                               i.lengths[b["u"]] >= 7 or _other_five(i, b["u"], c)),
                           when=lambda c, b: c.cheapest_level(b["u"].strain) <= 3)),
        # over their one-level response, 1NT is natural: 15-18 balanced, both suits stopped
        ("over_1_pass", _R("over_response_1nt", "1s P 1t ?", "1N", hcp=(15, 18),
                           balanced=True, notes=(("their_stopped", None),),
                           test=lambda i, b, c: i.stopper(b["s"]) and i.stopper(b["t"]))),
        ("over_1_pass", _R("over_raise_overcall", "1s P 2s ?", "cu", hcp=(11, 17),
                           lengths={"u": (5, 13)},
                           test=lambda i, b, c: i.good_suit(b["u"]) or i.lengths[b["u"]] >= 6)),
        # over their 1NT: a good five-card major competes; balancing with a long suit
        ("over_1nt_pass", _R("over_1nt_major", "1N ?", "2M", hcp=(9, 15),
                             lengths={"M": (5, 13)},
                             test=lambda i, b, c: i.top_honours(b["M"], 3) >= 2
                             or i.top_honours(b["M"], 5) >= 3)),
        ("over_1nt_pass", _R("balance_1nt_double", "1N P P ?", "X", hcp=(15, ANY),
                             notes=(("penalty", None),))),
        ("over_1nt_pass", _R("balance_1nt_suit", "1N P P ?", "2t", hcp=(7, 15),
                             lengths={"t": (5, 13)}, notes=(("balancing", None),),
                             test=lambda i, b, c: i.lengths[b["t"]] >= 6 or i.good_suit(b["t"]))),
        ("over_1nt_pass", _R("balance_1nt_pass", "1N P P ?", "P")),
        *_over_their_1nt_overcall(),
        # the law of total tricks: compete to the level of the fit
        ("comp_raise", _R("comp_jump_raise", "1M Lt ?", "jM", hcp=(3, 9), lengths={"M": (4, 13)},
                          notes=(("preempt", None),), when=_jump_is_three)),
        *_opener_after_raise(),
        ("advance_ov_cue", _R("opener_compete", "1M P 2M Lt ?", "3M", hcp=(10, 15),
                              lengths={"M": (6, 13)}, notes=(("competitive", None),),
                              when=_at_level(2))),
        ("advance_ov_cue", _R("responder_compete", "1M P 2M Lt P P ?", "3M", hcp=(5, 10),
                              lengths={"M": (4, 13)}, notes=(("competitive", None),),
                              when=_at_level(2))),
        ("advance_ov_cue", _R("advance_ov_compete", "1s Lt Ls ?", "ct", hcp=(5, 10),
                              points=Points.SUPPORT, trump="t", lengths={"t": (4, 13)},
                              notes=(("competitive", None),), when=_at_level(2))),
        # they cue-bid partner's overcall (a raise of their own): compete by total tricks
        ("advance_ov_cue", _R("advance_ov_compete_cue", "1s Lt Lt ?", "ct", hcp=(0, 10),
                              points=Points.SUPPORT, trump="t", lengths={"t": (4, 13)},
                              notes=(("competitive", None),), test=_total_tricks("t", 5))),
        # the takeout doubler with a strong hand acts again when they raised
        ("advance_ov_cue", _R("doubler_again", "1s|2s X 2s|3s P P ?", "X", hcp=(16, ANY),
                              lengths={"s": (0, 1)}, artificial=True,
                              notes=(("takeout", None),))),
        ("advance_ov_cue", _R("doubler_suit", "1s|2s X 2s|3s P P ?", "cu", hcp=(16, ANY),
                              lengths={"u": (6, 13)}, when=_at_level(3))),
        *_reopening(),
        # the balancing seat with more than a balancing 1NT or overcall (11-14, 7-16): the
        # double first with three cards or fewer in their suit, then notrump with 15-17
        # balanced or the hand's own suit (the textbook balancing structure: Root and
        # Pavlicek; a pass of 1C with 20 HCP sold out to a partscore); with four or more of
        # their suit the strong hand defends (the trap pass: partner holds the rest)
        ("balance_pass", _R("balance_strong_double", "1s P P ?", "X", hcp=(15, ANY),
                            lengths={"s": (0, 3)}, artificial=True, forcing=F.FORCING,
                            notes=(("takeout", None), ("balancing", None)),
                            test=lambda i, b, c: i.hcp >= 17 or (
                                min(i.lengths) >= 2 and i.stopper(b["s"])))),
        ("balance_pass", _R("balance_trap_pass", "1s P P ?", "P", hcp=(15, ANY),
                            lengths={"s": (4, 13)})),
        *[("rkc_ask", rule) for rule in _slam_tries()],
        *[("rkc_stop_6", rule) for rule in _minor_slam_try()],
        *[("rkc_ask", rule) for rule in _second_round()],
        *[("rkc_ask", rule) for rule in _responder_long_suit()],
        *[("rkc_ask", rule) for rule in _jump_shift_answers()],
        *[("rkc_ask", rule) for rule in _two_over_one_rebid_answers()],
        *[("rkc_ask", rule) for rule in _second_major_raises()],
        *[("rkc_ask", rule) for rule in _after_one_level_rebid()],
        *[("rkc_ask", rule) for rule in _after_two_level_rebid()],
        *[("rkc_ask", rule) for rule in _reverse_answers()],
        *[("rkc_ask", rule) for rule in _cue_raise_answers()],
        *[("rkc_ask", rule) for rule in _hearts_after_1nt()],
        *[("rkc_ask", rule) for rule in _fourth_suit_forcing()],
        *_splinters(), *_cue_bids(), *_lebensohl_1nt(), *_notrump_slams(), *_slam_gaps(),
        *_two_clubs_major(), *_two_clubs_minor(),
        *[("rkc_ask", rule) for rule in _after_jump_shift_over_1nt()],
        # opener with a six-card major and 20+ total points bids the game in it (Root and
        # Pavlicek's standard: 1♥–1♠–4♥), over a one-level response or 1NT alike
        ("rebid_jump_own", _R("rebid_major_game", "1s P 1t P ?", "4s", hcp=(20, 25),
                              points=Points.TOTAL, lengths={"s": (6, 13)},
                              when=lambda c, b: b["s"].is_major)),
        # 6-4 in the majors with game values: the jump shift, forcing to game, so that
        # responder (1NT denies four spades, not four hearts) can choose the 4-4 heart fit
        ("1nt_resp_jump_own", _R("1nt_resp_jump_shift_hearts", "1S P 1N P ?", "3H",
                                 hcp=(19, 25), points=Points.TOTAL,
                                 lengths={"S": (6, 13), "H": (4, 13)},
                                 forcing=F.GAME_FORCING, notes=(("jump_shift", None),))),
        ("1nt_resp_jump_own", _R("1nt_resp_major_game", "1s P 1N P ?", "4s", hcp=(19, 25),
                                 points=Points.TOTAL, lengths={"s": (6, 13)},
                                 when=lambda c, b: b["s"].is_major)),
        # 1♠–1NT–3♦: a jump shift with 19–21, forcing to game (the SAYC booklet)
        ("1nt_resp_jump_own", _R("1nt_resp_jump_shift", "1s P 1N P ?", "ju", hcp=(19, 21),
                                 lengths={"u": (4, 13)}, forcing=F.GAME_FORCING,
                                 notes=(("jump_shift", None),))),
        # 1♣–1♦–3♦: a jump raise of partner's minor with four and 16–18, invitational
        ("rebid_jump_shift", _R("rebid_minor_jump_raise", "1s P 1t P ?", "3t", hcp=(16, 18),
                                lengths={"t": (4, 13)}, forcing=F.INVITATIONAL,
                                when=lambda c, b: not b["t"].is_major)),
        # 19-21 with a long good minor and a void: the minor game, not 3NT with a suit open
        ("rebid_3nt", _R("rebid_minor_game_void", "1s P 1t P ?", "5s", hcp=(19, 21),
                         lengths={"s": (6, 13)}, when=lambda c, b: not b["s"].is_major,
                         test=lambda i, b, c: i.good_suit(b["s"]) and min(i.lengths) == 0)),
        # a slam try opposite a limit raise: Roman key-card Blackwood
        ("limit_accept", _R("limit_rkc", "1M P 3M P ?", "4N", hcp=(22, ANY),
                            points=Points.SUPPORT, trump="M", artificial=True,
                            forcing=F.FORCING, notes=(("rkc", None),),
                            test=lambda i, b, c: i.keycards(b["M"]) >= 3 and i.hcp >= 18)),
        # negative doubles of a three-level (weak jump) overcall
        *[("comp_pass", rule) for rule in sayc.negative_doubles("comp_neg_double_3", "1s 3t ?",
                                                                hcp=(10, ANY))],
        *_competitive_advances(),
    ]


# --- slam conventions and Lebensohl over interference of 1NT -------------------------------


def _control(info: HandInfo, suit: Suit) -> bool:
    """First-round control: the ace, or a void."""
    return info.lengths[suit] == 0 or info.has(suit, Rank.ACE)


def _cheapest_control(var: str, trump: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """A cue bid names the cheapest side suit with first-round control (above the suit
    partner cue-bid, if any), as in every control-bidding description."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        suit, major = bind[var], bind[trump]
        floor = _partner_cue(ctx)
        controls = [x for x in Suit if x is not major and x < major and _control(info, x)
                    and (floor is None or x > floor)]
        return bool(controls) and suit is min(controls)
    return test


def _partner_cue(ctx: Context) -> Suit | None:
    last = ctx.partner_last()
    if last is None or "cue_slam_try" not in dict(last.shown.notes):
        return None
    return None if last.call.strain is None else last.call.strain.suit


def _wasted(suit: Suit) -> Callable[[HandInfo, Bind, Context], bool]:
    """Opposite a splinter, a minimum, or honours (K, Q, J) wasted in the short suit."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        return info.hcp <= 15 or _wasted_honours(info, suit)
    return test


def _wasted_honours(info: HandInfo, suit: Suit) -> bool:
    """A king, queen or jack in the suit partner showed short (only its ace still works)."""
    return any(info.has(suit, r) for r in (Rank.KING, Rank.QUEEN, Rank.JACK))


def _splinters() -> list[tuple[str, Rule]]:
    """Splinter raises of 1♥/1♠ (a double jump in a new suit: 4+ trumps, game values, a
    singleton or void there) and opener's answer: game, or key cards with slam values and
    nothing wasted in the short suit."""
    out: list[tuple[str, Rule]] = []
    for major, shorts in ((H, ((S, 3), (C, 4), (D, 4))), (S, ((C, 4), (D, 4), (H, 4)))):
        M = major.letter()
        for short, level in shorts:
            x = short.letter()
            bid = f"{level}{x}"
            out += [
                ("major_jacoby", _R(f"splinter_{M}_{x}", f"1{M} P ?", bid, hcp=(10, 15),
                                    lengths={M: (4, 13), x: (0, 1)}, artificial=True,
                                    forcing=F.GAME_FORCING, notes=(("splinter", x),))),
                ("rkc_ask", _R(f"splinter_{M}_{x}_game", f"1{M} P {bid} P ?", f"4{M}",
                               forcing=F.SIGNOFF, test=_wasted(short))),
                ("rkc_ask", _R(f"splinter_{M}_{x}_rkc", f"1{M} P {bid} P ?", "4N",
                               hcp=(16, ANY), artificial=True, forcing=F.FORCING,
                               notes=(("rkc", None),),
                               test=lambda i, b, c, m=major: i.keycards(m) >= 2)),
            ]
    return out


def _cue_bids() -> list[tuple[str, Rule]]:
    """Cue-bid slam tries once a major is agreed: opener with 16+ opposite a limit raise (or
    responder after Jacoby 2NT's strong 3M) cue-bids the cheapest ace or void below game;
    partner cue-bids back with a maximum, else signs off in game; the trier then asks for key
    cards after a cue back, or passes game."""
    out: list[tuple[str, Rule]] = []
    below = {"when": lambda c, b: b["s"] < b["M"]}
    for start, tag, hcp in (("1M P 3M P", "limit", 16), ("1M P 2N P 3M P", "jacoby", 13)):
        out += [
            ("limit_accept" if tag == "limit" else "rkc_ask",
             _R(f"cue_{tag}", f"{start} ?", "4s", hcp=(hcp, ANY), artificial=True,
                forcing=F.FORCING, notes=(("cue_slam_try", "s"),),
                test=_cheapest_control("s", "M"), **below)),
            ("rkc_ask", _R(f"cue_{tag}_back", f"{start} 4s P ?", "4t", artificial=True,
                           forcing=F.FORCING, notes=(("cue_slam_try", "t"),),
                           when=lambda c, b: b["s"] < b["t"] < b["M"],
                           test=lambda i, b, c, lo=(11 if tag == "limit" else 16):
                           i.hcp >= lo and _cheapest_control("t", "M")(i, b, c))),
            ("rkc_ask", _R(f"cue_{tag}_signoff", f"{start} 4s P ?", "4M", forcing=F.SIGNOFF,
                           notes=(("no_control", None),))),
            ("rkc_ask", _R(f"cue_{tag}_rkc", f"{start} 4s P 4t P ?", "4N", artificial=True,
                           forcing=F.FORCING, notes=(("rkc", None),),
                           test=lambda i, b, c: i.keycards(b["M"]) >= 2)),
            ("rkc_ask", _R(f"cue_{tag}_game", f"{start} 4s P 4t P ?", "4M", forcing=F.SIGNOFF)),
            ("rkc_ask", _R(f"cue_{tag}_pass", f"{start} 4s P 4M P ?", "P")),
        ]
    return out


def _below_theirs(ctx: Context, bind: Bind) -> bool:
    return bind["t"] < bind["s"]


def _lebensohl_1nt() -> list[tuple[str, Rule]]:
    """Lebensohl after 1NT and a two-level overcall: a new suit at two is to play; 2NT relays
    to 3♣ (a weak hand with a long lower suit, or game values with a stopper, "slow shows");
    a new suit at three forces to game; their suit is Stayman without a stopper and 3NT has
    no stopper ("fast denies"). Game values for notrump start at 9 HCP, as opposite an
    uncontested 1NT (15–17), where the placement bid 3NT with them anyway."""
    start = "1N 2s"
    relay = f"{start} 2N P 3C P"
    return [(anchor, rule) for anchor, rule in (
        ("nt_stayman", _R("leb_cue_stayman", f"{start} ?", "3s", hcp=(10, ANY),
                          artificial=True, forcing=F.GAME_FORCING,
                          notes=(("stayman_comp", None), ("no_stopper", "s")),
                          test=lambda i, b, c: not i.stopper(b["s"]) and any(
                              i.lengths[m] == 4 for m in (H, S) if m is not b["s"]))),
        ("nt_stayman", _R("leb_3nt_fast", f"{start} ?", "3N", hcp=(9, 15),
                          notes=(("no_stopper", "s"),),
                          test=lambda i, b, c: not i.stopper(b["s"]) and i.balanced)),
        ("nt_stayman", _R("leb_3_forcing", f"{start} ?", "3t", hcp=(10, ANY),
                          lengths={"t": (5, 13)}, forcing=F.GAME_FORCING,
                          test=lambda i, b, c: i.lengths[b["t"]] >= 6 or not i.stopper(b["s"]))),
        ("nt_stayman", _R("leb_2_natural", f"{start} ?", "2t", hcp=(0, 9),
                          lengths={"t": (5, 13)}, forcing=F.SIGNOFF,
                          when=lambda c, b: b["t"] > b["s"])),
        ("nt_stayman", _R("leb_relay", f"{start} ?", "2N", artificial=True, forcing=F.FORCING,
                          notes=(("lebensohl_nt", "s"),),
                          test=lambda i, b, c: (i.hcp <= 9 and any(
                              i.lengths[t] >= 6 for t in Suit if t < b["s"]))
                          or (9 <= i.hcp <= 15 and i.stopper(b["s"])))),
        ("nt_stayman", _R("leb_relay_3c", f"{start} 2N P ?", "3C", artificial=True,
                          forcing=F.FORCING, notes=(("relay", None),))),
        ("nt_stayman", _R("leb_slow_3nt", f"{relay} ?", "3N", hcp=(9, 15),
                          notes=(("has_stopper", "s"),), test=lambda i, b, c: i.stopper(b["s"]))),
        ("nt_stayman", _R("leb_weak_3t", f"{relay} ?", "3t", hcp=(0, 9), lengths={"t": (6, 13)},
                          forcing=F.SIGNOFF, when=lambda c, b: C < b["t"] < b["s"])),
        ("nt_stayman", _R("leb_weak_clubs", f"{relay} ?", "P", hcp=(0, 9),
                          lengths={"C": (6, 13)}, forcing=F.SIGNOFF)),
    )]


def _after_redouble() -> list[tuple[str, Rule]]:
    """They redoubled partner's takeout double: advancer bids a four-card suit at once (a pass
    leaves the choice to the doubler), and the doubler, passed back to, names the best unbid
    suit rather than leave a redoubled contract in (the rescue after 1x X XX)."""
    return [
        ("advance_ov_cue", _R("advance_xx_suit", "1s X XX ?", "cu", hcp=(0, 11),
                              lengths={"u": (4, 13)}, test=_best_unbid)),
        ("advance_ov_cue", _R("doubler_xx_rescue", "1s X XX P P ?", "cu",
                              lengths={"u": (3, 13)}, test=_best_unbid)),
        *_our_redouble(),
    ]


def _our_redouble() -> list[tuple[str, Rule]]:
    """Our redouble of their takeout double said the hand is ours and set up a force: their
    escape may not play undoubled. Opener doubles it with four trumps, pulls with a
    six-card suit or a five-card second suit when short in theirs (unsuited to defence),
    else passes (forcing); the redoubler then doubles with four trumps, else with 10–12
    names a five-card suit, raises opener's suit, or bids notrump with their suit stopped
    (a stronger hand places the game by its strength) (Root,
    "Commonsense Bidding"; the SAYC booklet: the redouble shows 10+ and interest in
    penalties)."""
    start = "1s X XX Lu"
    return [("advance_ov_cue", rule) for rule in (
        _R("xx_opener_double", f"{start} ?", "X", lengths={"u": (4, 13)},
           notes=(("penalty", None),)),
        _R("xx_opener_own", f"{start} ?", "cs", lengths={"s": (6, 13), "u": (0, 1)},
           notes=(("unsuited_to_defend", None),)),
        _R("xx_opener_second", f"{start} ?", "cv", lengths={"v": (5, 13), "u": (0, 1)},
           notes=(("unsuited_to_defend", None),),
           when=lambda c, b: c.cheapest_level(b["v"].strain) <= 2),
        _R("xx_opener_pass", f"{start} ?", "P", forcing=F.FORCING,
           notes=(("forcing_pass", None),)),
        _R("xx_redoubler_double", f"{start} P P ?", "X", lengths={"u": (4, 13)},
           notes=(("penalty", None),)),
        _R("xx_redoubler_own", f"{start} P P ?", "cv", hcp=(10, 12), lengths={"v": (5, 13)},
           when=lambda c, b: c.cheapest_level(b["v"].strain) <= 2),
        _R("xx_redoubler_raise", f"{start} P P ?", "cs", hcp=(10, 12), points=Points.SUPPORT,
           trump="s",
           test=lambda i, b, c: i.lengths[b["s"]] >= (3 if b["s"].is_major else 4),
           when=lambda c, b: c.cheapest_level(b["s"].strain) <= 3),
        _R("xx_redoubler_nt", f"{start} P P ?", "cN", hcp=(10, 12), test=_stopper("u"),
           test_note=("stopper", "u"), lengths={"s": (0, 2)},
           when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2 and b["s"].is_major),
        _R("xx_redoubler_nt_minor", f"{start} P P ?", "cN", hcp=(10, 12), test=_stopper("u"),
           test_note=("stopper", "u"),
           when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2 and not b["s"].is_major),
    )]


def _opener_after_raise() -> list[tuple[str, Rule]]:
    """Partner raised opener's major and they overcalled: opener with the values for game
    opposite a single raise (18+ total points, where an uncontested auction would invite
    with 16-18 and bid game with 19) bids it at once, since their bid took the room for a
    game try (Cohen and Bergen: in competition the try is lost, bid what you think makes)."""
    return [
        ("advance_ov_cue", _R("opener_compete_game", "1M P 2M Lt ?", "4M", hcp=(18, ANY),
                              points=Points.TOTAL, lengths={"M": (5, 13)},
                              when=_at_level(3))),
    ]


def _over_raised_preempt() -> list[tuple[str, Rule]]:
    """Their weak two raised to three is a preempt like an opening three bid, and is met
    like one (Root, "Commonsense Bidding": their raise takes room, not values): directly, a
    takeout double with 13+ and shape, a good suit (two of the top three honours or three
    of the top five: length alone does not do at the four level) with 12+, 3NT with a
    stopper and 16+;
    passed round to us, a balancing double on takeout shape from 10 (partner is marked
    with values), a good suit from 8. Partner's takeout double is advanced as over a
    three-level preempt, and with their raise after partner's double, a five-card major
    and 8+ HCP bid the game the double invites."""
    direct, bal = "2s P 3s ?", "2s P 3s P P ?"
    return [
        ("over_weak_overcall", _R("over_raised_double", direct, "X", hcp=(13, ANY),
                                  lengths={"s": (0, 3)}, artificial=True, forcing=F.FORCING,
                                  notes=(("takeout", None),), when=_no_strong,
                                  test=lambda i, b, c: not _major_game_over_weak(i, b, c)
                                  and (_takeout(i, b, c) or i.hcp >= 18))),
        ("over_weak_overcall", _R("over_raised_3nt", direct, "3N", hcp=(16, 21),
                                  test=_stopper("s"), test_note=("stopper", "s"),
                                  when=_no_strong)),
        ("over_weak_overcall", _R("over_raised_overcall", direct, "ct", hcp=(12, 17),
                                  lengths={"t": (5, 13)},
                                  test=lambda i, b, c: i.good_suit(b["t"]),
                                  when=lambda c, b: _no_strong(c, b) and _at_level(3)(c, b))),
        ("balance_1nt", _R("balance_raised_double", bal, "X", hcp=(10, ANY),
                           lengths={"s": (0, 3)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None), ("balancing", None)),
                           when=_no_strong, test=_balance_double)),
        ("balance_1nt", _R("balance_raised_suit", bal, "ct", hcp=(8, 16),
                           lengths={"t": (5, 13)}, notes=(("balancing", None),),
                           when=lambda c, b: _no_strong(c, b) and _at_level(3)(c, b),
                           test=_good("t"))),
        *[("advance_ov_cue", _below_four(rule)) for tag, adv in (
            ("_w2r", "2s P 3s X P ?"), ("_w2rbal", "2s P 3s P P X P ?"))
          for rule in sayc.takeout_advances(tag, adv)],
        ("advance_cue", _R("raised_double_major_game", "2s X Ls ?", "4u", hcp=(8, ANY),
                           lengths={"u": (5, 13)},
                           when=lambda c, b: _no_strong(c, b) and b["u"].is_major)),
    ]


def _their_game_over_us(ctx: Context, bind: Bind) -> bool:
    """They bid four of a suit after partner had bid, or at favourable vulnerability (a
    silent partner promises no fit for either of the hand's suits: a save opposite nothing
    pays only when their game is worth more than our penalty), ``u`` ranks
    below it (five is the cheapest level), partner has not doubled it, and the caller has
    not preempted nor shown a two-suiter (the hand is described: partner decides)."""
    last = ctx.last_bid
    described = any(note[0] in ("weak", "preempt", "michaels", "unusual_2nt")
                    for e in ctx.calls_of(ctx.bidder) for note in e.shown.notes)
    favourable = not ctx.vulnerable and ctx.vulnerability.is_vulnerable(ctx.bidder.next())
    partner_bid = any(e.call.is_bid for e in ctx.calls_of(ctx.partner))
    return (last is not None and last.level == 4 and not ctx.last_bid_by_us()
            and bool(ctx.our_bids()) and (partner_bid or favourable) and bind["u"] < bind["t"]
            and not described
            and DOUBLE not in [e.call for e in ctx.calls_of(ctx.partner)[-1:]])


def _six_five(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Six cards in ``u``, the longest suit, and five in another."""
    long, second = sorted(info.lengths, reverse=True)[:2]
    return info.lengths[bind["u"]] == long >= 6 and second >= 5


def _six_five_comes_alive() -> list[tuple[str, Rule]]:
    """Their four-level contract over our auction: a hand with six cards in one suit, five in
    another and at most a singleton in theirs does not pass it ("six-five, come alive"): it
    bids its long suit at the five level, a make or a cheap save on the double fit its
    shape makes likely; not over partner's double, which has spoken for the side, nor after
    the caller's own preempt or two-suited bid ("preempt once")."""
    return [
        ("rkc_ask", _R(f"six_five_save{tag}", f"... 4t {tail}?", "5u",
                       lengths={"u": (6, 13), "t": (0, 1)}, notes=(("competitive", None),),
                       when=_their_game_over_us, test=_six_five))
        for tag, tail in (("", ""), ("_bal", "P P "))
    ]


def _total_tricks(trump: str, partner: int) -> Callable[[HandInfo, Bind, Context], bool]:
    """The law of total tricks: compete to the level of the fit (eight trumps the two level,
    nine the three level), counting ``partner``'s promised length in ``trump``."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        suit = bind[trump]
        return ctx.cheapest_level(suit.strain) <= info.lengths[suit] + _promised(ctx, suit, partner) - 6
    return test


def _promised(ctx: Context, suit: Suit, least: int = 0) -> int:
    """The length partner's calls promised in ``suit`` (six for a weak jump overcall), at
    least ``least``."""
    return max(least, ctx.known(ctx.partner).lengths[suit][0])


def _fit_of(total: int) -> Callable[[HandInfo, Bind, Context], bool]:
    """``total`` trumps at least between the hand's ``t`` and what partner promised (five
    for an overcall, six for a weak jump)."""
    return lambda info, bind, ctx: info.lengths[bind["t"]] + _promised(ctx, bind["t"], 5) >= total


def _unusual_suits(opened: Suit) -> tuple[Suit, ...]:
    """The two suits their unusual 2NT over our one-level opening shows: the two lowest of
    the other three."""
    return tuple(suit for suit in Suit if suit is not opened)[:2]


def _over_unusual() -> list[tuple[str, Rule]]:
    """Their unusual 2NT over our one-level opening (the two lowest other suits): responder
    raises opener's suit to three with support (three cards for a major, four for a minor)
    and 5–10, bids the major game with 11+, and with 11–15 and both their suits stopped bids
    3NT, rather than pass a hand that owns the deal (Bergen, "Competitive Auctions")."""
    return [
        ("comp_pass", _R("unusual_major_game", "1M 2N ?", "4M", hcp=(11, ANY),
                         points=Points.SUPPORT, trump="M", lengths={"M": (3, 13)})),
        ("comp_pass", _R("unusual_raise_major", "1M 2N ?", "3M", hcp=(5, 10),
                         points=Points.SUPPORT, trump="M", lengths={"M": (3, 13)},
                         notes=(("competitive", None),))),
        ("comp_pass", _R("unusual_raise_minor", "1m 2N ?", "3m", hcp=(5, 10),
                         points=Points.SUPPORT, trump="m", lengths={"m": (4, 13)},
                         notes=(("competitive", None),))),
        ("comp_pass", _R("unusual_3nt", "1s 2N ?", "3N", hcp=(11, 15),
                         test=lambda i, b, c: all(i.stopper(x) for x in _unusual_suits(b["s"])),
                         test_note=("their_stopped", None))),
    ]


def _contested_advances() -> list[tuple[str, Rule]]:
    """Partner overcalled and the opener's side bid on (a negative double, a new suit, notrump),
    or partner overcalled after their response: raise by the law of total tricks, bid game in
    a major with values, else pass rather than guess a game."""
    out: list[tuple[str, Rule]] = []
    for tag, start in (("", "1s Lt X|Lu|LN ?"), ("_late", "1s P b Lt P ?")):
        out += [
            ("advance_ov_cue", _R(f"adv_contested_game{tag}", start, "4t", hcp=(13, ANY),
                                  points=Points.SUPPORT, trump="t", lengths={"t": (3, 13)},
                                  when=lambda c, b: b["t"].is_major)),
            # weak with a long fit: straight to the level of the fit, to take their room
            ("advance_ov_cue", _R(f"adv_contested_preempt{tag}", start, "4t", hcp=(0, 10),
                                  lengths={"t": (4, 13)},
                                  test=_fit_of(10), when=lambda c, b: b["t"].is_major
                                  and c.cheapest_level(b["t"].strain) <= 3)),
            ("advance_ov_cue", _R(f"adv_contested_preempt_3{tag}", start, "3t", hcp=(0, 10),
                                  lengths={"t": (4, 13)}, notes=(("preempt", None),),
                                  when=lambda c, b: _cheapest_is(2, "t")(c, b)
                                  and _promised(c, b["t"]) < 6)),
            # opposite a weak jump overcall's six cards, three make nine trumps
            ("advance_ov_cue", _R(f"adv_contested_preempt_wj{tag}", start, "3t", hcp=(0, 10),
                                  lengths={"t": (3, 13)}, notes=(("preempt", None),),
                                  when=lambda c, b: _cheapest_is(2, "t")(c, b)
                                  and _promised(c, b["t"]) >= 6)),
            ("advance_ov_cue", _R(f"adv_contested_raise{tag}", start, "ct", hcp=(6, 12),
                                  points=Points.SUPPORT, trump="t", lengths={"t": (3, 13)},
                                  notes=(("competitive", None),), test=_total_tricks("t", 5))),
            ("advance_ov_cue", _R(f"adv_contested_pass{tag}", start, "P", hcp=(0, 10))),
        ]
    # after their negative double a new suit of one's own (no fit for partner) is natural
    out.insert(2, ("advance_ov_cue", _R("adv_contested_new", "1s Lt X ?", "cu", hcp=(10, 16),
                                        lengths={"u": (5, 13), "t": (0, 2)}, test=_good("u"),
                                        when=_at_level(1))))
    return out


def _longest_other(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """The suit ``u`` is the longest of the suits neither side has bid (a major on ties),
    four cards for a major, five for a minor."""
    bid = {bind[v] for v in ("s", "t") if v in bind}
    others = [x for x in Suit if x not in bid]
    best = max(others, key=lambda x: (info.lengths[x], x.is_major, x))
    return bind["u"] is best and info.lengths[best] >= (4 if best.is_major else 5)


def _cheapest_is(level: int, var: str) -> Callable[[Context, Bind], bool]:
    """The cheapest bid in the variable's suit is at ``level`` (the level of the fit)."""
    return lambda ctx, bind: ctx.cheapest_level(bind[var].strain) == level


def _competitive_advances() -> list[tuple[str, Rule]]:
    """Partner's competitive actions answered as a strong pair would: a three-card raise of
    an overcall after their raise competes only at the two level (eight trumps, the law of
    total tricks); the takeout doubler's second double (16+, short in their suit) is
    taken out too, to game in a major with a six-card suit or some values, left in only
    with a trump stack (two of the top five honours and four cards)."""
    again = "1s|2s X 2s|3s P P X P ?"
    return [
        # partner's preempt doubled or overcalled: raise to the level of the fit at once
        ("advance_ov_cue", _R("preempt_raise_4", "2s|3s X|Lt ?", "4s", hcp=(0, 15),
                              lengths={"s": (4, 13)}, notes=(("preempt", None),),
                              when=lambda c, b: _no_strong(c, b) and (
                                  c.tail[0].level == 2 or b["s"].is_major))),
        ("advance_ov_cue", _R("preempt_raise_4_3", "3s X|Lt ?", "4s", hcp=(0, 15),
                              lengths={"s": (3, 13)}, notes=(("preempt", None),),
                              when=lambda c, b: b["s"].is_major)),
        ("advance_ov_cue", _R("preempt_raise_3", "2s X|Lt ?", "3s", hcp=(0, 13),
                              lengths={"s": (3, 13)}, notes=(("preempt", None),),
                              when=lambda c, b: _no_strong(c, b)
                              and c.cheapest_level(b["s"].strain) <= 3)),
        ("advance_ov_cue", _R("advance_ov_compete_3", "1s Lt Ls ?", "ct", hcp=(6, 12),
                              points=Points.SUPPORT, trump="t", lengths={"t": (3, 3)},
                              notes=(("competitive", None),), when=_cheapest_is(2, "t"))),
        ("advance_ov_cue", _R("again_penalty_pass", f"{again}", "P", lengths={"s": (4, 13)},
                              notes=(("penalty_pass", None),),
                              test=lambda i, b, c: i.top_honours(b["s"], 5) >= 2)),
        ("advance_ov_cue", _R("again_major_game", again, "4u", lengths={"u": (5, 13)},
                              test=lambda i, b, c: _best_unbid(i, b, c) and (
                                  i.lengths[b["u"]] >= 6 or i.hcp >= 6),
                              when=lambda c, b: b["u"].is_major)),
        ("advance_ov_cue", _R("again_suit", again, "cu", hcp=(0, 11), lengths={"u": (3, 13)},
                              test=_best_unbid)),
        # the doubler raises the forced answer to the major game with four cards and 20+
        # support points: partner's 0-11 averages five, the 25 a game wants
        ("advance_ov_cue", _R("doubler_again_raise", f"{again[:-2]} Lu P ?", "4u",
                              hcp=(20, ANY), points=Points.SUPPORT, trump="u",
                              lengths={"u": (4, 13)},
                              when=lambda c, b: b["u"].is_major and c.cheapest_level(
                                  b["u"].strain) <= 4)),
    ]


def _negative_doubler_rebids() -> list[tuple[str, Rule]]:
    """The negative doubler after opener's cheapest answer (a minimum, 11–14: the jump
    shows 15–18): with four of opener's major the game with 13+ support points and an
    invitational raise with 10–12, which opener accepts with 14; without a fit 3NT with
    13+ and their suit stopped (a 17-count with four spades passed 1♦–(1♥)–X–1♠ with a
    game on)."""
    start = "1s Lt X P Lu P ?"

    def cheapest_answer(ctx: Context) -> bool:
        return ctx.partner_last() is not None and not _partner_rule(ctx, "negx_major_jump")
    fit = {"lengths": {"u": (4, 13)}, "points": Points.SUPPORT, "trump": "u"}
    return [
        ("advance_ov_cue", _R("negx_doubler_game", start, "4u", hcp=(13, ANY),
                              when=lambda c, b: b["u"].is_major and cheapest_answer(c)
                              and c.cheapest_level(b["u"].strain) <= 4, **fit)),
        ("advance_ov_cue", _R("negx_doubler_invite", start, "cu", hcp=(10, 12),
                              forcing=F.INVITATIONAL,
                              when=lambda c, b: b["u"].is_major and cheapest_answer(c)
                              and c.cheapest_level(b["u"].strain) <= 3, **fit)),
        ("advance_ov_cue", _R("negx_doubler_3nt", start, "3N", hcp=(13, ANY),
                              lengths={"u": (0, 3)}, test=_stopper("t"),
                              test_note=("stopper", "t"),
                              when=lambda c, b: cheapest_answer(c)
                              and c.cheapest_level(Strain.NOTRUMP) <= 3)),
        ("advance_ov_cue", _R("negx_invite_accept", f"{start[:-2]} Lu P ?", "4u",
                              hcp=(14, ANY), points=Points.SUPPORT, trump="u",
                              notes=(("maximum", None),),
                              when=lambda c, b: b["u"].is_major and _partner_rule(
                                  c, "negx_doubler_invite"))),
    ]


def _negative_doubler_long_major() -> list[tuple[str, Rule]]:
    """The negative doubler with six of a major opposite opener's minimum 1NT (11–14): the
    major game with 11+ HCP, three of it inviting with 9–10 (opener accepts with 13, or 12
    and three of it), two of it to play with less (s29-a 761: six hearts and 10 HCP bid
    2NT over the 1NT, 4H made); the double was made because the free bid at the two level
    needs 11."""
    start = "1s Lt X P 1N P ?"
    six = {"lengths": {"u": (6, 13)}}
    return [
        ("advance_ov_cue", _R("negx_nt_major_game", start, "4u", hcp=(11, ANY),
                              when=lambda c, b: b["u"].is_major, **six)),
        ("advance_ov_cue", _R("negx_nt_major_invite", start, "3u", hcp=(9, 10),
                              forcing=F.INVITATIONAL, when=lambda c, b: b["u"].is_major,
                              **six)),
        ("advance_ov_cue", _R("negx_nt_major_accept", f"{start[:-2]} 3u P ?", "4u",
                              hcp=(12, ANY), notes=(("maximum", None),),
                              when=lambda c, b: b["u"].is_major,
                              test=lambda i, b, c: i.hcp >= 13 or i.lengths[b["u"]] >= 3)),
        ("advance_ov_cue", _R("negx_nt_major_signoff", start, "2u", hcp=(0, 8),
                              forcing=F.SIGNOFF,
                              when=lambda c, b: b["u"].is_major and c.cheapest_level(
                                  b["u"].strain) == 2, **six)),
    ]


def _partner_rule(ctx: Context, name: str) -> bool:
    """Partner's last call was made by the rule ``name`` (alone or merged with others)."""
    last = ctx.partner_last()
    return last is not None and name in last.rule.split("|")


def _negative_double_raised() -> list[tuple[str, Rule]]:
    """Partner's negative double and their raise of the overcall: opener bids the major game
    in the four-card major the double promised when the values are there (support points and
    partner's least make 21: the fit of eight or nine and the shortness that go with them
    play for ten tricks opposite the double's few points, as the placement judged; seven of
    the eight such games in self-play on the development seeds made), and with 15+ HCP and
    two to four of their trumps doubles for penalty, or with 17+ and a singleton or void
    there doubles to show the strength (Root, "Commonsense Bidding": the side with the
    balance of strength does not let their sacrifice play undoubled)."""
    start = "1s Lt X Lt ?"
    return [
        ("advance_ov_cue", _R("negx_raised_major_game", start, "4u", hcp=(11, ANY),
                              points=Points.SUPPORT, trump="u", lengths={"u": (4, 13)},
                              when=lambda c, b: b["u"].is_major,
                              test=lambda i, b, c: i.support_points(b["u"])
                              + c.known(c.partner).hcp[0] >= 21)),
        ("advance_ov_cue", _R("negx_raised_double", start, "X", hcp=(15, ANY),
                              lengths={"t": (2, 4)}, notes=(("penalty", None),),
                              when=lambda c, b: (c.last_bid is not None
                                                 and (c.last_bid.level or 0) >= 3))),
        # short in their suit with 17+: the double shows the strength (partner bids the
        # major or leaves it in); a pass would let them steal it
        ("advance_ov_cue", _R("negx_raised_strong", start, "X", hcp=(17, ANY),
                              lengths={"t": (0, 1)}, notes=(("strong", None),))),
        # the doubler answers the strong double: the major game with five of it, else
        # leaves it in with three of their trumps (a penalty double is left in)
        ("advance_ov_cue", _R("negx_strong_major", "1s Lt X Lt X P ?", "4u",
                              lengths={"u": (5, 13)},
                              when=lambda c, b: b["u"].is_major and _strong_double(c)
                              and c.cheapest_level(b["u"].strain) <= 4)),
        ("advance_ov_cue", _R("negx_strong_pass", "1s Lt X Lt X P ?", "P",
                              lengths={"t": (3, 13)}, notes=(("penalty_pass", None),),
                              when=lambda c, b: _strong_double(c))),
    ]


def _strong_double(ctx: Context) -> bool:
    """Partner's last call may be the double that shows strength short in their suit (its
    reading merges it with the penalty double: the hand with three trumps leaves both in)."""
    return _partner_rule(ctx, "negx_raised_strong")


def _free_advances() -> list[tuple[str, Rule]]:
    """Partner's takeout double and a bid by their side: advancer still names a five-card
    suit (a four-card major) at the cheapest level with some values, the free bid (Root,
    "Commonsense Bidding": it shows a suit, not extra strength; the double asked for it),
    and over their raise of a three-level preempt a five-card major bids the game."""
    return [
        ("advance_cue", _R("free_advance_suit", "1s X Lt ?", "cu", hcp=(5, 11),
                           lengths={"u": (4, 13)}, test=lambda i, b, c: _best_unbid(i, b, c)
                           and i.lengths[b["u"]] >= (4 if b["u"].is_major else 5),
                           when=lambda c, b: c.cheapest_level(b["u"].strain) <= 2)),
        # with a six-card suit or two five-card suits the free bid needs no values: the
        # doubler's hand plays it (a 6-5 passed over 1C X 1S, 4H made opposite)
        ("advance_cue", _R("free_advance_shape", "1s X Lt ?", "cu", hcp=(0, 4),
                           lengths={"u": (5, 13)}, test=lambda i, b, c: _best_unbid(i, b, c)
                           and _shapely_unbid(i, b["u"], c),
                           when=lambda c, b: c.cheapest_level(b["u"].strain) <= 2)),
        ("advance_cue", _R("raised_preempt_double_major_game", "3s X Ls ?", "4u",
                           hcp=(6, ANY), lengths={"u": (5, 13)},
                           when=lambda c, b: b["u"].is_major and _at_level(4)(c, b),
                           test=lambda i, b, c: _best_unbid(i, b, c))),
    ]


def _other_five(info: HandInfo, suit: Suit, ctx: Context) -> bool:
    """Five cards in a suit other than ``suit`` that the opponents have not bid."""
    theirs = ctx.their_suits()
    return any(info.lengths[x] >= 5 for x in Suit if x is not suit and x not in theirs)


def _shapely_unbid(info: HandInfo, suit: Suit, ctx: Context) -> bool:
    """Six cards in ``suit``, or five and five in another suit the opponents have not bid."""
    return info.lengths[suit] >= 6 or (info.lengths[suit] >= 5 and _other_five(info, suit, ctx))


def _overcaller_rebids() -> list[tuple[str, Rule]]:
    """The overcaller again when their side has raised and partner has passed: a six-card
    suit competes at the cheapest level to three with 10+ (their fit marks ours: the law
    of total tricks), a second suit with 13+, five cards or four beside a six-card suit
    (Root, "Commonsense Bidding": the overcaller with extra shape bids again; a 6-5 with 17
    passed 1S 2H 2S P P round); also over opener's rebid of his suit, and as the balancer."""
    out: list[tuple[str, Rule]] = []
    for tag, start in (("", "1s Lt Ls P P ?"), ("_rebid", "1s Lt P P Ls ?"),
                       ("_bal", "1s P P Lt Ls P P ?")):
        out += [
            ("advance_ov_cue", _R(f"overcaller_again_new{tag}", start, "cu", hcp=(13, ANY),
                                  lengths={"t": (5, 13), "u": (4, 13)},
                                  test=lambda i, b, c: i.lengths[b["t"]] >= 6
                                  or i.lengths[b["u"]] >= 5,
                                  when=lambda c, b: c.cheapest_level(b["u"].strain) <= 3)),
            ("advance_ov_cue", _R(f"overcaller_again_own{tag}", start, "ct", hcp=(10, 17),
                                  lengths={"t": (6, 13)},
                                  when=lambda c, b: c.cheapest_level(b["t"].strain) <= 3)),
        ]
    return out


def _strong_again() -> list[tuple[str, Rule]]:
    """A strong hand whose partner has passed still bids (Root, "Commonsense Bidding": the
    strong hand cannot wait for a partner who has shown nothing): opener after their double
    and advance jumps in a good six-card suit with 18-21 or bids notrump with 18-19
    balanced and a stopper; the takeout doubler after their response passed round bids
    notrump with 18-20 balanced and a stopper, or a five-card suit of its own with 15+ at
    the one level; over their one-level response a 14+ hand overcalls any five-card suit
    at the one level."""
    opener, doubler = "1s X P Lt ?", "1s X Lt P P ?"
    return [
        ("advance_ov_cue", _R("opener_strong_jump", opener, "js", hcp=(18, 21),
                              lengths={"s": (6, 13)}, test=_good("s"),
                              when=lambda c, b: c.cheapest_level(b["s"].strain) <= 2)),
        ("advance_ov_cue", _R("opener_strong_nt", opener, "cN", hcp=(18, 19), balanced=True,
                              test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2)),
        ("advance_ov_cue", _R("doubler_again_nt", doubler, "cN", hcp=(18, 20),
                              balanced=True, test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2)),
        ("advance_ov_cue", _R("doubler_again_suit", doubler, "1u", hcp=(15, ANY),
                              lengths={"u": (5, 13)})),
        ("over_1_pass", _R("over_response_overcall_strong", "1s P 1t ?", "1u", hcp=(14, 17),
                           lengths={"u": (5, 13)})),
    ]


def _best_own(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Opener's own suit ``s`` is the longest of the suits the opponents have not bid."""
    theirs = ctx.their_suits()
    return info.lengths[bind["s"]] >= max(info.lengths[x] for x in Suit if x not in theirs)


def _after_balanced_redouble(tag: str, start: str) -> list[tuple[str, Rule]]:
    """The redoubler after their escape (``start`` ends with it): a penalty double of a
    two-level escape with three or more trumps headed by two of the top five honours,
    else notrump with a stopper (1NT 16-18, a jump to 2NT 19-21), else his own suit or the
    longest unbid suit at the cheapest level; his partner, who passed the opening, sits for
    the double and passes a suit rebid."""
    return [
        ("advance_ov_cue", _R(f"bal_xx_penalty{tag}", f"{start} ?", "X",
                              lengths={"t": (3, 13)}, notes=(("penalty", None),),
                              when=lambda c, b: c.last_bid is not None
                              and c.last_bid.level == 2,
                              test=lambda i, b, c: i.top_honours(b["t"], 5) >= 2)),
        ("advance_ov_cue", _R(f"bal_xx_2nt{tag}", f"{start} ?", "2N", hcp=(19, 21),
                              balanced=True, test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) == 1)),
        ("advance_ov_cue", _R(f"bal_xx_nt{tag}", f"{start} ?", "cN", hcp=(16, 18),
                              balanced=True, test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2)),
        ("advance_ov_cue", _R(f"bal_xx_own{tag}", f"{start} ?", "cs", hcp=(16, 21),
                              lengths={"s": (4, 13)}, test=_best_own,
                              when=lambda c, b: c.cheapest_level(b["s"].strain) <= 2)),
        ("advance_ov_cue", _R(f"bal_xx_suit{tag}", f"{start} ?", "cu", hcp=(16, 21),
                              lengths={"u": (4, 13)}, test=_best_unbid,
                              when=lambda c, b: c.cheapest_level(b["u"].strain) <= 2)),
        ("advance_ov_cue", _R(f"bal_xx_sit{tag}", f"{start} X P ?", "P",
                              notes=(("penalty_pass", None),))),
        ("advance_ov_cue", _R(f"bal_xx_rebid_pass{tag}", f"{start} b P ?", "P", hcp=(0, 7),
                              when=lambda c, b: c.calls[-2].strain is not Strain.NOTRUMP)),
    ]


def _balancing_over_three(start: str = "3s P P") -> list[tuple[str, Rule]]:
    """Their three-level preempt passed round to us: the hand that would have doubled, bid
    3NT or overcalled a good five-card suit over it directly does so in the balancing seat
    (partner's pass may hide values: a preempt takes the room to show them), and partner
    advances the double as a takeout double, or leaves it in with a trump stack (Root,
    "Commonsense Bidding")."""
    return [
        ("balance_1nt", _R("balance_three_suit", f"{start} ?", "3u", hcp=(12, 17),
                           lengths={"u": (5, 13)}, test=_good("u"),
                           notes=(("balancing", None),),
                           when=_cheapest_is(3, "u"))),
        ("balance_1nt", _R("balance_three_double", f"{start} ?", "X", hcp=(12, ANY),
                           lengths={"s": (0, 2)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None), ("balancing", None)),
                           test=lambda i, b, c: _takeout(i, b, c) or i.hcp >= 18)),
        ("balance_1nt", _R("balance_three_3nt", f"{start} ?", "3N", hcp=(15, 20),
                           test=_stopper("s"), test_note=("stopper", "s"),
                           notes=(("balancing", None),))),
        ("balance_1nt", _R("balance_three_penalty_pass", f"{start} X P ?", "P",
                           lengths={"s": (4, 13)}, notes=(("penalty_pass", None),),
                           test=lambda i, b, c: i.top_honours(b["s"], 5) >= 2)),
        *[("balance_1nt", rule) for rule in sayc.takeout_advances("_w3bal", f"{start} X P ?")],
    ]


def _over_four_major() -> list[tuple[str, Rule]]:
    """Their 4♥ or 4♠ opening, direct or passed round to us: the double shows values
    (15+ short in their suit, or 13+ with the takeout shape, or 17+ with three cards there;
    two points less in the balancing seat, where
    partner's pass may hide values) and short hearts or spades; partner takes it out only
    with shape, a five-card spade suit over 4♥ or a six-card minor with a singleton in
    their suit, else passes for penalties (the "cards" double every modern text plays over a
    four-level preempt); a good six-card suit of our own is bid at once (Root, "Commonsense
    Bidding")."""
    out: list[tuple[str, Rule]] = []
    for tag, start, floor in (("", "4M", 0), ("_bal", "4M P P", 2)):
        out += [
            ("balance_1nt", _R(f"over_four_spades{tag}", f"{start} ?", "4S",
                               hcp=(11 - floor, ANY), lengths={"S": (6, 13)},
                               test=lambda i, b, c: i.good_suit(Suit.SPADES),
                               when=lambda c, b: b["M"] is Suit.HEARTS)),
            ("balance_1nt", _R(f"over_four_double{tag}", f"{start} ?", "X",
                               hcp=(13 - floor, ANY), lengths={"M": (0, 3)},
                               notes=(("takeout", None),),
                               test=lambda i, b, c, f=floor: i.hcp >= 17 - f or (
                                   i.lengths[b["M"]] <= 2
                                   and (i.hcp >= 15 - f or _takeout(i, b, c))))),
            ("balance_1nt", _R(f"over_four_minor{tag}", f"{start} ?", "5u",
                               hcp=(13 - floor, ANY), lengths={"u": (6, 13)},
                               test=lambda i, b, c: i.good_suit(b["u"]),
                               when=lambda c, b: not b["u"].is_major)),
            ("balance_1nt", _R(f"over_four_pass{tag}", f"{start} ?", "P")),
            ("balance_1nt", _R(f"four_x_spades{tag}", f"{start} X P ?", "4S",
                               lengths={"S": (5, 13)},
                               test=lambda i, b, c: i.lengths[Suit.SPADES] >= 6
                               or i.lengths[Suit.HEARTS] <= 1,
                               when=lambda c, b: b["M"] is Suit.HEARTS)),
            ("balance_1nt", _R(f"four_x_minor{tag}", f"{start} X P ?", "5u",
                               lengths={"u": (6, 13)},
                               test=lambda i, b, c: i.lengths[b["M"]] <= 1,
                               when=lambda c, b: not b["u"].is_major)),
            ("balance_1nt", _R(f"four_x_pass{tag}", f"{start} X P ?", "P",
                               notes=(("penalty_pass", None),))),
        ]
    return out


def _after_jump_shift_over_1nt() -> list[Rule]:
    """Responder's answer to opener's jump shift over 1NT (1♥–1NT–3♦: 19–21, forcing to
    game): 3NT with the two unbid suits stopped, a doubleton in opener's major preferred at
    the three level (a 5-2 fit), four cards in the new suit raised (five of a minor, four of
    a major), else 3NT: the game is forced, and the placement's own long suit at the five
    level was no answer (SAYC booklet: the jump shift)."""
    seq = "1s P 1N P 3u P ?"

    def jump_shift(ctx: Context, bind: Bind) -> bool:
        # 1♠–1NT–3♥ (six spades, four hearts) has its own answers
        return bind["u"] is not bind["s"] and not (bind["s"] is Suit.SPADES
                                                   and bind["u"] is Suit.HEARTS)

    return [
        _R("js_1nt_3nt", seq, "3N", test=_stopped_outside("s", "u"),
           test_note=("unbid_stopped", None), when=jump_shift),
        _R("js_1nt_preference", seq, "3s", lengths={"s": (2, 2)},
           when=lambda c, b: jump_shift(c, b) and b["s"].is_major
           and c.cheapest_level(b["s"].strain) == 3),
        _R("js_1nt_raise_major", seq, "4u", lengths={"u": (4, 13)},
           when=lambda c, b: jump_shift(c, b) and b["u"].is_major),
        _R("js_1nt_raise_minor", seq, "5u", lengths={"u": (4, 13)},
           when=lambda c, b: jump_shift(c, b) and not b["u"].is_major),
        _R("js_1nt_notrump", seq, "3N", when=jump_shift),
    ]


def _t_major(ctx: Context, bind: Bind) -> bool:
    return bind["t"].is_major


def _t_minor(ctx: Context, bind: Bind) -> bool:
    return not bind["t"].is_major


def _major_at_two(ctx: Context, bind: Bind) -> bool:
    """Suit ``t`` is a major and the last bid is at the two level (a raise to invite from)."""
    return bind["t"].is_major and _at_level(2)(ctx, bind)


def _balancing_advances(start: str = "1s P P Lt P") -> list[tuple[str, Rule]]:
    """Partner's balancing overcall (7-16 HCP and five cards) advanced: the balancer bid on
    a king borrowed from this hand, so each advance asks for about three points more than
    over a direct overcall (Root, "Commonsense Bidding": a 13-count that passes its
    partner's balancing 1H at the one level has sold out a game). A cue bid shows a good
    raise, which the balancer takes to a major game with 11+ (thirteen with the cue bid's
    floor makes the 24 a game wants, with the fit)."""
    adv = f"{start} ?"
    return [("advance_ov_cue", rule) for rule in (
        _R("balanced_adv_game", adv, "4t", hcp=(16, ANY), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}, when=_t_major),
        _R("balanced_adv_cue", adv, "cs", hcp=(13, ANY), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}, artificial=True, forcing=F.FORCING,
           notes=(("cue_raise", None),)),
        _R("balanced_adv_raise", adv, "ct", hcp=(10, 12), points=Points.SUPPORT, trump="t",
           lengths={"t": (3, 13)}),
        _R("balanced_adv_3nt", adv, "3N", hcp=(17, ANY), test=_stopper("s"),
           test_note=("stopper", "s")),
        _R("balanced_adv_2nt", adv, "2N", hcp=(15, 16), test=_stopper("s"),
           test_note=("stopper", "s"), forcing=F.INVITATIONAL, when=_at_level(1)),
        _R("balanced_adv_nt", adv, "cN", hcp=(11, 14), test=_stopper("s"),
           test_note=("stopper", "s"), when=_at_level(2)),
        _R("balanced_adv_new", adv, "cu", hcp=(12, 16), lengths={"u": (5, 13)},
           test=_good("u"), when=_at_level(2)),
        _R("balanced_adv_pass", adv, "P", hcp=(0, 12)),
        _R("balancer_cue_game", f"{start} Ls P ?", "4t", hcp=(11, 16),
           when=_t_major),
        _R("balancer_cue_3nt", f"{start} Ls P ?", "3N", hcp=(11, 16), test=_stopper("s"),
           test_note=("stopper", "s"), when=_t_minor),
        _R("balancer_cue_min", f"{start} Ls P ?", "ct", hcp=(7, 10), when=_t_major),
        _R("balancer_cue_minor", f"{start} Ls P ?", "ct", hcp=(7, 16),
           when=_t_minor),
        # opposite the invitational 2NT (15-16): game with 10+, in a six-card major or 3NT
        _R("balancer_2nt_major", f"{start} 2N P ?", "4t", hcp=(10, 20), points=Points.TOTAL,
           lengths={"t": (6, 13)}, when=_t_major),
        _R("balancer_2nt_3nt", f"{start} 2N P ?", "3N", hcp=(10, 16)),
        # the balancer again, after notrump (11-14) or a raise (10-12) from partner: game
        # with the top of the balancing range, an invitation with its middle
        _R("balancer_nt_3nt", f"{start} LN P ?", "3N", hcp=(14, 16)),
        _R("balancer_nt_major", f"{start} LN P ?", "4t", hcp=(14, 20), points=Points.TOTAL,
           lengths={"t": (6, 13)}, when=_t_major),
        _R("balancer_nt_invite", f"{start} 1N P ?", "2N", hcp=(12, 13),
           forcing=F.INVITATIONAL),
        _R("balancer_nt_own", f"{start} LN P ?", "ct", hcp=(7, 12), lengths={"t": (6, 13)},
           when=_at_level(2)),
        _R("balancer_nt_pass", f"{start} LN P ?", "P", hcp=(7, 13)),
        _R("balancer_raised_game", f"{start} Lt P ?", "4t", hcp=(15, 20), points=Points.TOTAL,
           when=_t_major),
        _R("balancer_raised_3nt", f"{start} Lt P ?", "3N", hcp=(14, 16), test=_stopper("s"),
           test_note=("stopper", "s"), when=_t_minor),
        _R("balancer_raised_invite", f"{start} Lt P ?", "ct", hcp=(12, 14), points=Points.TOTAL,
           forcing=F.INVITATIONAL, when=_major_at_two),
        _R("balancer_raised_pass", f"{start} Lt P ?", "P", hcp=(7, 13)),
    )]


def _over_three_level_jump() -> list[tuple[str, Rule]]:
    """Their three-level jump overcall of partner's opening: responder with a six-card major
    and 11+ HCP bids it before 3NT is tried, a five-card suit at the three level (forcing),
    a good six-card minor with 12+ at the four level (forcing: opener raises, rebids a
    six-card suit or gives preference), and with four of opener's minor, 10+ and no
    stopper raises to the four level, which opener takes to game with 14+ (the preempt
    took the room for a quiet start: Root, "Commonsense Bidding", bid the suit the hand
    would have shown)."""
    start = "1s 3t ?"
    opener_minor = {"when": lambda c, b: not b["s"].is_major}
    return [
        # a six-card major is shown before 3NT is guessed (the major game may be the one)
        ("comp_3nt", _R("jump_overcalled_major", start, "cu", hcp=(11, ANY),
                        lengths={"u": (6, 13)}, forcing=F.FORCING,
                        when=lambda c, b: b["u"].is_major and c.cheapest_level(b["u"].strain) <= 4)),
        ("comp_pass", _R("jump_overcalled_new_3", start, "cu", hcp=(11, ANY),
                         lengths={"u": (5, 13)}, forcing=F.FORCING,
                         when=lambda c, b: c.cheapest_level(b["u"].strain) == 3)),
        ("comp_pass", _R("jump_overcalled_new_4", start, "4u", hcp=(12, ANY),
                         lengths={"u": (6, 13)}, test=_good("u"), forcing=F.FORCING,
                         when=lambda c, b: not b["u"].is_major
                         and c.cheapest_level(b["u"].strain) == 4)),
        # four cards in opener's minor and 10+: raise it to the four level (invitational
        # and more: past 3NT, opener goes on to game with extras)
        ("comp_pass", _R("jump_overcalled_minor_raise", start, "4s", hcp=(10, ANY),
                        lengths={"s": (4, 13)}, forcing=F.INVITATIONAL,
                        test=lambda i, b, c: not i.stopper(b["t"]), **opener_minor)),
        ("comp_pass", _R("jump_overcalled_minor_accept", "1s 3t 4s P ?", "5s", hcp=(14, ANY),
                        notes=(("maximum", None),), **opener_minor)),
        ("comp_pass", _R("jump_overcalled_minor_decline", "1s 3t 4s P ?", "P",
                        notes=(("minimum", None),), **opener_minor)),
        # the four-level minor is forcing (past 3NT, below game): opener shows a six-card
        # major at the four level, else raises with two cards of it (a fit of eight), else
        # rebids a six-card minor, else raises anyway (partner has six)
        *[("comp_pass", rule) for rule in (
            _R("jump_overcalled_new_4_major", "1s 3t 4u P ?", "4s", lengths={"s": (6, 13)},
               when=lambda c, b: b["s"].is_major and b["t"] < b["s"]),
            _R("jump_overcalled_new_4_raise", "1s 3t 4u P ?", "5u", lengths={"u": (2, 13)},
               when=lambda c, b: not b["u"].is_major),
            _R("jump_overcalled_new_4_own", "1s 3t 4u P ?", "5s", lengths={"s": (6, 13)},
               when=lambda c, b: not b["s"].is_major and not b["u"].is_major),
            _R("jump_overcalled_new_4_prefer", "1s 3t 4u P ?", "5u",
               when=lambda c, b: not b["u"].is_major))],
    ]


def _partner_redoubled_balance(ctx: Context, bind: Bind) -> bool:
    """Partner redoubled their balancing double of his opening, and his last call was not
    notrump (a 2NT rebid shows 19-21 and may be raised)."""
    mine = ctx.calls_of(ctx.partner)
    return (any(e.rule == "bal_x_redouble" for e in mine)
            and mine[-1].call.strain is not Strain.NOTRUMP)


def _balanced_redouble() -> list[tuple[str, Rule]]:
    """Their balancing double of our opening passed round: opener with 16+ redoubles to show
    the balance of strength (Root, "Commonsense Bidding": the redouble says the hand is ours
    and invites penalties); the doubler's partner names his best suit at once, the doubler
    rescues a redouble passed back to him, opener's partner passes their escape to the
    redoubler, who doubles it or bids on (``_after_balanced_redouble``); with 0-7 he leaves
    every later decision to the redoubler, short of raising a notrump rebid."""
    start = "1s P P X"
    return [
        ("advance_ov_cue", _R("bal_x_redouble", f"{start} ?", "XX", hcp=(16, 21),
                              notes=(("redouble_strength", None),))),
        ("advance_ov_cue", _R("bal_xx_advance", f"{start} XX ?", "cu", hcp=(0, 11),
                              lengths={"u": (4, 13)}, test=_best_unbid)),
        ("advance_ov_cue", _R("bal_xx_rescue", f"{start} XX P P ?", "cu",
                              lengths={"u": (3, 13)}, test=_best_unbid)),
        ("advance_ov_cue", _R("bal_xx_wait", f"{start} XX Lt ?", "P")),
        *[rule for tag, escape in (("", "XX Lt P P"), ("_rescued", "XX P P Lt"))
          for rule in _after_balanced_redouble(tag, f"{start} {escape}")],
        ("advance_ov_cue", _R("bal_xx_leave", "... ?", "P", hcp=(0, 7),
                              when=_partner_redoubled_balance)),
    ]


REOPENING_STARTS = (("", "1s Lt P P"), ("_bal", "1s P P Lt"), ("_raised", "1s Lt P Lt"),
                    ("_advanced", "1s X P Lt"))
"""Where opener doubles their suit for takeout after partner's pass: their overcall passed
round to opener, their balancing overcall, their raise of the overcall, their advance of
a takeout double."""


def _reopens(extra: int) -> Callable[[HandInfo, Bind, Context], bool]:
    """Opener's takeout double of their suit after partner's pass: short in it, with more
    the longer it is (a singleton from 12 HCP, a doubleton from 14, three cards from 17:
    a strong opener does not sell out), ``extra`` more HCP for a singleton or doubleton
    when partner's pass is weaker or they have shown a fit."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        n = info.lengths[bind["t"]]
        return ((n <= 1 and info.hcp >= 12 + extra) or (n <= 2 and info.hcp >= 14 + extra)
                or info.hcp >= 17)
    return test


def _reopening() -> list[tuple[str, Rule]]:
    """Opener doubles for takeout when partner has passed and the opponents' suit would
    otherwise play cheaply: their overcall passed round (the reopening double, even with a
    six-card suit: partner may be sitting with a trump stack), or, without a six-card suit
    to rebid instead, their balancing overcall, their raise, their answer to a takeout
    double (partner's pass denied a redouble). Partner takes it out like a takeout double
    (Root, "Commonsense Bidding"), to a major game or 3NT with values, else the longest new
    suit, else opener's suit, or passes with a trump stack."""
    out: list[tuple[str, Rule]] = []
    for (tag, start), extra in zip(REOPENING_STARTS, (0, 2, 3, 3), strict=True):
        out.append(("advance_ov_cue", _R(
            f"reopening_double{tag}", f"{start} ?", "X", hcp=(12 + extra, ANY),
            lengths={"t": (0, 3)}, artificial=True, notes=(("takeout", None),),
            when=_at_level(3),
            test=lambda i, b, c, tag=tag, extra=extra: _reopens(extra)(i, b, c) and (
                tag == "" or i.lengths[b["s"]] <= 5 or i.hcp >= 19))))
    # no double after their overcall passed round: a six-card suit is rebid at the two level
    # (the opponents' partscore is not sold cheaply), jumped to three with a good suit and
    # 16-18 HCP, as opener's rebids show without interference
    passed_round = f"{REOPENING_STARTS[0][1]} ?"
    out += [
        ("advance_ov_cue", _R("reopen_jump_rebid", passed_round, "js", hcp=(16, 18),
                              lengths={"s": (6, 13)}, forcing=F.INVITATIONAL,
                              test=lambda i, b, c: i.top_honours(b["s"], 5) >= 3,
                              when=_cheapest_is(2, "s"))),
        ("advance_ov_cue", _R("reopen_rebid", passed_round, "cs", hcp=(10, 18),
                              lengths={"s": (6, 13)}, when=_cheapest_is(2, "s"))),
    ]
    # their raise or advance (not their balancing overcall: partner has passed the opening)
    # a six-card suit, which the double does not show, is rebid at the three level at most
    # with 14+ (a 16-count with six clubs passed 1C 1H P 2H round)
    out += [("advance_ov_cue", _R(f"reopen_rebid{tag}", f"{start} ?", "cs", hcp=(14, 18),
                                  lengths={"s": (6, 13)},
                                  when=lambda c, b: c.cheapest_level(b["s"].strain) <= 3))
            for tag, start in REOPENING_STARTS[2:]]
    for tag, start in REOPENING_STARTS:
        reopen = f"{start} X P ?"
        out += [
            ("advance_ov_cue", _R(f"reopening_penalty_pass{tag}", reopen, "P",
                                  lengths={"t": (4, 13)}, notes=(("penalty_pass", None),),
                                  test=lambda i, b, c: i.top_honours(b["t"], 5) >= 2)),
            ("advance_ov_cue", _R(f"reopen_adv_major_game{tag}", reopen, "4u", hcp=(9, ANY),
                                  lengths={"u": (5, 13)}, when=lambda c, b: b["u"].is_major
                                  and c.cheapest_level(b["u"].strain) >= 3)),
            ("advance_ov_cue", _R(f"reopen_adv_3nt{tag}", reopen, "3N", hcp=(10, ANY),
                                  test=_stopper("t"), test_note=("stopper", "t"),
                                  when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) == 3)),
            ("advance_ov_cue", _R(f"reopen_adv_jump{tag}", reopen, "ju", hcp=(9, 11),
                                  lengths={"u": (5, 13)}, forcing=F.INVITATIONAL,
                                  test=_longest_other, when=_jump_below_four)),
            ("advance_ov_cue", _R(f"reopen_adv_suit{tag}", reopen, "cu", hcp=(0, 11),
                                  lengths={"u": (4, 13)}, test=_longest_other,
                                  when=lambda c, b: c.cheapest_level(b["u"].strain) <= 3)),
            # at the four level too: without a trump stack the double is taken out (a
            # 3-count with 84 in their suit left 3SX in, made)
            ("advance_ov_cue", _R(f"reopen_adv_raise_4{tag}", reopen, "cs", hcp=(0, 9),
                                  lengths={"s": (4, 13), "t": (0, 3)},
                                  when=lambda c, b: c.cheapest_level(b["s"].strain) == 4
                                  and not b["s"].is_major)),
            ("advance_ov_cue", _R(f"reopen_adv_suit_4{tag}", reopen, "cu", hcp=(0, 9),
                                  lengths={"u": (4, 13), "t": (0, 3)}, test=_longest_other,
                                  when=lambda c, b: c.cheapest_level(b["u"].strain) == 4
                                  and not b["u"].is_major)),
            ("advance_ov_cue", _R(f"reopen_adv_nt{tag}", reopen, "cN", hcp=(6, 9),
                                  test=_stopper("t"), test_note=("stopper", "t"),
                                  when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2)),
            ("advance_ov_cue", _R(f"reopen_adv_raise{tag}", reopen, "cs", hcp=(0, 11),
                                  lengths={"s": (2, 13)},
                                  when=lambda c, b: c.cheapest_level(b["s"].strain) <= 3)),
        ]
        out += _reopener_rebids(tag, f"{reopen[:-2]} Lu P ?")
    return out


def _over_their_1nt_overcall() -> list[tuple[str, Rule]]:
    """Responder over their 1NT overcall of partner's opening (15–18): the double with 10+
    HCP (penalty: the side has 21+ of the 40), a raise with three of opener's major (five
    of a minor) and 5–9 HCP, a good five-card or any six-card suit of our own
    with 5–9 (to play); after the penalty double, their escape at the two level is doubled
    by opener with four of it and by the doubler with three (the SAYC booklet: doubles
    after a penalty double are for penalty). An 8-count with four trumps passed 1H-1NT
    and four of the major made."""
    start = "1s 1N ?"
    long_or_good = {"test": lambda i, b, c: i.lengths[b["t"]] >= 6 or i.good_suit(b["t"])}
    return [
        ("comp_pass", _R("resp_1nt_ov_double", start, "X", hcp=(10, ANY),
                         notes=(("penalty", None),))),
        *[("comp_pass", _R(f"resp_1nt_ov_raise{tag}", start, "2s", hcp=(5, 9),
                           lengths={"s": (need, 13)},
                           when=lambda c, b, major=major: b["s"].is_major is major))
          for tag, need, major in (("", 3, True), ("_minor", 5, False))],
        ("comp_pass", _R("resp_1nt_ov_suit", start, "2t", hcp=(5, 9), lengths={"t": (5, 13)},
                         **long_or_good)),
        ("comp_pass", _R("opener_1nt_ov_penalty", "1s 1N X Lt ?", "X", lengths={"t": (4, 13)},
                         notes=(("penalty", None),), when=_at_level(2))),
        ("comp_pass", _R("doubler_1nt_ov_penalty", "1s 1N X Lt P P ?", "X",
                         lengths={"t": (3, 13)}, notes=(("penalty", None),),
                         when=_at_level(2))),
    ]


def _reopener_rebids(tag: str, start: str) -> list[tuple[str, Rule]]:
    """The reopening doubler after partner's new suit, as the takeout doubler after an
    advance (``_doubler_rebids``): game in partner's major with four of it, or in our own
    five-card major, when the two hands make 25 (the middle of the advance's range); a
    raise inviting it with 21–24; a six-card suit, or a five-card major with 17+ HCP, bid
    again below game; else a pass (a 20-count passed partner's forced 3♦ with a singleton
    and AK864, where 4♠ made). A minor fit with 26 bids its game (a 20-count with AKQ76
    rebid its hearts over partner's 2♣, 5♣ made)."""
    def major_below_game(var: str) -> Callable[[Context, Bind], bool]:
        return lambda c, b: b[var].is_major and _at_level(3)(c, b)
    return [
        ("advance_ov_cue", _R(f"reopener_raise_game{tag}", start, "4u", lengths={"u": (4, 13)},
                              points=Points.SUPPORT, trump="u", test=_with_advance(25),
                              when=major_below_game("u"))),
        ("advance_ov_cue", _R(f"reopener_own_game{tag}", start, "4s", lengths={"s": (5, 13)},
                              hcp=(16, ANY), test=_with_advance(25, own=True),
                              when=major_below_game("s"))),
        ("advance_ov_cue", _R(f"reopener_raise{tag}", start, "cu", lengths={"u": (4, 13)},
                              points=Points.SUPPORT, trump="u", forcing=F.INVITATIONAL,
                              test=_with_advance(21, 24),
                              when=lambda c, b: c.cheapest_level(b["u"].strain) <= 3)),
        ("advance_ov_cue", _R(f"reopener_minor_game{tag}", start, "5u", lengths={"u": (4, 13)},
                              points=Points.SUPPORT, trump="u", test=_with_advance(26),
                              when=lambda c, b: not b["u"].is_major
                              and c.cheapest_level(b["u"].strain) <= 5)),
        ("advance_ov_cue", _R(f"reopener_own_suit{tag}", start, "cs", lengths={"s": (5, 13)},
                              hcp=(15, ANY),
                              test=lambda i, b, c: i.lengths[b["s"]] >= 6 or (
                                  i.hcp >= 17 and b["s"].is_major),
                              when=lambda c, b: c.cheapest_level(b["s"].strain) <= 3)),
    ]


def _weak_two_new_suit() -> list[tuple[str, Rule]]:
    """Opposite a weak two, responder's new suit forces: opener raises with three cards, else
    rebids the six-card suit; responder then bids game, the major fit (eight cards with two
    opposite six) or else 3NT, rather than pass a forcing sequence below game."""
    start = "2s P Lt P"
    return [
        ("weak2_ask", _R("weak2_new_raise", f"{start} ?", "ct", lengths={"t": (3, 13)},
                         when=_no_strong)),
        ("weak2_ask", _R("weak2_new_rebid", f"{start} ?", "cs", lengths={"t": (0, 2)},
                         when=_no_strong)),
        ("weak2_ask", _R("weak2_new_raised_game", f"{start} Lt P ?", "4t", forcing=F.SIGNOFF,
                         when=lambda c, b: _no_strong(c, b) and b["t"].is_major)),
        ("weak2_ask", _R("weak2_new_raised_3nt", f"{start} Lt P ?", "3N", hcp=(14, ANY),
                         forcing=F.SIGNOFF,
                         when=lambda c, b: _no_strong(c, b) and not b["t"].is_major)),
        ("weak2_ask", _R("weak2_new_fit_game", f"{start} Ls P ?", "4s", lengths={"s": (2, 13)},
                         forcing=F.SIGNOFF,
                         when=lambda c, b: _no_strong(c, b) and b["s"].is_major)),
        # a self-supporting major of six needs no fit: its game, not 3NT with a singleton
        ("weak2_ask", _R("weak2_new_own_game", f"{start} Ls P ?", "4t", lengths={"t": (6, 13)},
                         forcing=F.SIGNOFF,
                         when=lambda c, b: _no_strong(c, b) and b["t"].is_major,
                         test=lambda i, b, c: i.good_suit(b["t"]))),
        ("weak2_ask", _R("weak2_new_3nt", f"{start} Ls P ?", "3N", hcp=(14, ANY),
                         forcing=F.SIGNOFF, when=_no_strong)),
    ]


def _minor_cue_raise() -> list[tuple[str, Rule]]:
    """The cue-bid raise of partner's minor over their overcall (1♣–(2♦)–3♦: five or more
    of the minor, a limit raise or better, no stopper for notrump and no major to show),
    as of a major (Root and Pavlicek): opener bids notrump with their suit stopped (2NT
    with a minimum where it is cheap, else 3NT), five of the minor with 15+, else the
    cheapest level of it (a minimum, not forcing); the cue-bidder then bids 3NT with a stopper and 13+, five
    of the minor with 14+ support points (a 13-count with KQ843 passed 1♣–(2♦) out, 3NT
    made)."""
    seq = "1m Lt Lt P"
    cued = {"when": _cue_raised}

    def nt_at(level: int) -> Callable[[Context, Bind], bool]:
        return lambda c, b: _cue_raised(c, b) and c.cheapest_level(Strain.NOTRUMP) == level
    return [
        ("comp_pass", _R("comp_cue_raise_minor", "1m Lt ?", "ct", hcp=(11, ANY),
                         lengths={"m": (5, 13)}, artificial=True, notes=(("cue_raise", None),),
                         forcing=F.FORCING,
                         when=lambda c, b: c.cheapest_level(b["t"].strain) <= 3)),
        ("advance_ov_cue", _R("opener_minor_cue_2nt", f"{seq} ?", "2N", hcp=(11, 14),
                              test=_stopper("t"), test_note=("stopper", "t"), when=nt_at(2))),
        ("advance_ov_cue", _R("opener_minor_cue_3nt", f"{seq} ?", "3N", test=_stopper("t"),
                              test_note=("stopper", "t"), when=nt_at(3))),
        ("advance_ov_cue", _R("opener_minor_cue_3nt_strong", f"{seq} ?", "3N", hcp=(15, ANY),
                              test=_stopper("t"), test_note=("stopper", "t"), when=nt_at(2))),
        ("advance_ov_cue", _R("opener_minor_cue_game", f"{seq} ?", "5m", hcp=(15, ANY),
                              **cued)),
        ("advance_ov_cue", _R("opener_minor_cue_min", f"{seq} ?", "cm", hcp=(0, 14),
                              notes=(("minimum", None),),
                              when=lambda c, b: _cue_raised(c, b)
                              and c.cheapest_level(b["m"].strain) <= 4)),
        ("advance_ov_cue", _R("cue_raiser_minor_2nt_game", f"{seq} 2N P ?", "3N",
                              hcp=(12, ANY), **cued)),
        ("advance_ov_cue", _R("cue_raiser_minor_min_3nt", f"{seq} Lm P ?", "3N",
                              hcp=(13, ANY), test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: _cue_raised(c, b)
                              and c.cheapest_level(Strain.NOTRUMP) == 3)),
        ("advance_ov_cue", _R("cue_raiser_minor_min_game", f"{seq} Lm P ?", "5m",
                              hcp=(14, ANY), points=Points.SUPPORT, trump="m", **cued)),
    ]


def _raise_free_bid() -> list[tuple[str, Rule]]:
    """Opener raises partner's one-level free bid over their overcall (1♣–(1♥)–1♠–(P or
    2♥)), or partner's one-level response they overcalled (1♦–P–1♠–(2♣)), with four of it
    as without them, in support points: the cheapest raise with a minimum (10–15), a jump
    with 16–18 (invitational), the major game with 19+ (14-counts with four spades bid 4♠
    on the placement's guess). A two- or three-level suit (five cards, 11+) is left to the
    placement, which raises it with three (measured: rules for it in support points cost
    the slams the placement's reading led to)."""
    out: list[tuple[str, Rule]] = []

    def one(ctx: Context, bind: Bind) -> bool:
        last = ctx.partner_last()
        return last is not None and last.call.level == 1
    for tag, start in (("", "1s Lt Lu P ?"), ("_raised", "1s Lt Lu Lt ?"),
                       ("_over", "1s P Lu Lt ?")):
        four = {"lengths": {"u": (4, 13)}, "points": Points.SUPPORT, "trump": "u"}
        out += [
            ("advance_ov_cue", _R(f"opener_free_raise_game{tag}", start, "4u", hcp=(19, ANY),
                                  when=lambda c, b: one(c, b) and b["u"].is_major
                                  and c.cheapest_level(b["u"].strain) <= 4, **four)),
            ("advance_ov_cue", _R(f"opener_free_raise_jump{tag}", start, "ju", hcp=(16, 18),
                                  forcing=F.INVITATIONAL,
                                  when=lambda c, b: one(c, b)
                                  and c.cheapest_level(b["u"].strain) <= 2, **four)),
            ("advance_ov_cue", _R(f"opener_free_raise{tag}", start, "cu", hcp=(10, 15),
                                  when=lambda c, b: one(c, b)
                                  and c.cheapest_level(b["u"].strain) <= 3, **four)),
        ]
    return out


def _contested_notrump() -> list[tuple[str, Rule]]:
    """Opener's notrump rebid after their overcall and partner's negative double or new suit
    is a minimum (11–14, balanced, a stopper in their suit); responder then bids 3NT with 12+,
    invites with 10–11 and otherwise passes, and opener accepts the invitation with 13–14."""
    rebid = "1s Lt X|Lu P 1N|2N P ?"
    return [
        ("advance_ov_cue", _R("comp_rebid_nt", "1s Lt Lu P ?", "cN", hcp=(11, 14),
                              balanced=True, test=_stopper("t"), test_note=("stopper", "t"),
                              when=lambda c, b: c.last_bid is not None
                              and (c.last_bid.level or 0) <= 2)),
        # not balanced with their suit stopped: opener rebids a six-card suit, the jump with
        # 16–18, else a five-card one at the cheapest level (the placement's 1NT took a
        # void and seven clubs, and KJ7 654 T6 AKQ85 over their hearts: s27-c 880)
        ("advance_ov_cue", _R("comp_rebid_own_jump", "1s Lt Lu P ?", "js", hcp=(16, 18),
                              lengths={"s": (6, 13)}, forcing=F.INVITATIONAL,
                              when=lambda c, b: c.cheapest_level(b["s"].strain) <= 2)),
        ("advance_ov_cue", _R("comp_rebid_own", "1s Lt Lu P ?", "cs", hcp=(10, 15),
                              lengths={"s": (5, 13)}, test=_no_major_at_one,
                              when=lambda c, b: c.cheapest_level(b["s"].strain) <= 2)),
        ("advance_ov_cue", _R("comp_nt_game", rebid, "3N", hcp=(12, ANY))),
        ("advance_ov_cue", _R("comp_nt_invite", rebid, "2N", hcp=(10, 11),
                              forcing=F.INVITATIONAL)),
        ("advance_ov_cue", _R("comp_nt_pass", rebid, "P", hcp=(0, 11))),
        ("advance_ov_cue", _R("comp_nt_accept", f"{rebid[:-2]} 2N P ?", "3N", hcp=(13, 14),
                              notes=(("maximum", None),))),
        ("advance_ov_cue", _R("comp_nt_decline", f"{rebid[:-2]} 2N P ?", "P", hcp=(11, 12),
                              notes=(("minimum", None),))),
    ]


def _no_major_at_one(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """No four-card major of opener's own still biddable at the one level (it comes before
    a five-card suit is rebid), unless the suit is six cards long."""
    if info.lengths[bind["s"]] >= 6:
        return True
    return not any(info.lengths[m] >= 4 and ctx.cheapest_level(m.strain) == 1
                   and m not in ctx.their_suits() and m not in (bind["s"], bind["u"])
                   for m in (H, S))


def _jump_advance(ctx: Context) -> bool:
    """Partner's advance of the takeout double promised 9+ HCP (a jump)."""
    last = ctx.partner_last()
    return last is not None and last.shown.hcp_envelope[0] >= 9


def _with_advance(low: int, high: int = ANY, *, own: bool = False
                  ) -> Callable[[HandInfo, Bind, Context], bool]:
    """Support points for partner's suit (``own``: total points, for our own suit) plus the
    middle of what partner's advance showed, within a band."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        last = ctx.partner_last()
        if last is None:
            return False
        lo, hi = last.shown.hcp_envelope
        mine = info.total_points if own else info.support_points(bind["u"])
        total = mine + (lo + min(hi, lo + 6)) // 2
        return low <= total <= high
    return test


def _doubler_nt_advances() -> list[tuple[str, Rule]]:
    """Advancer opposite the takeout doubler's notrump (a pass left 18–20 played in 1NT
    opposite 7 HCP): the two hands' HCP counted as after a notrump opening, game at 25 and
    an invitation at 23–24, from the middle of the doubler's range (18–20 direct, 15–17
    balancing, 18–20 for the balancing jump to 2NT); the doubler accepts with the top of it."""
    out: list[tuple[str, Rule]] = []

    # (tag, auction up to the notrump, notrump, its lowest HCP, the advance's level)
    for tag, start, nt, low, level in (
            ("", "1s X P Lu P", "1N", 18, 1), ("_two", "1s X P Lu P", "2N", 18, 2),
            ("_bal", "1s P P X P Lu P", "1N", 15, 1),
            ("_bal_jump", "1s P P X P Lu P", "2N", 18, 1)):
        game, invite = 25 - (low + 1), 23 - (low + 1)
        when = _advanced_at(level, 4)
        out += [
            ("advance_ov_cue", _R(f"advancer_doubler_nt_game{tag}", f"{start} {nt} P ?", "3N",
                                  hcp=(game, ANY), when=when)),
            *([("advance_ov_cue", _R(f"advancer_doubler_nt_invite{tag}", f"{start} {nt} P ?",
                                     "2N", hcp=(invite, game - 1), forcing=F.INVITATIONAL,
                                     when=when)),
               ("advance_ov_cue", _R(f"doubler_nt_accept{tag}", f"{start} {nt} P 2N P ?", "3N",
                                     hcp=(low + 1, ANY), notes=(("maximum", None),),
                                     when=_advanced_at(level, 6))),
               ("advance_ov_cue", _R(f"doubler_nt_decline{tag}", f"{start} {nt} P 2N P ?", "P",
                                     hcp=(0, low), notes=(("minimum", None),),
                                     when=_advanced_at(level, 6)))]
              if nt == "1N" else []),
        ]
    return out


def _advanced_at(level: int, back: int) -> Callable[[Context, Bind], bool]:
    """The advance (``back`` calls before this one) was made at ``level``."""
    return lambda c, b: c.calls[-back].level == level


def _forced_share(info: HandInfo, ctx: Context) -> int:
    """Partner's expected HCP after a forced advance of our double of their preempt: half
    of what the preempter (the middle of the range shown) and this hand leave."""
    opener = ctx.known(ctx.opener) if ctx.opener is not None else None
    shown = 0 if opener is None else (opener.hcp[0] + min(opener.hcp[1], 37)) // 2
    return max(0, 40 - info.hcp - shown) // 2


def _preempt_doubler_game() -> list[tuple[str, Rule]]:
    """The doubler of their weak two or three-bid after partner's forced major advance: game
    with four trumps when support points and partner's share of the rest (half the HCP the
    preempter and this hand leave: the advance was forced) make 25 (a 19-count passed
    3D X P 3H P with four hearts, twelve tricks made)."""
    return [("advance_ov_cue", _R(f"doubler_preempt_game{tag}", start, "4u", hcp=(15, ANY),
                                  lengths={"u": (4, 13)}, points=Points.SUPPORT, trump="u",
                                  test=lambda i, b, c: i.support_points(b["u"])
                                  + _forced_share(i, c) >= 25,
                                  when=lambda c, b: b["u"].is_major and _at_level(3)(c, b)))
            for tag, start in (("_2", "2s X P Lu P ?"), ("_3", "3s X P Lu P ?"))]


def _doubler_rebids() -> list[tuple[str, Rule]]:
    """The takeout doubler after partner's suit advance, direct or in the balancing seat:
    with four trumps game when the two hands make 25 (doubler's support points and the
    middle of the advance's range), a raise inviting it with 20–24 (of a minor with 16–18
    HCP and no five-card major); a strong double (the SAYC booklet: a takeout double then a
    new suit or notrump shows 17+) names its own five- or six-card suit with 17–20 or bids
    notrump with 18–20 balanced and their suit stopped (stronger hands and longer suits
    are placed by strength), which advancer raises with three cards and 6+ support points;
    else a pass (a minimum double has shown its values)."""
    four = {"u": (4, 13)}
    out: list[tuple[str, Rule]] = []
    for tag, start in (("", "1s X P Lu P ?"), ("_bal", "1s P P X P Lu P ?")):
        out += [
            ("advance_ov_cue", _R(f"doubler_game{tag}", start, "4u", hcp=(12, ANY),
                                  lengths=four, points=Points.SUPPORT, trump="u",
                                  test=_with_advance(25), when=lambda c, b: b["u"].is_major)),
            ("advance_ov_cue", _R(f"doubler_raise{tag}", start, "cu", hcp=(14, ANY),
                                  lengths=four, points=Points.SUPPORT, trump="u",
                                  forcing=F.INVITATIONAL, test=_with_advance(20, 24),
                                  when=lambda c, b: _at_level(2)(c, b) and b["u"].is_major)),
            ("advance_ov_cue", _R(f"doubler_raise_minor{tag}", start, "cu", hcp=(16, 18),
                                  lengths={"u": (4, 13), "H": (0, 4), "S": (0, 4)},
                                  forcing=F.INVITATIONAL,
                                  when=lambda c, b: (not b["u"].is_major
                                                     and c.cheapest_level(b["u"].strain) <= 3))),
            # in the balancing seat, where the double then the cheapest notrump is 15-17,
            # 18-20 jumps to 2NT over a one-level advance (Root and Pavlicek's balancing
            # ladder: 1NT 11-14, double then 1NT 15-17, double then 2NT 18-20)
            *([("advance_ov_cue", _R("doubler_strong_nt_bal_jump", start, "jN", hcp=(18, 20),
                                     balanced=True, test=_stopper("s"),
                                     test_note=("stopper", "s"),
                                     when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) == 1))]
              if tag else []),
            ("advance_ov_cue", _R(f"doubler_strong_nt{tag}", start, "cN", hcp=(18, 20),
                                  balanced=True, test=_stopper("s"), test_note=("stopper", "s"),
                                  when=lambda c, b, low=2 if tag else 1: (
                                      low <= c.cheapest_level(Strain.NOTRUMP) <= 2))),
            # 21+ balanced: game opposite even a forced advance (partner's few points and
            # the lead through their opener's hand)
            ("advance_ov_cue", _R(f"doubler_strong_3nt{tag}", start, "3N", hcp=(21, ANY),
                                  balanced=True, test=_stopper("s"), test_note=("stopper", "s"),
                                  when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 3)),
            # a six-card major of our own and game values opposite the advance (a jump
            # shows 9–11): game in it, not the pass that leaves partner in a minor partscore
            ("advance_ov_cue", _R(f"doubler_own_major_game{tag}", start, "4v", hcp=(14, ANY),
                                  lengths={"v": (6, 13)}, test=_with_advance(25, own=True),
                                  when=lambda c, b: b["v"].is_major)),
            # opposite the jump advance (9–11) 16+ makes game: 3NT with their suit stopped
            # and no fit for the advance (s29-a 727: 18 HCP named its clubs over 1D-X-2H and
            # played 3C, 3NT made)
            ("advance_ov_cue", _R(f"doubler_jump_3nt{tag}", start, "3N", hcp=(16, ANY),
                                  lengths={"u": (0, 3)}, test=_stopper("s"),
                                  test_note=("stopper", "s"),
                                  when=lambda c, b: _jump_advance(c)
                                  and c.cheapest_level(Strain.NOTRUMP) <= 3)),
            ("advance_ov_cue", _R(f"doubler_strong_suit{tag}", start, "cv", hcp=(17, 20),
                                  lengths={"v": (5, 6)},
                                  when=lambda c, b: c.cheapest_level(b["v"].strain) <= 3)),
            # in the balancing seat the double then notrump is 15-17 (1NT there is 11-14)
            *([("advance_ov_cue", _R("doubler_bal_nt", start, "cN", hcp=(15, 17),
                                     balanced=True, test=_stopper("s"),
                                     test_note=("stopper", "s"),
                                     when=lambda c, b: c.cheapest_level(Strain.NOTRUMP) <= 2))]
              if tag == "_bal" else []),
            ("advance_ov_cue", _R(f"doubler_pass{tag}", start, "P", hcp=(11, 15))),
            # the strong double's own suit (17-20) is raised with three cards and 6+
            # support points: the advance may have been forced with nothing
            ("advance_ov_cue", _R(f"advancer_raises_strong_suit{tag}", f"{start[:-2]} Lv P ?",
                                  "cv", hcp=(6, ANY), points=Points.SUPPORT, trump="v",
                                  lengths={"v": (3, 13)},
                                  when=lambda c, b: c.cheapest_level(b["v"].strain) <= 3 and any(
                                      e.rule.startswith("doubler_strong_suit")
                                      for e in c.calls_of(c.partner)))),
        ]
    return out


def _nt_overcall_advances() -> list[tuple[str, Rule]]:
    """Partner overcalled 1NT (15–18): "systems on", as opposite a 1NT opening: game with 10+
    HCP, an invitation with 8–9, a six-card suit to play with less, else pass; a six-card
    major with seven losers is game whatever its HCP (the losing-trick count, as after a
    transfer: 24 less both hands' seven losers)."""
    start = "1s 1N P"
    return [
        ("advance_ov_cue", _R("adv_1nt_major_losers", f"{start} ?", "4M", hcp=(4, 8),
                              lengths={"M": (6, 13)}, forcing=F.SIGNOFF,
                              test=lambda i, b, c: i.losers() <= 7)),
        ("advance_ov_cue", _R("adv_1nt_major_game", f"{start} ?", "4M", hcp=(9, 15),
                              lengths={"M": (6, 13)})),
        ("advance_ov_cue", _R("adv_1nt_3nt", f"{start} ?", "3N", hcp=(10, 15))),
        ("advance_ov_cue", _R("adv_1nt_2nt", f"{start} ?", "2N", hcp=(8, 9),
                              forcing=F.INVITATIONAL)),
        ("advance_ov_cue", _R("adv_1nt_weak", f"{start} ?", "2t", hcp=(0, 7),
                              lengths={"t": (6, 13)}, forcing=F.SIGNOFF)),
        ("advance_ov_cue", _R("adv_1nt_pass", f"{start} ?", "P", hcp=(0, 7))),
        ("advance_ov_cue", _R("adv_1nt_2nt_accept", f"{start} 2N P ?", "3N", hcp=(17, 18),
                              notes=(("maximum", None),))),
        ("advance_ov_cue", _R("adv_1nt_2nt_decline", f"{start} 2N P ?", "P", hcp=(15, 16),
                              notes=(("minimum", None),))),
    ]


def _two_suiter_advances() -> list[tuple[str, Rule]]:
    """Partner showed two suits: game with a fit and values, else the better of the two."""
    out: list[tuple[str, Rule]] = []
    shows = {"1C 2C": (H, S), "1D 2D": (H, S), "1H 2N": (C, D), "1S 2N": (C, D),
             "1C 2N": (D, H), "1D 2N": (C, H)}
    for start, (low, high) in shows.items():
        tag = start.replace(" ", "_")
        for suit in (high, low):
            other = low if suit is high else high
            letter = suit.letter()
            game = 4 if suit.is_major else 5
            out.append(("advance_ov_cue", _R(
                f"adv2_{tag}_game_{letter}", f"{start} P ?", f"{game}{letter}",
                hcp=(10, ANY), lengths={letter: (3, 13)},
                test=_prefers(suit, other, points=10 if suit.is_major else 14))))
        for suit in (high, low):
            other = low if suit is high else high
            out.append(("advance_ov_cue", _R(
                f"adv2_{tag}_pref_{suit.letter()}", f"{start} P ?", f"c{suit.letter()}",
                notes=(("preference", None),), test=_prefers(suit, other, points=0))))
    for major, other in ((H, S), (S, H)):
        start = f"1{major.letter()} 2{major.letter()} P ?"
        tag = major.letter()
        o = other.letter()
        out += [
            ("advance_ov_cue", _R(f"adv_mich_{tag}_game", start, f"4{o}", hcp=(10, ANY),
                                  points=Points.SUPPORT, trump=o, lengths={o: (3, 13)})),
            ("advance_ov_cue", _R(f"adv_mich_{tag}_pref", start, f"c{o}",
                                  lengths={o: (3, 13)}, notes=(("preference", None),))),
            ("advance_ov_cue", _R(f"adv_mich_{tag}_ask", start, "2N", artificial=True,
                                  forcing=F.FORCING, lengths={o: (0, 2)},
                                  notes=(("asks_minor", None),))),
            ("advance_ov_cue", _R(f"adv_mich_{tag}_minor", f"1{tag} 2{tag} P 2N P ?", "3m",
                                  lengths={"m": (5, 13)})),
        ]
    return out


def _new_minor_forcing() -> list[tuple[str, Rule]]:
    """After 1m–1M–1NT: new minor forcing (checkback for three-card support) with 11+, and
    responder's natural continuations."""
    out: list[tuple[str, Rule]] = []
    for minor, new in ((C, D), (D, C)):
        for major in (H, S):
            m, n, M = minor.letter(), new.letter(), major.letter()
            start = f"1{m} P 1{M} P 1N P"
            tag = f"{m}{M}"
            out += [
                ("1nt_resp_2nt", _R(f"nmf_{tag}", f"{start} ?", f"2{n}", hcp=(11, ANY),
                                    lengths={M: (5, 5)}, artificial=True, forcing=F.FORCING,
                                    notes=(("nmf", None),))),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_game", f"{start} ?", f"4{M}",
                                    hcp=(12, ANY), points=Points.TOTAL,
                                    lengths={M: (6, 13)})),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_invite", f"{start} ?", f"3{M}",
                                    hcp=(10, 11), points=Points.TOTAL, lengths={M: (6, 13)},
                                    forcing=F.INVITATIONAL)),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_3nt", f"{start} ?", "3N", hcp=(13, 18),
                                    lengths={M: (4, 4)})),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_2nt", f"{start} ?", "2N", hcp=(11, 12),
                                    lengths={M: (4, 4)}, forcing=F.INVITATIONAL)),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_own", f"{start} ?", f"2{M}",
                                    hcp=(0, 10), lengths={M: (5, 13)}, forcing=F.SIGNOFF,
                                    test=lambda i, b, c, maj=major: i.lengths[maj] >= 6
                                    or i.hcp <= 8)),
                ("1nt_resp_2nt", _R(f"after_1nt_{tag}_pass", f"{start} ?", "P", hcp=(0, 10))),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_fit", f"{start} 2{n} P ?", f"2{M}",
                                    lengths={M: (3, 3)})),
                *([] if major is H else [
                    # opener's 1NT may hide four hearts (1♣–1♠–1NT, the modern style): with
                    # no three spades they are shown now, and responder raises with four
                    ("1nt_resp_2nt", _R(f"nmf_{tag}_hearts", f"{start} 2{n} P ?", "2H",
                                        lengths={"H": (4, 4), "S": (0, 2)})),
                    ("1nt_resp_2nt", _R(f"nmf_{tag}_hearts_game", f"{start} 2{n} P 2H P ?",
                                        "4H", hcp=(13, ANY), lengths={"H": (4, 13)})),
                    ("1nt_resp_2nt", _R(f"nmf_{tag}_hearts_invite", f"{start} 2{n} P 2H P ?",
                                        "3H", hcp=(11, 12), lengths={"H": (4, 13)},
                                        forcing=F.INVITATIONAL)),
                    ("1nt_resp_2nt", _R(f"nmf_{tag}_hearts_3nt", f"{start} 2{n} P 2H P ?",
                                        "3N", hcp=(13, ANY), lengths={"H": (0, 3)})),
                    ("1nt_resp_2nt", _R(f"nmf_{tag}_hearts_2nt", f"{start} 2{n} P 2H P ?",
                                        "2N", hcp=(11, 12), lengths={"H": (0, 3)},
                                        forcing=F.INVITATIONAL)),
                ]),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_3nt", f"{start} 2{n} P ?", "3N", hcp=(13, 14),
                                    lengths={M: (0, 2)})),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_2nt", f"{start} 2{n} P ?", "2N", hcp=(10, 12),
                                    lengths={M: (0, 2)})),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_fit_game", f"{start} 2{n} P 2{M} P ?",
                                    f"4{M}", hcp=(13, ANY))),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_fit_invite", f"{start} 2{n} P 2{M} P ?",
                                    f"3{M}", hcp=(11, 12), forcing=F.INVITATIONAL)),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_nofit_game", f"{start} 2{n} P 2N P ?", "3N",
                                    hcp=(13, ANY))),
                ("1nt_resp_2nt", _R(f"nmf_{tag}_nofit_pass", f"{start} 2{n} P 2N P ?", "P",
                                    hcp=(11, 12))),
            ]
    return out


def _fitting_3nt(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """3NT opposite partner's long suit: a card in it and stoppers in two other suits."""
    suit = bind["s"]
    return info.lengths[suit] >= 1 and sum(info.stopper(x) for x in Suit if x is not suit) >= 2


def _jump_is_three(ctx: Context, bind: Bind) -> bool:
    """A jump raise of partner's major over a two-level overcall lands at the three level."""
    last = ctx.last_bid
    if last is None or last.level is None or last.strain is None:
        return False
    cheapest = last.level if bind["M"].strain > last.strain else last.level + 1
    return cheapest + 1 == 3


def _jump_below_four(ctx: Context, bind: Bind) -> bool:
    """A jump advance stays below the four level (higher, it passes 3NT)."""
    last = ctx.last_bid
    if last is None or "u" not in bind or last.level is None or last.strain is None:
        return True
    cheapest = last.level if bind["u"].strain > last.strain else last.level + 1
    return cheapest + 1 <= 3


def _new_below(ctx: Context, bind: Bind) -> bool:
    """Opener's second suit ``u`` is a minor ranking below the first (``s``): no reverse,
    and not 1S-1NT-2H, whose four-card raises ``_hearts_after_1nt`` counts."""
    return bind["u"] < bind["s"] and not bind["u"].is_major


def _second_round() -> list[Rule]:
    """Responder's (and opener's) answers to an invitation or a strong rebid."""
    def fits(suit_var: str, need: int) -> Callable[[HandInfo, Bind, Context], bool]:
        return lambda i, b, c: i.lengths[b[suit_var]] >= need
    major_s = {"when": lambda c, b: b["s"].is_major}
    minor_s = {"when": lambda c, b: not b["s"].is_major}
    major_t = {"when": lambda c, b: b["t"].is_major}
    return [
        _R("raise_inv_accept", "1M P 2M P 3M P ?", "4M", hcp=(8, ANY), points=Points.SUPPORT,
           trump="M", notes=(("maximum", None),)),
        _R("raise_inv_decline", "1M P 2M P 3M P ?", "P", notes=(("minimum", None),)),
        _R("minor_raise_2nt_accept", "1m P 2m P 2N P ?", "3N", hcp=(8, ANY)),
        _R("minor_raise_2nt_decline", "1m P 2m P 2N P ?", "3m", forcing=F.SIGNOFF),
        _R("nt_2nt_accept", "1N P 2N P ?", "3N", hcp=(16, 17), notes=(("maximum", None),)),
        _R("nt_2nt_decline", "1N P 2N P ?", "P", hcp=(15, 15), notes=(("minimum", None),)),
        # opposite 18–19 game needs 7: 7 HCP, or 6 with a five-card suit (total points)
        _R("resp_1nt_2nt_accept", "1s P 1N P 2N P ?", "3N", hcp=(7, ANY), points=Points.TOTAL),
        _R("resp_1nt_2nt_pass", "1s P 1N P 2N P ?", "P"),
        _R("resp_1nt_jump_game", "1s P 1N P 3s P ?", "4s", hcp=(8, ANY),
           lengths={"s": (2, 13)}, **major_s),
        _R("resp_1nt_jump_3nt", "1s P 1N P 3s P ?", "3N", hcp=(9, ANY), test=_fitting_3nt,
           **minor_s),
        # a singleton in opener's six-card major and 9+ HCP: 3NT (25 together), the
        # stoppers outside it (the textbook answer to an invitational jump rebid)
        _R("resp_1nt_jump_3nt_short", "1s P 1N P 3s P ?", "3N", hcp=(9, ANY),
           lengths={"s": (1, 1)}, test=_fitting_3nt, **major_s),
        _R("resp_1nt_jump_pass", "1s P 1N P 3s P ?", "P"),
        # opener's new suit over 1NT (10-18, four cards, not a reverse): responder raises it
        # with four and the top of 1NT in support points (or more: shortness the 1NT did not
        # count), else gives preference to opener's
        # five-card suit with two or three of it (5-2 plays as well as 4-3, and the
        # preference gives a strong opener another chance), else passes (the SAYC booklet;
        # Root, "Commonsense Bidding")
        _R("resp_1nt_new_raise", "1s P 1N P 2u P ?", "3u", hcp=(8, ANY), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, forcing=F.INVITATIONAL, when=_new_below),
        # the top of 1NT (9-10), balanced, with the unbid suits stopped and no fit invites
        # with 2NT (Root, "Commonsense Bidding": 2NT here is 10-12 where 1NT may hold 12,
        # the top of 6-10 in SAYC); opener bids the notrump game with 14+, 24 together
        _R("resp_1nt_new_2nt", "1s P 1N P 2u P ?", "2N", hcp=(9, 10), forcing=F.INVITATIONAL,
           balanced=True, lengths={"s": (0, 2), "u": (0, 3)},
           test=_stopped_outside("s", "u"),
           test_note=("unbid_stopped", None), when=_new_below),
        _R("opener_new_2nt_accept", "1s P 1N P 2u P 2N P ?", "3N", hcp=(14, ANY),
           notes=(("maximum", None),), when=_new_below),
        _R("opener_new_2nt_decline", "1s P 1N P 2u P 2N P ?", "P", hcp=(0, 13),
           notes=(("minimum", None),), when=_new_below),
        _R("resp_1nt_new_preference", "1s P 1N P 2u P ?", "2s", hcp=(6, 10),
           lengths={"s": (2, 3)}, when=_new_below,
           test=lambda i, b, c: i.lengths[b["s"]] + 1 >= i.lengths[b["u"]]),
        _R("resp_1nt_new_pass", "1s P 1N P 2u P ?", "P", hcp=(6, 10), when=_new_below,
           test=lambda i, b, c: i.lengths[b["u"]] >= 3),
        # the raise invites: opener with 14+ bids four of hearts, 3NT with the other two
        # suits stopped, else five of the minor with 15+ total points; a minimum passes
        _R("opener_new_raised_major", "1s P 1N P 2u P 3u P ?", "4u", hcp=(14, ANY),
           notes=(("maximum", None),), when=lambda c, b: _new_below(c, b) and b["u"].is_major),
        _R("opener_new_raised_3nt", "1s P 1N P 2u P 3u P ?", "3N", hcp=(14, ANY),
           test=_stopped_outside("s", "u"), test_note=("unbid_stopped", None),
           when=_new_below),
        _R("opener_new_raised_game", "1s P 1N P 2u P 3u P ?", "5u", hcp=(15, ANY),
           points=Points.TOTAL, when=lambda c, b: _new_below(c, b) and not b["u"].is_major),
        _R("opener_new_raised_pass", "1s P 1N P 2u P 3u P ?", "P", notes=(("minimum", None),),
           when=_new_below),
        # opposite the minimum rebid of a six-card major (1♠–1NT–2♠, 10–15) the top of
        # 1NT with a doubleton or three invites; game is opener's to bid with a maximum
        _R("resp_1nt_rebid_invite", "1M P 1N P 2M P ?", "3M", hcp=(9, 10),
           lengths={"M": (2, 3)}, forcing=F.INVITATIONAL),
        _R("opener_1nt_invite_accept", "1M P 1N P 2M P 3M P ?", "4M", hcp=(15, ANY),
           points=Points.TOTAL, notes=(("maximum", None),)),
        _R("opener_1nt_invite_decline", "1M P 1N P 2M P 3M P ?", "P",
           notes=(("minimum", None),)),
        # a singleton or void in it: the misfit passes (no notrump game opposite a minimum)
        _R("resp_1nt_rebid_misfit", "1M P 1N P 2M P ?", "P", hcp=(0, 10),
           lengths={"M": (0, 1)}),
        # short of the invitation the fit passes too (the pass read "at most one" of it)
        _R("resp_1nt_rebid_pass", "1M P 1N P 2M P ?", "P", hcp=(0, 8), lengths={"M": (2, 3)}),
        _R("resp_2nt_rebid_slam", "1s P 1t P 2N P ?", "6t", hcp=(14, ANY),
           lengths={"t": (6, 13)}, **major_t),
        _R("resp_2nt_rebid_6nt", "1s P 1t P 2N P ?", "6N", hcp=(14, 18)),
        _R("resp_2nt_rebid_7nt", "1s P 1t P 2N P ?", "7N", hcp=(19, ANY)),  # 37 at least
        # after opener's 2NT (18–19) responder shows a five-card major again, or four spades
        # after 1♥ (both forcing to game): opener raises with three (four) or bids 3NT
        _R("resp_2nt_rebid_five", "1s P 1t P 2N P ?", "3t", hcp=(6, ANY),
           lengths={"t": (5, 5)}, forcing=F.GAME_FORCING, **major_t),
        _R("resp_2nt_spades", "1s P 1H P 2N P ?", "3S", hcp=(6, ANY),
           lengths={"S": (4, 13), "H": (4, 4)}, forcing=F.GAME_FORCING),
        _R("opener_2nt_five_raise", "1s P 1t P 2N P 3t P ?", "4t", lengths={"t": (3, 13)},
           **major_t),
        _R("opener_2nt_five_3nt", "1s P 1t P 2N P 3t P ?", "3N", lengths={"t": (0, 2)},
           **major_t),
        _R("opener_2nt_spades_raise", "1s P 1H P 2N P 3S P ?", "4S", lengths={"S": (4, 13)}),
        _R("opener_2nt_spades_3nt", "1s P 1H P 2N P 3S P ?", "3N", lengths={"S": (0, 3)}),
        _R("resp_2nt_rebid_4nt", "1s P 1t P 2N P ?", "4N", hcp=(12, 13),
           notes=(("quantitative", None),), forcing=F.INVITATIONAL,
           test=lambda i, b, c: i.lengths[b["t"]] <= 5 or not b["t"].is_major),
        _R("opener_2nt_4nt_accept", "1s P 1t P 2N P 4N P ?", "6N", hcp=(19, 19),
           notes=(("maximum", None),)),
        _R("opener_2nt_4nt_decline", "1s P 1t P 2N P 4N P ?", "P", hcp=(0, 18),
           notes=(("minimum", None),)),
        _R("resp_2nt_rebid_game", "1s P 1t P 2N P ?", "4t", hcp=(6, ANY),
           lengths={"t": (6, 13)}, **major_t),
        _R("resp_2nt_rebid_3nt", "1s P 1t P 2N P ?", "3N", hcp=(6, ANY)),
        _R("resp_jump_rebid_game", "1s P 1t P 3s P ?", "4s", hcp=(8, ANY),
           test=fits("s", 2), **major_s),
        # a good seven-card major opposite the jump rebid: its game at once (opener's 3NT
        # over a forcing 3t would be the wrong game when opener is short there)
        _R("resp_jump_rebid_own_game", "1s P 1t P 3s P ?", "4t", hcp=(8, ANY),
           lengths={"t": (7, 13)}, test=lambda i, b, c: i.good_suit(b["t"]), **major_t),
        _R("resp_jump_rebid_own", "1s P 1t P 3s P ?", "3t", hcp=(8, ANY),
           lengths={"t": (6, 13)}, forcing=F.FORCING, **major_t),
        _R("resp_jump_rebid_own_raise", "1s P 1t P 3s P 3t P ?", "4t", lengths={"t": (2, 13)},
           **major_t),
        _R("resp_jump_rebid_own_3nt", "1s P 1t P 3s P 3t P ?", "3N", lengths={"t": (0, 1)},
           **major_t),
        # 8+ opposite the jump rebid (16–18): game, as with a major (the pass is 0–7)
        _R("resp_jump_rebid_3nt", "1s P 1t P 3s P ?", "3N", hcp=(8, ANY), test=_fitting_3nt),
        # without the stoppers for 3NT, three cards in opener's six-card minor play its game
        _R("resp_jump_rebid_minor_game", "1s P 1t P 3s P ?", "5s", hcp=(8, ANY),
           lengths={"s": (3, 13)}, when=lambda c, b: not b["s"].is_major),
        _R("resp_jump_rebid_pass", "1s P 1t P 3s P ?", "P", hcp=(0, 7)),
        _R("resp_jump_raise_game", "1s P 1t P 3t P ?", "4t", hcp=(8, ANY), **major_t),
        _R("resp_jump_raise_pass", "1s P 1t P 3t P ?", "P", hcp=(0, 7), **major_t),
        _R("resp_raise_game", "1s P 1t P 2t P ?", "4t", hcp=(13, ANY), points=Points.SUPPORT,
           trump="t", **major_t),
        _R("resp_raise_invite", "1s P 1t P 2t P ?", "3t", hcp=(11, 12), points=Points.SUPPORT,
           trump="t", forcing=F.INVITATIONAL, **major_t),
        _R("resp_raise_pass", "1s P 1t P 2t P ?", "P", hcp=(0, 10), **major_t),
        # opener answers the invitation (11–12) by the top of the raise's range, 14+ support
        # points, whatever responder's first pass said: 25 together, the major game
        _R("opener_raise_inv_accept", "1s P 1t P 2t P 3t P ?", "4t", hcp=(14, ANY),
           points=Points.SUPPORT, trump="t", notes=(("maximum", None),), **major_t),
        _R("opener_raise_inv_decline", "1s P 1t P 2t P 3t P ?", "P",
           notes=(("minimum", None),), **major_t),
        # a second four-card major with values to force: the last chance for its 4-4 fit
        _R("resp_other_major", "1s P 1t P 2s P ?", "2u", hcp=(11, ANY),
           lengths={"u": (4, 13)}, forcing=F.FORCING,
           when=lambda c, b: not b["s"].is_major and ("u" not in b or (
               b["u"].is_major and b["u"] is not b["t"]))),
        _R("resp_own_rebid_game", "1s P 1t P 2s P ?", "4s", hcp=(13, ANY),
           lengths={"s": (2, 13)}, **major_s),
        # three cards opposite the six-card major opener rebid: the nine-card fit's game from
        # 11 HCP (a 3NT would leave a suit open that the trumps control)
        _R("resp_own_rebid_game_fit", "1s P 1t P 2s P ?", "4s", hcp=(11, ANY),
           lengths={"s": (3, 13)}, **major_s),
        # responder's own six-card major: game with 12+, an invitation with 10–11
        _R("resp_own_major_game", "1s P 1t P 2s P ?", "4t", hcp=(12, 17),
           lengths={"t": (6, 13)}, **major_t),
        _R("resp_own_major_invite", "1s P 1t P 2s P ?", "3t", hcp=(10, 11),
           lengths={"t": (6, 13)}, forcing=F.INVITATIONAL, **major_t),
        # 3NT from 11 HCP opposite the rebid (10–15): 24 together, the modern game
        # (balanced, one of the two unbid suits may be left to opener: both open, 3NT
        # went down with 964 and 42 in them, s32-a 694)
        _R("resp_own_rebid_3nt", "1s P 1t P 2s P ?", "3N", hcp=(11, 17),
           test=lambda i, b, c: (i.balanced and sum(
               i.stopper(x) for x in Suit if x not in (b["s"], b["t"])) >= 1)
           or i.stopper(C) + i.stopper(D) + i.stopper(H) + i.stopper(S) >= 3),
        # no notrump game: opener's rebid minor raised with four cards, 10–12 (an invitation
        # to 3NT or five; 2NT would deny the fit and name stoppers it lacks)
        _R("resp_own_minor_invite", "1s P 1t P 2s P ?", "3s", hcp=(10, 12),
           lengths={"s": (4, 13)}, forcing=F.INVITATIONAL,
           when=lambda c, b: not b["s"].is_major),
        # a second suit, a minor, with an opening hand (11 HCP with 5-5) and no notrump
        # game: the new suit, forcing to game (s27-b 961: 1D-1S-2D with AJ876 and AQT84
        # bid an invitational 2NT with a singleton diamond and no heart stopped; 3NT made)
        _R("resp_new_minor_force", "1s P 1t P 2s P ?", "cu", hcp=(11, ANY),
           lengths={"t": (5, 13), "u": (4, 13)}, forcing=F.GAME_FORCING,
           test=lambda i, b, c: i.hcp >= 12 or i.lengths[b["u"]] >= 5,
           when=lambda c, b: not b["u"].is_major and b["u"] is not b["s"]),
        # opener accepts with 13+: 3NT with the two unbid suits stopped and a card in
        # responder's suit (a void there plays in the minor), else five of the minor with 15+
        # total points and shortness; a minimum passes
        _R("opener_minor_invite_3nt", "1s P 1t P 2s P 3s P ?", "3N", hcp=(13, ANY),
           lengths={"t": (1, 13)}, test=_stopped_outside("s", "t"), test_note=("unbid_stopped", None),
           when=lambda c, b: not b["s"].is_major),
        _R("opener_minor_invite_game", "1s P 1t P 2s P 3s P ?", "5s", hcp=(15, ANY),
           points=Points.TOTAL, test=lambda i, b, c: i.hcp <= 15 and min(i.lengths) <= 1,
           test_note=("a_short_suit", None), when=lambda c, b: not b["s"].is_major),
        _R("opener_minor_invite_pass", "1s P 1t P 2s P 3s P ?", "P", hcp=(0, 15),
           notes=(("minimum", None),), when=lambda c, b: not b["s"].is_major),
        _R("opener_own_invite_accept", "1s P 1t P 2s P 3t P ?", "4t", hcp=(13, ANY),
           lengths={"t": (2, 13)}, **major_t),
        _R("opener_own_invite_decline", "1s P 1t P 2s P 3t P ?", "P", **major_t),
        _R("resp_own_rebid_invite", "1s P 1t P 2s P ?", "3s", hcp=(11, 12),
           lengths={"s": (2, 13)}, forcing=F.INVITATIONAL, **major_s),
        _R("resp_1nt_rebid_3nt", "1s P 1t P 1N P ?", "3N", hcp=(13, 18),
           test=lambda i, b, c: i.lengths[b["t"]] <= 5 or not b["t"].is_major),
        _R("resp_1nt_rebid_2nt", "1s P 1t P 1N P ?", "2N", hcp=(11, 12), balanced=True,
           forcing=F.INVITATIONAL),
        # opener's 1NT rebid is 10–14 (the rule of 20's light openings rebid it too): the
        # invitation (11–12) is accepted with the top of the range, 14, as "maximum" means
        _R("opener_2nt_invite_accept", "1s P 1t P 1N P 2N P ?", "3N", hcp=(14, ANY),
           notes=(("maximum", None),)),
        _R("opener_2nt_invite_decline", "1s P 1t P 1N P 2N P ?", "P", hcp=(0, 13),
           notes=(("minimum", None),)),
    ]


def _below_reverse(ctx: Context, bind: Bind) -> bool:
    """Opener's second suit ``u`` is a new suit at the one level, or a lower one than the
    opening suit at the two level: not a reverse, not a jump shift."""
    last = ctx.last_bid
    if last is None or last.level is None:
        return False
    return last.level == 1 or (last.level == 2 and bind["u"] < bind["s"])


def _responder_long_suit() -> list[Rule]:
    """Responder's rebid of a six-card suit after opener's new suit (1♣–1♥–1♠, 1♦–1♠–2♣):
    with a major a jump to game with an opening hand, the jump rebid (invitational, 10–11),
    the cheap rebid with 5–9, as after opener's rebid of the opening suit (Root and
    Pavlicek); a minor's cheap rebid up to 11. No four cards in opener's major second
    suit, nor three in opener's major first suit (that fit comes first)."""
    def no_major_fit(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        return not ((bind["u"].is_major and info.lengths[bind["u"]] >= 4)
                    or (bind["s"].is_major and info.lengths[bind["s"]] >= 3))
    seq = "1s P 1t P 1u|2u P ?"

    def major(ctx: Context, bind: Bind) -> bool:
        return bind["t"].is_major and _below_reverse(ctx, bind)

    def minor(ctx: Context, bind: Bind) -> bool:
        return not bind["t"].is_major and _below_reverse(ctx, bind)
    return [
        _R("resp_long_major_game", seq, "4t", hcp=(12, 17), lengths={"t": (6, 13)},
           when=major, test=no_major_fit),
        _R("resp_long_major_invite", seq, "3t", hcp=(10, 11), lengths={"t": (6, 13)},
           forcing=F.INVITATIONAL, when=major, test=no_major_fit),
        # the cheap rebid of the six-card suit is the weak one (a minor's up to 11: its
        # invitation is no jump), read as such so that opener does not place a game
        _R("resp_long_major_min", seq, "2t", hcp=(5, 9), lengths={"t": (6, 13)},
           notes=(("minimum", None),), when=major, test=no_major_fit),
        _R("resp_long_minor_min", seq, "2t", hcp=(5, 11), lengths={"t": (6, 13)},
           notes=(("minimum", None),), when=minor),
    ]


def _two_over_one_rebid_answers() -> list[Rule]:
    """After a two-level response and opener's rebid of his suit (1♠–2♦–2♠, not forcing to
    game), responder with 11–12 and no fit invites with 2NT rather than bid 3NT (the
    SAYC booklet: 2NT 11–12, 3NT 13+); opener bids game with 14+ total points, 25
    together. A six-card suit of responder's own is rebid instead (the natural placement)."""
    seq = "1s P 2t P 2s P"

    def not_forced(ctx: Context, bind: Bind) -> bool:
        return not ctx.game_forced()
    return [
        _R("resp_two_rebid_2nt", f"{seq} ?", "2N", hcp=(11, 12), forcing=F.INVITATIONAL,
           lengths={"s": (0, 2)}, when=not_forced,
           test=lambda i, b, c: max(i.lengths) <= 5 and min(i.lengths) >= 2),
        _R("opener_two_rebid_2nt_accept", f"{seq} 2N P ?", "3N", hcp=(14, ANY),
           points=Points.TOTAL, notes=(("maximum", None),), when=not_forced),
        _R("opener_two_rebid_2nt_decline", f"{seq} 2N P ?", "P", hcp=(0, 13),
           points=Points.TOTAL, notes=(("minimum", None),), when=not_forced),
        # a seven-card major plays in game in it, not in responder's 3NT: responder chose
        # notrump knowing six of it, and a seventh with a short suit runs as trumps
        _R("opener_two_rebid_3nt_to_major", f"{seq} 3N P ?", "4s", lengths={"s": (7, 13)},
           when=lambda c, b: b["s"].is_major, test=lambda i, b, c: min(i.lengths) <= 1),
        # the same with six of it after a new suit (1♠–2♣–2♦–3NT with 6-5 and a singleton):
        # responder's 3NT holds two of the major, eight trumps and a ruff; a stronger
        # opener looks for slam by the placement
        _R("opener_new_suit_3nt_to_major", "1s P 2t P 2u P 3N P ?", "4s", hcp=(0, 15),
           lengths={"s": (6, 13)}, when=lambda c, b: b["s"].is_major,
           test=lambda i, b, c: min(i.lengths) <= 1),
    ]


def _second_major_raises() -> list[Rule]:
    """Responder raises opener's one-level major second suit (1♣–1♦–1♠, 1♦–1♥–1♠) with four
    cards like a first-round raise, in support points: 2M with 6–10, 3M invitational with
    11–12 (opener bids game with 14+ support points), 4M with 13+; opposite a rebid of
    10–18 a 7-count with a singleton is no game."""
    seq = "1s P 1t P 1u P"
    major = {"when": lambda c, b: b["u"].is_major}
    return [
        _R("resp_second_major_game", f"{seq} ?", "4u", hcp=(13, ANY), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, **major),
        _R("resp_second_major_invite", f"{seq} ?", "3u", hcp=(11, 12), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, forcing=F.INVITATIONAL, **major),
        _R("resp_second_major_raise", f"{seq} ?", "2u", hcp=(6, 10), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, **major),
        _R("opener_second_major_accept", f"{seq} 3u P ?", "4u", hcp=(14, ANY),
           points=Points.SUPPORT, trump="u", notes=(("maximum", None),), **major),
        _R("opener_second_major_decline", f"{seq} 3u P ?", "P", notes=(("minimum", None),),
           **major),
    ]


def _after_one_level_rebid() -> list[Rule]:
    """Responder's second call after opener's new suit at the one level (1♣–1♦–1♥,
    1♦–1♥–1♠), which is not forcing but leaves opener's range at 10–18: with no four cards
    for it (and no six-card suit, ``_responder_long_suit``), a preference with five of
    opener's minor (6–10), 1NT (7–10) or 2NT (11–12, invitational; opener bids game with
    13+, 24 together: the modern game, as over the 1NT rebid): the textbook rebids of a
    responder who must not pass 8–10 HCP opposite a hand that may hold 18. Over the 1NT an
    unbalanced minimum opener bids a suit again."""
    seq = "1s P 1t P 1u P"
    short_u = {"lengths": {"u": (0, 3)}}
    return [
        _R("resp_one_level_preference", f"{seq} ?", "2s", hcp=(6, 10),
           lengths={"s": (5, 13), "u": (0, 3)}, notes=(("preference", None),),
           when=lambda c, b: not b["s"].is_major),
        _R("resp_one_level_1nt", f"{seq} ?", "1N", hcp=(7, 10), **short_u),
        # balanced game values, counted like the 1NT rebid's (Goren's 33 for a small slam)
        # against opener's 10–18: 3NT with 13–18 and the fourth suit stopped (without the
        # stopper, fourth suit forcing), 6NT with 19–21; opener with 17–18 answers the 3NT
        # with the quantitative 4NT, which responder accepts with 15–18. A jump to 4NT stays
        # the key-card ask for opener's major (responder with four of it and slam values).
        _R("resp_one_level_6nt", f"{seq} ?", "6N", hcp=(19, 21), balanced=True, **short_u),
        _R("resp_one_level_3nt", f"{seq} ?", "3N", hcp=(13, 18), balanced=True,
           test=_stopped_outside("s", "t", "u"), test_note=("unbid_stopped", None),
           **short_u),
        _R("opener_one_level_3nt_4nt", f"{seq} 3N P ?", "4N", hcp=(17, 18),
           notes=(("quantitative", None),), forcing=F.INVITATIONAL),
        _R("resp_one_level_4nt_accept", f"{seq} 3N P 4N P ?", "6N", hcp=(15, 18),
           notes=(("maximum", None),)),
        _R("resp_one_level_4nt_decline", f"{seq} 3N P 4N P ?", "P", hcp=(0, 14),
           notes=(("minimum", None),)),
        _R("resp_one_level_2nt", f"{seq} ?", "2N", hcp=(11, 12), balanced=True,
           forcing=F.INVITATIONAL, **short_u),
        _R("opener_one_level_2nt_accept", f"{seq} 2N P ?", "3N", hcp=(13, ANY),
           notes=(("maximum", None),)),
        _R("opener_one_level_2nt_decline", f"{seq} 2N P ?", "P", hcp=(0, 12),
           notes=(("minimum", None),)),
        # opposite the 1NT (7–10) an unbalanced minimum does not leave it in: a six-card
        # first suit again, else a five-card second suit (to play: responder passes or
        # gives preference); a balanced hand passes or raises by the placement
        _R("opener_one_level_1nt_long", f"{seq} 1N P ?", "2s", hcp=(10, 15),
           lengths={"s": (6, 13)}, forcing=F.SIGNOFF, test=_unbalanced),
        _R("opener_one_level_1nt_five", f"{seq} 1N P ?", "2u", hcp=(10, 15),
           lengths={"u": (5, 13)}, test=_unbalanced),
    ]


def _cue_raised(ctx: Context, bind: Bind) -> bool:
    """Our side's bid of their suit was the cue-bid raise of opener's major (a limit raise
    or better), by partner (opener answering) or by the caller (its continuation)."""
    return any("cue_raise" in dict(e.shown.notes) for e in ctx.our_bids())


def _cue_raise_answers() -> list[Rule]:
    """Opener's answer to the cue-bid raise of the major over an overcall (1♥–2♣–3♣: three
    cards or more, a limit raise or better) and responder's continuation, as opposite the
    limit raise (``limit_accept``): the game with 14+ support points, three of the major with
    a minimum (not forcing: the cue-bid may be a limit raise), which responder raises to game
    with 13+ support points and passes with a limit raise. A cue-bid at the four level (over
    a three-level overcall) has forced to game: four of the major is any hand short of slam."""
    seq = "1M Lt Lt P"

    def at(level: int) -> dict[str, Callable[[Context, Bind], bool]]:
        return {"when": lambda c, b: _cue_raised(c, b)
                and c.cheapest_level(b["M"].strain) == level}
    at3, at4 = at(3), at(4)
    return [
        _R("cue_raise_game", f"{seq} ?", "4M", hcp=(14, ANY), points=Points.SUPPORT,
           trump="M", **at3),
        _R("cue_raise_min", f"{seq} ?", "3M", hcp=(10, 13), points=Points.SUPPORT,
           trump="M", notes=(("minimum", None),), **at3),
        _R("cue_raise_game_4", f"{seq} ?", "4M", hcp=(10, ANY), points=Points.SUPPORT,
           trump="M", **at4),
        _R("cue_raise_min_game", f"{seq} 3M P ?", "4M", hcp=(13, ANY), points=Points.SUPPORT,
           trump="M", when=_cue_raised),
        _R("cue_raise_min_pass", f"{seq} 3M P ?", "P", hcp=(0, 12), points=Points.SUPPORT,
           trump="M", when=_cue_raised),
    ]


def _reverse_answers() -> list[Rule]:
    """Responder's answers to opener's reverse (1♣–1♥–2♦, 1♦–1♠–2♥: 16–21, five or more of
    the first suit, forcing one round), the natural ones of the textbooks (Root and
    Pavlicek, "Modern Bridge Conventions", before Ingberman): four cards of a major second
    suit raise it (game with 10+), a six-card suit of responder's own jumps with 10+ (game
    forcing) and a five-card one is rebid with 4–9 (forcing one round: opener raises a major
    with three), three of the first suit is preference (5–9), 3NT shows 9–12 with the fourth
    suit stopped, 2NT the weak rest (4–8); with a minor second suit four cards raise it
    (5–9). Opener with 20–21 answers the 3NT with the quantitative 4NT (responder accepts
    with 11–12), and over the weak 2NT bids the notrump game with 19+."""
    seq = "1s P 1t P 2u P"
    rev = {"when": _reversed}
    major_u = {"when": lambda c, b: b["u"].is_major and _reversed(c, b)}
    minor_u = {"when": lambda c, b: not b["u"].is_major and _reversed(c, b)}
    return [
        _R("rev_major_game", f"{seq} ?", "4u", hcp=(10, ANY), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, **major_u),
        _R("rev_major_raise", f"{seq} ?", "3u", hcp=(4, 9), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, **major_u),
        _R("rev_3nt", f"{seq} ?", "3N", hcp=(9, 12), test=_stopped_outside("s", "t", "u"),
           test_note=("unbid_stopped", None), lengths={"u": (0, 3)}, **rev),
        _R("rev_own_jump", f"{seq} ?", "3t", hcp=(10, ANY), lengths={"t": (6, 13)},
           forcing=F.GAME_FORCING, **rev),
        _R("rev_own", f"{seq} ?", "2t", hcp=(4, 9), lengths={"t": (5, 13)},
           forcing=F.FORCING, **rev),
        _R("rev_minor_raise", f"{seq} ?", "3u", hcp=(5, 9), lengths={"u": (4, 13)},
           **minor_u),
        _R("rev_preference", f"{seq} ?", "3s", hcp=(5, 9), lengths={"s": (3, 13)},
           notes=(("preference", None),), **rev),
        _R("rev_2nt", f"{seq} ?", "2N", hcp=(4, 8), **rev),
        _R("rev_3nt_4nt", f"{seq} 3N P ?", "4N", hcp=(20, 21),
           notes=(("quantitative", None),), forcing=F.INVITATIONAL, when=_reversed),
        _R("rev_3nt_4nt_accept", f"{seq} 3N P 4N P ?", "6N", hcp=(11, 12),
           notes=(("maximum", None),), when=_reversed),
        _R("rev_3nt_4nt_decline", f"{seq} 3N P 4N P ?", "P", hcp=(0, 10),
           notes=(("minimum", None),), when=_reversed),
        _R("rev_2nt_game", f"{seq} 2N P ?", "3N", hcp=(19, 21), when=_reversed),
        # responder's suit rebid is forcing: three cards raise a major (game with 18+), a
        # six-card jump rebid is raised to game with two
        _R("rev_own_game", f"{seq} 2t P ?", "4t", hcp=(18, 21), lengths={"t": (3, 13)},
           when=lambda c, b: b["t"].is_major and _reversed(c, b)),
        _R("rev_own_raise", f"{seq} 2t P ?", "3t", lengths={"t": (3, 13)},
           when=lambda c, b: b["t"].is_major and _reversed(c, b)),
        _R("rev_jump_game", f"{seq} 3t P ?", "4t", lengths={"t": (2, 13)},
           when=lambda c, b: b["t"].is_major and _reversed(c, b)),
    ]


def _reversed(ctx: Context, bind: Bind) -> bool:
    """Our opener's second call was a reverse (a higher new suit at the two level, 16–21),
    whichever of the two partners is calling now."""
    return any(len(calls) >= 2 and "reverse" in dict(calls[1].shown.notes)
               for calls in (ctx.calls_of(ctx.bidder), ctx.calls_of(ctx.partner)))


def _unbalanced(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """A singleton or void somewhere, or a six-card suit: no notrump partscore."""
    return min(info.lengths) <= 1 or max(info.lengths) >= 6


def _prefers_first(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """As long in opener's first suit as in the second: the preference goes to the first
    (opener holds more of it; a 2–2 preference is the textbook false preference)."""
    return info.lengths[bind["s"]] >= info.lengths[bind["u"]]


def _after_two_level_rebid() -> list[Rule]:
    """Responder's second call after opener's lower new suit at the two level (1♥–1♠–2♦,
    1♦–1♠–2♣: 10–18, not forcing): with no six-card suit (``_responder_long_suit``) the
    preference to opener's first suit with as many cards there as in the second (6–9), or
    its jump preference with three cards and 10–12 support points (invitational: opener
    bids game with 14+), and the raises of opener's minor second suit with four cards."""
    seq = "1s P 1t P 2u P"
    below = {"when": lambda c, b: b["u"] < b["s"]}
    return [
        _R("resp_two_level_preference", f"{seq} ?", "2s", hcp=(6, 9),
           lengths={"s": (2, 13)}, notes=(("preference", None),), test=_prefers_first,
           **below),
        _R("resp_two_level_jump_preference", f"{seq} ?", "3s", hcp=(10, 12),
           notes=(("preference", None),), points=Points.SUPPORT, trump="s",
           lengths={"s": (3, 13)}, forcing=F.INVITATIONAL, test=_prefers_first, **below),
        _R("opener_jump_preference_accept", f"{seq} 3s P ?", "4s", hcp=(14, ANY),
           notes=(("maximum", None),), when=lambda c, b: b["u"] < b["s"] and b["s"].is_major),
        _R("opener_jump_preference_decline", f"{seq} 3s P ?", "P", hcp=(0, 13),
           notes=(("minimum", None),), **below),
        # four cards of opener's minor second suit: the game in it with 14+ support points
        # and shortness, the raise to three invites with 10-13 (opener bids 3NT with the
        # fourth suit stopped and 14+, else five of it)
        _R("resp_two_level_raise_game", f"{seq} ?", "5u", hcp=(14, ANY),
           points=Points.SUPPORT, trump="u", lengths={"u": (4, 13)}, test=_unbalanced,
           **below),
        _R("resp_two_level_raise", f"{seq} ?", "3u", hcp=(10, 13), points=Points.SUPPORT,
           trump="u", lengths={"u": (4, 13)}, forcing=F.INVITATIONAL, **below),
        _R("opener_two_level_raise_3nt", f"{seq} 3u P ?", "3N", hcp=(14, ANY),
           test=_stopped_outside("s", "t", "u"), test_note=("unbid_stopped", None), **below),
        _R("opener_two_level_raise_game", f"{seq} 3u P ?", "5u", hcp=(14, ANY),
           notes=(("maximum", None),), **below),
        _R("opener_two_level_raise_decline", f"{seq} 3u P ?", "P", hcp=(0, 13),
           notes=(("minimum", None),), **below),
    ]


def _hearts_after_1nt() -> list[Rule]:
    """Responder's raise of opener's hearts after 1♠–1NT–2♥ (1NT 6–10 denied three spades,
    not four hearts; 2♥ 10–18): four hearts and 12+ support points bid game, 9–11 invite
    (opener bids game with 15+), fewer pass or give preference; a 4-4 fit counted like any
    raise, not 26 in the natural placement's estimate of a wide rebid."""
    seq = "1S P 1N P 2H P"
    four = {"lengths": {"H": (4, 13)}, "points": Points.SUPPORT, "trump": "H"}
    return [
        _R("resp_1nt_hearts_game", f"{seq} ?", "4H", hcp=(12, ANY), **four),
        _R("resp_1nt_hearts_invite", f"{seq} ?", "3H", hcp=(9, 11), forcing=F.INVITATIONAL,
           **four),
        _R("opener_1nt_hearts_accept", f"{seq} 3H P ?", "4H", hcp=(15, ANY),
           points=Points.SUPPORT, trump="H", notes=(("maximum", None),)),
        _R("opener_1nt_hearts_decline", f"{seq} 3H P ?", "P", notes=(("minimum", None),)),
    ]


def _fourth_suit_hand(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Game values with no natural call: no stopper in the fourth suit (with one, 3NT; but
    five cards of it are a suit to show, and a strong unbalanced hand forces with it
    whatever it holds there), no six-card suit of responder's own (unless strong), no three
    cards in opener's major first suit and no four in a major second suit (those fits have
    their bids), unless the three-card support comes with slam interest (``SUPPORT_SLAM``:
    the jump to game would be fast arrival, a minimum; the fourth suit first, then the
    major, sets it below game where the key-card ask is for it)."""
    s, t, u, v = bind["s"], bind["t"], bind["u"], bind["v"]
    strong = info.hcp >= 16 and _unbalanced(info, bind, ctx)
    support_slam = s.is_major and info.lengths[s] >= 3 and info.hcp >= SUPPORT_SLAM
    return ((not info.stopper(v) or strong or info.lengths[v] >= 5 or support_slam)
            and (info.lengths[t] < 6 or strong)
            and not (s.is_major and info.lengths[s] >= 3 and not support_slam)
            and not (u.is_major and info.lengths[u] >= 4))


SUPPORT_SLAM = 16
"""The least HCP of a responder with three-card support for opener's major who forces with
the fourth suit rather than jump to game (16 opposite an opening: slam if opener has
extras), as every fourth-suit text describes the slow route for the stronger raise."""


def _cheapest_at(*levels: int) -> Callable[[Context, Bind], bool]:
    """The fourth suit ``v`` is bid at one of ``levels`` (a one-level fourth suit is natural)."""
    return lambda ctx, bind: ctx.cheapest_level(bind["v"].strain) in levels


def _partner_noted(ctx: Context, note: str) -> bool:
    """Partner's last call carried ``note``."""
    last = ctx.partner_last()
    return last is not None and note in dict(last.shown.notes)


def _i_bid_fourth_suit(ctx: Context) -> bool:
    """The caller's last call was fourth suit forcing."""
    mine = ctx.calls_of(ctx.bidder)
    return bool(mine) and "fourth_suit" in dict(mine[-1].shown.notes)


def _after_fourth_suit(ctx: Context, bind: Bind) -> bool:
    """Partner's last call was fourth suit forcing."""
    return _partner_noted(ctx, "fourth_suit")


def _fourth_suit_forcing() -> list[Rule]:
    """Fourth suit forcing (the SAYC booklet's, played to game as in modern standard): after
    1♥–1♠–2♣ or 1♦–1♥–1♠ responder with 12+ HCP and no natural call bids the fourth suit,
    and opener describes in order: three cards in responder's major, notrump with a stopper
    in the fourth suit (3NT with 15+), a six-card first suit, a five-card second suit, four
    cards in the fourth suit, else the first suit again."""
    out: list[Rule] = []
    for tag, seq, levels in (("", "1s P 1t P 2u P", (2, 3)), ("_one", "1s P 1t P 1u P", (2,))):
        fourth = f"{seq} Lv P"
        asked = f"{fourth} ?"
        answer = {"forcing": F.FORCING, "when": _after_fourth_suit}
        out += [
            _R(f"fourth_suit{tag}", f"{seq} ?", "cv", hcp=(12, ANY), artificial=True,
               forcing=F.GAME_FORCING, notes=(("fourth_suit", None),),
               when=_cheapest_at(*levels), test=_fourth_suit_hand),
            _R(f"fourth_suit{tag}_support", asked, "ct", lengths={"t": (3, 13)},
               when=lambda c, b: b["t"].is_major and _after_fourth_suit(c, b),
               forcing=F.FORCING),
            _R(f"fourth_suit{tag}_3nt", asked, "3N", hcp=(15, ANY), test=_stopper("v"),
               test_note=("stopper", "v"), **answer),
            _R(f"fourth_suit{tag}_nt", asked, "cN", hcp=(10, 14), test=_stopper("v"),
               test_note=("stopper", "v"), **answer),
            _R(f"fourth_suit{tag}_six", asked, "cs", lengths={"s": (6, 13)}, **answer),
            _R(f"fourth_suit{tag}_five_five", asked, "cu", lengths={"u": (5, 13)}, **answer),
            _R(f"fourth_suit{tag}_raise", asked, "cv", lengths={"v": (4, 13)}, **answer),
            _R(f"fourth_suit{tag}_again", asked, "cs", **answer),
            # responder with three of opener's major and slam interest sets it below game
            # (forcing: the fourth suit forced to game), so that 4NT next asks for it
            _R(f"fourth_suit{tag}_slam_support", f"{fourth} b P ?", "cs", hcp=(SUPPORT_SLAM, ANY),
               lengths={"s": (3, 13)}, forcing=F.FORCING, notes=(("slam_interest", None),),
               when=lambda c, b: (b["s"].is_major and c.cheapest_level(b["s"].strain) <= 3
                                  and _i_bid_fourth_suit(c))),
            _R(f"fourth_suit{tag}_slam_support_min", f"{fourth} b P Ls P ?", "4s",
               hcp=(10, 13), notes=(("minimum", None),), forcing=F.SIGNOFF,
               when=lambda c, b: b["s"].is_major and _partner_noted(c, "slam_interest")),
            # neither hand stops the fourth suit: the major game in opener's five-card suit
            # with two of it, else the minor game with four of opener's second suit
            _R(f"fourth_suit{tag}_major_game", f"{fourth} Ls P ?", "4s",
               lengths={"s": (2, 13)}, test=lambda i, b, c: not i.stopper(b["v"]),
               when=lambda c, b: b["s"].is_major and c.last_bid is not None
               and c.last_bid.level == 2 + (b["s"] < b["v"])),
            _R(f"fourth_suit{tag}_minor_game", f"{fourth} Lu P ?", "5u",
               lengths={"u": (4, 13)}, test=lambda i, b, c: not i.stopper(b["v"]),
               when=lambda c, b: not b["u"].is_major),
        ]
    return out


def _jump_shift_answers() -> list[Rule]:
    """Responder's answer to 1♠–1NT–3♥ (a jump shift, forcing to game, five or six spades
    and four hearts): four hearts raise to game, a doubleton or three spades give
    preference at 3♠ (opener bids 4♠ with six or a short suit, else 3NT), a singleton bids
    3NT (the natural placement)."""
    seq = "1S P 1N P 3H P ?"
    return [
        _R("jump_shift_raise", seq, "4H", lengths={"H": (4, 13)}),
        _R("jump_shift_preference", seq, "3S", lengths={"S": (2, 3), "H": (0, 3)},
           forcing=F.GAME_FORCING, notes=(("preference", None),)),
        # opener places the game after the preference: 4♠ with six spades or a singleton
        # or void (the 5-2 fit plays better than notrump with a short suit), else 3NT
        _R("jump_shift_spade_game", "1S P 1N P 3H P 3S P ?", "4S",
           test=lambda i, b, c: i.lengths[Suit.SPADES] >= 6 or min(i.lengths) <= 1),
        _R("jump_shift_3nt", "1S P 1N P 3H P 3S P ?", "3N"),
    ]


def _not_long_major(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """Responder's suit (``t``) is not a major of six or more, which would look for its own
    slam rather than notrump's."""
    return info.lengths[bind["t"]] <= 5 or not bind["t"].is_major


def _quantitative(name: str, opener: str, seq: str, *, four: tuple[int, int],
                  accept: tuple[int, int]) -> list[Rule]:
    """Responder without a long suit opposite opener's notrump rebid (``seq``): the
    quantitative 4NT with ``four``, 6NT above it, and opener accepts 4NT with ``accept`` (his
    maximum) and passes below it (Goren's 33 between the hands for a small slam)."""
    return [
        _R(f"resp_{name}_6nt", f"{seq} ?", "6N", hcp=(four[1] + 1, ANY), test=_not_long_major),
        _R(f"resp_{name}_4nt", f"{seq} ?", "4N", hcp=four,
           notes=(("quantitative", None),), forcing=F.INVITATIONAL, test=_not_long_major),
        _R(f"opener_{opener}_4nt_accept", f"{seq} 4N P ?", "6N", hcp=accept,
           notes=(("maximum", None),)),
        _R(f"opener_{opener}_4nt_decline", f"{seq} 4N P ?", "P", hcp=(0, accept[0] - 1),
           notes=(("minimum", None),)),
    ]


def _held_back_minor(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """The placement would jump to five of the minor ``u`` holding back the small slam it
    wants (``SLAM_FLOOR``): four of it asks partner instead."""
    if ctx.last_bid is not None and (ctx.last_bid.level or 0) > 3:
        return False
    game = Call.bid(5, bind["u"].strain)
    raw, _ = sayc.natural_fallback(MODERN, info, ctx, placement=AGGRESSIVE)
    if raw.level is None or raw.level < 6 or raw.strain is not game.strain:
        return False
    return modern_fallback(MODERN, info, ctx)[0] == game


def _asked_minor_try(ctx: Context, bind: Bind) -> bool:
    last = ctx.partner_last()
    return (last is not None and "minor_slam_try" in dict(last.shown.notes)
            and ctx.calls[-1].kind is CallKind.PASS)


def _minor_slam_try() -> list[Rule]:
    """A minor-suit slam try (standard practice: four of an agreed minor is forcing, a jump
    to five closes the auction): with a minor fit and slam values short of the strength to
    bid it, four of the minor, not five; partner bids six with 3 HCP above the minimum its
    calls showed, else five."""
    def minor_fit(c: Context, b: Bind) -> bool:
        u = b["u"]
        return (not u.is_major and bool(c.calls) and c.calls[-1].kind is CallKind.PASS
                and c.known(c.bidder).hcp[1] >= 12  # not a preempt's raise
                and c.known(c.partner).hcp[1] >= 12  # nor the raise of partner's preempt
                # 1m–4m stays a raise, and so does 2♣–2♦–3m–4m (the waiting 2♦ shows nothing)
                and any(e.call.is_bid and not e.shown.artificial for e in c.calls_of(c.bidder))
                and any(e.call.is_bid for e in c.calls_of(c.partner))
                and c.known(c.partner).lengths[u][0] >= 3
                and not any(e.seat.side is not c.bidder.side and e.call.is_bid
                            for e in c.history))

    def extras(i: HandInfo, b: Bind, c: Context) -> bool:
        return i.hcp >= c.known(c.bidder).hcp[0] + 3

    return [
        _R("minor_slam_try", "... ?", "4u", forcing=F.FORCING,
           notes=(("minor_slam_try", "u"),), when=minor_fit, test=_held_back_minor),
        _R("minor_try_accept", "... 4s P ?", "6s", forcing=F.SIGNOFF,
           notes=(("accept_slam_try", None),), when=_asked_minor_try, test=extras),
        _R("minor_try_decline", "... 4s P ?", "5s", forcing=F.SIGNOFF,
           notes=(("minimum", None),), when=_asked_minor_try),
    ]


def _slam_tries() -> list[Rule]:
    """Slam where partner's last call named a narrow range (Goren's count: 33 between the
    hands for a small slam): responder opposite opener's jump rebid of a six-card suit
    (16–18) asks for key cards with two cards in opener's major, or bids 6NT with 16+ and a
    card in the suit; opposite opener's 1NT rebid (12–14) the quantitative 4NT with 19–20;
    opener opposite 1M–3NT (15–17 balanced) six of a long major or 6NT; responder opposite
    opener's raise to game (19–21) key cards with 13+; after Jacoby 2NT responder asks
    opposite opener's 3NT or shortness with slam values, else signs off in the major."""
    def fits(need: int) -> Callable[[HandInfo, Bind, Context], bool]:
        return lambda i, b, c: i.lengths[b["s"]] >= need

    return [
        _R("resp_jump_rebid_rkc", "1s P 1t P 3s P ?", "4N", hcp=(15, ANY), artificial=True,
           forcing=F.FORCING, lengths={"s": (2, 13)}, notes=(("rkc", None),),
           when=lambda c, b: b["s"].is_major, test=fits(2)),
        _R("resp_jump_rebid_6nt", "1s P 1t P 3s P ?", "6N", hcp=(16, ANY),
           test=_fitting_3nt),
        # opposite opener's 1NT rebid (12–14; 10 with the rule of 20): 6NT with 21+, the
        # quantitative 4NT with 19–20, which opener accepts with a maximum
        *_quantitative("1nt_rebid", "1nt", "1s P 1t P 1N P", four=(19, 20), accept=(13, 14)),
        # opposite 1M–3NT (15–17 balanced, at most two in the major): six of a long major
        # when HCP and the length past five reach 22 (16 + 16 + 1: each card past five is a
        # trick), 6NT with 17+ and a five-card major
        _R("major_3nt_slam", "1M P 3N P ?", "6M", hcp=(14, 21), lengths={"M": (6, 13)},
           test=lambda i, b, c: i.hcp + i.lengths[b["M"]] >= 22 and i.good_suit(b["M"])),
        _R("major_3nt_6nt", "1M P 3N P ?", "6N", hcp=(17, 21), lengths={"M": (5, 5)}),
        # the same arithmetic after a two-over-one: opposite 2NT (12–14) the quantitative
        # 4NT with 19–20 and 6NT with 21+; opposite 3NT (18–19) 6NT with 14+, 4NT with 12–13
        *_quantitative("two_2nt", "two_2nt", "1s P 2t P 2N P", four=(19, 20), accept=(13, 14)),
        *_quantitative("two_3nt", "two_3nt", "1s P 2t P 3N P", four=(12, 13), accept=(19, 19)),
        # opposite opener's raise to game of the major (19–21 total points): 13+ HCP asks
        # for key cards (32 and more between the hands)
        _R("resp_game_raise_rkc", "1s P 1t P 4t P ?", "4N", hcp=(13, ANY), artificial=True,
           forcing=F.FORCING, notes=(("rkc", None),), when=lambda c, b: b["t"].is_major),
        # the same opposite the jump raise (16–18) with 15+: 31 at least, the slam floor
        # (not opposite the single raise, 11–15: 18 HCP would make only 29 for sure)
        _R("resp_jump_raise_rkc", "1s P 1t P 3t P ?", "4N", hcp=(15, ANY), artificial=True,
           forcing=F.FORCING, notes=(("rkc", None),), when=lambda c, b: b["t"].is_major),
        # Jacoby 2NT agreed the major and forced to game: opener's 3NT (15–17, no shortness)
        # or shortness (12–17) is no place to stop; responder asks for key cards with 17+
        # (32 together opposite 3NT; opposite shortness 16+ with no honour but the ace
        # wasted in it), else signs off in the major (Jacoby's own continuations)
        _R("jacoby_3nt_rkc", "1M P 2N P 3N P ?", "4N", hcp=(17, ANY), artificial=True,
           forcing=F.FORCING, notes=(("rkc", None),)),
        _R("jacoby_3nt_game", "1M P 2N P 3N P ?", "4M", hcp=(11, 16), forcing=F.SIGNOFF),
        _R("jacoby_short_rkc", "1M P 2N P 3t P ?", "4N", hcp=(16, ANY), artificial=True,
           forcing=F.FORCING, notes=(("rkc", None),),
           when=_short_not_major, test=_nothing_wasted("t")),
        _R("jacoby_short_game", "1M P 2N P 3t P ?", "4M", hcp=(11, ANY),
           forcing=F.SIGNOFF, when=_short_not_major),
        # opener has described the hand: 3NT's sign-off ends the auction, and the
        # shortness's game too unless opener has a maximum (15+), who may still try
        _R("jacoby_3nt_signed_off", "1M P 2N P 3N P 4M P ?", "P"),
        _R("jacoby_short_signed_off", "1M P 2N P 3t P 4M P ?", "P", hcp=(0, 14),
           when=_short_not_major),
    ]


def _stopped_outside(*keys: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """Both suits neither partner has named (not the suits bound to ``keys``) stopped."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        named = {bind[key] for key in keys}
        return all(info.stopper(suit) for suit in Suit if suit not in named)
    return test


def _short_not_major(ctx: Context, bind: Bind) -> bool:
    """Jacoby's shortness ``t`` is another suit than the agreed major ``M``."""
    return bind["t"] is not bind["M"]


def _nothing_wasted(var: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """No honour but the ace in the suit partner showed short (``_wasted_honours``)."""
    return lambda info, bind, ctx: not _wasted_honours(info, bind[var])


def _no_fit_with(answer: Call) -> Callable[[HandInfo, Bind, Context], bool]:
    """Responder holds no four cards in the major opener's Stayman answer showed."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        suit = answer.strain.suit if answer.strain is not None else None
        return suit is None or not suit.is_major or info.lengths[suit] < 4
    return test


def _notrump_slams() -> list[tuple[str, Rule]]:
    """Slams after Stayman, where partner's notrump range is narrow and HCP add up: 33
    between the hands for a small slam (the quantitative 4NT asks opener to bid it with a
    maximum), 33 with a major fit for six of the major, as after a direct response."""
    out: list[tuple[str, Rule]] = []
    for answer in ("2D", "2H", "2S"):
        low = answer.lower()
        seq = f"1N P 2C P {answer} P ?"
        no_fit = _no_fit_with(Call.parse(answer))
        out += [
            (f"stayman_after_{low}_3nt" if answer != "2D" else "stayman_after_2d_3s",
             _R(f"stayman_{low}_6nt", seq, "6N", hcp=(18, ANY), test=no_fit)),
            (f"stayman_after_{low}_3nt" if answer != "2D" else "stayman_after_2d_3s",
             _R(f"stayman_{low}_4nt", seq, "4N", hcp=(16, 17), forcing=F.INVITATIONAL,
                notes=(("quantitative", None),), test=no_fit)),
        ]
        if answer != "2D":
            out.append((f"stayman_{answer[1]}_game",
                        _R(f"stayman_{answer[1]}_slam", seq, f"6{answer[1]}", hcp=(18, ANY),
                           lengths={answer[1]: (4, 13)})))
    for answer in ("3H", "3S"):
        out.append((f"2nt_stayman_{answer[1]}_4",
                    _R(f"2nt_stayman_{answer[1]}_6", f"2N P 3C P {answer} P ?",
                       f"6{answer[1]}", hcp=(11, ANY), lengths={answer[1]: (4, 13)})))
    for answer in ("3D", "3H", "3S"):
        seq = f"2N P 3C P {answer} P"
        out += [
            ("2nt_stayman_3nt",
             _R(f"2nt_stayman_{answer.lower()}_6nt", f"{seq} ?", "6N",
                hcp=(12, ANY), test=_no_fit_with(Call.parse(answer)))),
            # 11 opposite 20–21 is 31–32: the quantitative 4NT, which opener accepts with
            # 21 (s29-a 848: 3NT with 11 HCP and 32 between the hands, 6NT made)
            ("2nt_stayman_3nt",
             _R(f"2nt_stayman_{answer.lower()}_4nt", f"{seq} ?", "4N", hcp=(11, 11),
                forcing=F.INVITATIONAL, notes=(("quantitative", None),),
                test=_no_fit_with(Call.parse(answer)))),
            ("2nt_stayman_3nt",
             _R(f"2nt_stayman_{answer.lower()}_4nt_accept", f"{seq} 4N P ?", "6N",
                hcp=(21, ANY), notes=(("maximum", None),))),
            ("2nt_stayman_3nt",
             _R(f"2nt_stayman_{answer.lower()}_4nt_decline", f"{seq} 4N P ?", "P",
                hcp=(0, 20), notes=(("minimum", None),))),
        ]
    return out


def _fit_rkc_test(var: str) -> Callable[[HandInfo, Bind, Context], bool]:
    """Key cards are worth asking for when the support points and the least opener showed
    (a sound opening counts 11) reach 30 (a slam needs 33, opener holds 14 on average), with
    16+ HCP and a key card."""
    def test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
        trump = bind[var]
        opener = max(11, ctx.known(ctx.partner).hcp[0])
        return (info.hcp >= 16 and info.keycards(trump) >= 1
                and info.support_points(trump) + opener >= 30)
    return test


def _below_four_not_raised(ctx: Context, bind: Bind) -> bool:
    """Opener's rebid is a suit below the four level and no raise of responder's suit
    (``t``): after a notrump rebid 4NT is quantitative."""
    last = ctx.last_bid
    return (last is not None and (last.level or 0) <= 3 and last.strain is not None
            and last.strain.suit is not None and last.strain.suit is not bind["t"])


def _new_suit_at_three(ctx: Context, bind: Bind) -> bool:
    """A suit other than opener's major ``M``, bid at its cheapest level, three at most."""
    return bind["u"] is not bind["M"] and ctx.cheapest_level(bind["u"].strain) <= 3


def _two_clubs_major() -> list[tuple[str, Rule]]:
    """After 2♣–2♦–2M (game forcing) responder describes before anyone places the contract:
    three-card support raises (3M with 6+ HCP, 4M with less: fast arrival, since 22 and a
    queen or two make no slam), a five-card
    suit of its own is bid, else 2NT waits; over 2NT opener rebids a six-card major, bids a
    second suit, or settles in 3NT, and responder raises the six-card major with two cards
    (the 2♣ structure of Root and Pavlicek's "Modern Bridge Conventions"), so the fit is
    found before the placement guesses it."""
    after = "2C P 2D P 2M P"
    gf = F.GAME_FORCING
    return [("2c_2nt_stayman", rule) for rule in (
        _R("2c_major_fast_raise", f"{after} ?", "4M", hcp=(0, 5), lengths={"M": (3, 13)},
           forcing=F.SIGNOFF),
        _R("2c_major_raise", f"{after} ?", "3M", hcp=(6, ANY), lengths={"M": (3, 13)},
           forcing=gf),
        _R("2c_major_new_suit", f"{after} ?", "cu", hcp=(4, ANY), lengths={"u": (5, 13)},
           forcing=gf, when=_new_suit_at_three),
        _R("2c_major_waiting", f"{after} ?", "2N", artificial=True, forcing=gf,
           notes=(("waiting", None),)),
        _R("2c_major_rebid", f"{after} 2N P ?", "3M", lengths={"M": (6, 13)}, forcing=gf),
        _R("2c_major_second_suit", f"{after} 2N P ?", "cu", lengths={"u": (4, 13)},
           forcing=gf, when=_new_suit_at_three),
        _R("2c_major_3nt", f"{after} 2N P ?", "3N", lengths={"M": (5, 5)}),
        # the six-card major rebid: responder raises with two (the eight-card fit), else
        # 3NT; opener with a good suit plays it anyway (its tricks need no entry)
        _R("2c_major_rebid_raise", f"{after} 2N P 3M P ?", "4M", lengths={"M": (2, 13)}),
        _R("2c_major_rebid_3nt", f"{after} 2N P 3M P ?", "3N", lengths={"M": (0, 1)}),
        _R("2c_major_rebid_own", f"{after} 2N P 3M P 3N P ?", "4M",
           test=lambda i, b, c: i.good_suit(b["M"])),
    )]


def _two_clubs_minor() -> list[tuple[str, Rule]]:
    """After 2♣–2♦–3m (game forcing) responder describes, as after 2♣–2♦–2M: a five-card
    major of its own, else three-card support raises the minor to four (forcing: opener, the
    captain, asks for key cards or settles), else 3NT; never a jump to game in the minor,
    which would take opener's slam try away (Root and Pavlicek's 2♣ structure)."""
    after = "2C P 2D P 3m P"
    gf = F.GAME_FORCING
    return [("2c_2nt_stayman", rule) for rule in (
        _R("2c_minor_major", f"{after} ?", "3M", lengths={"M": (5, 13)}, forcing=gf),
        _R("2c_minor_raise", f"{after} ?", "4m", lengths={"m": (3, 13)}, forcing=gf),
        # 11+ HCP opposite 22+: the notrump slam between the hands, no fit to ask for it in
        _R("2c_minor_6nt", f"{after} ?", "6N", hcp=(11, ANY), lengths={"m": (0, 2)}),
        _R("2c_minor_3nt", f"{after} ?", "3N", lengths={"m": (0, 2)}),
        # the fit found, opener (22+) asks for key cards in the minor
        _R("2c_minor_rkc", f"{after} 4m P ?", "4N", artificial=True, forcing=F.FORCING,
           notes=(("rkc", None),)),
    )]


def _slam_gaps() -> list[tuple[str, Rule]]:
    """Slam bidding where the rules stopped in game with slam values known: the
    quantitative 4NT opposite 2♣–2♦–2NT (22–24) with 9–10, and key cards after a
    two-over-one response once a major fit is found (three cards in opener's major, or
    responder's five-card suit raised), as in every two-over-one text (Hardy, Lawrence)."""
    rkc: dict[str, object] = {"artificial": True, "forcing": F.FORCING,
                              "notes": (("rkc", None),)}
    after_2c = "2C P 2D P 2N P"
    return [
        ("2c_2nt_3nt", _R("2c_2nt_4nt", f"{after_2c} ?", "4N", hcp=(9, 10),
                          notes=(("quantitative", None),), forcing=F.INVITATIONAL)),
        ("2c_2nt_3nt", _R("2c_2nt_4nt_accept", f"{after_2c} 4N P ?", "6N", hcp=(23, 24),
                          notes=(("maximum", None),))),
        ("2c_2nt_3nt", _R("2c_2nt_4nt_decline", f"{after_2c} 4N P ?", "P", hcp=(22, 22),
                          notes=(("minimum", None),))),
        # the limit raise's cue-bid met by the sign-off: the hand that would have asked for
        # key cards at once (limit_rkc) asks now, rather than pass game
        ("limit_accept", _R("cue_limit_signoff_rkc", "1M P 3M P 4s P 4M P ?", "4N",
                            hcp=(22, ANY), points=Points.SUPPORT, trump="M",
                            test=lambda i, b, c: i.keycards(b["M"]) >= 3 and i.hcp >= 18,
                            **rkc)),
        ("rkc_ask", _R("two_over_one_rkc", "1M P 2t P b P ?", "4N", hcp=(16, ANY),
                       lengths={"M": (3, 13)}, test=_fit_rkc_test("M"),
                       when=_below_four_not_raised, **rkc)),
        ("rkc_ask", _R("two_over_one_raised_rkc", "1M P 2t P 3t P ?", "4N", hcp=(16, ANY),
                       lengths={"t": (5, 13)}, test=_fit_rkc_test("t"),
                       when=lambda c, b: b["t"].is_major, **rkc)),
    ]


def _below_four(rule: Rule) -> Rule:
    """The jump advance of a takeout double only below the four level."""
    if not rule.name.startswith("advance_jump"):
        return rule
    return Rule(name=rule.name, pattern=rule.pattern, call=rule.call, hcp=rule.hcp,
                lengths=rule.lengths, forcing=rule.forcing, test=rule.test,
                when=_jump_below_four)


def amend_rules(rules: list[Rule], replace: dict[str, Rule],
                additions: list[tuple[str, Rule]]) -> list[Rule]:
    """``rules`` with some replaced (same name, same place) and new ones put before the rule
    each names: a system written as its differences from another."""
    replace = dict(replace)
    before: dict[str, list[Rule]] = {}
    for anchor, rule in additions:
        before.setdefault(anchor, []).append(rule)
    out: list[Rule] = []
    for rule in rules:
        out.extend(before.pop(rule.name, []))
        out.append(replace.pop(rule.name, rule))
    if replace or before:
        raise BiddingSystemError(f"the changes name unknown rules: {[*replace, *before]}")
    return out


_OPENINGS = {"1s", "1M", "1m", "1C", "1D", "1H", "1S"}


def _light_opener(rule: Rule) -> Rule:
    """An opener's rebid that SAYC starts at 11 HCP starts at 10: the rule of 20 opens 6-4
    and 5-5 hands with 10 HCP, and their rebids must show the same minimum the opening did
    (else the natural placement bids for them, and the table reads a range they miss)."""
    tokens = rule.tokens
    opener_again = len(tokens) in (4, 8) and tokens[0] in _OPENINGS
    if not opener_again or rule.hcp[0] != 11 or rule.points is not Points.HCP:
        return rule
    return replace(rule, hcp=(10, rule.hcp[1]))


KEYCARD_FLOOR = 9
"""The least HCP of a hand that asks for key cards in the modern system: a nine- or ten-card
fit and shortness reach the slam zone from 9 HCP opposite a strong raise (1♦–1♥–4♥, KQ9
A98764 T84 5), so the generic ask reads from there, not from SAYC's 13."""


def _keycard_zone(info: HandInfo, ctx: Context, trump: Suit) -> bool:
    """A fit of eight or more with partner (by what partner showed) whose slam points and
    partner's expected HCP reach ``KEYCARD_ZONE`` (a point lower for each trump past eight),
    with a key card in hand: where the modern system asks for key cards."""
    partner, partner_len = sayc.partner_estimate(ctx)
    trumps = info.lengths[trump] + partner_len[trump]
    if trumps < 8 or info.keycards(trump) < 1:
        return False
    return (_slam_points(info, trump, partner_len) + partner
            >= KEYCARD_ZONE - AGGRESSIVE.fit_bonus(trumps))


def _keycard_ask_test(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    """The key-card zone, and the last bid ours: over theirs the decision is competitive;
    not after partner's sign-off when partner has judged the slam (``_signoff_stands``)."""
    trump = sayc.rkc_trump(ctx)
    return (trump is not None and ctx.last_bid_by_us() and not _signoff_stands(info, ctx)
            and _keycard_zone(info, ctx, trump))


def _signoff_stands(info: HandInfo, ctx: Context) -> bool:
    """Partner's last call signed off opposite our narrow range (three HCP or less, as
    Jacoby's 3NT), or opposite a hand with no extras over the least it has shown (fewer than
    ``SIGNOFF_EXTRAS``): partner has judged the slam and the key-card ask would overrule it."""
    last_partner = ctx.partner_last()
    mine = [e for e in ctx.calls_of(ctx.bidder) if e.call.is_bid]
    return (last_partner is not None and last_partner.shown.forcing is F.SIGNOFF
            and bool(mine) and (mine[-1].shown.hcp[1] - mine[-1].shown.hcp[0] <= 3
                                or info.hcp < ctx.known(ctx.bidder).hcp[0] + SIGNOFF_EXTRAS))


def _keycard_floor(rule: Rule) -> Rule:
    """The generic key-card ask admits the hands the system asks with: from
    ``KEYCARD_FLOOR`` HCP, in the zone the review asks in (one test for both)."""
    if rule.name != "rkc_ask":
        return rule
    return replace(rule, hcp=(KEYCARD_FLOOR, rule.hcp[1]), test=_keycard_ask_test)


def modern_rules() -> list[Rule]:
    """SAYC's rules with the modern changes put in place."""
    rules = amend_rules(sayc.sayc_rules(), _replacements(), _additions())
    rules = _systems_on(rules)
    return [_keycard_floor(_light_opener(rule)) for rule in rules]


def _systems_on(rules: list[Rule]) -> list[Rule]:
    """"Systems on" as every modern partnership plays it, the advances of a 1NT opening
    (Stayman, transfers, the invitations and their continuations) copied where partner's
    notrump is as good as an opening: over partner's 1NT overcall (15–18; ``1s 1N P``), ahead
    of the natural advances, which stay for what the copies leave (a weak hand's six-card
    suit to play rather than the pass, an 18-count's acceptance above the opening's 15–17);
    without them a four-card major with game values bid 3NT (s27-a board 406: 4♠ made, 3NT
    failed). And over their penalty double of our 1NT opening (``1N X``, the SAYC booklet),
    with the redouble (``_redouble_of_1nt``) for the balanced 10+ that would bid notrump."""
    overcall = [rule for rule in _nt_advances(rules, "1s 1N P", "ov_")
                if rule.name != "ov_nt_pass"]
    rules = _insert_before(rules, "adv_1nt_3nt", overcall)
    doubled = _insert_before(_nt_advances(rules, "1N X", "x_"), "x_nt_3nt", _redouble_of_1nt())
    return [*rules, *doubled]


def _nt_advances(rules: list[Rule], start: str, tag: str) -> list[Rule]:
    """The advances of a 1NT opening (``1N P`` and all after it, not a balancing pass)
    copied to follow ``start`` instead, renamed with the prefix ``tag``."""
    out = []
    for rule in rules:
        tokens = rule.pattern.split()
        if tokens[:2] == ["1N", "P"] and tokens[2] != "P":
            out.append(replace(rule, name=f"{tag}{rule.name}",
                               pattern=f"{start} " + " ".join(tokens[2:])))
    return out


def _insert_before(rules: list[Rule], name: str, new: list[Rule]) -> list[Rule]:
    """``rules`` with ``new`` put just before the rule named ``name`` (precedence)."""
    at = next(i for i, rule in enumerate(rules) if rule.name == name)
    return [*rules[:at], *new, *rules[at:]]


def _redouble_of_1nt() -> list[Rule]:
    """Responder's redouble of their penalty double of 1NT (10+ HCP, no major to show: the
    side holds 25 or more), and the penalty doubles that follow their escape: opener with
    three or more of their suit doubles, else passes (forcing: the redouble has taken
    charge); responder doubles what opener passed round."""
    xx = "1N X XX"
    return [
        _R("xx_1nt", "1N X ?", "XX", hcp=(10, ANY), lengths={"H": (0, 4), "S": (0, 4)},
           notes=(("redouble_strength", None),)),
        _R("xx_1nt_opener_double", f"{xx} Lt ?", "X", lengths={"t": (3, 13)},
           notes=(("penalty", None),)),
        _R("xx_1nt_opener_pass", f"{xx} Lt ?", "P", lengths={"t": (0, 2)}, forcing=F.FORCING),
        _R("xx_1nt_opener_double_late", f"{xx} P P Lt ?", "X", lengths={"t": (3, 13)},
           notes=(("penalty", None),)),
        _R("xx_1nt_opener_pass_late", f"{xx} P P Lt ?", "P", lengths={"t": (0, 2)},
           forcing=F.FORCING),
        _R("xx_1nt_responder_double", f"{xx} Lt P P ?", "X", hcp=(10, ANY),
           notes=(("penalty", None),)),
        _R("xx_1nt_responder_double_late", f"{xx} P P Lt P P ?", "X", hcp=(10, ANY),
           notes=(("penalty", None),)),
    ]


def _partner_by_rules(ctx: Context) -> int:
    """The least HCP partner's calls made by the system's rules (not placements) showed."""
    lo = 0
    for e in ctx.calls_of(ctx.partner):
        if e.rule != "natural":
            lo = max(lo, e.shown.hcp_envelope[0])
    return lo


def _is_slam(call: Call | None) -> bool:
    """A bid at the six or seven level (their sacrifice over our slam)."""
    return call is not None and (call.level or 0) >= 6


def _is_game(call: Call) -> bool:
    """A game and not a slam: 3NT, 4♥/4♠, 5♣/5♦ or any call between them and six."""
    if call.level is None or call.strain is None or call.level >= 6:
        return False
    return call.level >= (3 if call.strain is Strain.NOTRUMP else
                          4 if call.strain.suit is not None and call.strain.suit.is_major else 5)


def modern_describe(system: System, ctx: Context, call: Call) -> Shown:
    """SAYC's natural meaning, except that a game may be a slam held back for want of the
    strength partner's system calls showed (see ``modern_fallback``): so a game's HCP reach
    up to that point (a 19-count opposite an opening places game, and says so). The
    placement's 2NT below a notrump game it could not bid is an invitation with its range,
    and its 3NT then shows game opposite partner's minimum; a raise of partner's five-card
    suit to game in a contested auction may be weak (the law of total tricks)."""
    shown = sayc.describe_natural(system, ctx, call)
    if call == TWO_NT and dict(shown.notes).keys() == {"natural"}:
        found = _invitable(ctx)
        if found is not None:  # the invitation of ``_notrump_invitation``: game opposite a maximum
            lo, estimate = found
            game = AGGRESSIVE.notrump_game
            low = max(0, min(AGGRESSIVE.invite - estimate, game - 1 - lo))
            return replace(shown, hcp=(low, max(low, game - 1 - lo)),
                           forcing=F.INVITATIONAL)
    if not _is_game(call) or not any(e.call.is_bid for e in ctx.calls_of(ctx.partner)):
        return shown
    lo, hi = shown.hcp
    if _raise_over_them(ctx, call):
        lo = 0  # the law of total tricks raises a weak hand as far (``_total_tricks_raise``)
    elif _fit_game_over_them(ctx, call):
        lo = min(lo, ctx.known(ctx.bidder).hcp[0])  # shape, not strength, bids it
    found = _invitable(ctx) if call == THREE_NT else None
    if found is not None:  # not invited: game opposite partner's minimum (a long suit's point aside)
        lo = max(lo, AGGRESSIVE.notrump_game - found[0] - 1)
    held_back = min(MAX_HCP, SLAM_FLOOR - 1 - _partner_by_rules(ctx))
    return replace(shown, hcp=(lo, max(hi, held_back)))


def _fit_game_over_them(ctx: Context, call: Call) -> bool:
    """``call`` is game in a suit the partnership has shown a fit in (partner's four or more,
    or partner's raise of our five) once the opponents have bid or doubled: the game a
    shapely hand bids on playing strength (a 6-5 opener's 4♠ over their 2♥ holds 10 HCP as
    often as 18), so it reads from the least the caller has shown, not from what point
    count needs."""
    if call.strain is None or call.strain.suit is None:
        return False
    if not any(e.seat.side is not ctx.bidder.side and e.call.kind is not CallKind.PASS
               for e in ctx.history):
        return False
    suit = call.strain.suit
    partner = ctx.known(ctx.partner).lengths[suit][0]
    mine = ctx.known(ctx.bidder).lengths[suit][0]
    return partner >= 4 or (partner >= 3 and mine >= 5)


def _major_game(system: System, info: HandInfo, ctx: Context, call: Call,
                shown: Shown) -> tuple[Call, Shown]:
    """Five of a minor becomes four of a major when the partnership has shown eight cards
    there (a 4-4 fit or better): the major game needs a trick fewer and scores more."""
    if call.level != 5 or call.strain not in (Strain.CLUBS, Strain.DIAMONDS):
        return call, shown
    known = ctx.known(ctx.partner).lengths
    fits = [m for m in (S, H) if info.lengths[m] + known[m][0] >= 8]
    if not fits:
        return call, shown
    best = max(fits, key=lambda m: info.lengths[m] + known[m][0])
    game = Call.bid(4, best.strain)
    last = ctx.last_bid
    if last is not None and game.rank <= last.rank:
        return call, shown
    return game, modern_describe(system, ctx, game)


def modern_fallback(system: System, info: HandInfo, ctx: Context) -> tuple[Call, Shown]:
    """SAYC's placement, but a known 4-4 major fit plays in 4M rather than 5m."""
    call, shown = _modern_placement(system, info, ctx)
    if _is_game(call):
        shown = modern_describe(system, ctx, call)  # the same meaning the table reads
    call, shown = _notrump_invitation(system, info, ctx, call, shown)
    call, shown = _contested_limit(info, ctx, call, shown)
    call, shown = _limited_no_game(info, ctx, call, shown)
    call, shown = _total_tricks_raise(system, info, ctx, call, shown)
    call, shown = _major_game(system, info, ctx, call, shown)
    return _double_their_game(system, info, ctx, call, shown)


VALUES_OVER_THEIR_GAME = 23
"""HCP between the hands (this one's and partner's expected share) from which a side whose
partner has bid or doubled doubles the opponents' game rather than let it play undoubled:
the majority of the deck, where their game bid over our action is a preempt or a save."""


def _double_their_game(system: System, info: HandInfo, ctx: Context, call: Call,
                       shown: Shown) -> tuple[Call, Shown]:
    """The placement passes their game (or five-level bid) after partner showed values with a
    bid or a double (six HCP at least): with the majority of the HCP and two cards or more in
    their suit (as every penalty double of the system), a hand that has not preempted
    doubles, the opponents having jumped over our action to preempt or to save (Root,
    "Commonsense Bidding": don't let them steal it undoubled), unless the table reads the
    double there as a hand this is not (opener's 15+ after a negative double)."""
    if call != PASS:
        return call, shown
    last = ctx.last_bid
    if last is None or last.level is None or last.strain is None:
        return call, shown
    if not (_is_game(last) and last.level <= 5):
        return call, shown
    if DOUBLE not in Auction(dealer=ctx.dealer, calls=ctx.calls).legal_calls():
        return call, shown  # the last bid is ours, or already doubled: the engine's rule
    if not any(e.call.is_bid or e.call == DOUBLE for e in ctx.calls_of(ctx.partner)):
        return call, shown
    if ctx.known(ctx.partner).hcp[0] < 6 or any(
            e.call.is_bid and e.shown.hcp_envelope[1] <= 11 for e in ctx.calls_of(ctx.bidder)):
        return call, shown  # partner showed no values, or this hand preempted
    suit = last.strain.suit
    if suit is not None and info.lengths[suit] <= 1:
        return call, shown  # short in theirs: their trumps sit over partner's
    if info.hcp + sayc.partner_estimate(ctx)[0] < VALUES_OVER_THEIR_GAME:
        return call, shown
    read = system.meaning(ctx, DOUBLE)
    if not read.shown.fits(info):
        return call, shown  # the table reads the double as a hand this is not
    return DOUBLE, read.shown


SIGNOFF_EXTRAS = 4
"""HCP over the least a hand has shown with which it may still ask for key cards after
partner's sign-off (a king more than partner counted on); with less, partner's judgement of
the slam stands."""


KEYCARD_ZONE = 32
"""Support points and partner's expected HCP at which a hand asks for key cards (Goren's 33
for a small slam), the threshold of the generic key-card ask, a point lower for each trump
past eight (``Placement.fit_bonus``)."""


def keycards_first(system: System, info: HandInfo, ctx: Context,
                   chosen: Explained) -> Explained:
    """A hand whose support points and partner's expected HCP reach the slam zone asks for
    key cards with 4NT before it settles in game or slam (by a rule or by placement), when
    4NT here is Roman key-card Blackwood for the suit it fits (the agreed suit, or the last
    suit our side bid): a fit partner's bids showed and the hand itself holds (the generic
    key-card rule asks only once both hands have shown the fit). Not over the opponents' bid
    (a competitive decision) and not from a hand that has limited itself (a minimum rebid,
    a limit raise): the unlimited hand is captain. Nor is a pass overruled after partner's
    sign-off opposite a range of three points or less (Jacoby's 3NT, 15–17) or opposite a
    hand with no extras over what it showed: partner has judged the slam from that
    description (a cue-bid try's sign-off may still be overruled by a trier with extras)."""
    four_nt = sayc.FOUR_NT
    call = chosen.call
    last = ctx.last_bid
    if call == four_nt or (last is not None and last.rank >= four_nt.rank):
        return chosen
    if call.is_bid:
        if call.strain is Strain.NOTRUMP or not _is_game_or_slam(call):
            return chosen  # notrump, or a partscore still exploring
        if chosen.shown.artificial:
            return chosen  # a splinter or a transfer describes first: partner takes part
    elif call.kind is not CallKind.PASS:
        return chosen  # a double or redouble
    if any(e.call == four_nt for e in ctx.our_bids()) or not ctx.last_bid_by_us():
        return chosen  # over their bid the decision is competitive (the simulation's)
    if call.kind is CallKind.PASS and _signoff_stands(info, ctx):
        return chosen  # partner has judged the slam: the captain's sign-off stands
    if not any(e.call.is_bid for e in ctx.calls_of(ctx.partner)):
        return chosen
    if any(e.call.is_bid and not e.shown.artificial and e.shown.hcp_envelope[1] <= 15
           for e in ctx.calls_of(ctx.bidder)):
        return chosen  # a hand that has limited itself leaves the asking to partner
    trump = ctx.agreed_suit() or sayc.unagreed_keycard_suit(ctx)
    if trump is None:
        return _slam_opposite_notrump(system, info, ctx, chosen)
    if call.is_bid and call.strain is not trump.strain and info.lengths[trump] < 4:
        return chosen  # a game of our own, unless four cards support partner's suit
    if not _keycard_zone(info, ctx, trump):
        return chosen
    asked = system.meaning(ctx, four_nt)
    if "rkc" not in dict(asked.shown.notes):
        return chosen
    # the suit partner will answer for, and the asker's continuation bid: the one the system
    # reads after 4NT (1♠–2♣–2♥–4NT is key cards for spades: it shows three of them)
    answered = system.context(ctx.dealer, ctx.vulnerability, (*ctx.calls, four_nt, PASS))
    if sayc.rkc_trump(answered) is not trump:
        return chosen
    return asked


NOTRUMP_SLAM_ZONE = 33
"""Support points and a notrump opener's expected HCP at which a fit bids its small slam
directly: the 33 of every point-count text, and with 33 the opponents cannot hold two aces."""


def _slam_opposite_notrump(system: System, info: HandInfo, ctx: Context,
                           chosen: Explained) -> Explained:
    """Opposite partner's natural notrump opening or rebid (a range of three or four HCP,
    balanced: two cards at least in every suit) 4NT is quantitative, so a hand about to bid
    game in its fit bids the small slam itself when its support points and partner's
    expected HCP reach 33 and it holds two key cards, or one when the HCP sure between the
    hands reach 30 (the notrump opener has shown its strength; nothing is left to ask)."""
    call = chosen.call
    if not call.is_bid or call.strain is None or call.strain.suit is None or call.level != (
            4 if call.strain.suit.is_major else 5):
        return chosen
    if not sayc.partner_opened_notrump(ctx):
        return chosen
    lo, hi = ctx.known(ctx.partner).hcp
    trump = call.strain.suit
    partner, partner_len = sayc.partner_estimate(ctx)
    if hi - lo > 4 or info.lengths[trump] + partner_len[trump] < 8:
        return chosen
    if _slam_points(info, trump, partner_len) + partner < NOTRUMP_SLAM_ZONE:
        return chosen
    if info.keycards(trump) < 2 and info.hcp + lo < 30:
        return chosen  # one key card is enough only when 30 HCP are sure (two aces not out)
    return system.meaning(ctx, Call.bid(6, call.strain))


def _slam_points(info: HandInfo, trump: Suit, partner_len: Sequence[int] = (0, 0, 0, 0)) -> int:
    """Support points less a point for each singleton king, queen or jack (counted once as
    an honour, once as shortness; the deduction every point-count text makes); shortness
    facing four or more cards partner has shown counts nothing (a misfit: partner's cards
    there are losers or wasted honours, not ruffs)."""
    wasted = {suit for suit in Suit if suit is not trump and partner_len[suit] >= 4}
    bare = sum(1 for suit in Suit if suit is not trump and suit not in wasted
               and info.lengths[suit] == 1 and not info.has(suit, Rank.ACE))
    return info.support_points(trump, wasted=wasted) - bare


def _is_game_or_slam(call: Call) -> bool:
    assert call.level is not None and call.strain is not None
    return call.level >= 6 or _is_game(call)


def _raise_over_them(ctx: Context, call: Call) -> bool:
    """``call`` raises partner's natural suit, shown five cards long, once the opponents
    have bid: the total-tricks raise (or save) a weak hand makes as well as a strong one."""
    if not any(e.seat.side is not ctx.bidder.side and e.call.is_bid for e in ctx.history):
        return False
    if not call.is_bid or call.strain is None:
        return False
    bids = [e for e in ctx.calls_of(ctx.partner) if e.call.is_bid]
    if (not bids or bids[-1].shown.artificial or bids[-1].call.strain is not call.strain
            or call.strain.suit is None):
        return False
    return ctx.known(ctx.partner).lengths[call.strain.suit][0] >= 5


def _total_tricks_raise(system: System, info: HandInfo, ctx: Context, call: Call,
                        shown: Shown) -> tuple[Call, Shown]:
    """When the opponents have just bid or doubled, a weak hand with a fit for partner's
    long suit (five cards or more shown) raises at once to the level of the trumps between
    the hands, the law of total tricks (nine trumps the three level, ten the four level),
    rather than pass or invite below it: the raise takes their room at little risk."""
    if len(ctx.history) < 1 or ctx.history[-1].seat.side is ctx.bidder.side:
        return call, shown
    rho = ctx.history[-1].call
    if rho.kind is CallKind.PASS or info.hcp > 12 or call == DOUBLE:
        return call, shown
    last = ctx.partner_last()
    if (last is None or not last.call.is_bid or last.shown.artificial or last.call.strain is None
            or last.call.strain.suit is None):
        return call, shown
    suit = last.call.strain.suit
    if ctx.known(ctx.partner).lengths[suit][0] < 5:
        return call, shown
    level = min(info.lengths[suit] + ctx.known(ctx.partner).lengths[suit][0] - 6, 4)
    if call.is_bid and (call.strain is not suit.strain or (call.level or 0) >= level):
        return call, shown
    if level < 2 or ctx.cheapest_level(suit.strain) > level:
        return call, shown
    raise_ = Call.bid(level, suit.strain)
    return raise_, modern_describe(system, ctx, raise_)


def _contested_limit(info: HandInfo, ctx: Context, call: Call,
                     shown: Shown) -> tuple[Call, Shown]:
    """In a contested auction a hand that has already limited itself with a natural bid (a
    raise, a competitive bid: 12 HCP at most) bids its fit again only up to the level of the
    trumps between the hands, the law of total tricks, and no notrump game: partner, who
    knows the range, decides about game, unless partner's last call invites or forces."""
    if not call.is_bid or call.strain is None:
        return call, shown
    if not any(e.seat.side is not ctx.bidder.side and e.call.is_bid for e in ctx.history):
        return call, shown
    if not any(e.call.is_bid and not e.shown.artificial and e.shown.hcp_envelope[1] <= 12
               for e in ctx.calls_of(ctx.bidder)):
        return call, shown
    last = ctx.partner_last()
    if ctx.partner_forces() or (last is not None and last.shown.forcing in (
            F.INVITATIONAL, F.FORCING, F.GAME_FORCING)):
        return call, shown
    suit = call.strain.suit
    if suit is None:  # notrump: a game only if partner invited it
        return (call, shown) if not _is_game(call) else (PASS, Shown())
    trumps = info.lengths[suit] + ctx.known(ctx.partner).lengths[suit][0]
    if (call.level or 0) <= trumps - 6:
        return call, shown
    return PASS, Shown()


def _limited_no_game(info: HandInfo, ctx: Context, call: Call,
                     shown: Shown) -> tuple[Call, Shown]:
    """No game, and no invitation to one, from a hand whose system calls capped it so low
    that the most both hands have shown is short of game (a pass of 1NT, 0–7, and 1NT's 17
    make 24), once partner, who knows it, has passed since: partner with the top of the
    range would have acted."""
    if not (_is_game(call) or call == TWO_NT) or ctx.last_bid_by_us():
        return call, shown
    last = ctx.partner_last()
    if last is None or last.call.kind is not CallKind.PASS or ctx.partner_forces():
        return call, shown
    mine = [e for e in ctx.calls_of(ctx.bidder) if e.rule != "natural"]
    if not mine:
        return call, shown
    my_hi = min(e.shown.hcp_envelope[1] for e in mine)
    if my_hi + ctx.known(ctx.partner).hcp[1] >= 25:
        return call, shown
    return PASS, Shown()


def _invitable(ctx: Context) -> tuple[int, int] | None:
    """Partner's least and expected HCP when partner has bid naturally with a range of four
    HCP or more (room left to accept an invitation), 2NT is still a natural bid below game
    and the caller has not shown a strong opening, else ``None``."""
    if not any(e.call.is_bid for e in ctx.calls_of(ctx.partner)) or ctx.partner_forces():
        return None
    last = ctx.last_bid
    if last is None or last.rank >= TWO_NT.rank or ctx.opener is None:
        return None
    if ctx.known(ctx.bidder).hcp[0] >= 18:
        return None  # a strong opening (2♣) places the game itself
    lo, hi = sayc.partner_least(ctx), ctx.known(ctx.partner).hcp[1]
    if hi - lo < 3:
        return None
    return lo, sayc.partner_estimate(ctx)[0]


def _notrump_invitation(system: System, info: HandInfo, ctx: Context, call: Call,
                        shown: Shown) -> tuple[Call, Shown]:
    """3NT the placement reaches on partner's expected strength is bid only when the hand
    and partner's minimum reach game (24 in notrump points); short of that, while partner's
    range is still open, the hand invites with 2NT, which partner accepts with the top of
    it: the textbook's 11–12 opposite an opening, 16–17 opposite a one-level response with a
    narrow range (Root and Pavlicek), where 3NT on the average went down with 22–23 HCP."""
    if call != THREE_NT:
        return call, shown
    found = _invitable(ctx)
    if found is None or sayc.notrump_points(info) + found[0] >= AGGRESSIVE.notrump_game:
        return call, shown
    return TWO_NT, modern_describe(system, ctx, TWO_NT)


def _long_suit_minimum(ctx: Context) -> int:
    """The most HCP of a minimum hand that rebids its long suit rather than jump to 3NT:
    12 for opener (a minimum opening), 11 for responder opposite an opening (12 opposite
    an opening is game, and the cheap rebid of the suit is not forcing)."""
    return 11 if ctx.opener is ctx.partner else 12


def _modern_placement(system: System, info: HandInfo, ctx: Context) -> tuple[Call, Shown]:
    """SAYC's placement, but never a penalty double with a singleton or void in their suit."""
    call, shown = sayc.natural_fallback(system, info, ctx, placement=AGGRESSIVE)
    long = sayc.placement_suit(info, ctx, AGGRESSIVE)
    if (call.is_bid and call.level == 7 and call.strain is not None
            and info.hcp + _partner_by_rules(ctx) < GRAND_FLOOR):
        small = Call.bid(6, call.strain)
        if ctx.last_bid is None or small.rank > ctx.last_bid.rank:
            call, shown = small, sayc.describe_natural(system, ctx, small)
    if call.is_bid and (call.level or 0) >= 6 and (ctx.last_bid_by_us() or not _is_slam(
            ctx.last_bid)):
        # a slam needs the strength partner's system calls showed, over their overcall as
        # over our own bid (s29-a 863: 19 HCP jumped to 6C opposite a raise); short of it,
        # game (a forcing call from partner still has to be answered: never a pass of a force);
        # and partner's force is answered by showing a five-card suit not yet bid before
        # any slam is placed (a game-forced auction describes first)
        assert call.strain is not None
        forced = ctx.partner_forces()
        short = info.hcp + _partner_by_rules(ctx) < SLAM_FLOOR
        shown_before = any(e.call.is_bid and e.call.strain is long.strain
                           for e in ctx.calls_of(ctx.bidder))
        if (forced and info.lengths[long] >= 5 and ctx.cheapest_level(long.strain) <= 3
                and call.strain in (long.strain, Strain.NOTRUMP)
                and (short or not shown_before)):  # a fit goes to game
            natural = Call.bid(ctx.cheapest_level(long.strain), long.strain)  # show it, forcing
            return natural, modern_describe(system, ctx, natural)
        if short:
            last = ctx.last_bid
            if (not forced and last is not None and ctx.last_bid_by_us()
                    and _is_game_or_slam(last) and not long.is_major
                    and (min(info.lengths) >= 2 or all(
                        n + m < 8 for n, m in zip(info.lengths,
                                                  sayc.partner_estimate(ctx)[1],
                                                  strict=True)))):
                # partner placed a game: with a long minor but without a fit and shortness to
                # ruff in, the short slam is no reason to move (the minor runs in partner's 3NT
                # as well); a long major still corrects to its game
                return PASS, Shown()
            game = Call.bid(3 if call.strain is Strain.NOTRUMP else
                            4 if call.strain.suit is not None and call.strain.suit.is_major
                            else 5, call.strain)
            last = ctx.last_bid
            if last is None or game.rank > last.rank:
                return game, modern_describe(system, ctx, game)
            if not forced:
                return PASS, Shown()
    if (call.is_bid and call.strain is Strain.NOTRUMP and (call.level or 0) >= 3
            and info.hcp <= _long_suit_minimum(ctx) and info.lengths[long] >= 6):
        # a minimum hand with a long suit rebids it rather than jump to notrump
        level = ctx.cheapest_level(long.strain)
        if level <= 3:  # not over a high bid: 7♦ leaves no level to rebid clubs at
            cheaper = Call.bid(level, long.strain)
            return cheaper, modern_describe(system, ctx, cheaper)
    if call == THREE_NT and min(info.lengths) == 0 and info.lengths[long] >= 6:
        # no 3NT with a void and a long suit: the game in the suit
        game = Call.bid(4 if long.is_major else 5, long.strain)
        legal = ctx.last_bid is None or game.rank > ctx.last_bid.rank
        if legal:
            return game, modern_describe(system, ctx, game)
    if call == DOUBLE:
        last = ctx.last_bid
        suit = None if last is None or last.strain is None else last.strain.suit
        if suit is not None and info.lengths[suit] <= 1:
            return PASS, Shown()
    return call, shown


MODERN = System("Modern", modern_rules(), fallback=modern_fallback, describe=modern_describe,
                review=keycards_first)
"""The robots' default system: modern aggressive standard (SAYC remains selectable)."""


def with_rkc(rules: list[Rule], variant: str) -> list[Rule]:
    """``rules`` with Roman key-card answers in ``variant`` (``1430`` or ``0314``)."""
    return amend_rules(rules, {rule.name: rule for rule in sayc.rkc_answers(variant)}, [])


MODERN_0314 = System("Modern (RKC 0314)", with_rkc(modern_rules(), "0314"),
                     fallback=modern_fallback, describe=modern_describe, review=keycards_first)
"""The modern system with RKC 0314 answers (5♣ 0 or 3 key cards, 5♦ 1 or 4)."""
