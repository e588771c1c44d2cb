"""Card play by sampling: deal the unseen cards many times, solve each double dummy, and play
the card with the best expected score for the form of scoring (as GIB and BEN do).

Singletons and equal cards are played at once; everything else gets a time budget. Only
``redouble.analysis`` solves positions; this module speaks in cards and seats.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redouble.calls import Contract
from redouble.cards import Card, Rank, Suit
from redouble.robots.meaning import HandConstraint
from redouble.robots.sampling import Sample, Sampler, SampleReport
from redouble.seats import Seat
from redouble.view import View

if TYPE_CHECKING:
    from redouble.analysis import Position

__all__ = ["CardDecision", "CardPlayer", "Scoring", "equal_card_groups", "sure_claim"]


class Scoring(enum.Enum):
    """The form of scoring a robot plays for."""

    MATCHPOINTS = "matchpoints"
    IMPS = "imps"
    RUBBER = "rubber"  # total points: the expected score itself

    def __repr__(self) -> str:
        return f"Scoring.{self.name}"

    @classmethod
    def parse(cls, text: str | Scoring) -> Scoring:
        """A scoring form from its name (``mp``, ``imps``, ``rubber``/``total``)."""
        if isinstance(text, Scoring):
            return text
        key = text.strip().lower()
        aliases = {"mp": "matchpoints", "mps": "matchpoints", "imp": "imps",
                   "total": "rubber", "chicago": "rubber", "teams": "imps", "pairs": "matchpoints"}
        key = aliases.get(key, key)
        for form in cls:
            if form.value == key:
                return form
        from redouble.errors import BridgeError

        raise BridgeError(f"unknown form of scoring {text!r}: expected matchpoints, imps or rubber")


@dataclass
class CardDecision:
    """A chosen card and why: expected value and tricks per candidate, samples used, time."""

    card: Card
    reason: str
    values: dict[Card, float] = field(default_factory=dict)
    tricks: dict[Card, float] = field(default_factory=dict)
    report: SampleReport | None = None
    seconds: float = 0.0


def equal_card_groups(cards: Sequence[Card], view: View) -> list[list[Card]]:
    """Group legal cards that are equivalent: same suit, with no unplayed card of another
    hand ranking between them (``♥KQ`` with ``♥J`` gone are one group)."""
    own = set(cards)
    played = {card for _, card in view.played}
    groups: list[list[Card]] = []
    by_suit: dict[Suit, list[Card]] = {}
    for card in sorted(cards):
        by_suit.setdefault(card.suit, []).append(card)
    for suit, holding in by_suit.items():
        current = [holding[0]]
        for lower, higher in itertools.pairwise(holding):
            gap = [Card(suit, Rank(rank)) for rank in range(lower.rank + 1, higher.rank)]
            if all(c in own or c in played for c in gap):
                current.append(higher)
            else:
                groups.append(current)
                current = [higher]
        groups.append(current)
    return groups


def _position_parts(view: View) -> tuple[Seat, tuple[Card, ...]]:
    trick = view.current_trick
    if trick is not None and not trick.is_complete and trick.cards:
        return trick.leader, trick.cards
    assert view.turn is not None
    return view.turn, ()


def solve_many(positions: list[Position]) -> list[dict[Card, int]]:
    """Double-dummy values of many positions, through ``redouble.analysis`` (one batch)."""
    from redouble.analysis import solve_many as solve_batch

    return solve_batch(positions)


def _score(contract: Contract, declarer_tricks: int, vulnerable: bool) -> int:
    from redouble.scoring import duplicate_score

    return duplicate_score(contract, tricks=declarer_tricks, vulnerable=vulnerable)


class CardPlayer:
    """Chooses cards by sampling layouts and solving them double dummy in batches."""

    def __init__(self, *, scoring: Scoring | None = None, budget: float = 0.8,
                 samples: int | None = None, seed: int = 0) -> None:
        self._fixed = scoring  # None: play for the table's scoring (view.scoring), else IMPs
        self.scoring = scoring or Scoring.IMPS
        self.budget = budget
        self.samples = samples
        self.seed = seed
        self.last: CardDecision | None = None

    def sample_count(self, tricks_left: int) -> int:
        """How many layouts to solve: fewer early (slow to solve), more near the end."""
        if self.samples is not None:
            return self.samples
        if tricks_left >= 12:
            return 16
        if tricks_left >= 11:
            return 14
        if tricks_left >= 8:
            return 20
        if tricks_left >= 5:
            return 32
        return 48

    def choose(self, view: View, constraints: Mapping[Seat, HandConstraint]) -> CardDecision:
        """The card for ``view.turn`` (the robot's own or dummy's)."""
        start = time.perf_counter()
        if self._fixed is None:
            self.scoring = Scoring.IMPS
            if view.scoring is not None:
                with contextlib.suppress(ValueError):  # an unknown form: IMPs, the safe default
                    self.scoring = Scoring.parse(view.scoring)
        legal = view.legal_cards
        if not legal:
            raise ValueError(f"{view.seat} has no card to play: it is not its turn")
        if len(legal) == 1:
            return self._done(CardDecision(legal[0], "only legal card"), start)
        groups = equal_card_groups(legal, view)
        if len(groups) == 1:
            return self._done(CardDecision(min(legal), "equal cards"), start)
        rng = random.Random(hash((self.seed, view.board_number, len(view.played),
                                  view.seat)) & 0xFFFFFFFF)
        sampler = Sampler(view, constraints, rng=rng)
        tricks_left = 13 - len(view.tricks)
        deadline = start + self.budget * 0.25
        samples, report = sampler.draw(self.sample_count(tricks_left), deadline=deadline)
        if not samples:
            return self._done(CardDecision(min(legal), "no consistent layout", report=report),
                              start)
        values, tricks = self.evaluate(view, samples, [g[0] for g in groups],
                                       deadline=start + self.budget * 0.85)
        best = max(values, key=lambda c: (round(values[c], 6), tricks[c], -c.rank))
        decision = CardDecision(best, f"best expected {self.scoring.value} over "
                                f"up to {len(samples)} layouts", values=values, tricks=tricks,
                                report=report)
        return self._done(decision, start)

    def _done(self, decision: CardDecision, start: float) -> CardDecision:
        decision.seconds = time.perf_counter() - start
        self.last = decision
        return decision

    def evaluate(self, view: View, samples: list[Sample], candidates: list[Card], *,
                 deadline: float | None = None) -> tuple[dict[Card, float], dict[Card, float]]:
        """Expected utility and expected declarer-side tricks of each candidate card."""
        from redouble.analysis import Position
        from redouble.scoring import imps

        contract = view.contract
        assert contract is not None and contract.declarer is not None and view.turn is not None
        declarer = contract.declarer
        leader, trick = _position_parts(view)
        positions = [Position(hands=sample, trump=contract.strain, leader=leader, trick=trick)
                     for sample in samples]
        solved: list[dict[Card, int]] = []
        chunk = 4 if len(view.tricks) < 3 else 16
        for first in range(0, len(positions), chunk):
            solved.extend(solve_many(positions[first:first + chunk]))
            if deadline is not None and time.perf_counter() > deadline and len(solved) >= 6:
                break  # the time budget is spent: decide on the layouts solved so far
        left = 13 - len(view.tricks)
        on_declarer_side = view.turn.side is declarer.side
        me_declaring = view.seat is not None and view.seat.side is declarer.side
        vulnerable = view.vulnerability.is_vulnerable(declarer)
        utility = dict.fromkeys(candidates, 0.0)
        trick_sum = dict.fromkeys(candidates, 0.0)
        for result in solved:
            scores: dict[Card, int] = {}
            for card in candidates:
                value = result.get(card)
                if value is None:
                    continue
                declarer_more = value if on_declarer_side else left - value
                total = view.declarer_tricks + declarer_more
                score = _score(contract, total, vulnerable)
                scores[card] = score if me_declaring else -score
                trick_sum[card] += total if me_declaring else 13 - total
            if not scores:
                continue
            best = max(scores.values())
            for card, score in scores.items():
                if self.scoring is Scoring.IMPS:
                    utility[card] += imps(score - best)
                elif self.scoring is Scoring.MATCHPOINTS:
                    utility[card] += 1.0 if score == best else 0.0
                else:
                    utility[card] += score
        n = max(1, len(solved))
        return ({c: v / n for c, v in utility.items()}, {c: v / n for c, v in trick_sum.items()})


def sure_claim(view: View) -> int | None:
    """All the remaining tricks, if they are certain in every layout: the hand on lead holds
    only top winners (and the opponents no trumps that could ruff). ``None`` otherwise."""
    contract = view.contract
    if contract is None or contract.declarer is None or view.turn is None:
        return None
    trick = view.current_trick
    if trick is not None and trick.cards and not trick.is_complete:
        return None
    declarer = contract.declarer
    leader = view.turn
    if leader.side is not declarer.side or leader not in view.hands:
        return None
    ours = set(view.hands.get(declarer, ())) | set(view.hands.get(declarer.partner, ()))
    played = {card for _, card in view.played}
    from redouble.cards import DECK

    theirs = [c for c in DECK if c not in ours and c not in played]
    trump = contract.strain.suit
    opponents_trumps = trump is not None and any(c.suit is trump for c in theirs)
    hand = view.hands[leader]
    if not hand:
        return None
    for card in hand:
        if opponents_trumps and card.suit is not trump:
            return None
        if any(c.suit is card.suit and c.rank > card.rank for c in theirs):
            return None
    left = 13 - len(view.tricks)
    return left if len(hand) == left else None
