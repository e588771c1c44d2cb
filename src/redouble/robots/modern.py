"""A modern aggressive standard system, written as changes to the SAYC rules.

Sound-but-light openings (the rule of 20 from 10 HCP with 6-4 or 5-5 shape), weak twos and
preempts judged by suit quality and vulnerability (AT9432 and QJ9863 open 2♥ not vulnerable),
overcalls on a good five-card suit from 8 HCP, weak jump overcalls with six or seven cards,
takeout doubles by shape (three cards in their suit with both majors), action over weak twos
(takeout double, overcalls, a wider 2NT, balancing), responsive doubles and negative doubles
up to the three level, and no penalty double with shortness in their suit. Everything else is
SAYC: the same rule names keep the same meanings, so explanations stay consistent.
"""

from __future__ import annotations

from collections.abc import Callable

from redouble.calls import DOUBLE, PASS, Call
from redouble.cards import Strain, Suit
from redouble.robots import sayc
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import MAX_HCP, Forcing, Points, Shown
from redouble.robots.system import BiddingSystemError, Bind, Context, Rule, System

__all__ = ["MODERN", "amend_rules", "modern_fallback", "modern_rules"]

F = Forcing
ANY = MAX_HCP
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


THREE_NT = Call.parse("3NT")
AGGRESSIVE = sayc.Placement(slam=33, game=25, major_game=24, notrump_game=24, invite=23)
"""Game a point lighter than the textbook: the IMP odds favour bidding close games."""


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
    suit = bind["s"] if "s" in bind else bind["M"]
    if len(ctx.calls) == 3 or (rule_of_20(info) and info.hcp >= 10):
        return False
    return suit_quality(info, suit, vulnerable=ctx.vulnerable)


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
    suit = bind["t"]
    need = 11 if ctx.vulnerable else 10
    if info.lengths[suit] >= 6:
        return info.hcp >= need - 1 and suit_quality(info, suit, vulnerable=ctx.vulnerable)
    return info.hcp >= need and info.good_suit(suit)


def _weak_jump(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return suit_quality(info, bind["t"], vulnerable=ctx.vulnerable)


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


def _takeout(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    theirs = ctx.their_suits()
    short = min(info.lengths[s] for s in theirs)
    if info.hcp <= 16 and any(info.lengths[s] >= 5 for s in (H, S) if s not in theirs):
        return False  # a five-card major overcalls
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


def _stopper_s(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.stopper(bind["s"])


def _good_t(info: HandInfo, bind: Bind, ctx: Context) -> bool:
    return info.good_suit(bind["t"]) or info.lengths[bind["t"]] >= 6


def _no_strong(ctx: Context, bind: Bind) -> bool:
    return ctx.tail[0] != Call.parse("2C")


def _at_level(level: int) -> Callable[[Context, Bind], bool]:
    def when(ctx: Context, bind: Bind) -> bool:
        last = ctx.last_bid
        return last is not None and (last.level or 0) <= level
    return when


def _direct(ctx: Context, bind: Bind) -> bool:
    return len(ctx.calls) <= 2  # the seat right after the opening (not balancing)


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


# --- the changes to SAYC, as data ------------------------------------------------------------


def _R(name: str, pattern: str, call: str, **kw: object) -> Rule:
    return Rule(name=name, pattern=pattern, call=call, **kw)  # type: ignore[arg-type]


def _replacements() -> dict[str, Rule]:
    """SAYC rules that keep their place and name but change their hand requirements."""
    new = [
        _R("open_1major", "?", "1M", hcp=(10, 21), lengths={"M": (5, 13)},
           test=_open_suit(None)),
        _R("open_1d", "?", "1D", hcp=(10, 21), lengths={"D": (3, 13), "H": (0, 5), "S": (0, 5)},
           test=_open_suit(D)),
        _R("open_1c", "?", "1C", hcp=(10, 21), lengths={"C": (3, 13), "H": (0, 5), "S": (0, 5)},
           test=_open_suit(C)),
        _R("open_weak2", "?", "2s", hcp=(5, 10), lengths={"s": (6, 6)},
           notes=(("weak", None),), when=lambda c, b: b["s"] is not C, test=_weak_two),
        _R("open_4major", "?", "4M", hcp=(5, 11), lengths={"M": (7, 13)},
           notes=(("preempt", None),), test=_four_level),
        _R("open_3", "?", "3s", hcp=(5, 10), lengths={"s": (7, 8)},
           notes=(("preempt", None),), test=_preempt),
        _R("open_pass", "?", "P", hcp=(0, 11)),
        _R("takeout", "1s ?", "X", hcp=(11, 17), lengths={"s": (0, 3)}, artificial=True,
           forcing=F.FORCING, notes=(("takeout", None), ("unbid_suits", None)), test=_takeout),
        _R("weak_jump_overcall", "1s ?", "jt", hcp=(5, 10), lengths={"t": (6, 7)},
           notes=(("weak", None),), test=_weak_jump, when=lambda c, b: len(c.calls) <= 2),
        _R("overcall_1", "1s ?", "1t", hcp=(8, 17), lengths={"t": (5, 13)},
           when=lambda c, b: b["t"] > b["s"], test=_overcall_1),
        _R("overcall_2", "1s ?", "2t", hcp=(9, 17), lengths={"t": (5, 13)},
           when=lambda c, b: b["t"] < b["s"], test=_overcall_2),
        _R("over_weak_double", "2s|3s ?", "X", hcp=(12, ANY), lengths={"s": (0, 3)},
           artificial=True, forcing=F.FORCING, notes=(("takeout", None),),
           test=lambda i, b, c: (_takeout(i, b, c) and (i.hcp >= 13 or c.tail[0].level == 2))
           or i.hcp >= 18, when=_no_strong),
        _R("over_weak_2nt", "2s ?", "2N", hcp=(15, 19), test=_stopper_s,
           test_note=("stopper", "s"), when=_no_strong),
        _R("over_weak_overcall", "2s|3s ?", "ct", hcp=(10, 17), lengths={"t": (5, 13)},
           when=_no_strong, test=lambda i, b, c: _good_t(i, b, c)
           and i.hcp >= (10 if (c.last_bid is not None and c.last_bid.level == 2
                                and b["t"] > b["s"]) else 12)),
    ]
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
    # Lebensohl after partner doubles a weak two: 2NT puts a weak hand in three of a suit
    new.append(_R("advance_2nt_2", "2s X P ?", "2N", hcp=(0, 7), artificial=True,
                  forcing=F.FORCING, notes=(("lebensohl", None),), when=_no_strong,
                  test=lambda i, b, c: _best_unbid_below(i, b, c) and max(i.lengths) >= 4))
    return {rule.name: rule for rule in new}


def _additions() -> list[tuple[str, Rule]]:
    """New rules, each placed before the SAYC rule it names."""
    return [
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
                                  test=_weak_jump, when=lambda c, b: len(c.calls) <= 2)),
        # over a weak two: a jump to game in a major, a strong 3NT
        ("over_weak_overcall", _R("over_weak_game", "2s ?", "4t", hcp=(14, 19),
                                  lengths={"t": (6, 13)}, when=lambda c, b: _no_strong(c, b)
                                  and b["t"].is_major and b["s"] is not b["t"],
                                  test=lambda i, b, c: i.good_suit(b["t"]))),
        ("over_weak_overcall", _R("over_weak_3nt_2", "2s ?", "3N", hcp=(20, 23),
                                  test=_stopper_s, test_note=("stopper", "s"),
                                  when=_no_strong)),
        # balancing over a weak two passed round to us
        ("balance_1nt", _R("balance_weak_double", "2s P P ?", "X", hcp=(10, ANY),
                           lengths={"s": (0, 3)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None), ("balancing", None)),
                           when=_no_strong, test=_balance_double)),
        ("balance_1nt", _R("balance_weak_2nt", "2s P P ?", "2N", hcp=(14, 18),
                           balanced=True, test=_stopper_s, notes=(("balancing", None),),
                           when=_no_strong)),
        ("balance_1nt", _R("balance_weak_suit", "2s P P ?", "ct", hcp=(8, 16),
                           lengths={"t": (5, 13)}, notes=(("balancing", None),),
                           when=lambda c, b: _no_strong(c, b) and _at_level(2)(c, b)
                           and b["t"] > b["s"], test=_good_t)),
        ("balance_1nt", _R("balance_weak_pass", "2s P P ?", "P", when=_no_strong)),
        # partner doubled for takeout, their side raised: responsive doubles and free bids
        ("advance_cue", _R("responsive_game", "1s X 2s|3s ?", "4u", hcp=(11, ANY),
                           lengths={"u": (5, 13)}, when=lambda c, b: b["u"].is_major)),
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
                                   when=_no_strong, test=_good_t)),
        ("preempt_pass", _R("preempt_new_major_game", "3s P ?", "4t", hcp=(14, ANY),
                            lengths={"t": (6, 13)}, forcing=F.SIGNOFF,
                            when=lambda c, b: b["t"].is_major, test=_good_t)),
        ("preempt_pass", _R("preempt_new_suit", "3s P ?", "ct", hcp=(16, ANY),
                            lengths={"t": (5, 13)}, forcing=F.FORCING, test=_good_t,
                            when=_at_level(3))),
        *_new_minor_forcing(),
        # they bid two suits (or raised): come in on a good suit, or double for takeout
        ("over_1_pass", _R("over_response_takeout", "1s P 2s ?", "X", hcp=(12, ANY),
                           lengths={"s": (0, 2)}, artificial=True, forcing=F.FORCING,
                           notes=(("takeout", None),), test=_takeout)),
        ("over_1_pass", _R("over_response_overcall", "1s P Lt ?", "cu", hcp=(11, 17),
                           lengths={"u": (5, 13)}, when=_at_level(2),
                           test=lambda i, b, c: i.good_suit(b["u"]) or i.lengths[b["u"]] >= 6)),
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
        # the law of total tricks: compete to the level of the fit
        ("comp_raise", _R("comp_jump_raise", "1M Lt ?", "jM", hcp=(3, 9), lengths={"M": (4, 13)},
                          notes=(("preempt", None),), when=_jump_is_three)),
        ("advance_ov_cue", _R("opener_compete", "1M P 2M Lt ?", "3M", hcp=(10, 15),
                              lengths={"M": (6, 13)}, notes=(("competitive", None),),
                              when=_at_level(2))),
        ("advance_ov_cue", _R("responder_compete", "1M P 2M Lt P P ?", "3M", hcp=(5, 10),
                              lengths={"M": (4, 13)}, notes=(("competitive", None),),
                              when=_at_level(2))),
        ("advance_ov_cue", _R("advance_ov_compete", "1s Lt Ls ?", "ct", hcp=(5, 10),
                              points=Points.SUPPORT, trump="t", lengths={"t": (4, 13)},
                              notes=(("competitive", None),), when=_at_level(2))),
        # the takeout doubler with a strong hand acts again when they raised
        ("advance_ov_cue", _R("doubler_again", "1s X 2s|3s P P ?", "X", hcp=(16, ANY),
                              lengths={"s": (0, 1)}, artificial=True,
                              notes=(("takeout", None),))),
        ("advance_ov_cue", _R("doubler_suit", "1s X 2s|3s P P ?", "cu", hcp=(16, ANY),
                              lengths={"u": (6, 13)}, when=_at_level(3))),
        # opener reopens with a double when short in the overcalled suit
        ("advance_ov_cue", _R("reopening_double", "1s Lt P P ?", "X", hcp=(12, ANY),
                              lengths={"t": (0, 2)}, artificial=True,
                              notes=(("takeout", None),), when=_at_level(3),
                              test=lambda i, b, c: i.lengths[b["t"]] <= 1 or i.hcp >= 14)),
        ("advance_ov_cue", _R("reopening_penalty_pass", "1s Lt P P X P ?", "P",
                              lengths={"t": (4, 13)}, notes=(("penalty_pass", None),),
                              test=lambda i, b, c: i.top_honours(b["t"], 5) >= 2)),
        *[("rkc_ask", rule) for rule in _second_round()],
        # a slam try opposite a limit raise: Roman key-card Blackwood
        ("limit_accept", _R("limit_rkc", "1M P 3M P ?", "4N", hcp=(22, ANY),
                            points=Points.SUPPORT, trump="M", artificial=True,
                            forcing=F.FORCING, notes=(("rkc", None),),
                            test=lambda i, b, c: i.keycards(b["M"]) >= 3 and i.hcp >= 18)),
        # negative doubles of a three-level (weak jump) overcall
        ("comp_pass", _R("comp_neg_double_3", "1s 3t ?", "X", hcp=(10, ANY), artificial=True,
                         forcing=F.FORCING, notes=(("negative", None), ("unbid_majors", None)),
                         test=sayc.negative_double)),
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
        _R("resp_1nt_2nt_accept", "1s P 1N P 2N P ?", "3N", hcp=(8, ANY)),
        _R("resp_1nt_2nt_pass", "1s P 1N P 2N P ?", "P"),
        _R("resp_1nt_jump_game", "1s P 1N P 3s P ?", "4s", hcp=(8, ANY),
           lengths={"s": (2, 13)}, **major_s),
        _R("resp_1nt_jump_3nt", "1s P 1N P 3s P ?", "3N", hcp=(9, ANY), test=_fitting_3nt,
           **minor_s),
        _R("resp_1nt_jump_pass", "1s P 1N P 3s P ?", "P"),
        _R("resp_2nt_rebid_slam", "1s P 1t P 2N P ?", "6t", hcp=(14, ANY),
           lengths={"t": (6, 13)}, **major_t),
        _R("resp_2nt_rebid_6nt", "1s P 1t P 2N P ?", "6N", hcp=(14, 17)),
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
        _R("resp_jump_rebid_3nt", "1s P 1t P 3s P ?", "3N", hcp=(9, ANY), test=_fitting_3nt),
        _R("resp_jump_rebid_pass", "1s P 1t P 3s P ?", "P", hcp=(0, 7)),
        _R("resp_jump_raise_game", "1s P 1t P 3t P ?", "4t", hcp=(8, ANY), **major_t),
        _R("resp_jump_raise_pass", "1s P 1t P 3t P ?", "P", hcp=(0, 7), **major_t),
        _R("resp_raise_game", "1s P 1t P 2t P ?", "4t", hcp=(13, ANY), points=Points.SUPPORT,
           trump="t", **major_t),
        _R("resp_raise_invite", "1s P 1t P 2t P ?", "3t", hcp=(11, 12), points=Points.SUPPORT,
           trump="t", forcing=F.INVITATIONAL, **major_t),
        _R("resp_raise_pass", "1s P 1t P 2t P ?", "P", hcp=(0, 10), **major_t),
        _R("resp_own_rebid_game", "1s P 1t P 2s P ?", "4s", hcp=(13, ANY),
           lengths={"s": (2, 13)}, **major_s),
        _R("resp_own_rebid_3nt", "1s P 1t P 2s P ?", "3N", hcp=(13, 17),
           test=lambda i, b, c: i.balanced or i.stopper(C) + i.stopper(D) + i.stopper(H)
           + i.stopper(S) >= 3),
        _R("resp_own_rebid_invite", "1s P 1t P 2s P ?", "3s", hcp=(11, 12),
           lengths={"s": (2, 13)}, forcing=F.INVITATIONAL, **major_s),
        _R("resp_1nt_rebid_3nt", "1s P 1t P 1N P ?", "3N", hcp=(13, 18),
           test=lambda i, b, c: i.lengths[b["t"]] <= 5 or not b["t"].is_major),
        _R("resp_1nt_rebid_2nt", "1s P 1t P 1N P ?", "2N", hcp=(11, 12), balanced=True,
           forcing=F.INVITATIONAL),
        _R("opener_2nt_invite_accept", "1s P 1t P 1N P 2N P ?", "3N", hcp=(13, ANY),
           notes=(("maximum", None),)),
        _R("opener_2nt_invite_decline", "1s P 1t P 1N P 2N P ?", "P", hcp=(0, 12),
           notes=(("minimum", None),)),
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


def modern_rules() -> list[Rule]:
    """SAYC's rules with the modern changes put in place."""
    return amend_rules(sayc.sayc_rules(), _replacements(), _additions())


def _partner_by_rules(ctx: Context) -> int:
    """The least HCP partner's calls made by the system's rules (not placements) showed."""
    lo = 0
    for e in ctx.calls_of(ctx.partner):
        if e.rule != "natural":
            lo = max(lo, e.shown.hcp_envelope[0])
    return lo


def _cheapest(ctx: Context, strain: Strain) -> int:
    last = ctx.last_bid
    if last is None or last.level is None or last.strain is None:
        return 1
    return last.level if strain > last.strain else last.level + 1


def modern_fallback(system: System, info: HandInfo, ctx: Context) -> tuple[Call, Shown]:
    """SAYC's placement, but never a penalty double with a singleton or void in their suit."""
    call, shown = sayc.natural_fallback(system, info, ctx, placement=AGGRESSIVE)
    long = info.longest()
    if (call.is_bid and (call.level or 0) >= 6 and ctx.last_bid_by_us()
            and info.hcp + _partner_by_rules(ctx) < 31):
        return PASS, Shown()  # a slam needs the strength partner's system calls showed
    if (call.is_bid and call.strain is Strain.NOTRUMP and (call.level or 0) >= 3
            and info.hcp <= 12 and info.lengths[long] >= 6):
        # a minimum hand with a long suit rebids it rather than jump to notrump
        cheaper = Call.bid(_cheapest(ctx, long.strain), long.strain)
        if cheaper.level is not None and cheaper.level <= 3:
            return cheaper, sayc.describe_natural(system, ctx, cheaper)
    if call == THREE_NT and min(info.lengths) == 0 and info.lengths[long] >= 6:
        # no 3NT with a void and a long suit: the game in the suit
        game = Call.bid(4 if long.is_major else 5, long.strain)
        legal = ctx.last_bid is None or game.rank > ctx.last_bid.rank
        if legal:
            return game, sayc.describe_natural(system, ctx, game)
    if call == DOUBLE:
        last = ctx.last_bid
        suit = None if last is None or last.strain is None else last.strain.suit
        if suit is not None and info.lengths[suit] <= 1:
            return PASS, Shown()
    return call, shown


MODERN = System("Modern", modern_rules(), fallback=modern_fallback, describe=sayc.describe_natural)
"""The robots' default system: modern aggressive standard (SAYC remains selectable)."""
