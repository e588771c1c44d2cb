"""Bidding decisions by simulation, where rules are weakest (as GIB's and BEN's bidders do).

At a competitive, game or penalty-double decision (the first action over their opening and
slams too, when asked: ``SIMULATED`` leaves them to the rules by default) the robot deals
the hidden hands many times consistently with the auction (``Sampler``), and for each
candidate call (the rules' choice, pass, double, our longest suit at our first action and
before the side has found a fit, bidding on in the side's strain, game, slam) lets the rule
bidder finish the auction at all four seats on every layout. The layouts kept are those on
which partner's hand makes partner's calls as the system chooses them (``replayed``): the
auction's ranges alone admit hands that would have bid otherwise. Each final contract is
scored with its double-dummy tricks (``analysis.dds.contract_tricks``, one batch) under the
form of scoring in force: IMPs against the rules' call, matchpoints as the share of layouts
that beat it, total points as the mean score. A candidate replaces the rules' call only when
it beats it by a margin larger than the sampling noise. The layouts are a fixed number drawn
from a seed derived from the board and the auction; the time budget caps that number through
a calibrated cost per layout, never through the clock, so a decision does not depend on the
machine's speed or load.
"""

from __future__ import annotations

import enum
import hashlib
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from redouble.auction import Auction
from redouble.calls import DOUBLE, PASS, Call, CallKind, Contract, Risk
from redouble.cards import Card, Strain, Suit
from redouble.robots.cardplay import Scoring
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import HandConstraint
from redouble.robots.sampling import Sample, Sampler
from redouble.robots.system import Context, Explained, System
from redouble.seats import Seat, Side, Vulnerability
from redouble.view import View

__all__ = ["SIMULATED", "Decision", "SimulatedChoice", "Simulator", "decision_kind", "replayed"]


class Decision(enum.Enum):
    """The kinds of decision simulated (the issue's list): the rest stay with the rules."""

    ENTRY = "entry"  # the first action over their opening, to the two level
    COMPETITIVE = "competitive"
    GAME = "game"
    SLAM = "slam"
    PENALTY_DOUBLE = "penalty double"


@dataclass(frozen=True, slots=True)
class SimulatedChoice:
    """A simulated decision: the kind, each candidate's value against the rules' call (IMPs,
    matchpoint share or points), the layouts scored, the seconds spent, and the call chosen."""

    kind: Decision
    call: Call
    rules_call: Call
    values: tuple[tuple[Call, float], ...]
    layouts: int
    seconds: float


def _game_level(strain: Strain) -> int:
    return {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(strain, 5)


def _asking(explained: Explained) -> bool:
    """A conventional relay or ask whose answer the rules fix (Blackwood, Stayman, transfers)."""
    keys = {key for key, _ in explained.shown.notes}
    return bool(keys & {"rkc", "stayman", "transfer", "feature_ask", "jacoby2nt", "nmf",
                        "lebensohl", "strong2c", "waiting", "relay", "asks_minor", "michaels",
                        "unusual_2nt", "splinter", "cue_slam_try",
                        "fourth_suit"}) or explained.rule.startswith(
        ("rkc_answer", "rkc_small", "rkc_grand", "rkc_stop"))


def _our_strain(ctx: Context, info: HandInfo, chosen: Call | None = None) -> Strain | None:
    """The strain our side would play in: an agreed suit, a suit partner showed that we fit
    (eight cards between us), else notrump if our side's last natural bid, or the rules' call
    ``chosen`` now (given at a slam decision only), is notrump."""
    agreed = ctx.agreed_suit()
    if agreed is not None:
        return agreed.strain
    partner = ctx.known(ctx.partner)
    best: tuple[int, int, Suit] | None = None
    for suit in Suit:
        together = partner.lengths[suit][0] + info.lengths[suit]
        if together >= 8 and partner.lengths[suit][0] >= 3:
            key = (together, int(suit.is_major), suit)
            best = key if best is None or key > best else best
    if best is not None:
        return best[2].strain
    if chosen is not None and chosen.strain is Strain.NOTRUMP and chosen.is_bid:
        return Strain.NOTRUMP
    for e in reversed(ctx.our_bids()):
        if not e.shown.artificial and e.call.strain is not None:
            return Strain.NOTRUMP if e.call.strain is Strain.NOTRUMP else None
    return None


def _reaches_game(call: Call) -> bool:
    """A bid of game or more in its strain."""
    return (call.is_bid and call.level is not None and call.strain is not None
            and call.level >= _game_level(call.strain))


def _slam_values(ctx: Context, info: HandInfo) -> bool:
    """28 HCP between the hands with partner's expected share (the placement's own estimate):
    enough for double dummy to find a slam on a good fit, so the simulation weighs it."""
    from redouble.robots.sayc import partner_estimate

    return info.hcp + partner_estimate(ctx)[0] >= 28


def decision_kind(system: System, ctx: Context, info: HandInfo,
                  chosen: Explained) -> Decision | None:
    """Which kind of decision this call is, or ``None`` when the rules decide alone: before
    the opening, over their three-level or higher bid before we have acted (doubles there are
    for penalty, which the layouts overrate), after partner's double when their side passed,
    inside conventional sequences, once slam is bid. The doubler's next call, partner having only
    passed, is a competitive decision, and so is the advance of partner's double when their
    side has bid over it, from the two level to the four."""
    if ctx.opened_at >= len(ctx.calls) or _asking(chosen):
        return None
    last_partner = ctx.partner_last()
    if last_partner is not None and _asking(last_partner):
        return None
    last = ctx.last_bid
    assert last is not None and last.level is not None and last.strain is not None
    if last.level >= 6:
        return None
    ours = ctx.our_bids()
    theirs = [e for e in ctx.history if e.seat.side is not ctx.bidder.side and e.call.is_bid]
    if not ours:
        # the first action over their opening (our side has only passed): pass, double or a
        # suit of our own. Over their three level it lost (their games doubled, preempts
        # doubled: -82 IMPs on 2,000 development boards), so there the rules decide
        acted = [e for e in ctx.history
                 if e.seat.side is ctx.bidder.side and e.call.kind is not CallKind.PASS]
        if not acted:
            return Decision.ENTRY if last.level <= 2 else None
        # the doubler again, partner having passed throughout: a competitive decision (a
        # strong two-suiter's suit over their raise to game)
        if all(e.seat is ctx.bidder for e in acted) and last.level <= 5:
            return Decision.COMPETITIVE
        # the advance after partner's double when their side bid over it (1S X 3S ?): the
        # rules' free bids want values a strong player competes without; advanced freely
        # (their pass forces a bid) it stays with the rules
        if (all(e.call == DOUBLE for e in acted) and 2 <= last.level <= 4
                and ctx.history[-1].call.is_bid):
            return Decision.COMPETITIVE
        return None
    if (theirs and not ctx.last_bid_by_us() and last.level >= 3 and DOUBLE in _legal(ctx)
            and not system.meaning(ctx, DOUBLE).shown.artificial):
        return Decision.PENALTY_DOUBLE  # a double here is for penalty: leave it in or not
    slam_values = _slam_values(ctx, info)
    at_game = ctx.last_bid_by_us() and last.level >= _game_level(last.strain)
    if theirs and last.level <= 5 and not (at_game and slam_values):
        return Decision.COMPETITIVE
    partner_bids = [e for e in ours if e.seat is ctx.partner]
    if not partner_bids:
        return None
    strain = _our_strain(ctx, info, chosen.call if slam_values else None)
    if strain is None:
        return None
    if at_game or ctx.game_forced() or _reaches_game(chosen.call):
        # game reached, forced, or about to be bid: with slam values, slam or not
        if slam_values:
            return Decision.SLAM
        if not _reaches_game(chosen.call) or at_game or ctx.game_forced():
            return None
    if last.level >= 2 or len(ours) >= 2:
        return Decision.GAME
    return None


def _legal(ctx: Context) -> frozenset[Call]:
    return frozenset(Auction(dealer=ctx.dealer, calls=ctx.calls).legal_calls())


def candidate_calls(ctx: Context, info: HandInfo, chosen: Explained,
                    kind: Decision, *, system: System | None = None) -> list[Call]:
    """The calls worth comparing: the rules' choice, pass (unless partner forces), double of
    their last bid, bidding on in our strain, game, and slam (at our first action, and in a
    competitive decision before our side has found a fit: pass, double and our longest
    five-card suit at its cheapest level; given the ``system``, that suit only when the hand
    holds the lengths its meaning shows), legal ones only, at most five."""
    legal = _legal(ctx)
    out: list[Call] = [chosen.call]

    def add(call: Call | None) -> None:
        if call is not None and call in legal and call not in out:
            out.append(call)

    if not ctx.partner_forces():
        add(PASS)
    last = ctx.last_bid
    assert last is not None and last.level is not None and last.strain is not None
    if (kind in (Decision.ENTRY, Decision.COMPETITIVE, Decision.PENALTY_DOUBLE)
            and not ctx.last_bid_by_us() and not _short_in_theirs(info, last)):
        add(DOUBLE)
    if kind is Decision.ENTRY:  # their bid is at the two level at most: ours fits below four
        add(_own_suit(ctx, info))
        return out[:5]
    strain = _our_strain(ctx, info, chosen.call if kind is Decision.SLAM else None)
    if strain is None and kind in (Decision.COMPETITIVE, Decision.PENALTY_DOUBLE):
        own = _own_suit(ctx, info)  # no fit found yet: our own suit is the other way to compete
        if own is not None and (system is None
                                or system.meaning(ctx, own).shown.lengths_fit(info)):
            add(own)
    if strain is not None:
        cheapest = last.level if strain > last.strain else last.level + 1
        game = _game_level(strain)
        if (kind in (Decision.COMPETITIVE, Decision.PENALTY_DOUBLE) and cheapest <= 5
                and strain is not Strain.NOTRUMP):
            add(Call.bid(cheapest, strain))  # compete in a fit, not in notrump
        if cheapest <= game and (strain is not Strain.NOTRUMP
                                 or kind in (Decision.GAME, Decision.SLAM)):
            add(Call.bid(game, strain))  # at a slam too: game is the alternative to slam
        if kind is Decision.SLAM and cheapest <= 6:
            add(Call.bid(6, strain))
    return out[:5]


def _own_suit(ctx: Context, info: HandInfo) -> Call | None:
    """Our longest suit of five or more that the opponents have not bid, at its cheapest
    level, up to the five level (over their game: to make, or to save)."""
    theirs = ctx.their_suits()
    suits = [s for s in Suit if s not in theirs and info.lengths[s] >= 5]
    if not suits:
        return None
    suit = max(suits, key=lambda s: (info.lengths[s], s))
    level = ctx.cheapest_level(suit.strain)
    return Call.bid(level, suit.strain) if level <= 5 else None


def readable(system: System, ctx: Context, info: HandInfo, call: Call) -> bool:
    """Whether partner can read ``call`` as this hand: the system gives it a meaning (not the
    natural fallback, which shows nothing) and the hand has the suit lengths it shows. At the
    first action a call partner misreads is scored by rollouts in which partner bids on a
    hand that is not ours (a double of a transfer's completion left in, 2♣ over 1NT on five
    clubs raised as six)."""
    meaning = system.meaning(ctx, call)
    return meaning.rule != "natural" and meaning.shown.lengths_fit(info)


def _short_in_theirs(info: HandInfo, last: Call) -> bool:
    """A singleton or void in their suit: no double, which would be for penalty (the modern
    system's rule too: their trumps sit over partner, and the hand rarely takes a trick)."""
    suit = last.strain.suit if last.strain is not None else None
    return suit is not None and info.lengths[suit] <= 1


def _with_passes(ctx: Context, constraints: dict[Seat, HandConstraint]
                 ) -> dict[Seat, HandConstraint]:
    """The auction's constraints, plus what passing throughout says where the system gives
    the passes no meaning: opposite partner's opening a responder with 10+ HCP acts, and over
    the opponents' opening a hand with 16+ HCP doubles or bids (trap passes aside)."""
    out = dict(constraints)
    opener, opened = ctx.opener, ctx.opened_at
    if opener is None:
        return out
    for seat in Seat:
        calls = [e for i, e in enumerate(ctx.history) if e.seat is seat and i > opened]
        if not calls or seat is opener or any(e.call.kind is not CallKind.PASS for e in calls):
            continue
        cap = 9 if seat is opener.partner else 15
        out[seat] = out[seat].merge(HandConstraint(hcp=(0, cap)))
    return out


#: Layouts drawn for each one scored: the draw is filtered by partner's calls replayed.
REPLAY_POOL = 4
#: A call of partner's that fewer than this share of the layouts replay is not required of
#: them (a call the simulation chose against the rules, which no layout replays).
REPLAY_FLOOR = 0.1


def replayed(system: System, ctx: Context, layouts: Sequence[Sample]) -> list[Sample]:
    """The layouts on which partner's hand makes every call partner made, as the system
    chooses it (the negative inferences too: the hand did not open, did not jump, did not
    raise), in their order; a call replayed on fewer than ``REPLAY_FLOOR`` of the layouts is
    left out of the test (partner's own simulation chose it). When fewer than ``MIN_LAYOUTS``
    replay every call, all the layouts come back, those replaying more of partner's calls
    first (GIB and BEN filter their layouts by their own bidding model the same way)."""
    partner = ctx.partner
    steps = [i for i, e in enumerate(ctx.history) if e.seat is partner]
    if not steps or not layouts:
        return list(layouts)
    contexts = [system.context(ctx.dealer, ctx.vulnerability, ctx.calls[:i]) for i in steps]
    wanted = [ctx.calls[i] for i in steps]
    marks: list[list[bool]] = []
    for layout in layouts:
        info = HandInfo.of(layout[partner])
        marks.append([system.choose(info, c).call == call
                      for c, call in zip(contexts, wanted, strict=True)])
    required = [j for j in range(len(steps))
                if sum(row[j] for row in marks) >= REPLAY_FLOOR * len(layouts)]
    matched = [sum(row[j] for j in required) for row in marks]
    kept = [layout for layout, count in zip(layouts, matched, strict=True)
            if count == len(required)]
    if len(kept) >= MIN_LAYOUTS:
        return kept
    order = sorted(range(len(layouts)), key=lambda k: -matched[k])  # stable: draw order
    return [layouts[k] for k in order]


def _finish(system: System, auction: Auction, hands: Mapping[Seat, HandInfo],
            vulnerability: Vulnerability, limit: int = 24) -> Contract | None:
    """The rest of the auction as the rule bidder would bid it at all four seats (``hands``
    evaluated once per layout, for every candidate call)."""
    for _ in range(limit):
        if auction.is_complete:
            break
        seat = auction.turn
        assert seat is not None
        ctx = system.context(auction.dealer, vulnerability, auction.calls)
        call = system.choose(hands[seat], ctx).call
        if call not in auction.legal_calls():
            call = PASS
        auction.make_call(call)
    if not auction.is_complete:
        while not auction.is_complete:
            auction.make_call(PASS)
    return auction.contract


def _score_for(contract: Contract | None, tricks: int, vulnerability: Vulnerability,
               side: Side) -> int:
    """The score for ``side``; a doubled contract's declarer is credited half a trick over
    double dummy (the mean of DD tricks and one more), the defence robots lose at the table
    against doubled contracts (0.57 of a trick over 42 in the 300-board played match)."""
    from redouble.scoring import duplicate_score

    if contract is None or contract.declarer is None:
        return 0
    vulnerable = vulnerability.is_vulnerable(contract.declarer)
    score = duplicate_score(contract, tricks=tricks, vulnerable=vulnerable)
    if contract.risk is not Risk.UNDOUBLED and tricks < 13:
        score = (score + duplicate_score(contract, tricks=tricks + 1, vulnerable=vulnerable)) // 2
    return score if contract.declarer.side is side else -score


#: CPU seconds one layout costs one candidate call, by kind of decision (dealing it, the rule
#: bidder finishing the auction at four seats, the double-dummy solve of the contracts reached),
#: the median measured over 25 self-play boards on the project's 2-core machine in November
#: 2026 (BENCHMARKS.md, "Slams and simulation"). The time budget becomes a count of layouts
#: through these figures, never by reading the clock: the same board gives the same call on
#: any machine under any load. They predate the draw of ``REPLAY_POOL`` layouts for each one
#: scored, which took the bench's bid p95 from 374 to 498 ms (BENCHMARKS.md, "partner's calls
#: replayed"): not recalibrated since.
LAYOUT_COST: dict[Decision, float] = {
    Decision.ENTRY: 0.014,  # 1.37 times competitive's in the same run (203 and 146 decisions
                            # of 60 development boards, 2026-11-29): the auction is longer
    Decision.COMPETITIVE: 0.010,
    Decision.GAME: 0.009,
    Decision.SLAM: 0.012,
    Decision.PENALTY_DOUBLE: 0.010,
}
#: Fewer layouts than this and the decision stays with the rules: the noise would decide.
MIN_LAYOUTS = 8
#: Standard errors by which a candidate must beat the rules' call. Slams swing 11–13 IMPs, so
#: a few layouts spread their gains widely; the rules stop short of slam far more often than
#: a strong pair does (the issue: 26 slams bid to 48), so a slam needs less proof. A penalty
#: double's gains are skewed (a few IMPs on most layouts where the contract goes down, many
#: lost on the few where it makes), and on two dozen layouts such a mean looks surer than it
#: is: it needs more proof. Measured on the boards of four development seeds (2,000 boards
#: against the baseline) where a double's proof fell between 1.5 and 2.0 standard errors:
#: +27 IMPs over 34 boards with 2.0, +24 over 57 with 2.5 (BENCHMARKS.md, session of
#: 2026-11-29 19:59 UTC); lowering every kind's proof to 1.0 lost 68 IMPs on 89 boards.
PROOF = {Decision.ENTRY: 1.5, Decision.COMPETITIVE: 1.5, Decision.GAME: 1.5,
         Decision.SLAM: 1.0, Decision.PENALTY_DOUBLE: 2.0}
#: The decisions a robot simulates by default. Slams are left to the rules (key cards asked by
#: the hand in the slam zone, direct slams opposite a notrump opening): measured on 900 boards
#: in November 2026 the simulation overrode them on 8 boards and lost 72 IMPs there, 24 to 32
#: layouts being too few to tell a 50% slam from a 70% one (BENCHMARKS.md, "Robots: notrump
#: values, slams opposite notrump").
#: The first action over their opening is left to the rules too: simulated (to the two level)
#: it gained +0.08 IMPs/board against the baseline on the report's 1,000 boards, but on the same
#: report's 300 self-play boards it took the par distance with simulation from 4.87 to 5.28
#: (BENCHMARKS.md, "Robots: the first action over their opening by simulation"); measured
#: again with the replayed layouts and only calls partner can read (``readable``): +0.02 there
#: (+1.06 against +1.04), self-play par 4.75 -> 4.89, bid p95 498 -> 744 ms (BENCHMARKS.md,
#: "Robots: the first action simulated among calls partner can read, measured and left off").
SIMULATED = frozenset({Decision.COMPETITIVE, Decision.GAME, Decision.PENALTY_DOUBLE})


@dataclass
class Simulator:
    """Chooses among candidate calls by dealing consistent layouts and scoring them double
    dummy: at most ``samples`` layouts (``slam_samples`` at a slam), fewer when the ``budget``
    in seconds (``slam_budget`` at a slam, a rarer decision worth more) affords fewer by the
    calibrated cost of a layout (``LAYOUT_COST``), drawn from a seed derived from the board and
    the auction, and a ``margin`` to beat; no clock is read to decide. Only the ``kinds``
    of decision given are simulated (``SIMULATED``: all but slams). Twenty-four layouts in
    0.9 s rather than sixteen in 0.6 s measured +0.046 IMPs/board over 2,000 development
    boards (BENCHMARKS.md, session of 2026-11-28 05:04 UTC), the bid's p95 still under 1 s."""

    system: System
    samples: int = 24
    budget: float = 0.9
    slam_samples: int = 24
    slam_budget: float = 0.9
    margins: dict[Scoring, float] = field(default_factory=lambda: {
        Scoring.IMPS: 1.0, Scoring.MATCHPOINTS: 0.15, Scoring.RUBBER: 60.0})
    seed: int = 0
    kinds: frozenset[Decision] = SIMULATED
    log: list[SimulatedChoice] = field(default_factory=list)

    def _rng(self, view: View) -> random.Random:
        """A generator seeded by what the seat knows of the board (dealer, vulnerability, its
        hand) and the auction so far: the same decision draws the same layouts everywhere."""
        text = f"{self.seed}|{view.dealer}|{view.vulnerability}|{view.seat}|" \
               f"{' '.join(str(e.call) for e in view.auction)}|" \
               f"{sorted(c.index for c in view.hand)}"
        return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))

    def layouts_for(self, kind: Decision, candidates: int) -> int:
        """How many layouts to score for ``candidates`` calls at a ``kind`` of decision: the
        budget divided by the calibrated cost, capped by ``samples``, never by the clock."""
        slam = kind is Decision.SLAM
        budget = self.slam_budget if slam else self.budget
        affordable = int(budget / (LAYOUT_COST[kind] * max(1, candidates)))
        return min(self.slam_samples if slam else self.samples, affordable)

    def decide(self, view: View, ctx: Context, info: HandInfo, chosen: Explained, *,
               scoring: Scoring = Scoring.IMPS) -> SimulatedChoice | None:
        """The simulated choice at a decision the rules leave open, or ``None``."""
        kind = decision_kind(self.system, ctx, info, chosen)
        if kind is None or kind not in self.kinds:
            return None
        calls = candidate_calls(ctx, info, chosen, kind, system=self.system)
        if kind is Decision.ENTRY:
            calls = [call for k, call in enumerate(calls)
                     if k == 0 or call == PASS or readable(self.system, ctx, info, call)]
        if len(calls) < 2:
            return None
        wanted = self.layouts_for(kind, len(calls))
        if wanted < MIN_LAYOUTS:
            return None
        start = time.perf_counter()
        constraints = _with_passes(ctx, self.system.constraints(ctx.dealer, ctx.vulnerability,
                                                                ctx.calls))
        sampler = Sampler(view, constraints, rng=self._rng(view))
        drawn, _ = sampler.draw(wanted * REPLAY_POOL,  # a count, not a deadline
                                max_tries=max(600, 32 * wanted * REPLAY_POOL))
        layouts = replayed(self.system, ctx, drawn)[:wanted]
        if len(layouts) < MIN_LAYOUTS:
            return None
        side = ctx.bidder.side
        contracts: list[list[Contract | None]] = []
        for layout in layouts:
            infos = {seat: HandInfo.of(cards) for seat, cards in layout.items()}
            row = []
            for call in calls:
                auction = Auction(dealer=ctx.dealer, calls=ctx.calls)
                auction.make_call(call)
                row.append(_finish(self.system, auction, infos, ctx.vulnerability))
            contracts.append(row)
        jobs: list[tuple[int, Strain, Seat]] = []
        for i, row in enumerate(contracts):
            if all(contract == row[0] for contract in row):
                continue  # every call leads to the same contract: no gain to score, no solve
            for contract in row:
                if contract is not None and contract.declarer is not None:
                    key = (i, contract.strain, contract.declarer)
                    if key not in jobs:
                        jobs.append(key)
        tricks = self._solve(layouts, jobs)
        scores = [[0] * len(row) if all(c == row[0] for c in row) else
                  [_score_for(c, tricks[(i, c.strain, c.declarer)] if c and c.declarer else 0,
                              ctx.vulnerability, side) for c in row]
                  for i, row in enumerate(contracts)]
        values = _values(scores, scoring)
        best = max(range(len(calls)), key=lambda k: values[k])
        pick = calls[0]
        if (values[best] > self.margins[scoring]
                and _significant(scores, best, scoring, PROOF[kind])):
            pick = calls[best]
        choice = SimulatedChoice(kind=kind, call=pick, rules_call=chosen.call,
                                 values=tuple(zip(calls, values, strict=True)),
                                 layouts=len(scores), seconds=time.perf_counter() - start)
        self.log.append(choice)
        return choice

    @staticmethod
    def _solve(layouts: Sequence[Sample], jobs: list[tuple[int, Strain, Seat]]
               ) -> dict[tuple[int, Strain, Seat], int]:
        """DD tricks for every job, in one batch (the solver spreads it over its threads)."""
        from redouble.analysis import dds

        deals: list[tuple[list[frozenset[Card]], Strain, Seat]] = [
            ([layouts[i][seat] for seat in Seat], strain, declarer)
            for i, strain, declarer in jobs]
        return dict(zip(jobs, dds.contract_tricks(deals), strict=True))


def _gains(scores: list[list[int]], k: int, scoring: Scoring) -> list[float]:
    """Candidate ``k``'s gain over the rules' call on each layout, in the scoring's unit."""
    from redouble.scoring import imps

    if scoring is Scoring.RUBBER:
        return [float(row[k] - row[0]) for row in scores]
    if scoring is Scoring.MATCHPOINTS:
        return [((row[k] > row[0]) - (row[k] < row[0])) / 2 for row in scores]
    return [float(imps(row[k] - row[0])) for row in scores]


def _significant(scores: list[list[int]], k: int, scoring: Scoring, z: float = 1.5) -> bool:
    """Whether candidate ``k`` beats the rules' call by more than ``z`` standard errors over
    the layouts: a few lucky layouts must not overrule the system."""
    gains = _gains(scores, k, scoring)
    if len(gains) < 2:
        return False
    spread = statistics.stdev(gains) / len(gains) ** 0.5
    return bool(statistics.fmean(gains) > z * spread)


def _values(scores: list[list[int]], scoring: Scoring) -> list[float]:
    """Each candidate's value against the first (the rules' call) over the scored layouts."""
    return [statistics.fmean(_gains(scores, k, scoring)) for k in range(len(scores[0]))]
