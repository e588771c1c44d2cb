"""The redouble robot: bidding from rules (modern standard, or SAYC), card play by sampling,
sure claims.

>>> from redouble import Board, BoardState, Deal
>>> robot = SaycRobot()
>>> state = BoardState(Board.numbered(1, deal=Deal.from_seed("doctest")))
>>> choice = robot.choose_call(state.view(state.actor))
>>> bool(choice.explanation)
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from redouble.calls import Call
from redouble.cards import DECK, Card
from redouble.errors import BridgeError
from redouble.robots.base import CallChoice
from redouble.robots.cardplay import CardDecision, CardPlayer, Scoring, sure_claim
from redouble.robots.evaluation import HandInfo
from redouble.robots.meaning import HandConstraint
from redouble.robots.modern import MODERN
from redouble.robots.simulation import Simulator
from redouble.robots.system import Explained, System, explain_text
from redouble.seats import Seat
from redouble.view import View

__all__ = ["DecisionLog", "SaycRobot", "explain_auction"]


@dataclass
class DecisionLog:
    """Latencies and sampling reports of a robot's decisions (for the evaluation)."""

    call_seconds: list[float] = field(default_factory=list)
    card_seconds: list[float] = field(default_factory=list)
    samples: int = 0
    contradictions: int = 0
    relaxed: int = 0


def _calls(view: View) -> list[Call]:
    return [entry.call for entry in view.auction]


class SaycRobot:
    """Bids its system (modern standard by default, SAYC on request) with an explanation for
    every call, plays by double-dummy sampling."""

    name = "redouble"

    def __init__(self, *, system: System = MODERN, scoring: Scoring | str | None = None,
                 budget: float = 0.8, samples: int | None = None, seed: int = 0,
                 lang: str = "en", simulate: bool = True,
                 bid_budget: float | None = None) -> None:
        self.system = system
        # competitive, game and penalty-double decisions by simulation (None: rules only),
        # within the simulator's own default budget unless one is given
        self.simulator: Simulator | None = None
        if simulate:
            self.simulator = (Simulator(system, seed=seed) if bid_budget is None
                              else Simulator(system, seed=seed, budget=bid_budget))
        # None: play for the form of scoring the table shows in each view (IMPs if it shows none)
        fixed = None if scoring is None else Scoring.parse(scoring)
        self.scoring = fixed or Scoring.IMPS
        self._fixed_scoring = fixed
        self.player = CardPlayer(scoring=fixed, budget=budget, samples=samples, seed=seed)
        self.lang = lang
        self.log = DecisionLog()

    # --- bidding -------------------------------------------------------------------------

    def decide_call(self, view: View) -> Explained:
        """The call with its full meaning (the rule that chose it)."""
        if view.seat is None:
            raise ValueError("a spectator cannot bid")
        info = HandInfo.of(view.original_hand(view.seat) or view.hand)
        ctx = self.system.context(view.dealer, view.vulnerability, _calls(view))
        explained = self.system.choose(info, ctx)
        if self.simulator is not None:
            simulated = self.simulator.decide(view, ctx, info, explained,
                                              scoring=self._scoring(view))
            if simulated is not None and simulated.call != explained.call:
                explained = self.system.meaning(ctx, simulated.call)
        if view.legal_calls and explained.call not in view.legal_calls:
            raise ValueError(f"the system chose {explained.call}, which is not legal now")
        return explained

    def _scoring(self, view: View) -> Scoring:
        """The form of scoring to bid for: the robot's own if fixed, else the table's."""
        if self._fixed_scoring is None and view.scoring is not None:
            try:
                return Scoring.parse(view.scoring)
            except BridgeError:  # an unknown form: IMPs, the safe default
                return Scoring.IMPS
        return self.scoring

    def choose_call(self, view: View) -> CallChoice:
        """A call with its explanation, alerted when the meaning is artificial."""
        start = time.perf_counter()
        explained = self.decide_call(view)
        self.log.call_seconds.append(time.perf_counter() - start)
        return CallChoice(explained.call, explanation=explain_text(explained, lang=self.lang),
                          alert=explained.shown.artificial)

    def constraints(self, view: View) -> dict[Seat, HandConstraint]:
        """What the auction says about every seat's hand, by this robot's system."""
        return self.system.constraints(view.dealer, view.vulnerability, _calls(view))

    # --- play ----------------------------------------------------------------------------

    def decide_card(self, view: View) -> CardDecision:
        """The card with the evidence behind it."""
        decision = self.player.choose(view, self.constraints(view))
        self.log.card_seconds.append(decision.seconds)
        if decision.report is not None:
            self.log.samples += decision.report.accepted
            self.log.contradictions += decision.report.contradictions
            self.log.relaxed += decision.report.level != "auction"
        return decision

    def choose_card(self, view: View) -> Card:
        """The card for ``view.turn`` (dummy's when the robot is declarer)."""
        return self.decide_card(view).card

    # --- claims --------------------------------------------------------------------------

    def propose_claim(self, view: View) -> int | None:
        """Tricks to claim now, only when they are certain in every layout (else ``None``)."""
        if view.seat is None or view.declarer is not view.seat or view.actor is not view.seat:
            return None
        return sure_claim(view)

    def answer_claim(self, view: View) -> bool:
        """Accept only a claim the claimer's side makes against any defence.

        The claimer's faced hand, dummy and our own leave at most one hand unseen, and that
        one holds exactly the cards nobody has seen: the position is solved exactly.
        """
        claim = view.claim
        contract = view.contract
        if claim is None or contract is None or view.turn is None:
            return False
        claimer = Seat.parse(str(claim["claimer"]))
        tricks = int(claim["tricks"])
        hidden = [seat for seat in Seat if seat not in view.hands]
        if len(hidden) > 1:
            return False
        hands: dict[Seat, frozenset[Card]] = {s: frozenset(c) for s, c in view.hands.items()}
        if hidden:
            seen = {c for cards in view.hands.values() for c in cards}
            seen |= {card for _, card in view.played}
            hands[hidden[0]] = frozenset(c for c in DECK if c not in seen)
        from redouble.analysis import Position, solve

        trick = view.current_trick
        if trick is not None and trick.cards and not trick.is_complete:
            leader, cards = trick.leader, trick.cards
        else:
            leader, cards = view.turn, ()
        try:
            position = Position(hands=hands, trump=contract.strain, leader=leader, trick=cards)
        except ValueError:
            return False
        values = solve(position)
        best = max(values.values())
        left = 13 - len(view.tricks)
        claimer_side = best if view.turn.side is claimer.side else left - best
        return bool(claimer_side >= tricks)


def explain_auction(view: View, *, lang: str = "en", system: System = MODERN) -> list[str]:
    """The system's explanation of every call so far, for any seat (the web table's tooltip)."""
    calls = _calls(view)
    return [system.explain(view.dealer, view.vulnerability, calls, i, lang=lang)
            for i in range(len(calls))]
