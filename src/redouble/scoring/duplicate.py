"""Duplicate scoring (Law 77): one small function per clause, and a breakdown of each score.

>>> duplicate_score(Contract.parse("4H"), tricks=10, vulnerable=False)
420
>>> duplicate_score("4HX", tricks=8, vulnerable=True)
-500
>>> score_breakdown("6SX", tricks=13, vulnerable=False).lines()
[('trick score', 360), ('overtricks', 100), ('game bonus', 300), ('slam bonus', 500), ('insult', 50)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redouble.calls import Contract, Risk
from redouble.cards import Strain
from redouble.scoring.errors import ScoringError
from redouble.seats import Side, Vulnerability

__all__ = [
    "ScoreBreakdown",
    "as_contract",
    "check_tricks",
    "declarer_vulnerable",
    "duplicate_score",
    "game_bonus",
    "insult_bonus",
    "is_game",
    "ns_score",
    "overtrick_points",
    "score_breakdown",
    "slam_bonus",
    "trick_score",
    "trick_value",
    "undertrick_penalty",
    "undertrick_value",
]

GAME = 100
"""Trick points that make a game (Law 77: 100 or more)."""


def as_contract(contract: Contract | str) -> Contract:
    """A ``Contract``, parsing text like ``"4HX"`` (``NotationError`` for ``"8S"`` or ``"4Z"``)."""
    if isinstance(contract, Contract):
        return contract
    if isinstance(contract, str):
        return Contract.parse(contract)
    raise ScoringError(f"{contract!r} is not a contract: expected a Contract or text like '4HX'")


def check_tricks(tricks: int) -> int:
    """The tricks declarer took, checked to be a whole number from 0 to 13."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(f"declarer takes 0 to 13 tricks, not {tricks!r}")
    return tricks


def declarer_vulnerable(contract: Contract, vulnerable: bool | Vulnerability) -> bool:
    """Whether declarer's side is vulnerable: a bool as given, or read from a board's vulnerability."""
    if isinstance(vulnerable, Vulnerability):
        if contract.declarer is None:
            raise ScoringError(
                f"{contract} has no declarer, so the board's vulnerability {vulnerable} "
                "does not say whether declarer is vulnerable; give vulnerable=True/False")
        return vulnerable.is_vulnerable(contract.declarer)
    if not isinstance(vulnerable, bool):
        raise ScoringError(f"vulnerable must be True, False or a Vulnerability, not {vulnerable!r}")
    return vulnerable


def trick_value(strain: Strain, nth: int) -> int:
    """Undoubled value of the ``nth`` trick over book (Law 77): ♣♦ 20, ♥♠ 30, NT 40 then 30."""
    if strain is Strain.NOTRUMP:
        return 40 if nth == 1 else 30
    return 30 if strain.is_major else 20


def trick_score(contract: Contract) -> int:
    """Trick score of the bid tricks (Law 77), doubled or redoubled by ``Risk.multiplier``."""
    base = sum(trick_value(contract.strain, nth) for nth in range(1, contract.level + 1))
    return base * contract.risk.multiplier


def is_game(contract: Contract) -> bool:
    """Whether the contract alone scores 100 or more trick points: a game contract (Law 77)."""
    return trick_score(contract) >= GAME


def overtrick_points(contract: Contract, overtricks: int, *, vulnerable: bool) -> int:
    """Overtricks (Law 77): trick value undoubled; 100 nv / 200 vul each doubled, twice that redoubled."""
    if contract.risk is Risk.UNDOUBLED:
        return overtricks * trick_value(contract.strain, 2)
    per_trick = 200 if vulnerable else 100
    return overtricks * per_trick * (contract.risk.multiplier // 2)


def game_bonus(points: int, *, vulnerable: bool) -> int:
    """Duplicate game or partscore premium (Law 77): 300 nv / 500 vul for a game, else 50."""
    if points >= GAME:
        return 500 if vulnerable else 300
    return 50


def slam_bonus(level: int, *, vulnerable: bool) -> int:
    """Slam premium for a slam bid and made (Law 77): small 500/750, grand 1000/1500."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult_bonus(risk: Risk) -> int:
    """Premium for making a doubled (50) or redoubled (100) contract, 'for the insult' (Law 77)."""
    return 50 * (risk.multiplier // 2)


def undertrick_value(nth: int, risk: Risk, *, vulnerable: bool) -> int:
    """Penalty for the ``nth`` undertrick (Law 77).

    Undoubled 50 nv / 100 vul each; doubled nv 100, 200, 200, then 300; doubled vul 200,
    then 300; redoubled twice doubled.
    """
    if risk is Risk.UNDOUBLED:
        return 100 if vulnerable else 50
    first, second_third, later = (200, 300, 300) if vulnerable else (100, 200, 300)
    doubled = first if nth == 1 else second_third if nth <= 3 else later
    return doubled * (risk.multiplier // 2)


def undertrick_penalty(undertricks: int, risk: Risk, *, vulnerable: bool) -> int:
    """Total penalty for ``undertricks`` tricks down (Law 77), scored by the defenders."""
    return sum(undertrick_value(nth, risk, vulnerable=vulnerable) for nth in range(1, undertricks + 1))


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of one duplicate score, each as Law 77 names it; ``total`` is for the declaring side.

    ``undertricks`` is the defenders' penalty (positive); the other parts are declarer's.
    """

    contract: Contract
    tricks: int
    vulnerable: bool
    trick_score: int = 0
    overtricks: int = 0
    game_bonus: int = 0
    slam_bonus: int = 0
    insult: int = 0
    undertricks: int = 0

    @property
    def made(self) -> bool:
        """Whether declarer took the tricks the contract needs."""
        return self.tricks >= self.contract.tricks_needed

    @property
    def result(self) -> int:
        """Tricks over (+) or under (-) the contract; 0 when just made."""
        return self.tricks - self.contract.tricks_needed

    @property
    def result_text(self) -> str:
        """``=``, ``+2`` or ``-1`` as on a traveller."""
        return "=" if self.result == 0 else f"{self.result:+d}"

    @property
    def total(self) -> int:
        """The score for the declaring side: positive when made, negative when down."""
        if not self.made:
            return -self.undertricks
        return self.trick_score + self.overtricks + self.game_bonus + self.slam_bonus + self.insult

    def lines(self) -> list[tuple[str, int]]:
        """The non-zero parts as (label, points) rows, for a table display or a PBN note."""
        if not self.made:
            return [(f"{-self.result} undertrick{'s' if self.result < -1 else ''}", -self.undertricks)]
        label = "game bonus" if self.trick_score >= GAME else "partscore bonus"
        rows = [("trick score", self.trick_score), ("overtricks", self.overtricks),
                (label, self.game_bonus), ("slam bonus", self.slam_bonus), ("insult", self.insult)]
        return [(name, points) for name, points in rows if points]

    def to_json(self) -> dict[str, Any]:
        """A plain dict for the web table and storage."""
        return {"contract": str(self.contract),
                "declarer": None if self.contract.declarer is None else str(self.contract.declarer),
                "tricks": self.tricks, "vulnerable": self.vulnerable, "result": self.result_text,
                "trick_score": self.trick_score, "overtricks": self.overtricks,
                "game_bonus": self.game_bonus, "slam_bonus": self.slam_bonus, "insult": self.insult,
                "undertricks": self.undertricks, "total": self.total}


def score_breakdown(contract: Contract | str, *, tricks: int,
                    vulnerable: bool | Vulnerability) -> ScoreBreakdown:
    """The Law 77 parts of a result: trick score, overtricks, bonuses, insult or undertricks."""
    played = as_contract(contract)
    taken = check_tricks(tricks)
    vul = declarer_vulnerable(played, vulnerable)
    over = taken - played.tricks_needed
    if over < 0:
        return ScoreBreakdown(played, taken, vul,
                              undertricks=undertrick_penalty(-over, played.risk, vulnerable=vul))
    points = trick_score(played)
    return ScoreBreakdown(
        played, taken, vul, trick_score=points,
        overtricks=overtrick_points(played, over, vulnerable=vul),
        game_bonus=game_bonus(points, vulnerable=vul),
        slam_bonus=slam_bonus(played.level, vulnerable=vul),
        insult=insult_bonus(played.risk))


def duplicate_score(contract: Contract | str | None, *, tricks: int | None = None,
                    vulnerable: bool | Vulnerability = False) -> int:
    """The duplicate score for the declaring side (Law 77); negative when down, 0 when passed out.

    >>> duplicate_score("2S", tricks=10, vulnerable=False)
    170
    >>> duplicate_score(None)
    0
    """
    if contract is None:
        if tricks not in (None, 0):
            raise ScoringError(f"a passed-out board has no tricks to score, not {tricks!r}")
        return 0
    if tricks is None:
        raise ScoringError(f"the score of {contract} needs the tricks declarer took")
    return score_breakdown(contract, tricks=tricks, vulnerable=vulnerable).total


def ns_score(contract: Contract | None, *, tricks: int | None = None,
             vulnerability: Vulnerability = Vulnerability.NONE) -> int:
    """A board's score from North-South's side, as travellers and PBN's Score tag give it.

    >>> from redouble.seats import Seat
    >>> ns_score(Contract.parse("5DX", declarer=Seat.WEST), tricks=8, vulnerability=Vulnerability.NS)
    500
    """
    if contract is None:
        return duplicate_score(None, tricks=tricks)
    if contract.declarer is None:
        raise ScoringError(f"{contract} needs a declarer to be scored for North-South")
    score = duplicate_score(contract, tricks=tricks, vulnerable=vulnerability)
    return score if contract.declarer.side is Side.NS else -score
