"""The table's score sheet: the server's one integration point with ``redouble.scoring``.

Every number comes from ``redouble.scoring`` (Law 77 duplicate scores, IMPs, matchpoints,
the rubber sheet, Chicago, mini-bridge); this module only arranges the results of a table's
boards into the ``Score`` and ``BoardResult`` shapes of docs/protocol.md.
"""

from __future__ import annotations

import importlib
from typing import Any

from redouble.calls import Contract
from redouble.deal import Deal
from redouble.scoring import duplicate_score, imps, score_traveller
from redouble.seats import Seat, Side, Vulnerability

__all__ = [
    "chicago_vulnerability",
    "cross_imps",
    "imps_between",
    "matchpoint_percent",
    "rubber_vulnerability",
    "rubbers",
    "rubbers_finished",
    "score_ns",
    "score_sheet",
]


def _scoring(name: str) -> Any:
    """A name from ``redouble.scoring`` (or one of its modules), ``None`` if not there yet."""
    package = importlib.import_module("redouble.scoring")
    if hasattr(package, name):
        return getattr(package, name)
    for module in ("rubber", "chicago", "minibridge"):
        try:
            found = importlib.import_module(f"redouble.scoring.{module}")
        except ImportError:
            continue
        if hasattr(found, name):
            return getattr(found, name)
    return None


def _ns(contract: Contract | None, points: int) -> int:
    if contract is None or contract.declarer is None:
        return points
    return points if contract.declarer.side is Side.NS else -points


def score_ns(form: str, contract: Contract | None, tricks: int | None,
             vulnerability: Vulnerability, *, minibridge: bool = False) -> int:
    """A board's score from North-South's side (Law 77; mini-bridge by its own table).

    >>> score_ns("duplicate", Contract.parse("4S", declarer=Seat.EAST), 10, Vulnerability.NONE)
    -420
    """
    if contract is None:
        return 0
    assert tricks is not None
    if minibridge and contract.declarer is not None:
        scorer = _scoring("minibridge_score")
        if scorer is not None:
            return _ns(contract, int(scorer(contract, tricks=tricks,
                                            vulnerable=vulnerability.is_vulnerable(contract.declarer))))
    points = duplicate_score(contract, tricks=tricks, vulnerable=vulnerability)
    return _ns(contract, points)


def imps_between(score: int, reference: int) -> int:
    """IMPs for NS scoring ``score`` where the reference (par, another table) is ``reference``."""
    return imps(score - reference)


def cross_imps(score: int, others: list[int]) -> float | None:
    """Cross-IMPs: the average of the IMPs against each other table's score."""
    if not others:
        return None
    return round(sum(imps(score - other) for other in others) / len(others), 2)


def matchpoint_percent(score: int, others: list[int]) -> float | None:
    """NS matchpoint percentage of ``score`` against the other tables' scores."""
    if not others:
        return None
    traveller = score_traveller([score, *others])
    return float(traveller.ns_percent[0])


def chicago_vulnerability(number: int) -> Vulnerability:
    """Chicago's four-deal cycle: none, dealer's side, dealer's side, both.

    >>> [chicago_vulnerability(n).value for n in (1, 2, 3, 4, 5)]
    ['None', 'EW', 'NS', 'All', 'None']
    """
    position = (number - 1) % 4
    if position == 0:
        return Vulnerability.NONE
    if position == 3:
        return Vulnerability.BOTH
    dealer = Seat((number - 1) % 4)
    return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW


def _contract(result: dict[str, Any]) -> Contract | None:
    if result["contract"] is None:
        return None
    return Contract.parse(result["contract"], declarer=Seat.parse(result["declarer"]))


def rubbers(results: list[dict[str, Any]], deals: dict[int, Deal] | None = None) -> list[Any]:
    """The rubbers the results make, in order (``redouble.scoring.Rubber``); [] if unavailable."""
    rubber_class = _scoring("Rubber")
    if rubber_class is None:
        return []
    played: list[Any] = [rubber_class()]
    for result in results:
        if played[-1].is_finished:
            played.append(rubber_class())
        contract = _contract(result)
        if contract is None:
            played[-1].record_passed_out()
        else:
            deal = None if deals is None else deals.get(result["board"])
            played[-1].record(contract, tricks=result["tricks"], deal=deal)
    return played


def rubbers_finished(results: list[dict[str, Any]]) -> int:
    """How many rubbers the results have completed."""
    return sum(1 for rubber in rubbers(results) if rubber.is_finished)


def rubber_vulnerability(results: list[dict[str, Any]]) -> Vulnerability:
    """The vulnerability of the next deal of a rubber: a side with a game is vulnerable."""
    played = rubbers(results)
    if not played or played[-1].is_finished:
        return Vulnerability.NONE
    ns, ew = (played[-1].vulnerable(side) for side in (Side.NS, Side.EW))
    if ns and ew:
        return Vulnerability.BOTH
    return Vulnerability.NS if ns else Vulnerability.EW if ew else Vulnerability.NONE


def score_sheet(form: str, scoring: str | None, results: list[dict[str, Any]],
                deals: dict[int, Deal] | None = None) -> dict[str, Any]:
    """The table's ``Score`` (docs/protocol.md) for its form."""
    if form == "rubber":
        played = rubbers(results, deals)
        total = {"NS": 0, "EW": 0}
        sheets = []
        for rubber in played:
            data = rubber.to_json()
            sheets.append(data)
            for side in ("NS", "EW"):
                total[side] += int(data["totals"][side])
        return {"type": "rubber", "rubbers": sheets, "total": total}
    if form in ("chicago", "minibridge"):
        boards = [{"board": r["board"], "vulnerability": r["vulnerability"], "score_ns": r["score_ns"]}
                  for r in results]
        ns = sum(max(b["score_ns"], 0) for b in boards)
        ew = sum(max(-b["score_ns"], 0) for b in boards)
        return {"type": form, "boards": boards, "total": {"NS": ns, "EW": ew}}
    if scoring == "matchpoints":
        scored = [r["matchpoints_ns"] for r in results if r["matchpoints_ns"] is not None]
        ns_pct = round(sum(scored) / len(scored), 2) if scored else 50.0
        return {"type": "duplicate", "scoring": scoring, "unit": "%",
                "total": {"NS": ns_pct, "EW": round(100 - ns_pct, 2)}}
    total_imps = sum(r["imps_ns"] for r in results if r["imps_ns"] is not None)
    return {"type": "duplicate", "scoring": scoring, "unit": "IMPs",
            "total": {"NS": total_imps, "EW": -total_imps}}
