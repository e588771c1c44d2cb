"""Dealing the hidden cards consistently with what a seat knows (as GIB and BEN do).

A sample gives every hidden seat its remaining cards such that: the visible hands and the
cards already played are where they are, no seat holds a suit it has shown out of, and each
hidden seat's original 13 cards fit what its calls showed. ``check`` re-verifies every sample
independently; the share of samples that contradict the auction or the play is reported and
must be zero.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from redouble._backend import deal_layouts
from redouble._pycore import DealTables, SeatTest
from redouble.cards import DECK, Card
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import HandConstraint
from redouble.seats import Seat
from redouble.view import View

__all__ = ["Sample", "SampleReport", "Sampler"]

Sample = dict[Seat, frozenset[Card]]
"""The remaining cards of every seat (hidden ones filled in) in one consistent layout."""

#: Relaxation levels: the auction's meanings, looser meanings, then the play alone.
LEVELS = ("auction", "relaxed", "play only")


@dataclass
class SampleReport:
    """What one round of sampling did: draws tried and accepted, and contradictions found."""

    wanted: int = 0
    accepted: int = 0
    tried: int = 0
    level: str = LEVELS[0]
    contradictions: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def contradiction_share(self) -> float:
        """Share of the returned samples contradicting the auction or the play (must be 0)."""
        return self.contradictions / self.accepted if self.accepted else 0.0


def _seat_test(constraint: HandConstraint) -> SeatTest:
    """A constraint as the dealing loop tests it (``redouble._pycore.deal_layouts``)."""
    balanced = -1 if constraint.balanced is None else int(constraint.balanced)
    return (constraint.hcp[0], constraint.hcp[1], constraint.lengths, balanced,
            constraint.alternatives)


class Sampler:
    """Deals the cards a seat cannot see, many times, consistently with its view."""

    def __init__(self, view: View, constraints: Mapping[Seat, HandConstraint], *,
                 rng: random.Random | None = None) -> None:
        if view.seat is None:
            raise ValueError("a spectator has no seat to sample for")
        self.view = view
        self.rng = rng or random.Random(0)
        self.hidden = [seat for seat in Seat if seat not in view.hands]
        self.played_by: dict[Seat, tuple[Card, ...]] = {s: view.played_by(s) for s in Seat}
        known = {card for cards in view.hands.values() for card in cards}
        known |= {card for _, card in view.played}
        self.pool = [card for card in DECK if card not in known]
        self.need = {s: 13 - len(self.played_by[s]) for s in self.hidden}
        if sum(self.need.values()) != len(self.pool):
            raise ValueError(f"the view does not add up: {len(self.pool)} unseen cards for "
                             f"{sum(self.need.values())} places")
        self.voids = view.voids()
        self.constraints = {s: constraints.get(s, HandConstraint()) for s in self.hidden}
        self._eligible = {card: [s for s in self.hidden if card.suit not in self.voids[s]]
                          for card in self.pool}
        for card, seats in self._eligible.items():
            if not seats:
                raise ValueError(f"nobody can hold {card}: the view contradicts itself")
        # the dealing loop's tables, by position: hidden seats 0..n-1, pool cards 0..m-1
        where = {seat: i for i, seat in enumerate(self.hidden)}
        holders = tuple(tuple(where[s] for s in self._eligible[card]) for card in self.pool)
        base = [HandInfo(self.played_by[seat]) for seat in self.hidden]
        self._tables: DealTables = (
            tuple(int(card.suit) for card in self.pool),
            tuple(card.rank.hcp for card in self.pool),
            holders,
            len({len(who) for who in holders}) > 1,  # some cards forced: they are dealt first
            tuple(self.need[s] for s in self.hidden),
            tuple(info.hcp for info in base),
            tuple((info.lengths[0], info.lengths[1], info.lengths[2], info.lengths[3])
                  for info in base))
        self._tests = [[self.constraints[s] for s in self.hidden],
                       [self.constraints[s].relaxed() for s in self.hidden]]
        self._seat_tests = [tuple(_seat_test(c) for c in level) for level in self._tests]

    def _sample(self, hands: list[list[int]]) -> Sample:
        """The layout a deal of positions stands for."""
        sample: Sample = {s: frozenset(cards) for s, cards in self.view.hands.items()}
        for seat, positions in zip(self.hidden, hands, strict=True):
            sample[seat] = frozenset(self.pool[p] for p in positions)
        return sample

    def _admits(self, sample: Sample, level: int) -> bool:
        if level >= 2:
            return True
        for seat, constraint in zip(self.hidden, self._tests[level], strict=True):
            original = HandInfo(sample[seat] | frozenset(self.played_by[seat]))
            if not constraint.admits(original):
                return False
        return True

    def draw(self, count: int, *, max_tries: int = 2000,
             deadline: float | None = None) -> tuple[list[Sample], SampleReport]:
        """Up to ``count`` consistent samples, relaxing the auction's meanings only if the
        strict ones admit (almost) nothing; the report says which level was used."""
        start = time.perf_counter()
        report = SampleReport(wanted=count)
        samples: list[Sample] = []
        if not self.hidden:
            samples = [{s: frozenset(c) for s, c in self.view.hands.items()}]
            report.accepted = 1
            return samples, report
        for level in range(len(LEVELS)):
            samples = []
            tries = 0
            budget = max_tries if level < 2 else max_tries * 4
            tests = self._seat_tests[level] if level < 2 else None
            chunk = budget if deadline is None else 64  # the clock is read between chunks
            while len(samples) < count and tries < budget:
                if deadline is not None and tries and time.perf_counter() > deadline:
                    break
                dealt, used = deal_layouts(self.rng, self._tables, tests, count - len(samples),
                                           min(chunk, budget - tries))
                tries += used
                samples.extend(self._sample(hands) for hands in dealt)
            report.tried += tries
            report.level = LEVELS[level]
            if len(samples) >= max(1, count // 4):
                break
            report.notes.append(f"{LEVELS[level]}: {len(samples)} of {count} in {tries} tries")
        report.accepted = len(samples)
        report.contradictions = sum(not self.check(s, LEVELS.index(report.level)) for s in samples)
        report.seconds = time.perf_counter() - start
        return samples, report

    def check(self, sample: Sample, level: int = 0) -> bool:
        """Independently verify one sample against the view, the play and the auction."""
        seen: set[Card] = set()
        for seat in Seat:
            cards = sample.get(seat)
            if cards is None or len(cards) != 13 - len(self.played_by[seat]):
                return False
            if seen & cards:
                return False
            seen |= cards
            if seat in self.view.hands and cards != frozenset(self.view.hands[seat]):
                return False
            if any(card.suit in self.voids[seat] for card in cards):
                return False
            if set(self.played_by[seat]) & cards:
                return False
        played = {card for _, card in self.view.played}
        if seen | played != set(DECK):
            return False
        return self._admits(sample, level)

