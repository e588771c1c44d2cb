"""Mini-bridge robots (seed 001, RULES.md §8): announce points, choose the contract, play.

Each player announces high-card points; the side with more declares and its stronger player
is declarer. Declarer sees dummy and chooses the contract: trumps in a suit with an 8+ card
fit (else notrump), and the level that scores best on average over layouts of the opponents'
cards that agree with their announced points, each solved double dummy.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from redouble.calls import Contract
from redouble.cards import DECK, Card, Strain, Suit
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.hand import Hand
from redouble.robots.cardplay import Scoring
from redouble.robots.meaning import HandConstraint
from redouble.robots.robot import SaycRobot
from redouble.seats import Seat
from redouble.view import View

__all__ = ["MiniBridgeChoice", "MiniBridgeRobot", "announce", "candidate_strains",
           "choose_contract"]


def announce(cards: Iterable[Card]) -> int:
    """The points a player announces: high-card points, A4 K3 Q2 J1."""
    return sum(card.hcp for card in cards)


def candidate_strains(hand: Iterable[Card], dummy: Iterable[Card]) -> list[Strain]:
    """The strains seed 001 allows: every suit with an 8+ card fit, else notrump only."""
    lengths = dict.fromkeys(Suit, 0)
    for card in (*hand, *dummy):
        lengths[card.suit] += 1
    fits = [suit.strain for suit in Suit if lengths[suit] >= 8]
    return fits or [Strain.NOTRUMP]


@dataclass(frozen=True, slots=True)
class MiniBridgeChoice:
    """The chosen contract, its expected mini-bridge score and expected tricks."""

    contract: Contract
    expected_score: float
    expected_tricks: float
    layouts: int


def _opponent_layouts(known: frozenset[Card], opponents: tuple[Seat, Seat],
                      points: Mapping[Seat, int] | None, count: int,
                      rng: random.Random) -> list[tuple[frozenset[Card], frozenset[Card]]]:
    unseen = [card for card in DECK if card not in known]
    layouts = []
    for _ in range(count * 200):
        rng.shuffle(unseen)
        first, second = frozenset(unseen[:13]), frozenset(unseen[13:])
        if points is None or (announce(first) == points[opponents[0]]
                              and announce(second) == points[opponents[1]]):
            layouts.append((first, second))
            if len(layouts) >= count:
                break
    return layouts


def choose_contract(hand: Iterable[Card], dummy: Iterable[Card], *, declarer: Seat,
                    announced: Mapping[Seat, int] | None = None, layouts: int = 8,
                    seed: int = 0) -> MiniBridgeChoice:
    """Declarer's contract: the allowed strain and level with the best expected score."""
    from redouble.analysis import dd_tables
    from redouble.scoring.minibridge import minibridge_score

    mine, table = frozenset(hand), frozenset(dummy)
    if len(mine) != 13 or len(table) != 13 or mine & table:
        raise BridgeError("mini-bridge declarer needs its own 13 cards and dummy's 13 others")
    rng = random.Random(seed)
    lho, rho = declarer.lho, declarer.rho
    found = _opponent_layouts(mine | table, (lho, rho), announced, layouts, rng)
    if not found:  # announcements that cannot be met: use any layout
        found = _opponent_layouts(mine | table, (lho, rho), None, layouts, rng)
    deals = [Deal({declarer: Hand(mine), declarer.partner: Hand(table), lho: Hand(a),
                   rho: Hand(b)}) for a, b in found]
    tables = dd_tables(deals)
    best: MiniBridgeChoice | None = None
    for strain in candidate_strains(mine, table):
        tricks = [t.tricks(declarer=declarer, strain=strain) for t in tables]
        mean_tricks = sum(tricks) / len(tricks)
        for level in range(1, 8):
            contract = Contract(level, strain, declarer=declarer)
            score = sum(minibridge_score(contract, tricks=n) for n in tricks) / len(tricks)
            if best is None or score > best.expected_score:
                best = MiniBridgeChoice(contract, score, mean_tricks, len(tables))
    assert best is not None
    return best


class MiniBridgeRobot(SaycRobot):
    """Plays mini-bridge: announces its points, chooses declarer's contract, and plays the
    cards by sampling layouts that agree with every player's announced points."""

    name = "redouble-mini"

    def __init__(self, *, announced: Mapping[Seat, int] | None = None, budget: float = 0.8,
                 seed: int = 0) -> None:
        super().__init__(scoring=Scoring.RUBBER, budget=budget, seed=seed)
        self.announced = dict(announced or {})

    def announce(self, view: View) -> int:
        """The points this robot announces."""
        if view.seat is None:
            raise BridgeError("a spectator has nothing to announce")
        return announce(view.original_hand(view.seat) or view.hand)

    def choose_contract(self, hand: Iterable[Card], dummy: Iterable[Card], *,
                        declarer: Seat) -> Contract:
        """Declarer's contract after seeing dummy."""
        return choose_contract(hand, dummy, declarer=declarer, announced=self.announced or None,
                               seed=self.player.seed).contract

    def constraints(self, view: View) -> dict[Seat, HandConstraint]:
        """Every announced total is exact: the only thing known about hidden hands."""
        return {seat: HandConstraint(hcp=(points, points))
                for seat, points in self.announced.items()}
